#!/usr/bin/env python3
"""Runs tests/gpu/const_arrays.pyk through numba-cuda and through each
pykc PTX given, on the same inputs with outputs poisoned, and compares the
outputs bit for bit, and with values NumPy computes on the CPU from the
module's own arrays (the .pyk run as Python). Also checks that each PTX
reads the arrays from constant memory (ld.const), as numba-cuda does.

Usage: run_const_arrays.py PTX...   (run_all.sh passes O3 and O0 builds)
Prints one PASS/FAIL line per kernel and PTX, and "N passed, M failed";
exits 1 on any failure."""
import os
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "const_arrays.pyk")
N, BLOCK = 1000, 128
GRID = (N + BLOCK - 1) // BLOCK
I = np.arange(N)


def inputs(rng):
    x32 = rng.uniform(-0.2, 1.2, N).astype(np.float32)
    x64 = rng.standard_normal(N)
    return {
        "const1d": ([], [np.zeros(N, np.float64)]),
        "fortran2d": ([], [np.zeros(N, np.int32)]),
        "align": ([], [np.zeros(N, np.float64)]),
        "cube": ([], [np.zeros(N, np.float32)]),
        "small_types": ([], [np.zeros(N, np.int64)]),
        "halves": ([], [np.zeros(N, np.float32)]),
        "interpolate": ([x32], [np.zeros(N, np.float32)]),
        "stencil": ([x64], [np.zeros(N, np.float64)]),
        "turned": ([], [np.zeros(N, np.int64)]),
    }


def wrap64(values):
    return np.array([((int(v) + 2**63) % 2**64) - 2**63 for v in values], dtype=np.int64)


def expected(m, name, ins):
    """NumPy's values, from the arrays module code built (m: the module)."""
    if name == "const1d":
        return m["CONST1D"][I % 10] + 1.0, 0
    if name == "fortran2d":
        c2, r, c = m["CONST2D"], (I // 10) % 10, I % 10
        return c2[r, c] * 3 + c2.T[r, c] + c2[r, (c + 1) % 10] + c2.strides[1] + 0, 0
    if name == "align":
        return m["CONST3BYTES"][I % 3] + m["CONST1D"][I % 3] + 0.0, 0
    if name == "cube":
        cube, a, b, c = m["CUBE"], I % 4, (I // 4) % 5, (I // 20) % 6
        s = np.zeros(N, np.float32)
        for j in range(5):
            s = s + cube[a, j, c]
        return cube[a, b, c] * np.float32(2) + s + cube[a, b, 2 * (c % 3)], 0
    if name == "small_types":
        k = I % 6
        v = [int(m["FLAGS"][q % 2, q % 3]) + int(m["WRAPPED"][q % 4, (q * 3) % 4]) + int(m["WIDE"][q % 2, q % 3])
             + int(m["INTS"][q % 5]) + int(m["UINTS"][q % 5]) + int(m["BIG"][q % 3]) + int(m["SHORTS"][q])
             + int(m["UBIG"][q % 3]) % 1000 for q in k]
        return wrap64(v), 0
    if name == "halves":
        h = m["HALVES"]
        return h[I % 9].astype(np.float32) + (h[(I + 4) % 9] * h[I % 9]).astype(np.float32), 0
    if name == "interpolate":
        lut = m["LUT"]
        t = np.clip(ins[0], 0, 1) * np.float32(32)
        k = np.minimum(t.astype(np.int64), 31)
        f = t - k.astype(np.float32)
        return np.where(f < np.float32(0.5), lut[k], lut[k + 1]), 0
    if name == "stencil":
        x, w = ins[0], m["COEF"]
        want = x.copy()
        want[1:-1] = (w[0] * x[:-2] + w[1] * x[1:-1] + w[2] * x[2:]) / (w[0] + w[1] + w[2])
        return want, 0
    if name == "turned":
        t, a, b, c = m["TURNED"], I % 4, (I // 4) % 3, (I // 12) % 2
        view = t[1:, ::2]
        return (t[a, b, c] * 1000 + t.strides[0] * 100 + t.shape[2] * 10 + t.ndim + view[a % 3, b % 2, c]
                + t.size + t.itemsize + t.nbytes), 0
    return None, 0


class ItemsizeRestored:
    """numba-cuda 0.30.4 gives a global array an itemsize of 0, so its
    nbytes is 0 too (target.py's make_constant_array passes the itemsize of
    the array structure it is still building, not the NumPy array's);
    pykc gives NumPy's values (docs/language.md section 9). `turned` adds
    both to every element it writes: this launches Numba's kernel and adds
    NumPy's values, so that the rest of what it computes is still compared
    with Numba's bit for bit."""

    def __init__(self, kernel, array):
        self.kernel, self.missing = kernel, int(array.itemsize + array.nbytes)

    def __getitem__(self, config):
        def run(out):
            self.kernel[config](out)
            fixed = out.copy_to_host()
            fixed[fixed != pyk_gpu.poison(fixed)] += self.missing
            out.copy_to_device(fixed)
        return run


def main():
    module = pyk_gpu.load_numba(SOURCE, "const_arrays")

    def numba_itemsize_restored(kernels):
        kernels["turned"] = ItemsizeRestored(kernels["turned"], module["TURNED"])
        return kernels

    def references(name, ins, got):
        want, tolerance = expected(module, name, ins)
        if want is None:
            return ["no CPU reference for %s" % name]
        want = np.asarray(want).astype(got[0].dtype)
        if tolerance:
            bad = np.nonzero(~np.isclose(got[0], want, rtol=tolerance, atol=tolerance))[0]
        else:
            bad = pyk_gpu.bitwise_differences(got[0], want, False)
        return pyk_gpu.difference_lines(0, got[0], want, bad, other="numpy")

    tally = pyk_gpu.Tally()
    for path in sys.argv[1:]:
        with open(path) as f:
            ptx = f.read()
        tally.check("ld.const in %s" % os.path.basename(path),
                    [] if "ld.const" in ptx and ".const .align" in ptx else ["no constant-memory loads"])
    cases = inputs(np.random.default_rng(2024))
    return pyk_gpu.differential_main(sys.argv[1:], SOURCE, cases, references, GRID, BLOCK, tally=tally,
                                     adjust_numba=numba_itemsize_restored)


if __name__ == "__main__":
    sys.exit(main())
