from numba import cuda

SCALE = 2.5


@cuda.jit(device=True)
def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def halve(v):
    """Host code here; sim.py compiles it for the GPU."""
    return v * 0.5
