"""Integer kernels: xorshift and murmur-style hashing on uint32 and uint64,
int64 arithmetic with Python's floor division and modulo, and data-dependent
while loops (Euclid's gcd, Collatz steps)."""
from numba import cuda, int64, uint32, uint64


@cuda.jit("void(uint32[::1], uint32[::1])")
def xorshift32_rounds(seed, out):
    # 32 rounds of Marsaglia's xorshift32; uint32(...) keeps each step 32-bit
    # (Numba computes uint32 ^ uint32 in uint64)
    i = cuda.grid(1)
    if i < out.size:
        h = seed[i]
        for _ in range(32):
            h = uint32(h ^ (h << uint32(13)))
            h = uint32(h ^ (h >> uint32(17)))
            h = uint32(h ^ (h << uint32(5)))
        out[i] = h


@cuda.jit("void(uint64[::1], uint64[::1])")
def murmur_fmix64(key, out):
    # MurmurHash3's 64-bit finaliser, applied four times
    i = cuda.grid(1)
    if i < out.size:
        h = key[i]
        for _ in range(4):
            h ^= h >> uint64(33)
            h *= uint64(0xFF51AFD7ED558CCD)
            h ^= h >> uint64(33)
            h *= uint64(0xC4CEB9FE1A85EC53)
            h ^= h >> uint64(33)
        out[i] = h


@cuda.jit("void(uint32[::1], uint32[::1])")
def murmur3_32_mix(key, out):
    # MurmurHash3's 32-bit block mixing of four words, then its finaliser
    i = cuda.grid(1)
    if i < out.size:
        h = uint32(0x9747B28C)
        k = key[i]
        for _ in range(4):
            k = uint32(k * uint32(0xCC9E2D51))
            k = uint32((k << uint32(15)) | (k >> uint32(17)))
            k = uint32(k * uint32(0x1B873593))
            h = uint32(h ^ k)
            h = uint32((h << uint32(13)) | (h >> uint32(19)))
            h = uint32(h * uint32(5) + uint32(0xE6546B64))
        h = uint32(h ^ (h >> uint32(16)))
        h = uint32(h * uint32(0x85EBCA6B))
        h = uint32(h ^ (h >> uint32(13)))
        h = uint32(h * uint32(0xC2B2AE35))
        h = uint32(h ^ (h >> uint32(16)))
        out[i] = h


@cuda.jit("void(int64[::1], int64[::1], int64[::1], int64, int64[::1])")
def int64_floordiv_mod(a, b, d, m, out):
    # Python's // and % (floor, divisor's sign) on signed 64-bit values
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (a[i] * b[i] + m) // d[i] % m + (a[i] >> 7) * (b[i] & 1023)


@cuda.jit("void(int64[::1], int64[::1], int64[::1])")
def gcd_while(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        x = a[i]
        y = b[i]
        while y != 0:
            x, y = y, x % y
        out[i] = x


@cuda.jit("void(int64[::1], int32[::1])")
def collatz_steps(start, steps):
    i = cuda.grid(1)
    if i < steps.size:
        n = start[i]
        s = 0
        while n > 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            s += 1
        steps[i] = s
