#!/usr/bin/env python3
"""Runs the PTX that pykc compiled from examples/*.pyk on a real GPU and checks
every result against a NumPy reference computed on the CPU.

The PTX is loaded with CuPy (cuModuleLoad underneath) and each kernel is
launched with the parameters of ABI v1 (docs/abi.md): per array its data
pointer, its shape, then its strides in elements. Outputs are poisoned (NaN,
or a sentinel for integers) before every launch, so an element the kernel
failed to write cannot pass. Random inputs are drawn afresh for every check.

Usage: run_examples.py PTX_DIR      (PTX_DIR holds vecadd.ptx, saxpy.ptx, ...)
Prints one PASS/FAIL line per check and "N passed, M failed" last; exits 1 on
any failure."""
import os
import sys

import numpy as np
import cupy as cp

from pyk_gpu import array_args

rng = np.random.default_rng()
results = []


def check(name, got, want, rtol=1e-5, atol=1e-6):
    got = cp.asnumpy(got)
    ok = got.shape == want.shape and np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=False)
    err = "" if ok else " max abs err %g" % float(np.nanmax(np.abs(got.astype(np.float64) - want)))
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, err), flush=True)
    results.append(ok)


def poison(shape, dtype):
    if np.dtype(dtype).kind == "f":
        return cp.full(shape, np.nan, dtype=dtype)
    return cp.full(shape, -12345, dtype=dtype)


def load(ptx_dir, name):
    return cp.RawModule(path=os.path.join(ptx_dir, name + ".ptx"))


def run_vecadd(mod, n):
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = poison(n, np.float32)
    block = 128
    mod.get_function("vecadd")(((n + block - 1) // block,), (block,),
                               array_args([cp.asarray(x), cp.asarray(y), out]))
    check("vecadd n=%d" % n, out, x + y)


def run_saxpy(mod, n, blocks):
    a = np.float32(rng.standard_normal())
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = poison(n, np.float32)
    mod.get_function("saxpy")((blocks,), (256,),
                              [a] + array_args([cp.asarray(x), cp.asarray(y), out]))
    check("saxpy n=%d blocks=%d (grid-stride)" % (n, blocks), out, a * x + y, rtol=1e-5, atol=1e-5)


def run_reduce(mod, n):
    x = rng.random(n).astype(np.float32)
    total = cp.zeros(1, dtype=np.float32)
    mod.get_function("block_sum")((min(1024, (n + 255) // 256),), (256,),
                                  array_args([cp.asarray(x), total]))
    check("block_sum n=%d" % n, total, np.array([x.astype(np.float64).sum()]), rtol=1e-4)


def run_matmul(mod, kernel, m, k, n):
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = poison((m, n), np.float32)
    grid = ((m + 15) // 16, (n + 15) // 16)
    mod.get_function(kernel)(grid, (16, 16), array_args([cp.asarray(a), cp.asarray(b), c]))
    want = a.astype(np.float64) @ b.astype(np.float64)
    check("%s %dx%dx%d" % (kernel, m, k, n), c, want, rtol=1e-4, atol=1e-4)


def run_histogram(mod, n, bins):
    values = rng.integers(-3, bins + 3, n).astype(np.int32)
    counts = cp.zeros(bins, dtype=np.int32)
    mod.get_function("histogram")(((n + 255) // 256,), (256,), array_args([cp.asarray(values), counts]))
    inside = values[(values >= 0) & (values < bins)]
    check("histogram n=%d bins=%d" % (n, bins), counts, np.bincount(inside, minlength=bins), rtol=0, atol=0)


def run_stencil(mod, n, m):
    src = rng.standard_normal((n, m))
    dst = poison((n, m), np.float64)
    mod.get_function("jacobi_step")(((n + 15) // 16, (m + 15) // 16), (16, 16),
                                    array_args([cp.asarray(src), dst]))
    want = src.copy()
    want[1:-1, 1:-1] = 0.25 * (src[:-2, 1:-1] + src[2:, 1:-1] + src[1:-1, :-2] + src[1:-1, 2:])
    check("jacobi_step %dx%d" % (n, m), dst, want, rtol=1e-12, atol=1e-12)


def run_transpose(mod, n, m):
    inp = rng.standard_normal((n, m)).astype(np.float32)
    out = poison((m, n), np.float32)
    mod.get_function("transpose")(((m + 31) // 32, (n + 31) // 32), (32, 32),
                                  array_args([cp.asarray(inp), out]))
    check("transpose %dx%d" % (n, m), out, inp.T, rtol=0, atol=0)


def main():
    ptx_dir = sys.argv[1]
    print("device: %s" % cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), flush=True)
    run_vecadd(load(ptx_dir, "vecadd"), 1_000_003)
    run_vecadd(load(ptx_dir, "vecadd"), 1)
    saxpy = load(ptx_dir, "saxpy")
    run_saxpy(saxpy, 1 << 20, 4096)
    run_saxpy(saxpy, 1_000_003, 7)
    run_reduce(load(ptx_dir, "reduce"), 1 << 22)
    run_reduce(load(ptx_dir, "reduce"), 1000)
    matmul = load(ptx_dir, "matmul")
    run_matmul(matmul, "matmul_naive", 257, 129, 65)
    run_matmul(matmul, "matmul_tiled", 257, 129, 65)
    run_matmul(matmul, "matmul_tiled", 512, 512, 512)
    run_histogram(load(ptx_dir, "histogram"), 1 << 20, 100)
    run_stencil(load(ptx_dir, "stencil"), 300, 200)
    run_transpose(load(ptx_dir, "transpose"), 1000, 333)
    passed = sum(results)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
