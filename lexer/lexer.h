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

#include <stdbool.h>
#include <stdint.h>
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

/* A token kind as diagnostics spell it: "name", "integer literal", "float
 * literal", "string literal", "newline", "indent", "unindent" (TOK_DEDENT),
 * "end of file" (0), punctuation and keywords quoted: "'('", "'class'". */
const char *lex_token_name(int kind);

/* --dump-tokens: lexes src as a module and prints one token per line,
 *
 *     LINE:COL KIND 'TEXT'
 *
 * LINE and COL 1-based (COL counts bytes), KIND the TOK_ name without its
 * prefix (NAME, INT, FLOAT, STRING, DEF, LPAREN, PLUSEQ, ...), TEXT the
 * token as written, byte for byte, except that bytes below 0x20 and 0x7f are
 * written \n, \r, \t or \xHH (so a multi-line string stays on one line;
 * quotes and backslashes are not escaped). NEWLINE, INDENT, DEDENT and the
 * final EOF line have no text: INDENT and DEDENT sit at the first token of
 * their line, a NEWLINE at its newline character, and a NEWLINE, DEDENT or
 * EOF made at the end of input at the end of the text. Errors go to diag as
 * when compiling; STRING tokens are also decoded with lex_string_value, so
 * bad escapes are reported as the parser would report them. */
void lex_dump_tokens(FILE *out, Arena *arena, Diag *diag, const Source *src);

/* Values of literal tokens, for the parser. The lexer has already reported
 * what is wrong in an INT or FLOAT token (a misplaced '_', a bad digit, a
 * value over 2^64-1, a 'j' suffix) and still returns such a token, so one
 * typo makes one error: these two accept any token of their kind, report
 * nothing, and read the text up to the first character that does not fit. */

/* An INT token's value: decimal, 0x, 0o or 0b, '_' ignored. A value over
 * 2^64-1 gives UINT64_MAX. */
uint64_t lex_int_value(Token token);

/* A FLOAT token's value, correctly rounded (strtod); an exponent too large
 * gives infinity, as in Python. */
double lex_float_value(Token token);

/* A STRING token's contents, allocated in arena and NUL-terminated (the
 * length does not count the NUL): prefix and quotes removed, "\r\n" and "\r"
 * read as "\n", and, unless the prefix has r or R, escapes decoded: \<newline>
 * (nothing), \\ \' \" \a \b \f \n \r \t \v, \ooo and \xhh, and in a str (no b
 * prefix) \uXXXX and \UXXXXXXXX. A str's contents are UTF-8 (\xe9 gives two
 * bytes); a bytes literal's are the bytes. An f-string is decoded as a plain
 * string: its braces are left as written. Reported to diag: a truncated or
 * out-of-range escape, '\N{...}' (not supported), a non-ASCII character in
 * a bytes literal (errors); an unknown escape such as '\d', kept as written
 * (warning "invalid-escape-sequence", as Python's SyntaxWarning). */
Str lex_string_value(Arena *arena, Diag *diag, Token token);

/* F-strings (fstring.c). The scanner makes one STRING token of a whole
 * f-string; the parser splits it into literal text and replacement fields
 * {expression[=][!conversion][:spec]}, a spec being literal text and
 * fields again. Positions are pointers into the source text. */
typedef struct FStringField {
    const char *begin, *end;            /* the '{' and just past the '}' */
    const char *expr_begin, *expr_end;  /* the expression as written */
    bool debug;                         /* {x=}: Python prints "x=" first */
    char conversion;                    /* 's', 'r', 'a', another (an error), or 0 */
    bool has_spec;
    const char *spec_begin, *spec_end;  /* after ':' up to the '}' */
} FStringField;

typedef struct FStringVisitor {
    /* Literal text as written (escapes not decoded); a doubled brace
     * comes as its first brace only. */
    void (*literal)(void *ctx, const char *begin, const char *end);
    void (*field)(void *ctx, const FStringField *field);
    /* A '}' that neither closes a field nor is doubled. */
    void (*stray_brace)(void *ctx, const char *at);
} FStringVisitor;

/* From just after the opening quote(s) of an f-string to just after its
 * closing quote(s); NULL if the input (at `end`), or for single quotes the
 * line, ends first. */
const char *lex_fstring_scan(const char *body, const char *end, char quote, bool triple);

/* The pieces of a whole f-string's body, in order, to the visitor. */
void lex_fstring_walk(const char *body, const char *end, char quote, bool triple,
                      const FStringVisitor *visitor, void *ctx);

/* The pieces of a field's format spec. */
void lex_fstring_walk_spec(const char *spec, const char *spec_end, bool triple,
                           const FStringVisitor *visitor, void *ctx);

/* A piece of a string's text decoded as lex_string_value decodes a whole
 * literal's body: escapes unless raw, UTF-8 unless bytes. */
Str lex_decode_text(Arena *arena, Diag *diag, const Source *src, const char *begin,
                    const char *end, bool raw, bool bytes);

#endif
