#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/bfloat16.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda from that source (which computes
bfloat16 through CUDA's cuda_bf16.h), on the same inputs; every output must
agree bit for bit (bfloat16 values are compared as their int16 bits, NaN
payloads included: cuda_bf16.h's conversions give the canonical NaN 0x7FFF).

Where the result is exact, outputs are also checked against a CPU reference
of bfloat16 rounding (round_bf16, in exact rational arithmetic): + - * /
(a float64 result rounded once more is correctly rounded: 53 >= 2 * 8 + 2),
the functions hadd ... hfma that round once, the conversions to bfloat16
in each rounding mode (_rn nearest even, _rz toward zero, _rd down, _ru up;
the constructors round to nearest even), the conversions to integers
(each mode, saturating; NaN gives 0, or 1 << 63 for 64 bits as PTX's cvt;
the conversion operators and the 8-bit ones cut toward zero), comparisons,
and trunc, floor, ceil, rint.

Usage: run_bfloat16.py PTX [PTX ...]   (pykc builds of bfloat16.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import math
import os
import struct
import sys
from fractions import Fraction

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "bfloat16.pyk")
GRID, BLOCK = 2, 64
N = 115
MODES = ["rn", "rz", "rd", "ru"]

# Edge values as bfloat16 bits: zeros, infinities, NaN, the smallest
# subnormals, the largest finite, 1, -1, 0.5, 1.5, 2.5 (ties for rint), the
# one input hexp10 corrects (0xBC95), values near 2^126 (hdiv's scaling).
SPECIAL_BITS = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x8001, 0x007F, 0x7F7F, 0xFF7F,
                0x3F80, 0xBF80, 0x3F00, 0x3FC0, 0x4020, 0xC020, 0xBC95, 0x7E80, 0x7F00, 0x0080]


def bf16_value(bits):
    """The bfloat16 with these 16 bits, as a Python float (exact)."""
    return struct.unpack("<f", struct.pack("<I", (int(bits) & 0xFFFF) << 16))[0]


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def f64_nans_kept(values, want):
    """sm_90's cvt.rn.bf16.f64 (cuda_bf16.h's float64 conversion there)
    keeps a NaN's sign and the top of its payload, quiet bit set: np.nan
    gives 0x7FC0, not the canonical 0x7FFF (numba-cuda's on the H100)."""
    want = np.array(want).astype(np.int16)
    for i, v in enumerate(np.asarray(values, np.float64)):
        if math.isnan(v):
            bits = int(np.float64(v).view(np.uint64))
            kept = ((bits >> 48) & 0x8000) | 0x7FC0 | ((bits >> 45) & 0x7F)
            want[i] = np.uint16(kept).view(np.int16)
    return want


def round_bf16(x, mode):
    """x (a float or an int, exact) rounded to bfloat16 in `mode`: the bits,
    as an int16. NaN is 0x7FFF."""
    if isinstance(x, float) and math.isnan(x):
        return np.int16(0x7FFF)
    negative = x < 0 or (isinstance(x, float) and math.copysign(1.0, x) < 0)
    sign = 0x8000 if negative else 0
    if isinstance(x, float) and math.isinf(x):
        return np.uint16(sign | 0x7F80).view(np.int16)
    m = abs(Fraction(x))
    if m == 0:
        return np.uint16(sign).view(np.int16)
    e = max(math.floor(math.log2(m)), -126)
    while Fraction(2) ** e > m and e > -126:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    quantum = Fraction(2) ** (e - 7)
    n, rest = divmod(m, quantum)
    if rest:
        up = {"rn": rest > quantum / 2 or (rest == quantum / 2 and n % 2 == 1), "rz": False,
              "rd": negative, "ru": not negative}[mode]
        n += up
    r = n * quantum
    if r >= Fraction(2) ** 128:
        to_inf = mode == "rn" or (mode == "ru" and not negative) or (mode == "rd" and negative)
        return np.uint16(sign | (0x7F80 if to_inf else 0x7F7F)).view(np.int16)
    return np.uint16(sign | (f32_bits(float(r)) >> 16)).view(np.int16)


def to_int(v, mode, dtype):
    """bfloat16 value v rounded to an integer in `mode` and saturated to
    dtype, as cvt.r?i does; NaN gives 0 (1 << 63 for 64 bits)."""
    info = np.iinfo(dtype)
    if math.isnan(v):
        return (1 << 63 if dtype == np.uint64 else info.min) if info.bits == 64 else 0
    if math.isinf(v):
        return info.max if v > 0 else info.min
    r = {"rn": round, "rz": math.trunc, "rd": math.floor, "ru": math.ceil}[mode](Fraction(v))
    return min(max(int(r), info.min), info.max)


