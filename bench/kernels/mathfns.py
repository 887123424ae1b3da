"""Transcendental-heavy kernels (libdevice's sin, exp, log, pow, erf ...),
each also in a fastmath=True twin: numba-cuda's and pykc's `__nv_fast_*`,
approximate division and sqrt, flush to zero."""
import math

from numba import cuda, float32, float64


@cuda.jit("void(float32[::1], float32[::1])")
def sin_exp_log_f32(x, out):
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        out[i] = math.sin(v) * math.exp(-v * v) + math.log(float32(1.0) + abs(v))


@cuda.jit("void(float32[::1], float32[::1])", fastmath=True)
def sin_exp_log_f32_fast(x, out):
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        out[i] = math.sin(v) * math.exp(-v * v) + math.log(float32(1.0) + abs(v))


@cuda.jit("void(float64[::1], float64[::1])")
def pow_cos_f64(x, out):
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        out[i] = math.pow(v, 1.5) + math.sqrt(v) * math.cos(v) - math.atan2(v, 2.0)


@cuda.jit("void(float32[::1], float32[::1])")
def tanh_sigmoid_f32(x, out):
    i = cuda.grid(1)
    if i < out.size:
        v = x[i]
        out[i] = math.tanh(v) + float32(1.0) / (float32(1.0) + math.exp(-v))


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32, float32, float32[::1], float32[::1])")
def black_scholes_f32(s, k, t, r, vol, call, put):
    i = cuda.grid(1)
    if i < call.size:
        sq = math.sqrt(t[i])
        d1 = (math.log(s[i] / k[i]) + (r + float32(0.5) * vol * vol) * t[i]) / (vol * sq)
        d2 = d1 - vol * sq
        n1 = float32(0.5) * (float32(1.0) + math.erf(d1 * float32(0.70710678)))
        n2 = float32(0.5) * (float32(1.0) + math.erf(d2 * float32(0.70710678)))
        disc = k[i] * math.exp(-r * t[i])
        call[i] = s[i] * n1 - disc * n2
        put[i] = disc * (float32(1.0) - n2) - s[i] * (float32(1.0) - n1)


@cuda.jit("void(float32[::1], float32[::1], float32[::1], float32, float32, float32[::1], float32[::1])",
          fastmath=True)
def black_scholes_f32_fast(s, k, t, r, vol, call, put):
    i = cuda.grid(1)
    if i < call.size:
        sq = math.sqrt(t[i])
        d1 = (math.log(s[i] / k[i]) + (r + float32(0.5) * vol * vol) * t[i]) / (vol * sq)
        d2 = d1 - vol * sq
        n1 = float32(0.5) * (float32(1.0) + math.erf(d1 * float32(0.70710678)))
        n2 = float32(0.5) * (float32(1.0) + math.erf(d2 * float32(0.70710678)))
        disc = k[i] * math.exp(-r * t[i])
        call[i] = s[i] * n1 - disc * n2
        put[i] = disc * (float32(1.0) - n2) - s[i] * (float32(1.0) - n1)


@cuda.jit("void(float32[:, ::1], float32[:, ::1])", fastmath=True)
def nbody_accel_fast(pos, acc):
    # all-pairs gravity, softened; pos[i] = (x, y, z, mass)
    i = cuda.grid(1)
    if i < pos.shape[0]:
        xi = pos[i, 0]
        yi = pos[i, 1]
        zi = pos[i, 2]
        ax = float32(0.0)
        ay = float32(0.0)
        az = float32(0.0)
        for j in range(pos.shape[0]):
            dx = pos[j, 0] - xi
            dy = pos[j, 1] - yi
            dz = pos[j, 2] - zi
            d2 = dx * dx + dy * dy + dz * dz + float32(1e-3)
            inv = float32(1.0) / math.sqrt(d2)
            f = pos[j, 3] * inv * inv * inv
            ax += f * dx
            ay += f * dy
            az += f * dz
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = az
