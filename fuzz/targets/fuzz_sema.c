/* Sema: typing, specialisation and the analyses (analysis/) that run on
 * a typed module, then --dump-types's printer. */
#include "../../parser/parser.h"
#include "../../sema/sema.h"
#include "../fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    fuzz_diag(&diag);
    Node *module = parse_module(&arena, &diag, fuzz_source(&arena, data, size));
    SemaOptions options = {0};
    SemaModule checked;
    if (diag.errors == 0 && sema_check_module(&arena, &diag, module, &options, &checked)) {
        FUZZ_CHECK(diag.errors == 0, "sema succeeded with an error", diag.first_error);
        ast_dump(fuzz_sink(), module);
        sema_dump_const_arrays(fuzz_sink(), &checked);
    } else {
        FUZZ_CHECK(diag.errors > 0, "sema failed without an error", NULL);
    }
    arena_free(&arena);
    return 0;
}
