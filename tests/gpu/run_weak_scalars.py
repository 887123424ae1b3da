#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/weak_scalars.pyk, compiled by pykc with
--weak-scalars (the file's "# pykc-flags:" line, which run_all.sh reads),
and compares every output with NumPy computing the same float32 (float16)
operations one by one: NumPy 2 types a Python float with a float32 array as
float32 too (NEP 50), and the int-to-float cases convert the integer to the
float type first, which is the mode's rule (docs/language.md 7.18). Numba is
not the reference here: it types this source in float64.

Tolerance: none, bit for bit (any NaN matches any NaN), because each
reference does exactly the operations the kernel does, each correctly
rounded in the same type. The one exception is a*b+c, which the compiler
may contract into one fused multiply-add (rounded once, as Numba and nvcc
also do) or not (at -O0): saxpy_literals must equal one of the two, both
computed exactly here (the fused one in float64 with an error-free sum).
Each build's PTX must also contain no f64 at all.

Usage: run_weak_scalars.py PTX [PTX ...]   (pykc builds of weak_scalars.pyk)
Prints one PASS/FAIL line per kernel and build, "N passed, M failed" last;
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

N = 4099                 # not a multiple of the block
BLOCK = 128
GRID = (N + BLOCK - 1) // BLOCK
f32, f16 = np.float32, np.float16


def fused_multiply_add(a, b, c):
    """float32 fma(a, b, c), rounded once: a*b is exact in float64; s + e is
    the exact sum (TwoSum); rounding s to float32 is right unless s lies
    exactly halfway between two float32 values, where e decides."""
    p = a.astype(np.float64) * b.astype(np.float64)
    c = np.broadcast_to(np.asarray(c, np.float64), p.shape)
    s = p + c
    bb = s - p
    e = (p - (s - bb)) + (c - bb)
    with np.errstate(all="ignore"):
        r = s.astype(f32)
        other = np.where(r.astype(np.float64) < s, np.nextafter(r, f32(np.inf)), np.nextafter(r, f32(-np.inf)))
        mid = (r.astype(np.float64) + other.astype(np.float64)) / 2
    at_mid = (s == mid) & (e != 0)
    return np.where(at_mid, np.where(e > 0, np.maximum(r, other), np.minimum(r, other)), r)


def inputs(rng):
    x = rng.uniform(-50, 50, N).astype(f32)
    x[:14] = [0.0, -0.0, f32(0.1), -f32(0.1), 0.75, -0.75, 1.5, np.inf, -np.inf, np.nan,
              1e30, -1e-30, 3.0, np.nextafter(f32(0.1), f32(1))]
    k32 = rng.integers(-2**30, 2**30, N).astype(np.int32)
    k32[:4] = [2**31 - 1, -2**31, 2**24 + 1, 0]
    k64 = rng.integers(-2**40, 2**40, N).astype(np.int64)
    k64[:4] = [2**63 - 1, -2**63, 2**24 + 1, 2**53 + 1]
    h = rng.uniform(-100, 100, N).astype(f16)
    h[:3] = [f16(65504), f16(-0.0), f16(np.nan)]
    return x, k32, k64, h


def cases(x, k32, k64, h):
    """name -> (kernel arguments (arrays, then scalars in order), outputs, references)."""
    z = np.zeros
    with np.errstate(all="ignore"):
        return {
            "mul_literal": ([x], [z(N, f32)], [], [x * f32(0.1)]),
            "add_int32": ([x, k32], [z(N, f32)], [], [x + k32.astype(f32)]),
            "add_int64": ([x, k64], [z(N, f32)], [], [k64.astype(f32) + x]),
            "div_int": ([x], [z(N, f32)], [np.int32(7)], [x / f32(7)]),
            "sub_int_literal": ([x], [z(N, f32)], [], [x - f32(3)]),
            "compare_literal": ([x], [z(N, np.int32)], [], [(x <= f32(0.1)).astype(np.int32)]),
            "floordiv_mod_literal": ([x], [z(N, f32), z(N, f32)], [],
                                     [np.floor_divide(x, f32(0.75)), np.remainder(x, f32(0.75))]),
            "aug_assign": ([x, k32], [z(N, f32)], [], [(x + f32(1.5)) * k32.astype(f32)]),
            "saxpy_literals": ([x], [z(N, f32)], [], None),
            "half_literal": ([h], [z(N, f16)], [], [h * f16(2.5)]),
        }


def saxpy_mismatches(x, got):
    with np.errstate(all="ignore"):
        fused = fused_multiply_add(f32(2.5) * np.ones_like(x), x, f32(1))
        unfused = f32(2.5) * x + f32(1)
    ok = np.isin(np.arange(N), pyk_gpu.bitwise_differences(got, fused, True), invert=True)
    ok |= np.isin(np.arange(N), pyk_gpu.bitwise_differences(got, unfused, True), invert=True)
    return ["[%d]: pykc %r, fused %r, unfused %r" % (i, got[i], fused[i], unfused[i]) for i in np.nonzero(~ok)[0]]


def launch_order(name, ins, outs, scalars):
    """The .pyk signatures: input arrays, then scalars, then outputs, except
    where a scalar sits between (div_int: x, n, out)."""
    if name == "div_int":
        return [ins[0]] + scalars + outs
    return ins + outs + scalars


def main(paths):
    import cupy as cp
    rng = np.random.default_rng(50)
    data = inputs(rng)
    tally = pyk_gpu.Tally()
    for path in paths:
        with open(path) as f:
            has_f64 = "f64" in f.read()
        label = os.path.basename(os.path.dirname(os.path.abspath(path)))
        tally.check("no_f64_in_ptx (%s)" % label, ["the PTX has f64 instructions"] if has_f64 else [])
        module = cp.RawModule(path=path)
        for name, (ins, outs, scalars, refs) in cases(*data).items():
            dev_ins = [cp.asarray(a) for a in ins]
            dev_outs = [cp.asarray(pyk_gpu.poison(o)) for o in outs]
            order = launch_order(name, dev_ins, dev_outs, scalars)
            flat = []
            for a in order:
                flat.extend(pyk_gpu.array_args([a]) if isinstance(a, cp.ndarray) else [a])
            module.get_function(name)((GRID,), (BLOCK,), tuple(flat))
            cp.cuda.runtime.deviceSynchronize()
            got = [cp.asnumpy(d) for d in dev_outs]
            if refs is None:
                bad = saxpy_mismatches(ins[0], got[0])
            else:
                bad = []
                for j, (g, w) in enumerate(zip(got, refs)):
                    diff = pyk_gpu.bitwise_differences(g, w, True)
                    bad += ["output %d [%d] (input %r): pykc %r, numpy %r" % (j, e, ins[0][e], g[e], w[e])
                            for e in diff[:4]]
                    if len(diff) > 4:
                        bad.append("output %d: %d differing elements" % (j, len(diff)))
            tally.check("%s (%s)" % (name, label), bad)
    return tally.finish()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
