#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/fp8.pyk, as compiled by pykc, and the same
kernels compiled by numba-cuda (which computes fp8 through CUDA's
cuda_fp8.hpp), on the same inputs; every output must agree bit for bit.

Outputs are also checked against a CPU reference of the header (exact
rational arithmetic): to fp8 rounds to nearest even and saturates to the
largest finite value (448 for e4m3, 57344 for e5m2; infinities too), NaN
stays NaN; float16, bfloat16 and integer sources become float32 first.
Back from fp8 every float is exact; the integers cut toward zero and
saturate, NaN giving 0 (1 << 63 for the 64-bit ones).

The e8m0 kernels and the cvt_* functions (to_e8m0, from_e8m0, cvt) are
checked against numba-cuda only.

Usage: run_fp8.py PTX [PTX ...]   (pykc builds of fp8.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import math
import os
import sys
from fractions import Fraction

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "fp8.pyk")
GRID, BLOCK = 16, 64
FORMATS = {"e4m3": (3, -6, 448.0), "e5m2": (2, -14, 57344.0)}   # mantissa bits, min exponent, max


def round_fp8(v, fmt):
    """v (a float) as the fp8 format `fmt` rounds it (a float, or NaN)."""
    mbits, emin, largest = FORMATS[fmt]
    if math.isnan(v):
        return math.nan
    if math.isinf(v):
        return math.copysign(largest, v)
    if v == 0:
        return v
    x = abs(Fraction(v))
    e = max(math.floor(math.log2(x)), emin)
    while Fraction(2) ** e > x:
        e -= 1
    while Fraction(2) ** (e + 1) <= x:
        e += 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - mbits)
    q, r = divmod(x, ulp)
    if r > ulp / 2 or (r == ulp / 2 and q % 2 == 1):
        q += 1
    r = float(q * ulp)
    return math.copysign(min(r, largest), v)


def to_int(v, dt):
    info = np.iinfo(dt)
    if math.isnan(v):
        return (1 << 63) if info.bits == 64 else 0
    return int(min(max(math.trunc(v), info.min), info.max))


def fp8_values():
    """Every finite value of both formats, and their neighbours' midpoints."""
    vals = []
    for fmt, (mbits, emin, largest) in FORMATS.items():
        e, grid = emin - mbits, []
        v = 0.0
        while v <= largest:
            grid.append(v)
            step = 2.0 ** max(math.floor(math.log2(v)) - mbits, emin - mbits) if v else 2.0 ** e
            v += step
        vals += grid + [(p + q) / 2 for p, q in zip(grid, grid[1:])]
    vals = sorted(set(vals))
    return vals + [-v for v in vals]


def inputs(rng):
    f64 = np.array(fp8_values() + [math.nan, math.inf, -math.inf, 1e20, -1e20, 464.0, 61440.0,
                                   2.0 ** -10, 2.0 ** -17, 1e-30])
    f64 = np.concatenate([f64, rng.standard_normal(64) * 100, rng.standard_normal(64) * 1e-3])
    d = f64.copy()
    d[:16] += 2.0 ** -40   # a float64 just off the midpoints rounds once
    f = f64.astype(np.float32)
    with np.errstate(over="ignore"):
        h = f64.astype(np.float16)
    l = rng.integers(-70000, 70000, f.size).astype(np.int64)
    n, z = f.size, np.zeros
    # e8m0: every power of two it holds, their neighbours and midpoints, and
    # the cases of the header's rounding (subnormals, 2^127 + 1 ulp, NaN, Inf)
    p2 = [2.0 ** k for k in range(-127, 128)]
    e8 = np.array(p2 + [v * 1.5 for v in p2[:-1]] + [v * (1 + 2.0 ** -20) for v in p2] +
                  [math.nan, math.inf, -math.inf, 0.0, -0.0, -3.0, 1e-45, 3.4e38, 2.0 ** -130, 2.0 ** 127 * 1.99])
    e8 = np.concatenate([e8, rng.standard_normal(64) * 1e3])
    with np.errstate(over="ignore"):
        e8f, e8h = e8.astype(np.float32), e8.astype(np.float16)
    e8d = e8.copy()
    e8d[:64] *= 1 + 2.0 ** -40   # off a float32 value: the header's sticky bit
    m = e8.size
    e8l = rng.integers(-(1 << 62), 1 << 62, m).astype(np.int64) >> rng.integers(0, 62, m)
    e8l[:8] = [0, 1, -1, 2, 3, -(1 << 63), (1 << 63) - 1, 255]
    e8q = e8l.astype(np.uint64)
    e8w, e8s = (e8l % 100003).astype(np.int32) - 50000, (e8l % 30011).astype(np.int16)
    bits = (np.arange(m) % 256).astype(np.uint8)
    return {
        "to_e8m0": ([e8f, e8d, e8l, e8q, e8w, e8h, e8s], [z(7 * m, np.float32)]),
        "from_e8m0": ([e8f], [z(m, np.float16), z(m, np.float64), z(m, np.float32)] +
                      [z(m, dt) for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
                                           np.int64, np.uint64)]),
        "cvt": ([e8f, e8d, bits], [z(24 * m, np.uint8), z(3 * m, np.uint16)]),
        "to_fp8": ([f, d, h, l], [z(8 * n, np.float32)]),
        "from_fp8": ([f], [z(2 * n, np.float16), z(2 * n, np.float64), z(2 * n, np.float32)] +
                     [z(2 * n, dt) for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
                                             np.int64, np.uint64)]),
    }


def compare(label, got, want, bad):
    bad += pyk_gpu.reference_lines(label, got, want, nan_equal=True)   # any NaN payload


def references(name, ins, got):
    bad = []
    if name == "to_fp8":
        for j, src in enumerate(ins):
            vals = [float(np.float32(v)) for v in src]   # the header's float32 step
            if src.dtype == np.float64:
                vals = [float(v) for v in src]
            for k, fmt in enumerate(("e4m3", "e5m2")):
                compare("%s %s" % (src.dtype, fmt), got[0][2 * j + k::8], [round_fp8(v, fmt) for v in vals], bad)
    if name == "from_fp8":
        for k, fmt in enumerate(("e4m3", "e5m2")):
            x = [round_fp8(float(v), fmt) for v in ins[0]]
            for j in range(3):
                compare("float %d %s" % (j, fmt), got[j][k::2], x, bad)
            for j, dt in enumerate((np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                                    np.uint64)):
                want = [to_int(v, dt) if not (math.isnan(v) and np.iinfo(dt).bits == 8) else 0 for v in x]
                compare("%s %s" % (np.dtype(dt).name, fmt), got[3 + j][k::2],
                        np.array([w & ((1 << np.iinfo(dt).bits) - 1) for w in want], np.uint64).astype(dt), bad)
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    rng = np.random.default_rng(88)
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, inputs(rng), references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
