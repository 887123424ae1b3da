#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/semantics.pyk, as compiled by pykc, on a GPU
and checks that they compute what Numba computes.

Each kernel is launched (with CuPy, parameters flattened as docs/abi.md
says) on fixed edge cases plus values drawn afresh on every run, its outputs
poisoned before the launch (every byte 0xA5, so an element left unwritten is
caught even where the answer is NaN). Every output element is compared with
a reference computed here on the CPU in plain Python, written from Numba's
semantics: Python's `//`, `%` and `**` on Python ints, then wrapped to the
width Numba computes in; 0 for an integer divided by zero; CPython's float
divmod, each step rounded to float32 for float32; fmin/fmax for two-argument
min/max of floats and Python's comparisons otherwise. Floats are compared
bit for bit (any NaN matches any NaN; -0.0 differs from 0.0): no expression
whose result is checked involves rounding the GPU may do differently (no
a*b+c, which either compiler may contract into an fma).

When numba-cuda imports, the same kernels are also compiled by Numba from the
source of semantics.pyk and run on the same inputs; pykc's outputs must then
equal Numba's bit for bit (an output whose order depends on scheduling, the
old values returned by an atomic, is compared sorted). Where Numba itself
disagrees with the reference, a NOTE line says so (not counted): the
reference, not pykc, may then be the one to fix. Where pykc computes
Python's value on purpose and Numba does not (KNOWN_NUMBA_DIFFERENCES:
Numba's inexact float `%`), the differences are listed in a NOTE, not
counted, as long as pykc's value is the reference's.

Usage: run_semantics.py [options] [PTX ...]
  PTX               semantics.pyk compiled by pykc (any -O; several allowed);
                    with none, only Numba is run against the reference
  --seed N          the seed of the random inputs (printed on every run)
  --random N        random cases per kernel (default 3000)
  --no-numba        do not compare with Numba
Prints one PASS/FAIL line per check and "N passed, M failed" last; exits 1
on any failure."""
import argparse
import math
import os
import struct
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "semantics.pyk")
TPB = 128       # as in semantics.pyk
NBINS = 16
POISON_BYTE = 0xA5
SHOWN_GROUPS = 12      # columns with mismatches shown per check
SHOWN_PER_GROUP = 2    # examples shown per column

I64_MIN, I64_MAX = -2**63, 2**63 - 1
I32_MIN, I32_MAX = -2**31, 2**31 - 1
U64_MAX, U32_MAX = 2**64 - 1, 2**32 - 1
INF, NAN = math.inf, math.nan


# --------------------------------------------------------------------------
# Numbers as Numba computes them, on Python ints and floats.

def wrap(v, bits, signed=True):
    """v reduced to `bits` bits, as a machine integer wraps."""
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v


def i64(v):
    return wrap(v, 64)


def u64(v):
    return wrap(v, 64, False)


def i32(v):
    return wrap(v, 32)


def f32(x):
    """x rounded to float32 (to nearest even; past the largest float32, inf)."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(INF, x)


def f32_of_int(n):
    """The integer n rounded once, to nearest even, to float32 (going
    through float64 first would round twice)."""
    m = abs(n)
    if m.bit_length() <= 24:
        return float(n)
    shift = m.bit_length() - 24
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return math.copysign(float(q << shift), n)


def fdiv(x, y):
    """IEEE x / y: by zero it is an infinity or NaN, as on the GPU."""
    if y == 0.0:
        if x == 0.0 or math.isnan(x):
            return NAN
        return math.copysign(INF, x) * math.copysign(1.0, y)
    return x / y


def int_divmod(a, b, bits=64, signed=True):
    """Numba's integer a // b and a % b (Python's signs), computed at the
    given width: by zero both are 0, and so is MIN // -1."""
    if b == 0 or (signed and a == -2**(bits - 1) and b == -1):
        return 0, 0
    return a // b, a % b


def trunc_in(x, lo, hi):
    """A float converted to an integer of range [lo, hi] truncates toward
    zero; out of range (or NaN) the result is unspecified (None)."""
    if math.isnan(x) or math.isinf(x):
        return None
    t = int(x)
    return t if lo <= t <= hi else None


def fmod(x, y):
    """C's fmod (exact), NaN where C returns NaN and Python raises."""
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0.0:
        return NAN
    return math.fmod(x, y)


def float_divmod(x, y, rnd):
    """Numba's float x // y and x % y: CPython's float_divmod (an exact
    fmod, then the quotient of x - mod, moved to y's sign and snapped to an
    integer), each operation rounded by rnd; by zero, x / y and NaN."""
    if y == 0.0:
        return rnd(fdiv(x, y)), NAN
    mod = fmod(x, y)
    div = rnd(rnd(x - mod) / y)
    if mod != 0.0 or math.isnan(mod):
        if (y < 0) != (mod < 0):
            mod = rnd(mod + y)
            div = rnd(div - 1.0)
    else:
        mod = -0.0 if y < 0 else 0.0
    if div != 0.0 and not math.isnan(div):
        fl = float(math.floor(div)) if math.isfinite(div) else div
        if rnd(div - fl) > 0.5:
            fl = rnd(fl + 1.0)
        return fl, mod
    d = div * div
    return rnd(rnd(d * x) / y), mod


def libm_pow(x, y):
    """pow(x, y) for the cases this test uses (exact results), with C's
    infinities where Python raises."""
    try:
        return math.pow(x, y)
    except (OverflowError, ValueError):     # too large, or 0 ** negative
        odd = y == math.floor(y) and math.fmod(y, 2.0) != 0.0
        return -INF if math.copysign(1.0, x) < 0 and odd else INF


def saturate_i64(v):
    """PTX's float-to-int64 conversion of an infinite or huge value."""
    if math.isnan(v):
        return 0
    if v >= 2.0**63:
        return I64_MAX
    if v < -2.0**63:
        return I64_MIN
    return int(v)


def int_power(a, n):
    """Numba's int ** int (int_power_impl): a negative exponent gives
    INT64_MIN for a zero base and 0 unless the base is 1 or -1; an exponent
    past 0x10000 goes through math.pow, whose infinities convert to
    INT64_MAX or INT64_MIN; otherwise squaring, wrapping at 64 bits. A
    literal exponent gives the same results (numba-cuda 0.30.4 on a GPU:
    2 ** -64 is 0, not the INT64_MIN its static_power_impl would give)."""
    if n < 0:
        if a == 0:
            return I64_MIN
        if a not in (1, -1):
            return 0
    e = abs(n)
    if e > 0x10000:
        return saturate_i64(libm_pow(float(a), float(n)))
    r, base = 1, a
    while e:
        if e & 1:
            r = i64(r * base)
        e >>= 1
        base = i64(base * base)
    return r


def float_power(x, n, rnd):
    """Numba's float ** int: squaring in the float's precision and 1 / r
    for a negative exponent; an exponent past 0x10000 uses pow."""
    if abs(n) > 0x10000:
        return rnd(libm_pow(x, float(n)))
    r, base, e = 1.0, x, abs(n)
    while e:
        if e & 1:
            r = rnd(r * base)
        e >>= 1
        base = rnd(base * base)
    return rnd(fdiv(1.0, r)) if n < 0 else r


def fmin(x, y):
    """libdevice fmin: a NaN operand is ignored; min(0.0, -0.0) may be
    either zero."""
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y:
        return (x, y) if x == 0.0 else x
    return min(x, y)


def fmax(x, y):
    """libdevice fmax, as fmin."""
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y:
        return (x, y) if x == 0.0 else x
    return max(x, y)


def py_min(*vs):
    """Python's min (and Numba's for more than two arguments or mixed
    types): the first value is kept unless a later one is smaller."""
    acc = vs[0]
    for v in vs[1:]:
        if v < acc:
            acc = v
    return acc


