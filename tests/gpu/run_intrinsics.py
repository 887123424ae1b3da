#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/intrinsics.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda from that source, on the same inputs;
every output must agree bit for bit. A few outputs are also checked against
Python references (popc, clz, ffs, brev of int32; the shuffles' sources).

Usage: run_intrinsics.py PTX [PTX ...]   (pykc builds of intrinsics.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "intrinsics.pyk")
GRID, BLOCK = 2, 64
N = GRID * BLOCK


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    i32 = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    i32[:8] = [0, 1, -1, 2**31 - 1, -2**31, 8, 12, 256]
    u64 = rng.integers(0, 2**64, N, dtype=np.uint64)
    u64[:4] = [0, 1, 2**63, 2**64 - 1]
    f32 = rng.standard_normal(N).astype(np.float32) * 10
    f64 = rng.standard_normal(N) * 1e3
    small = rng.integers(-3, 8, N).astype(np.int32)
    groups = np.where(np.arange(N) < 32, 2.5, rng.integers(0, 3, N).astype(np.float64))
    z = np.zeros
    return {
        "bits": ([i32, u64], [z(2 * N, np.int32), z(3 * N, np.uint32), z(2 * N, np.uint64), z(N, np.int64)]),
        "floats": ([f32, f64], [z(3 * N, np.float32), z(3 * N, np.float64)]),
        "shuffles": ([i32, u64.view(np.int64), f32, f64],
                     [z(4 * N, np.int32), z(4 * N, np.int64), z(4 * N, np.float32), z(4 * N, np.float64)]),
        "votes": ([small, groups], [z(10 * N, np.int32), z(3 * N, np.uint32)]),
        "local_arrays": ([f64], [z(N, np.float64)]),
    }


def references(name, ins, got):
    """Mismatches of pykc's outputs with Python's own values."""
    bad = []
    if name == "bits":
        for k, x in enumerate(int(v) & 0xFFFFFFFF for v in ins[0]):
            want = (bin(x).count("1"), 32 - x.bit_length(), (x & -x).bit_length(),
                    int("{:032b}".format(x)[::-1], 2))
            have = (int(got[0][2 * k]), int(got[0][2 * k + 1]), int(got[1][3 * k]), int(got[1][3 * k + 1]))
            if want != have:
                bad.append("bits[%d]: x=%#x want %s got %s" % (k, x, want, have))
    if name == "shuffles":
        a = ins[0]
        for k in range(N):
            lane, base = k % 32, k - k % 32
            want = (a[base + (lane + 3) % 32], a[k - 2] if lane >= 2 else a[k],
                    a[k + 3] if lane + 3 < 32 else a[k], a[base + (lane ^ 5)])
            have = tuple(got[0][4 * k:4 * k + 4])
            if tuple(int(w) for w in want) != tuple(int(h) for h in have):
                bad.append("shuffles[%d]: want %s got %s" % (k, want, have))
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(1234))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
