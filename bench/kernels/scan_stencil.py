"""A block scan and stencils in one, two and three dimensions."""
from numba import cuda, float32, int32

TPB = 256
RADIUS = 3
TILE = TPB + 2 * RADIUS


@cuda.jit("void(int32[::1], int32[::1])")
def block_scan_i32(x, out):
    # Hillis-Steele inclusive scan of each block's TPB elements, in shared
    # memory: read, barrier, write, barrier, log2(TPB) times
    buf = cuda.shared.array(TPB, int32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[tid] = x[i] if i < x.size else 0
    cuda.syncthreads()
    d = 1
    while d < TPB:
        v = buf[tid]
        if tid >= d:
            v += buf[tid - d]
        cuda.syncthreads()
        buf[tid] = v
        cuda.syncthreads()
        d *= 2
    if i < out.size:
        out[i] = buf[tid]


@cuda.jit("void(float32[::1], float32[::1])")
def stencil_1d_5pt(x, out):
    i = cuda.grid(1)
    if i >= 2 and i < x.size - 2:
        out[i] = (float32(0.1) * (x[i - 2] + x[i + 2]) + float32(0.2) * (x[i - 1] + x[i + 1])
                  + float32(0.4) * x[i])


@cuda.jit("void(float32[::1], float32[::1])")
def stencil_1d_shared(x, out):
    # a block's tile with a halo of RADIUS on each side, then a 7-point mean
    tile = cuda.shared.array(TILE, float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    n = x.size
    if i < n:
        tile[tid + RADIUS] = x[i]
    if tid < RADIUS:
        left = i - RADIUS
        tile[tid] = x[left] if left >= 0 and left < n else float32(0.0)
        right = i + TPB
        tile[tid + TPB + RADIUS] = x[right] if right < n else float32(0.0)
    cuda.syncthreads()
    if i < n:
        acc = float32(0.0)
        for k in range(-RADIUS, RADIUS + 1):
            acc += tile[tid + RADIUS + k]
        out[i] = acc * float32(1.0 / 7.0)


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def jacobi_2d_5pt(u, out):
    j, i = cuda.grid(2)
    if i >= 1 and i < u.shape[0] - 1 and j >= 1 and j < u.shape[1] - 1:
        out[i, j] = float32(0.25) * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])


@cuda.jit("void(float32[:, :, ::1], float32[:, :, ::1])")
def stencil_3d_7pt(u, out):
    k, j, i = cuda.grid(3)
    if (i >= 1 and i < u.shape[0] - 1 and j >= 1 and j < u.shape[1] - 1
            and k >= 1 and k < u.shape[2] - 1):
        out[i, j, k] = (float32(0.5) * u[i, j, k]
                        + float32(1.0 / 12.0) * (u[i - 1, j, k] + u[i + 1, j, k]
                                                 + u[i, j - 1, k] + u[i, j + 1, k]
                                                 + u[i, j, k - 1] + u[i, j, k + 1]))
