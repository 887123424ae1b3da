/* --emit=cubin and --emit=fatbin: the module's PTX assembled by the CUDA
 * toolkit's ptxas (driver/toolkit.h), per architecture, and for a fatbin
 * bundled by fatbinary with the PTX itself (so that a GPU newer than every
 * listed architecture JIT-compiles it).
 *
 * A binary has no comments, so the PTX given to ptxas first gets its
 * "// pykc." lines (launch facts, check sites) as the bytes of a global
 * array, which ptxas keeps in the cubin's data and libpykrt reads back
 * after loading (docs/abi.md, "Launch facts in a cubin or fatbin"):
 *     .visible .global .align 1 .b8 __pykc_facts[N] = {47, 47, ...};
 * The PTX keeps its comment lines too. */
#ifndef PYKC_DRIVER_EMIT_BINARY_H
#define PYKC_DRIVER_EMIT_BINARY_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/arena.h"
#include "../base/diag.h"

#define BINARY_FACTS_GLOBAL "__pykc_facts"

/* `ptx` (len bytes) with the __pykc_facts array appended, holding its
 * "// pykc." lines, each ended by a newline, then a NUL. Arena text of
 * *out_len bytes, NUL-terminated. */
char *binary_ptx_with_facts(Arena *arena, const char *ptx, size_t len, size_t *out_len);

/* Assembles `ptx` (launch facts included, compiled for the lowest of
 * `archs`) into a cubin for archs[0] (fatbin false; arch_count must be 1)
 * or a fatbin for every arch plus the PTX (fatbin true). `lineinfo` passes
 * -lineinfo to ptxas. Returns the binary in arena memory, or NULL after
 * reporting (no toolkit, ptxas's messages when it rejects the PTX). `why`
 * names what asked ("--emit=cubin"). */
char *binary_assemble(Arena *arena, Diag *diag, const char *ptx, size_t len, const char *const *archs,
                      int arch_count, bool fatbin, bool lineinfo, const char *why, size_t *out_len);

#endif
