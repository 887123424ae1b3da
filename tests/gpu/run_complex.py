#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/complex.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda from that source, on the same inputs;
every output must agree with Numba's bit for bit (a complex number compared
as its two parts; two NaNs match whatever their payloads, as in
run_math.py), and the outputs that need no rounding (sums, differences,
parts, comparisons, parameters copied out, the in-place views) also with
NumPy's on the host.

Both compilers call the same libdevice functions, so a difference is a
difference of algorithm: numba-cuda's complex division, its cpow, the
cmath algorithms of its cmathimpl.py. The inputs are every pair (real part,
imaginary part) of edge values -- zeros of both signs, infinities, NaN,
subnormals, the extremes of float32 and float64, and the thresholds where
those algorithms change branch (FLT_MAX / 4, its square root, sqrt(FLT_MIN),
FLT_MAX / (1 + sqrt 2), DBL_MAX / (1 + sqrt 2)) -- then random values of
every magnitude; the second operand of a binary operation is the first
shuffled, so edge values meet each other. A zero divisor ends the thread in
both builds (Numba's ZeroDivisionError, without debug=True), leaving the
rest of its row poisoned in both.

Unlike run_semantics.py's suites, one kernel takes complex scalars (numba-cuda
gets np.complex64/np.complex128; pykc's ABI takes two floats, real then
imaginary, docs/abi.md), one takes views and an F-ordered array, one
updates its input in place, and one runs on a 2-D grid.

Usage: run_complex.py [--seed N] PTX [PTX ...]   (pykc builds of complex.pyk)
Prints one PASS/FAIL line per kernel and build, the first mismatches with
their inputs and distance in units in the last place, and "N passed,
M failed" last; exits 1 on any failure."""
import argparse
import math
import os
import sys
import warnings

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "complex.pyk")
BLOCK = 128              # `shared` reverses a block of 128 elements
N = 2048
GRID = N // BLOCK
INF, NAN = math.inf, math.nan
FLT_MAX, DBL_MAX = float(np.finfo(np.float32).max), float(np.finfo(np.float64).max)

# 42 values: 1764 pairs, the rest of the N elements random
EDGES = [
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, math.pi, -math.pi / 2, 1e-5, 1e-20, -1e-20, 1e20,
    1.4e-45, 5e-324, 1e-310, FLT_MAX, -FLT_MAX, DBL_MAX, 1e300, -1e300, INF, -INF, NAN,
    FLT_MAX / 4, 8.5071e37, math.sqrt(FLT_MAX / 4), 9.2234e18, math.sqrt(1.1754943508222875e-38),
    1.0843e-19, float.fromhex("0x1.a82796p+126"), FLT_MAX / (1 + math.sqrt(2)),
    DBL_MAX / (1 + math.sqrt(2)), 7.4463e307, 2.0**-63, 1.0000001, 0.9999999, 88.7, -88.7, 710.0,
    -745.5, 1e-300,
]


def parts(rng, n, wide):
    """n floats: uniform near the origin, or of any magnitude up to 1e`wide`"""
    near = rng.uniform(-10.0, 10.0, n)
    far = rng.choice([-1.0, 1.0], n) * 10.0 ** rng.uniform(-wide, wide, n)
    return np.where(rng.random(n) < 0.5, near, far)


def complexes(rng, dtype):
    """The edge pairs, then random values, as `dtype` (each part rounded on
    its own, so 1e300 becomes an infinite float32 part)."""
    grid = [(re, im) for re in EDGES for im in EDGES]
    wide = 40 if dtype == np.complex64 else 310
    rest = N - len(grid)
    re = np.concatenate([[g[0] for g in grid], parts(rng, rest, wide)])
    im = np.concatenate([[g[1] for g in grid], parts(rng, rest, wide)])
    f = np.float32 if dtype == np.complex64 else np.float64
    out = np.empty(N, dtype)
    with np.errstate(over="ignore"):
        out.real, out.imag = re.astype(f), im.astype(f)
    return out


