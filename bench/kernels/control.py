"""Per-thread local arrays, warp shuffles and votes, and data-dependent
float loops (Mandelbrot, Newton's iteration)."""
import math

from numba import cuda, float32, float64, int32

NLOC = 8
WARP = 32
FULL = 0xFFFFFFFF


@cuda.jit("void(float32[::1], float32[::1])")
def local_sort8_median(x, out):
    # each thread sorts its 8 neighbours in a local array (insertion sort)
    # and writes their median
    v = cuda.local.array(NLOC, float32)
    i = cuda.grid(1)
    n = x.size
    if i < out.size:
        for k in range(NLOC):
            v[k] = x[(i + k) % n]
        for k in range(1, NLOC):
            key = v[k]
            j = k - 1
            while j >= 0 and v[j] > key:
                v[j + 1] = v[j]
                j -= 1
            v[j + 1] = key
        out[i] = float32(0.5) * (v[NLOC // 2 - 1] + v[NLOC // 2])


@cuda.jit("void(int32[::1], int32[::1])")
def local_digit_counts(x, out):
    # a local array of counters, indexed by data
    c = cuda.local.array(10, int32)
    i = cuda.grid(1)
    if i < out.size:
        for k in range(10):
            c[k] = 0
        v = x[i]
        while v > 0:
            c[v % 10] += 1
            v //= 10
        best = 0
        for k in range(10):
            best = best * 3 + c[k]
        out[i] = best


@cuda.jit("void(float32[::1], float32[::1])")
def warp_shfl_sum(x, total):
    # grid-stride partial sums, a shfl_down_sync tree per warp, one atomic
    # per warp
    acc = float32(0.0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    off = WARP // 2
    while off > 0:
        acc += cuda.shfl_down_sync(FULL, acc, off)
        off //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(total, 0, acc)


@cuda.jit("void(int32[::1], int32[::1])")
def warp_scan_shfl_up(x, out):
    # inclusive scan of each warp's 32 elements with shfl_up_sync
    i = cuda.grid(1)
    lane = cuda.laneid
    v = x[i] if i < x.size else int32(0)
    d = 1
    while d < WARP:
        t = cuda.shfl_up_sync(FULL, v, d)
        if lane >= d:
            v = int32(v + t)   # int32 + int32 is int64 in Numba: keep 32-bit shuffles
        d *= 2
    if i < out.size:
        out[i] = v


@cuda.jit("void(float32[::1], int32[::1])")
def warp_votes(x, counts):
    # per warp: does every lane see a positive value, does any see a large
    # one, how many lanes are negative (ballot + popc)
    i = cuda.grid(1)
    v = x[i] if i < x.size else float32(0.0)
    every = cuda.all_sync(FULL, v > float32(0.0))
    some = cuda.any_sync(FULL, v > float32(0.99))
    neg = cuda.popc(cuda.ballot_sync(FULL, v < float32(0.0)))
    if cuda.laneid == 0:
        w = i // WARP
        if w < counts.size:
            counts[w] = neg + (64 if every else 0) + (128 if some else 0)


@cuda.jit("void(int32[:, ::1], float32, float32, float32, int32)")
def mandelbrot(img, x0, y0, step, maxit):
    c, r = cuda.grid(2)
    if r < img.shape[0] and c < img.shape[1]:
        cr = x0 + step * float32(c)
        ci = y0 + step * float32(r)
        zr = float32(0.0)
        zi = float32(0.0)
        k = 0
        while k < maxit and zr * zr + zi * zi <= float32(4.0):
            t = zr * zr - zi * zi + cr
            zi = float32(2.0) * zr * zi + ci
            zr = t
            k += 1
        img[r, c] = k


@cuda.jit("void(float64[::1], float64[::1])")
def newton_sqrt_while(x, out):
    # Newton's iteration for sqrt until the step is tiny: trip counts vary
    i = cuda.grid(1)
    if i < out.size:
        a = x[i]
        g = a if a > 1.0 else 1.0
        nxt = g
        while True:
            nxt = 0.5 * (g + a / g)
            if abs(nxt - g) <= 1e-12 * nxt:
                break
            g = nxt
        out[i] = nxt
