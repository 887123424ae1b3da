// CUDA C twins of bench/kernels/reductions.py
#include "common.cuh"

#define TPB 256

extern "C" __global__ void sumsq_f64_while(const double *x, i64 n, double *total, i64 nt) {
    double acc = 0.0;
    i64 i = grid1();
    while (i < n) {
        acc += x[i] * x[i];
        i += gridsize1();
    }
    atomicAdd(total, acc);
}

extern "C" __global__ void sum_f32_range(const float *x, i64 n, float *total, i64 nt) {
    float acc = 0.0f;
    for (i64 i = grid1(); i < n; i += gridsize1()) acc += x[i];
    atomicAdd(total, acc);
}

extern "C" __global__ void dot_f32_while(const float *x, i64 n, const float *y, i64 ny, float *total, i64 nt) {
    float acc = 0.0f;
    i64 i = grid1();
    i64 step = gridsize1();
    while (i < n) {
        acc += x[i] * y[i];
        i += step;
    }
    atomicAdd(total, acc);
}

extern "C" __global__ void sum_i32_to_i64_range(const int *x, i64 n, i64 *total, i64 nt) {
    i64 acc = 0;
    for (i64 i = grid1(); i < n; i += gridsize1()) acc += x[i];
    atomicAdd((u64 *)total, (u64)acc);
}

extern "C" __global__ void count_above_while(const float *x, i64 n, float threshold, int *count, i64 nc) {
    i64 c = 0;
    i64 i = grid1();
    while (i < n) {
        if (x[i] > threshold) c += 1;
        i += gridsize1();
    }
    atomicAdd(count, (int)c);
}

extern "C" __global__ void max_f32_range_shared(const float *x, i64 n, float *result, i64 nr) {
    __shared__ float part[TPB];
    int tid = threadIdx.x;
    float m = -3.0e38f;
    for (i64 i = grid1(); i < n; i += gridsize1()) m = py_maxf(m, x[i]);
    part[tid] = m;
    __syncthreads();
    for (int s = TPB / 2; s > 0; s /= 2) {
        if (tid < s) part[tid] = py_maxf(part[tid], part[tid + s]);
        __syncthreads();
    }
    if (tid == 0) atomic_max_f32(result, part[0]);
}

extern "C" __global__ void block_sum_shared(const float *x, i64 n, float *partials, i64 np) {
    __shared__ float buf[TPB];
    int tid = threadIdx.x;
    i64 i = grid1();
    buf[tid] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int s = TPB / 2; s > 0; s /= 2) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    if (tid == 0) partials[blockIdx.x] = buf[0];
}

extern "C" __global__ void row_sum_f64_blockstride(const double *m, i64 rows, i64 cols, double *out, i64 no) {
    __shared__ double buf[TPB];
    i64 row = blockIdx.x;
    int tid = threadIdx.x;
    double acc = 0.0;
    for (i64 c = tid; c < cols; c += blockDim.x) acc += m[row * cols + c];
    buf[tid] = acc;
    __syncthreads();
    for (int s = TPB / 2; s > 0; s /= 2) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[row] = buf[0];
}
