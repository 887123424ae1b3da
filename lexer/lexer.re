/* The raw scanner: source bytes to tokens as written (lexer_internal.h), and
 * the decoders that turn a literal token's text into its value (lexer.h).
 * re2c compiles this file to C. The text ends with a NUL that serves as the
 * sentinel, so there is no refill code; a NUL before the end is an error.
 * For matches of equal length the first rule wins, so keywords come before
 * the name rule, and longest match keeps "define" a name and "**=" one token. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grammar.h"
#include "lexer_internal.h"

/* A scanning rule's result when it made no token: scan on. */
enum { SKIP = -1 };

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:yyfill:enable = 0;

    newline  = "\r\n" | [\n\r];
    name     = [a-zA-Z_] [a-zA-Z_0-9]*;
    hexdigit = [0-9a-fA-F];
    digits   = [0-9] ("_"? [0-9])*;
    decimal  = [1-9] ("_"? [0-9])* | "0" ("_"? "0")*;
    zero_led = "0" ("_"? [0-9])+;
    hex      = "0" [xX] ("_"? hexdigit)+;
    octal    = "0" [oO] ("_"? [0-7])+;
    binary   = "0" [bB] ("_"? [01])+;
    exponent = [eE] [+-]? digits;
    float    = (digits? "." digits | digits ".") exponent? | digits exponent;
    prefix   = [rR] [bBfF]? | [bBfF] [rR]? | [uU];
    utf8     = [\xc2-\xf4] [\x80-\xbf]{1,3};
    name_ext = ([a-zA-Z_] | utf8) ([a-zA-Z_0-9] | utf8)*;
*/

/* A file may open with a UTF-8 byte order mark, which Python skips: it is
 * no character of the program. */
void lex_scanner_init(Scanner *s, const Source *src, Diag *diag)
{
    *s = (Scanner){src, diag, src->text, src->text, src->text + src->len};
    if (!src->parent && src->len >= 3 && memcmp(src->text, "\xEF\xBB\xBF", 3) == 0)
        s->cursor += 3;
}

static Span span_at(const Source *src, const char *begin, const char *end)
{
    return span_make(src, (uint32_t)(begin - src->text), (uint32_t)(end - src->text));
}

static void report_null(const Scanner *s, const char *at)
{
    diag_error(s->diag, span_at(s->src, at, at + 1), "null character in source");
}

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* "\0": the sentinel ends the input; a NUL before it is an error. */
static int end_or_null(Scanner *s, const char *start)
{
    if (start == s->end) {
        s->cursor = start;    /* stay on the sentinel: every later call ends too */
        return 0;
    }
    report_null(s, start);
    return SKIP;
}

