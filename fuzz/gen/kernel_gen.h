/* A generator of valid typed kernels: turns any bytes into the source of a
 * module that Numba's CUDA target compiles (one @cuda.jit kernel with
 * annotated parameters, an unannotated device function, locals of fixed
 * types, arithmetic, comparisons, if/for, array loads and stores, shared
 * memory, atomics, math calls). Random bytes seldom get past the parser;
 * these reach sema and codegen, and must compile (fuzz_gen.c checks it).
 *
 * Every local is assigned as TYPE(expression), so its type never changes
 * and the generator need not know Numba's promotion rules; it only keeps
 * integer and float expressions apart where Python requires an integer
 * (indices, range, bitwise operators), and never divides an integer by a
 * divisor that can be zero. */
#ifndef PYKC_FUZZ_KERNEL_GEN_H
#define PYKC_FUZZ_KERNEL_GEN_H

#include <stddef.h>
#include <stdint.h>

/* The kernel that `data` chooses, NUL-terminated, malloc'd. The same
 * bytes always give the same kernel; running out of bytes only makes
 * the rest of the choices 0 (the simplest). */
char *kernel_gen(const uint8_t *data, size_t size);

#endif
