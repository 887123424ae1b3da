// What every CUDA C twin of bench/kernels shares: Numba's 64-bit thread
// indices and Python's integer // and %, so each .cu computes what its .py
// computes. Arrays arrive as a pointer and their extents (int64), no
// strides: every array of the benchmark is C-contiguous.
#pragma once
#include <stdint.h>

typedef long long i64;
typedef unsigned long long u64;

// cuda.grid(1) and cuda.gridsize(1): int64 in Numba
__device__ __forceinline__ i64 grid1() { return (i64)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ i64 grid_y() { return (i64)blockIdx.y * blockDim.y + threadIdx.y; }
__device__ __forceinline__ i64 grid_z() { return (i64)blockIdx.z * blockDim.z + threadIdx.z; }
__device__ __forceinline__ i64 gridsize1() { return (i64)blockDim.x * gridDim.x; }

// Python's floor division and modulo, with Numba's answers for a zero
// divisor (0) and INT64_MIN // -1 (0); the checks fold for constants.
__device__ __forceinline__ i64 py_floordiv(i64 a, i64 b) {
    if (b == 0 || (b == -1 && a == INT64_MIN)) return 0;
    i64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}
__device__ __forceinline__ i64 py_mod(i64 a, i64 b) {
    if (b == 0 || (b == -1 && a == INT64_MIN)) return 0;
    i64 r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

// max(a, b) as Numba lowers the builtin: b if b > a else a
__device__ __forceinline__ float py_maxf(float a, float b) { return b > a ? b : a; }

// cuda.atomic.max on float32: a compare-and-swap loop, as Numba's
__device__ __forceinline__ float atomic_max_f32(float *a, float v) {
    int *p = (int *)a;
    int old = *p, assumed;
    do {
        assumed = old;
        if (!(__int_as_float(assumed) < v)) break;
        old = atomicCAS(p, assumed, __float_as_int(v));
    } while (assumed != old);
    return __int_as_float(old);
}
