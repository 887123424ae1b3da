/* The layout filter: the raw tokens of the scanner (lexer_internal.h) in,
 * the parser's token stream (lexer.h) out. At the first token of each
 * logical line it compares the line's indentation with the stack of open
 * blocks and emits INDENT or DEDENTs; the newline that ends a line with
 * tokens becomes NEWLINE, other newlines (blank and comment-only lines,
 * inside brackets) are dropped. A stack of open brackets finds mismatches.
 * At the end: the last line's NEWLINE, a DEDENT per open block, then 0.
 * In LEX_EXPRESSION mode only the bracket checks remain. */
#include "grammar.h"
#include "lexer_internal.h"

/* Python's limits: MAXINDENT and MAXLEVEL in CPython's tokenizer. */
enum { MAX_INDENT_LEVELS = 100, MAX_BRACKET_DEPTH = 200, TAB_SIZE = 8 };

/* A line's indentation measured twice: tabs to the next multiple of 8, and
 * tabs as one column. Where the two order lines differently, the meaning of
 * the code depends on the tab size: Python's "inconsistent use of tabs". */
typedef struct Indent {
    int col, alt_col;
} Indent;

struct Lexer {
    Scanner scanner;
    Diag *diag;
    LexMode mode;
    Indent indents[MAX_INDENT_LEVELS];  /* open blocks; indents[0] is column 0 */
    int indent_count;
    Token brackets[MAX_BRACKET_DEPTH];  /* open brackets, innermost last */
    int bracket_count;
    int brackets_untracked;             /* opened past MAX_BRACKET_DEPTH */
    uint32_t line_begin;                /* offset of the current line's first byte */
    bool line_has_tokens;               /* the logical line has begun */
    bool pending_indent;
    int pending_dedents;
    bool has_held;
    Token held;                         /* the token the INDENT/DEDENTs precede */
    bool started, ended;                /* LEX_EXPRESSION: its first and last token */
};

Lexer *lex_new(Arena *arena, Diag *diag, const Source *src, LexMode mode)
{
    Lexer *lexer = ARENA_NEW(arena, Lexer);
    lex_scanner_init(&lexer->scanner, src, diag);
    lexer->diag = diag;
    lexer->mode = mode;
    lexer->indent_count = 1;
    lexer->line_begin = (uint32_t)(lexer->scanner.cursor - src->text);  /* after a BOM */
    return lexer;
}

/* INDENT, DEDENT, and the NEWLINEs made at the end: no text, at `offset`. */
static Token layout_token(const Lexer *lexer, int kind, uint32_t offset)
{
    return (Token){kind, span_make(lexer->scanner.src, offset, offset)};
}

static char bracket_char(const Lexer *lexer, Token bracket)
{
    return lexer->scanner.src->text[bracket.span.begin];
}

static int closer_of(int open_kind)
{
    return open_kind == TOK_LPAREN ? TOK_RPAREN : open_kind == TOK_LBRACKET ? TOK_RBRACKET : TOK_RBRACE;
}

static void open_bracket(Lexer *lexer, Token open)
{
    if (lexer->bracket_count < MAX_BRACKET_DEPTH) {
        lexer->brackets[lexer->bracket_count++] = open;
        return;
    }
    if (lexer->brackets_untracked++ == 0)
        diag_error(lexer->diag, open.span, "too many nested parentheses");
}

