/* The whole pipeline to PTX, as `pykc compile` writes it (launch facts
 * spliced in), and ptxas over the result: a compile that succeeds must
 * give PTX that assembles. Slow (a ptxas process per success). */
#include "../fuzz_common.h"
#include "../fuzz_pipeline.h"
#include "../ptxas_accepts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzCompiled ptx = fuzz_compile(data, size, 3, CG_EMIT_PTX);
    fuzz_check_compiled(&ptx);
    if (ptx.ok)
        FUZZ_CHECK(ptxas_accepts(ptx.text, ptx.len), "ptxas rejects the PTX of a successful compile", ptx.text);
    fuzz_compiled_free(&ptx);
    return 0;
}
