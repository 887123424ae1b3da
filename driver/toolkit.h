/* The CUDA toolkit's programs that --emit=cubin and --emit=fatbin run
 * (ptxas, fatbinary): where they are found, and running one with its
 * messages captured. The toolkit is $CUDA_HOME when that is set (and then
 * only it: a user who names a toolkit gets that one's ptxas or an error,
 * never another's), else /usr/local/cuda, the two places the libdevice
 * lookup (codegen/cg_libdevice.c) tries too. */
#ifndef PYKC_DRIVER_TOOLKIT_H
#define PYKC_DRIVER_TOOLKIT_H

#include <stdbool.h>

#include "../base/arena.h"
#include "../base/diag.h"

#define TOOLKIT_DEFAULT_HOME "/usr/local/cuda"

/* The path of the toolkit's bin/TOOL, or NULL after reporting
 *   pykc: error: --emit=cubin needs the CUDA toolkit's ptxas, which was not
 *   found: $CUDA_HOME (/x) has no bin/ptxas
 * `why` names what needs it ("--emit=cubin"). */
const char *toolkit_program(Arena *arena, Diag *diag, const char *tool, const char *why);

/* Is there a toolkit with ptxas and fatbinary (where the tool lookup above
 * would find them)? --emit=header embeds a fatbin when there is. */
bool toolkit_can_make_fatbin(Arena *arena);

/* A fresh private folder for the programs' files (under $TMPDIR or /tmp),
 * or NULL after reporting why. toolkit_remove_dir deletes it and the files
 * made in it (one level). */
const char *toolkit_make_dir(Arena *arena, Diag *diag);
void toolkit_remove_dir(const char *dir);

/* Runs argv (argv[0] a path, NULL-terminated) and waits. Its standard
 * output and error go to `log_path`. Returns its exit status, or -1 when it
 * could not be started or was killed (reported to diag). */
int toolkit_run(Diag *diag, char *const argv[], const char *log_path);

/* The whole of file `path` in arena memory (*len bytes, NUL after them), or
 * NULL after reporting. */
char *toolkit_read_file(Arena *arena, Diag *diag, const char *path, size_t *len);

/* Writes len bytes to `path` (a file of the private folder). */
bool toolkit_write_file(Diag *diag, const char *path, const char *data, size_t len);

#endif
