#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/array_methods.pyk (reshape and the array
reductions), as compiled by pykc, and the same kernels compiled by
numba-cuda from that source, on the same inputs (outputs poisoned before
each launch); every output must agree with Numba's and with a CPU
reference that runs Numba's loops (numba/cuda/np/arraymath.py) in Python,
element by element in the same order, in the same precision.

Bit for bit, any NaN matching any NaN, except the variances and standard
deviations (var, std, nanvar, nanstd), whose `ssd + dev * dev` either
compiler may contract into one fma and whose std goes through libdevice's
pow: those must be within 4 ULP of Numba's and within 1e-12 (relative) of
the reference. Elements a thread leaves unwritten because it ended where
Numba raises (a reshape whose size does not fit, the min of an empty
array) must still hold the poison.

If numba-cuda cannot compile or run a kernel, the runner says so (NOTE)
and checks pykc against the CPU reference alone.

Usage: run_array_methods.py PTX [PTX ...]   (pykc builds of array_methods.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import math
import os
import sys
import warnings

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "array_methods.pyk")
ROWS = 40
BLOCK = 64


class In:
    """An input: a host array and how to make the kernel's argument from a
    device copy of it (a view, or F order), alike for Numba and CuPy; or a
    tuple of int64, passed member by member to pykc."""
    def __init__(self, host, view=lambda x: x, fortran=False):
        self.host, self.view, self.fortran = host, view, fortran


class Out:
    """An output: its shape and dtype (poisoned before the launch), and the
    columns compared loosely (var and std)."""
    def __init__(self, shape, dtype, loose=()):
        self.initial = pyk_gpu.poison(np.zeros(shape, dtype))
        self.loose = set(loose)


def case(ins, outs, reference, grid=1, block=BLOCK):
    return {"ins": ins, "outs": outs, "reference": reference, "grid": grid, "block": block}


# ---- the CPU reference: Numba's loops, in Python ----

def nditer_order(a, fortran):
    """The elements as np.nditer walks them: F order for an F array of 2 or
    more dimensions, C order otherwise."""
    return list(np.asarray(a).ravel(order="F" if fortran and a.ndim > 1 else "C"))


def fold(values, start, op, acc):
    """c = start; c = acc(c op v) for each v, in acc's precision."""
    c = acc(start)
    for v in values:
        c = acc(op(c, acc(v)))
    return c


def int64(v):
    return np.int64(((int(v) + 2**63) % 2**64) - 2**63)


def f_min(values, largest=False):
    best = values[0]
    for v in values:
        if isinstance(v, (float, np.floating)) and math.isnan(v):
            return v
        if (v > best) if largest else (v < best):
            best = v
    return best


def f_nanmin(values, largest=False):
    best = values[0]
    for v in values:
        if not (isinstance(v, (float, np.floating)) and math.isnan(v)):
            if not ((best > v) if largest else (best < v)):
                best = v
    return best


def f_argmin(values, largest=False):
    best, where = values[0], 0
    for k, v in enumerate(values):
        if isinstance(v, (float, np.floating)) and math.isnan(v):
            return k
        if (v > best) if largest else (v < best):
            best, where = v, k
    return where


def f_ptp(values):
    lo = hi = values[0]
    for v in values:
        if isinstance(v, (float, np.floating)) and math.isnan(v):
            return float("nan")
        hi = v if v > hi else hi
        lo = v if v < lo else lo
    return hi - lo


def is_nan(v):
    return isinstance(v, (float, np.floating)) and math.isnan(v)


def f_mean(values, acc):
    c = fold(values, 0, lambda a, b: a + b, acc)
    return float(c) / len(values) if len(values) else float("nan")


def f_var(values, acc, nan=False):
    kept = [v for v in values if not (nan and is_nan(v))]
    m = f_mean(kept, float if nan else acc)
    ssd = 0.0
    for v in kept:
        d = float(v) - m
        ssd += d * d
    return ssd / len(kept) if kept else float("nan")


