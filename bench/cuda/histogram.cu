// CUDA C twin of examples/histogram.pyk, for the compile-time benchmark
// only: values outside [0, bins) are ignored; counts must start at zero.
extern "C" __global__ void histogram(const int *values, long long n, int *counts, long long bins)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = values[i];
        if (0 <= v && v < bins)
            atomicAdd(&counts[v], 1);
    }
}
