/* f-strings: a STRING token with an f prefix becomes a JoinedStr of String
 * parts (its literal text, escapes decoded) and FormattedValue parts (its
 * fields), each field's expression parsed on its own as a piece of the file,
 * so errors in it point into the file. The lexer (fstring.c) finds the
 * pieces; kernels never run f-strings, but a file with a broken one is not
 * Python, so its fields are checked like any expression. */
#include <string.h>

#include "parser.h"
#include "parser_internal.h"

typedef struct FStringBuild {
    ParseState *ps;
    const Source *src;
    bool raw;
    bool triple;
    NodeList parts;
} FStringBuild;

static Span span_of(const FStringBuild *b, const char *begin, const char *end)
{
    return span_make(b->src, (uint32_t)(begin - b->src->text), (uint32_t)(end - b->src->text));
}

static void add_literal(void *ctx, const char *begin, const char *end)
{
    FStringBuild *b = ctx;
    Str text = lex_decode_text(b->ps->arena, b->ps->diag, b->src, begin, end, b->raw, false);
    ast_list_push(b->ps->arena, &b->parts, ast_string(b->ps->arena, span_of(b, begin, end), text));
}

static void stray_brace(void *ctx, const char *at)
{
    FStringBuild *b = ctx;
    diag_error(b->ps->diag, span_of(b, at, at + 1), "f-string: single '}' is not allowed");
}

static Node *build_spec(FStringBuild *outer, const FStringField *field);

/* The field's expression, parsed as a sub-source of the file. */
static Node *field_expression(FStringBuild *b, const FStringField *field)
{
    const char *p = field->expr_begin;
    while (p < field->expr_end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (p == field->expr_end) {
        diag_error(b->ps->diag, span_of(b, field->begin, field->end), "f-string: valid expression required before '}'");
        return NULL;
    }
    uint32_t offset = (uint32_t)(field->expr_begin - b->src->text);
    uint32_t len = (uint32_t)(field->expr_end - field->expr_begin);
    const Source *text = source_sub(b->ps->arena, b->src, offset, len);
    return parse_expression(b->ps->arena, b->ps->diag, text);
}

static void add_field(void *ctx, const FStringField *field)
{
    FStringBuild *b = ctx;
    Node *value = field_expression(b, field);
    char conversion = field->conversion;
    if (conversion && conversion != 's' && conversion != 'r' && conversion != 'a') {
        diag_error(b->ps->diag, span_of(b, field->expr_end, field->end),
                   "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        conversion = 0;
    }
    if (!value)
        return;
    Node *spec = field->has_spec ? build_spec(b, field) : NULL;
    ast_list_push(b->ps->arena, &b->parts,
                  ast_formatted(b->ps->arena, span_of(b, field->begin, field->end), value, conversion, spec));
}

static const FStringVisitor builder = {add_literal, add_field, stray_brace};

/* A format spec is an f-string of its own: {x:{width}.{precision}f} */
static Node *build_spec(FStringBuild *outer, const FStringField *field)
{
    FStringBuild b = {outer->ps, outer->src, outer->raw, outer->triple, {0}};
    lex_fstring_walk_spec(field->spec_begin, field->spec_end, outer->triple, &builder, &b);
    return ast_fstring(outer->ps->arena, span_of(outer, field->spec_begin, field->spec_end), b.parts);
}

Node *parse_fstring(ParseState *ps, Token token)
{
    const Source *src = token.span.src;
    const char *p = src->text + token.span.begin;
    const char *end = src->text + token.span.end;
    FStringBuild b = {ps, src, false, false, {0}};
    for (; p < end && *p != '\'' && *p != '"'; p++)
        b.raw |= (*p | 0x20) == 'r';
    char quote = *p;
    b.triple = end - p >= 3 && p[1] == quote && p[2] == quote;
    /* The scanner found the close (or reported none): walk to the token's end. */
    lex_fstring_walk(p + (b.triple ? 3 : 1), end, quote, b.triple, &builder, &b);
    return ast_fstring(ps->arena, token.span, b.parts);
}
