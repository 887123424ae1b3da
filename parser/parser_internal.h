/* What the grammar's actions (grammar.y, compiled into the generated
 * grammar.c) and the parse driver (parser.c) share: the parse state, the
 * value types of nonterminals that are not a Node *, the helpers actions call
 * for what needs the source or reports errors, and the entry points of the
 * lemon-generated parser. Private to parser/. */
#ifndef PYKC_PARSER_INTERNAL_H
#define PYKC_PARSER_INTERNAL_H

#include <stdbool.h>

#include "../lexer/lexer.h"
#include "ast.h"

/* One parse: lemon's %extra_context, so every action sees it as `ps`. */
typedef struct ParseState {
    Arena *arena;
    Diag *diag;
    Lexer *lexer;
    void *grammar;            /* the lemon parser (parse_grammar_new) */
    Node *module;             /* top-level statements are added as they reduce */
    Node *expression;         /* parse_expression's result */
    Token prev;               /* the last token given to the grammar */
    Token ahead;              /* one token of lookahead, when has_ahead */
    bool has_ahead;
    bool quiet;               /* the lexer reported an error on this line */
    bool failed;              /* lemon gave up: no more tokens are fed */
    bool overflow;            /* lemon's stack overflowed (%stack_overflow) */
    int line_first;           /* the kind of the current line's first token */
    bool at_line_start;
} ParseState;

/* The arguments between a call's parentheses, sorted as they are parsed. */
typedef struct CallArgs {
    NodeList args;
    NodeList keywords;        /* KEYWORD nodes */
} CallArgs;

/* A dotted module name: "numba.cuda", and where it was written. */
typedef struct Dotted {
    Str name;
    Span span;
} Dotted;

/* The text of a token, a view into its source. */
static inline Str parse_token_text(Token token)
{
    return (Str){token.span.src->text + token.span.begin,
                 (int)(token.span.end - token.span.begin)};
}

/* Helpers for actions (parser.c). */
void parse_module_add(ParseState *ps, NodeList statements);
Node *parse_depth_checked(ParseState *ps, Node *node);
Node *parse_int(ParseState *ps, Token token);
Node *parse_float(ParseState *ps, Token token);
Node *parse_string(ParseState *ps, Token token);
void parse_string_concat(ParseState *ps, Node *string, Token token);
Node *parse_parens(Token open, Node *inner, Token close);
Node *parse_slice(ParseState *ps, Node *lower, Token colon, Node *upper,
                  const Token *colon2, Node *step);
Dotted parse_dotted(ParseState *ps, const Dotted *prefix, Token name);
Dotted parse_relative_import(ParseState *ps, Span dots);
NodeList parse_import_from(ParseState *ps, Dotted module, NodeList names);
void parse_param_push(ParseState *ps, NodeList *params, Node *param);
void parse_arg_push(ParseState *ps, CallArgs *args, Node *arg);
Node *parse_assign(ParseState *ps, NodeList targets, Node *value);
Node *parse_aug_assign(ParseState *ps, Node *target, BinOpKind op, Node *value);
Node *parse_for(ParseState *ps, Token kw, Node *target, Node *iter,
                NodeList body, NodeList else_body);

/* Reports `message` (a construct outside the kernel dialect, "... is not
 * supported in kernels") at `at` and returns a placeholder for it: a Name
 * with an empty id, which the rest of the parse accepts anywhere. */
Node *parse_unsupported(ParseState *ps, Span at, const char *message);
Node *parse_list_display(ParseState *ps, Token open, Node *inner, Token close);

/* The lemon parser (generated grammar.c; the parse_grammar_ helpers are in
 * grammar.y's %code block, next to the tables they read). */
void ParseGrammar(void *grammar, int kind, Token token);
void *parse_grammar_new(Arena *arena, ParseState *ps);
/* Whether `kind` would be shifted next, given the tokens fed so far: lemon's
 * own reductions simulated on a copy of the top of its stack. */
bool parse_grammar_accepts(void *grammar, int kind);
/* The innermost token on the stack whose kind is one of kinds[0..count):
 * the keyword of an unfinished statement, an unclosed bracket. */
bool parse_grammar_find(void *grammar, const int *kinds, int count, Token *found);

#endif