/* The length of the well-formed UTF-8 character at p (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), or 0. */
static int utf8_length(const unsigned char *p)
{
    unsigned char low = 0x80, high = 0xbf;
    int len;
    if (p[0] < 0x80)
        return 1;
    else if (p[0] >= 0xc2 && p[0] <= 0xdf)
        len = 2;
    else if (p[0] >= 0xe0 && p[0] <= 0xef) {
        len = 3;
        low = p[0] == 0xe0 ? 0xa0 : 0x80;
        high = p[0] == 0xed ? 0x9f : 0xbf;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        len = 4;
        low = p[0] == 0xf0 ? 0x90 : 0x80;
        high = p[0] == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (p[1] < low || p[1] > high)
        return 0;
    for (int i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return len;
}

/* Python reads a source as UTF-8 and refuses one that is not, comments and
 * string literals included: each malformed sequence in [begin, end) is
 * reported at its first byte, and scanning goes on, as after a NUL. */
static void check_utf8(const Scanner *s, const char *begin, const char *end)
{
    for (const char *p = begin; p < end;) {
        int len = utf8_length((const unsigned char *)p);
        if (len)
            p += len;
        else {
            diag_error(s->diag, span_at(s->src, p, p), "invalid UTF-8 byte 0x%02X in source",
                       (unsigned char)*p);
            /* the rest of the broken sequence: one error for it */
            for (p++; p < end && (*p & 0xc0) == 0x80; p++)
                ;
        }
    }
}

/* "# ..." up to the end of the line; anything goes in a comment but NUL
 * and what is not UTF-8. */
static int skip_comment(Scanner *s)
{
    const char *begin = s->cursor;
    for (;; s->cursor++) {
        char c = *s->cursor;
        if (c == '\n' || c == '\r' || (c == '\0' && s->cursor == s->end)) {
            check_utf8(s, begin, s->cursor);
            return SKIP;
        }
        if (c == '\0')
            report_null(s, s->cursor);
    }
}

/* "\<newline>" joins a line to the next; after the file's last newline
 * there is none (Python: "unexpected EOF while parsing"). */
static int continuation(Scanner *s, const char *start)
{
    if (s->cursor == s->end)
        diag_error(s->diag, span_at(s->src, start, start + 1),
                   "unexpected end of file after line continuation character");
    return SKIP;
}

/* A backslash that is not the last character of its line. */
static int bad_continuation(Scanner *s, const char *start)
{
    diag_error(s->diag, span_at(s->src, start, start + 1), s->cursor == s->end
               ? "unexpected end of file after line continuation character"
               : "unexpected character after line continuation character");
    return SKIP;
}

static int bad_character(Scanner *s, const char *start)
{
    unsigned char c = (unsigned char)*start;
    if (c < 0x20 || c == 0x7f)
        diag_error(s->diag, span_at(s->src, start, start), "invalid non-printable character U+%04X", c);
    else
        diag_error(s->diag, span_at(s->src, start, start), "invalid character '%c' in source", c);
    return SKIP;
}

/* A byte that begins no UTF-8 character. */
static int bad_non_ascii(Scanner *s, const char *start)
{
    diag_error(s->diag, span_at(s->src, start, start), "invalid UTF-8 byte 0x%02X in source",
               (unsigned char)*start);
    return SKIP;
}

static const char *base_name(int base)
{
    switch (base) {
    case 16: return "hexadecimal";
    case 8:  return "octal";
    case 2:  return "binary";
    default: return "decimal";
    }
}

/* A hexadecimal digit's value; anything else is too large for any base. */
static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

/* The base that a "0x", "0o" or "0b" prefix (any case) at p names, else 10. */
static int prefix_base(const char *p, const char *end)
{
    if (end - p < 2 || p[0] != '0')
        return 10;
    switch (p[1]) {
    case 'x': case 'X': return 16;
    case 'o': case 'O': return 8;
    case 'b': case 'B': return 2;
    default:            return 10;
    }
}

/* An integer's value from its text, '_' skipped, up to the first character
 * that is no digit of its base; *overflow tells a value over 2^64-1, which
 * saturates. */
static uint64_t int_value(const char *p, const char *end, bool *overflow)
{
    int base = prefix_base(p, end);
    p += base == 10 ? 0 : 2;
    uint64_t value = 0;
    *overflow = false;
    for (; p < end; p++) {
        int digit = digit_value(*p);
        if (*p == '_')
            continue;
        if (digit >= base)
            break;
        if (value > (UINT64_MAX - (uint64_t)digit) / (uint64_t)base)
            *overflow = true;
        value = *overflow ? UINT64_MAX : value * (uint64_t)base + (uint64_t)digit;
    }
    return value;
}

/* Letters, digits or '_' where a number cannot have them: "1abc", "1__0",
 * "0x", "0b12". The run is one token, so one mistake makes one error. */
static int bad_number(Scanner *s, const char *start, int kind, int base)
{
    const char *bad = s->cursor;
    while (is_name_char(*s->cursor))
        s->cursor++;
    if ((base == 2 || base == 8) && *bad >= '0' && *bad <= '9')
        diag_error(s->diag, span_at(s->src, bad, bad + 1), "invalid digit '%c' in %s literal",
                   *bad, base_name(base));
    else
        diag_error(s->diag, span_at(s->src, start, s->cursor), "invalid %s literal", base_name(base));
    return kind;
}

/* After a well-formed number: no letter, digit or '_' may follow, but for
 * the 'j' of an imaginary literal (2j, 1.5e3J). */
static int end_number(Scanner *s, const char *start, int kind, int base)
{
    char next = *s->cursor;
    if (base == 10 && (next == 'j' || next == 'J')) {
        s->cursor++;
        if (is_name_char(*s->cursor))
            return bad_number(s, start, TOK_IMAG, base);
        return TOK_IMAG;
    }
    if (is_name_char(next))
        return bad_number(s, start, kind, base);
    bool overflow = false;
    if (kind == TOK_INT)
        int_value(start, s->cursor, &overflow);
    if (overflow)
        diag_error(s->diag, span_at(s->src, start, s->cursor), "integer literal is too large");
    return kind;
}

/* "012": Python 2's octal, an error since Python 3 ("00" and "012.5" are
 * fine, and "012j" is a complex). */
static int bad_leading_zeros(Scanner *s, const char *start)
{
    if (*s->cursor == 'j' || *s->cursor == 'J')
        return end_number(s, start, TOK_INT, 10);
    while (is_name_char(*s->cursor))
        s->cursor++;
    diag_error(s->diag, span_at(s->src, start, s->cursor),
               "leading zeros in decimal integer literals are not permitted; "
               "use an 0o prefix for octal integers");
    return TOK_INT;
}

/* "0x", "0o" or "0b" with no digit of the base after it. */
static int bad_prefix(Scanner *s, const char *start)
{
    return bad_number(s, start, TOK_INT, prefix_base(start, s->cursor));
}

static int unterminated(Scanner *s, const char *quote, bool triple)
{
    diag_error(s->diag, span_at(s->src, quote, quote), triple
               ? "unterminated triple-quoted string literal"
               : "unterminated string literal");
    return TOK_STRING;
}

/* An f-string, from just after its opening quote: its fields may hold
 * strings in any quotes, so its end is found by its structure (fstring.c).
 * Unterminated, it runs to the end of its line (single quotes) or of the
 * file, as a plain string would. */
static int scan_fstring(Scanner *s, const char *open, bool triple)
{
    const char *end = lex_fstring_scan(s->cursor, s->end, *open, triple);
    if (end) {
        s->cursor = end;
        return TOK_STRING;
    }
    while (s->cursor < s->end && (triple || (*s->cursor != '\n' && *s->cursor != '\r')))
        s->cursor++;
    return unterminated(s, open, triple);
}

static bool prefix_has(const char *start, const char *quote, char letter)
{
    for (const char *p = start; p < quote; p++)
        if ((*p | 0x20) == letter)
            return true;
    return false;
}

/* A string literal from just after its opening quote to the matching close.
 * A backslash takes the next character with it, even in a raw string (where
 * both stay in the value), so "\'" never closes and "\<newline>" continues a
 * one-line string. Unterminated, the token runs to the end of the line, or
 * of the file for a triple-quoted string, as Python reads it. */
static int scan_string(Scanner *s, const char *start)
{
    const char *open = s->cursor - 1;
    char quote = *open;
    bool triple = s->cursor[0] == quote && s->cursor[1] == quote;
    s->cursor += triple ? 2 : 0;
    if (prefix_has(start, open, 'f'))
        return scan_fstring(s, open, triple);
    for (;;) {
        const char *p = s->cursor;
        if ((*p == '\0' && p == s->end) || (!triple && (*p == '\n' || *p == '\r')))
            return unterminated(s, open, triple);
        if (*p == quote && (!triple || (p[1] == quote && p[2] == quote))) {
            s->cursor = p + (triple ? 3 : 1);
            return TOK_STRING;
        }
        if (*p == '\0')
            report_null(s, p);
        s->cursor = p + 1;
        if (*p == '\\' && p[1] != '\0')
            s->cursor = p + (p[1] == '\r' && p[2] == '\n' ? 3 : 2);
    }
}

/* A string literal, its text checked to be UTF-8. */
static int checked_string(Scanner *s, const char *start)
{
    int kind = scan_string(s, start);
    check_utf8(s, start, s->cursor);
    return kind;
}

/* The code point of the UTF-8 sequence at p (the scanner matched it), and
 * its length in *len. */
static uint32_t utf8_code(const unsigned char *p, int *len)
{
    if (p[0] < 0xe0) {
        *len = 2;
        return (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
    }
    if (p[0] < 0xf0) {
        *len = 3;
        return (uint32_t)(p[0] & 0x0f) << 12 | (uint32_t)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
    }
    *len = 4;
    return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3f) << 12 |
           (uint32_t)(p[2] & 0x3f) << 6 | (p[3] & 0x3f);
}

/* Whether a non-ASCII code point may be part of a Python identifier: the
 * letters of the common scripts and combining marks, an approximation of
 * Unicode's XID classes that keeps the tables out of pykc. */
static bool is_identifier_code(uint32_t c)
{
    static const struct { uint32_t low, high; } ranges[] = {
        {0x00aa, 0x00aa}, {0x00b5, 0x00b5}, {0x00ba, 0x00ba}, {0x00c0, 0x00d6},
        {0x00d8, 0x00f6}, {0x00f8, 0x02af}, {0x0300, 0x036f}, {0x0370, 0x03ff},
        {0x0400, 0x052f}, {0x0531, 0x0587}, {0x05d0, 0x05ea}, {0x0620, 0x064a},
        {0x0900, 0x0dff}, {0x0e00, 0x0e7f}, {0x10a0, 0x10ff}, {0x1e00, 0x1fff},
        {0x3040, 0x30ff}, {0x3400, 0x4dbf}, {0x4e00, 0x9fff}, {0xac00, 0xd7a3},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        if (c >= ranges[i].low && c <= ranges[i].high)
            return true;
    return false;
}

/* A name with non-ASCII letters (Python 3 allows them: café, π). A
 * character that is no letter is reported as Python does. */
static int unicode_name(Scanner *s, const char *start)
{
    for (const char *p = start; p < s->cursor;) {
        if ((unsigned char)*p < 0x80) {
            p++;
            continue;
        }
        int len;
        uint32_t code = utf8_code((const unsigned char *)p, &len);
        if (!is_identifier_code(code)) {
            diag_error(s->diag, span_at(s->src, p, p), "invalid character '%.*s' (U+%04X)",
                       len, p, (unsigned)code);
            break;
        }
        p += len;
    }
    return TOK_NAME;
}

/* One raw token from s->cursor (== start): its kind, SKIP, or 0 at the end. */
static int scan_raw(Scanner *s, const char *start)
{
    /*!re2c
        re2c:define:YYCURSOR = "s->cursor";
        re2c:define:YYMARKER = "s->marker";

        "\x00"             { return end_or_null(s, start); }
        [ \t\f]+           { return SKIP; }
        "#"                { return skip_comment(s); }
        "\\" newline       { return continuation(s, start); }
        "\\"               { return bad_continuation(s, start); }
        newline            { return TOK_NEWLINE; }

        "False"            { return TOK_FALSE; }
        "None"             { return TOK_NONE; }
        "True"             { return TOK_TRUE; }
        "and"              { return TOK_AND; }
        "as"               { return TOK_AS; }
        "assert"           { return TOK_ASSERT; }
        "async"            { return TOK_ASYNC; }
        "await"            { return TOK_AWAIT; }
        "break"            { return TOK_BREAK; }
        "class"            { return TOK_CLASS; }
        "continue"         { return TOK_CONTINUE; }
        "def"              { return TOK_DEF; }
        "del"              { return TOK_DEL; }
        "elif"             { return TOK_ELIF; }
        "else"             { return TOK_ELSE; }
        "except"           { return TOK_EXCEPT; }
        "finally"          { return TOK_FINALLY; }
        "for"              { return TOK_FOR; }
        "from"             { return TOK_FROM; }
        "global"           { return TOK_GLOBAL; }
        "if"               { return TOK_IF; }
        "import"           { return TOK_IMPORT; }
        "in"               { return TOK_IN; }
        "is"               { return TOK_IS; }
        "lambda"           { return TOK_LAMBDA; }
        "nonlocal"         { return TOK_NONLOCAL; }
        "not"              { return TOK_NOT; }
        "or"               { return TOK_OR; }
        "pass"             { return TOK_PASS; }
        "raise"            { return TOK_RAISE; }
        "return"           { return TOK_RETURN; }
        "try"              { return TOK_TRY; }
        "while"            { return TOK_WHILE; }
        "with"             { return TOK_WITH; }
        "yield"            { return TOK_YIELD; }
        name               { return TOK_NAME; }
        name_ext           { return unicode_name(s, start); }

        decimal            { return end_number(s, start, TOK_INT, 10); }
        zero_led           { return bad_leading_zeros(s, start); }
        hex                { return end_number(s, start, TOK_INT, 16); }
        octal              { return end_number(s, start, TOK_INT, 8); }
        binary             { return end_number(s, start, TOK_INT, 2); }
        "0" [xXoObB]       { return bad_prefix(s, start); }
        float              { return end_number(s, start, TOK_FLOAT, 10); }
        prefix? ['"]       { return checked_string(s, start); }

        "+"                { return TOK_PLUS; }
        "-"                { return TOK_MINUS; }
        "*"                { return TOK_STAR; }
        "/"                { return TOK_SLASH; }
        "//"               { return TOK_DSLASH; }
        "%"                { return TOK_PERCENT; }
        "**"               { return TOK_DSTAR; }
        "@"                { return TOK_AT; }
        "<<"               { return TOK_LSHIFT; }
        ">>"               { return TOK_RSHIFT; }
        "&"                { return TOK_AMP; }
        "|"                { return TOK_PIPE; }
        "^"                { return TOK_CARET; }
        "~"                { return TOK_TILDE; }
        "<"                { return TOK_LT; }
        ">"                { return TOK_GT; }
        "<="               { return TOK_LE; }
        ">="               { return TOK_GE; }
        "=="               { return TOK_EQEQ; }
        "!="               { return TOK_NE; }
        "("                { return TOK_LPAREN; }
        ")"                { return TOK_RPAREN; }
        "["                { return TOK_LBRACKET; }
        "]"                { return TOK_RBRACKET; }
        "{"                { return TOK_LBRACE; }
        "}"                { return TOK_RBRACE; }
        ","                { return TOK_COMMA; }
        ":"                { return TOK_COLON; }
        "."                { return TOK_DOT; }
        ";"                { return TOK_SEMI; }
        "="                { return TOK_EQUAL; }
        "->"               { return TOK_ARROW; }
        ":="               { return TOK_WALRUS; }
        "..."              { return TOK_ELLIPSIS; }
        "+="               { return TOK_PLUSEQ; }
        "-="               { return TOK_MINUSEQ; }
        "*="               { return TOK_STAREQ; }
        "/="               { return TOK_SLASHEQ; }
        "//="              { return TOK_DSLASHEQ; }
        "%="               { return TOK_PERCENTEQ; }
        "**="              { return TOK_DSTAREQ; }
        "@="               { return TOK_ATEQ; }
        "&="               { return TOK_AMPEQ; }
        "|="               { return TOK_PIPEEQ; }
        "^="               { return TOK_CARETEQ; }
        "<<="              { return TOK_LSHIFTEQ; }
        ">>="              { return TOK_RSHIFTEQ; }

        [\x80-\xff]        { return bad_non_ascii(s, start); }
        *                  { return bad_character(s, start); }
    */
}

Token lex_scan(Scanner *s)
{
    for (;;) {
        const char *start = s->cursor;
        int kind = scan_raw(s, start);
        if (kind != SKIP)
            return (Token){kind, span_at(s->src, start, s->cursor)};
    }
}

uint64_t lex_int_value(Token token)
{
    const char *text = token.span.src->text;
    bool overflow;
    return int_value(text + token.span.begin, text + token.span.end, &overflow);
}

/* strtod wants the literal without its '_' in one NUL-terminated piece: a
 * copy, on the stack unless the literal is unusually long. */
double lex_float_value(Token token)
{
    const char *text = token.span.src->text + token.span.begin;
    size_t len = token.span.end - token.span.begin;
    char small[64];
    char *copy = len < sizeof small ? small : malloc(len + 1);
    if (!copy) {
        fputs("pykc: out of memory\n", stderr);
        abort();
    }
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] != '_')
            copy[n++] = text[i];
    copy[n] = '\0';
    double value = strtod(copy, NULL);
    if (copy != small)
        free(copy);
    return value;
}

/* Decoding a string literal's contents: the body between the quotes, read
 * one character or escape sequence at a time into out. Nothing decodes to
 * more bytes than it is written with, so out needs the token's length. */
typedef struct Decoder {
    const Source *src;
    Diag *diag;
    const char *end;          /* the body's end */
    bool bytes;               /* b prefix: escapes give bytes, not characters */
    bool reported_non_ascii;  /* once per literal */
    char *out;
    int len;
} Decoder;

/* A character of a str as UTF-8, or a byte of a bytes literal. */
static void put_code(Decoder *d, uint32_t code)
{
    char *out = d->out + d->len;
    if (d->bytes || code < 0x80) {
        out[0] = (char)code;
        d->len += 1;
    } else if (code < 0x800) {
        out[0] = (char)(0xc0 | code >> 6);
        out[1] = (char)(0x80 | (code & 0x3f));
        d->len += 2;
    } else if (code < 0x10000) {
        out[0] = (char)(0xe0 | code >> 12);
        out[1] = (char)(0x80 | (code >> 6 & 0x3f));
        out[2] = (char)(0x80 | (code & 0x3f));
        d->len += 3;
    } else {
        out[0] = (char)(0xf0 | code >> 18);
        out[1] = (char)(0x80 | (code >> 12 & 0x3f));
        out[2] = (char)(0x80 | (code >> 6 & 0x3f));
        out[3] = (char)(0x80 | (code & 0x3f));
        d->len += 4;
    }
}

static uint32_t digits_value(const char *p, const char *end, uint32_t base)
{
    uint32_t value = 0;
    for (; p < end; p++)
        value = value * base + (uint32_t)digit_value(*p);
    return value;
}

/* "\d": no escape, so the backslash stays (Python warns, and so do we). */
static const char *unknown_escape(Decoder *d, const char *p)
{
    unsigned char c = (unsigned char)p[1];
    if (p + 1 < d->end && c >= 0x20 && c < 0x7f)
        diag_warning(d->diag, span_at(d->src, p, p + 2), "invalid-escape-sequence",
                     "invalid escape sequence '\\%c'", c);
    else if (p + 1 < d->end)
        diag_warning(d->diag, span_at(d->src, p, p + 1), "invalid-escape-sequence",
                     "invalid escape sequence");
    put_code(d, '\\');
    return p + 1;
}

/* "\ooo": values past 0o377 are kept with a warning, as Python does; a bytes
 * literal keeps their low byte. */
static const char *put_octal(Decoder *d, const char *p, const char *end)
{
    uint32_t value = digits_value(p + 1, end, 8);
    if (value > 0377)
        diag_warning(d->diag, span_at(d->src, p, end), "invalid-escape-sequence",
                     "invalid octal escape sequence '%.*s'", (int)(end - p), p);
    put_code(d, d->bytes ? value & 0xff : value);
    return end;
}

/* "\uXXXX" and "\UXXXXXXXX": characters of a str; a bytes literal has no such
 * escapes. */
static const char *put_unicode(Decoder *d, const char *p, const char *end)
{
    if (d->bytes)
        return unknown_escape(d, p);
    uint32_t code = digits_value(p + 2, end, 16);
    if (code > 0x10ffff)
        diag_error(d->diag, span_at(d->src, p, end), "illegal unicode character '%.*s'",
                   (int)(end - p), p);
    else
        put_code(d, code);
    return end;
}

/* "\x", "\u" or "\U" without enough hexadecimal digits after it. */
static const char *truncated_escape(Decoder *d, const char *p, const char *end)
{
    if (d->bytes && p[1] != 'x')
        return unknown_escape(d, p);
    const char *form = p[1] == 'x' ? "\\xXX" : p[1] == 'u' ? "\\uXXXX" : "\\UXXXXXXXX";
    diag_error(d->diag, span_at(d->src, p, end), "truncated '%s' escape", form);
    return end;
}

/* "\N{name}" needs Unicode's table of names, which pykc does not carry. */
static const char *named_escape(Decoder *d, const char *p, const char *end)
{
    if (d->bytes)
        return unknown_escape(d, p);
    if (*end == '{')
        while (end < d->end && *end++ != '}')
            continue;
    diag_error(d->diag, span_at(d->src, p, end), "'\\N{...}' escapes are not supported");
    return end;
}

/* One escape sequence at p (a backslash) into d->out; returns the byte after
 * it. */
static const char *decode_escape(Decoder *d, const char *p)
{
    const char *cursor = p, *marker = p;
    /*!re2c
        re2c:define:YYCURSOR = cursor;
        re2c:define:YYMARKER = marker;

        "\\" newline       { return cursor; }
        "\\" [\\'"]        { put_code(d, (unsigned char)cursor[-1]); return cursor; }
        "\\a"              { put_code(d, '\a'); return cursor; }
        "\\b"              { put_code(d, '\b'); return cursor; }
        "\\f"              { put_code(d, '\f'); return cursor; }
        "\\n"              { put_code(d, '\n'); return cursor; }
        "\\r"              { put_code(d, '\r'); return cursor; }
        "\\t"              { put_code(d, '\t'); return cursor; }
        "\\v"              { put_code(d, '\v'); return cursor; }
        "\\" [0-7]{1,3}    { return put_octal(d, p, cursor); }
        "\\x" hexdigit{2}  { put_code(d, digits_value(p + 2, cursor, 16)); return cursor; }
        "\\u" hexdigit{4}  { return put_unicode(d, p, cursor); }
        "\\U" hexdigit{8}  { return put_unicode(d, p, cursor); }
        "\\" [xuU]         { return truncated_escape(d, p, cursor); }
        "\\N"              { return named_escape(d, p, cursor); }
        *                  { return unknown_escape(d, p); }
    */
}

/* A character as written: "\r\n" and "\r" read as "\n", and a bytes literal
 * may only hold ASCII. */
static const char *copy_char(Decoder *d, const char *p)
{
    if (*p == '\r') {
        put_code(d, '\n');
        return p + (p[1] == '\n' ? 2 : 1);
    }
    if ((unsigned char)*p >= 0x80 && d->bytes && !d->reported_non_ascii) {
        d->reported_non_ascii = true;
        diag_error(d->diag, span_at(d->src, p, p),
                   "bytes can only contain ASCII literal characters");
    }
    d->out[d->len++] = *p;
    return p + 1;
}

Str lex_decode_text(Arena *arena, Diag *diag, const Source *src, const char *begin,
                    const char *end, bool raw, bool bytes)
{
    Decoder d = {src, diag, end, bytes, false, NULL, 0};
    d.out = arena_alloc(arena, (size_t)(end - begin) + 1);
    for (const char *p = begin; p < end;)
        p = *p == '\\' && !raw ? decode_escape(&d, p) : copy_char(&d, p);
    return (Str){d.out, d.len};
}

/* The token is a prefix, one or three quotes, the body and the same quotes,
 * but for an unterminated literal (already reported) that lacks its close. */
Str lex_string_value(Arena *arena, Diag *diag, Token token)
{
    const char *p = token.span.src->text + token.span.begin;
    const char *end = token.span.src->text + token.span.end;
    bool raw = false, bytes = false;
    for (; p < end && *p != '\'' && *p != '"'; p++) {
        raw |= (*p | 0x20) == 'r';
        bytes |= (*p | 0x20) == 'b';
    }
    char quote = *p;
    int quotes = end - p >= 3 && p[1] == quote && p[2] == quote ? 3 : 1;
    p += quotes;
    bool closed = end - p >= quotes;
    for (int i = 1; i <= quotes; i++)
        closed = closed && end[-i] == quote;
    return lex_decode_text(arena, diag, token.span.src, p, closed ? end - quotes : end, raw, bytes);
}