def reals(rng, dtype):
    """Edge values (each many times) and random ones, shuffled"""
    values = np.concatenate([np.resize(EDGES, N // 2), parts(rng, N - N // 2, 40)])
    with np.errstate(over="ignore"):
        return rng.permutation(values).astype(dtype)


def int64s(rng):
    small = rng.integers(-6, 7, N)
    big = np.array([2**31, -2**31 - 1, 2**62, -2**63, 2**63 - 1, 1000, -1000, 0], np.int64)
    return np.where(rng.random(N) < 0.8, small, big[rng.integers(0, len(big), N)]).astype(np.int64)


class Arg:
    """A kernel argument: an input, an output (poisoned unless `initial` is
    given, then also read), or a scalar; `view` makes the argument of a
    device copy (applied alike to numba-cuda and CuPy arrays)."""
    def __init__(self, kind, host, view=lambda x: x, fortran=False):
        self.kind, self.host, self.view, self.fortran = kind, host, view, fortran


def In(host, **kw):
    return Arg("in", host, **kw)


def Out(shape, dtype):
    return Arg("out", pyk_gpu.poison(np.zeros(shape, dtype)))


def InOut(host):
    return Arg("out", host)


def Scalar(value):
    return Arg("scalar", value)


def make_cases(rng):
    """name -> (args, grid, block, host): host(args) lists (output,
    column or None for all of it, value) that NumPy computes exactly"""
    a64, a128 = complexes(rng, np.complex64), complexes(rng, np.complex128)
    b64, b128 = rng.permutation(a64), rng.permutation(a128)
    f, d, n = reals(rng, np.float32), reals(rng, np.float64), int64s(rng)
    s = rng.integers(-300, 300, N).astype(np.int16)
    one = ((GRID,), (BLOCK,))
    cases = {}

    def exact_ops(args):
        x, y = args[0].host, args[1].host
        return [(0, 0, x + y), (0, 1, x - y), (1, 1, x.real), (1, 2, x.imag), (2, 0, x == y),
                (2, 1, x != y), (2, 2, x != 0), (2, 3, y == 0)]
    cases["ops_c64"] = ([In(a64), In(b64), In(f), In(d), In(s), Out((N, 14), np.complex64),
                         Out((N, 4), np.float32), Out((N, 5), np.bool_)], *one, exact_ops)
    cases["ops_c128"] = ([In(a128), In(b128), In(d), In(n), Out((N, 11), np.complex128),
                          Out((N, 3), np.float64), Out((N, 5), np.bool_)], *one, exact_ops)
    cases["div_c64"] = ([In(a64), In(b64), In(f), Out((N, 2), np.complex64)], *one, None)
    cases["div_c128"] = ([In(a128), In(b128), In(d), Out((N, 2), np.complex128)], *one, None)
    cases["pow_c64"] = ([In(a64), In(b64), In(f), In(n), Out((N, 7), np.complex128)], *one, None)
    cases["pow_c128"] = ([In(a128), In(b128), In(d), In(n), Out((N, 5), np.complex128)], *one, None)
    for name, z, w in (("cmath_c64", a64, b64), ("cmath_c128", a128, b128)):
        cases[name] = ([In(z), In(w), Out((N, 18), np.complex128), Out((N, 3), np.float64),
                        Out((N, 3), np.bool_)], *one, None)
    cases["rect_mixed"] = ([In(f), In(rng.permutation(f)), In(d), In(rng.permutation(d)),
                            Out((N, 5), np.complex128), Out((N, 1), np.bool_)], *one, None)
    cases["constants"] = ([In(a128), Out((N, 8), np.complex128)], *one, None)

    z, w, g = np.complex64(1.25 - 3.5j), np.complex128(-0.1 + 1e-300j), np.float32(0.75)
    cases["params"] = ([Scalar(z), Scalar(w), Scalar(g), In(a64), Out((N, 5), np.complex128)], *one,
                       lambda args: [(0, 1, np.full(N, z, np.complex128)), (0, 2, np.full(N, w))])

    rows, cols = 20, 24
    m = a64[rng.integers(0, N, (rows, cols))]
    fm = a128[rng.integers(0, N, (rows, cols))]
    big = a64[rng.integers(0, N, (2 * rows, 6 * cols))]
    cases["arrays"] = ([In(m), In(fm, fortran=True), In(big, view=lambda x: x[1::2, ::6]),
                        Out((rows, cols), np.float32), Out((rows, 2 * cols), np.complex128)],
                       (-(-rows // 8), -(-cols // 8)), (8, 8),
                       lambda args: [(0, None, m.real - big[1::2, ::6].imag)])

    v = a128.copy()
    def views(args):
        want = v.copy()
        want.imag = v.real * args[1].host
        want.real = -1.0
        return [(0, None, want)]
    cases["views"] = ([InOut(v), In(d)], *one, views)
    cases["shared"] = ([In(a64), Out(N, np.complex64)], *one, None)
    return cases


def device_arrays(args, copy):
    """The arguments on the device: copy(host, fortran) makes a device
    array, which each Arg's view then views"""
    return [a.host if a.kind == "scalar" else a.view(copy(a.host, a.fortran)) for a in args]


def outputs(args, device, to_host):
    return [to_host(x) for a, x in zip(args, device) if a.kind == "out"]


def run_numba(kernel, args, grid, block):
    from numba import cuda
    device = device_arrays(args, lambda h, fortran: cuda.to_device(np.asfortranarray(h) if fortran else h))
    kernel[grid, block](*device)
    cuda.synchronize()
    return outputs(args, device, lambda x: x.copy_to_host())


def abi_args(args, device):
    """pykc's parameters: a complex scalar is its real then imaginary part"""
    import cupy as cp
    flat = []
    for a, x in zip(args, device):
        if isinstance(x, cp.ndarray):
            flat += pyk_gpu.array_args([x])
        elif np.iscomplexobj(x):
            part = np.float32 if x.dtype == np.complex64 else np.float64
            flat += [part(x.real), part(x.imag)]
        else:
            flat.append(x)
    return flat


def run_pykc(path, name, args, grid, block):
    import cupy as cp
    device = device_arrays(args, lambda h, fortran: cp.asfortranarray(cp.asarray(h)) if fortran
                           else cp.asarray(h))
    cp.RawModule(path=path).get_function(name)(grid, block, abi_args(args, device))
    cp.cuda.runtime.deviceSynchronize()
    return outputs(args, device, cp.asnumpy)


def as_floats(x):
    """A complex array as its parts, a float array as itself"""
    x = np.ascontiguousarray(x).reshape(-1)
    if x.dtype.kind == "c":
        return x.view(np.float32 if x.dtype == np.complex64 else np.float64)
    return x


def ulps(g, w):
    """The distance of two floats of one type in units in the last place"""
    if g.dtype.kind != "f" or np.isnan(g) or np.isnan(w):
        return None
    unsigned, sign = (np.uint32, 1 << 31) if g.dtype == np.float32 else (np.uint64, 1 << 63)
    def key(v):
        u = int(np.array(v).view(unsigned))
        return -(u - sign) if u >= sign else u
    return abs(key(g) - key(w))


def describe(label, got, want, args, what):
    """The first mismatches of an output (`label` names it), each with its
    row's inputs"""
    shape = got.shape
    g, w = as_floats(got), as_floats(want.astype(got.dtype))
    diff = pyk_gpu.bitwise_differences(g, w, True)
    per = 2 if got.dtype.kind == "c" else 1
    lines = []
    for e in diff[:4]:
        index = np.unravel_index(e // per, shape)
        row = index[0] if len(shape) else 0
        inputs = ", ".join(repr(a.host.reshape(-1)[row]) for a in args if a.kind == "in" and a.host.ndim == 1)
        part = (".real", ".imag")[e % 2] if per == 2 else ""
        distance = ulps(g[e], w[e])
        lines.append("%s %s%s: pykc %r, %s %r%s  (inputs %s)" % (
            label, tuple(int(k) for k in index), part, g[e], what, w[e],
            "" if distance is None else " (%d ulp)" % distance, inputs))
    if len(diff) > 4:
        lines.append("%s: %d parts differ from %s" % (label, len(diff), what))
    return lines


def check(args, got, want, host):
    bad = []
    for j, (g, w) in enumerate(zip(got, want)):
        bad += describe("output %d" % j, g, w, args, "numba")
    for j, column, value in host(args) if host else []:
        g = got[j] if column is None else got[j][:, column]
        label = "output %d" % j if column is None else "output %d column %d" % (j, column)
        bad += describe(label, g, np.broadcast_to(value, g.shape), args, "numpy")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("ptx", nargs="+")
    opts = parser.parse_args()
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(4), "little")
    print("run_complex: seed %d" % seed)
    warnings.simplefilter("ignore")
    kernels = pyk_gpu.load_numba(SOURCE, "complex")
    tally = pyk_gpu.Tally()
    for name, (args, grid, block, host) in make_cases(np.random.default_rng(seed)).items():
        want = run_numba(kernels[name], args, grid, block)
        for path in opts.ptx:
            got = run_pykc(path, name, args, grid, block)
            tally.check("%s (%s)" % (name, os.path.basename(path)), check(args, got, want, host))
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
