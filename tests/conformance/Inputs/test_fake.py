# A stand-in for one of numba-cuda's test modules, for compile_report.test:
# its kernels are defined inside test methods, as numba-cuda's are, so pykc
# must find them by qualified name and line (--kernel NAME@LINE). add and
# total are plain kernels; boxed defines a class, which no kernel may (Numba
# refuses it too), so pykc's error for it stays the same as pykc grows.
import unittest

import numpy as np
from numba import cuda


class TestFake(unittest.TestCase):
    def test_add(self):
        @cuda.jit
        def add(x, y, out):
            i = cuda.grid(1)
            if i < out.size:
                out[i] = x[i] + y[i]

        x = np.arange(8, dtype=np.float32)
        out = np.zeros_like(x)
        add[1, 8](x, x, out)
        np.testing.assert_equal(out, 2 * x)

    def test_sum(self):
        @cuda.jit
        def total(x, out):
            i = cuda.grid(1)
            if i < x.size:
                cuda.atomic.add(out, 0, x[i])

        x = np.full(64, 0.1, dtype=np.float32)
        out = np.zeros(1, dtype=np.float32)
        total[2, 32](x, out)
        self.assertAlmostEqual(out[0], 6.4, places=4)

    def test_local_class(self):
        @cuda.jit
        def boxed(out):
            class Box:
                pass
            out[0] = 1
