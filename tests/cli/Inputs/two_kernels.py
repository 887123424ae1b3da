# Two kernels named kernel: one at module level, one in a class.
from numba import cuda


@cuda.jit("void(int32[::1])")
def kernel(x):
    x[0] = 1


class Outer:
    @staticmethod
    @cuda.jit("void(int32[::1])")
    def kernel(x):
        x[0] = 2
