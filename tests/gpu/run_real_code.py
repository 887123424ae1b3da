#!/usr/bin/env python3
"""Runs tests/gpu/real_code.pyk through numba-cuda and through each pykc
PTX given, on the same random inputs, and compares the outputs bit for bit
with each other and with values computed here in NumPy (the same float64
operations in the same order: no rounding may differ).

Usage: run_real_code.py PTX...   (run_all.sh passes O3 and O0 builds)
Prints one PASS/FAIL line per kernel and PTX, and "N passed, M failed";
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "real_code.pyk")
GRID, BLOCK = 8, 128   # BLOCK is real_code.pyk's TPB; retried needs full blocks
N = GRID * BLOCK


def inputs(rng):
    a = rng.standard_normal(N) * 100
    return {
        "retried": ([a], [np.zeros(N, np.float64)]),
        "unrolled": ([a], [np.zeros((N, 6), np.float64)]),
    }


def references(name, ins, got):
    a, bad = ins[0], []
    if name == "retried":
        nxt = a.reshape(GRID, BLOCK)[:, list(range(1, BLOCK)) + [0]].reshape(N)
        want = nxt + a + (a + 1.0) + a * 2.0
        if not np.array_equal(got[0], want):
            bad.append("retried: out differs from the neighbour's a + a + (a + 1) + 2a")
    if name == "unrolled":
        want = np.stack([np.full(N, 6.0), a * 2, np.full(N, 1.0), a + 1, a + 2, a + 3], axis=1)
        if not np.array_equal(got[0], want):
            bad.append("unrolled: out[i] differs from 6, 2a, 1, a+1, a+2, a+3")
    return bad


def main():
    cases = inputs(np.random.default_rng(10))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
