#!/usr/bin/env python3
"""Runs tests/gpu/range_narrow.pyk as compiled by pykc (32-bit counters for
int64 ranges with 32-bit bounds) and through numba-cuda on the same inputs;
every output must agree bit for bit. Bounds include int32's limits.

Usage: run_range_narrow.py PTX [PTX ...]   (pykc builds of range_narrow.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "range_narrow.pyk")
BLOCK = 64
N = 300                      # threads; not a multiple of the block
GRID = (N + BLOCK - 1) // BLOCK
I32_MIN, I32_MAX = -2**31, 2**31 - 1


def inputs(rng):
    lo = rng.integers(I32_MIN, I32_MAX, N, dtype=np.int64)
    hi = lo + rng.integers(-300, 3000, N)
    lo[:6] = [I32_MAX - 10, I32_MIN, I32_MAX - 2000, I32_MIN + 7, 0, I32_MAX]
    hi[:6] = [I32_MAX, I32_MIN + 100, I32_MAX, I32_MIN, 0, I32_MAX]
    hi = np.clip(hi, I32_MIN, I32_MAX)
    top = I32_MAX - rng.integers(0, 5000, N)
    bottom = I32_MIN + rng.integers(0, 50000, N)
    top[:3] = [I32_MAX, I32_MAX - 97, I32_MAX - 98]
    bottom[:3] = [I32_MIN, I32_MIN + 1000, I32_MIN + 7]
    b = np.empty(4 * N, np.int32)
    b[0::4], b[1::4], b[2::4], b[3::4] = lo, hi, top, bottom
    c = rng.integers(-20, 700, N).astype(np.int16)
    c[:3] = [0, 646, 699]
    return {"narrow_loops": ([b, c], [np.zeros(8 * N, np.int64)])}


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(31))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, lambda name, ins, got: [], GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