def float_row(row, acc):
    """float64_rows' and float32_rows' outputs for one row."""
    vals = [acc(v) for v in row]
    kept = [v for v in vals if not is_nan(v)]
    mul = lambda a, b: a * b
    add = lambda a, b: a + b
    out = [fold(vals, 0, add, acc), fold(vals, 1, mul, acc), f_mean(vals, acc), f_var(vals, acc),
           f_var(vals, acc) ** 0.5, f_min(vals), f_min(vals, True), fold(kept, 0, add, acc),
           fold(kept, 1, mul, acc), f_mean(kept, float), f_var(vals, acc, True),
           f_var(vals, acc, True) ** 0.5, f_nanmin(vals), f_nanmin(vals, True), f_ptp(vals)]
    iout = [f_argmin(vals), f_argmin(vals, True), all(bool(v) for v in vals), any(bool(v) for v in vals),
            sum(bool(v) for v in vals)]
    return out, iout


def float_rows_case(dtype, rng):
    x = (rng.standard_normal((ROWS, 7)) * 3).astype(dtype)
    specials = [[np.nan, 1, 2, 3, 4, 5, 6], [1, 2, np.nan, 3, 4, np.nan, 5], [np.inf, 1, 2, 3, 4, 5, 6],
                [np.inf, -np.inf, 1, 2, 3, 4, 5], [0.0, -0.0, 0.0, -0.0, 0.0, -0.0, 0.0],
                [-0.0, 0.0, 1, 1, -0.0, 0.0, 2], [np.nan] * 7, [1e30, 1e30, -1e30, 1, 2, 3, 4],
                [5, 5, 5, 5, 5, 5, 5], [0, 1, 0, 2, 0, 3, np.nan]]
    for k, row in enumerate(specials):
        x[k] = np.array(row, dtype)
    outs = [Out((ROWS, 15), np.float64, loose=(3, 4, 10, 11)), Out((ROWS, 5), np.int64)]
    acc = np.float32 if dtype == np.float32 else float

    def ref(ins):
        (x,), out, iout = ins, outs[0].initial.copy(), outs[1].initial.copy()
        for i in range(ROWS):
            out[i], iout[i] = float_row(list(x[i]), acc)
        return [out, iout]
    return case([In(x)], outs, ref)


# numba-cuda's test_array_reductions.py arrays (1-d ones), and the columns
# (out's, then iout's as "i" + index) its tests compare with NumPy's own
# functions on them: NumPy must agree there too.
INF, NAN = float("inf"), float("nan")
BASIC = [[1.0, 2.0, 0.0, -0.0, 1.0, -1.5], [-0.0, -1.5], [-1.5, 2.5, INF], [-1.5, 2.5, -INF],
         [-1.5, 2.5, INF, -INF], [NAN, -1.5, 2.5, NAN, 3.0], [NAN, -1.5, 2.5, NAN, INF, -INF, 3.0],
         [5.0, NAN, -1.5, NAN], [NAN, NAN]]
NANS = [[1.0, 2.0, 0.0, -0.0, 1.0, -1.5], [-0.0, -1.5], [-1.5, 2.5, NAN], [-1.5, 2.5, INF],
        [-1.5, 2.5, -INF], [-1.5, 2.5, INF, -INF], [NAN, -1.5, 2.5, NAN, 3.0], [5.0, NAN, -1.5, NAN],
        [NAN, NAN]]
NANMEAN = [[1.0, 2.0, 0.0, -0.0, 1.0, -1.5], [-0.0, -1.5], [-1.5, 2.5, NAN], [NAN, -1.5, 2.5, NAN, 3.0],
           [NAN, -1.5, 2.5, NAN, INF, -INF, 3.0], [5.0, NAN, -1.5, NAN], [NAN, NAN]]
SEGMENT_SETS = [
    (BASIC, {0: np.sum, 2: np.mean, 3: np.var, 4: np.std, 5: np.min, 6: np.max}),
    (NANS, {7: np.nansum, 8: np.nanprod, 12: np.nanmin, 13: np.nanmax}),
    (NANMEAN, {9: np.nanmean}),
    ([[1.0, 0.0, INF, NAN], [1.0, -0.0, INF, NAN], [1.0, 1.5, INF, NAN]], {"i2": np.all}),
    ([[0.0, -0.0, 0.0, 0.0], [0.0, -0.0, NAN, 0.0], [0.0, -0.0, INF, 0.0], [0.0, -0.0, 1.5, 0.0]],
     {"i3": np.any}),
    ([[], [0.0, -0.0, 1.5, 0.0], [1.0, 2.0, 0.0, -0.0, 1.0, -1.5], [NAN, 0.0, INF, -INF, 0.0]],
     {"i4": np.count_nonzero}),
]


