// CUDA C twin of examples/reduce.pyk, for the compile-time benchmark only:
// a grid-stride partial sum per thread, a tree reduction in shared memory,
// then one atomic add per block.
#define TPB 256

extern "C" __global__ void block_sum(const float *x, long long n, float *total)
{
    __shared__ float partial[TPB];
    unsigned tid = threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (long long i = (long long)blockIdx.x * blockDim.x + tid; i < n; i += stride)
        acc += x[i];
    partial[tid] = acc;
    __syncthreads();
    for (unsigned step = TPB / 2; step > 0; step /= 2) {
        if (tid < step)
            partial[tid] += partial[tid + step];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(&total[0], partial[0]);
}
