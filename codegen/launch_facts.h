/* Launch facts: one comment line per kernel entry, written into every PTX
 * pykc produces, that carries the kernel's Python signature and launch
 * constraints to the runtime (docs/abi.md, "Launch facts"):
 *     // pykc.kernel vecadd(x: array(float32, 1d, C), n: int64) maxntid=256
 * The lines are made from sema's typed functions and spliced into the PTX
 * text after code generation, each just before its `.visible .entry`; the
 * driver ignores them (they are comments), libpykrt parses them
 * (runtime/src/launch_facts.c). emit_header.c reads the same facts. */
#ifndef PYKC_CODEGEN_LAUNCH_FACTS_H
#define PYKC_CODEGEN_LAUNCH_FACTS_H

#include <stddef.h>

#include "../base/arena.h"
#include "../sema/sema.h"

#define CG_FACTS_PREFIX "// pykc.kernel "

/* Does `t` have a spelling in the facts format (a scalar, an array of a
 * scalar with 1 to 8 dimensions, or a non-empty tuple of these, nested at
 * most 16 deep and holding at most 512 of them)? */
bool cg_facts_type_is_expressible(const Type *t);

/* The facts format's spelling of a parameter type: "int64",
 * "array(float32, 2d, F)", "UniTuple(int64 x 2)", "Tuple(int32, float32)".
 * `t` must be expressible. */
const char *cg_facts_type_name(Arena *arena, const Type *t);

/* The most threads per block kernel `fi` may be launched with, 0 when
 * unconstrained: its launch_bounds' first value (the entry's .maxntid). */
int cg_facts_max_threads(const FuncInfo *fi);

/* The facts line of kernel `fi` (no newline): its signature, then maxntid,
 * blockmax, covers and cooperative=grid as they apply; NULL when a parameter
 * type is not expressible (the kernel then carries no line and libpykrt
 * launches it unchecked). */
const char *cg_facts_line(Arena *arena, const FuncInfo *fi);

/* `ptx` (len bytes) with the facts line of each kernel of `module` inserted
 * before the line that opens its `.visible .entry`; a kernel whose entry is
 * not found gets its line at the end. Returns arena text of *out_len bytes,
 * NUL-terminated. Device functions get no line. */
char *cg_splice_launch_facts(Arena *arena, const SemaModule *module, const char *ptx,
                             size_t len, size_t *out_len);

#endif