/* Python's wording, which names the opener's line when it is another one. */
static void report_mismatch(const Lexer *lexer, Token open, Token close)
{
    SourceLoc open_at = source_locate(open.span.src, open.span.begin);
    SourceLoc close_at = source_locate(close.span.src, close.span.begin);
    if (open_at.line == close_at.line)
        diag_error(lexer->diag, close.span,
                   "closing parenthesis '%c' does not match opening parenthesis '%c'",
                   bracket_char(lexer, close), bracket_char(lexer, open));
    else
        diag_error(lexer->diag, close.span,
                   "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                   bracket_char(lexer, close), bracket_char(lexer, open), open_at.line);
}

/* ')' ']' '}': with none open the closer is reported and dropped (false).
 * A mismatch is reported against the innermost bracket; the closer then
 * closes the nearest bracket of its kind and all inside it, so "(a, [b)"
 * makes one error, or just the innermost if no bracket is of its kind. */
static bool close_bracket(Lexer *lexer, Token close)
{
    if (lexer->brackets_untracked > 0) {
        lexer->brackets_untracked--;
        return true;
    }
    if (lexer->bracket_count == 0) {
        diag_error(lexer->diag, close.span, "unmatched '%c'", bracket_char(lexer, close));
        return false;
    }
    Token open = lexer->brackets[lexer->bracket_count - 1];
    if (close.kind == closer_of(open.kind)) {
        lexer->bracket_count--;
        return true;
    }
    report_mismatch(lexer, open, close);
    int match = lexer->bracket_count - 1;
    while (match >= 0 && closer_of(lexer->brackets[match].kind) != close.kind)
        match--;
    lexer->bracket_count = match >= 0 ? match : lexer->bracket_count - 1;
    return true;
}

/* Keeps the bracket stack; false when the token is to be dropped. */
static bool track_bracket(Lexer *lexer, Token token)
{
    switch (token.kind) {
    case TOK_LPAREN: case TOK_LBRACKET: case TOK_LBRACE:
        open_bracket(lexer, token);
        return true;
    case TOK_RPAREN: case TOK_RBRACKET: case TOK_RBRACE:
        return close_bracket(lexer, token);
    default:
        return true;
    }
}

/* At the end of input: Python reports the innermost bracket left open. */
static void report_unclosed(Lexer *lexer)
{
    if (lexer->bracket_count > 0) {
        Token open = lexer->brackets[lexer->bracket_count - 1];
        diag_error(lexer->diag, open.span, "'%c' was never closed", bracket_char(lexer, open));
    }
    lexer->bracket_count = 0;
    lexer->brackets_untracked = 0;
}

/* The spaces, tabs and form feeds (which reset the column, as in Python)
 * from the line's start to its first token. */
static Indent measure_indent(const Lexer *lexer, uint32_t first)
{
    const char *text = lexer->scanner.src->text;
    Indent indent = {0, 0};
    for (uint32_t i = lexer->line_begin; i < first; i++) {
        if (text[i] == ' ')
            indent = (Indent){indent.col + 1, indent.alt_col + 1};
        else if (text[i] == '\t')
            indent = (Indent){(indent.col / TAB_SIZE + 1) * TAB_SIZE, indent.alt_col + 1};
        else if (text[i] == '\f')
            indent = (Indent){0, 0};
        else
            break;
    }
    return indent;
}

static void report_tabs(const Lexer *lexer, Token first)
{
    diag_error(lexer->diag, span_point(first.span),
               "inconsistent use of tabs and spaces in indentation");
}

/* A line deeper than the current block opens a new one. */
static void open_block(Lexer *lexer, Indent line, Token first)
{
    if (line.alt_col <= lexer->indents[lexer->indent_count - 1].alt_col)
        report_tabs(lexer, first);
    if (lexer->indent_count == MAX_INDENT_LEVELS) {
        diag_error(lexer->diag, span_point(first.span), "too many levels of indentation");
        return;
    }
    lexer->indents[lexer->indent_count++] = line;
    lexer->pending_indent = true;
}

/* A line shallower than the current block closes blocks until one starts at
 * its column. If none does, the line is taken as part of the innermost
 * block it fails to leave, whose column becomes the line's: its next lines,
 * aligned with it, then cause no further errors. */
static void close_blocks(Lexer *lexer, Indent line, Token first)
{
    int count = lexer->indent_count;
    while (count > 1 && line.col < lexer->indents[count - 1].col)
        count--;
    if (line.col != lexer->indents[count - 1].col) {
        diag_error(lexer->diag, span_point(first.span),
                   "unindent does not match any outer indentation level");
        lexer->indents[count++] = line;
    } else if (line.alt_col != lexer->indents[count - 1].alt_col) {
        report_tabs(lexer, first);
    }
    lexer->pending_dedents = lexer->indent_count - count;
    lexer->indent_count = count;
}

/* The first token of a logical line: held back behind the INDENT or DEDENTs
 * its indentation calls for (Python's algorithm). */
static void start_line(Lexer *lexer, Token first)
{
    lexer->line_has_tokens = true;
    lexer->held = first;
    lexer->has_held = true;
    Indent line = measure_indent(lexer, first.span.begin);
    Indent block = lexer->indents[lexer->indent_count - 1];
    if (line.col > block.col)
        open_block(lexer, line, first);
    else if (line.col < block.col)
        close_blocks(lexer, line, first);
    else if (line.alt_col != block.alt_col)
        report_tabs(lexer, first);
}

/* A physical newline: NEWLINE if it ends a logical line with tokens. */
static bool end_line(Lexer *lexer, Token newline)
{
    if (lexer->bracket_count > 0 || lexer->brackets_untracked > 0)
        return false;
    lexer->line_begin = newline.span.end;
    if (!lexer->line_has_tokens)
        return false;
    lexer->line_has_tokens = false;
    return true;
}

/* End of input, one token per call: the last line's NEWLINE, a DEDENT per
 * open block, then the end itself (the scanner gives it again each call). */
static Token at_end(Lexer *lexer, Token end)
{
    report_unclosed(lexer);
    if (lexer->line_has_tokens) {
        lexer->line_has_tokens = false;
        return layout_token(lexer, TOK_NEWLINE, end.span.begin);
    }
    if (lexer->indent_count > 1) {
        lexer->indent_count--;
        return layout_token(lexer, TOK_DEDENT, end.span.begin);
    }
    return end;
}

/* LEX_EXPRESSION: TOK_EXPRESSION_MODE, the tokens with newlines dropped, one
 * NEWLINE at the end, then 0. */
static Token next_in_expression(Lexer *lexer)
{
    if (!lexer->started) {
        lexer->started = true;
        return layout_token(lexer, TOK_EXPRESSION_MODE, 0);
    }
    for (;;) {
        Token token = lex_scan(&lexer->scanner);
        if (token.kind == TOK_NEWLINE || !track_bracket(lexer, token))
            continue;
        if (token.kind != 0 || lexer->ended)
            return token;
        report_unclosed(lexer);
        lexer->ended = true;
        return layout_token(lexer, TOK_NEWLINE, token.span.begin);
    }
}

Token lex_next(Lexer *lexer)
{
    if (lexer->mode == LEX_EXPRESSION)
        return next_in_expression(lexer);
    for (;;) {
        if (lexer->pending_indent) {
            lexer->pending_indent = false;
            return layout_token(lexer, TOK_INDENT, lexer->held.span.begin);
        }
        if (lexer->pending_dedents > 0) {
            lexer->pending_dedents--;
            return layout_token(lexer, TOK_DEDENT, lexer->held.span.begin);
        }
        if (lexer->has_held) {
            lexer->has_held = false;
            return lexer->held;
        }
        Token token = lex_scan(&lexer->scanner);
        if (token.kind == 0)
            return at_end(lexer, token);
        if (token.kind == TOK_NEWLINE) {
            if (end_line(lexer, token))
                return token;
        } else if (track_bracket(lexer, token)) {
            if (!lexer->line_has_tokens)
                start_line(lexer, token);
            else
                return token;
        }
    }
}