def segments_case(rng):
    checks = {}
    for arrays, functions in SEGMENT_SETS:
        for a in arrays:
            checks.setdefault(tuple(a), {}).update(functions)
    segs = list(checks)
    starts = np.cumsum([0] + [len(a) for a in segs]).astype(np.int64)
    x = np.array([v for a in segs for v in a], np.float64)
    outs = [Out((len(segs), 15), np.float64, loose=(3, 4, 10, 11)), Out((len(segs), 5), np.int64)]

    def ref(ins):
        x, starts = ins
        out, iout = outs[0].initial.copy(), outs[1].initial.copy()
        for i in range(len(segs)):
            v = list(x[starts[i]:starts[i + 1]])
            if not v:   # the thread ends at the min, after these
                iout[i, 2:5] = [True, False, 0]
                out[i, [0, 1, 2, 3, 4, 7, 8, 9, 10, 11]] = [0.0, 1.0, NAN, NAN, NAN, 0.0, 1.0, NAN, NAN, NAN]
                continue
            out[i], iout[i] = float_row(v, float)
        return [out, iout]

    def numpy_ref(ins):
        """NumPy's own values where numba-cuda's tests compare with them,
        the reference's elsewhere."""
        out, iout = ref(ins)
        for i, seg in enumerate(segs):
            for col, f in checks[seg].items():
                if isinstance(col, str):
                    iout[i, int(col[1:])] = f(np.array(seg, np.float64))
                else:
                    out[i, col] = f(np.array(seg, np.float64))
        return [out, iout]
    c = case([In(x), In(starts)], outs, ref, block=32)
    c["numpy"] = numpy_ref
    return c


def int32_rows_case(rng):
    x = rng.integers(-50, 50, (ROWS, 9)).astype(np.int32)
    x[0] = 0
    x[1] = [2**31 - 1] * 9            # the product wraps in int64
    x[2, 4] = 0
    outs = [Out((ROWS, 12), np.int64), Out((ROWS, 4), np.float64, loose=(1, 2))]

    def ref(ins):
        (x,), iout, out = ins, outs[0].initial.copy(), outs[1].initial.copy()
        for i in range(ROWS):
            v = [int(e) for e in x[i]]
            prod = int64(1)
            for e in v:
                prod = int64(int(prod) * e)
            iout[i] = [sum(v), prod, min(v), max(v), sum(v), prod, f_nanmin(v), max(v) - min(v),
                       f_argmin(v), f_argmin(v, True), all(v), sum(e != 0 for e in v)]
            out[i] = [f_mean(v, float), f_var(v, float), f_var(v, float) ** 0.5, f_mean(v, float)]
        return [iout, out]
    return case([In(x)], outs, ref)


def uint8_rows_case(rng):
    x = rng.integers(0, 256, (ROWS, 11)).astype(np.uint8)
    x[0] = 255
    outs = [Out((ROWS, 4), np.uint64), Out((ROWS, 2), np.float64)]

    def ref(ins):
        (x,), uout, out = ins, outs[0].initial.copy(), outs[1].initial.copy()
        for i in range(ROWS):
            v = [int(e) for e in x[i]]
            prod = 1
            for e in v:
                prod = prod * e % 2**64
            uout[i] = [sum(v), prod, max(v), sum(v)]
            out[i] = [float(max(v) - min(v)), sum(v) / len(v)]
        return [uout, out]
    return case([In(x)], outs, ref)


def bool_rows_case(rng):
    x = rng.random((ROWS, 6)) < 0.6
    x[0], x[1] = True, False
    outs = [Out((ROWS, 9), np.int64), Out((ROWS, 2), np.float64, loose=(1,))]

    def ref(ins):
        (x,), iout, out = ins, outs[0].initial.copy(), outs[1].initial.copy()
        for i in range(ROWS):
            v = [bool(e) for e in x[i]]
            iout[i] = [sum(v), int(all(v)), all(v), any(v), sum(v), min(v), max(v), f_argmin(v, True), sum(v)]
            out[i] = [sum(v) / len(v), f_var([float(e) for e in v], float)]
        return [iout, out]
    return case([In(x)], outs, ref)


