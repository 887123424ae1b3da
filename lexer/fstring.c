/* The structure of an f-string, as Python 3.12 reads it (PEP 701): literal
 * text with replacement fields `{expression!conversion:spec}`, whose
 * expressions may hold strings in any quotes, nested f-strings, brackets,
 * comments and newlines, and whose format specs hold fields of their own.
 *
 * One scan serves two callers: the scanner (lexer.re), which only needs the
 * end of the token, and the parser, which asks for the pieces (literal
 * text and fields, in order) to build a JoinedStr. Nothing is reported
 * here: a malformed field is the parser's to report when it parses the
 * field's expression. */
#include <stdbool.h>
#include <stddef.h>

#include "lexer.h"

/* Nested f-strings, each inside a field of the one around it: deeper input
 * is taken as unterminated rather than recursing without end. */
enum { MAX_FSTRING_NESTING = 64 };

typedef struct Scan {
    const char *p;            /* next byte */
    const char *end;          /* the input's end: the sentinel NUL */
    char quote;
    bool triple;
    int nesting;
    const FStringVisitor *visitor;   /* NULL: only find the end */
    void *ctx;
} Scan;

static const char *scan_body(Scan *s);

static bool at_close(const Scan *s)
{
    return *s->p == s->quote && (!s->triple || (s->p[1] == s->quote && s->p[2] == s->quote));
}

static void emit_literal(const Scan *s, const char *from, const char *to)
{
    if (s->visitor && to > from)
        s->visitor->literal(s->ctx, from, to);
}

/* A string or bytes literal without f, from its quote: past its close, or
 * NULL if the input (or, in single quotes, the line) ends first. */
static const char *skip_plain_string(const char *p, const char *end)
{
    char quote = *p;
    bool triple = p[1] == quote && p[2] == quote;
    p += triple ? 3 : 1;
    while (p < end) {
        if (*p == quote && (!triple || (p[1] == quote && p[2] == quote)))
            return p + (triple ? 3 : 1);
        if (!triple && (*p == '\n' || *p == '\r'))
            return NULL;
        p += *p == '\\' && p + 1 < end ? 2 : 1;
    }
    return NULL;
}

/* Whether the letters just before a quote (its prefix) include f. */
static bool prefix_has_f(const char *quote, const char *limit)
{
    for (const char *q = quote - 1; q >= limit; q--) {
        char c = *q;
        if (c == 'f' || c == 'F')
            return true;
        if (!(c == 'r' || c == 'R' || c == 'b' || c == 'B' || c == 'u' || c == 'U'))
            return false;
    }
    return false;
}

/* A string inside a field's expression: any quotes, even the enclosing
 * string's own (PEP 701). */
static bool skip_nested_string(Scan *s, const char *field_start)
{
    if (!prefix_has_f(s->p, field_start)) {
        s->p = skip_plain_string(s->p, s->end);
        return s->p != NULL;
    }
    if (s->nesting >= MAX_FSTRING_NESTING)
        return false;
    char quote = *s->p;
    bool triple = s->p[1] == quote && s->p[2] == quote;
    Scan inner = {s->p + (triple ? 3 : 1), s->end, quote, triple, s->nesting + 1, NULL, NULL};
    s->p = scan_body(&inner);
    return s->p != NULL;
}

/* A format spec, after its ':': literal text and nested fields up to the
 * '}' that ends the field (left for the caller). Scanned without a
 * visitor: the parser walks a spec itself (lex_fstring_walk_spec). */
static bool skip_spec(Scan *s);

/* "!r" or "=" or ":spec" after the expression, then the closing '}'. */
static bool finish_field(Scan *s, FStringField *field)
{
    if (*s->p == '=') {
        field->debug = true;
        s->p++;
        while (*s->p == ' ' || *s->p == '\t')
            s->p++;
    }
    if (*s->p == '!') {
        field->conversion = s->p[1];
        s->p += s->p[1] ? 2 : 1;
    }
    if (*s->p == ':') {
        field->spec_begin = ++s->p;
        if (!skip_spec(s))
            return false;
        field->spec_end = s->p;
        field->has_spec = true;
    }
    if (*s->p != '}')
        return false;
    field->end = ++s->p;
    return true;
}

