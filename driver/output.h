/* Writing the compiler's output. A regular file (or a new name) is written
 * atomically: into a temporary file beside it, renamed over it only when
 * complete, so a failed or interrupted compilation never leaves a partial
 * or stale-looking file. A symbolic link is written through: the file it
 * ends at is replaced that way, in that file's directory, and the link
 * stays. A device or FIFO (/dev/null, a named pipe) is opened and written
 * in place, and /dev/stdout, /dev/stderr, /dev/fd/N as the descriptor they
 * name: nothing can be renamed over those without destroying them, so a
 * write error there can leave part of the output behind. */
#ifndef PYKC_DRIVER_OUTPUT_H
#define PYKC_DRIVER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"

/* Writes len bytes of text to path ("-": standard output). Reports failures
 * ("cannot write 'out/x.ptx': No such file or directory") and returns false. */
bool output_write(Diag *diag, const char *path, const char *text, size_t len);

/* Whether a and b name one regular file: the same device and inode if both
 * exist, else the same directory and name once links are followed. "-"
 * and devices (-o /dev/null -MF /dev/null) are no such file. */
bool output_same_file(const char *a, const char *b);

/* The default output name: the input's with its extension replaced by ext
 * (".ptx"), in the input's directory. */
char *output_default_name(Arena *arena, const char *input, const char *ext);

#endif
