// nvcc-flags: --use_fast_math
// CUDA C twins of the fastmath=True kernels of bench/kernels/mathfns.py:
// --use_fast_math is what numba-cuda's fastmath asks of NVVM (flush to zero,
// approximate division and sqrt, contraction) plus the fast intrinsics
// (__sinf, __expf, __logf) its __nv_fast_* calls are.
#include "common.cuh"

extern "C" __global__ void sin_exp_log_f32_fast(const float *x, i64 nx, float *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        float v = x[i];
        out[i] = sinf(v) * expf(-v * v) + logf(1.0f + fabsf(v));
    }
}

extern "C" __global__ void black_scholes_f32_fast(const float *s, i64 ns, const float *k, i64 nk, const float *t,
                                                  i64 nt, float r, float vol, float *call, i64 n, float *put,
                                                  i64 np) {
    i64 i = grid1();
    if (i < n) {
        float sq = sqrtf(t[i]);
        float d1 = (logf(s[i] / k[i]) + (r + 0.5f * vol * vol) * t[i]) / (vol * sq);
        float d2 = d1 - vol * sq;
        float n1 = 0.5f * (1.0f + erff(d1 * 0.70710678f));
        float n2 = 0.5f * (1.0f + erff(d2 * 0.70710678f));
        float disc = k[i] * expf(-r * t[i]);
        call[i] = s[i] * n1 - disc * n2;
        put[i] = disc * (1.0f - n2) - s[i] * (1.0f - n1);
    }
}

extern "C" __global__ void nbody_accel_fast(const float *pos, i64 n, i64 four, float *acc, i64 an, i64 three) {
    i64 i = grid1();
    if (i < n) {
        float xi = pos[i * four + 0], yi = pos[i * four + 1], zi = pos[i * four + 2];
        float ax = 0.0f, ay = 0.0f, az = 0.0f;
        for (i64 j = 0; j < n; j++) {
            float dx = pos[j * four + 0] - xi;
            float dy = pos[j * four + 1] - yi;
            float dz = pos[j * four + 2] - zi;
            float d2 = dx * dx + dy * dy + dz * dz + 1e-3f;
            float inv = 1.0f / sqrtf(d2);
            float f = pos[j * four + 3] * inv * inv * inv;
            ax += f * dx;
            ay += f * dy;
            az += f * dz;
        }
        acc[i * three + 0] = ax;
        acc[i * three + 1] = ay;
        acc[i * three + 2] = az;
    }
}
