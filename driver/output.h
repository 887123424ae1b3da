/* Writing the compiler's output atomically: into a temporary file beside
 * the destination, renamed over it only when complete, so a failed or
 * interrupted compilation never leaves a partial or stale-looking file. */
#ifndef PYKC_DRIVER_OUTPUT_H
#define PYKC_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"

/* Writes len bytes of text to path ("-": standard output). Reports failures
 * ("cannot write 'out/x.ptx': No such file or directory") and returns false. */
bool output_write(Diag *diag, const char *path, const char *text, size_t len);

/* The default output name: the input's with its extension replaced by ext
 * (".ptx"), in the input's directory. */
char *output_default_name(Arena *arena, const char *input, const char *ext);

#endif
