/* The lexer: Python tokens from a source buffer, for the lemon parser.
 *
 * Two stages (CPython's approach): a re2c scanner (lexer.re) produces raw
 * tokens, and a layout filter (layout.c) turns line starts into NEWLINE,
 * INDENT and DEDENT from an indentation stack, drops newlines inside
 * brackets and after a backslash, and skips blank and comment-only lines.
 * Token codes are the parser's (TOK_* from the lemon-generated grammar.h).
 *
 * Errors (a bad character, an unterminated string, a dedent to an unknown
 * column, tabs and spaces mixed in one indentation) are reported to the Diag
 * with their location; the lexer then goes on, so later errors show too. */
#ifndef PYKC_LEXER_LEXER_H
#define PYKC_LEXER_LEXER_H

#include <stdio.h>

#include "../base/diag.h"
#include "../base/source.h"

typedef struct Token {
    int kind;                 /* TOK_*; 0 at the end of input */
    Span span;                /* text: span.src->text + span.begin */
} Token;

typedef enum LexMode {
    LEX_MODULE,               /* a whole file */
    LEX_EXPRESSION,           /* one expression (a signature string): no layout,
                                 the parser's TOK_EXPRESSION_MODE first, then the
                                 tokens, one NEWLINE, and the end */
} LexMode;

typedef struct Lexer Lexer;

Lexer *lex_new(Arena *arena, Diag *diag, const Source *src, LexMode mode);

/* The next token after layout. After the end (kind 0) it keeps returning 0. */
Token lex_next(Lexer *lexer);

/* A token kind as diagnostics spell it: "name", "'('", "newline", "'class'". */
const char *lex_token_name(int kind);

/* --dump-tokens: one token per line, "line:col KIND 'text'". */
void lex_dump_tokens(FILE *out, Arena *arena, Diag *diag, const Source *src);

#endif
