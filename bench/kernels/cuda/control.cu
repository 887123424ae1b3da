// CUDA C twins of bench/kernels/control.py
#include "common.cuh"

#define NLOC 8
#define WARP 32
#define FULL 0xFFFFFFFFu

extern "C" __global__ void local_sort8_median(const float *x, i64 n, float *out, i64 no) {
    float v[NLOC];
    i64 i = grid1();
    if (i < no) {
        for (int k = 0; k < NLOC; k++) v[k] = x[py_mod(i + k, n)];
        for (int k = 1; k < NLOC; k++) {
            float key = v[k];
            int j = k - 1;
            while (j >= 0 && v[j] > key) {
                v[j + 1] = v[j];
                j -= 1;
            }
            v[j + 1] = key;
        }
        out[i] = 0.5f * (v[NLOC / 2 - 1] + v[NLOC / 2]);
    }
}

extern "C" __global__ void local_digit_counts(const int *x, i64 nx, int *out, i64 n) {
    int c[10];
    i64 i = grid1();
    if (i < n) {
        for (int k = 0; k < 10; k++) c[k] = 0;
        i64 v = x[i];
        while (v > 0) {
            c[py_mod(v, 10)] += 1;
            v = py_floordiv(v, 10);
        }
        i64 best = 0;
        for (int k = 0; k < 10; k++) best = best * 3 + c[k];
        out[i] = (int)best;
    }
}

extern "C" __global__ void warp_shfl_sum(const float *x, i64 n, float *total, i64 nt) {
    float acc = 0.0f;
    for (i64 i = grid1(); i < n; i += gridsize1()) acc += x[i];
    for (int off = WARP / 2; off > 0; off /= 2) acc += __shfl_down_sync(FULL, acc, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, acc);
}

extern "C" __global__ void warp_scan_shfl_up(const int *x, i64 n, int *out, i64 no) {
    i64 i = grid1();
    int lane = threadIdx.x & 31;
    int v = i < n ? x[i] : 0;
    for (int d = 1; d < WARP; d *= 2) {
        int t = __shfl_up_sync(FULL, v, d);
        if (lane >= d) v = v + t;
    }
    if (i < no) out[i] = v;
}

extern "C" __global__ void warp_votes(const float *x, i64 n, int *counts, i64 nc) {
    i64 i = grid1();
    float v = i < n ? x[i] : 0.0f;
    bool every = __all_sync(FULL, v > 0.0f);
    bool some = __any_sync(FULL, v > 0.99f);
    int neg = __popc(__ballot_sync(FULL, v < 0.0f));
    if ((threadIdx.x & 31) == 0) {
        i64 w = py_floordiv(i, WARP);
        if (w < nc) counts[w] = neg + (every ? 64 : 0) + (some ? 128 : 0);
    }
}

extern "C" __global__ void mandelbrot(int *img, i64 rows, i64 cols, float x0, float y0, float step, int maxit) {
    i64 c = grid1(), r = grid_y();
    if (r < rows && c < cols) {
        float cr = x0 + step * (float)c;
        float ci = y0 + step * (float)r;
        float zr = 0.0f, zi = 0.0f;
        i64 k = 0;
        while (k < maxit && zr * zr + zi * zi <= 4.0f) {
            float t = zr * zr - zi * zi + cr;
            zi = 2.0f * zr * zi + ci;
            zr = t;
            k += 1;
        }
        img[r * cols + c] = (int)k;
    }
}

extern "C" __global__ void newton_sqrt_while(const double *x, i64 nx, double *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        double a = x[i];
        double g = a > 1.0 ? a : 1.0;
        double nxt = g;
        while (true) {
            nxt = 0.5 * (g + a / g);
            if (fabs(nxt - g) <= 1e-12 * nxt) break;
            g = nxt;
        }
        out[i] = nxt;
    }
}
