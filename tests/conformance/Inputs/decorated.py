# Kernels for compile_helpers.test: which have a decorator signature.
from numba import cuda


@cuda.jit
def lazy(x):
    x[0] = 1


@cuda.jit("void(float32[:])")
def eager(x):
    x[0] = 1


@cuda.jit(["void(float32[:])", "void(float64[:])"], fastmath=True)
def listed(x):
    x[0] = 1


@cuda.jit(device=True)
def helper(x):
    return x


def plain(x):
    x[0] = 1


class TestThing:
    def test_it(self):
        @cuda.jit(lineinfo=True)
        def nested(x):
            x[0] = 1
        return nested
