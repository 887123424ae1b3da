/* How token kinds are spelled: for diagnostics (lex_token_name: "name",
 * "'('", "'class'") and in the --dump-tokens listing (lex_dump_tokens: the
 * TOK_ name without its prefix, as lexer.h describes). One table indexed by
 * the TOK_* codes of the generated grammar.h, with kind 0 for the end. */
#include "grammar.h"
#include "lexer_internal.h"

typedef struct KindName {
    const char *dump;         /* "LPAREN" */
    const char *message;      /* "'('" */
} KindName;

#define KIND(tok, message) [TOK_##tok] = {#tok, message}

static const KindName kind_names[] = {
    [0] = {"EOF", "end of file"},
    KIND(NEWLINE, "newline"),          KIND(INDENT, "indent"),
    KIND(DEDENT, "unindent"),          KIND(NAME, "name"),
    KIND(INT, "integer literal"),      KIND(FLOAT, "float literal"),
    KIND(STRING, "string literal"),    KIND(IMAG, "imaginary literal"),

    KIND(FALSE, "'False'"),            KIND(NONE, "'None'"),
    KIND(TRUE, "'True'"),              KIND(AND, "'and'"),
    KIND(AS, "'as'"),                  KIND(ASSERT, "'assert'"),
    KIND(ASYNC, "'async'"),            KIND(AWAIT, "'await'"),
    KIND(BREAK, "'break'"),            KIND(CLASS, "'class'"),
    KIND(CONTINUE, "'continue'"),      KIND(DEF, "'def'"),
    KIND(DEL, "'del'"),                KIND(ELIF, "'elif'"),
    KIND(ELSE, "'else'"),              KIND(EXCEPT, "'except'"),
    KIND(FINALLY, "'finally'"),        KIND(FOR, "'for'"),
    KIND(FROM, "'from'"),              KIND(GLOBAL, "'global'"),
    KIND(IF, "'if'"),                  KIND(IMPORT, "'import'"),
    KIND(IN, "'in'"),                  KIND(IS, "'is'"),
    KIND(LAMBDA, "'lambda'"),          KIND(NONLOCAL, "'nonlocal'"),
    KIND(NOT, "'not'"),                KIND(OR, "'or'"),
    KIND(PASS, "'pass'"),              KIND(RAISE, "'raise'"),
    KIND(RETURN, "'return'"),          KIND(TRY, "'try'"),
    KIND(WHILE, "'while'"),            KIND(WITH, "'with'"),
    KIND(YIELD, "'yield'"),
    KIND(MATCH, "'match'"),            KIND(CASE, "'case'"),
    KIND(TYPE, "'type'"),

    KIND(PLUS, "'+'"),                 KIND(MINUS, "'-'"),
    KIND(STAR, "'*'"),                 KIND(SLASH, "'/'"),
    KIND(DSLASH, "'//'"),              KIND(PERCENT, "'%'"),
    KIND(DSTAR, "'**'"),               KIND(AT, "'@'"),
    KIND(LSHIFT, "'<<'"),              KIND(RSHIFT, "'>>'"),
    KIND(AMP, "'&'"),                  KIND(PIPE, "'|'"),
    KIND(CARET, "'^'"),                KIND(TILDE, "'~'"),
    KIND(LT, "'<'"),                   KIND(GT, "'>'"),
    KIND(LE, "'<='"),                  KIND(GE, "'>='"),
    KIND(EQEQ, "'=='"),                KIND(NE, "'!='"),
    KIND(LPAREN, "'('"),               KIND(RPAREN, "')'"),
    KIND(LBRACKET, "'['"),             KIND(RBRACKET, "']'"),
    KIND(LBRACE, "'{'"),               KIND(RBRACE, "'}'"),
    KIND(COMMA, "','"),                KIND(COLON, "':'"),
    KIND(DOT, "'.'"),                  KIND(SEMI, "';'"),
    KIND(EQUAL, "'='"),                KIND(ARROW, "'->'"),
    KIND(WALRUS, "':='"),              KIND(ELLIPSIS, "'...'"),
    KIND(BANG, "'!'"),

    KIND(PLUSEQ, "'+='"),              KIND(MINUSEQ, "'-='"),
    KIND(STAREQ, "'*='"),              KIND(SLASHEQ, "'/='"),
    KIND(DSLASHEQ, "'//='"),           KIND(PERCENTEQ, "'%='"),
    KIND(DSTAREQ, "'**='"),            KIND(ATEQ, "'@='"),
    KIND(AMPEQ, "'&='"),               KIND(PIPEEQ, "'|='"),
    KIND(CARETEQ, "'^='"),             KIND(LSHIFTEQ, "'<<='"),
    KIND(RSHIFTEQ, "'>>='"),

    KIND(EXPRESSION_MODE, "start of expression"),
};

enum { KIND_COUNT = sizeof kind_names / sizeof kind_names[0] };

/* A kind the table lacks (a token added to grammar.y and not here yet). */
static const KindName unknown_kind = {"UNKNOWN", "token"};

static const KindName *kind_name(int kind)
{
    if (kind < 0 || kind >= KIND_COUNT || !kind_names[kind].dump)
        return &unknown_kind;
    return &kind_names[kind];
}

const char *lex_token_name(int kind)
{
    return kind_name(kind)->message;
}

static bool has_text(int kind)
{
    return kind != 0 && kind != TOK_NEWLINE && kind != TOK_INDENT && kind != TOK_DEDENT;
}

/* The token as written, on one line: control characters as C escapes. */
static void dump_text(FILE *out, const Source *src, Span span)
{
    fputs(" '", out);
    for (uint32_t i = span.begin; i < span.end; i++) {
        unsigned char c = (unsigned char)src->text[i];
        if (c == '\n')
            fputs("\\n", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('\'', out);
}

void lex_dump_tokens(FILE *out, Arena *arena, Diag *diag, const Source *src)
{
    Lexer *lexer = lex_new(arena, diag, src, LEX_MODULE);
    for (;;) {
        Token token = lex_next(lexer);
        SourceLoc loc = source_locate(src, token.span.begin);
        fprintf(out, "%d:%d %s", loc.line, loc.col, kind_name(token.kind)->dump);
        if (has_text(token.kind))
            dump_text(out, src, token.span);
        fputc('\n', out);
        if (token.kind == TOK_STRING)
            lex_string_value(arena, diag, token);
        if (token.kind == 0)
            return;
    }
}
