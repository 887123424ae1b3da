/* The lexer and its layout (INDENT, DEDENT, NEWLINE, brackets), with
 * string and f-string decoding: --dump-tokens's path. */
#include "../../lexer/lexer.h"
#include "../fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    fuzz_diag(&diag);
    lex_dump_tokens(fuzz_sink(), &arena, &diag, fuzz_source(&arena, data, size));
    arena_free(&arena);
    return 0;
}