def layouts_case(rng):
    def values(shape):
        x = (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)).astype(np.float32)
        return x
    c = values((5, 7))
    # f's smallest elements are 0.0 at [2, 0] and -0.0 at [0, 1]: np.nditer
    # meets 0.0 first (F order), so min keeps 0.0 and nanmin (the last of
    # equals) -0.0; argmin (C order) finds -0.0 at position 1
    f = np.abs(values((6, 4))) + np.float32(1)
    f[2, 0], f[0, 1] = 0.0, -0.0
    base = values((9, 8))
    view = lambda a: a[1::2, ::-3]
    outs = [Out(10, np.float64, loose=(8,)), Out(5, np.int64)]

    def ref(ins):
        c, f, a = ins
        out, iout = outs[0].initial.copy(), outs[1].initial.copy()
        cv, fv, av = nditer_order(c, False), nditer_order(f, True), nditer_order(a, False)
        add = lambda x, y: x + y
        out[:] = [fold(cv, 0, add, np.float32), fold(fv, 0, add, np.float32), fold(av, 0, add, np.float32),
                  f_min(fv), f_min(cv), f_nanmin(fv), f_nanmin(cv), f_mean(fv, np.float32),
                  f_var(av, np.float32), f_nanmin(av, True)]
        iout[:] = [f_argmin(list(c.ravel())), f_argmin(list(f.ravel())), f_argmin(list(a.ravel()), True),
                   sum(v != 0 for v in fv), all(v != 0 for v in fv)]
        return [out, iout]
    return case([In(c), In(f, fortran=True), In(base, view)], outs, ref)


