/* --sig-file FILE: many --sig options in a file, one NAME=SIGNATURE per
 * line, for files with many kernels written without signatures. Blank
 * lines and lines starting with '#' are skipped. A signature is parsed as
 * a piece of the file, so its errors point into it. */
#ifndef PYKC_DRIVER_SIG_FILE_H
#define PYKC_DRIVER_SIG_FILE_H

#include "options.h"

/* Adds the file's signatures to options->sigs. Reports an unreadable file
 * or a line without NAME=SIGNATURE and returns false. */
bool sig_file_read(Arena *arena, Diag *diag, const char *path, Options *options);

#endif
