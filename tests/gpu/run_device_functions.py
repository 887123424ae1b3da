#!/usr/bin/env python3
"""Runs tests/gpu/device_functions.pyk, as compiled by pykc, on a GPU and
compares it bitwise with a CPU reference and, where numba-cuda imports,
with the same source compiled by Numba.

Usage: run_device_functions.py [--seed N] [--no-numba] PTX...
Prints one PASS/FAIL line per run and "N passed, M failed"; exits 1 on any
failure."""
import argparse
import math
import os
import sys
import warnings

import numpy as np

from pyk_gpu import array_args, poison

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "device_functions.pyk")
N, TPB = 1000, 128


def reference(xf, xi):
    out = np.zeros(8 * N, np.float64)
    f32 = np.float32
    for i in range(N):
        f, n = xf[i], int(xi[i])
        out[i * 8 + 0] = np.float64(f) * 3 + 0.25
        out[i * 8 + 1] = float(n * 3) + 0.25
        out[i * 8 + 2] = n // 7
        out[i * 8 + 3] = n % 7
        out[i * 8 + 4] = math.factorial(max(n % 15, 1))
        a, b = 0, 1
        for _ in range(n % 12):
            a, b = b, a + b
        out[i * 8 + 5] = a
        half = np.float64(f) * 0.5
        lo, hi = (np.float64(f), half) if np.float64(f) < half else (half, np.float64(f))
        out[i * 8 + 6] = lo
        out[i * 8 + 7] = hi + (float(n) if n % 2 == 0 else 0.5)
    del f32
    return out


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
    ns = {"__name__": "device_functions"}
    try:  # a kernel with a signature compiles here, when decorated
        with open(SOURCE) as f:
            exec(compile(f.read(), SOURCE, "exec"), ns)
    except Exception as e:  # this numba-cuda cannot lower recursive calls
        print("NOTE: numba-cuda cannot compile the source: %s" % str(e).splitlines()[-1][:200])
        return None
    return ns


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-numba", action="store_true")
    ap.add_argument("ptx", nargs="*")
    opts = ap.parse_args()
    seed = opts.seed if opts.seed is not None else int.from_bytes(os.urandom(4), "little")
    print("seed %d" % seed)
    rng = np.random.default_rng(seed)
    xf = rng.uniform(-100, 100, N).astype(np.float32)
    xi = rng.integers(-1000, 1000, N).astype(np.int64)
    want = reference(xf, xi)
    import cupy as cp
    results = []
    for p in opts.ptx:
        dev = [cp.asarray(xf), cp.asarray(xi), cp.asarray(poison(np.zeros(8 * N, np.float64)))]
        cp.RawModule(path=p).get_function("device_calls")(((N + TPB - 1) // TPB,), (TPB,), array_args(dev))
        cp.cuda.runtime.deviceSynchronize()
        results.append(("pykc " + os.path.basename(p), cp.asnumpy(dev[2])))
    ns = None if opts.no_numba else load_numba()
    if ns is not None:
        from numba import cuda
        out = cuda.to_device(poison(np.zeros(8 * N, np.float64)))
        try:
            ns["device_calls"][(N + TPB - 1) // TPB, TPB](cuda.to_device(xf), cuda.to_device(xi), out)
            cuda.synchronize()
            results.append(("numba", out.copy_to_host()))
        except Exception as e:  # this numba-cuda cannot lower recursive calls
            print("NOTE: numba-cuda cannot compile the kernel: %s" % str(e).splitlines()[-1][:200])
            ns = None
    passed = failed = 0
    for name, got in results:
        for what, ref in (("reference", want),) + ((("numba", results[-1][1]),) if ns is not None and name != "numba" else ()):
            bad = np.flatnonzero(got.view(np.uint64) != ref.view(np.uint64))
            ok = bad.size == 0
            print("%s %s vs %s%s" % ("PASS" if ok else "FAIL", name, what,
                                     "" if ok else ": %d differ, first at %d (slot %d): got %r, want %r"
                                     % (bad.size, bad[0], bad[0] % 8, got[bad[0]], ref[bad[0]])))
            passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
