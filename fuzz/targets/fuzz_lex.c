/* The lexer and its layout (INDENT, DEDENT, NEWLINE, brackets), with the
 * literal decoders the parser calls (integers, floats, strings and
 * f-strings). No printing: this is the fast target. */
#include "../../lexer/lexer.h"
#include "../fuzz_common.h"
#include "grammar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    diag_init_quiet(&diag);   /* printing is sema's targets' to fuzz; these are the fast ones */
    Lexer *lexer = lex_new(&arena, &diag, fuzz_source(&arena, data, size), LEX_MODULE);
    for (Token token = lex_next(lexer); token.kind; token = lex_next(lexer)) {
        FUZZ_CHECK(token.span.begin <= token.span.end && token.span.end <= token.span.src->len,
                   "a token's span is outside its source", lex_token_name(token.kind));
        if (token.kind == TOK_INT)
            (void)lex_int_value(token);
        else if (token.kind == TOK_FLOAT)
            (void)lex_float_value(token);
        else if (token.kind == TOK_STRING)
            (void)lex_string_value(&arena, &diag, token);
    }
    arena_free(&arena);
    return 0;
}