def py_max(*vs):
    """Python's max, as py_min."""
    acc = vs[0]
    for v in vs[1:]:
        if v > acc:
            acc = v
    return acc


# --------------------------------------------------------------------------
# Inputs: fixed edge cases, then random values.

SPECIAL_FLOATS = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 5e-324, -5e-324,
                  2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308]


def random_floats(rng, n):
    """A mix: normal values of every magnitude, small integers, halves,
    zeros, infinities, NaN and the extremes."""
    kinds = rng.integers(0, 5, n)
    normal = rng.standard_normal(n) * 10.0 ** rng.integers(-6, 7, n)
    ints = rng.integers(-20, 21, n).astype(np.float64)
    halves = rng.integers(-40, 41, n) / 4.0
    wide = rng.standard_normal(n) * 10.0 ** rng.integers(-300, 301, n)
    pick = np.array(SPECIAL_FLOATS)[rng.integers(0, len(SPECIAL_FLOATS), n)]
    out = np.where(kinds == 0, normal, np.where(kinds == 1, ints, np.where(kinds == 2, halves,
                   np.where(kinds == 3, wide, pick))))
    return [float(v) for v in out]


def random_int64(rng, n, zero_share=0.05):
    """Small values, medium values, the full range and the extremes."""
    kinds = rng.integers(0, 4, n)
    small = rng.integers(-100, 101, n)
    medium = rng.integers(-10**9, 10**9, n)
    full = rng.integers(I64_MIN, I64_MAX, n, endpoint=True)
    extremes = np.array([I64_MIN, I64_MIN + 1, I64_MAX, I64_MAX - 1, -1, 1, 0])[rng.integers(0, 7, n)]
    out = np.where(kinds == 0, small, np.where(kinds == 1, medium, np.where(kinds == 2, full, extremes)))
    out[rng.random(n) < zero_share] = 0
    return [int(v) for v in out]


def random_int32(rng, n, zero_share=0.05):
    """Small values, the full range and the extremes."""
    kinds = rng.integers(0, 3, n)
    small = rng.integers(-100, 101, n)
    full = rng.integers(I32_MIN, I32_MAX, n, endpoint=True)
    extremes = np.array([I32_MIN, I32_MIN + 1, I32_MAX, -1, 1, 0])[rng.integers(0, 6, n)]
    out = np.where(kinds == 0, small, np.where(kinds == 1, full, extremes))
    out[rng.random(n) < zero_share] = 0
    return [int(v) for v in out]


def random_uint(rng, n, bits, zero_share=0.05):
    """Small values, the full range of `bits` bits and the extremes."""
    top = 2**bits - 1
    kinds = rng.integers(0, 3, n)
    small = rng.integers(0, 101, n).astype(np.uint64)
    full = rng.integers(0, top, n, endpoint=True, dtype=np.uint64)
    extremes = np.array([top, top - 1, 2**(bits - 1), 2**(bits - 1) - 1, 1], dtype=np.uint64)[rng.integers(0, 5, n)]
    out = np.where(kinds == 0, small, np.where(kinds == 1, full, extremes))
    out[rng.random(n) < zero_share] = 0
    return [int(v) for v in out]


# --------------------------------------------------------------------------
# A check: a kernel, its arrays, and what each output must hold.

class Array:
    """One array parameter: an input ("in"), an output poisoned before each
    launch ("out"), or an accumulator that starts at zero ("zero"). cols
    names the columns of a 2-d output; unordered marks an output whose
    order depends on scheduling."""

    def __init__(self, name, kind, data=None, shape=None, dtype=None, cols=None, unordered=False,
                 per_thread=True):
        self.name, self.kind, self.cols = name, kind, cols
        self.unordered, self.per_thread = unordered, per_thread
        if data is not None:
            self.host = data
        elif kind == "zero":
            self.host = np.zeros(shape, dtype=dtype)
        else:
            self.host = np.full(shape, 0, dtype=dtype)
            self.host.view(np.uint8)[...] = POISON_BYTE


def inp(name, values, dtype):
    return Array(name, "in", data=np.array(values, dtype=dtype))


def out(name, shape, dtype, cols=None, **kw):
    return Array(name, "out", shape=shape, dtype=dtype, cols=cols, **kw)


def acc(name, shape, dtype, **kw):
    return Array(name, "zero", shape=shape, dtype=dtype, **kw)


