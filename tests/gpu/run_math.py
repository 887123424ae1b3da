#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/math.pyk, as compiled by pykc, on a GPU and
checks that they compute what numba-cuda computes, bit for bit.

Both compilers call the same libdevice functions (pykc links the toolkit's
libdevice.10.bc; Numba's NVVM links its own copy) with the same options (no
flush to zero, IEEE division and square root), so every output must have
the same bits; two NaNs match whatever their payloads. Each kernel is
launched on fixed edge cases (zeros, infinities, NaN, subnormals, the
extremes, values near the domain limits and overflow thresholds of each
function, multiples of pi) plus values drawn afresh on every run, with its
outputs poisoned before the launch, as tests/gpu/run_semantics.py does:
this script reuses that file's launching and reporting machinery.

Usage: run_math.py [--seed N] [--random N] [--save DIR] PTX ...
  PTX          math.pyk compiled by pykc (any -O; several allowed)
  --seed N     the seed of the random inputs (printed on every run)
  --random N   random cases per kernel (default 3000)
  --save DIR   also write every kernel's inputs and outputs to DIR
  --numba-ptx FILE  also write the PTX Numba compiled each kernel to
Prints one PASS/FAIL line per kernel and PTX, the mismatches grouped by
column (with the inputs, both values and their distance in units in the last
place), and "N passed, M failed" last; exits 1 on any failure, or when
numba-cuda cannot run (there is no other reference)."""
import argparse
import math
import os
import struct
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_semantics as rs  # noqa: E402  (the launching and reporting machinery)

SOURCE = os.path.join(HERE, "math.pyk")
INF, NAN, PI = math.inf, math.nan, math.pi

UNARY = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
         "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "fabs", "floor", "ceil", "trunc",
         "erf", "erfc", "gamma", "lgamma", "degrees", "radians"]
UNARY_INT = ["sin(l)", "atan(l)", "tanh(l)", "exp(l)", "expm1(l)", "log(l)", "log1p(l)", "sqrt(l)",
             "floor(l)", "fabs(l)", "erf(l)", "gamma(l)", "lgamma(l)", "degrees(l)", "asinh(l)",
             "cos(u)", "atan(u)", "cosh(u)", "exp2(u)", "log2(u)", "log10(u)", "acosh(u)", "sqrt(u)",
             "ceil(u)", "trunc(u)", "erfc(u)", "lgamma(u)", "radians(u)", "tan(u)", "sinh(u)"]
BINARY = ["atan2", "hypot", "copysign", "fmod", "nextafter", "remainder", "pow", "a ** b"]
BINARY_INT = ["atan2(l, m)", "hypot(l, m)", "copysign(l, m)", "fmod(l, m)", "pow(l, m)", "l ** 0.5",
              "atan2(u, w)", "hypot(u, w)"]
PREDICATES = ["%s(%s)" % (f, t) for t in ("f32", "f64", "i64", "u64") for f in ("isnan", "isinf", "isfinite")]

# Where the functions change behaviour: domain limits, overflow and
# underflow thresholds (float32 and float64), poles, and large arguments of
# the trigonometric functions (their slow argument reduction).
EDGE_FLOATS = [
    0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 2.5, -2.5, 0.1, -0.1,
    1e-45, -1e-45, 1.1754943508222875e-38, 3.4028234663852886e38, -3.4028234663852886e38,
    5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
    PI, -PI, PI / 2, -PI / 2, PI / 4, 3 * PI / 2, 1e6 * PI, 105615.0, 1e10, 1e20, 1e22, 1e300,
    -1e300, 88.72, 88.73, 89.5, -87.3, -103.97, -104.0, 709.78, 709.79, 710.0, -745.13, -746.0,
    0.9999999, 1.0000001, -0.9999999, 0.99999999999, 1.00000000001, 1e-7, -1e-7, 1e-20, 1e-310,
    171.6, 171.7, 35.0, 35.1, -0.5000001, -171.5, -1e-30, 4.5, 5.5, 1e15 + 0.5, 2.0**52 + 1,
    2.0**24 + 1, 2.0**23 + 0.5, 126.0, 127.0, 128.0, -126.0, -149.0, -150.0, 1023.0, 1024.0,
    -1074.0, -1075.0,
]


def random_floats(rng, n):
    """run_semantics's mix (every magnitude, integers, halves, specials),
    uniform values where the functions are most used, and log-uniform
    magnitudes over the whole float64 range."""
    kinds = rng.integers(0, 4, n)
    mixed = np.array(rs.random_floats(rng, n))
    small = rng.uniform(-10.0, 10.0, n)
    unit = rng.uniform(-1.0, 1.0, n)
    wide = rng.choice([-1.0, 1.0], n) * 10.0 ** rng.uniform(-320.0, 308.0, n)
    out = np.where(kinds == 0, mixed, np.where(kinds == 1, small, np.where(kinds == 2, unit, wide)))
    return [float(v) for v in out]


def floats(rng, nr):
    return EDGE_FLOATS + random_floats(rng, nr)


def as_dtype(values, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # float64 -> float32 overflows to inf, as meant
        return np.array(values, dtype=np.float64).astype(dtype)


def ints(rng, nr, n_edges):
    edges = [0, 1, -1, 2, -2, 3, 10, -10, 171, 172, -171, 710, 2**24 + 1, 2**53 + 1, 2**62, rs.I64_MAX,
             rs.I64_MIN, rs.I64_MIN + 1]
    values = (edges * (n_edges // len(edges) + 1))[:n_edges]
    return values + rs.random_int64(rng, nr)


def uints(rng, nr, n_edges):
    edges = [0, 1, 2, 3, 10, 171, 172, 710, 2**53 + 1, 2**63, 2**64 - 1, 2**64 - 2]
    values = (edges * (n_edges // len(edges) + 1))[:n_edges]
    return values + rs.random_uint(rng, nr, 64)


class Case(rs.Case):
    """A kernel and its arrays; outputs are only compared with Numba's."""

    def __init__(self, kernel, arrays, n):
        super().__init__(kernel, arrays, {a.name: None for a in arrays}, n)


