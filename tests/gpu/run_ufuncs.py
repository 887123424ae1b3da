#!/usr/bin/env python3
"""Runs the ufunc kernels of tests/gpu/ufuncs.pyk as pykc compiled them
(__vectorized_NAME, __gufunc_NAME: docs/abi.md) and compares them with the
ufuncs numba-cuda builds from the same source, called on the same inputs,
and with NumPy.

pykc's entries take the arguments numba-cuda's generated kernels take:
vectorize's 1-D arrays (a0, .., __out__), of any strides, so the inputs
include a strided view and a broadcast scalar (a 0-stride array, as
Numba's host side makes for a scalar argument); guvectorize's arrays of
one more dimension than the layout (a scalar argument: a 1-D array). The
grid has more threads than elements: the kernel's own guard stops them.

Tolerance: bit for bit with Numba (the same operations in the same order);
the NumPy references are exact for all but sinc (within 4 ulps: libdevice's
sin against the C library's).

Usage: run_ufuncs.py PTX [PTX ...]   (pykc builds of ufuncs.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "ufuncs.pyk")
BLOCK = 128
N = 1000                      # not a multiple of the block
ROWS, M, K = 37, 5, 9         # gufuncs: ROWS calls of the core


def device_view(cp, host, step=None):
    """A 1-D CuPy array of `host`'s values, every `step`-th element of a
    larger one (step 0: a 0-stride view of one element, all of host's
    elements being equal)."""
    if step is None:
        return cp.asarray(host)
    if step == 0:
        return cp.lib.stride_tricks.as_strided(cp.asarray(host[:1]), shape=host.shape, strides=(0,))
    base = cp.zeros(len(host) * step, host.dtype)
    base[::step] = cp.asarray(host)
    return base[::step]


def launch(cp, path, entry, arrays, threads):
    grid = (threads + BLOCK - 1) // BLOCK + 1
    cp.RawModule(path=path).get_function(entry)((grid,), (BLOCK,), pyk_gpu.array_args(arrays))
    cp.cuda.runtime.deviceSynchronize()


def vectorize_cases(rng):
    """(label, numba ufunc name, pykc entry, input host arrays, the step of
    their device views (device_view), output dtype, NumPy reference)."""
    f32 = rng.standard_normal(2 * N).astype(np.float32)
    f64 = rng.standard_normal(N) * 4
    scalar = np.full(N, 0.75, np.float32)
    return [
        ("scaled_sum f32 strided", "scaled_sum", "__vectorized_scaled_sum__f32a1A_f32a1A_f32a1A",
         [f32[::2].copy(), f32[1::2].copy()], [3, None], np.float32,
         lambda a, b: (a + b) * a),
        ("scaled_sum f32 broadcast", "scaled_sum", "__vectorized_scaled_sum__f32a1A_f32a1A_f32a1A",
         [f32[:N].copy(), scalar], [None, 0], np.float32, lambda a, b: (a + b) * a),
        ("scaled_sum f64", "scaled_sum", "__vectorized_scaled_sum__f64a1A_f64a1A_f64a1A",
         [f64, f64[::-1].copy()], [None, None], np.float64, lambda a, b: (a + b) * a),
        ("sinc", "sinc", "__vectorized_sinc", [np.concatenate([[0.0], f64[1:]])], [None], np.float64, None),
    ]


def check_vectorize(cp, kernels, paths, tally, rng):
    for label, name, entry, ins, strides, dtype, reference in vectorize_cases(rng):
        want = kernels[name](*ins)        # Numba's ufunc, on host arrays
        expected = np.sinc(ins[0]) if reference is None else reference(*ins)
        for path in paths:
            dev = [device_view(cp, a, s) for a, s in zip(ins, strides)]
            out = cp.asarray(pyk_gpu.poison(np.zeros(N, dtype)))
            launch(cp, path, entry, dev + [out], N)
            got = cp.asnumpy(out)
            bad = pyk_gpu.difference_lines(0, got, want, pyk_gpu.bitwise_differences(got, want, False))
            if reference is None:
                far = np.nonzero(~np.isclose(got, expected, rtol=4 * np.finfo(dtype).eps, atol=1e-15))[0]
            else:
                far = pyk_gpu.bitwise_differences(got, expected.astype(dtype), False)
            bad += pyk_gpu.difference_lines(0, got, expected, far, "numpy")
            tally.check("%s (%s)" % (label, os.path.basename(path)), bad)


def check_gufuncs(cp, kernels, paths, tally, rng):
    x = rng.integers(-1000, 1000, (ROWS, K)).astype(np.int32)
    by = rng.integers(-50, 50, ROWS).astype(np.int32)
    a = rng.standard_normal((ROWS, M, K)).astype(np.float32)
    cases = [
        ("shift", "__gufunc_shift", [x, by], (ROWS, K), np.int32, x + by[:, None]),
        ("row_sums", "__gufunc_row_sums", [a], (ROWS, M), np.float32, np.add.accumulate(a, axis=2)[..., -1]),
    ]
    for name, entry, ins, shape, dtype, expected in cases:
        want = kernels[name](*ins)
        for path in paths:
            out = cp.asarray(pyk_gpu.poison(np.zeros(shape, dtype)))
            launch(cp, path, entry, [cp.asarray(i) for i in ins] + [out], ROWS)
            got = cp.asnumpy(out)
            bad = pyk_gpu.difference_lines(0, got, want, pyk_gpu.bitwise_differences(got, want, False))
            bad += pyk_gpu.output_differences("numpy", [got], [expected])
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)


def main():
    paths = sys.argv[1:]
    if not paths:
        print(__doc__)
        return 2
    import cupy as cp
    kernels = pyk_gpu.load_numba(SOURCE, "ufuncs")
    tally = pyk_gpu.Tally()
    rng = np.random.default_rng(2026)
    check_vectorize(cp, kernels, paths, tally, rng)
    check_gufuncs(cp, kernels, paths, tally, rng)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
