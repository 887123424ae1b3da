#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/float16.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda from that source, on the same inputs;
every output must agree bit for bit, except that any NaN matches any NaN
(nan_equal): the PTX ISA leaves the NaN that f16 arithmetic, abs and neg
produce unspecified (a canonical NaN on current GPUs), and pykc computes
abs() of a float16 through float32 where Numba uses abs.f16, so only the
payload of a NaN may differ. Where the result is exact, outputs are also
checked against NumPy's float16: + - *, comparisons (the operators are
cuda_fp16.hpp's: < <= > >= == ordered, != is __hneu, so NaN != y is True as in
NumPy; cuda.fp16.hne is __hne, ordered), conversions both ways (float16 to an
integer rounds to nearest even and saturates, as numba-cuda's cvt.rni; NaN
gives 0, but 1 << 63 for a 64-bit integer, signed or not, as PTX ISA 9.0
specifies for cvt from a float to .s64/.u64), fabs/floor/ceil/trunc and the
exact cuda.fp16 functions.

One known difference is accepted (docs/language.md section 9): float // and %
with an infinite divisor give NaN in numba-cuda (NVVM expands frem as
x - trunc(x / y) * y, and 0 * inf is NaN) and Python's value in pykc; there
the "mixed" kernel's outputs are checked against Python, not Numba (see
with_python_divisions).

Usage: run_float16.py PTX [PTX ...]   (pykc builds of float16.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "float16.pyk")
GRID, BLOCK = 2, 64
N = 115

# Inputs cuda_fp16.h's approximations correct by hand (hexp, hexp10, hlog,
# hlog10, hsin, hcos), as float16 bit patterns, and other edge values.
SPECIAL_BITS = [0x1F79, 0x25CF, 0xC13B, 0xC1EF, 0x34DE, 0x9766, 0x9972, 0xA5C4, 0xBF0A, 0x160D,
                0x3BFE, 0x3C0B, 0x6051, 0x338F, 0x33F8, 0x57E1, 0x719D, 0x32B3, 0x5CB0, 0x2B7C,
                0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x8001, 0x03FF, 0x7BFF, 0xFBFF,
                0x3C00, 0xBC00, 0x3800, 0x3E00, 0x4100, 0xC100, 0x008F, 0x0400]


def halves(rng):
    h = (rng.standard_normal(N) * 8).astype(np.float16)
    h[:len(SPECIAL_BITS)] = np.array(SPECIAL_BITS, np.uint16).view(np.float16)
    return h


def inputs(rng):
    """kernel name -> (input arrays, output arrays)."""
    a, b, c = halves(rng), rng.permutation(halves(rng)), (rng.standard_normal(N) * 4).astype(np.float16)
    b[:12] = [1.0, 0.0, -0.0, 3.0, np.inf, np.nan, 1e-4, 2.0, -3.0, 65504, 0.5, 6e-8]
    d = rng.standard_normal(N) * 1e4
    d[:14] = [65504, 65519.99, 65520, 1e-8, 2.98e-8, 3e-8, np.nan, np.inf, -np.inf, 1e10, -1e10,
              1 / 3, -0.0, 2049]
    f = d.astype(np.float32)
    l = rng.integers(-2**62, 2**62, N, dtype=np.int64) >> rng.integers(0, 62, N)
    l[:8] = [0, 2049, 2051, -2049, 65519, 65520, -2**63, 2**63 - 1]
    u = rng.integers(0, 2**64, N, dtype=np.uint64) >> rng.integers(0, 63, N).astype(np.uint64)
    u[:3] = [0, 2**64 - 1, 65520]
    t = rng.integers(0, 2, N).astype(np.bool_)
    z = np.zeros
    two_d = (rng.standard_normal((N, 5)) * 3).astype(np.float16)
    return {
        "arith": ([a, b], [z(9 * N, np.float16)]),
        "compares": ([a, b], [z(6 * N, np.bool_)]),
        "to_half": ([d, f, l, l.astype(np.int32), l.astype(np.int16), l.astype(np.int8), u,
                     u.astype(np.uint32), u.astype(np.uint16), u.astype(np.uint8), t], [z(11 * N, np.float16)]),
        "from_half": ([a], [z(N, np.float32), z(N, np.float64), z(N, np.int64), z(N, np.int32), z(N, np.int16),
                            z(N, np.int8), z(N, np.uint64), z(N, np.uint32), z(N, np.uint16), z(N, np.uint8),
                            z(N, np.int64)]),
        "math_funcs": ([a], [z(12 * N, np.float16)]),
        "fp16_funcs": ([a, b, c], [z(24 * N, np.float16), z(6 * N, np.bool_)]),
        "mixed": ([a, f, l.astype(np.int32), l.astype(np.int8)],
                  [z(4 * N, np.float16), z(5 * N, np.float32), z(4 * N, np.float64)]),
        "arrays_2d": ([two_d], [z((5, N), np.float16), z(N, np.float16)]),
    }


def rni(h, dtype):
    """numba-cuda's float16 to integer cast (cvt.rni): round to nearest even,
    saturate to the type's range; NaN gives 0 for 8 to 32 bits and the bit
    pattern 1 << 63 for 64 bits (INT64_MIN, or 2**63 unsigned), as PTX ISA
    9.0 specifies and the GPU gives for Numba and pykc alike."""
    info = np.iinfo(dtype)
    nan_value = (1 << 63 if dtype == np.uint64 else info.min) if info.bits == 64 else 0
    out = []
    for v in h.astype(np.float64):
        if np.isnan(v):
            out.append(nan_value)
        elif np.isinf(v):
            out.append(info.max if v > 0 else info.min)
        else:
            out.append(min(max(int(np.rint(v)), info.min), info.max))
    return np.array(out, dtype=dtype)


