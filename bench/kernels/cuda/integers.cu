// CUDA C twins of bench/kernels/integers.py
#include "common.cuh"

extern "C" __global__ void xorshift32_rounds(const unsigned *seed, i64 ns, unsigned *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        unsigned h = seed[i];
        for (int r = 0; r < 32; r++) {
            h ^= h << 13;
            h ^= h >> 17;
            h ^= h << 5;
        }
        out[i] = h;
    }
}

extern "C" __global__ void murmur_fmix64(const u64 *key, i64 nk, u64 *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        u64 h = key[i];
        for (int r = 0; r < 4; r++) {
            h ^= h >> 33;
            h *= 0xFF51AFD7ED558CCDULL;
            h ^= h >> 33;
            h *= 0xC4CEB9FE1A85EC53ULL;
            h ^= h >> 33;
        }
        out[i] = h;
    }
}

extern "C" __global__ void murmur3_32_mix(const unsigned *key, i64 nk, unsigned *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        unsigned h = 0x9747B28Cu;
        unsigned k = key[i];
        for (int r = 0; r < 4; r++) {
            k *= 0xCC9E2D51u;
            k = (k << 15) | (k >> 17);
            k *= 0x1B873593u;
            h ^= k;
            h = (h << 13) | (h >> 19);
            h = h * 5u + 0xE6546B64u;
        }
        h ^= h >> 16;
        h *= 0x85EBCA6Bu;
        h ^= h >> 13;
        h *= 0xC2B2AE35u;
        h ^= h >> 16;
        out[i] = h;
    }
}

extern "C" __global__ void int64_floordiv_mod(const i64 *a, i64 na, const i64 *b, i64 nb, const i64 *d, i64 nd, i64 m,
                                              i64 *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        // products and sums wrap as Numba's int64 do (unsigned in C: no UB)
        i64 p = (i64)((u64)a[i] * (u64)b[i] + (u64)m);
        out[i] = (i64)((u64)py_mod(py_floordiv(p, d[i]), m) + (u64)(a[i] >> 7) * (u64)(b[i] & 1023));
    }
}

extern "C" __global__ void gcd_while(const i64 *a, i64 na, const i64 *b, i64 nb, i64 *out, i64 n) {
    i64 i = grid1();
    if (i < n) {
        i64 x = a[i], y = b[i];
        while (y != 0) {
            i64 t = py_mod(x, y);
            x = y;
            y = t;
        }
        out[i] = x;
    }
}

extern "C" __global__ void collatz_steps(const i64 *start, i64 ns, int *steps, i64 n) {
    i64 i = grid1();
    if (i < n) {
        i64 v = start[i];
        i64 s = 0;
        while (v > 1) {
            if (py_mod(v, 2) == 0) v = py_floordiv(v, 2);
            else v = (i64)(3 * (u64)v + 1);
            s += 1;
        }
        steps[i] = (int)s;
    }
}
