/* `pykc compile --emit=header`: a C header (C99 and C++) that embeds the
 * module's PTX (or fatbin) and declares typed launchers per kernel entry,
 * KERNEL_launch(ctx, cfg, ...) and KERNEL_launch_1d(ctx, n, stream, ...),
 * and for a kernel indexed by cuda.grid(2|3) KERNEL_launch_2d/_3d(ctx,
 * stream, ...), over libpykrt (runtime/include/pykrt.h; docs/runtime.md). */
#ifndef PYKC_DRIVER_EMIT_HEADER_H
#define PYKC_DRIVER_EMIT_HEADER_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../sema/sema.h"

/* The header for `module`, compiled from `input`, embedding `ptx` (len
 * bytes, launch facts included). On success returns true and a malloc'd
 * text in *out (*out_len bytes; the caller frees it); on failure (a kernel
 * the header cannot declare) reports to diag and returns false. */
bool emit_header(Arena *arena, Diag *diag, const SemaModule *module, const char *input,
                 const char *ptx, size_t len, char **out, size_t *out_len);

/* The same header embedding a fatbin (--emit=header where the toolkit is
 * found; driver/emit_binary.h) instead of the PTX: `contents` says what it
 * holds ("SASS for sm_80, sm_90 and the PTX of sm_80"). */
typedef struct HeaderFatbin {
    const char *data;
    size_t len;
    const char *contents;
} HeaderFatbin;

bool emit_header_fatbin(Arena *arena, Diag *diag, const SemaModule *module, const char *input,
                        const HeaderFatbin *fatbin, char **out, size_t *out_len);

#endif
