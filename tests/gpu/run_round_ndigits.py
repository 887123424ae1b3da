#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/round_ndigits.pyk (round(x, ndigits) on
float32 and float64, runtime and constant ndigits, round(int, ndigits), and
arrays declared with alignment=), as compiled by pykc, and the same kernels
compiled by numba-cuda from that source, on the same inputs; every output
must agree bit for bit (a NaN matches any NaN).

pykc's round results are also checked bit for bit against numba_round below,
a host model of numba-cuda's algorithm (cudaimpl.py's round_to_impl), and
that model is compared with Python's round. They differ, by design of
Numba's algorithm, where
  - |x * 10**ndigits| >= 2**63: Numba's unary round (llrint) saturates, so
    round(1e20, 0) is 2**63 and round(1e300, 2) is 2**63 / 100;
  - the result is zero: Numba gives +0.0 where Python keeps x's sign
    (round(-0.4, 0) is 0.0, not -0.0);
  - ndigits <= -309: 10**-ndigits is inf, and 0 * inf makes a NaN (Python: 0.0);
  - x * 10**ndigits is not exact and lands on the other side of a halfway
    point (CPython rounds the exact decimal value; Numba follows CPython's
    old fallback); and float32 results are float64 ones rounded again.
Those inputs are counted in a note, not failed.

Usage: run_round_ndigits.py PTX [PTX ...]   (pykc builds of round_ndigits.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import math
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "round_ndigits.pyk")
GRID, BLOCK = 12, 128
N = 1500   # not a multiple of the block

SPECIAL = [2.675, 0.125, 0.375, -0.125, 1e300, -1e300, -0.5, 0.5, 1.5, 2.5, -2.5, 0.0, -0.0,
           float("nan"), float("inf"), -float("inf"), 5e-324, -5e-324, 1e-310, 2.2250738585072014e-308,
           1e20, -1e20, 9.2e18, 1e15 + 0.5, 123456.789, -98765.4321, 0.3425, 1.005, 3.141592653589793,
           1.7976931348623157e308, 3.4028234663852886e38, 1e-45, 1.401298464324817e-45, 1e-40, 0.285, 1e-5]
CONST_F64 = [0, 2, -3, 22, 23, 45, 300, -308, -400, 1]   # round_const_f64's ndigits (1.9 -> 1)
CONST_F32 = [0, 3, -2, 13, 25, 300]


def llrint(y):
    """__nv_llrint (cvt.rni.s64.f64): ties to even, saturating; NaN gives
    -2**63 (the PTX ISA: a float-to-integer cvt of NaN is 0, except to .s64
    and .u64, where it is 1 << 63). round(0.0, 400) meets it: 0 * 10**378
    overflows to 0 * inf = NaN, and -2**63 / 1e22 / inf is -0.0."""
    if math.isnan(y):
        return -2**63
    if math.isinf(y):
        return 2**63 - 1 if y > 0 else -2**63
    return max(-2**63, min(2**63 - 1, round(y)))


def int_power10(n):
    """Numba's int_power(10.0, n) for n >= 0: squaring, in double."""
    if n > 0x10000:
        return math.inf
    r, a = 1.0, 10.0
    while n:
        if n & 1:
            r *= a
        n >>= 1
        a *= a
    return r


def numba_round(x, nd, f32):
    """numba-cuda's round(x, ndigits) (float64 arithmetic throughout)."""
    x = float(x)
    if math.isinf(x) or math.isnan(x):
        return np.float32(x) if f32 else x
    if nd >= 0:
        pow1, pow2 = (int_power10(nd - 22), 1e22) if nd > 22 else (int_power10(nd), 1.0)
        y = (x * pow1) * pow2
        if math.isinf(y):
            return np.float32(x) if f32 else x
    else:
        pow1 = int_power10(-nd)
        y = x / pow1
    z = float(llrint(y))
    if abs(y - z) == 0.5:
        z = 2.0 * float(llrint(y / 2.0))
    z = (z / pow2) / pow1 if nd >= 0 else z * pow1
    return np.float32(z) if f32 else z


def python_round(x, nd, f32):
    x = float(x)
    if math.isinf(x) or math.isnan(x):
        return x
    try:
        r = round(x, nd)
    except OverflowError:
        return math.nan
    return np.float32(r) if f32 else r


