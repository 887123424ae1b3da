// CUDA C twins of bench/kernels/matrix.py
#include "common.cuh"

#define TILE 16
#define TT 32
#define ROWS 8

extern "C" __global__ void matmul_naive(const float *a, i64 ar, i64 ac, const float *b, i64 br, i64 bc, float *c,
                                        i64 cr, i64 cc) {
    i64 i = grid1(), j = grid_y();
    if (i < cr && j < cc) {
        float tmp = 0.0f;
        for (i64 k = 0; k < ac; k++) tmp += a[i * ac + k] * b[k * bc + j];
        c[i * cc + j] = tmp;
    }
}

extern "C" __global__ void matmul_tiled(const float *a, i64 ar, i64 ac, const float *b, i64 br, i64 bc, float *c,
                                        i64 cr, i64 cc) {
    __shared__ float sa[TILE][TILE];
    __shared__ float sb[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    i64 col = (i64)blockIdx.x * TILE + tx;
    i64 row = (i64)blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (i64 t = 0; t < py_floordiv(ac + TILE - 1, TILE); t++) {
        i64 k = t * TILE;
        sa[ty][tx] = (row < ar && k + tx < ac) ? a[row * ac + k + tx] : 0.0f;
        sb[ty][tx] = (k + ty < br && col < bc) ? b[(k + ty) * bc + col] : 0.0f;
        __syncthreads();
        for (int q = 0; q < TILE; q++) acc += sa[ty][q] * sb[q][tx];
        __syncthreads();
    }
    if (row < cr && col < cc) c[row * cc + col] = acc;
}

extern "C" __global__ void matvec_rows(const float *a, i64 ar, i64 ac, const float *x, i64 nx, float *y, i64 ny) {
    i64 i = grid1();
    if (i < ny) {
        float acc = 0.0f;
        for (i64 k = 0; k < ac; k++) acc += a[i * ac + k] * x[k];
        y[i] = acc;
    }
}

extern "C" __global__ void transpose_naive(const float *a, i64 ar, i64 ac, float *out, i64 orr, i64 oc) {
    i64 c = grid1(), r = grid_y();
    if (r < ar && c < ac) out[c * oc + r] = a[r * ac + c];
}

extern "C" __global__ void transpose_tiled(const float *a, i64 ar, i64 ac, float *out, i64 orr, i64 oc) {
    __shared__ float tile[TT][TT + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    i64 x = (i64)blockIdx.x * TT + tx;
    i64 y = (i64)blockIdx.y * TT + ty;
    for (int k = 0; k < TT; k += ROWS)
        if (y + k < ar && x < ac) tile[ty + k][tx] = a[(y + k) * ac + x];
    __syncthreads();
    x = (i64)blockIdx.y * TT + tx;
    y = (i64)blockIdx.x * TT + ty;
    for (int k = 0; k < TT; k += ROWS)
        if (y + k < orr && x < oc) out[(y + k) * oc + x] = tile[tx][ty + k];
}
