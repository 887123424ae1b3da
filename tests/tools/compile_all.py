#!/usr/bin/env python3
"""Compiles every kernel file of the given test folders that sema accepts
(file names not starting with "error_", and no RUN line expecting pykc to fail) to PTX at -O0 and -O3, and assembles
each with ptxas for sm_80 and sm_90. A kernel that sema accepts but codegen,
the LLVM verifier or ptxas rejects is a bug in the contract between them.

Usage: compile_all.py PYKC PTXAS OUTDIR DIR...
--sig options written on a file's RUN line are passed along. Prints one line
per failure and "N compiled, M failed" last; exits 1 on any failure."""
import os
import re
import shlex
import subprocess
import sys


def expects_failure(path):
    return any(line.startswith("# RUN:") and "not %pykc" in line
               for line in open(path, encoding="utf-8", errors="replace"))


def sig_options(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.startswith("# RUN:") and "--sig" in line:
            words = shlex.split(line[len("# RUN:"):].replace("%s", "").split("|")[0])
            return [w for i, w in enumerate(words) if w == "--sig" or (i and words[i - 1] == "--sig")]
    return []


def main():
    pykc, ptxas, outdir, folders = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    os.makedirs(outdir, exist_ok=True)
    checker = os.path.join(os.path.dirname(__file__), "ptxas_check.py")
    done = failed = 0
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not name.endswith(".pyk") or name.startswith("error_") or expects_failure(path):
                continue
            for opt in ("-O0", "-O3"):
                ptx = os.path.join(outdir, "%s%s.ptx" % (name, opt))
                run = subprocess.run([pykc, "compile", path, opt, "-o", ptx] + sig_options(path),
                                     capture_output=True, text=True)
                if run.returncode == 0:
                    run = subprocess.run([sys.executable, checker, ptxas, ptx], capture_output=True, text=True)
                done += 1
                if run.returncode != 0:
                    failed += 1
                    print("FAIL %s %s\n%s" % (path, opt, run.stderr.strip()))
    print("%d compiled, %d failed" % (done - failed, failed))
    return 1 if failed or done == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
