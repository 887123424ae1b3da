/* The parser (with the lexer under it) and --dump-ast's printer. */
#include "../../parser/parser.h"
#include "../fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    diag_init_quiet(&diag);   /* printing is sema's targets' to fuzz; these are the fast ones */
    Node *module = parse_module(&arena, &diag, fuzz_source(&arena, data, size));
    if (diag.errors == 0)
        ast_dump(fuzz_sink(), module);
    arena_free(&arena);
    return 0;
}
