#!/usr/bin/env python3
"""The fuzzers' process-level invariants, checked by running the pykc binary.

Usage: check_invariants.py --pykc PYKC [--ptxas PTXAS] [--gen PYKC_KERNEL_GEN]
           [--generated N] [--mutants N] [--limit N] [--seed S] FILE_OR_DIR...

Compiles each input (the .pyk files given, or found under the directories
given), N mutants of them (a line deleted, duplicated or swapped, the text
cut short, a dictionary token put in) and N kernels of the generator, and
checks for each (docs/testing.md):

  status     the exit status is 0 or 1: never a signal, a sanitizer's exit
             code or anything else;
  no-output  exit 1 leaves no output file; exit 0 writes one;
  message    exit 1 prints an error ("error:"), exit 0 prints none;
  locations  every "FILE:LINE:COL:" a diagnostic names is in the file;
  determinism two compiles give byte-identical output and diagnostics;
  levels     -O0 and -O3 both succeed or both fail, with the same first
             error line;
  ptxas      (with --ptxas) the PTX of exit 0 assembles for sm_80;
  generated  (with --gen) a generated kernel compiles (exit 0).

Prints one line per broken invariant and a summary; exits 1 if any broke.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

TOKENS = ["def", "if", "else:", "for", "in", "range(", "return", "(", ")", "[", "]", ":", ",",
          "=", "+", "//", "**", "cuda.grid(1)", "float32", "int64[:]", "\n    ", "\t", "'", '"""',
          "0x", "1e999", "@cuda.jit", "lambda", "not", "None", "\\", "{", "}", "f'{"]


def inputs(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".pyk"):
                        yield os.path.join(folder, name)
        else:
            yield path


def mutate(text, rng):
    """One small change to a kernel's text, such as a fuzzer makes."""
    lines = text.split("\n")
    kind = rng.randrange(5)
    i = rng.randrange(len(lines))
    if kind == 0 and len(lines) > 1:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        return text[:rng.randrange(len(text) + 1)]
    else:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(TOKENS) + lines[i][at:]
    return "\n".join(lines)


class Checker:
    def __init__(self, pykc, ptxas, work):
        self.pykc, self.ptxas, self.work = pykc, ptxas, work
        self.broken = []
        self.count = 0

    def fail(self, name, invariant, detail):
        self.broken.append((name, invariant))
        print("BROKEN %s: %s: %s" % (invariant, name, detail.strip()[:400]))

    def compile(self, source, level, emit="ptx", tag="a"):
        out = os.path.join(self.work, "out-%s-%s.%s" % (level, tag, emit))
        if os.path.exists(out):
            os.unlink(out)
        args = [self.pykc, "compile", source, "-o", out, level]
        if emit == "llvm":
            args.append("--emit=llvm")
        run = subprocess.run(args, capture_output=True, timeout=120)
        data = None
        if os.path.exists(out):
            with open(out, "rb") as f:
                data = f.read()
        return run.returncode, run.stderr.decode("utf-8", "replace"), data, out

    def check(self, name, text, must_compile=False):
        self.count += 1
        source = os.path.join(self.work, "input.pyk")
        with open(source, "wb") as f:
            f.write(text)
        line_count = text.count(b"\n") + 1
        status, err, out, out_path = self.compile(source, "-O3")
        if status not in (0, 1):
            self.fail(name, "status", "exit status %d\n%s" % (status, err))
            return
        if status == 1 and out is not None:
            self.fail(name, "no-output", "exit 1 left an output file")
        if status == 0 and out is None:
            self.fail(name, "no-output", "exit 0 wrote no output file")
        has_error = re.search(r"(^|: )error: ", err, re.M) is not None
        if (status == 1) != has_error:
            self.fail(name, "message", "exit %d with stderr:\n%s" % (status, err))
        for m in re.finditer(r"^input\.pyk:(\d+):(\d+): ", err.replace(source, "input.pyk"), re.M):
            if int(m.group(1)) > line_count or int(m.group(2)) < 1:
                self.fail(name, "locations", "%s outside a file of %d lines" % (m.group(0), line_count))
                break
        if must_compile and status != 0:
            self.fail(name, "generated", "a generated kernel does not compile:\n%s" % err)
        again = self.compile(source, "-O3", tag="b")
        if (again[0], again[1], again[2]) != (status, err, out):
            self.fail(name, "determinism", "two compiles differ")
        o0 = self.compile(source, "-O0")
        first = lambda e: next((l for l in e.splitlines() if "error: " in l), "")
        if (o0[0] == 0) != (status == 0) or first(o0[1]) != first(err):
            self.fail(name, "levels", "-O3 exit %d %r, -O0 exit %d %r" %
                      (status, first(err), o0[0], first(o0[1])))
        if status == 0 and self.ptxas and out is not None:
            run = subprocess.run([self.ptxas, "-arch=sm_80", out_path, "-o", os.devnull],
                                 capture_output=True, timeout=120)
            if run.returncode != 0:
                self.fail(name, "ptxas", run.stderr.decode("utf-8", "replace"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pykc", required=True)
    parser.add_argument("--ptxas", help="ptxas; a path that does not exist skips the check")
    parser.add_argument("--gen", help="pykc-kernel-gen, for --generated")
    parser.add_argument("--generated", type=int, default=0)
    parser.add_argument("--mutants", type=int, default=0, help="mutants per input")
    parser.add_argument("--limit", type=int, default=0, help="at most this many inputs, spread evenly")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = list(inputs(args.paths))
    if args.limit and len(files) > args.limit:
        files = files[::(len(files) + args.limit - 1) // args.limit]
    work = tempfile.mkdtemp(prefix="pykc-invariants-")
    try:
        ptxas = args.ptxas if args.ptxas and os.path.exists(args.ptxas) else None
        checker = Checker(args.pykc, ptxas, work)
        for path in files:
            with open(path, "rb") as f:
                text = f.read()
            checker.check(path, text)
            for k in range(args.mutants):
                mutant = mutate(text.decode("utf-8", "replace"), rng).encode()
                checker.check("%s (mutant %d)" % (path, k), mutant)
        if args.generated:
            gen_dir = os.path.join(work, "gen")
            os.mkdir(gen_dir)
            subprocess.run([args.gen, str(args.seed), str(args.generated), gen_dir], check=True)
            for name in sorted(os.listdir(gen_dir)):
                with open(os.path.join(gen_dir, name), "rb") as f:
                    checker.check(name, f.read(), must_compile=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d inputs, %d broken invariants" % (checker.count, len(checker.broken)))
    return 1 if checker.broken else 0


if __name__ == "__main__":
    sys.exit(main())
