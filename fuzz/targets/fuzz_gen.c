/* The structured target: the bytes choose a valid kernel (gen/kernel_gen.c),
 * which must compile, to LLVM IR at -O3 and -O0 alike, deterministically.
 * A rejection is a crash: either pykc refuses a valid kernel or the
 * generator made an invalid one; both are bugs. With PYKC_FUZZ_PTXAS=1 the
 * PTX is assembled by ptxas as well (slower). */
#include <stdlib.h>
#include <string.h>

#include "../fuzz_common.h"
#include "../fuzz_pipeline.h"
#include "../gen/kernel_gen.h"
#include "../ptxas_accepts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *kernel = kernel_gen(data, size);
    const uint8_t *text = (const uint8_t *)kernel;
    size_t len = strlen(kernel);
    const char *with_ptxas = getenv("PYKC_FUZZ_PTXAS");
    bool ptxas = with_ptxas && strcmp(with_ptxas, "1") == 0;
    FuzzCompiled o3 = fuzz_compile(text, len, 3, ptxas ? CG_EMIT_PTX : CG_EMIT_LLVM);
    fuzz_check_compiled(&o3);
    if (!o3.ok) {
        fprintf(stderr, "%s\nerror: %s\n", kernel, o3.first_error);
        fuzz_fail("a generated kernel does not compile", NULL);
    }
    if (ptxas)
        FUZZ_CHECK(ptxas_accepts(o3.text, o3.len), "ptxas rejects a generated kernel's PTX", kernel);
    FuzzCompiled again = fuzz_compile(text, len, 3, ptxas ? CG_EMIT_PTX : CG_EMIT_LLVM);
    fuzz_check_identical(&o3, &again);
    FuzzCompiled o0 = fuzz_compile(text, len, 0, CG_EMIT_LLVM);
    fuzz_check_compiled(&o0);
    fuzz_check_agree(&o0, &o3);
    fuzz_compiled_free(&o0);
    fuzz_compiled_free(&again);
    fuzz_compiled_free(&o3);
    free(kernel);
    return 0;
}
