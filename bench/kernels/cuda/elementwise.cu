// CUDA C twins of bench/kernels/elementwise.py
#include "common.cuh"

extern "C" __global__ void saxpy(float a, const float *x, i64 nx, const float *y, i64 ny, float *out, i64 n) {
    i64 i = grid1();
    if (i < n) out[i] = a * x[i] + y[i];
}

extern "C" __global__ void axpby_f64(double a, const double *x, i64 nx, double b, const double *y, i64 ny,
                                     double *out, i64 n) {
    i64 i = grid1();
    if (i < n) out[i] = a * x[i] + b * y[i];
}

extern "C" __global__ void horner_f32(const float *x, i64 nx, float *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        float t = x[i];
        float acc = 0.0078125f;
        acc = acc * t + -0.0625f;
        acc = acc * t + 0.125f;
        acc = acc * t + -0.25f;
        acc = acc * t + 0.5f;
        acc = acc * t + -0.75f;
        acc = acc * t + 1.0f;
        acc = acc * t + -1.5f;
        acc = acc * t + 2.0f;
        out[i] = acc;
    }
}

extern "C" __global__ void clamp_scale_f32(const float *x, i64 nx, float *out, i64 n, float lo, float hi) {
    i64 i = grid1();
    if (i < n) {
        float v = x[i];
        if (v < lo) v = lo;
        else if (v > hi) v = hi;
        out[i] = v * 0.5f + 1.0f;
    }
}

extern "C" __global__ void add_row_bias_2d(const float *m, i64 mr, i64 mc, const float *bias, i64 nb,
                                           float *out, i64 rows, i64 cols) {
    i64 c = grid1(), r = grid_y();
    if (r < rows && c < cols) out[r * cols + c] = m[r * mc + c] + bias[c];
}
