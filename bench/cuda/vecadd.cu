// CUDA C twin of examples/vecadd.pyk, for the compile-time benchmark only.
// Arrays become a pointer plus their length; indices are 64-bit as in Numba.
extern "C" __global__ void vecadd(const float *x, const float *y, float *out, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = x[i] + y[i];
}
