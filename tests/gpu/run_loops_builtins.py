#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/loops_builtins.pyk (loops over arrays,
tuples, enumerate and zip; round, pow, divmod), as compiled by pykc, and the
same kernels compiled by numba-cuda from that source, on the same inputs;
every output must agree bit for bit (a NaN matches any NaN). The integer
results are also checked
against Python's own values (Numba's divmod by zero gives (0, 0)).

Usage: run_loops_builtins.py PTX [PTX ...]   (pykc builds of loops_builtins.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "loops_builtins.pyk")
GRID, BLOCK = 2, 64
N = GRID * BLOCK


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    x = np.array([0.5, -1.25, 3.0, 2.5, -0.75], dtype=np.float32)
    s = (rng.standard_normal(N) * 2).astype(np.float32)
    y = np.array([0.25, 1.0, -2.5])
    a = rng.integers(-10**6, 10**6, N)
    a[:4] = [0, 1, -1, 2**40]
    b = rng.integers(-50, 50, N)
    b[:6] = [0, 0, 3, -3, 7, -7]
    d = np.round(rng.standard_normal(N) * 8) / 2          # many exact halves
    d[:6] = [0.5, 1.5, 2.5, -0.5, -2.5, 1e15 + 0.5]
    f = d.astype(np.float32)
    xf = rng.standard_normal(N) * 50
    yf = rng.standard_normal(N) * 7
    yf[:3] = [0.0, 4.0, -2.0]   # infinite divisors: run_semantics.py (Numba gives NaN there)
    z = np.zeros
    return {
        "array_loops": ([x, s], [z(N, np.float32), z(N, np.int64)]),
        "enumerate_zip": ([x, s, y], [z(N, np.int64), z(2 * N, np.int64)]),
        "tuple_loops": ([a], [z(N, np.int64)]),
        "rounding": ([d, f], [z(2 * N, np.int64)]),
        "divmods": ([a, b, xf, yf], [z(2 * N, np.int64), z(2 * N, np.float64)]),
        "powers": ([a % 2000 - 1000, xf], [z(N, np.int64), z(2 * N, np.float64)]),
    }


def py_divmod(p, q):
    """Numba's integer divmod: Python's, and (0, 0) for a zero divisor."""
    return (0, 0) if q == 0 else divmod(p, q)


def references(name, ins, got):
    """Mismatches of pykc's outputs with Python's own values."""
    bad = []
    if name == "array_loops":
        x, s = ins
        for k in range(N):
            n = next((i for i, v in enumerate(x) if v > s[k]), None)
            want = 100 + len(x) if n is None else n
            if int(got[1][k]) != want:
                bad.append("counts[%d]: want %d got %d" % (k, want, got[1][k]))
    if name == "tuple_loops":
        for k, v in enumerate(ins[0]):
            if int(got[0][k]) != 3 * int(v) + 7:
                bad.append("tuple_loops[%d]: want %d got %d" % (k, 3 * int(v) + 7, got[0][k]))
    if name == "rounding":
        for k in range(N):
            want = (round(float(ins[0][k])), round(float(ins[1][k])))
            if (int(got[0][2 * k]), int(got[0][2 * k + 1])) != want:
                bad.append("round[%d]: want %s got %s" % (k, want, got[0][2 * k:2 * k + 2]))
    if name == "divmods":
        for k in range(N):
            want = py_divmod(int(ins[0][k]), int(ins[1][k]))
            if (int(got[0][2 * k]), int(got[0][2 * k + 1])) != want:
                bad.append("divmod[%d]: want %s got %s" % (k, want, got[0][2 * k:2 * k + 2]))
    if name == "powers":
        for k, v in enumerate(ins[0]):
            if int(got[0][k]) != int(v) ** 3:
                bad.append("pow[%d]: want %d got %d" % (k, int(v) ** 3, got[0][k]))
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(1234))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK, nan_equal=True)


if __name__ == "__main__":
    sys.exit(main())
