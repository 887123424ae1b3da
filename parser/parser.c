/* The parse driver: pulls tokens from the lexer and pushes them into the
 * lemon parser (grammar.y), reporting syntax errors and resynchronising after
 * them; then the helpers the grammar's actions call where a node needs the
 * source text or a check. Output: the tree of ast.h.
 *
 * Before each token is given to lemon the driver asks whether it fits. If it
 * does not, the driver reports it (by the set of tokens that would have fit),
 * gives it to lemon anyway so that lemon pops back to the enclosing statement
 * list and shifts its `error` symbol, then skips the rest of the broken
 * statement, with any indented block and else/elif/except/finally clause
 * after it, and closes `error NEWLINE`. One mistake makes one error. */
#include "parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grammar.h"
#include "parser_internal.h"

enum {
    TOKEN_KINDS = TOK_EXPRESSION_MODE + 1,
    /* How deep a statement's tree may be. The passes after the parser (sema,
     * codegen, the dump) recurse over the tree, so its depth must be bounded;
     * lemon's stack bounds nesting to the right, this chains to the left
     * (a + a + ... + a). */
    MAX_TREE_DEPTH = 2000,
};

/* ======================= the token stream ======================= */

/* The next token: the one looked ahead at, or a new one. A lexer error makes
 * the parser quiet until the next line: its complaints there would echo the
 * lexer's. */
static Token next_token(ParseState *ps)
{
    if (ps->has_ahead) {
        ps->has_ahead = false;
        return ps->ahead;
    }
    int errors = ps->diag->errors;
    Token token = lex_next(ps->lexer);
    if (ps->diag->errors > errors)
        ps->quiet = true;
    bool layout = token.kind == TOK_NEWLINE || token.kind == TOK_INDENT || token.kind == TOK_DEDENT;
    if (ps->at_line_start && !layout)
        ps->line_first = token.kind;
    ps->at_line_start = layout;
    return token;
}

static Token peek_token(ParseState *ps)
{
    if (!ps->has_ahead) {
        ps->ahead = next_token(ps);
        ps->has_ahead = true;
    }
    return ps->ahead;
}

static Token made_token(int kind, Span at)
{
    return (Token){kind, span_make(at.src, at.begin, at.begin)};
}

/* Hands a token to lemon, unchecked. */
static void give(ParseState *ps, Token token)
{
    ParseGrammar(ps->grammar, token.kind, token);
    if (token.kind == TOK_NEWLINE)
        ps->quiet = false;
    ps->prev = token;
    if (ps->overflow && !ps->failed) {
        diag_error(ps->diag, token.span, "statement too deeply nested");
        ps->failed = true;
    }
}

/* ======================= syntax errors ======================= */

/* Keywords and operators of constructs outside the dialect: no rule has
 * them, so the error is always at them, and they are named. */
static bool is_unsupported(int kind)
{
    switch (kind) {
    case TOK_CLASS: case TOK_LAMBDA: case TOK_TRY: case TOK_EXCEPT:
    case TOK_FINALLY: case TOK_WITH: case TOK_ASYNC: case TOK_AWAIT:
    case TOK_YIELD: case TOK_GLOBAL: case TOK_NONLOCAL: case TOK_DEL:
    case TOK_ASSERT: case TOK_RAISE: case TOK_WALRUS: case TOK_ELLIPSIS:
        return true;
    default:
        return false;
    }
}

static bool starts_expression(int kind)
{
    switch (kind) {
    case TOK_NAME: case TOK_INT: case TOK_FLOAT: case TOK_STRING: case TOK_TRUE:
    case TOK_FALSE: case TOK_NONE: case TOK_LPAREN: case TOK_LBRACKET:
    case TOK_LBRACE: case TOK_MINUS: case TOK_PLUS: case TOK_TILDE: case TOK_NOT:
        return true;
    default:
        return false;
    }
}

/* Tokens that could extend what came before (an operator after an operand,
 * a comma after an item, '=' after a target): they are left out when
 * looking for the one token a construct needs to go on. */
static bool continues(int kind)
{
    /* grammar.y declares the binary operators and comparisons in one run
     * (with '~' among them), and the augmented assignments in another */
    if (kind >= TOK_PLUS && kind <= TOK_NE && kind != TOK_TILDE)
        return true;
    if (kind >= TOK_PLUSEQ && kind <= TOK_RSHIFTEQ)
        return true;
    switch (kind) {
    case TOK_AND: case TOK_OR: case TOK_NOT: case TOK_IN: case TOK_IS:
    case TOK_IF: case TOK_FOR: case TOK_DOT: case TOK_LPAREN: case TOK_LBRACKET:
    case TOK_COMMA: case TOK_EQUAL: case TOK_ARROW:
        return true;
    default:
        return false;
    }
}

