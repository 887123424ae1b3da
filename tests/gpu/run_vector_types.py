#!/usr/bin/env python3
"""Runs tests/gpu/vector_types.pyk through numba-cuda and through each pykc
PTX given, on the same random inputs, and compares the outputs bit for bit;
every output is also checked against the values NumPy computes on the host
(reference below: each member converted as Numba's constructors convert,
float32 sums rounded as float32).

Usage: run_vector_types.py PTX...   (run_all.sh passes O3 and O0 builds)
Prints one PASS/FAIL line per kernel and PTX, and "N passed, M failed";
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "vector_types.pyk")
N, BLOCK = 1000, 128
GRID = (N + BLOCK - 1) // BLOCK


def inputs(rng):
    f = rng.uniform(-100.0, 100.0, N).astype(np.float32)
    f[:4] = [0.0, -0.5, 2.75, -99.25]
    k = rng.integers(-1000, 1000, N, dtype=np.int32)
    k[:4] = [0, -1, 255, 256]
    return {
        "construct": ([f, k], [np.zeros((N, 13), np.float64)]),
        "loops": ([f], [np.zeros((N, 4), np.float64)]),
    }


def expected(name, ins):
    """The outputs as NumPy computes them."""
    f32 = np.float32
    a = ins[0]
    if name == "construct":
        b = ins[1]
        bf = b.astype(f32)
        cols = [
            a, bf, a * f32(2), bf, a * f32(2), bf,
            np.trunc(a).astype(np.int32), np.full(N, 7),
            (b & 0xFF).astype(np.uint8), np.full(N, 300 & 0xFF),
            a.astype(np.float64) + b.astype(np.float64), -b.astype(np.int64),
            (a + bf) + a * f32(2),
        ]
    else:
        one, two = f32(1), f32(2)
        cols = [a - one, one - a, (two + a) + one, (a + one) + a]
    return np.stack([np.asarray(c).astype(np.float64) for c in cols], axis=1)


def references(name, ins, got):
    """Mismatches with NumPy's values."""
    want = expected(name, ins)
    return pyk_gpu.output_differences("numpy", got, [want])


def main():
    cases = inputs(np.random.default_rng(2025))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
