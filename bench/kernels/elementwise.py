"""Elementwise kernels: one element per thread, bounds-checked by `i < n`.
The commonest shape of Numba code; memory-bound at the benchmark's sizes."""
import math

from numba import cuda, float32, float64


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit("void(float64, float64[::1], float64, float64[::1], float64[::1])")
def axpby_f64(a, x, b, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + b * y[i]


@cuda.jit("void(float32[::1], float32[::1])")
def horner_f32(x, out):
    # a degree-8 polynomial by Horner's rule: eight dependent multiply-adds
    i = cuda.grid(1)
    if i < out.size:
        t = x[i]
        acc = float32(0.0078125)
        acc = acc * t + float32(-0.0625)
        acc = acc * t + float32(0.125)
        acc = acc * t + float32(-0.25)
        acc = acc * t + float32(0.5)
        acc = acc * t + float32(-0.75)
        acc = acc * t + float32(1.0)
        acc = acc * t + float32(-1.5)
        acc = acc * t + float32(2.0)
        out[i] = acc


@cuda.jit("void(float32[::1], float32[::1], float32, float32)")
def clamp_scale_f32(x, out, lo, hi):
    # branches on the value, as a clip or a ReLU does
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        if v < lo:
            v = lo
        elif v > hi:
            v = hi
        out[i] = v * float32(0.5) + float32(1.0)


@cuda.jit("void(float32[:, ::1], float32[::1], float32[:, ::1])")
def add_row_bias_2d(m, bias, out):
    # a 2-D grid over a matrix, a broadcast row vector
    c, r = cuda.grid(2)   # x runs along a row: coalesced
    if r < out.shape[0] and c < out.shape[1]:
        out[r, c] = m[r, c] + bias[c]