/* Whether '=' at p ends the expression of a self-documenting field
 * ({x=}, {x = !r}) rather than being part of an operator (==, !=, <=). */
static bool is_debug_equal(const char *p, const char *expr_begin)
{
    if (p[1] == '=')
        return false;
    if (p > expr_begin && (p[-1] == '=' || p[-1] == '!' || p[-1] == '<' || p[-1] == '>'))
        return false;
    return true;
}

/* A replacement field from its '{' to past its '}'. */
static bool scan_field(Scan *s)
{
    FStringField field = {.begin = s->p, .expr_begin = s->p + 1};
    const char *expr_begin = ++s->p;
    int depth = 0;
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\'' || c == '"') {
            if (!skip_nested_string(s, expr_begin))
                return false;
            continue;
        }
        bool top = depth == 0;
        if (c == '#') {
            while (s->p < s->end && *s->p != '\n')
                s->p++;
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == ')' || c == ']' || (c == '}' && !top)) {
            depth -= depth > 0;
        } else if (top && (c == '}' || c == ':' || (c == '!' && s->p[1] != '=') ||
                           (c == '=' && is_debug_equal(s->p, expr_begin)))) {
            field.expr_end = s->p;
            if (!finish_field(s, &field))
                return false;
            if (s->visitor)
                s->visitor->field(s->ctx, &field);
            return true;
        }
        s->p += c == '\\' && s->p + 1 < s->end ? 2 : 1;
    }
    return false;
}

/* Literal text with fields, up to the closing quotes (spec false) or to a
 * spec's closing '}' (spec true); false if the input ends first. */
static bool scan_text(Scan *s, bool spec)
{
    const char *piece = s->p;
    while (s->p < s->end) {
        char c = *s->p;
        if (!spec && at_close(s)) {
            emit_literal(s, piece, s->p);
            s->p += s->triple ? 3 : 1;
            return true;
        }
        if (spec && c == '}') {
            emit_literal(s, piece, s->p);
            return true;
        }
        if (!s->triple && (c == '\n' || c == '\r'))
            return false;
        if (c == '\\' && s->p + 1 < s->end) {
            s->p += s->p[1] == '\r' && s->p[2] == '\n' ? 3 : 2;
            continue;
        }
        if ((c == '{' || c == '}') && s->p[1] == c && !spec) {
            emit_literal(s, piece, s->p + 1);   /* a doubled brace is one brace */
            s->p += 2;
            piece = s->p;
            continue;
        }
        if (c == '}') {
            emit_literal(s, piece, s->p);
            if (s->visitor)
                s->visitor->stray_brace(s->ctx, s->p);
            piece = ++s->p;
            continue;
        }
        if (c == '{') {
            emit_literal(s, piece, s->p);
            if (!scan_field(s))
                return false;
            piece = s->p;
            continue;
        }
        s->p++;
    }
    return false;
}

static bool skip_spec(Scan *s)
{
    Scan spec = *s;
    spec.visitor = NULL;
    bool ok = scan_text(&spec, true);
    s->p = spec.p;
    return ok;
}

static const char *scan_body(Scan *s)
{
    return scan_text(s, false) ? s->p : NULL;
}

const char *lex_fstring_scan(const char *body, const char *end, char quote, bool triple)
{
    Scan s = {body, end, quote, triple, 0, NULL, NULL};
    return scan_body(&s);
}

void lex_fstring_walk(const char *body, const char *end, char quote, bool triple,
                      const FStringVisitor *visitor, void *ctx)
{
    Scan s = {body, end, quote, triple, 0, visitor, ctx};
    scan_body(&s);
}

void lex_fstring_walk_spec(const char *spec, const char *spec_end, bool triple,
                           const FStringVisitor *visitor, void *ctx)
{
    /* The spec was scanned whole before, so it ends at spec_end with the
     * field's '}', which scan_text stops at. */
    Scan s = {spec, spec_end + 1, '\0', triple, 0, visitor, ctx};
    scan_text(&s, true);
}