class Case:
    def __init__(self, kernel, arrays, want, n, block=TPB):
        self.kernel, self.arrays, self.want = kernel, arrays, want
        self.block = block
        self.grid = max(1, (n + block - 1) // block)
        self.inputs = [a for a in arrays if a.kind == "in"]


def rows(n, fn):
    """Runs fn(i) for every thread i and transposes its results, a tuple
    with one value or list of values per output (or a list for a single
    output), into one flat row-major list per output."""
    per = [fn(i) for i in range(n)]
    per = [(r,) if isinstance(r, list) else r for r in per]
    return [[v for item in col for v in (item if isinstance(item, list) else [item])]
            for col in zip(*per)]


# --------------------------------------------------------------------------
# The cases, one per kernel of semantics.pyk, each with its reference.

def case_int64_divmod(rng, nr):
    A = [7, -7, 7, -7, 0, 5, I64_MIN, I64_MIN, I64_MAX, 3, -3, 1, 100, -100, -1, I64_MAX, I64_MIN, 0, -1,
         I64_MIN + 1, 6, -6, I64_MIN, 1, -1]
    B = [2, 2, -2, -2, 3, 0, -1, 1, -1, 7, 7, 1, 0, -3, I64_MAX, I64_MIN, I64_MIN, I64_MIN, I64_MIN, -1, 3, -3,
         0, I64_MAX, I64_MAX]
    A += random_int64(rng, nr)
    B += random_int64(rng, nr, zero_share=0.1)
    n = len(A)
    consts = [7, -3, 8, -16, -1]

    def ref(i):
        q, r = int_divmod(A[i], B[i])
        c = []
        for d in consts:
            c.extend(int_divmod(A[i], d))
        return q, r, c

    q, r, c = rows(n, ref)
    cols = [s for d in consts for s in ("a // %d" % d, "a %% %d" % d)]
    return Case("int64_divmod", [inp("a", A, np.int64), inp("b", B, np.int64), out("q", n, np.int64),
                                 out("r", n, np.int64), out("c", (n, 10), np.int64, cols)],
                {"q": q, "r": r, "c": c}, n)


def case_int32_divmod(rng, nr):
    A = [7, -7, 7, -7, 0, 5, I32_MIN, I32_MIN, I32_MAX, 3, -3, 1, 100, -100, -1, I32_MIN, I32_MAX]
    B = [2, 2, -2, -2, 3, 0, -1, 1, -1, 7, 7, 1, 0, -3, I32_MAX, I32_MIN, I32_MIN]
    A += random_int32(rng, nr)
    B += random_int32(rng, nr, zero_share=0.1)
    n = len(A)

    def ref(i):
        q, r = int_divmod(A[i], B[i])       # computed in int64: no MIN // -1 case
        return [q, r], [i32(q), i32(r), i32(q), i32(r)]

    wide, narrow = rows(n, ref)
    return Case("int32_divmod", [inp("a", A, np.int32), inp("b", B, np.int32),
                                 out("wide", (n, 2), np.int64, ["a // b", "a % b"]),
                                 out("narrow", (n, 4), np.int32, ["a // b", "a % b", "//=", "%="])],
                {"wide": wide, "narrow": narrow}, n)


def case_unsigned_divmod(rng, nr):
    A = [7, 0, U64_MAX, 2**63, 5, 100, U64_MAX, 2**63, 10, U64_MAX]
    B = [2, 3, 2, U64_MAX, 0, 7, 1, 2**63 + 1, 10, U64_MAX]
    S = [-7, 7, I64_MIN, -1, 5, I64_MIN, I64_MIN, 0, -10, I64_MAX]
    U = [7, 0, U32_MAX, 2**31, 5, 100, U32_MAX, 1, 10, U32_MAX]
    V = [2, 3, 2, U32_MAX, 0, 7, 1, 2**31 + 1, 0, U32_MAX]
    A += random_uint(rng, nr, 64)
    B += random_uint(rng, nr, 64, zero_share=0.1)
    S += random_int64(rng, nr)
    U += random_uint(rng, nr, 32)
    V += random_uint(rng, nr, 32, zero_share=0.1)
    n = len(A)

    def ref(i):
        a, s = A[i], S[i]
        sa = i64(a)     # int64 // uint64 computes in int64
        # a // 10: the literal is an int64, so this computes in int64 too
        unsigned = [*int_divmod(a, B[i], signed=False), *int_divmod(U[i], V[i], signed=False),
                    *[u64(v) for v in int_divmod(sa, 10)]]
        mixed = [*int_divmod(s, sa), *int_divmod(sa, s)]
        return unsigned, mixed

    o, m = rows(n, ref)
    return Case("unsigned_divmod", [inp("a", A, np.uint64), inp("b", B, np.uint64), inp("s", S, np.int64),
                                    inp("u", U, np.uint32), inp("v", V, np.uint32),
                                    out("out", (n, 6), np.uint64, ["a // b", "a % b", "u // v", "u % v",
                                                                   "a // 10", "a % 10"]),
                                    out("mixed", (n, 4), np.int64, ["s // a", "s % a", "a // s", "a % s"])],
                {"out": o, "mixed": m}, n)


FLOAT_DIVMOD_EDGES = [
    (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.0, 3.0), (-0.0, 3.0), (0.0, -3.0), (-0.0, -3.0),
    (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0), (0.0, 0.0), (NAN, 0.0), (INF, 0.0), (-INF, -0.0), (5.0, INF),
    (-5.0, INF), (5.0, -INF), (-5.0, -INF), (INF, 2.0), (-INF, 3.0), (INF, INF), (NAN, 1.0), (1.0, NAN),
    (1e300, 1e-300), (-1e300, 1e-300), (1e-300, 1e300), (1e308, 1e-308), (0.3, 0.1), (1.0, 0.1),
    (-1.0, 0.1), (4.0, -2.0), (-4.0, 2.0), (3.0, 3.0), (-3.0, 3.0), (6.0, -3.0), (5e-324, -5e-324),
    (2.0**53, 3.0), (2.0**53 + 2, -3.0), (1e-310, 3e-311), (-1e308, 3.0), (7.0, 1e-320), (1e10, 0.1),
    (-123456789.125, 0.001), (2.5e-315, -7e-316), (1.7976931348623157e308, 5e-324), (0.7, -0.1),
    (-0.0, INF), (0.0, -INF), (1.5, 0.5), (-1.5, 0.5)]


def case_float64_divmod(rng, nr):
    X = [x for x, _ in FLOAT_DIVMOD_EDGES] + random_floats(rng, nr)
    Y = [y for _, y in FLOAT_DIVMOD_EDGES] + random_floats(rng, nr)
    n = len(X)

    def python_divmod(x, y):
        """Python's own float // and %, where Python defines them."""
        if y == 0.0:
            return fdiv(x, y), NAN
        return x // y, x % y

    def ref(i):
        x, y = X[i], Y[i]
        return [*python_divmod(x, y), python_divmod(x, -0.75)[0], python_divmod(x, 2.5)[1]]

    (o,) = rows(n, ref)
    return Case("float64_divmod", [inp("x", X, np.float64), inp("y", Y, np.float64),
                                   out("out", (n, 4), np.float64, ["x // y", "x % y", "x // -0.75", "x % 2.5"])],
                {"out": o}, n)


def case_float32_divmod(rng, nr):
    extra = [(3e38, 1e-38), (-3e38, 1e-38), (1e-45, 3e-45), (16777216.0, 3.0), (16777215.0, -2.0),
             (3.4028234663852886e38, 1.401298464324817e-45), (1.1, 0.1), (-1.1, 0.1)]
    X = [f32(x) for x, _ in FLOAT_DIVMOD_EDGES + extra] + [f32(v) for v in random_floats(rng, nr)]
    Y = [f32(y) for _, y in FLOAT_DIVMOD_EDGES + extra] + [f32(v) for v in random_floats(rng, nr)]
    n = len(X)

    def ref(i):
        x, y = X[i], Y[i]
        return [*float_divmod(x, y, f32), float_divmod(x, 1.5, f32)[1]]

    (o,) = rows(n, ref)
    return Case("float32_divmod", [inp("x", X, np.float32), inp("y", Y, np.float32),
                                   out("out", (n, 3), np.float32, ["x // y", "x % y", "x % 1.5"])],
                {"out": o}, n)


def case_true_division(rng, nr):
    AB = [(1, 0), (-1, 0), (0, 0), (I64_MAX, 1), (2**53 + 1, 1), (I64_MIN, -1), (7, 2), (-7, 2), (1, 3),
          (I64_MAX, I64_MIN), (-(2**53) - 1, 3)]
    JK = [(1, 0), (0, 0), (-1, 0), (I32_MIN, -1), (7, -2), (1, 3), (I32_MAX, 7), (5, 5), (-3, 4), (0, -1), (2, 3)]
    XY = [(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (-0.0, 0.0), (1.0, 3.0), (3e38, 0.1), (1e-38, 3e38),
          (NAN, 1.0), (INF, INF), (1e-45, 2.0), (-5.0, -0.0)]
    A = [a for a, _ in AB] + random_int64(rng, nr)
    B = [b for _, b in AB] + random_int64(rng, nr)
    J = [j for j, _ in JK] + random_int32(rng, nr)
    K = [k for _, k in JK] + random_int32(rng, nr)
    X = [f32(x) for x, _ in XY] + [f32(v) for v in random_floats(rng, nr)]
    Y = [f32(y) for _, y in XY] + [f32(v) for v in random_floats(rng, nr)]
    n = len(A)

    def ref(i):
        wide = [fdiv(float(A[i]), float(B[i])), fdiv(float(J[i]), float(K[i])), fdiv(X[i], float(K[i]))]
        return wide, f32(fdiv(X[i], Y[i]))

    w, nw = rows(n, ref)
    return Case("true_division", [inp("a", A, np.int64), inp("b", B, np.int64), inp("j", J, np.int32),
                                  inp("k", K, np.int32), inp("x", X, np.float32), inp("y", Y, np.float32),
                                  out("wide", (n, 3), np.float64, ["a / b", "j / k", "x / k"]),
                                  out("narrow", n, np.float32)],
                {"wide": w, "narrow": nw}, n)


def case_int_power(rng, nr):
    AN = [(2, 10), (3, 0), (-2, 3), (1, -5), (-1, -5), (-1, -4), (2, -1), (0, 0), (0, 5), (0, -1), (5, 3),
          (7, 21), (10, 18), (-3, 63), (3, 39), (2, 63), (2, 64), (I64_MAX, 2), (I64_MAX, -2), (2**32, -2),
          (I64_MIN, 1), (I64_MIN, 2), (-1, 1), (6, -64),
          # past Numba's 0x10000 cutoff: math.pow, then float-to-int64
          (2, 70000), (-3, 70001), (-2, 70000), (1, 70001), (-1, 70001), (-1, 70000), (0, 70000),
          (1, -70001), (-1, -70001), (2, -70001), (0, -70001), (-1, I64_MAX), (-1, I64_MIN + 1)]
    A = [a for a, _ in AN]
    N = [k for _, k in AN]
    half = nr // 2
    A += [int(v) for v in rng.integers(-10, 11, half)] + random_int64(rng, nr - half)
    N += [int(v) for v in rng.integers(-5, 70, half)] + [int(v) for v in rng.integers(0, 100, nr - half)]
    n = len(A)
    J = [i32(a) for a in A]
    literals = [0, 1, 2, 3, 5, -1, -2, -64]

    def ref(i):
        a, k = A[i], N[i]
        return ([int_power(a, k)] + [int_power(a, e) for e in literals]
                + [int_power(J[i], 2), int_power(J[i], 3), int_power(J[i], k)])

    (o,) = rows(n, ref)
    cols = ["a ** n"] + ["a ** %d" % e for e in literals] + ["j ** 2", "j ** 3", "j ** n"]
    return Case("int_power", [inp("a", A, np.int64), inp("n", N, np.int64), inp("j", J, np.int32),
                              out("out", (n, 12), np.int64, cols)], {"out": o}, n)


def case_float_power(rng, nr):
    XN = [(2.0, 10), (2.0, -2), (-1.5, 3), (0.5, -3), (10.0, 0), (0.0, 5), (-2.0, -1), (1.0000001, 1000),
          (0.0, -1), (-0.0, -1), (-0.0, 3), (NAN, 0), (NAN, 2), (INF, -1), (-INF, 3), (1e200, 2), (1e-200, 2),
          (3.0, 700), (0.1, -400), (-1.1, 1001),
          # past the 0x10000 cutoff (pow): only cases whose result is exact either way
          (1.0, 70000), (-1.0, 70001), (0.0, 70001), (-0.0, 70001), (2.0, 70000), (-2.0, 70001), (0.5, 70000),
          (-0.5, 70001), (0.0, -70001), (-0.0, -70001), (2.0, -70000), (1.5, 70000), (-1.0, -70000)]
    X = [x for x, _ in XN] + [float(v) for v in rng.standard_normal(nr) * 2.0]
    N = [k for _, k in XN] + [int(v) for v in rng.integers(-40, 41, nr)]
    n = len(X)
    S = [f32(x) for x in X]
    M = N

    def ref(i):
        x, k, s = X[i], N[i], S[i]
        wide = [float_power(x, k, float)] + [float_power(x, e, float) for e in (0, 2, 3, -1, -2)]
        narrow = [float_power(s, M[i], f32), float_power(s, 2, f32), float_power(s, -3, f32)]
        return wide, narrow

    w, nw = rows(n, ref)
    return Case("float_power", [inp("x", X, np.float64), inp("n", N, np.int64), inp("s", S, np.float32),
                                inp("m", M, np.int32),
                                out("wide", (n, 6), np.float64, ["x ** n", "x ** 0", "x ** 2", "x ** 3",
                                                                 "x ** -1", "x ** -2"]),
                                out("narrow", (n, 3), np.float32, ["s ** m", "s ** 2", "s ** -3"])],
                {"wide": w, "narrow": nw}, n)


def case_integer_wrap(rng, nr):
    A = [I32_MAX, I32_MIN, I32_MIN, -1, 0, 65536, I32_MAX]
    B = [1, -1, I32_MIN, -1, 0, 65536, I32_MAX]
    L = [I64_MAX, I64_MIN, 2**32 - 2, -1, 0, 2**31, I64_MAX // 3 + 1]
    U = [0, 1, U32_MAX, 2**31, 2**16, 7, U32_MAX]
    UL = [0, 1, U64_MAX, 2**63, 2**32, 7, U64_MAX]
    A += random_int32(rng, nr)
    B += random_int32(rng, nr)
    L += random_int64(rng, nr)
    U += random_uint(rng, nr, 32)
    UL += random_uint(rng, nr, 64)
    n = len(A)

    def ref(i):
        a, b, l, u, ul = A[i], B[i], L[i], U[i], UL[i]
        narrow = [i32(a + b), i32(a - b), i32(a * b), i32(l), i32(-a)]
        wide = [a + b, a - b, a * b, i32(-a), ~a, i64(l + 1), i64(l * 3), i64(-l), ~l, u - 1]
        unsigned = [u64(wrap(-u, 32, False)), U32_MAX - u, u + u, u * u, u64(-ul), U64_MAX - ul,
                    u64(ul + ul), u64(ul * ul)]
        return narrow, wide, unsigned

    nw, w, un = rows(n, ref)
    return Case("integer_wrap", [inp("a", A, np.int32), inp("b", B, np.int32), inp("l", L, np.int64),
                                 inp("u", U, np.uint32), inp("ul", UL, np.uint64),
                                 out("narrow", (n, 5), np.int32, ["a + b", "a - b", "a * b", "l", "-a"]),
                                 out("wide", (n, 10), np.int64, ["a + b", "a - b", "a * b", "-a", "~a", "l + 1",
                                                                 "l * 3", "-l", "~l", "u - 1"]),
                                 out("unsigned", (n, 8), np.uint64, ["-u", "~u", "u + u", "u * u", "-ul", "~ul",
                                                                     "ul + ul", "ul * ul"])],
                {"narrow": nw, "wide": w, "unsigned": un}, n)


def case_shifts_bitwise(rng, nr):
    A = [1, -1, I32_MIN, I32_MAX, 5, -5, 1]
    L = [1, -1, I64_MIN, I64_MAX, 5, -5, 3]
    U = [1, U32_MAX, 2**31, 7, 0, 5, 1]
    UL = [1, U64_MAX, 2**63, 7, 0, 5, 1]
    S = [0, 1, 31, 32, 63, 62, 40]
    A += random_int32(rng, nr)
    L += random_int64(rng, nr)
    U += random_uint(rng, nr, 32)
    UL += random_uint(rng, nr, 64)
    S += [int(v) for v in rng.integers(0, 64, nr)]
    n = len(A)

    def ref(i):
        a, l, u, ul, s = A[i], L[i], U[i], UL[i], S[i]
        signed = [i64(a << s), a >> s, i64(l << s), l >> s, i64(a << 40), i64(a & u), i64(a | u), i64(a ^ u),
                  l & 0xFF, ~l]
        unsigned = [u64(u << s), u >> s, u64(ul << s), ul >> s, u & ul, u | ul, ul ^ u]
        return signed, unsigned

    sg, us = rows(n, ref)
    return Case("shifts_bitwise", [inp("a", A, np.int32), inp("l", L, np.int64), inp("u", U, np.uint32),
                                   inp("ul", UL, np.uint64), inp("s", S, np.int64),
                                   out("signed", (n, 10), np.int64, ["a << s", "a >> s", "l << s", "l >> s",
                                                                     "a << 40", "a & u", "a | u", "a ^ u",
                                                                     "l & 0xff", "l ^ -1"]),
                                   out("unsigned", (n, 7), np.uint64, ["u << s", "u >> s", "ul << s", "ul >> s",
                                                                       "u & ul", "u | ul", "ul ^ u"])],
                {"signed": sg, "unsigned": us}, n)


FLOAT_COMPARISONS = [
    ("x < y", lambda p, q, w: p < q), ("x <= y", lambda p, q, w: p <= q), ("x == y", lambda p, q, w: p == q),
    ("x != y", lambda p, q, w: p != q), ("x > y", lambda p, q, w: p > q), ("x >= y", lambda p, q, w: p >= q),
    ("x < y < z", lambda p, q, w: p < q < w), ("x < y > z", lambda p, q, w: p < q > w),
    ("x == y == z", lambda p, q, w: p == q == w), ("x != y != z", lambda p, q, w: p != q != w),
    ("not x", lambda p, q, w: not p), ("0.0 <= x < y", lambda p, q, w: 0.0 <= p < q),
    ("x < y or y < z", lambda p, q, w: p < q or q < w), ("x < y and not z", lambda p, q, w: p < q and not w)]


def case_float_compare(rng, nr):
    pool = [0.0, -0.0, 1.0, -1.0, 2.0, NAN, INF, -INF, 5e-324]
    edges = [(a, b, c) for a in pool for b in pool for c in (0.0, NAN, 1.5)]
    X = [e[0] for e in edges]
    Y = [e[1] for e in edges]
    Z = [e[2] for e in edges]
    small = [float(v) for v in rng.integers(-3, 4, 3 * nr)]
    mixed = random_floats(rng, 3 * nr)
    take = rng.random(3 * nr) < 0.5
    vals = [s if t else m for s, m, t in zip(small, mixed, take)]
    X += vals[:nr]
    Y += vals[nr:2 * nr]
    Z += vals[2 * nr:]
    n = len(X)

    def ref(i):
        bits = [bool(fn(X[i], Y[i], Z[i])) for _, fn in FLOAT_COMPARISONS]
        return [int(b) for b in bits], sum(1 << k for k, b in enumerate(bits) if b)

    v, f = rows(n, ref)
    return Case("float_compare", [inp("x", X, np.float64), inp("y", Y, np.float64), inp("z", Z, np.float64),
                                  out("values", (n, 14), np.bool_, [c for c, _ in FLOAT_COMPARISONS]),
                                  out("flags", n, np.int64)],
                {"values": v, "flags": f}, n)


def case_mixed_compare(rng, nr):
    LU = [(2**53 + 1, 2**53), (2**53, 2**53 + 1), (-1, U64_MAX), (I64_MAX, 2**63), (0, 0), (-1, 0),
          (I64_MIN, 0), (5, 5)]
    JU = [(-1, U32_MAX), (-1, 0), (I32_MAX, 2**31), (0, 0), (5, 5), (I32_MIN, 1), (7, 3), (3, 7)]
    F = [f32(0.1), 1.0, 0.999999940395, NAN, -0.0, INF, f32(1.1), 0.1]
    L = [a for a, _ in LU] + random_int64(rng, nr)
    UL = [b for _, b in LU] + random_uint(rng, nr, 64)
    J = [a for a, _ in JU] + random_int32(rng, nr)
    U = [b for _, b in JU] + random_uint(rng, nr, 32)
    F = [f32(v) for v in F] + [f32(v) for v in random_floats(rng, nr)]
    n = len(L)
    tenth32 = f32(0.1)
    # equal-looking pairs, so that == is sometimes true
    for k in range(len(LU), n, 7):
        UL[k] = u64(L[k])
        U[k] = wrap(J[k], 32, False)
        L[k + 1 if k + 1 < n else k] = J[k]

    def ref(i):
        l, ul, j, u, f = L[i], UL[i], J[i], U[i], F[i]
        return [int(b) for b in (float(l) < float(ul), float(l) == float(ul), float(l) >= float(ul), j < u, j == u,
                                 True, float(ul) > -1.0, f < 1.0, f == 0.1, f == tenth32, j < l, l != j)]

    (o,) = rows(n, ref)
    cols = ["l < ul", "l == ul", "l >= ul", "j < u", "j == u", "u > -1", "ul > -1", "f < 1", "f == 0.1",
            "f == float32(0.1)", "j < l", "l != j"]
    return Case("mixed_compare", [inp("l", L, np.int64), inp("ul", UL, np.uint64), inp("j", J, np.int32),
                                  inp("u", U, np.uint32), inp("f", F, np.float32),
                                  out("out", (n, 12), np.bool_, cols)], {"out": o}, n)


def case_min_max_abs(rng, nr):
    pool = [0.0, -0.0, 1.0, -1.0, NAN, INF, -INF, 2.5]
    edges = [(a, b, c) for a in pool for b in pool for c in (NAN, 0.0, -3.0)]
    X = [e[0] for e in edges]
    Y = [e[1] for e in edges]
    Z = [e[2] for e in edges]
    vals = [float(v) for v in rng.integers(-3, 4, 3 * nr)]
    mixed = random_floats(rng, 3 * nr)
    take = rng.random(3 * nr) < 0.5
    vals = [s if t else m for s, m, t in zip(vals, mixed, take)]
    X += vals[:nr]
    Y += vals[nr:2 * nr]
    Z += vals[2 * nr:]
    n = len(X)
    P = [f32(v) for v in Y[::-1]]
    Q = [f32(v) for v in Z[::-1]]
    J = [I32_MIN, I32_MAX, -1, 0, 5, -5] + random_int32(rng, n - 6)
    U = [0, U32_MAX, 1, 0, 3, 2**31] + random_uint(rng, n - 6, 32)

    def ref(i):
        x, y, z, p, q, j, u = X[i], Y[i], Z[i], P[i], Q[i], J[i], U[i]
        wide = [fmin(x, y), fmax(x, y), py_min(x, y, z), py_max(x, y, z), py_max(float(j), x),
                py_min(x, float(j)), fmax(p, x), fmin(y, p), abs(x)]
        narrow = [fmin(p, q), fmax(p, q), abs(p), py_max(p, q, p)]
        ints = [min(j, u), max(j, u), max(j, 0), py_min(j, -5, u)]
        return wide, narrow, ints, i32(abs(j))

    w, nw, it, ab = rows(n, ref)
    return Case("min_max_abs", [inp("x", X, np.float64), inp("y", Y, np.float64), inp("z", Z, np.float64),
                                inp("p", P, np.float32), inp("q", Q, np.float32), inp("j", J, np.int32),
                                inp("u", U, np.uint32),
                                out("wide", (n, 9), np.float64, ["min(x, y)", "max(x, y)", "min(x, y, z)",
                                                                 "max(x, y, z)", "max(j, x)", "min(x, j)",
                                                                 "max(p, x)", "min(y, p)", "abs(x)"]),
                                out("narrow", (n, 4), np.float32, ["min(p, q)", "max(p, q)", "abs(p)",
                                                                   "max(p, q, p)"]),
                                out("ints", (n, 4), np.int64, ["min(j, u)", "max(j, u)", "max(j, 0)",
                                                               "min(j, -5, u)"]),
                                out("absj", n, np.int32)],
                {"wide": w, "narrow": nw, "ints": it, "absj": ab}, n)


def case_conversions(rng, nr):
    X = [2.7, -2.7, -0.5, 0.5, -0.0, 1e10, -1e10, 2147483647.9, -2147483648.9, 9.3e18, -9.3e18, NAN, INF,
         -INF, 16777217.0, 3.4028235677973366e38, 3.5e38, 1e-46, 1.5e-45, -1.0, 4294967296.5, 1.8446744073709552e19]
    L = [I64_MAX, I64_MIN, 2**53 + 1, 2**24 + 1, 300, -1, 0, 65535, -129, 2**31, 2**32 + 5, 2**24 + 3,
         -(2**40) - 1, 255, 128, 32768, 2**63 - 2**39, 7, 1, -300, 2**62 + 2**38, 2**62 + 2**38 + 1]
    UL = [U64_MAX, 2**63, 2**53 + 1, 2**24 + 1, 0, 1, 2**64 - 2**39, 2**64 - 2**39 - 1, 2**40 + 2**16,
          2**40 + 2**16 + 1, 3, 2**63 + 2**39, 2**63 + 2**39 + 1, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    X += random_floats(rng, nr // 2) + [float(v) for v in rng.uniform(-3e9, 3e9, nr - nr // 2)]
    n = len(X)
    F = [f32(x) for x in X[::-1]]
    L += random_int64(rng, n - len(L))
    UL += random_uint(rng, n - len(UL), 64)
    B = [bool(v) for v in rng.integers(0, 2, n)]

    def ref(i):
        x, f, l, ul, b = X[i], F[i], L[i], UL[i], B[i]
        ints32 = [trunc_in(x, I32_MIN, I32_MAX), trunc_in(f, I32_MIN, I32_MAX), i32(l), trunc_in(x, I32_MIN, I32_MAX)]
        ints64 = [trunc_in(x, I64_MIN, I64_MAX), trunc_in(f, I64_MIN, I64_MAX), trunc_in(x, I64_MIN, I64_MAX),
                  l & 0xFF, wrap(l, 8), l & 0xFFFF, wrap(l, 16), int(b), -int(b), 2 * int(b), int(not b)]
        uints = [l & U32_MAX, u64(l), trunc_in(f, 0, U64_MAX)]
        floats32 = [f32(x), f32_of_int(l), f32_of_int(ul), f, f32(x)]
        floats64 = [float(l), float(ul), f, f, f32(x)]
        bools = [int(b) for b in (x != 0.0, f != 0.0, l != 0, x == 0.0, b and x > 0, not b, not b, b)]
        return ints32, ints64, uints, floats32, floats64, bools

    o32, o64, ou, of32, of64, ob = rows(n, ref)
    return Case("conversions", [inp("x", X, np.float64), inp("f", F, np.float32), inp("l", L, np.int64),
                                inp("ul", UL, np.uint64), inp("b", B, np.bool_),
                                out("i32", (n, 4), np.int32, ["int32(x)", "int32(f)", "int32(l)", "x stored"]),
                                out("i64", (n, 11), np.int64, ["int(x)", "int(f)", "int64(x)", "uint8(l)",
                                                               "int8(l)", "uint16(l)", "int16(l)", "int(b)", "-b",
                                                               "b + b", "~b + 0"]),
                                out("u64", (n, 3), np.uint64, ["uint32(l)", "uint64(l)", "uint64(f)"]),
                                out("f32", (n, 5), np.float32, ["float32(x)", "float32(l)", "float32(ul)",
                                                                "float(f)", "x stored"]),
                                out("f64", (n, 5), np.float64, ["float(l)", "float64(ul)", "float(f)", "float64(f)",
                                                                "float32(x)"]),
                                out("bools", (n, 8), np.bool_, ["bool(x)", "bool(f)", "bool(l)", "not x",
                                                                "b & (x > 0)", "b ^ True", "~b", "b | b"])],
                {"i32": o32, "i64": o64, "u64": ou, "f32": of32, "f64": of64, "bools": ob}, n)


def case_range_loops(rng, nr):
    edges = [(0, 10, 1), (10, 0, -1), (0, 10, 3), (10, -5, -4), (5, 5, 1), (3, 1, 1), (-3, 20, 7), (0, 0, -1),
             (-10, -20, -3), (7, 8, 100), (0, 1, -1), (-5, 5, 1), (100, -100, -7), (1, 0, 1), (-7, -7, -2),
             (0, 300, 1), (300, 0, -1), (1000, 1010, 3), (-1000, -1009, -2)]
    S = [e[0] for e in edges] + [int(v) for v in rng.integers(-60, 61, nr)]
    E = [e[1] for e in edges] + [int(v) for v in rng.integers(-60, 61, nr)]
    T = [e[2] for e in edges] + [int(v) * int(s) for v, s in zip(rng.integers(1, 9, nr), rng.choice([-1, 1], nr))]
    n = len(S)

    def ref(i):
        a, e, st = S[i], E[i], T[i]
        seq = list(range(a, e, st))
        down = list(range(e, a, -3))
        r32 = list(range(i32(a), i32(e), i32(st)))
        return [len(seq), sum(seq), seq[0] if seq else -99, seq[-1] if seq else -77,
                len(down), sum(down), down[-1] if down else -55,
                len(range(a, e)), sum(range(a, e)), sum(range(e)), len(r32), sum(r32), len(range(a, e, 2))]

    (o,) = rows(n, ref)
    cols = ["count", "sum", "first", "k after", "count(-3)", "sum(-3)", "last(-3)", "count(a, e)", "sum(a, e)",
            "sum(range(e))", "count int32", "sum int32", "count(step 2)"]
    return Case("range_loops", [inp("start", S, np.int64), inp("stop", E, np.int64), inp("step", T, np.int64),
                                out("out", (n, 13), np.int64, cols)], {"out": o}, n)


def loops_reference(n):
    """The body of semantics.pyk's `loops`, run by CPython."""
    k = -3
    for k in range(n):
        if k * k > 50:
            found = k
            break
    else:
        found = -1
    j = 0
    total = 0
    while j < n:
        j += 1
        if j % 3 == 0:
            continue
        total += j
    else:
        total += 1000
    broke = 0
    while True:
        broke += 1
        if broke >= n:
            break
    s = 0
    for k in range(n):
        s += k
        k += 100
        s += k
    k_after = k
    m = n
    c = 0
    for _ in range(m):
        m = 2
        c += 1
    pairs = 0
    for a in range(n):
        if a % 2 == 1:
            continue
        for b in range(n):
            if b > a:
                break
            pairs += 1
    e = 0
    for _ in range(n % 4):
        e += 10
    else:
        e += 1
    j = 0
    while j < n and (j < 5 or j % 7 != 0):
        j += 1
    return [found, total, broke, s, 1000 * c + m, pairs, e, j, k_after]


def case_loops(rng, nr):
    N = list(range(-3, 40)) + [int(v) for v in rng.integers(-5, 60, nr)]
    n = len(N)
    (o,) = rows(n, lambda i: loops_reference(N[i]))
    cols = ["for/else break", "while/else continue", "while True break", "reassigned var", "reassigned bound",
            "nested break/continue", "for/else n % 4", "while and/or", "k after"]
    return Case("loops", [inp("ns", N, np.int64), out("out", (n, 9), np.int64, cols)], {"out": o}, n)


def case_and_or_ifexp(rng, nr):
    A = [0, 0, 5, 5, -3, 0, 7, 200]
    B = [0, 9, 0, 9, 4, -1, 150, 50]
    X = [0.0, 0.0, 2.5, NAN, -0.0, 1.0, NAN, 0.0]
    Y = [0.0, 3.0, 0.0, 1.0, 7.0, NAN, 0.0, -0.0]
    C = [False, True, False, True, True, False, True, False]
    A += [int(v) for v in rng.integers(-3, 4, nr)]
    B += [int(v) for v in rng.integers(-3, 150, nr)]
    pool = np.array([0.0, -0.0, NAN, 1.5, -2.0, INF])
    X += [float(v) for v in pool[rng.integers(0, len(pool), nr)]]
    Y += [float(v) for v in pool[rng.integers(0, len(pool), nr)]]
    C += [bool(v) for v in rng.integers(0, 2, nr)]
    n = len(A)

    def ref(i):
        p, q, x, y, c = A[i], B[i], X[i], Y[i], C[i]
        ints = [p and q, p or q, (p and q) or 7, int(not p), p if c else q, int((p < q) and (q < 100)),
                int(p > 0), 1, int(c)]
        floats = [x and y, x or y, float(p) if not p else x, x if x else float(p), x if p else y,
                  1.5 if x < y else float(p)]
        return ints, floats, int(p > 0) + int(q <= 0) + int(c)

    it, fl, hits = rows(n, ref)
    return Case("and_or_ifexp", [inp("a", A, np.int64), inp("b", B, np.int64), inp("x", X, np.float64),
                                 inp("y", Y, np.float64), inp("c", C, np.bool_),
                                 out("ints", (n, 9), np.int64, ["a and b", "a or b", "(a and b) or 7", "not a",
                                                                "a if c else b", "a < b and b < 100",
                                                                "a > 0 and touch", "b > 0 or touch",
                                                                "touch if c else False"]),
                                 out("floats", (n, 6), np.float64, ["x and y", "x or y", "a and x", "x or a",
                                                                    "x if a else y", "1.5 if x < y else a"]),
                                 acc("hits", n, np.int64)],
                {"ints": it, "floats": fl, "hits": hits}, n)


def case_tuple_unpack(rng, nr):
    A = [1, -1, 0, 19, 20, -21] + [int(v) for v in rng.integers(-10**6, 10**6, nr)]
    B = [2, 5, 0, -7, 8, 9] + [int(v) for v in rng.integers(-10**6, 10**6, nr)]
    C = [3, 6, 0, 4, -1, 2] + [int(v) for v in rng.integers(-10**6, 10**6, nr)]
    X = [0.5, NAN, -0.0, 1e300, -2.0, INF] + [float(v) for v in rng.standard_normal(nr)]
    n = len(A)

    def fib(k):
        f0, f1 = 0, 1
        for _ in range(k):
            f0, f1 = f1, f0 + f1
        return f0

    def ref(i):
        a, b, c = A[i], B[i], C[i]
        # p, q = b, a after the swap; p, q, r = c, b, a after the rotation
        return [b, a, c, b, a, c - b, 3, a + b, a - b, fib(a % 20)], X[i]

    it, fl = rows(n, ref)
    return Case("tuple_unpack", [inp("a", A, np.int64), inp("b", B, np.int64), inp("c", C, np.int64),
                                 inp("x", X, np.float64),
                                 out("ints", (n, 10), np.int64, ["p (swap)", "q (swap)", "p (rotate)", "q (rotate)",
                                                                 "r (rotate)", "t[0] - t[-1]", "len(t)", "s", "d",
                                                                 "fib(a % 20)"]),
                                 out("floats", n, np.float64)],
                {"ints": it, "floats": fl}, n)


def case_device_calls(rng, nr):
    A = [12, -12, 0, 0, 17, I64_MIN, 1, -1, 270, 5]
    B = [18, 18, 5, 0, 0, -1, I64_MIN, 7, -192, 5]
    X = [1.5, 1.5, 2.0, NAN, -0.0, INF, 3.0, -4.0, 1e-310, 0.1]
    A += [int(v) for v in rng.integers(-10**6, 10**6, nr)]
    B += [int(v) for v in rng.integers(-10**6, 10**6, nr)]
    X += random_floats(rng, nr)
    n = len(A)

    def gcd(a, b):
        while b != 0:
            a, b = b, int_divmod(a, b)[1]
        return a

    def sign(v):
        return 1 if v > 0 else (-1 if v < 0 else 0)

    def collatz(v):
        steps = 0
        while v > 1:
            v = v // 2 if v % 2 == 0 else 3 * v + 1
            steps += 1
        return steps

    def ref(i):
        a, b = A[i], B[i]
        ints = [gcd(a, b), sign(a), collatz(int_divmod(i64(abs(b)), 1000)[1]), gcd(sign(a), b)]
        return ints, X[i] * float(sign(a)) / 2.0

    it, fl = rows(n, ref)
    return Case("device_calls", [inp("a", A, np.int64), inp("b", B, np.int64), inp("x", X, np.float64),
                                 out("ints", (n, 4), np.int64, ["gcd(a, b)", "sign(a)", "collatz(|b| % 1000)",
                                                                "gcd(sign(a), b)"]),
                                 out("floats", n, np.float64)],
                {"ints": it, "floats": fl}, n)


def case_shared_reverse_sum(rng, nr):
    n = max(1, nr // 2 + 37)        # a partial last block
    X = [int(v) for v in rng.integers(-10**12, 10**12, n)]
    blocks = (n + TPB - 1) // TPB
    rev = []
    for i in range(n):
        m = (i // TPB) * TPB + TPB - 1 - i % TPB
        rev.append(X[m] if m < n else 0)
    sums = [sum(X[b * TPB:(b + 1) * TPB]) for b in range(blocks)]
    return Case("shared_reverse_sum", [inp("x", X, np.int64), out("rev", n, np.int64),
                                       out("sums", blocks, np.int64, per_thread=False)],
                {"rev": rev, "sums": sums}, n)


def case_atomic_adds(rng, nr):
    n = max(1, nr)
    bins = [int(v) for v in rng.integers(0, NBINS, n)]
    count = [0] * NBINS
    isum = [0] * NBINS
    grid2 = [[0] * 8 for _ in range(4)]
    for i, k in enumerate(bins):
        count[k] += 1
        isum[k] += i
        grid2[k % 4][i % 8] += 1
    quarter = [s * 0.25 for s in isum]
    want = {
        "c32": count + [n], "c64": isum, "cf32": [0.5 * c for c in count], "cf64": quarter,
        "cu32": [(3000000000 * c) % 2**32 for c in count],
        "cu64": [u64(2**63 * c + s) for c, s in zip(count, isum)],
        "grid2": [v for row in grid2 for v in row], "ticket": [n], "olds": list(range(n)),
        "shared_counts": count, "shared_sums": quarter}
    whole = dict(per_thread=False)
    return Case("atomic_adds", [inp("bins", bins, np.int64), acc("c32", NBINS + 1, np.int32, **whole),
                                acc("c64", NBINS, np.int64, **whole), acc("cf32", NBINS, np.float32, **whole),
                                acc("cf64", NBINS, np.float64, **whole), acc("cu32", NBINS, np.uint32, **whole),
                                acc("cu64", NBINS, np.uint64, **whole), acc("grid2", (4, 8), np.int32, **whole),
                                acc("ticket", 1, np.int64, **whole),
                                out("olds", n, np.int64, unordered=True, per_thread=False),
                                acc("shared_counts", NBINS, np.int32, **whole),
                                acc("shared_sums", NBINS, np.float64, **whole)],
                want, n)


CASES = [case_int64_divmod, case_int32_divmod, case_unsigned_divmod, case_float64_divmod, case_float32_divmod,
         case_true_division, case_int_power, case_float_power, case_integer_wrap, case_shifts_bitwise,
         case_float_compare, case_mixed_compare, case_min_max_abs, case_conversions, case_range_loops, case_loops,
         case_and_or_ifexp, case_tuple_unpack, case_device_calls, case_shared_reverse_sum, case_atomic_adds]


# --------------------------------------------------------------------------
# Comparing outputs.

def fmt(v):
    if isinstance(v, tuple):
        return " or ".join(fmt(w) for w in v)
    if isinstance(v, float):
        return repr(v)
    return str(v)


def matches(got, want):
    """got (a Python scalar read back) against want: None is unspecified, a
    tuple lists the allowed values; floats must be the same bits, except
    that any NaN matches any NaN."""
    if want is None:
        return True
    if isinstance(want, tuple):
        return any(matches(got, w) for w in want)
    if isinstance(want, float):
        if math.isnan(want):
            return math.isnan(got)
        return got == want and math.copysign(1.0, got) == math.copysign(1.0, want)
    return got == want


def values_of(arr):
    """An output read back, flat, as Python scalars (bools as their byte)."""
    if arr.dtype == np.bool_:
        arr = arr.view(np.uint8)
    return arr.reshape(-1).tolist()


def poisoned(arr):
    """Flat mask of the elements still holding the poison bytes."""
    raw = arr.reshape(-1).view(np.uint8).reshape(arr.size, arr.itemsize)
    return (raw == POISON_BYTE).all(axis=1).tolist()


def where(case, array, e):
    """A failing element: its column (mismatches are grouped by it), and
    its place with the inputs of its thread."""
    if array.host.ndim == 2:
        row, col = divmod(e, array.host.shape[1])
        group = "%s[:, %d]" % (array.name, col)
        if array.cols:
            group += " (%s)" % array.cols[col]
        place = "[%d, %d]" % (row, col)
    else:
        row, group, place = e, array.name, "[%d]" % e
    if array.per_thread:
        place += " with " + ", ".join("%s=%s" % (a.name, fmt(a.host.reshape(-1)[row].item()))
                                      for a in case.inputs)
    return group, place


def compare_with_reference(case, outs):
    bad = []
    for array in case.arrays:
        if array.kind == "in":
            continue
        got = values_of(outs[array.name])
        want = case.want[array.name]
        if array.unordered:
            got, want = sorted(got), sorted(want)
        unwritten = poisoned(outs[array.name]) if not array.unordered else [False] * len(got)
        for e, (g, w) in enumerate(zip(got, want)):
            if unwritten[e] and not (w is not None and not isinstance(w, tuple) and matches(g, w)):
                bad.append(where(case, array, e) + ("not written",))
            elif not matches(g, w):
                bad.append(where(case, array, e) + ("got %s, want %s" % (fmt(g), fmt(w)),))
    return bad


def same_bits(g, w):
    if isinstance(g, float) and math.isnan(g) and math.isnan(w):
        return True
    return matches(g, w)


# Outputs where pykc deliberately computes Python's value and Numba does
# not: there a difference from Numba is reported but not counted, provided
# Numba is the one that differs from the reference and pykc is not.
KNOWN_NUMBA_DIFFERENCES = {
    ("float64_divmod", "out"): "Numba's float % and // use NVVM's frem, |x| - floor(|x| / |y|) * |y|: "
                               "NaN for an infinite divisor, inexact past 2**53 quotients",
    ("float32_divmod", "out"): "as for float64_divmod (inexact past 2**24 quotients)",
}


def compare_with_numba(case, outs, numba_outs):
    """pykc's outputs against Numba's: the mismatches, and those excused by
    KNOWN_NUMBA_DIFFERENCES (with the reason)."""
    bad, known = [], {}
    for array in case.arrays:
        if array.kind == "in":
            continue
        got, ref = values_of(outs[array.name]), values_of(numba_outs[array.name])
        want = case.want[array.name]
        if array.unordered:
            got, ref, want = sorted(got), sorted(ref), sorted(want)
        reason = KNOWN_NUMBA_DIFFERENCES.get((case.kernel, array.name))
        for e, (g, w) in enumerate(zip(got, ref)):
            if same_bits(g, w):
                continue
            entry = where(case, array, e) + ("pykc %s, numba %s, reference %s" % (fmt(g), fmt(w), fmt(want[e])),)
            if reason and matches(g, want[e]) and not matches(w, want[e]):
                known.setdefault(reason, []).append(entry)
            else:
                bad.append(entry)
    return bad, known


# --------------------------------------------------------------------------
# Launching: pykc's PTX through CuPy, the same kernels through Numba.

def array_args(arrays):
    """The ABI's flattening of arrays: data pointer, shape, element strides."""
    args = []
    for a in arrays:
        args.append(a)
        args.extend(np.int64(n) for n in a.shape)
        args.extend(np.int64(s // a.itemsize) for s in a.strides)
    return args


def run_pykc(cp, module, case):
    device = [cp.asarray(a.host) for a in case.arrays]
    module.get_function(case.kernel)((case.grid,), (case.block,), array_args(device))
    cp.cuda.runtime.deviceSynchronize()
    return {a.name: cp.asnumpy(d) for a, d in zip(case.arrays, device) if a.kind != "in"}


def load_numba():
    """semantics.pyk's kernels compiled by numba-cuda, by name, and the
    compile errors; (None, reason) where numba-cuda is not usable."""
    if np.__dict__.get("row_stack") is None:
        np.row_stack = np.vstack        # numba-cuda 0.30.4 still names it
    try:
        warnings.simplefilter("ignore")
        from numba import cuda
        if not cuda.is_available():
            return None, "no GPU visible to numba-cuda"
    except Exception as e:          # an import failure of any kind
        return None, "numba-cuda does not import (%s: %s)" % (type(e).__name__, e)
    real_jit, errors = cuda.jit, {}

    def jit(*args, **kwargs):
        compile_now = real_jit(*args, **kwargs)

        def decorate(fn):
            try:
                return compile_now(fn)
            except Exception as e:
                errors[fn.__name__] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
                return None
        return decorate
    cuda.jit = jit
    try:
        namespace = {"__name__": "semantics"}
        with open(SOURCE) as f:
            exec(compile(f.read(), SOURCE, "exec"), namespace)
    finally:
        cuda.jit = real_jit
    return (namespace, errors), None


def run_numba(kernel, case):
    from numba import cuda
    device = [cuda.to_device(a.host) for a in case.arrays]
    kernel[case.grid, case.block](*device)
    cuda.synchronize()
    return {a.name: d.copy_to_host() for a, d in zip(case.arrays, device) if a.kind != "in"}


# --------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, bad):
        print("%s %s" % ("FAIL" if bad else "PASS", name), flush=True)
        self.show(bad)
        if bad:
            self.failed += 1
        else:
            self.passed += 1

    @staticmethod
    def show(bad):
        """Mismatches (column, place, text), a few per column."""
        groups = {}
        for group, place, text in bad:
            groups.setdefault(group, []).append("%s: %s" % (place, text))
        for k, (group, lines) in enumerate(groups.items()):
            if k == SHOWN_GROUPS:
                print("    ... and %d more columns" % (len(groups) - k))
                break
            print("    %s: %d mismatch%s, e.g." % (group, len(lines), "" if len(lines) == 1 else "es"))
            for line in lines[:SHOWN_PER_GROUP]:
                print("      " + line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptx", nargs="*", help="semantics.pyk compiled by pykc")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--random", type=int, default=3000, help="random cases per kernel")
    parser.add_argument("--no-numba", action="store_true", help="do not compare with Numba")
    opts = parser.parse_args()
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(4), "little")
    print("seed: %d (rerun with --seed %d)" % (seed, seed), flush=True)
    rng = np.random.default_rng(seed)
    cases = [make(rng, opts.random) for make in CASES]
    report = Report()

    numba_outs = {}
    if not opts.no_numba:
        loaded, reason = load_numba()
        if loaded is None:
            print("numba: %s; pykc is compared with the reference only" % reason, flush=True)
        else:
            namespace, errors = loaded
            for case in cases:
                if case.kernel in errors or namespace.get(case.kernel) is None:
                    report.check("numba compiles %s" % case.kernel,
                                 [(case.kernel, "compile", errors.get(case.kernel, "missing from the module"))])
                    continue
                try:
                    numba_outs[case.kernel] = run_numba(namespace[case.kernel], case)
                except Exception as e:
                    report.check("numba runs %s" % case.kernel, [(case.kernel, "launch", "%s: %s" % (type(e).__name__, e))])
                    continue
                bad = compare_with_reference(case, numba_outs[case.kernel])
                status = "agrees with" if not bad else "DIFFERS from"
                print("NOTE numba %s the reference on %s" % (status, case.kernel), flush=True)
                report.show(bad)

    if opts.ptx:
        import cupy as cp
        print("device: %s" % cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), flush=True)
    for path in opts.ptx:
        label = os.path.join(os.path.basename(os.path.dirname(os.path.abspath(path))), os.path.basename(path))
        module = cp.RawModule(path=path)
        for case in cases:
            try:
                outs = run_pykc(cp, module, case)
            except Exception as e:
                report.check("%s %s runs" % (label, case.kernel), [(case.kernel, "launch", "%s: %s" % (type(e).__name__, e))])
                continue
            report.check("%s %s = reference" % (label, case.kernel), compare_with_reference(case, outs))
            if case.kernel in numba_outs:
                bad, known = compare_with_numba(case, outs, numba_outs[case.kernel])
                report.check("%s %s = numba" % (label, case.kernel), bad)
                for reason, entries in known.items():
                    print("NOTE %s %s: %d known differences from Numba: %s" % (label, case.kernel, len(entries), reason))
                    report.show(entries)
    print("%d passed, %d failed" % (report.passed, report.failed))
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
