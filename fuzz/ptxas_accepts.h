/* Runs the CUDA toolkit's ptxas over PTX text, for the slow fuzz target
 * and the generator: pykc's PTX must assemble. ptxas is found as
 * $PYKC_PTXAS, $CUDA_HOME/bin/ptxas or /usr/local/cuda/bin/ptxas. */
#ifndef PYKC_FUZZ_PTXAS_ACCEPTS_H
#define PYKC_FUZZ_PTXAS_ACCEPTS_H

#include <stdbool.h>
#include <stddef.h>

/* ptxas's path, or NULL where there is none (the check is then skipped,
 * said once on stderr). */
const char *ptxas_path(void);

/* Does ptxas assemble `ptx` for sm_80? On a rejection its messages go to
 * stderr. */
bool ptxas_accepts(const char *ptx, size_t len);

#endif
