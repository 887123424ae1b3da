"""Matrix kernels: naive and tiled matmul, a matrix-vector product, naive
and tiled transposes (the tile padded by one column against bank
conflicts)."""
from numba import cuda, float32

TILE = 16
TT = 32   # the transpose's tile
ROWS = 8  # rows of a transpose tile each thread copies: TT / ROWS threads in y
TTP = TT + 1  # the padded row; a module constant, as numba-cuda wants a literal shape


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul_naive(a, b, c):
    # numba-cuda's documentation example, in float32
    i, j = cuda.grid(2)
    if i < c.shape[0] and j < c.shape[1]:
        tmp = float32(0.0)
        for k in range(a.shape[1]):
            tmp += a[i, k] * b[k, j]
        c[i, j] = tmp


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul_tiled(a, b, c):
    sa = cuda.shared.array((TILE, TILE), float32)
    sb = cuda.shared.array((TILE, TILE), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    col = cuda.blockIdx.x * TILE + tx
    row = cuda.blockIdx.y * TILE + ty
    acc = float32(0.0)
    for t in range((a.shape[1] + TILE - 1) // TILE):
        k = t * TILE
        sa[ty, tx] = a[row, k + tx] if row < a.shape[0] and k + tx < a.shape[1] else float32(0.0)
        sb[ty, tx] = b[k + ty, col] if k + ty < b.shape[0] and col < b.shape[1] else float32(0.0)
        cuda.syncthreads()
        for q in range(TILE):
            acc += sa[ty, q] * sb[q, tx]
        cuda.syncthreads()
    if row < c.shape[0] and col < c.shape[1]:
        c[row, col] = acc


@cuda.jit("void(float32[:, ::1], float32[::1], float32[::1])")
def matvec_rows(a, x, y):
    # one thread per row: strided (uncoalesced) reads of a, as such code does
    i = cuda.grid(1)
    if i < y.size:
        acc = float32(0.0)
        for k in range(a.shape[1]):
            acc += a[i, k] * x[k]
        y[i] = acc


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def transpose_naive(a, out):
    c, r = cuda.grid(2)
    if r < a.shape[0] and c < a.shape[1]:
        out[c, r] = a[r, c]


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def transpose_tiled(a, out):
    tile = cuda.shared.array((TT, TTP), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x = cuda.blockIdx.x * TT + tx
    y = cuda.blockIdx.y * TT + ty
    for k in range(0, TT, ROWS):
        if y + k < a.shape[0] and x < a.shape[1]:
            tile[ty + k, tx] = a[y + k, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TT + tx
    y = cuda.blockIdx.x * TT + ty
    for k in range(0, TT, ROWS):
        if y + k < out.shape[0] and x < out.shape[1]:
            out[y + k, x] = tile[tx, ty + k]
