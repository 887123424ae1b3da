"""Histograms and other atomics: global and shared-memory bins, a per-row
max, bit toggles, and a float64 scatter-add."""
from numba import cuda, int32

NBINS = 256
TPB = 256


@cuda.jit("void(int32[::1], int32[::1])")
def histogram_global(x, bins):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(bins, x[i] % bins.size, 1)


@cuda.jit("void(int32[::1], int32[::1])")
def histogram_shared(x, bins):
    # per-block bins in shared memory over a grid-stride loop, then one global
    # atomic per bin and block
    local = cuda.shared.array(NBINS, int32)
    tid = cuda.threadIdx.x
    local[tid] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        cuda.atomic.add(local, x[i] & (NBINS - 1), 1)
    cuda.syncthreads()
    cuda.atomic.add(bins, tid, local[tid])


@cuda.jit("void(int32[:, ::1], int32[::1])")
def row_max_atomic(m, out):
    c, r = cuda.grid(2)
    if r < m.shape[0] and c < m.shape[1]:
        cuda.atomic.max(out, r, m[r, c])


@cuda.jit("void(uint32[::1], uint32[::1])")
def toggle_bits_xor(idx, flags):
    i = cuda.grid(1)
    if i < idx.size:
        k = idx[i]
        cuda.atomic.xor(flags, k >> 5, 1 << (k & 31))


@cuda.jit("void(int32[::1], float64[::1], float64[::1])")
def scatter_add_f64(idx, w, out):
    i = cuda.grid(1)
    if i < idx.size:
        cuda.atomic.add(out, idx[i], w[i])