/* The tokens that would have been accepted where the error is. */
typedef struct Expected {
    bool kinds[TOKEN_KINDS];
    int count;
} Expected;

static void find_expected(ParseState *ps, Expected *expected)
{
    memset(expected, 0, sizeof *expected);
    for (int kind = 0; kind < TOKEN_KINDS; kind++) {
        if (parse_grammar_accepts(ps->grammar, kind)) {
            expected->kinds[kind] = true;
            expected->count++;
        }
    }
}

/* Tokens that extend an operand in place (a.b, f(x), a[i], a, b): when
 * nothing else is expected but such tokens and one more, that one is what
 * the construct needs ("for i range" wants 'in'). */
static bool is_trailer(int kind)
{
    return kind == TOK_DOT || kind == TOK_LPAREN || kind == TOK_LBRACKET || kind == TOK_COMMA;
}

/* The one expected token, ignoring first those that would only extend the
 * construct, then only trailers, then nothing; or -1. */
static int single_expected(const Expected *expected)
{
    for (int pass = 0; pass < 3; pass++) {
        int found = -1, count = 0;
        for (int kind = 0; kind < TOKEN_KINDS; kind++) {
            bool ignored = pass == 0 ? continues(kind) : pass == 1 && is_trailer(kind);
            if (expected->kinds[kind] && !ignored) {
                found = kind;
                count++;
            }
        }
        if (count > 0)
            return count == 1 ? found : -1;
    }
    return -1;
}

/* Whether every expected token starts an expression. */
static bool expects_expression(const Expected *expected)
{
    for (int kind = 0; kind < TOKEN_KINDS; kind++)
        if (expected->kinds[kind] && !starts_expression(kind))
            return false;
    return expected->count > 0;
}

static bool expects_only(const Expected *expected, int a, int b)
{
    for (int kind = 0; kind < TOKEN_KINDS; kind++)
        if (expected->kinds[kind] && kind != a && kind != b)
            return false;
    return expected->count > 0;
}

static const char *expected_phrase(int kind)
{
    return kind == TOK_NAME ? "a name" : lex_token_name(kind);
}

static const int openers[] = {TOK_LPAREN, TOK_LBRACKET, TOK_LBRACE};

static int line_of(Span span)
{
    return source_locate(span.src, span.begin).line;
}

/* A syntax error, described before it is reported: the driver holds it back
 * while it drops the rest of a line inside brackets, since the lexer may
 * then explain it better ("'(' was never closed"). */
typedef struct SyntaxError {
    Span at;
    char message[200];
    bool restart;             /* `token` begins the next statement: what is
                                 broken is the construct before it */
    bool in_brackets;
} SyntaxError;

