// CUDA C twins of bench/kernels/scan_stencil.py
#include "common.cuh"

#define TPB 256
#define RADIUS 3
#define TILE (TPB + 2 * RADIUS)

extern "C" __global__ void block_scan_i32(const int *x, i64 n, int *out, i64 no) {
    __shared__ int buf[TPB];
    int tid = threadIdx.x;
    i64 i = grid1();
    buf[tid] = i < n ? x[i] : 0;
    __syncthreads();
    for (int d = 1; d < TPB; d *= 2) {
        i64 v = buf[tid];  // int32 + int32 is int64 in Numba, stored back as int32
        if (tid >= d) v += buf[tid - d];
        __syncthreads();
        buf[tid] = (int)v;
        __syncthreads();
    }
    if (i < no) out[i] = buf[tid];
}

extern "C" __global__ void stencil_1d_5pt(const float *x, i64 n, float *out, i64 no) {
    i64 i = grid1();
    if (i >= 2 && i < n - 2)
        out[i] = 0.1f * (x[i - 2] + x[i + 2]) + 0.2f * (x[i - 1] + x[i + 1]) + 0.4f * x[i];
}

extern "C" __global__ void stencil_1d_shared(const float *x, i64 n, float *out, i64 no) {
    __shared__ float tile[TILE];
    int tid = threadIdx.x;
    i64 i = grid1();
    if (i < n) tile[tid + RADIUS] = x[i];
    if (tid < RADIUS) {
        i64 left = i - RADIUS;
        tile[tid] = (left >= 0 && left < n) ? x[left] : 0.0f;
        i64 right = i + TPB;
        tile[tid + TPB + RADIUS] = right < n ? x[right] : 0.0f;
    }
    __syncthreads();
    if (i < n) {
        float acc = 0.0f;
        for (int k = -RADIUS; k < RADIUS + 1; k++) acc += tile[tid + RADIUS + k];
        out[i] = acc * (float)(1.0 / 7.0);
    }
}

extern "C" __global__ void jacobi_2d_5pt(const float *u, i64 rows, i64 cols, float *out, i64 orows, i64 ocols) {
    i64 j = grid1(), i = grid_y();
    if (i >= 1 && i < rows - 1 && j >= 1 && j < cols - 1)
        out[i * ocols + j] = 0.25f * (u[(i - 1) * cols + j] + u[(i + 1) * cols + j]
                                      + u[i * cols + j - 1] + u[i * cols + j + 1]);
}

extern "C" __global__ void stencil_3d_7pt(const float *u, i64 n0, i64 n1, i64 n2, float *out, i64 o0, i64 o1,
                                          i64 o2) {
    i64 k = grid1(), j = grid_y(), i = grid_z();
    if (i >= 1 && i < n0 - 1 && j >= 1 && j < n1 - 1 && k >= 1 && k < n2 - 1) {
        i64 s1 = n2, s0 = n1 * n2;
        i64 c = i * s0 + j * s1 + k;
        out[i * o1 * o2 + j * o2 + k] =
            0.5f * u[c] + (float)(1.0 / 12.0) * (u[c - s0] + u[c + s0] + u[c - s1] + u[c + s1] + u[c - 1] + u[c + 1]);
    }
}