def same_bits(a, b, f32):
    t = np.float32 if f32 else np.float64
    a, b = t(a), t(b)
    return (np.isnan(a) and np.isnan(b)) or a.tobytes() == b.tobytes()


def round_inputs(rng, f32):
    digits = list(range(-5, 26))
    pairs = [(x, n) for x in SPECIAL for n in digits]
    pairs += [(x, n) for x in (0.5, 1.5, 3.4028234663852886e38, 0.0, -0.0) for n in (300, 400, -308, -309, -400)]
    pairs += [(1.25, 2**40), (1.25, -2**40), (0.0, 2**40), (-7.5, -2**40)]
    rest = N - len(pairs)
    scale = 10.0 ** rng.integers(-8, 12, rest)
    xs = rng.standard_normal(rest) * scale
    xs[: rest // 4] = np.round(xs[: rest // 4] * 1000) / 1000 + 0.0005   # near halfway points
    pairs += list(zip(xs, rng.integers(-6, 24, rest)))
    with np.errstate(over="ignore"):   # 1e300 and the like become float32 infinities
        x = np.array([p[0] for p in pairs[:N]], dtype=np.float32 if f32 else np.float64)
    nd = np.array([p[1] for p in pairs[:N]], dtype=np.int64)
    return x, nd


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    x64, nd64 = round_inputs(rng, False)
    x32, nd32 = round_inputs(rng, True)
    c64 = np.array(SPECIAL + list(rng.standard_normal(64) * 1e3), dtype=np.float64)
    with np.errstate(over="ignore"):
        c32 = c64.astype(np.float32)
    ints = rng.integers(-10**12, 10**12, N)
    ints[:4] = [0, 5, -15, 2**62]
    z = np.zeros
    return {
        "round_f64": ([x64, nd64], [z(N, np.float64)]),
        "round_f32": ([x32, nd32], [z(N, np.float32)]),
        "round_const_f64": ([c64], [z(10 * len(c64), np.float64)]),
        "round_const_f32": ([c32], [z(6 * len(c32), np.float32)]),
        "round_int": ([ints, rng.integers(-8, 4, N)], [z(N, np.float64)]),
        "aligned_arrays": ([rng.standard_normal(N)], [z(N, np.float64)]),
    }


NOTED = set()   # the kernels whose note is printed


def check_rounds(name, xs, nds, got, f32):
    """pykc's results against numba_round; numba_round against Python."""
    bad = []
    differ = 0
    for x, nd, g in zip(xs, nds, got):
        want = numba_round(x, int(nd), f32)
        if not same_bits(g, want, f32):
            bad.append("%s round(%r, %d): pykc %r, Numba's algorithm %r" % (name, x, nd, g, want))
        differ += not same_bits(want, python_round(x, int(nd), f32), f32)
    if name not in NOTED:
        NOTED.add(name)
        print("note: %s: %d of %d inputs where Numba's round differs from Python's (see the "
              "docstring)" % (name, differ, len(got)))
    return bad


def references(name, ins, got):
    """Mismatches of pykc's outputs with the host model of Numba's round,
    and with the expected values of the aligned arrays' kernel."""
    if name in ("round_f64", "round_f32", "round_int"):
        return check_rounds(name, ins[0].astype(np.float64) if name == "round_int" else ins[0],
                            ins[1], got[0], name == "round_f32")
    if name.startswith("round_const"):
        f32 = name.endswith("f32")
        digits = CONST_F32 if f32 else CONST_F64
        xs = [x for x in ins[0] for _ in digits]
        return check_rounds(name, xs, digits * len(ins[0]), got[0], f32)
    if name == "aligned_arrays":
        bad = []
        x = ins[0]
        for k in range(N):
            i, base = k % BLOCK, k - k % BLOCK
            mirror = base + BLOCK - 1 - i
            v = x[mirror] if mirror < N else 0.0
            want = v + float(np.float32(x[k])) + float(BLOCK - 1 - i) + 28 * i
            if got[0][k] != want:
                bad.append("aligned_arrays[%d]: want %r got %r" % (k, want, got[0][k]))
        return bad
    return []


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    cases = inputs(np.random.default_rng(2026))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK, nan_equal=True)


if __name__ == "__main__":
    sys.exit(main())
