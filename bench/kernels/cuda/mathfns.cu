// CUDA C twins of the plain (not fastmath) kernels of bench/kernels/mathfns.py;
// the fastmath ones are in mathfns_fast.cu, built with --use_fast_math.
#include "common.cuh"

extern "C" __global__ void sin_exp_log_f32(const float *x, i64 nx, float *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        float v = x[i];
        out[i] = sinf(v) * expf(-v * v) + logf(1.0f + fabsf(v));
    }
}

extern "C" __global__ void pow_cos_f64(const double *x, i64 nx, double *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        double v = x[i];
        out[i] = pow(v, 1.5) + sqrt(v) * cos(v) - atan2(v, 2.0);
    }
}

extern "C" __global__ void tanh_sigmoid_f32(const float *x, i64 nx, float *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        float v = x[i];
        out[i] = tanhf(v) + 1.0f / (1.0f + expf(-v));
    }
}

extern "C" __global__ void black_scholes_f32(const float *s, i64 ns, const float *k, i64 nk, const float *t, i64 nt,
                                             float r, float vol, float *call, i64 n, float *put, i64 np) {
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
