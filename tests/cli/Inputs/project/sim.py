import argparse

import numpy as np
from numba import cuda

import helpers as h
from helpers import clamp, SCALE
from pkg.sub import shifted


@cuda.jit
def step(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = clamp(x[i] * SCALE, 0.0, h.SCALE) + shifted(x[i]) + gpu_halve(x[i])


# A plain function of a helper module made a device function here.
from helpers import halve  # noqa: E402

gpu_halve = cuda.jit(device=True)(halve)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10)
    x = np.ones(parser.parse_args().n, dtype=np.float32)
