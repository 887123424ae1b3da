"""Grid-stride reductions: each thread sums a strided slice of the input
(`while` and `range` forms, float32, float64 and integers), then combines
its partial result with atomics, directly or through a shared-memory tree.
Launched on a fixed grid much smaller than the input, as such code is."""
from numba import cuda, float32, float64, int64

TPB = 256


@cuda.jit("void(float64[::1], float64[::1])")
def sumsq_f64_while(x, total):
    # the slowest common reduction: the while form, one atomic per thread
    acc = float64(0.0)
    i = cuda.grid(1)
    while i < x.size:
        acc += x[i] * x[i]
        i += cuda.gridsize(1)
    cuda.atomic.add(total, 0, acc)


@cuda.jit("void(float32[::1], float32[::1])")
def sum_f32_range(x, total):
    acc = float32(0.0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    cuda.atomic.add(total, 0, acc)


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def dot_f32_while(x, y, total):
    acc = float32(0.0)
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    while i < x.size:
        acc += x[i] * y[i]
        i += step
    cuda.atomic.add(total, 0, acc)


@cuda.jit("void(int32[::1], int64[::1])")
def sum_i32_to_i64_range(x, total):
    acc = int64(0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    cuda.atomic.add(total, 0, acc)


@cuda.jit("void(float32[::1], float32, int32[::1])")
def count_above_while(x, threshold, count):
    n = 0
    i = cuda.grid(1)
    while i < x.size:
        if x[i] > threshold:
            n += 1
        i += cuda.gridsize(1)
    cuda.atomic.add(count, 0, n)


@cuda.jit("void(float32[::1], float32[::1])")
def max_f32_range_shared(x, result):
    # a second common reduction: range grid-stride loop, then a shared tree
    part = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    m = float32(-3.0e38)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        m = max(m, x[i])
    part[tid] = m
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            part[tid] = max(part[tid], part[tid + s])
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        cuda.atomic.max(result, 0, part[0])


@cuda.jit("void(float32[::1], float32[::1])")
def block_sum_shared(x, partials):
    # one element per thread, a shared-memory tree, one result per block
    buf = cuda.shared.array(TPB, float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[tid] = x[i] if i < x.size else float32(0.0)
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            buf[tid] += buf[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        partials[cuda.blockIdx.x] = buf[0]


@cuda.jit("void(float64[:, ::1], float64[::1])")
def row_sum_f64_blockstride(m, out):
    # one block per row, a block-stride loop over the columns, a shared tree
    buf = cuda.shared.array(TPB, float64)
    row = cuda.blockIdx.x
    tid = cuda.threadIdx.x
    acc = float64(0.0)
    for c in range(tid, m.shape[1], cuda.blockDim.x):
        acc += m[row, c]
    buf[tid] = acc
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if tid < s:
            buf[tid] += buf[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        out[row] = buf[0]