static void say(SyntaxError *error, Span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(SyntaxError *error, Span at, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(error->message, sizeof error->message, fmt, args);
    va_end(args);
    error->at = at;
}

/* Where to point for a token that is missing before `token`: just after the
 * previous token when `token` ends the line (Python's caret), else at it. */
static Span missing_at(const ParseState *ps, Token token)
{
    if (token.kind == TOK_NEWLINE && ps->prev.span.src)
        return span_make(ps->prev.span.src, ps->prev.span.end, ps->prev.span.end);
    return token.span;
}

/* "expected an indented block after 'if' statement on line 5" */
static void describe_missing_block(ParseState *ps, Token token, SyntaxError *error)
{
    static const int headers[] = {TOK_IF, TOK_ELIF, TOK_ELSE, TOK_WHILE, TOK_FOR, TOK_DEF};
    Token header;
    Span at = span_point(token.span);
    if (!parse_grammar_find(ps->grammar, headers, 6, &header))
        say(error, at, "expected an indented block");
    else if (header.kind == TOK_DEF)
        say(error, at, "expected an indented block after function definition on line %d",
            line_of(header.span));
    else
        say(error, at, "expected an indented block after %s statement on line %d",
            lex_token_name(header.kind), line_of(header.span));
}

/* "expected ':'", and for a closing bracket, where its opener is when that
 * is on another line: "expected ')' (to close '(' on line 3)". */
static void describe_expected(ParseState *ps, Token token, int kind, SyntaxError *error)
{
    Span at = missing_at(ps, token);
    Token open;
    bool closes = kind == TOK_RPAREN || kind == TOK_RBRACKET || kind == TOK_RBRACE;
    if (closes && parse_grammar_find(ps->grammar, openers, 3, &open)
        && line_of(open.span) != line_of(at))
        say(error, at, "expected %s (to close %s on line %d)", lex_token_name(kind),
            lex_token_name(open.kind), line_of(open.span));
    else
        say(error, at, "expected %s", expected_phrase(kind));
}

/* What is wrong with `token` where it is, from the tokens that would have
 * fitted there. */
static void describe_by_expected(ParseState *ps, Token token, SyntaxError *error)
{
    Expected expected;
    find_expected(ps, &expected);
    int single = single_expected(&expected);
    if (expected.count == 1 && expected.kinds[TOK_INDENT]) {
        describe_missing_block(ps, token, error);
        error->restart = true;
    } else if (expects_only(&expected, TOK_AT, TOK_DEF)) {
        say(error, token.span, "expected 'def' after a decorator");
        error->restart = true;
    } else if ((token.kind == TOK_STAR || token.kind == TOK_DSTAR) && expected.kinds[TOK_NAME]) {
        say(error, token.span, "starred expressions are not supported in kernels");
    } else if (single >= 0 && single != TOK_NEWLINE) {
        describe_expected(ps, token, single, error);
    } else if (expects_expression(&expected)) {
        say(error, missing_at(ps, token), "expected an expression");
    } else {
        say(error, missing_at(ps, token), "invalid syntax: unexpected %s",
            lex_token_name(token.kind));
    }
}

static void describe_syntax_error(ParseState *ps, Token token, SyntaxError *error)
{
    Token open;
    memset(error, 0, sizeof *error);
    error->in_brackets = parse_grammar_find(ps->grammar, openers, 3, &open);
    if (is_unsupported(token.kind))
        say(error, token.span, "%s is not supported in kernels", lex_token_name(token.kind));
    else if (token.kind == TOK_INDENT)
        say(error, token.span, "unexpected indent");
    else
        describe_by_expected(ps, token, error);
}

static void report(ParseState *ps, const SyntaxError *error)
{
    if (!ps->quiet)
        diag_error(ps->diag, error->at, "%s", error->message);
}

/* ======================= recovery ======================= */

static bool is_clause(int kind)
{
    return kind == TOK_ELSE || kind == TOK_ELIF || kind == TOK_EXCEPT || kind == TOK_FINALLY;
}

/* Whether a line beginning with `kind` is a compound statement's header
 * (or a decorator of one), which may have a block and clauses after it. */
static bool is_header(int kind)
{
    switch (kind) {
    case TOK_IF: case TOK_WHILE: case TOK_FOR: case TOK_DEF: case TOK_AT:
    case TOK_TRY: case TOK_WITH: case TOK_CLASS: case TOK_ASYNC:
        return true;
    default:
        return is_clause(kind);
    }
}

/* Drops the rest of a line and returns its NEWLINE, or one made where the
 * line stops short (at a layout token or the end). */
static Token drop_line(ParseState *ps)
{
    for (;;) {
        Token token = peek_token(ps);
        if (token.kind == 0 || token.kind == TOK_INDENT || token.kind == TOK_DEDENT)
            return made_token(TOK_NEWLINE, token.span);
        next_token(ps);
        if (token.kind == TOK_NEWLINE)
            return token;
    }
}

/* Drops an indented block whose INDENT has been taken; returns the DEDENT
 * that closes it (or the end). */
static Token drop_block(ParseState *ps)
{
    Token token = ps->prev;
    for (int depth = 1; depth > 0;) {
        token = peek_token(ps);
        if (token.kind == 0)
            break;
        next_token(ps);
        depth += (token.kind == TOK_INDENT) - (token.kind == TOK_DEDENT);
    }
    return token;
}

/* After a broken line: the block it would have opened, and if it was a
 * header, the clauses (else, except, ...) that would have continued it. */
static void drop_dependents(ParseState *ps)
{
    bool header = is_header(ps->line_first);
    for (;;) {
        int kind = peek_token(ps).kind;
        if (kind == TOK_INDENT) {
            next_token(ps);
            drop_block(ps);
            header = true;
        } else if (header && is_clause(kind)) {
            drop_line(ps);
        } else {
            return;
        }
    }
}

/* The rest of the line after an error in its middle. The error waits if
 * it is inside brackets: a lexer error while the line is dropped (a bracket
 * never closed, or closed by the wrong one) is then the one to show. */
static void drop_broken_line(ParseState *ps, const SyntaxError *error)
{
    if (!error->in_brackets)
        report(ps, error);
    Token newline = drop_line(ps);
    if (error->in_brackets)
        report(ps, error);
    give(ps, newline);
}

/* What is broken is the construct before `token`: it is closed, and
 * `token` is parsed again as the start of the next statement. */
static void restart_at(ParseState *ps, Token token)
{
    give(ps, made_token(TOK_NEWLINE, token.span));
    if (parse_grammar_accepts(ps->grammar, token.kind)) {
        give(ps, token);
        return;
    }
    give(ps, token);
    give(ps, drop_line(ps));
    drop_dependents(ps);
}

/* `token` did not fit. Lemon, given it anyway, pops back to the statement
 * list around it and shifts `error`; the driver drops what belongs to the
 * broken statement and closes `error NEWLINE`. */
static void recover(ParseState *ps, Token token, const SyntaxError *error)
{
    bool mid_line = token.kind != 0 && token.kind != TOK_NEWLINE && token.kind != TOK_INDENT
        && token.kind != TOK_DEDENT && !error->restart;
    if (!mid_line)
        report(ps, error);
    give(ps, token);
    if (token.kind == 0 || ps->failed)
        return;
    if (token.kind == TOK_INDENT) {
        give(ps, made_token(TOK_NEWLINE, drop_block(ps).span));
    } else if (token.kind == TOK_DEDENT || error->restart) {
        restart_at(ps, token);
    } else {
        if (mid_line)
            drop_broken_line(ps, error);
        drop_dependents(ps);
    }
}

static void parse_tokens(ParseState *ps)
{
    for (;;) {
        Token token = next_token(ps);
        if (parse_grammar_accepts(ps->grammar, token.kind)) {
            give(ps, token);
        } else {
            SyntaxError error;
            describe_syntax_error(ps, token, &error);
            recover(ps, token, &error);
        }
        if (token.kind == 0 || ps->failed)
            return;
    }
}

/* ======================= entry points ======================= */

static void start(ParseState *ps, Arena *arena, Diag *diag, const Source *src, LexMode mode)
{
    memset(ps, 0, sizeof *ps);
    ps->arena = arena;
    ps->diag = diag;
    ps->lexer = lex_new(arena, diag, src, mode);
    ps->at_line_start = true;
    ps->grammar = parse_grammar_new(arena, ps);
}

Node *parse_module(Arena *arena, Diag *diag, const Source *src)
{
    ParseState ps;
    start(&ps, arena, diag, src, LEX_MODULE);
    ps.module = ast_new(arena, NODE_MODULE, span_make(src, 0, src->len));
    parse_tokens(&ps);
    return ps.module;
}

/* A signature string is short and stands alone: the first error ends it. */
Node *parse_expression(Arena *arena, Diag *diag, const Source *src)
{
    ParseState ps;
    start(&ps, arena, diag, src, LEX_EXPRESSION);
    int errors = diag->errors;
    for (;;) {
        Token token = next_token(&ps);
        if (!parse_grammar_accepts(ps.grammar, token.kind)) {
            SyntaxError error;
            describe_syntax_error(&ps, token, &error);
            report(&ps, &error);
            return NULL;
        }
        give(&ps, token);
        if (token.kind == 0 || ps.failed)
            break;
    }
    return ps.failed || diag->errors > errors ? NULL : ps.expression;
}

/* ======================= helpers for the grammar's actions ======================= */

typedef struct Depth {
    int limit;                /* how much deeper to look */
    int deepest;              /* of the children seen so far */
} Depth;

static int tree_depth(const Node *node, int limit);

static void measure_child(void *ctx, Node *child)
{
    Depth *depth = ctx;
    if (depth->deepest <= depth->limit) {
        int below = tree_depth(child, depth->limit);
        if (below > depth->deepest)
            depth->deepest = below;
    }
}

/* The depth of a tree, or limit + 1 if it is deeper: the recursion here
 * goes no deeper than `limit` either. */
static int tree_depth(const Node *node, int limit)
{
    if (limit == 0)
        return 1;
    Depth children = {limit - 1, 0};
    ast_each_child(node, measure_child, &children);
    return 1 + children.deepest;
}

/* A statement too deep for the passes after the parser is reported and
 * left out (NULL). */
Node *parse_depth_checked(ParseState *ps, Node *node)
{
    if (!node || tree_depth(node, MAX_TREE_DEPTH) <= MAX_TREE_DEPTH)
        return node;
    diag_error(ps->diag, span_point(node->span), "statement too deeply nested (more than %d levels)",
               MAX_TREE_DEPTH);
    return NULL;
}

void parse_module_add(ParseState *ps, NodeList statements)
{
    for (int i = 0; i < statements.count; i++)
        ast_list_push(ps->arena, &ps->module->module.body,
                      parse_depth_checked(ps, statements.items[i]));
}

Node *parse_unsupported(ParseState *ps, Span at, const char *message)
{
    diag_error(ps->diag, at, "%s", message);
    return ast_name(ps->arena, at, (Str){"", 0});
}

/* [a, b]: only a decorator's signature list (@cuda.jit(["sig1", "sig2"]))
 * may be a list; it becomes a Tuple spanning the brackets, of its elements.
 * (An unparenthesised tuple starts where its first element does.) */
Node *parse_list_display(ParseState *ps, Token open, Node *inner, Token close)
{
    Span span = span_join(open.span, close.span);
    if (ps->line_first != TOK_AT)
        return parse_unsupported(ps, span, "list displays are not supported in kernels");
    NodeList elts = {0};
    if (inner && inner->kind == NODE_TUPLE && inner->tuple.elts.count &&
        inner->span.begin == inner->tuple.elts.items[0]->span.begin)
        elts = inner->tuple.elts;
    else if (inner)
        elts = ast_list_of(ps->arena, inner);
    return ast_tuple(ps->arena, span, elts);
}

Node *parse_int(ParseState *ps, Token token)
{
    return ast_int(ps->arena, token.span, lex_int_value(token));
}

Node *parse_float(ParseState *ps, Token token)
{
    return ast_float(ps->arena, token.span, lex_float_value(token));
}

/* The prefix letters of a string literal say what kind it is; kernels have
 * use only for plain str (docstrings, signatures). */
static void check_string_prefix(ParseState *ps, Token token)
{
    const char *text = token.span.src->text + token.span.begin;
    for (; *text != '\'' && *text != '"' && *text; text++) {
        if (*text == 'f' || *text == 'F') {
            diag_error(ps->diag, token.span, "f-strings are not supported in kernels");
            return;
        }
        if (*text == 'b' || *text == 'B') {
            diag_error(ps->diag, token.span, "bytes literals are not supported in kernels");
            return;
        }
    }
}

Node *parse_string(ParseState *ps, Token token)
{
    check_string_prefix(ps, token);
    return ast_string(ps->arena, token.span, lex_string_value(ps->arena, ps->diag, token));
}

/* "a" "b": one String with both contents */
void parse_string_concat(ParseState *ps, Node *string, Token token)
{
    check_string_prefix(ps, token);
    Str more = lex_string_value(ps->arena, ps->diag, token);
    Str value = string->string.value;
    char *joined = arena_alloc(ps->arena, (size_t)value.len + (size_t)more.len + 1);
    memcpy(joined, value.ptr, (size_t)value.len);
    memcpy(joined + value.len, more.ptr, (size_t)more.len);
    string->string.value = (Str){joined, value.len + more.len};
    string->span = span_join(string->span, token.span);
}

/* (x) is x, its span widened to the parentheses, so that an operator with
 * a parenthesized left operand starts where CPython says it does. */
Node *parse_parens(Token open, Node *inner, Token close)
{
    inner->span = span_join(open.span, close.span);
    return inner;
}

/* lower:upper[:step], each part optional: the slice spans its first token
 * to its last. */
Node *parse_slice(ParseState *ps, Node *lower, Token colon, Node *upper,
                  const Token *colon2, Node *step)
{
    Span span = lower ? span_join(lower->span, colon.span) : colon.span;
    if (upper)
        span = span_join(span, upper->span);
    if (colon2)
        span = span_join(span, colon2->span);
    if (step)
        span = span_join(span, step->span);
    return ast_slice(ps->arena, span, lower, upper, step);
}

/* a.b.c: a view of the source when written without spaces, else a copy. */
Dotted parse_dotted(ParseState *ps, const Dotted *prefix, Token name)
{
    Str text = parse_token_text(name);
    if (!prefix)
        return (Dotted){text, name.span};
    Span span = span_join(prefix->span, name.span);
    const char *source = span.src->text + span.begin;
    int len = (int)(span.end - span.begin);
    if (prefix->name.ptr == source && len == prefix->name.len + 1 + text.len)
        return (Dotted){{source, len}, span};
    char *joined = arena_printf(ps->arena, "%.*s.%.*s", STR_ARG(prefix->name), STR_ARG(text));
    return (Dotted){str_from_cstr(joined), span};
}

Dotted parse_relative_import(ParseState *ps, Span dots)
{
    parse_unsupported(ps, dots, "relative imports are not supported in kernels");
    return (Dotted){{"", 0}, dots};
}

/* The ImportFrom nodes of `from module import ...` get their module here;
 * after a relative import or `import *` (reported) there are none. */
NodeList parse_import_from(ParseState *ps, Dotted module, NodeList names)
{
    NodeList nodes = {0};
    if (module.name.len == 0)
        return nodes;
    for (int i = 0; i < names.count; i++) {
        if (names.items[i]->kind == NODE_IMPORT_FROM) {
            names.items[i]->import_from.module = module.name;
            ast_list_push(ps->arena, &nodes, names.items[i]);
        }
    }
    return nodes;
}

void parse_param_push(ParseState *ps, NodeList *params, Node *param)
{
    if (param->kind != NODE_PARAM)
        return;
    bool follows_default = params->count > 0
        && params->items[params->count - 1]->param.default_value;
    if (follows_default && !param->param.default_value)
        diag_error(ps->diag, param->span,
                   "parameter without a default follows parameter with a default");
    ast_list_push(ps->arena, params, param);
}

void parse_arg_push(ParseState *ps, CallArgs *args, Node *arg)
{
    if (arg->kind != NODE_KEYWORD) {
        if (args->keywords.count > 0)
            diag_error(ps->diag, arg->span, "positional argument follows keyword argument");
        ast_list_push(ps->arena, &args->args, arg);
        return;
    }
    for (int i = 0; i < args->keywords.count; i++) {
        if (str_eq(args->keywords.items[i]->keyword.name, arg->keyword.name)) {
            diag_error(ps->diag, arg->span, "keyword argument '%.*s' is repeated",
                       STR_ARG(arg->keyword.name));
            break;
        }
    }
    ast_list_push(ps->arena, &args->keywords, arg);
}

/* What an expression that cannot be assigned to is called, or NULL for a
 * target (a name, attribute or subscript; an empty Name is a reported
 * construct's placeholder). */
static const char *unassignable(const Node *node)
{
    switch (node->kind) {
    case NODE_NAME: case NODE_ATTRIBUTE: case NODE_SUBSCRIPT: case NODE_TUPLE:
        return NULL;
    case NODE_CALL: return "function call";
    case NODE_INT: case NODE_FLOAT: case NODE_STRING: return "literal";
    case NODE_BOOL: return node->bool_lit.value ? "True" : "False";
    case NODE_NONE: return "None";
    case NODE_COMPARE: return "comparison";
    case NODE_IFEXP: return "conditional expression";
    default: return "expression";
    }
}

/* Reports the first part of a target that cannot be assigned to. */
static bool check_target(ParseState *ps, const Node *target)
{
    if (target->kind == NODE_TUPLE) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            if (!check_target(ps, target->tuple.elts.items[i]))
                return false;
        return true;
    }
    const char *what = unassignable(target);
    if (what)
        diag_error(ps->diag, target->span, "cannot assign to %s", what);
    return !what;
}

Node *parse_assign(ParseState *ps, NodeList targets, Node *value)
{
    for (int i = 0; i < targets.count; i++)
        check_target(ps, targets.items[i]);
    return ast_assign(ps->arena, targets, value);
}

/* target op= value: one name, attribute or subscript */
Node *parse_aug_assign(ParseState *ps, Node *target, BinOpKind op, Node *value)
{
    const char *what = target->kind == NODE_TUPLE ? "tuple" : unassignable(target);
    if (what)
        diag_error(ps->diag, target->span, "'%s' is an illegal expression for augmented assignment",
                   what);
    return ast_aug_assign(ps->arena, op, target, value);
}

Node *parse_for(ParseState *ps, Token kw, Node *target, Node *iter,
                NodeList body, NodeList else_body)
{
    check_target(ps, target);
    return ast_for(ps->arena, kw.span, target, iter, body, else_body);
}
