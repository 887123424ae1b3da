/* What the lexer's two stages share: the raw scanner (lexer.re) reads the
 * source and gives every token as written, physical newlines included; the
 * layout filter (layout.c) turns those into the parser's token stream.
 * The scanner skips whitespace, comments and backslash continuations, and
 * reports bad characters and malformed literals itself. Private to lexer/. */
#ifndef PYKC_LEXER_INTERNAL_H
#define PYKC_LEXER_INTERNAL_H

#include "lexer.h"

typedef struct Scanner {
    const Source *src;
    Diag *diag;
    const char *cursor;       /* next byte to read */
    const char *marker;       /* re2c's backtracking point */
    const char *end;          /* src->text + src->len: the sentinel NUL */
} Scanner;

void lex_scanner_init(Scanner *scanner, const Source *src, Diag *diag);

/* The next raw token: TOK_NEWLINE for each physical newline outside string
 * literals (spanning "\n", "\r\n" or "\r"), kind 0 at the end of input, and
 * again 0 on every call after that. A malformed literal is reported and still
 * returned as a token of its kind, so one typo makes one error; a character
 * that starts no token is reported and skipped. */
Token lex_scan(Scanner *scanner);

#endif
