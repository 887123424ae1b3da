/* -MD / -MF / -MT / -MP: a make-style dependency file, as gcc writes one, so that
 * make and ninja rebuild the PTX when the source or a module it imports
 * changes:
 *
 *     out/k.ptx: src/k.py src/helpers.py
 *
 * and with -MP a phony `src/helpers.py:` rule per dependency, so a module
 * deleted later does not break the build. Spaces in names are escaped
 * with a backslash, '$' as '$$', '#' as '\#'. */
#ifndef PYKC_DRIVER_DEPFILE_H
#define PYKC_DRIVER_DEPFILE_H

#include <stdbool.h>

#include "../base/arena.h"
#include "../base/diag.h"

typedef struct DepList {
    Arena *arena;
    const char **paths;       /* the source first, then each module read */
    int count;
} DepList;

/* sema's file_read callback: ctx is a DepList. */
void depfile_add(void *ctx, const char *path);

/* The file's name when -MF gives none: the output's, with its extension
 * replaced by .d. */
const char *depfile_default_name(Arena *arena, const char *output);

/* target_as_given: -MT's targets, written as given (gcc escapes only -MQ's). */
bool depfile_write(Diag *diag, const char *path, const char *target, bool target_as_given,
                   const DepList *deps, bool phony);

#endif
