/* Reading a whole file with a bound on its size (read_file.c). */
#ifndef PYKRT_READ_FILE_H
#define PYKRT_READ_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* The largest PTX file pyk_module_load_file reads: 256 MiB, far above any
 * module pykc writes (a 4 MiB source is the most it reads) or nvcc gives
 * for a large library, and a bound on a file that never ends (/dev/zero, a
 * FIFO), which was read until memory ran out. */
#define RT_PTX_FILE_MAX_BYTES ((size_t)256 << 20)

/* The file's bytes and a NUL, malloc'ed, *len set; at most `limit` bytes
 * are accepted. On failure NULL, with the reason in why ("No such file or
 * directory", "larger than 256 MiB, the most pyk_module_load_file reads");
 * *too_large says the file went past the limit (it is read only up to
 * limit + 1 bytes). */
char *rt_read_file(const char *path, size_t limit, size_t *len, bool *too_large, char *why, size_t why_cap);

#endif
