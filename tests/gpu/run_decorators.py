#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/decorators.pyk (signature lists and
@cuda.jit options), as compiled by pykc, and the same kernels compiled by
numba-cuda from that source, on the same inputs, and compares the outputs.

A kernel with a signature list is one PTX entry per signature on pykc's
side (NAME__codes, docs/abi.md); on Numba's side the dispatcher is launched
with arrays of that signature's dtypes and picks the same overload.

Tolerance: every output must agree bit for bit, except fast_math's. Both
compilers call the same libdevice __nv_fast_* functions, and fast_div's
division is div.approx.ftz on both sides (compared bitwise, with denormal
inputs that must flush), but under fastmath's `fast` flags NVVM and LLVM
may fuse different multiply-add pairs into fma or reassociate a sum, which
changes the last bits: fast_math's float32 results may differ by at most
4 ulps (they are reported as bitwise or not). Sizes are not multiples of
the block; outputs are poisoned first.

Usage: run_decorators.py PTX [PTX ...]   (pykc builds of decorators.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "decorators.pyk")
GRID, BLOCK = 3, 128          # bounded's launch_bounds allow 128 threads
N = GRID * BLOCK - 37
ULPS = {"fast_math": 4}


def cases(rng):
    """(numba name, pykc entry, inputs, outputs)."""
    f32 = (rng.standard_normal(N) * 10).astype(np.float32)
    f32b = (rng.standard_normal(N) * 10).astype(np.float32)
    f64 = rng.standard_normal(N) * 1e3
    i32 = rng.integers(-2**15, 2**15, N).astype(np.int32)
    i64 = rng.integers(-2**40, 2**40, N).astype(np.int64)
    denormal = f32.copy()
    denormal[:6] = [1e-39, -1e-40, 3e-42, 1.0, -1.0, 0.0]
    z = np.zeros
    return [
        ("axpy", "axpy__f32a1C_f32a1C_f32a1C", [f32, f32b], [z(N, np.float32)]),
        ("axpy", "axpy__f64a1C_f64a1C_f64a1C", [f64, f64[::-1].copy()], [z(N, np.float64)]),
        ("axpy", "axpy__i32a1C_i32a1C_i32a1C", [i32, i32[::-1].copy()], [z(N, np.int32)]),
        ("use_bump", "use_bump__f32a1C_f32a1C", [f32], [z(N, np.float32)]),
        ("use_bump", "use_bump__i64a1C_i64a1C", [i64], [z(N, np.int64)]),
        ("fast_div", "fast_div", [denormal, f32b], [z(N, np.float32)]),
        ("fast_math", "fast_math", [f32], [z(5 * N, np.float32)]),
        ("bounded", "bounded", [f32], [z(N, np.float32)]),
        ("unoptimised", "unoptimised", [f64], [z(N, np.float64)]),
    ]


def ulp_differences(got, want, ulps):
    """Indices where two float32 arrays differ by more than `ulps` units in
    the last place (NaN matches NaN)."""
    def ordered(a):
        i = a.view(np.int32).astype(np.int64)
        return np.where(i < 0, -(i & 0x7FFFFFFF), i)
    far = np.abs(ordered(got) - ordered(want)) > ulps
    far &= ~(np.isnan(got) & np.isnan(want))
    return np.nonzero(far)[0]


def main():
    paths = sys.argv[1:]
    if not paths:
        print(__doc__)
        return 2
    import cupy as cp
    from numba import cuda
    kernels = pyk_gpu.load_numba(SOURCE, "decorators")
    tally = pyk_gpu.Tally()
    for numba_name, entry, ins, outs in cases(np.random.default_rng(2024)):
        dev = [cuda.to_device(a) for a in ins] + [cuda.to_device(pyk_gpu.poison(o)) for o in outs]
        kernels[numba_name][GRID, BLOCK](*dev)
        cuda.synchronize()
        want = [d.copy_to_host() for d in dev[len(ins):]]
        for path in paths:
            dev = [cp.asarray(a) for a in ins] + [cp.asarray(pyk_gpu.poison(o)) for o in outs]
            cp.RawModule(path=path).get_function(entry)((GRID,), (BLOCK,), pyk_gpu.array_args(dev))
            cp.cuda.runtime.deviceSynchronize()
            got = [cp.asnumpy(d) for d in dev[len(ins):]]
            bad, note = [], ""
            for j, (g, w) in enumerate(zip(got, want)):
                diff = pyk_gpu.bitwise_differences(g, w, False)
                if entry in ULPS and len(diff):
                    note = " (%d elements not bitwise, within %d ulps)" % (len(diff), ULPS[entry])
                    diff = ulp_differences(g, w, ULPS[entry])
                bad += pyk_gpu.difference_lines(j, g, w, diff)
            tally.check("%s (%s)%s" % (entry, os.path.basename(path), note if not bad else ""), bad)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
