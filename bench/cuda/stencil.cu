// CUDA C twin of examples/stencil.pyk, for the compile-time benchmark only:
// one Jacobi step on an n x m float64 grid; the boundary is copied.
extern "C" __global__ void jacobi_step(const double *src, double *dst, long long n, long long m)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long j = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < m) {
        if (0 < i && i < n - 1 && 0 < j && j < m - 1)
            dst[i * m + j] = 0.25 * (src[(i - 1) * m + j] + src[(i + 1) * m + j] +
                                     src[i * m + j - 1] + src[i * m + j + 1]);
        else
            dst[i * m + j] = src[i * m + j];
    }
}
