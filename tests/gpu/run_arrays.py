#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/arrays.pyk, as compiled by pykc, and the
same kernels compiled by numba-cuda from that source, on the same inputs;
every output must agree bit for bit with Numba's and with a NumPy reference
(NumPy's own slicing, .T and strides, on the host).

Unlike the other suites, some inputs are views made on the device (a
non-contiguous slice of a device array, or an F-ordered array), some
outputs start zeroed rather than poisoned (atomics add to them), one
argument is a scalar, and one kernel needs dynamic shared memory at
launch: numba-cuda's kern[grid, block, 0, bytes], CuPy's shared_mem=.

Usage: run_arrays.py PTX [PTX ...]   (pykc builds of arrays.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu
from pyk_gpu import In, Out, host_inputs, starting

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "arrays.pyk")
GRID, BLOCK = 2, 64
N = GRID * BLOCK


def case(ins, outs, reference, scalars=(), shared=0):
    return {"ins": ins, "outs": outs, "reference": reference, "scalars": scalars, "shared": shared}


def make_cases(rng):
    f32 = lambda *shape: (rng.standard_normal(shape) * 10).astype(np.float32)
    i32 = lambda *shape: rng.integers(-1000, 1000, shape).astype(np.int32)
    cases = {}

    a = f32(100)
    def ref_slices_1d(ins):
        (a,), (out,) = ins, starting(outs_1d)
        n = len(a)
        views = [a[3:], a[:-5], a[2:n - 3:3], a[::-1], a[-4:2:-2], a[100:], a[5:2], a[-1000:1000:7][::-1]]
        for k, v in enumerate(views):
            out[k, :len(v)] = v
            out[8, k] = len(v)
        return [out]
    outs_1d = [Out((9, N), np.float32)]
    cases["slices_1d"] = case([In(a)], outs_1d, ref_slices_1d)

    params = np.array([5, 90, 3, 90, 5, -4, -10, -200, -1, -200, 1000, 9,
                       1000, -1000, -7, 3, 3, 1, 50, 10, 2, -1, -3, -1], np.int64)
    outs_rt = [Out((16, N), np.float32), Out(8, np.int64)]
    def ref_slices_runtime(ins):
        (a, p), (out, lens) = ins, starting(outs_rt)
        for j in range(len(p) // 3):
            v = a[p[3 * j]:p[3 * j + 1]:p[3 * j + 2]]
            out[j, :len(v)] = v
            lens[j] = len(v)
            w = a[p[3 * j]:p[3 * j + 1]]
            out[j + 8, :len(w)] = w
        return [out, lens]
    cases["slices_runtime"] = case([In(a), In(params)], outs_rt, ref_slices_runtime)

    steps = np.array([1, 2, -3, 0, 5, 1, 0, -1] * (N // 8), np.int64)
    outs_zero = [Out(100, np.int32)]
    def ref_zero_step(ins):
        (steps,), (out,) = ins, starting(outs_zero)
        for i in range(len(out)):
            out[i] = 1 if steps[i] == 0 else 2 + len(out[::steps[i]])
        return [out]
    cases["zero_step"] = case([In(steps)], outs_zero, ref_zero_step)

    m = f32(12, 20)
    outs_rc = [Out((24, 20), np.float32), Out((40, 12), np.float32)]
    def ref_rows_cols(ins):
        (m,), (rows, cols) = ins, starting(outs_rc)
        rows[:12] = m
        rows[12:, :19] = m[:, 1:]
        cols[:20] = m.T
        cols[20:, :6] = m[::-2].T
        return [rows, cols]
    cases["rows_cols"] = case([In(m)], outs_rc, ref_rows_cols)

    t = f32(5, 7, 9)
    outs_3d = [Out((19, 64), np.float32)]
    def ref_views_3d(ins):
        (t,), (out,) = ins, starting(outs_3d)
        for i in range(5):
            out[i, :63] = t[i].ravel()
        for i in range(7):
            out[8 + i, :45] = t[:, i, :].ravel()
        for row, v in ((16, t[1:3, ::2, -1]), (17, t[2][1]), (18, t[::-1, 1:, ::3][1:, -1])):
            out[row, :v.size] = v.ravel()
        return [out]
    cases["views_3d"] = case([In(t)], outs_3d, ref_views_3d)

    outs_t = [Out((20, 12), np.float32), Out((9, 35), np.float32)]
    def ref_transpose(ins):
        m, t = ins
        return [m.T.copy(), t.T.reshape(9, 35).copy()]
    cases["transpose"] = case([In(m), In(t)], outs_t, ref_transpose)

    outs_attr = [Out(24, np.int64)]
    def ref_attributes(ins):
        a, h, d = ins
        return [np.array([a.strides[0], a.strides[1], a.itemsize, a.nbytes, h.strides[0], h.itemsize,
                          h.nbytes, d.strides[0], d.strides[1], d.T.strides[0], d.T.strides[1],
                          d[::2, 1:].strides[0], d[::2, 1:].strides[1], d[1:, ::-3].nbytes,
                          h[::-2].strides[0], 24, 4, 96, 40, 120, 8, d.size, d[:, 1].strides[0],
                          a.ndim + d.T.ndim], np.int64)]
    cases["attributes"] = case([In(f32(10, 12), lambda x: x[1::2, ::3]), In(i32(33).astype(np.int16)),
                                In(rng.standard_normal((6, 8)))], outs_attr, ref_attributes)

    f = f32(9, 13)
    outs_f = [Out((18, 13), np.float32), Out((39, 9), np.float32)]
    def ref_fortran(ins):
        (f,), (out, out_t) = ins, starting(outs_f)
        out[:9] = f
        out[9:] = f
        out_t[:13] = f.T
        out_t[13:26, :8] = f[1:].T + np.float32(0.5)
        out_t[26:] = f.T
        return [out, out_t]
    cases["fortran"] = case([In(f, fortran=True)], outs_f, ref_fortran)

    outs_any = [Out((10, 10), np.float32), Out(39, np.int32)]
    def ref_any_layout(ins):
        (a, v), (out, out_v) = ins, starting(outs_any)
        out[:] = a[:, ::-1] + a
        out_v[:] = (v[::-1].astype(np.int64) * 3 + v).astype(np.int32)
        return [out, out_v]
    cases["any_layout"] = case([In(f32(20, 30), lambda x: x[1::2, ::3]), In(i32(77), lambda x: x[::2])],
                               outs_any, ref_any_layout)

    outs_sl = [Out(100, np.float32), Out(100, np.int32)]
    def ref_shared_local(ins):
        (a,), (out, out_local) = ins, starting(outs_sl)
        padded = np.concatenate([a, np.full(N - len(a), -1, np.float32)])
        for i in range(len(a)):
            block, tid = padded[i - i % 64:i - i % 64 + 64], i % 64
            out[i] = block[63 - tid] + block[32 + tid % 32]
            loc = [i * 10 + k for k in range(9)]
            s = sum(loc[1::2])
            for x in loc[::-4]:
                s = s * 3 + x
            out_local[i] = s
        return [out, out_local]
    cases["shared_local"] = case([In(a)], outs_sl, ref_shared_local)

    n = BLOCK
    shared_bytes = 2 * n * 4 + 4
    outs_dyn = [Out(100, np.float32), Out(5, np.int32)]
    def ref_dynamic_shared(ins):
        (a,), (out, info) = ins, starting(outs_dyn)
        x = np.concatenate([a, np.zeros(N - len(a), np.float32)])
        for i in range(len(a)):
            base, tid = i - i % 64, i % 64
            out[i] = x[base + (tid + 1) % n] + (x[base + n - 1 - tid] + np.float32(100.0))
        length = shared_bytes // 4
        info[:] = [length, length, n, (x[0] + np.float32(100.0)).view(np.int32), length - n]
        return [out, info]
    cases["dynamic_shared"] = case([In(a)], outs_dyn, ref_dynamic_shared, scalars=[(1, np.int64(n))],
                                   shared=shared_bytes)

    md = rng.standard_normal((10, 16))
    outs_dev = [Out(26, np.float64), Out((10, 16), np.float64)]
    def ref_device_views(ins):
        (m,), (out, scratch) = ins, starting(outs_dev)
        def total(v):
            s = 0.0
            for e in v:
                s += e
            return s
        for i in range(10):
            out[i] = total(m[i]) + total(m[i, ::-2])
            scratch[i, 1::3] = [float(i) + k for k in range(5)]
        for i in range(16):
            out[i + 10] = total(m[:, i])
        return [out, scratch]
    cases["device_views"] = case([In(md)], outs_dev, ref_device_views)

    outs_atomic = [Out((4, 8), np.int32, zeroed=True), Out((5, 7), np.int32, zeroed=True)]
    def ref_atomic_views(ins):
        counts, grid2 = starting(outs_atomic)
        for i in range(N):
            counts[1, i % 7] += 1
            grid2[1 + i % 3, 2 * (i % 4)] += 2
        counts[0, 3] = N - 1
        return [counts, grid2]
    cases["atomic_views"] = case([], outs_atomic, ref_atomic_views)

    v = rng.integers(-5, 6, 50).astype(np.int32)
    outs_store = [Out((12, 10), np.int32), Out(100, np.int64)]
    def ref_store_iterate(ins):
        (v,), (m, out) = ins, starting(outs_store)
        for i in range(12):
            m[i, 0], m[i, 9], m[i, 3] = i, -i, 7 * i
        for i in range(100):
            s = 0
            for x in v[i % 5::3]:
                s = s * 7 + int(x)
            out[i] = s
        return [m, out]
    cases["store_iterate"] = case([In(v)], outs_store, ref_store_iterate)
    return cases


def with_scalars(arrays, scalars):
    args = list(arrays)
    for position, value in scalars:
        args.insert(position, value)
    return args


def run_numba(kernel, c):
    from numba import cuda
    ins = [i.view(cuda.to_device(np.asfortranarray(i.host) if i.fortran else i.host)) for i in c["ins"]]
    outs = [cuda.to_device(o.initial) for o in c["outs"]]
    kernel[GRID, BLOCK, 0, c["shared"]](*with_scalars(ins + outs, c["scalars"]))
    cuda.synchronize()
    return [o.copy_to_host() for o in outs]


def run_pykc(path, name, c):
    import cupy as cp
    ins = [i.view(cp.asfortranarray(cp.asarray(i.host)) if i.fortran else cp.asarray(i.host)) for i in c["ins"]]
    outs = [cp.asarray(o.initial) for o in c["outs"]]
    args = []
    for a in with_scalars(ins + outs, c["scalars"]):
        args.extend(pyk_gpu.array_args([a]) if isinstance(a, cp.ndarray) else [a])
    cp.RawModule(path=path).get_function(name)((GRID,), (BLOCK,), args, shared_mem=c["shared"])
    cp.cuda.runtime.deviceSynchronize()
    return [cp.asnumpy(o) for o in outs]


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    kernels = pyk_gpu.load_numba(SOURCE, "arrays")
    cases = make_cases(np.random.default_rng(2024))
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