def bits_array(rng, scale):
    vals = (rng.standard_normal(N) * scale).astype(np.float32)
    bits = np.array([round_bf16(float(v), "rn") for v in vals], np.int16)
    bits[:len(SPECIAL_BITS)] = np.array(SPECIAL_BITS, np.uint16).view(np.int16)
    return bits


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    a, b, c = bits_array(rng, 8), rng.permutation(bits_array(rng, 8)), bits_array(rng, 4)
    b[:6] = [round_bf16(v, "rn") for v in (1.0, 0.0, -0.0, 3.0, math.inf, 2.0**127)]
    d = rng.standard_normal(N) * 1e4
    d[:12] = [1.0 + 2.0**-8, 1.0 + 2.0**-8 + 2.0**-40, -(1.0 + 2.0**-8), 3.4e38, 3.39e38, 1e-40,
              math.nan, math.inf, -math.inf, 1 / 3, -0.0, 257.0]
    f = d.astype(np.float32)
    l = rng.integers(-2**62, 2**62, N, dtype=np.int64) >> rng.integers(0, 62, N)
    l[:8] = [0, 257, 259, -257, 789, 32767, -2**63, 2**63 - 1]
    u = rng.integers(0, 2**64, N, dtype=np.uint64) >> rng.integers(0, 63, N).astype(np.uint64)
    u[:3] = [0, 2**64 - 1, 65535]
    z = np.zeros
    return {
        "operators": ([a, b], [z(8 * N, np.int16)]),
        "functions2": ([a, b, c], [z(17 * N, np.int16)]),
        "functions1": ([a], [z(24 * N, np.int16)]),
        "compares": ([a, b], [z(19 * N, np.bool_), z(N, np.int32)]),
        "to_bfloat16": ([f, d, l.astype(np.int16), u.astype(np.uint16), l.astype(np.int32), u.astype(np.uint32),
                         l, u], [z(38 * N, np.int16)]),
        "from_bfloat16": ([a], [z(2 * N, np.float32), z(N, np.float64), z(2 * N, np.int8), z(2 * N, np.uint8),
                                z(5 * N, np.int16), z(5 * N, np.uint16), z(5 * N, np.int32), z(5 * N, np.uint32),
                                z(5 * N, np.int64), z(5 * N, np.uint64)]),
    }


def compare(label, got, want, bad):
    bad += pyk_gpu.reference_lines(label, got, want, nan_equal=False)


def rounded(values, mode="rn"):
    return np.array([round_bf16(v, mode) for v in values], np.int16)


def references(name, ins, got):
    """Mismatches of pykc's outputs with the CPU reference, where exact."""
    bad = []
    if name in ("operators", "functions2", "functions1", "compares", "from_bfloat16"):
        x = [bf16_value(v) for v in ins[0]]
    if name in ("operators", "functions2", "compares"):
        y = [bf16_value(v) for v in ins[1]]
    with np.errstate(all="ignore"):
        if name == "operators":
            ops = [lambda p, q: p + q, lambda p, q: p - q, lambda p, q: p * q]
            for k, op in enumerate(ops):
                compare("op%d" % k, got[0][k::8], rounded([op(p, q) for p, q in zip(x, y)]), bad)
            # neg.bf16 flips the sign, and gives the canonical NaN 0x7FFF for
            # a NaN (numba-cuda's __hneg too, on the H100 run)
            bits = ins[0].view(np.uint16)
            nan = (bits & 0x7FFF) > 0x7F80
            compare("neg", got[0][4::8], np.where(nan, 0x7FFF, bits ^ 0x8000).astype(np.uint16).view(np.int16), bad)
        if name == "functions2":
            for k, op in enumerate([lambda p, q: p + q, lambda p, q: p - q, lambda p, q: p * q]):
                compare("h%d" % k, got[0][k::17], rounded([op(p, q) for p, q in zip(x, y)]), bad)
                compare("h%d_rn" % k, got[0][3 + k::17], rounded([op(p, q) for p, q in zip(x, y)]), bad)
        if name == "functions1":
            for k, f in ((2, math.trunc), (3, math.ceil), (4, math.floor), (5, round)):
                want = [v if not math.isfinite(v) else math.copysign(float(f(Fraction(v))), v) for v in x]
                compare("integral%d" % k, got[0][k::24], rounded(want), bad)
        if name == "compares":
            for k, op in enumerate([lambda p, q: p < q, lambda p, q: p <= q, lambda p, q: p > q,
                                    lambda p, q: p >= q, lambda p, q: p == q, lambda p, q: p != q]):
                compare("cmp%d" % k, got[0][12 + k::19], [op(p, q) for p, q in zip(x, y)], bad)
            compare("isnan", got[0][18::19], [math.isnan(p) for p in x], bad)
            compare("isinf", got[1], [0 if not math.isinf(p) else (1 if p > 0 else -1) for p in x], bad)
        if name == "to_bfloat16":
            f32, f64 = ins[0], ins[1]
            for k, m in enumerate(MODES):
                compare("f32_%s" % m, got[0][k::38], rounded([float(v) for v in f32], m), bad)
            compare("f32", got[0][4::38], rounded([float(v) for v in f32]), bad)
            compare("f64", got[0][5::38], f64_nans_kept(f64, rounded([float(v) for v in f64])), bad)
            for j, src in enumerate(ins[2:]):
                for k, m in enumerate(MODES):
                    compare("%s_%s" % (src.dtype, m), got[0][6 + 4 * j + k::38], rounded([int(v) for v in src], m), bad)
            for j, src in enumerate(ins):
                values = [float(v) for v in src] if src.dtype.kind == "f" else [int(v) for v in src]
                want = rounded(values)
                if src.dtype == np.float64:
                    want = f64_nans_kept(src, want)
                compare("ctor %s" % src.dtype, got[0][30 + j::38], want, bad)
        if name == "from_bfloat16":
            compare("f32", got[0][0::2], np.array(x, np.float32), bad)
            compare("float32()", got[0][1::2], np.array(x, np.float32), bad)
            compare("f64", got[1], np.array(x, np.float64), bad)
            for j, dt in enumerate([np.int8, np.uint8]):
                info = np.iinfo(dt)
                want = [0 if math.isnan(v) else to_int(v, "rz", dt) for v in x]
                compare("%s_rz" % np.dtype(dt).name, got[2 + j][0::2], want, bad)
            for j, dt in enumerate([np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]):
                for k, m in enumerate(MODES + ["rz"]):
                    compare("%s_%d" % (np.dtype(dt).name, k), got[4 + j][k::5], [to_int(v, m, dt) for v in x], bad)
    return bad


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    rng = np.random.default_rng(1616)
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, inputs(rng), references, GRID, BLOCK)


if __name__ == "__main__":
    sys.exit(main())