def case_unary(kernel, dtype):
    def make(rng, nr):
        x = floats(rng, nr)
        return Case(kernel, [rs.inp("x", as_dtype(x, dtype), dtype),
                             rs.out("out", (len(x), len(UNARY)), dtype, cols=UNARY)], len(x))
    return make


def case_unary_int(rng, nr):
    u = uints(rng, nr, len(EDGE_FLOATS))
    l = ints(rng, nr, len(u) - nr)
    return Case("unary_int", [rs.inp("l", l, np.int64), rs.inp("u", u, np.uint64),
                              rs.out("out", (len(l), len(UNARY_INT)), np.float64, cols=UNARY_INT)], len(l))


def pairs(rng, nr):
    """Edge values against each other (a slice of the square), then random
    pairs, pairs of a value with itself or its negation, and integer or
    half-integer exponents (pow of a negative base)."""
    n_edge = len(EDGE_FLOATS)
    a = [EDGE_FLOATS[k % n_edge] for k in range(4 * n_edge)]
    b = [EDGE_FLOATS[(k * 7 + k // n_edge) % n_edge] for k in range(4 * n_edge)]
    x, y = random_floats(rng, nr), random_floats(rng, nr)
    kinds = rng.integers(0, 4, nr)
    exps = rng.integers(-10, 11, nr) / np.where(rng.random(nr) < 0.5, 1.0, 2.0)
    y = [x[k] if kinds[k] == 1 else -x[k] if kinds[k] == 2 else float(exps[k]) if kinds[k] == 3 else y[k]
         for k in range(nr)]
    return a + x, b + y


def case_binary(kernel, dtype):
    def make(rng, nr):
        x, y = pairs(rng, nr)
        cols = BINARY + (["a ** 0.5", "a ** 2.0"] if dtype == np.float64 else [])
        return Case(kernel, [rs.inp("x", as_dtype(x, dtype), dtype), rs.inp("y", as_dtype(y, dtype), dtype),
                             rs.out("out", (len(x), len(cols)), dtype, cols=cols)], len(x))
    return make


def case_binary_int(rng, nr):
    l, m = ints(rng, nr, 60), ints(rng, nr, 60)
    m = m[1:] + m[:1]
    u, w = uints(rng, nr, 60), uints(rng, nr, 60)
    w = w[2:] + w[:2]
    return Case("binary_int", [rs.inp("l", l, np.int64), rs.inp("m", m, np.int64), rs.inp("u", u, np.uint64),
                               rs.inp("w", w, np.uint64),
                               rs.out("out", (len(l), len(BINARY_INT)), np.float64, cols=BINARY_INT)], len(l))


def case_int_exponent(rng, nr):
    x = floats(rng, nr)
    edges = [0, 1, -1, 2, -2, 3, -3, 24, 127, 128, -126, -149, -150, 1023, 1024, -1074, -1075, 2000,
             -2000, rs.I32_MAX, rs.I32_MIN]
    small = [int(v) for v in rng.integers(-40, 41, nr)]
    full = rs.random_int32(rng, nr)
    n = [edges[k % len(edges)] for k in range(len(EDGE_FLOATS))]
    n += [small[k] if k % 3 else full[k] for k in range(nr)]
    cols_f, cols_d = ["pow(x, n)", "ldexp(x, n)", "x ** float32(0.5)"], ["pow(d, n)", "ldexp(d, n)", "x ** 2.0"]
    return Case("int_exponent", [rs.inp("x", as_dtype(x, np.float32), np.float32),
                                 rs.inp("d", as_dtype(x, np.float64), np.float64), rs.inp("n", n, np.int32),
                                 rs.out("out", (len(x), 3), np.float32, cols=cols_f),
                                 rs.out("dout", (len(x), 3), np.float64, cols=cols_d)], len(x))


def case_two_results(rng, nr):
    x = floats(rng, nr)
    cols = ["frexp()[0]", "modf()[0]", "modf()[1]"]
    return Case("two_results", [rs.inp("x", as_dtype(x, np.float32), np.float32),
                                rs.inp("d", as_dtype(x, np.float64), np.float64),
                                rs.out("out", (len(x), 3), np.float32, cols=cols),
                                rs.out("dout", (len(x), 3), np.float64, cols=cols),
                                rs.out("exps", (len(x), 2), np.int32, cols=["frexp(x)[1]", "frexp(d)[1]"])],
                len(x))


def case_predicates(rng, nr):
    x = floats(rng, nr)
    return Case("predicates", [rs.inp("x", as_dtype(x, np.float32), np.float32),
                               rs.inp("d", as_dtype(x, np.float64), np.float64),
                               rs.inp("l", ints(rng, nr, len(EDGE_FLOATS)), np.int64),
                               rs.inp("u", uints(rng, nr, len(EDGE_FLOATS)), np.uint64),
                               rs.out("out", (len(x), len(PREDICATES)), np.bool_, cols=PREDICATES)], len(x))


CASES = [case_unary("unary_f32", np.float32), case_unary("unary_f64", np.float64), case_unary_int,
         case_binary("binary_f32", np.float32), case_binary("binary_f64", np.float64), case_binary_int,
         case_int_exponent, case_two_results, case_predicates]


# --------------------------------------------------------------------------
# Comparing with Numba.

def ulps(a, b, dtype):
    """How many representable values lie between two floats (None if
    either is NaN or they are not floats)."""
    if not isinstance(a, float) or math.isnan(a) or math.isnan(b):
        return None
    fmt, ufmt, sign = ("<f", "<I", 1 << 31) if dtype == np.float32 else ("<d", "<Q", 1 << 63)

    def ordered(v):
        bits = struct.unpack(ufmt, struct.pack(fmt, v))[0]
        return -(bits - sign) if bits & sign else bits
    return abs(ordered(a) - ordered(b))


def compare(case, outs, numba_outs):
    bad = []
    for array in case.arrays:
        if array.kind == "in":
            continue
        got, ref = rs.values_of(outs[array.name]), rs.values_of(numba_outs[array.name])
        for e, (g, w) in enumerate(zip(got, ref)):
            if rs.same_bits(g, w):
                continue
            distance = ulps(g, w, array.host.dtype)
            text = "pykc %s, numba %s%s" % (rs.fmt(g), rs.fmt(w), "" if distance is None else " (%d ulp)" % distance)
            bad.append(rs.where(case, array, e) + (text,))
    return bad


def save(folder, who, case, outs):
    """--save: the case's inputs and `who`'s outputs, for a look offline."""
    if folder:
        os.makedirs(folder, exist_ok=True)
        arrays = {a.name: a.host for a in case.inputs}
        arrays.update(outs)
        np.savez_compressed(os.path.join(folder, "%s.%s.npz" % (case.kernel, who)), **arrays)


def load_numba():
    """math.pyk compiled by numba-cuda, through run_semantics's loader."""
    rs.SOURCE = SOURCE
    return rs.load_numba()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptx", nargs="+", help="math.pyk compiled by pykc")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--random", type=int, default=3000, help="random cases per kernel")
    parser.add_argument("--save", metavar="DIR", help="write every input and output to DIR/*.npz")
    parser.add_argument("--numba-ptx", metavar="FILE", help="write the PTX Numba made of every kernel to FILE")
    opts = parser.parse_args()
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(4), "little")
    print("seed: %d (rerun with --seed %d)" % (seed, seed), flush=True)
    rng = np.random.default_rng(seed)
    cases = [make(rng, opts.random) for make in CASES]
    report = rs.Report()
    loaded, reason = load_numba()
    if loaded is None:
        print("numba: %s; there is nothing to compare with" % reason)
        print("0 passed, 1 failed")
        return 1
    namespace, errors = loaded
    numba_outs = {}
    for case in cases:
        if case.kernel in errors or namespace.get(case.kernel) is None:
            report.check("numba compiles %s" % case.kernel,
                         [(case.kernel, "compile", errors.get(case.kernel, "missing from the module"))])
            continue
        numba_outs[case.kernel] = rs.run_numba(namespace[case.kernel], case)
        save(opts.save, "numba", case, numba_outs[case.kernel])
    if opts.numba_ptx:
        with open(opts.numba_ptx, "w") as f:
            for name in sorted(numba_outs):
                f.write("".join(namespace[name].inspect_asm().values()))
    import cupy as cp
    print("device: %s" % cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), flush=True)
    for path in opts.ptx:
        label = os.path.join(os.path.basename(os.path.dirname(os.path.abspath(path))), os.path.basename(path))
        module = cp.RawModule(path=path)
        compared = differing = 0
        for case in cases:
            if case.kernel not in numba_outs:
                continue
            outs = rs.run_pykc(cp, module, case)
            save(opts.save, label.replace("/", "_"), case, outs)
            compared += sum(outs[a.name].size for a in case.arrays if a.kind != "in")
            bad = compare(case, outs, numba_outs[case.kernel])
            differing += len(bad)
            report.check("%s %s = numba (%d rows)" % (label, case.kernel, case.arrays[0].host.shape[0]), bad)
        print("NOTE %s: %d outputs compared with Numba's, %d differ" % (label, compared, differing), flush=True)
    print("%d passed, %d failed" % (report.passed, report.failed))
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
