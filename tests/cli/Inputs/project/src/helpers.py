from numba import cuda

SCALE = 2.5


@cuda.jit(device=True)
def clamp(x, lo, hi):
    return min(max(x, lo), hi)