def compare(label, got, want, bad):
    bad += pyk_gpu.reference_lines(label, got, want, nan_equal=True, other="numpy")


def references(name, ins, got):
    """Mismatches of pykc's outputs with NumPy's float16, where exact."""
    bad = []
    with np.errstate(all="ignore"):
        if name == "arith":
            x, y = ins
            compare("a+b", got[0][0::9], x + y, bad)
            compare("a-b", got[0][1::9], x - y, bad)
            compare("a*b", got[0][2::9], x * y, bad)
            compare("-a", got[0][4::9], -x, bad)
            compare("abs", got[0][7::9], np.abs(x), bad)
        if name == "compares":
            x, y = ins
            # x != y is __hneu in numba-cuda: True when either is NaN, as NumPy.
            for k, want in enumerate([x < y, x <= y, x > y, x >= y, x == y, x != y]):
                compare("cmp%d" % k, got[0][k::6], want, bad)
        if name == "to_half":
            for k, src in enumerate(ins):
                exact = np.abs(src.astype(np.float64)) < 2.0**53 if src.dtype.kind in "iu" else True
                want = src.astype(np.float16)
                compare("from %s" % src.dtype, np.where(exact, got[0][k::11], want), want, bad)
        if name == "from_half":
            h = ins[0]
            compare("f32", got[0], h.astype(np.float32), bad)
            compare("f64", got[1], h.astype(np.float64), bad)
            for k, dt in enumerate([np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint32, np.uint16,
                                    np.uint8, np.int64]):
                compare(np.dtype(dt).name, got[2 + k], rni(h, dt), bad)
        if name == "math_funcs":
            h = ins[0]
            compare("fabs", got[0][8::12], np.abs(h), bad)
            compare("floor", got[0][9::12], np.floor(h), bad)
            compare("ceil", got[0][10::12], np.ceil(h), bad)
            compare("trunc", got[0][11::12], np.trunc(h), bad)
        if name == "fp16_funcs":
            x, y, _ = ins
            compare("hadd", got[0][0::24], x + y, bad)
            compare("hmul", got[0][2::24], x * y, bad)
            compare("hrint", got[0][18::24], np.rint(x), bad)
            compare("hfloor", got[0][20::24], np.floor(x), bad)
            compare("heq", got[1][0::6], x == y, bad)
            compare("hne", got[1][1::6], (x != y) & ~(np.isnan(x) | np.isnan(y)), bad)
        if name == "arrays_2d":
            src = ins[0]
            compare("square", got[0], (src * src).T, bad)
            compare("last", got[1], src[:, -1], bad)
    return bad


def with_python_divisions(kernel):
    """The Numba kernel "mixed", with its outputs of[5i+1] = x // f[i] and
    of[5i+2] = x % h[i+1] replaced by Python's values where the divisor is
    infinite and x finite (computed in float32, as both compilers do). There
    numba-cuda gives NaN: its frem is x - trunc(x / y) * y, NaN for y = inf,
    where Python's (and pykc's, on purpose: docs/language.md section 9)
    -2.98 // inf is -1.0 and -0.0 % inf is 0.0. Everywhere else the
    comparison with Numba stays bit for bit."""
    class Launcher:
        def __getitem__(self, config):
            launch = kernel[config]

            def run(*dev):
                launch(*dev)
                h, f, of = dev[0].copy_to_host(), dev[1].copy_to_host(), dev[5].copy_to_host()
                for i in range(len(h)):
                    x = float(np.float32(h[i]))
                    for k, y in ((1, float(f[i])), (2, float(np.float32(h[(i + 1) % len(h)])))):
                        if np.isinf(y) and np.isfinite(x):
                            of[5 * i + k] = np.float32(x // y if k == 1 else x % y)
                dev[5].copy_to_device(of)
            return run
    return Launcher()


def python_divisions_in_mixed(kernels):
    kernels["mixed"] = with_python_divisions(kernels["mixed"])
    return kernels


def run_scalar_param(paths, rng, tally):
    """scalar_param takes a float16 scalar: one .u16 parameter (docs/abi.md)
    that CuPy packs from a np.float16; Numba gets the same np.float16."""
    import cupy as cp
    from numba import cuda
    kernels = pyk_gpu.load_numba(SOURCE, "float16")
    s = np.float16(1.5)
    a = halves(rng)
    out = pyk_gpu.poison(np.zeros(N, np.float16))
    dev = [cuda.to_device(a), cuda.to_device(out)]
    kernels["scalar_param"][GRID, BLOCK](s, *dev)
    cuda.synchronize()
    want = dev[1].copy_to_host()
    for path in paths:
        dev = [cp.asarray(a), cp.asarray(out)]
        args = [s] + pyk_gpu.array_args(dev)
        cp.RawModule(path=path).get_function("scalar_param")((GRID,), (BLOCK,), args)
        cp.cuda.runtime.deviceSynchronize()
        got = cp.asnumpy(dev[1])
        diff = pyk_gpu.bitwise_differences(got, want, True)
        tally.check("scalar_param (%s)" % os.path.basename(path),
                    ["[%d]: pykc %r, numba %r" % (e, got[e], want[e]) for e in diff[:4]])


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    rng = np.random.default_rng(1616)
    cases = inputs(rng)
    tally = pyk_gpu.Tally()
    run_scalar_param(sys.argv[1:], rng, tally)
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK, nan_equal=True,
                                     tally=tally, adjust_numba=python_divisions_in_mixed)


if __name__ == "__main__":
    sys.exit(main())
