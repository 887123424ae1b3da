#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/stride_loops.pyk (grid- and block-stride
loops that pykc unrolls by 4 with a remainder), as compiled by pykc, and the
same kernels compiled by numba-cuda, on the same inputs; every output must
agree bit for bit. The lengths leave each thread a different remainder.

Usage: run_stride_loops.py PTX [PTX ...]   (pykc builds of stride_loops.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "stride_loops.pyk")
GRID, BLOCK = 4, 128
N = GRID * BLOCK * 37 + 301     # 37 or 38 iterations a thread: every remainder


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    x64 = rng.standard_normal(N)
    x32 = rng.standard_normal(N).astype(np.float32)
    x32[N - 5] = 50.0             # the maximum in a remainder iteration
    z = np.zeros
    return {
        "sum_squares": ([x64], [z(GRID * BLOCK)]),
        "max_f32": ([x32], [z(GRID, np.float32)]),
        "block_stride_sum": ([x32, np.array([N - 7], np.int64)], [z(GRID * BLOCK, np.float32)]),
    }


def references(name, ins, got):
    """Mismatches of pykc's outputs with NumPy's own values."""
    bad = []
    if name == "max_f32" and float(got[0].max()) != float(ins[0].max()):
        bad.append("max: want %r got %r" % (float(ins[0].max()), float(got[0].max())))
    if name == "sum_squares":
        want = float(np.sum(ins[0] * ins[0]))
        total = float(got[0].sum())
        if abs(total - want) > 1e-9 * abs(want):
            bad.append("sum of squares: want %r got %r" % (want, total))
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(1212))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
