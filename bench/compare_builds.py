#!/usr/bin/env python3
"""Compares two or more pykc binaries on the same kernels, interleaved like
bench/compile_time.py: the way to tell whether a change to pykc, or to how
it is linked, made compiles faster. The first binary is the baseline.

usage: compare_builds.py [--kernels vecadd,matmul] [--reps 40] PYKC PYKC...

Prints per kernel and binary the median CPU time and wall clock of a whole
`pykc compile` (ms, with the p10-p90 range) and the ratio to the baseline.
Stdlib only."""
import argparse
import os
import sys
import tempfile

from timing import BenchError, Command, cell, measure, print_table, summarise

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("pykc", nargs="+", help="pykc binaries; the first is the baseline")
    p.add_argument("--kernels", default="vecadd,matmul")
    p.add_argument("--reps", type=int, default=40)
    p.add_argument("--warmup", type=int, default=2)
    args = p.parse_args()
    if len(args.pykc) < 2:
        p.error("give at least two binaries")
    kernels = [k.strip() for k in args.kernels.split(",") if k.strip()]

    with tempfile.TemporaryDirectory(prefix="pykc-compare-") as tmp:
        cmds = []
        for kernel in kernels:
            pyk = os.path.join(ROOT, "examples", kernel + ".pyk")
            for i, binary in enumerate(args.pykc):
                out = os.path.join(tmp, "%s.%d.ptx" % (kernel, i))
                cmds.append(Command(kernel, binary, [binary, "compile", pyk, "-o", out],
                                    args.reps, out))
        try:
            measure(cmds, args.warmup)
        except BenchError as e:
            print("aborted: %s" % e, file=sys.stderr)
            return 1

    base = {}
    rows = []
    for c in cmds:
        cpu, wall = summarise(c.cpu), summarise(c.wall)
        base.setdefault(c.row, (cpu["median"], wall["median"]))
        rows.append([c.row, c.tool, cell(cpu), "%.2f" % (cpu["median"] / base[c.row][0]),
                     cell(wall), "%.2f" % (wall["median"] / base[c.row][1])])
    print("%d reps of each after %d warm-up run(s), interleaved; ms\n" % (args.reps, args.warmup))
    print_table(["kernel", "binary", "cpu (p10-p90)", "vs first", "wall (p10-p90)", "vs first"],
                rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
