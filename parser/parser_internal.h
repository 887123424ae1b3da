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
    Token ahead;              /* one token peeked at, when has_ahead */
    bool has_ahead;
    bool ahead_first;         /* it begins a line */
    Token *queue;             /* tokens read ahead after it, oldest first: the
                                 soft keywords look at the rest of a line */
    int queued, queue_head, queue_capacity;
    bool quiet;               /* the lexer reported an error on this line */
    bool failed;              /* lemon gave up: no more tokens are fed */
    bool overflow;            /* lemon's stack overflowed (%stack_overflow) */
    int line_first;           /* the kind of the current line's first token */
    bool at_line_start;
} ParseState;

/* The arguments between a call's parentheses, sorted as they are parsed. */
typedef struct CallArgs {
    NodeList args;            /* positional and *args (Starred) */
    NodeList keywords;        /* KEYWORD nodes, **kwargs without a name */
} CallArgs;

/* A dotted module name: "numba.cuda", where it was written, and for a
 * relative import the number of leading dots. */
typedef struct Dotted {
    Str name;
    Span span;
    int level;
} Dotted;

/* The dots of a relative import: `...` is one token of three. */
typedef struct Dots {
    Span span;
    int count;
} Dots;

/* Comma-separated items inside brackets, and whether a comma ended them
 * (`(x)` is x, `(x,)` a tuple). */
typedef struct ItemList {
    NodeList items;
    bool trailing_comma;
} ItemList;

/* The text of a token, a view into its source. */
static inline Str parse_token_text(Token token)
{
    return (Str){token.span.src->text + token.span.begin,
                 (int)(token.span.end - token.span.begin)};
}

/* Helpers for actions (parse_helpers.c), in the order of the grammar. */
void parse_module_add(ParseState *ps, NodeList statements);
Node *parse_depth_checked(ParseState *ps, Node *node);
/* A top-level statement of too many statements is reported and left out
 * (NULL); parse_limits.c. */
Node *parse_size_checked(ParseState *ps, Node *node);
Dotted parse_dotted(ParseState *ps, const Dotted *prefix, Token name);
Dotted parse_relative_module(Dots dots, const Dotted *name);
NodeList parse_import_from(ParseState *ps, Dotted module, NodeList names);
Node *parse_decorate(ParseState *ps, NodeList decorators, Node *def);
Node *parse_funcdef(ParseState *ps, Token kw, Token name, NodeList type_params, NodeList params,
                    Node *returns, NodeList body, bool is_async);
Node *parse_classdef(ParseState *ps, Token kw, Token name, NodeList type_params, CallArgs args,
                     NodeList body);
/* `*args`, `**kwargs` (name given), or the markers `*` and `/` (no name),
 * as a Param of that kind; parse_params (called by parse_funcdef and
 * parse_lambda) resolves the markers. */
Node *parse_param_marker(ParseState *ps, Token star, const Token *name, Node *annotation,
                         ParamKind kind);
Node *parse_for(ParseState *ps, Token kw, Node *target, Node *iter, NodeList body,
                NodeList else_body, bool is_async);
Node *parse_with(ParseState *ps, Token kw, NodeList items, NodeList body, bool is_async);
Node *parse_try(ParseState *ps, Token kw, NodeList body, NodeList handlers, NodeList else_body,
                NodeList finally_body);
Node *parse_except_star(ParseState *ps, Node *handler);
ItemList parse_items_of(ParseState *ps, Node *item, bool trailing_comma);
Node *parse_pattern_seq(ParseState *ps, ItemList items, bool bracketed);
Node *parse_mapping_key(ParseState *ps, Node *key, Node *value);
Node *parse_statement_value(ParseState *ps, Node *value);
Node *parse_assign(ParseState *ps, NodeList targets, Node *value);
Node *parse_aug_assign(ParseState *ps, Node *target, BinOpKind op, Node *value);
Node *parse_ann_assign(ParseState *ps, Node *target, Node *annotation, Node *value);
Node *parse_delete(ParseState *ps, Token kw, Node *targets);
Node *parse_lambda(ParseState *ps, Token kw, NodeList params, Node *body);
Node *parse_call(ParseState *ps, Node *func, CallArgs args, Token close);
void parse_arg_push(ParseState *ps, CallArgs *args, Node *arg);
Node *parse_slice(ParseState *ps, Node *lower, Token colon, Node *upper,
                  const Token *colon2, Node *step);
Node *parse_int(ParseState *ps, Token token);
Node *parse_float(ParseState *ps, Token token);
Node *parse_imag(ParseState *ps, Token token);
Node *parse_paren_items(ParseState *ps, ItemList items);
Node *parse_parens(Token open, Node *inner, Token close);
Node *parse_string(ParseState *ps, Token token);
Node *parse_string_concat(ParseState *ps, Node *strings, Token token);
Node *parse_display(ParseState *ps, NodeKind kind, Token open, Node *inner, Token close);
Node *parse_comprehension(ParseState *ps, ComprehensionKind kind, Span span, const Token *open,
                          Node *elt, Node *value, NodeList generators, const Token *close);
Node *parse_async_comp_for(Node *comp_for);

/* f-strings (parse_fstring.c): the JoinedStr of an f-string token. */
Node *parse_fstring(ParseState *ps, Token token);

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

/* The rules of Python that its grammar does not state (syntax_check.c):
 * return and yield outside a function, break outside a loop, ... */
void parse_check_module(ParseState *ps, Node *module);

#endif
