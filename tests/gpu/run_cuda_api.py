#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/cuda_api.pyk (cuda.libdevice.*, cache-hinted
loads and stores, the operator module, nanosleep, int.bit_count), as
compiled by pykc, and the same kernels compiled by numba-cuda from that
source, on the same inputs; every output must agree bit for bit (a NaN
matches any NaN: both call the same libdevice code, but NaN payloads are
not what is being tested). A few outputs are also checked against Python
(the hinted loads and stores move values unchanged; bit_count).

Usage: run_cuda_api.py PTX [PTX ...]   (pykc builds of cuda_api.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "cuda_api.pyk")
GRID, BLOCK = 2, 64
N = 121      # not a multiple of the block: the last threads return early


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    i32 = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    i32[:6] = [0, 1, -1, 2**31 - 1, -2**31, 256]
    nonzero = rng.integers(1, 2**31, N, dtype=np.int64).astype(np.int32) * rng.choice([-1, 1], N).astype(np.int32)
    i64 = rng.integers(-2**63, 2**63 - 1, N, dtype=np.int64)
    i64[:3] = [0, -1, -2**63]
    f32 = (rng.standard_normal(N) * 10).astype(np.float32)
    pos32 = rng.uniform(0.1, 10.0, N).astype(np.float32)
    f64 = rng.standard_normal(N) * 1e3
    pos64 = rng.uniform(0.1, 1e3, N)
    small = rng.uniform(0.0, 100.0, N)          # in range of int8 and uint16 once truncated
    u8 = rng.integers(0, 256, N, dtype=np.int64).astype(np.uint8)
    u16 = rng.integers(0, 2**16, N, dtype=np.int64).astype(np.uint16)
    i8 = rng.integers(-128, 128, N, dtype=np.int64).astype(np.int8)
    mat = rng.standard_normal((N, 3))
    ns = rng.integers(0, 1000, N, dtype=np.int64).astype(np.uint32)
    z = np.zeros
    return {
        "libdevice_float32": ([f32, pos32], [z(10 * N, np.float32)]),
        "libdevice_float64": ([f64, pos64], [z(8 * N, np.float64), z(2 * N, np.int32)]),
        "libdevice_int": ([i32, nonzero, i64], [z(12 * N, np.int32), z(3 * N, np.int64)]),
        "libdevice_outs": ([f32, f64 / 100], [z(6 * N, np.float32), z(4 * N, np.float64), z(3 * N, np.int32)]),
        "libdevice_half": ([f32], [z(N, np.int16), z(N, np.float32)]),
        "hinted_loads": ([i8, u16, i32, f32, mat], [z(5 * N, np.int64), z(2 * N, np.float64)]),
        "hinted_stores": ([small], [z(N, np.int8), z(N, np.uint16), z(N, np.float32), z((N, 3), np.int64)]),
        "operators": ([i32, nonzero, f32, u8], [z(9 * N, np.int64), z(3 * N, np.float64), z(2 * N, np.uint64)]),
        "sleep_and_bit_count": ([ns, i64, u8], [z(3 * N, np.int64)]),
    }


def popcount(v, bits):
    return bin(int(v) & ((1 << bits) - 1)).count("1")


def references(name, ins, got):
    """Mismatches of pykc's outputs with Python's own values."""
    bad = []
    if name == "hinted_loads":
        i8, u16, i32, f32, mat = ins
        want = np.stack([i8, u16, i32[::-1], i32, i8], axis=1).astype(np.int64).ravel()
        if not np.array_equal(got[0], want):
            bad.append("hinted loads: integers differ from the arrays read")
        dwant = np.stack([f32.astype(np.float64), mat[:, 1]], axis=1).ravel()
        if not np.array_equal(got[1], dwant):
            bad.append("hinted loads: floats differ from the arrays read")
    if name == "hinted_stores":
        x = ins[0]
        if not (np.array_equal(got[0], x.astype(np.int8)) and np.array_equal(got[1], x.astype(np.uint16))
                and np.array_equal(got[2], x.astype(np.float32))
                and np.array_equal(got[3][:, 0], x.astype(np.int64))
                and np.array_equal(got[3][:, 2], np.arange(N))):
            bad.append("hinted stores: stored values differ from the values converted by NumPy")
    if name == "sleep_and_bit_count":
        ns, i64, u8 = ins
        want = [(popcount(a, 64), popcount(b, 8), popcount(c, 32)) for c, a, b in zip(ns, i64, u8)]
        if [tuple(int(v) for v in got[0][3 * k:3 * k + 3]) for k in range(N)] != want:
            bad.append("bit_count differs from Python's int.bit_count")
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(4321))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK, nan_equal=True)


if __name__ == "__main__":
    sys.exit(main())
