#!/usr/bin/env python3
"""Assembles a PTX file with ptxas for every architecture the tests cover.

Usage: ptxas_check.py PTXAS FILE.ptx [--arch sm_XX ...]
Exits non-zero, with ptxas's own message, if ptxas rejects the file for any
of them. Without --arch: sm_80 and sm_90."""
import subprocess
import sys
import tempfile


def main():
    ptxas, path, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    arches = [rest[i + 1] for i, a in enumerate(rest) if a == "--arch"] or ["sm_80", "sm_90"]
    for arch in arches:
        with tempfile.NamedTemporaryFile(suffix=".cubin") as cubin:
            run = subprocess.run([ptxas, "-arch=" + arch, path, "-o", cubin.name],
                                 capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write("ptxas -arch=%s rejected %s:\n%s" % (arch, path, run.stderr))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
