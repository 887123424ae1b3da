// CUDA C twin of examples/transpose.pyk, for the compile-time benchmark
// only: out (cols x rows) = in (rows x cols) transposed through a shared tile
// padded by one column against bank conflicts.
#define TILE 32

extern "C" __global__ void transpose(const float *in, float *out, long long rows, long long cols)
{
    __shared__ float tile[TILE][TILE + 1];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    long long row = (long long)blockIdx.y * TILE + ty;
    long long col = (long long)blockIdx.x * TILE + tx;
    if (row < rows && col < cols)
        tile[ty][tx] = in[row * cols + col];
    __syncthreads();
    row = (long long)blockIdx.x * TILE + ty;
    col = (long long)blockIdx.y * TILE + tx;
    if (row < cols && col < rows)
        out[row * rows + col] = tile[tx][ty];
}
