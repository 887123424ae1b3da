#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/datetime.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda, on the same inputs (dates around
1970 and far from it, NaT sprinkled in); every output must agree bit for
bit with Numba's and with NumPy's own arithmetic on the host.

pykc's kernels take a datetime64/timedelta64 as its int64 count
(docs/abi.md): arrays travel to them as int64 views, and scalars as
np.int64. numba-cuda gets the datetime arrays and scalars themselves.

Usage: run_datetime.py PTX [PTX ...]   (pykc builds of datetime.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "datetime.pyk")
GRID, BLOCK = 4, 64
N = 1000
NAT = np.iinfo(np.int64).min


def dates(rng, unit, spread):
    """N values of datetime64[unit] (or timedelta64 with kind 'm'), some NaT."""
    v = rng.integers(-spread, spread, N)
    v[::37] = NAT
    return v


def inputs(rng):
    d = lambda v, u: v.view("datetime64[%s]" % u)
    t = lambda v, u: v.view("timedelta64[%s]" % u)
    day = d(dates(rng, "D", 800000), "D")   # +-2190 years
    arr1 = np.arange("2005-02", "2006-02", dtype="datetime64[D]")
    arr2 = arr1 + rng.integers(0, 10000, arr1.size)
    s = d(dates(rng, "s", 10 ** 9), "s")   # +-31 years: in range as ns
    ns = s.astype("datetime64[ns]")
    ns[1::3] += rng.integers(-2, 3, ns[1::3].size).astype("timedelta64[ns]")
    ns[::41] = np.datetime64("NaT")
    tw = t(dates(rng, "W", 1000), "W")
    tdays = tw.astype("timedelta64[D]")
    tdays[1::2] += rng.integers(-8, 8, tdays[1::2].size).astype("timedelta64[D]")
    tdays[::43] = np.timedelta64("NaT")
    return {
        "sub_days": ([arr1, arr2], [np.zeros(arr1.size, "timedelta64[D]")]),
        "match_dates": ([arr1, arr1[5], arr1[6] - arr1[5]],
                        [np.zeros(arr1.size, np.bool_), np.zeros(arr1.size, "datetime64[D]")]),
        "copy_dates": ([day], [np.zeros(N, "datetime64[D]")]),
        "mixed_units": ([d(dates(rng, "M", 30000), "M"), d(dates(rng, "Y", 2500), "Y"), day,
                         d(dates(rng, "W", 100000), "W"), t(dates(rng, "h", 10 ** 7), "h"),
                         t(dates(rng, "m", 10 ** 9), "m"), tw, tdays],
                        [np.zeros((5, N), "timedelta64[D]"), np.zeros(N, "datetime64[h]"),
                         np.zeros(N, "datetime64[D]"), np.zeros(N, "timedelta64[m]")]),
        "compare_units": ([s, ns, tw, tdays], [np.zeros((10, N), np.bool_)]),
        "in_place": ([day, t(dates(rng, "h", 10 ** 7), "h"), tdays],
                     [np.zeros(N, "datetime64[h]"), np.zeros(N, "timedelta64[D]")]),
    }


def reference(name, ins):
    """NumPy's results for the kernel's outputs."""
    if name == "sub_days":
        a, b = ins
        return [b - a]
    if name == "match_dates":
        dates_, target, delta = ins
        return [dates_ == target, dates_ - delta]
    if name == "copy_dates":
        return [ins[0]]
    if name == "mixed_units":
        mo, yr, day, wk, hr, mi, tw, td = ins
        deltas = np.stack([mo - day, yr - day, day - wk, tw - td, td + tw]).astype("timedelta64[D]")
        return [deltas, day + hr, wk - td, hr + mi]
    if name == "in_place":
        day, hr, td = ins
        return [(day + td - td) + hr, td - np.roll(td, 1)]
    s, ns, tw, td = ins
    with np.errstate(invalid="ignore"):
        return [np.stack([s == ns, s != ns, s < ns, s <= ns, s > ns, s >= ns,
                          tw == td, tw != td, tw < td, tw >= td])]


def as_int64(x):
    """A datetime64/timedelta64 array or scalar as the ABI passes it."""
    a = np.asarray(x)
    return a.view(np.int64) if a.dtype.kind in "mM" else a


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    import cupy as cp
    from numba import cuda
    kernels = pyk_gpu.load_numba(SOURCE, "datetime")
    tally = pyk_gpu.Tally()
    for name, (ins, outs) in inputs(np.random.default_rng(1970)).items():
        want_numpy = reference(name, ins)
        dev = [cuda.to_device(a) if np.ndim(a) else a for a in ins] + \
              [cuda.to_device(pyk_gpu.poison(o)) for o in outs]
        kernels[name][GRID, BLOCK](*dev)
        cuda.synchronize()
        want = [d.copy_to_host() for d in dev[len(ins):]]
        bad = ["numba: " + line for line in pyk_gpu.output_differences("numpy", want, want_numpy)]
        tally.check("%s (numba against numpy)" % name, bad)
        for path in sys.argv[1:]:
            args, arrays = [], []
            for a in ins:
                if np.ndim(a):
                    arrays.append(cp.asarray(as_int64(a)))
                    args += pyk_gpu.array_args([arrays[-1]])
                else:
                    args.append(np.int64(as_int64(a)))
            for o in outs:
                arrays.append(cp.asarray(as_int64(pyk_gpu.poison(o))))
                args += pyk_gpu.array_args([arrays[-1]])
            cp.RawModule(path=path).get_function(name)((GRID,), (BLOCK,), args)
            cp.cuda.runtime.deviceSynchronize()
            got = [cp.asnumpy(d).view(o.dtype) for d, o in zip(arrays[-len(outs):], outs)]
            bad = pyk_gpu.output_differences("numba", got, want)
            bad += pyk_gpu.output_differences("numpy", got, want_numpy)
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
