/* The parse driver: pulls tokens from the lexer and pushes them into the
 * lemon parser (grammar.y), deciding Python's soft keywords on the way, and
 * reports syntax errors and resynchronises after them. The grammar's actions
 * are in parse_helpers.c; the checks Python makes after its grammar, in
 * syntax_check.c. Output: the tree of ast.h.
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

enum { TOKEN_KINDS = TOK_EXPRESSION_MODE + 1 };

/* ======================= the token stream ======================= */

/* A token straight from the lexer. A lexer error makes the parser quiet
 * until the next line: its complaints there would echo the lexer's. */
static Token lex_token(ParseState *ps)
{
    int errors = ps->diag->errors;
    Token token = lex_next(ps->lexer);
    if (ps->diag->errors > errors)
        ps->quiet = true;
    return token;
}

/* The i-th token after the current one, read ahead into the queue. */
static Token queued_at(ParseState *ps, int i)
{
    while (ps->queued <= i) {
        if (ps->queue_head + ps->queued == ps->queue_capacity) {
            int capacity = ps->queue_capacity ? ps->queue_capacity * 2 : 16;
            Token *grown = ARENA_ARRAY(ps->arena, Token, capacity);
            if (ps->queued)
                memcpy(grown, ps->queue + ps->queue_head, sizeof(Token) * (size_t)ps->queued);
            ps->queue = grown;
            ps->queue_head = 0;
            ps->queue_capacity = capacity;
        }
        ps->queue[ps->queue_head + ps->queued++] = lex_token(ps);
    }
    return ps->queue[ps->queue_head + i];
}

static bool is_layout(int kind)
{
    return kind == TOK_NEWLINE || kind == TOK_INDENT || kind == TOK_DEDENT;
}

/* `match subject:` is a statement when its line ends with the colon; any
 * other line that starts with the name `match` uses it as a name. */
static bool starts_match_statement(ParseState *ps)
{
    int i = 0;
    while (!is_layout(queued_at(ps, i).kind) && queued_at(ps, i).kind != 0)
        i++;
    return i >= 2 && queued_at(ps, i).kind == TOK_NEWLINE && queued_at(ps, i - 1).kind == TOK_COLON;
}

/* Python's soft keywords, at the start of a line: `match` and `type` where
 * the rest of the line makes them statements, `case` where a case block
 * may begin. */
static int soft_keyword(ParseState *ps, Token name)
{
    Str text = parse_token_text(name);
    if (str_eq_cstr(text, "case"))
        return parse_grammar_accepts(ps->grammar, TOK_CASE) ? TOK_CASE : TOK_NAME;
    if (str_eq_cstr(text, "type"))
        return queued_at(ps, 0).kind == TOK_NAME ? TOK_TYPE : TOK_NAME;
    if (str_eq_cstr(text, "match"))
        return starts_match_statement(ps) ? TOK_MATCH : TOK_NAME;
    return TOK_NAME;
}

/* The next token in order, from the queue or the lexer; `*first` tells
 * whether it begins a line. */
static Token take_token(ParseState *ps, bool *first)
{
    Token token;
    if (ps->queued) {
        token = ps->queue[ps->queue_head++];
        if (--ps->queued == 0)
            ps->queue_head = 0;
    } else {
        token = lex_token(ps);
    }
    bool layout = is_layout(token.kind);
    *first = ps->at_line_start && !layout;
    if (*first)
        ps->line_first = token.kind;
    ps->at_line_start = layout;
    return token;
}

/* The next token for the grammar: the one peeked at, or a new one. A soft
 * keyword is decided now, against the grammar's state of this moment. */
static Token next_token(ParseState *ps)
{
    bool first;
    Token token;
    if (ps->has_ahead) {
        ps->has_ahead = false;
        token = ps->ahead;
        first = ps->ahead_first;
    } else {
        token = take_token(ps, &first);
    }
    if (first && token.kind == TOK_NAME) {
        token.kind = soft_keyword(ps, token);
        ps->line_first = token.kind;
    }
    return token;
}

static Token peek_token(ParseState *ps)
{
    if (!ps->has_ahead) {
        ps->ahead = take_token(ps, &ps->ahead_first);
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

static bool starts_expression(int kind)
{
    switch (kind) {
    case TOK_NAME: case TOK_INT: case TOK_FLOAT: case TOK_IMAG: case TOK_STRING: case TOK_TRUE:
    case TOK_FALSE: case TOK_NONE: case TOK_ELLIPSIS: case TOK_LPAREN: case TOK_LBRACKET:
    case TOK_LBRACE: case TOK_MINUS: case TOK_PLUS: case TOK_TILDE: case TOK_NOT:
    case TOK_LAMBDA: case TOK_AWAIT: case TOK_STAR: case TOK_YIELD:
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
    case TOK_COMMA: case TOK_EQUAL: case TOK_ARROW: case TOK_WALRUS: case TOK_AS:
    case TOK_ASYNC:
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

/* Whether every expected token is one of kinds[0..count). */
static bool expects_only(const Expected *expected, const int *kinds, int count)
{
    for (int kind = 0; kind < TOKEN_KINDS; kind++) {
        bool listed = false;
        for (int i = 0; i < count; i++)
            listed |= kinds[i] == kind;
        if (expected->kinds[kind] && !listed)
            return false;
    }
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
    static const int headers[] = {
        TOK_IF, TOK_ELIF, TOK_ELSE, TOK_WHILE, TOK_FOR, TOK_DEF, TOK_CLASS, TOK_WITH, TOK_TRY,
        TOK_EXCEPT, TOK_FINALLY, TOK_MATCH, TOK_CASE,
    };
    Token header;
    Span at = span_point(token.span);
    if (!parse_grammar_find(ps->grammar, headers, (int)(sizeof headers / sizeof headers[0]), &header))
        say(error, at, "expected an indented block");
    else if (header.kind == TOK_DEF || header.kind == TOK_CLASS)
        say(error, at, "expected an indented block after %s definition on line %d",
            header.kind == TOK_DEF ? "function" : "class", line_of(header.span));
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

static const int after_decorator[] = {TOK_AT, TOK_DEF, TOK_ASYNC, TOK_CLASS};
/* after `def f`: the parameters, or type parameters (f[T]), which are rare */
static const int after_def_name[] = {TOK_LPAREN, TOK_LBRACKET};

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
    } else if (expects_only(&expected, after_def_name, 2)) {
        describe_expected(ps, token, TOK_LPAREN, error);
    } else if (expects_only(&expected, after_decorator, 4)) {
        say(error, token.span, "expected 'def' or 'class' after a decorator");
        error->restart = true;
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
    if (token.kind == TOK_INDENT)
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
    case TOK_TRY: case TOK_WITH: case TOK_CLASS: case TOK_ASYNC: case TOK_MATCH: case TOK_CASE:
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
    parse_check_module(&ps, ps.module);
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

