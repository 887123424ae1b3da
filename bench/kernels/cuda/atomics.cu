// CUDA C twins of bench/kernels/atomics.py
#include "common.cuh"

#define NBINS 256

extern "C" __global__ void histogram_global(const int *x, i64 n, int *bins, i64 nbins) {
    i64 i = grid1();
    if (i < n) atomicAdd(&bins[py_mod(x[i], nbins)], 1);
}

extern "C" __global__ void histogram_shared(const int *x, i64 n, int *bins, i64 nbins) {
    __shared__ int local[NBINS];
    int tid = threadIdx.x;
    local[tid] = 0;
    __syncthreads();
    for (i64 i = grid1(); i < n; i += gridsize1()) atomicAdd(&local[(i64)x[i] & (NBINS - 1)], 1);
    __syncthreads();
    atomicAdd(&bins[tid], local[tid]);
}

extern "C" __global__ void row_max_atomic(const int *m, i64 rows, i64 cols, int *out, i64 no) {
    i64 c = grid1(), r = grid_y();
    if (r < rows && c < cols) atomicMax(&out[r], m[r * cols + c]);
}

extern "C" __global__ void toggle_bits_xor(const unsigned *idx, i64 n, unsigned *flags, i64 nf) {
    i64 i = grid1();
    if (i < n) {
        i64 k = idx[i];
        atomicXor(&flags[k >> 5], (unsigned)(1LL << (k & 31)));
    }
}

extern "C" __global__ void scatter_add_f64(const int *idx, i64 n, const double *w, i64 nw, double *out, i64 no) {
    i64 i = grid1();
    if (i < n) atomicAdd(&out[idx[i]], w[i]);
}
