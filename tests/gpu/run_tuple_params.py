#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/tuple_params.pyk, as compiled by pykc, and
the same kernels compiled by numba-cuda from that source, on the same
arguments; every output must agree bit for bit with Numba's and with
Python's own values.

Numba is given Python tuples (of NumPy scalars, which type them exactly,
and of device arrays); pykc's PTX is given the same tuples flattened
member by member, as docs/abi.md says a C host passes them: a scalar as
one parameter, an array as its data pointer, shape and strides in
elements, a nested tuple as its members.

Usage: run_tuple_params.py PTX [PTX ...]   (pykc builds of tuple_params.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "tuple_params.pyk")
GRID, BLOCK = 2, 64
N = GRID * BLOCK


class Arr:
    """An array argument (or tuple member): its host contents, poisoned
    first when it is an output the kernel fills."""
    def __init__(self, host, out=False, poisoned=True):
        self.host = pyk_gpu.poison(host) if out and poisoned else host
        self.out = out


def to_device(value, device_array, outs):
    """The argument for one framework: tuples member by member, Arr as a
    device array (outputs appended to `outs`), scalars as they are."""
    if isinstance(value, tuple):
        return tuple(to_device(v, device_array, outs) for v in value)
    if isinstance(value, Arr):
        d = device_array(value.host)
        if value.out:
            outs.append(d)
        return d
    return value


def flatten(value):
    """CuPy's arguments for one value, per the ABI."""
    import cupy as cp
    if isinstance(value, tuple):
        return [p for v in value for p in flatten(v)]
    if isinstance(value, cp.ndarray):
        return pyk_gpu.array_args([value])
    return [value]


def hosts(value):
    """The host contents of the Arr inside a value, in order."""
    if isinstance(value, tuple):
        return [h for v in value for h in hosts(v)]
    return [value.host.copy()] if isinstance(value, Arr) else []


def make_cases(rng):
    """name -> (args, reference(args) -> expected outputs). `args` is the
    kernel's argument list; the reference sees host copies of the arrays,
    outputs included (as poisoned), in argument order."""
    cases = {}

    t = (np.int64(5), np.int64(-2), np.int64(7))
    def ref_unituple(arrays):
        out = arrays[0]
        s = (5 * 10 - 2) * 10 + 7
        for i in range(N):
            out[i] = t[i % 3] * i + 3 + s + 7
        return [out]
    cases["unituple"] = ([t, Arr(np.zeros(N, np.int64), out=True)], ref_unituple)

    p = (np.int32(-3), np.float32(1.25), np.bool_(True), np.float64(0.5))
    def ref_hetero(arrays):
        out_f, out_i = arrays
        for i in range(N):
            out_f[i] = np.float64(np.float32(1.25)) + 0.5 + float(i)
            out_i[i] = -3 * i + 1000
        return [out_f, out_i]
    cases["hetero"] = ([p, Arr(np.zeros(N, np.float64), out=True), Arr(np.zeros(N, np.int64), out=True)],
                       ref_hetero)

    n = ((np.int16(4), np.int16(-9)), (np.uint8(200), np.float32(0.75)))
    def ref_nested(arrays):
        out = arrays[0]
        for i in range(N):
            out[i] = np.float32(4 * i - 9) + np.float32(0.75) + np.float32(200)
        return [out]
    cases["nested"] = ([n, Arr(np.zeros(N, np.float32), out=True)], ref_nested)

    x = (rng.standard_normal(100) * 10).astype(np.float32)
    y = rng.integers(-50, 50, 100).astype(np.int64)
    def ref_arrays(arrays):
        x, y, out = arrays
        out[:100] = x + (y * 3).astype(np.float32)
        return [out]
    cases["arrays"] = ([(Arr(x), Arr(y), np.int64(3)), Arr(np.zeros(N, np.float32), out=True)], ref_arrays)

    a5 = rng.integers(-100, 100, (2, 3, 2, 2, 4)).astype(np.int32)
    def ref_array5(arrays):
        (a,) = arrays
        return [a * 3 + np.arange(4, dtype=np.int32)]
    cases["array5"] = ([(Arr(a5, out=True, poisoned=False), np.int32(3))], ref_array5)

    tf = (np.float64(1.5), np.float64(-0.25))
    w = (np.int64(7), (np.int64(100), np.int64(40)))
    def ref_through(arrays):
        out_f, out_i = arrays
        for i in range(N):
            out_f[i] = -0.25 + 1.5 * 2.0 + float(i)
            out_i[i] = 7 * i + 100 - 40
        return [out_f, out_i]
    cases["through_devices"] = ([tf, w, Arr(np.zeros(N, np.float64), out=True),
                                 Arr(np.zeros(N, np.int64), out=True)], ref_through)

    ti = (np.int32(11), np.int32(-2))
    def ref_over_i(arrays):
        out = arrays[0]
        out[:] = [11 - 2 * i for i in range(N)]
        return [out]
    cases["over__t2i32i32_i64a1C"] = ([ti, Arr(np.zeros(N, np.int64), out=True)], ref_over_i)

    tm = (np.float64(0.5), np.int32(3))
    def ref_over_f(arrays):
        out = arrays[0]
        out[:] = [0.5 + 3 * i for i in range(N)]
        return [out]
    cases["over__t2f64i32_f64a1C"] = ([tm, Arr(np.zeros(N, np.float64), out=True)], ref_over_f)
    return cases


def run_numba(kernels, name, args):
    from numba import cuda
    outs = []
    dev = [to_device(a, cuda.to_device, outs) for a in args]
    kernels[name.split("__")[0]][GRID, BLOCK](*dev)
    cuda.synchronize()
    return [o.copy_to_host() for o in outs]


def run_pykc(path, name, args):
    import cupy as cp
    outs = []
    dev = [to_device(a, cp.asarray, outs) for a in args]
    params = [p for a in dev for p in flatten(a)]
    cp.RawModule(path=path).get_function(name)((GRID,), (BLOCK,), params)
    cp.cuda.runtime.deviceSynchronize()
    return [cp.asnumpy(o) for o in outs]


def output_hosts(args):
    """The reference's arrays: every Arr's host copy, in order."""
    return [h for a in args for h in hosts(a)]


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    kernels = pyk_gpu.load_numba(SOURCE, "tuple_params")
    cases = make_cases(np.random.default_rng(7))
    tally = pyk_gpu.Tally()
    for name, (args, reference) in cases.items():
        want_numba = run_numba(kernels, name, args)
        want_python = reference(output_hosts(args))
        for path in sys.argv[1:]:
            got = run_pykc(path, name, args)
            bad = (pyk_gpu.output_differences("numba", got, want_numba)
                   + pyk_gpu.output_differences("python", got, want_python))
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
