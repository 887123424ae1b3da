/* The whole pipeline to LLVM IR, with the invariants that need two
 * compiles: -O3 twice gives byte-identical IR (determinism), and -O0
 * succeeds or fails with -O3, with the same first error. */
#include "../fuzz_pipeline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzCompiled o3 = fuzz_compile(data, size, 3, CG_EMIT_LLVM);
    fuzz_check_compiled(&o3);
    FuzzCompiled again = fuzz_compile(data, size, 3, CG_EMIT_LLVM);
    fuzz_check_identical(&o3, &again);
    fuzz_compiled_free(&again);
    FuzzCompiled o0 = fuzz_compile(data, size, 0, CG_EMIT_LLVM);
    fuzz_check_compiled(&o0);
    fuzz_check_agree(&o0, &o3);
    fuzz_compiled_free(&o0);
    fuzz_compiled_free(&o3);
    return 0;
}
