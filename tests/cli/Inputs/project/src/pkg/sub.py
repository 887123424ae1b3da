from numba import cuda
from .. import helpers
from .deep import OFFSET


@cuda.jit(device=True)
def shifted(x):
    return helpers.clamp(x + OFFSET, 0.0, 1.0)