def shared_case(rng):
    grid = 3
    x = rng.integers(-1000, 1000, grid * 64).astype(np.int32)
    x[5] = 0
    outs = [Out((grid * 64, 6), np.int64)]

    def ref(ins):
        (x,), out = ins, outs[0].initial.copy()
        for b in range(grid):
            s = x[b * 64:(b + 1) * 64]
            m, c = s.reshape(8, 8), s.reshape(2, -1, 4)
            for t in range(64):
                out[b * 64 + t] = [int(s.astype(np.int64).sum()), m.max(), m[t % 8, t // 8],
                                   c[t % 2, t // 8, t % 4], f_argmin(list(m[t % 8]), True),
                                   int(np.count_nonzero(c[t % 2]))]
        return [out]
    return case([In(x)], outs, ref, grid=grid, block=64)


def reshape_rows_case(rng):
    m = rng.standard_normal((4, 6)).astype(np.float32)
    ns = np.array([1, 2, 3, 4, 6, 8, 12, 24, 5, 7, -1, 0, -3], np.int64)
    outs = [Out((len(ns), 3), np.float32), Out((len(ns), 6), np.int64)]

    def ref(ins):
        m, ns = ins
        out, info = outs[0].initial.copy(), outs[1].initial.copy()
        for i, n in enumerate(ns):
            info[i, 0] = 1
            if n <= 0 or 24 % n:       # two negatives, 0, or a size that does not divide: the end
                continue
            r = m.reshape(n, -1)
            info[i, 1:5] = [r.shape[0], r.shape[1], r.strides[0], r.strides[1]]
            out[i, 0:2] = [r[-1, -1], r[r.shape[0] // 2, 0]]
            d = n // 6 + 1
            if 24 % (6 * d):
                continue
            v = m.reshape(2, 3, d, -1)
            info[i, 5] = v.shape[3]
            out[i, 2] = v[1, 2, 0, -1]
        return [out, info]
    return case([In(m), In(ns)], outs, ref, block=16)


def reshape3d_case(rng):
    arr = np.arange(24, dtype=np.int64).reshape((1, 8, 1, 1, 3, 1))
    outs = [Out((8, 1, 3), np.int64)]
    return case([In(arr), (8, 1, 3)], outs, lambda ins: [ins[0].reshape((8, 1, 3))], block=1)


def empty_min_case(rng):
    x = rng.standard_normal(BLOCK).astype(np.float64)
    outs = [Out((BLOCK, 4), np.float64)]

    def ref(ins):
        (x,), out = ins, outs[0].initial.copy()
        for i in range(BLOCK):
            v = list(x[:i])
            out[i, 0] = fold(v, 0, lambda a, b: a + b, float)
            out[i, 1] = f_mean(v, float)
            if i:
                out[i, 2:4] = [f_min(v), f_argmin(v, True)]
        return [out]
    return case([In(x)], outs, ref)


def make_cases(rng):
    return {"float64_rows": float_rows_case(np.float64, rng), "float32_rows": float_rows_case(np.float32, rng),
            "segments": segments_case(rng),
            "int32_rows": int32_rows_case(rng), "uint8_rows": uint8_rows_case(rng),
            "bool_rows": bool_rows_case(rng), "layouts": layouts_case(rng), "shared": shared_case(rng),
            "reshape_rows": reshape_rows_case(rng), "reshape3d": reshape3d_case(rng),
            "empty_min": empty_min_case(rng)}


# ---- launching ----

def host_inputs(c):
    return [i if isinstance(i, tuple) else i.view(np.asfortranarray(i.host) if i.fortran else i.host)
            for i in c["ins"]]


def run_numba(kernel, c):
    from numba import cuda
    ins = [i if isinstance(i, tuple) else
           i.view(cuda.to_device(np.asfortranarray(i.host) if i.fortran else i.host)) for i in c["ins"]]
    outs = [cuda.to_device(o.initial) for o in c["outs"]]
    kernel[c["grid"], c["block"]](*(ins + outs))
    cuda.synchronize()
    return [o.copy_to_host() for o in outs]


def run_pykc(path, name, c):
    import cupy as cp
    args = []
    for i in c["ins"]:
        if isinstance(i, tuple):
            args += [np.int64(v) for v in i]
            continue
        host = cp.asarray(i.host)
        args += pyk_gpu.array_args([i.view(cp.asfortranarray(host) if i.fortran else host)])
    outs = [cp.asarray(o.initial) for o in c["outs"]]
    cp.RawModule(path=path).get_function(name)((c["grid"],), (c["block"],), args + pyk_gpu.array_args(outs))
    cp.cuda.runtime.deviceSynchronize()
    return [cp.asnumpy(o) for o in outs]


def ulps(a, b):
    """The distance in units of the last place between two finite floats."""
    bits = {4: np.int32, 8: np.int64}[a.dtype.itemsize]
    ia, ib = int(a.view(bits)), int(b.view(bits))
    ia = ia if ia >= 0 else -(ia & (2**(8 * a.dtype.itemsize - 1) - 1))
    ib = ib if ib >= 0 else -(ib & (2**(8 * b.dtype.itemsize - 1) - 1))
    return abs(ia - ib)


def compare(what, got, want, outs):
    """Lines for the elements that differ: bitwise (any NaN matching any
    NaN), or, in an output's loose columns, beyond 4 ULP of Numba or 1e-12
    of the reference."""
    bad = []
    for j, (g, w, o) in enumerate(zip(got, want, outs)):
        w = w.astype(g.dtype)
        diff = pyk_gpu.bitwise_differences(g, w, True)
        shape = g.shape
        for e in diff:
            col = np.unravel_index(e, shape)[-1] if len(shape) > 1 else e
            gv, wv = g.reshape(-1)[e], w.reshape(-1)[e]
            if col in o.loose and np.isfinite(gv) and np.isfinite(wv):
                close = ulps(gv, wv) <= 4 if what == "numba" else abs(gv - wv) <= 1e-12 * abs(wv)
                if close:
                    continue
            bad.append("output %d [%s]: pykc %r, %s %r" % (j, np.unravel_index(e, shape), gv, what, wv))
    return bad[:8] + (["... %d differing elements" % len(bad)] if len(bad) > 8 else [])


def numba_kernels():
    try:
        return pyk_gpu.load_numba(SOURCE, "array_methods")
    except Exception as error:   # no numba-cuda
        print("NOTE: numba-cuda cannot load array_methods.pyk (%s: %s): CPU reference only"
              % (type(error).__name__, error))
        return None


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    warnings.simplefilter("ignore", RuntimeWarning)   # NumPy's all-NaN and empty-slice notes
    kernels = numba_kernels()
    cases = make_cases(np.random.default_rng(2026))
    tally = pyk_gpu.Tally()
    for name, c in cases.items():
        want_numba = None
        if kernels:
            try:
                want_numba = run_numba(kernels[name], c)
            except Exception as error:   # Numba's own failure is not pykc's
                print("NOTE: numba-cuda cannot run %s (%s: %s): CPU reference only"
                      % (name, type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
        with np.errstate(all="ignore"):   # inf - inf and overflows are what Numba computes too
            want_cpu = c["reference"](host_inputs(c))
        for path in sys.argv[1:]:
            got = run_pykc(path, name, c)
            bad = compare("reference", got, want_cpu, c["outs"])
            if "numpy" in c:
                with np.errstate(all="ignore"):
                    bad += compare("numpy", got, c["numpy"](host_inputs(c)), c["outs"])
            if want_numba is not None:
                bad += compare("numba", got, want_numba, c["outs"])
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
