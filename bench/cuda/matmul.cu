// CUDA C twin of examples/matmul.pyk, for the compile-time benchmark only:
// C (m x n) = A (m x k) @ B (k x n), row-major float32. As in the .pyk, the
// first grid dimension (x) walks the rows.
#define TPB 16

extern "C" __global__ void matmul_naive(const float *a, const float *b, float *c,
                                        long long m, long long k, long long n)
{
    long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long col = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (row < m && col < n) {
        float acc = 0.0f;
        for (long long i = 0; i < k; i++)
            acc += a[row * k + i] * b[i * n + col];
        c[row * n + col] = acc;
    }
}

extern "C" __global__ void matmul_tiled(const float *a, const float *b, float *c,
                                        long long m, long long k, long long n)
{
    __shared__ float tile_a[TPB][TPB];
    __shared__ float tile_b[TPB][TPB];
    long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long col = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    float acc = 0.0f;
    for (long long t = 0; t < (k + TPB - 1) / TPB; t++) {
        long long base = t * TPB;
        tile_a[tx][ty] = row < m && base + ty < k ? a[row * k + base + ty] : 0.0f;
        tile_b[tx][ty] = base + tx < k && col < n ? b[(base + tx) * n + col] : 0.0f;
        __syncthreads();
        for (int j = 0; j < TPB; j++)
            acc += tile_a[tx][j] * tile_b[j][ty];
        __syncthreads();
    }
    if (row < m && col < n)
        c[row * n + col] = acc;
}
