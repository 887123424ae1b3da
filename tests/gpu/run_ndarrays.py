#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/ndarrays.pyk (arrays of 4 to 8 dimensions),
as compiled by pykc, and the same kernels compiled by numba-cuda from that
source, on the same inputs; every output must agree bit for bit with
Numba's and with a NumPy reference (NumPy's own indexing, views, .T and
strides, on the host).

Some inputs are views made on the device (a strided slice of an 8-d
device array) or F-ordered; the atomics' outputs start zeroed, the others
poisoned.

Usage: run_ndarrays.py PTX [PTX ...]   (pykc builds of ndarrays.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu
from pyk_gpu import In, Out, host_inputs, starting

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "ndarrays.pyk")
GRID, BLOCK = 2, 64
N = GRID * BLOCK


def case(ins, outs, reference):
    return {"ins": ins, "outs": outs, "reference": reference}


def copy5_case(rng):
    x = (rng.standard_normal((2, 2, 3, 2, 4)) * 10).astype(np.float32)
    outs = [Out(x.shape, np.float32)]

    def ref(ins):
        (x,), (out,) = ins, starting(outs)
        out[...] = x + np.arange(x.shape[4], dtype=np.float32)
        return [out]
    return case([In(x)], outs, ref)


def fortran6_case(rng):
    f = rng.integers(-1000, 1000, (2, 3, 2, 1, 2, 4)).astype(np.int32)
    outs = [Out(N, np.int32)]

    def ref(ins):
        (f,), (out,) = ins, starting(outs)
        for i in range(f.size):
            idx = np.unravel_index(i, f.shape, order="F")
            out[i] = np.int32(int(f[idx]) * 3 + int(idx[5]))
        return [out]
    return case([In(f, fortran=True)], outs, ref)


def attrs8_case(rng):
    base = rng.standard_normal((3, 2, 4, 2, 3, 2, 2, 5))
    view = lambda a: a[::2, :, 1::2, :, 1:, :, :, ::2]
    outs = [Out(40, np.int64), Out(4, np.float64)]

    def ref(ins):
        (v,), (ints, floats) = ins, starting(outs)
        ints[0:8] = v.shape
        ints[8:16] = v.strides
        ints[16:24] = v.T.shape
        ints[24:32] = v.T.strides
        ints[32:35] = [v.size, v.ndim, v.T.ndim]
        floats[0:3] = [v[-1, -1, -1, -1, -1, -1, -1, -1], v[0, 1, 0, 1, 0, 1, 0, 1],
                       v.T[1, 0, 1, 0, 1, 0, 1, 0]]
        return [ints, floats]
    return case([In(base, view)], outs, ref)


def views7_case(rng):
    x = (rng.standard_normal((2, 3, 3, 4, 2, 3, 2)) * 10).astype(np.float32)
    outs = [Out((4, N), np.float32), Out(4, np.int64)]

    def ref(ins):
        (x,), (out, lens) = ins, starting(outs)
        a = x[1, :, 0, ::-1, :, :, 0]
        views = [a, x[0, 1, 2, 0, 1], a[1:, 0, ::2, 1], x[:, 2, 1, 0, 0, 0]]
        for row, v in enumerate(views):
            out[row, :v.size] = v.ravel()
            lens[row] = v.ndim * 1000 + v.size
        return [out, lens]
    return case([In(x)], outs, ref)


def shared_local_case(rng):
    x = rng.integers(-100, 100, 100).astype(np.int32)
    outs = [Out(N, np.int64)]

    def ref(ins):
        (x,), (out,) = ins, starting(outs)
        padded = np.concatenate([x, np.full(N - len(x), -1, np.int32)])
        for i in range(N):
            total = 0
            for a in range(2):
                for b in range(2):
                    for c in range(3):
                        total = total * 3 + (i * 100 + a * 10 + b * 3 + c) % 7
            other = i - i % 64 + 63 - i % 64
            out[i] = int(padded[other]) * 1000000 + total
        return [out]
    return case([In(x)], outs, ref)


def atomics5_case(rng):
    outs = [Out((2, 3, 2, 2, 4), np.int32, zeroed=True), Out((2, 1, 3, 2), np.float64, zeroed=True)]

    def ref(ins):
        counts, sums = starting(outs)
        for i in range(N):
            counts[i % 2, i % 3, 0, 1, i % 4] += 1
            sums[i % 2, 0, i % 3, 1] += 0.5
        counts[1, 2, 1, 0, 3] = N - 1
        return [counts, sums]
    return case([], outs, ref)


def make_cases(rng):
    return {"copy5": copy5_case(rng), "fortran6": fortran6_case(rng), "attrs8": attrs8_case(rng),
            "views7": views7_case(rng), "shared_local": shared_local_case(rng),
            "atomics5": atomics5_case(rng)}


def run_numba(kernel, c):
    from numba import cuda
    ins = [i.view(cuda.to_device(np.asfortranarray(i.host) if i.fortran else i.host)) for i in c["ins"]]
    outs = [cuda.to_device(o.initial) for o in c["outs"]]
    kernel[GRID, BLOCK](*(ins + outs))
    cuda.synchronize()
    return [o.copy_to_host() for o in outs]


def run_pykc(path, name, c):
    import cupy as cp
    ins = [i.view(cp.asfortranarray(cp.asarray(i.host)) if i.fortran else cp.asarray(i.host)) for i in c["ins"]]
    outs = [cp.asarray(o.initial) for o in c["outs"]]
    cp.RawModule(path=path).get_function(name)((GRID,), (BLOCK,), pyk_gpu.array_args(ins + outs))
    cp.cuda.runtime.deviceSynchronize()
    return [cp.asnumpy(o) for o in outs]


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    kernels = pyk_gpu.load_numba(SOURCE, "ndarrays")
    cases = make_cases(np.random.default_rng(2025))
    tally = pyk_gpu.Tally()
    for name, c in cases.items():
        want_numba = run_numba(kernels[name], c)
        want_numpy = c["reference"](host_inputs(c))
        for path in sys.argv[1:]:
            got = run_pykc(path, name, c)
            bad = (pyk_gpu.output_differences("numba", got, want_numba)
                   + pyk_gpu.output_differences("numpy", got, want_numpy))
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
