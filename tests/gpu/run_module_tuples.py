#!/usr/bin/env python3
"""Runs tests/gpu/module_tuples.pyk through numba-cuda and through each
pykc PTX given, on the same random inputs, and compares the outputs bit for
bit (with a few Python reference values as well).

Usage: run_module_tuples.py PTX...   (run_all.sh passes O3 and O0 builds)
Prints one PASS/FAIL line per kernel and PTX, and "N passed, M failed";
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "module_tuples.pyk")
N, BLOCK = 1000, 128
GRID = (N + BLOCK - 1) // BLOCK


def inputs(rng):
    x32 = rng.standard_normal(N).astype(np.float32)
    x64 = rng.standard_normal(N) * 100
    xi = rng.integers(-10**6, 10**6, N, dtype=np.int64)
    w = rng.standard_normal(N).astype(np.float32)
    # outputs: only their shapes and dtypes matter (they are poisoned)
    return {
        "stencil": ([x32], [np.zeros(N, np.float32)]),
        "unpack": ([x64], [np.zeros(3 * N, np.float64)]),
        "mixed": ([xi, w], [np.zeros(4 * N, np.int64)]),
    }


def references(name, ins, got):
    """Mismatches with values Python computes without either compiler."""
    bad = []
    if name == "unpack":
        want = 1 + 2 + 32 + 2 + 2
        if not np.all(got[0][1::3] == want):
            bad.append("unpack: out[3i+1] should be %d" % want)
    if name == "mixed":
        if not np.all(got[0][1::4] == 64 + 2 * 128):
            bad.append("mixed: out[4i+1] should be %d" % (64 + 2 * 128))
        if not np.all(got[0][3::4] == 2 + 2):
            bad.append("mixed: out[4i+3] should be 4")
        want0 = ins[0] * 7 + ins[0] // -2
        if not np.array_equal(got[0][0::4], want0):
            bad.append("mixed: out[4i] differs from x*7 + x//-2")
    return bad


def main():
    cases = inputs(np.random.default_rng(77))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
