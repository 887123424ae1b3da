#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/atomics.pyk, as compiled by pykc, on a GPU
and checks them against a CPU reference written from numba-cuda's semantics
(numba-cuda.md 1.4), and, where numba-cuda imports, runs the same source
compiled by Numba on the same inputs and checks it the same way.

Only what does not depend on the order the threads got there is checked:
the final value of every commutative operation; the old values returned by
add/sub of a constant, by the cas and compare_and_swap counting loops and by
inc/dec (each a fixed sequence, compared as a multiset); exch's old values
plus the final value, which must be the initial value plus every thread's
value, as a multiset; and max/min from a NaN element, which never update and
return NaN.

Usage: run_atomics.py [--seed N] [--no-numba] PTX...
Prints one PASS/FAIL line per check and "N passed, M failed"; exits 1 on any
failure."""
import argparse
import os
import sys
import warnings

import numpy as np

from pyk_gpu import Tally, array_args, load_numba as load_source

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "atomics.pyk")
BLOCKS, TPB = 4, 64
N = BLOCKS * TPB
INTS = ["int32", "uint32", "int64", "uint64"]
FLOATS = ["float32", "float64"]


def int_inputs(t, rng):
    info = np.iinfo(t)
    lo, hi = max(info.min, -1000), min(info.max, 1000)
    v = rng.integers(lo, hi, N, endpoint=True).astype(t)
    r = np.zeros(16, t)
    r[2], r[3], r[4], r[5] = v[0], v[0], v[0], v[0]     # max/min start inside the values
    r[6] = info.max if t.startswith("u") else -1        # and_: all ones
    r[9] = 77
    return [r, np.zeros((2, 2), t), v, np.zeros((16, N), t)]


def float_inputs(t, rng):
    v = rng.uniform(-100, 100, N).astype(t)
    v[rng.random(N) < 0.1] = np.nan
    v[v == 0] = 1
    r = np.zeros(16, t)
    r[4:8] = np.nan
    r[9] = -1e30
    return [r, np.zeros((2, 2), t), v, np.zeros((16, N), t)]


def wrap(x, t):
    """Python int(s) x as the integer type t holds them (two's complement)."""
    bits = 8 * np.dtype(t).itemsize
    xs = [int(k) for k in np.ravel(x)]
    out = np.array([k % (1 << bits) for k in xs], dtype=np.uint64).astype(t)
    return out if np.ndim(x) else out[0]


def sequence(start, n, step, bound):
    """inc (step +1) or dec (step -1) applied n times from start, wrapping as
    atom.inc/atom.dec do; the old values in order."""
    olds, x = [], start
    for _ in range(n):
        olds.append(x)
        if step > 0:
            x = 0 if x >= bound else x + 1
        else:
            x = bound if (x == 0 or x > bound) else x - 1
    return olds, x


def check_int(t, inp, out):
    r0, _, v, _ = inp
    r, m, olds = out
    v64 = [int(x) for x in v]
    bad = []

    def eq(name, got, want):
        if not np.array_equal(np.asarray(got), np.asarray(want)):
            bad.append("%s: got %s, want %s" % (name, np.asarray(got)[:8], np.asarray(want)[:8]))
    eq("add final", r[0], wrap(N, t))
    eq("add olds", np.sort(olds[0]), np.sort(wrap(np.arange(N), t)))
    eq("sub final", r[1], wrap(-3 * N, t))
    eq("sub olds", np.sort(olds[1]), np.sort(np.array([wrap(-3 * k, t) for k in range(N)], t)))
    eq("max", r[2], max(v64))
    eq("min", r[3], min(v64))
    eq("nanmax", r[4], max(v64))
    eq("nanmin", r[5], min(v64))
    a, o, x = int(r0[6]), 0, 0
    for y in v64:
        a, o, x = a & y, o | y, x ^ y
    eq("and_", r[6], wrap(a, t))
    eq("or_", r[7], wrap(o, t))
    eq("xor", r[8], wrap(x, t))
    eq("exch", np.sort(np.append(olds[9], r[9])), np.sort(np.append(v, r0[9]).astype(t)))
    eq("cas loop final", r[10], N)
    eq("cas loop olds", np.sort(olds[10]), np.arange(N).astype(t))
    eq("shared tuple add", r[11], N)
    eq("shared tuple max", r[12], max(max(v64), 0))
    eq("2-d tuple add", m[:, 1], [N // 2, N // 2])
    eq("2-d tuple add olds", np.sort(olds[11]), np.sort(np.tile(np.arange(N // 2), 2)).astype(t))
    if t.startswith("u"):
        for row, step in ((13, 1), (14, -1)):
            seq, final = sequence(0, N, step, 5)
            eq("inc" if step > 0 else "dec", r[row], final)
            eq(("inc" if step > 0 else "dec") + " olds", np.sort(olds[row]), np.sort(np.array(seq, t)))
    return bad


def check_float(t, inp, out):
    v = inp[2]
    r, m, olds = out
    ok = v[~np.isnan(v)]
    bad = []

    def eq(name, got, want):
        if not np.array_equal(np.asarray(got, t), np.asarray(want, t), equal_nan=True):
            bad.append("%s: got %s, want %s" % (name, np.asarray(got)[:8], np.asarray(want)[:8]))
    eq("add final", r[0], N)
    eq("add olds", np.sort(olds[0]), np.arange(N))
    eq("sub final", r[1], -N)
    eq("sub olds", np.sort(olds[1]), -np.arange(N)[::-1])
    eq("max (NaN values skipped)", r[2], max(ok.max(), 0))
    eq("min (NaN values skipped)", r[3], min(ok.min(), 0))
    eq("nanmax replaces a NaN", r[4], ok.max())
    eq("nanmin replaces a NaN", r[5], ok.min())
    eq("max of NaN stays", r[6], np.nan)
    eq("min of NaN stays", r[7], np.nan)
    eq("max of NaN olds", olds[6], np.full(N, np.nan))
    eq("min of NaN olds", olds[7], np.full(N, np.nan))
    eq("shared tuple add", r[8], N)
    eq("shared tuple nanmax", r[9], ok.max())
    eq("2-d tuple add", m[:, 1], [N / 4, N / 4])
    eq("2-d tuple add olds", np.sort(olds[8]), np.sort(np.tile(np.arange(N // 2) * 0.5, 2)))
    return bad


def check_cas(t, out):
    c, olds = out
    bad = []
    if c[0] != N:
        bad.append("compare_and_swap final: got %s, want %d" % (c[0], N))
    if not np.array_equal(np.sort(olds), np.arange(N).astype(t)):
        bad.append("compare_and_swap olds: got %s" % np.sort(olds)[:8])
    return bad


def cases(rng):
    for t in INTS:
        yield t + "_ops", t, int_inputs(t, rng), check_int
        yield t + "_compare_and_swap", t, [np.zeros(2, t), np.zeros(N, t)], None
    for t in FLOATS:
        yield t + "_ops", t, float_inputs(t, rng), check_float


def verdict(kernel, t, inp, out, check):
    if check is None:
        return check_cas(t, out)
    return check(t, inp, [out[0], out[1], out[3]])


def load_numba():
    if np.__dict__.get("row_stack") is None:
        np.row_stack = np.vstack
    try:
        warnings.simplefilter("ignore")
        from numba import cuda
        if not cuda.is_available():
            return None
    except Exception as e:
        print("NOTE: numba-cuda does not import (%s)" % e)
        return None
    return load_source(SOURCE, "atomics")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-numba", action="store_true")
    ap.add_argument("ptx", nargs="*")
    opts = ap.parse_args()
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(4), "little")
    print("seed %d" % seed)
    import cupy as cp
    runners = [("pykc " + os.path.basename(p), cp.RawModule(path=p)) for p in opts.ptx]
    numba_ns = None if opts.no_numba else load_numba()
    tally = Tally()
    for kernel, t, inp, check in cases(np.random.default_rng(seed)):
        results = []
        for name, mod in runners:
            dev = [cp.asarray(a) for a in inp]
            mod.get_function(kernel)((BLOCKS,), (TPB,), array_args(dev))
            cp.cuda.runtime.deviceSynchronize()
            results.append((name, [cp.asnumpy(d) for d in dev]))
        if numba_ns is not None:
            from numba import cuda
            dev = [cuda.to_device(a) for a in inp]
            numba_ns[kernel][BLOCKS, TPB](*dev)
            cuda.synchronize()
            results.append(("numba", [d.copy_to_host() for d in dev]))
        for name, out in results:
            bad = verdict(kernel, t, inp, out, check)
            tally.check("%s %s" % (name, kernel), bad, shown=len(bad))
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
