/* The whole pipeline in-process, as driver/main.c runs it for
 * `pykc compile`: parse, sema (with its analyses), codegen, and for PTX the
 * launch facts spliced in. Used by the pipeline targets, which compile an
 * input more than once to check that the results agree. */
#ifndef PYKC_FUZZ_PIPELINE_H
#define PYKC_FUZZ_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../codegen/codegen.h"

typedef struct FuzzCompiled {
    bool ok;                 /* no error: the driver would exit 0 */
    int errors;
    char *text;              /* malloc'd output (IR or PTX), NULL if !ok */
    size_t len;
    char first_error[512];   /* the first error line printed, location and all; "" if ok */
} FuzzCompiled;

FuzzCompiled fuzz_compile(const uint8_t *data, size_t size, int opt_level, CgEmit emit);

void fuzz_compiled_free(FuzzCompiled *compiled);

/* The invariants of two compiles of one input (docs/testing.md): `a` and
 * `b` at one optimisation level must be byte-identical (determinism); at
 * -O0 and -O3 both succeed or both fail with the same first error. A
 * compile must fail exactly when it counted an error, and a success has
 * output. Aborts (fuzz_fail) on a broken one. */
void fuzz_check_compiled(const FuzzCompiled *compiled);
void fuzz_check_identical(const FuzzCompiled *a, const FuzzCompiled *b);
void fuzz_check_agree(const FuzzCompiled *o0, const FuzzCompiled *o3);

#endif
