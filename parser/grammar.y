/* pykc's grammar: all of Python 3.12, for lemon.
 *
 * The token list below is the contract with the lexer (lexer/lexer.re), which
 * includes the generated grammar.h for the TOK_* codes. Keep its order: the
 * codes are assigned in it.
 *
 * Every module parses, host code and all: kernels live in real files beside
 * argparse, plotting and `if __name__ == "__main__":`. Sema then checks only
 * what kernels reach, and reports the constructs kernels cannot use (class,
 * try, with, comprehensions, ...) by name where a kernel uses them.
 *
 * The parse driver (parser.c) feeds the lexer's tokens in and reports syntax
 * errors itself, before lemon sees the offending token; lemon's `error`
 * symbol then only resynchronises at the statement that contains it. The
 * driver also turns the soft keywords `match`, `case` and `type` into
 * keyword tokens where Python reads them so. Each action is one constructor
 * call (ast.c, or parse_helpers.c where it needs the source or a check).
 * Rules that Python states outside its grammar (what may be assigned to,
 * where `*x` and `x := y` may stand, `return` outside a function) are
 * checked after the parse (syntax_check.c) and in the helpers. */

%token_prefix TOK_
%name ParseGrammar

/* layout and literals */
%token NEWLINE INDENT DEDENT NAME INT FLOAT STRING IMAG.
/* every Python keyword */
%token FALSE NONE TRUE AND AS ASSERT ASYNC AWAIT BREAK CLASS CONTINUE DEF DEL
       ELIF ELSE EXCEPT FINALLY FOR FROM GLOBAL IF IMPORT IN IS LAMBDA NONLOCAL
       NOT OR PASS RAISE RETURN TRY WHILE WITH YIELD.
/* soft keywords: names the driver turns into keywords where Python does */
%token MATCH CASE TYPE.
/* operators and delimiters */
%token PLUS MINUS STAR SLASH DSLASH PERCENT DSTAR AT LSHIFT RSHIFT AMP PIPE
       CARET TILDE LT GT LE GE EQEQ NE LPAREN RPAREN LBRACKET RBRACKET LBRACE
       RBRACE COMMA COLON DOT SEMI EQUAL ARROW WALRUS ELLIPSIS BANG.
/* augmented assignment */
%token PLUSEQ MINUSEQ STAREQ SLASHEQ DSLASHEQ PERCENTEQ DSTAREQ ATEQ AMPEQ
       PIPEEQ CARETEQ LSHIFTEQ RSHIFTEQ.
/* first token of a stand-alone expression (parse_expression) */
%token EXPRESSION_MODE.

%include {
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "parser_internal.h"
}

%token_type {Token}
%default_type {Node *}
%extra_context {ParseState *ps}
%start_symbol start
/* About 250 levels of nested brackets or blocks; deeper input is reported
 * by the driver, which then stops (Python's own limit is 200 brackets). */
%stack_size 1000

/* The driver has reported the error already (parser.c). */
%syntax_error { (void)yymajor; }
%parse_failure { ps->failed = true; }
%stack_overflow { ps->overflow = true; }

/* Python's precedence for the arithmetic and bitwise operators, loosest
 * first. `**` binds tighter than a unary operator on its left and looser than
 * one on its right: -x**2 is -(x**2) and 2**-1 is valid. The levels above
 * these (lambda, conditional expression, or, and, not, comparisons) are
 * separate nonterminals, because their operands are restricted: `a + not b`
 * is an error and `a < b < c` is one chain while `(a < b) < c` is not. */
%left PIPE.
%left CARET.
%left AMP.
%left LSHIFT RSHIFT.
%left PLUS MINUS.
%left STAR SLASH DSLASH PERCENT AT.
%right TILDE.   /* every unary operator: the rules say [TILDE] */
%right DSTAR.

/* ======================= module ======================= */

start ::= module.
start ::= EXPRESSION_MODE exprs(E) NEWLINE.     { ps->expression = parse_depth_checked(ps, E); }

/* Top-level statements go into the module as they are reduced, so a parse
 * that fails at the end of the input keeps what came before. */
module ::= .
module ::= module statement(S).                 { parse_module_add(ps, S); }

%type stmt_list {NodeList}
stmt_list(A) ::= statement(A).
stmt_list(A) ::= stmt_list(A) statement(S).     { ast_list_append(ps->arena, &A, S); }

/* A statement is a list: `a = 1; b = 2` and `import a, b` make several
 * nodes. `error NEWLINE` is where the driver resynchronises. */
%type statement {NodeList}
statement(A) ::= simple_stmts(A).
statement(A) ::= compound_stmt(S).              { A = ast_list_of(ps->arena, S); }
statement(A) ::= error NEWLINE.                 { A = (NodeList){0}; }

%type simple_stmts {NodeList}
simple_stmts(A) ::= small_stmts(A) NEWLINE.
simple_stmts(A) ::= small_stmts(A) SEMI NEWLINE.

%type small_stmts {NodeList}
small_stmts(A) ::= small_stmt(S).               { A = ast_list_of(ps->arena, S); }
small_stmts(A) ::= import_stmt(A).
small_stmts(A) ::= small_stmts(A) SEMI small_stmt(S).  { ast_list_push(ps->arena, &A, S); }
small_stmts(A) ::= small_stmts(A) SEMI import_stmt(L). { ast_list_append(ps->arena, &A, L); }

/* ======================= imports ======================= */

/* import a.b [as c], ...: one Import per name, spanning `a.b as c` */
%type import_stmt {NodeList}
import_stmt(A) ::= IMPORT dotted_as_names(L).   { A = L; }
import_stmt(A) ::= FROM from_module(M) IMPORT import_targets(L).  { A = parse_import_from(ps, M, L); }

%type dotted_as_names {NodeList}
dotted_as_names(A) ::= dotted_as_name(N).       { A = ast_list_of(ps->arena, N); }
dotted_as_names(A) ::= dotted_as_names(A) COMMA dotted_as_name(N).  { ast_list_push(ps->arena, &A, N); }

dotted_as_name(A) ::= dotted_name(D).           { A = ast_import(ps->arena, D.span, D.name, (Str){0}); }
dotted_as_name(A) ::= dotted_name(D) AS NAME(N).
    { A = ast_import(ps->arena, span_join(D.span, N.span), D.name, parse_token_text(N)); }

%type dotted_name {Dotted}
dotted_name(A) ::= NAME(N).                     { A = parse_dotted(ps, NULL, N); }
dotted_name(A) ::= dotted_name(D) DOT NAME(N).  { A = parse_dotted(ps, &D, N); }

/* from .m import x, from . import x: the dots are the import's level */
%type from_module {Dotted}
from_module(A) ::= dotted_name(A).
from_module(A) ::= dots(D).                     { A = parse_relative_module(D, NULL); }
from_module(A) ::= dots(D) dotted_name(N).      { A = parse_relative_module(D, &N); }

%type dots {Dots}
dots(A) ::= DOT(D).                             { A = (Dots){D.span, 1}; }
dots(A) ::= ELLIPSIS(D).                        { A = (Dots){D.span, 3}; }
dots(A) ::= dots(B) DOT(D).                     { A = (Dots){span_join(B.span, D.span), B.count + 1}; }
dots(A) ::= dots(B) ELLIPSIS(D).                { A = (Dots){span_join(B.span, D.span), B.count + 3}; }

/* The names after `import`; ImportFrom nodes get their module in
 * parse_import_from. */
%type import_targets {NodeList}
import_targets(A) ::= import_names(A).
import_targets(A) ::= LPAREN import_names(L) RPAREN.        { A = L; }
import_targets(A) ::= LPAREN import_names(L) COMMA RPAREN.  { A = L; }
import_targets(A) ::= STAR(S).
    { A = ast_list_of(ps->arena, ast_import_from(ps->arena, S.span, (Str){0}, parse_token_text(S), (Str){0})); }

%type import_names {NodeList}
import_names(A) ::= import_name(N).             { A = ast_list_of(ps->arena, N); }
import_names(A) ::= import_names(A) COMMA import_name(N).  { ast_list_push(ps->arena, &A, N); }

import_name(A) ::= NAME(N).
    { A = ast_import_from(ps->arena, N.span, (Str){0}, parse_token_text(N), (Str){0}); }
import_name(A) ::= NAME(N) AS NAME(X).
    { A = ast_import_from(ps->arena, span_join(N.span, X.span), (Str){0}, parse_token_text(N), parse_token_text(X)); }

/* ======================= functions and classes ======================= */

compound_stmt(A) ::= funcdef(A).
compound_stmt(A) ::= decorators(D) funcdef(F).  { A = parse_decorate(ps, D, F); }
compound_stmt(A) ::= classdef(A).
compound_stmt(A) ::= decorators(D) classdef(C). { A = parse_decorate(ps, D, C); }

%type decorators {NodeList}
decorators(A) ::= AT nexpr(E) NEWLINE.          { A = ast_list_of(ps->arena, E); }
decorators(A) ::= decorators(A) AT nexpr(E) NEWLINE.  { ast_list_push(ps->arena, &A, E); }

funcdef(A) ::= DEF(K) NAME(N) type_params(T) LPAREN params(P) RPAREN returns(R) COLON block(B).
    { A = parse_funcdef(ps, K, N, T, P, R, B, false); }
funcdef(A) ::= ASYNC(K) DEF NAME(N) type_params(T) LPAREN params(P) RPAREN returns(R) COLON block(B).
    { A = parse_funcdef(ps, K, N, T, P, R, B, true); }

classdef(A) ::= CLASS(K) NAME(N) type_params(T) class_args(X) COLON block(B).
    { A = parse_classdef(ps, K, N, T, X, B); }

%type class_args {CallArgs}
class_args(A) ::= .                             { A = (CallArgs){{0}, {0}}; }
class_args(A) ::= LPAREN call_args(X) RPAREN.    { A = X; }

/* def f[T, *Ts, **P](...), class C[T: int]: (PEP 695) */
%type type_params {NodeList}
type_params(A) ::= .                            { A = (NodeList){0}; }
type_params(A) ::= LBRACKET type_param_list(L) RBRACKET.  { A = L; }
type_params(A) ::= LBRACKET type_param_list(L) COMMA RBRACKET.  { A = L; }

%type type_param_list {NodeList}
type_param_list(A) ::= type_param(P).           { A = ast_list_of(ps->arena, P); }
type_param_list(A) ::= type_param_list(A) COMMA type_param(P).  { ast_list_push(ps->arena, &A, P); }

type_param(A) ::= NAME(N).                      { A = ast_type_param(ps->arena, N.span, parse_token_text(N), NULL, 0); }
type_param(A) ::= NAME(N) COLON expr(B).        { A = ast_type_param(ps->arena, N.span, parse_token_text(N), B, 0); }
type_param(A) ::= STAR(S) NAME(N).              { A = ast_type_param(ps->arena, span_join(S.span, N.span), parse_token_text(N), NULL, 1); }
type_param(A) ::= DSTAR(S) NAME(N).             { A = ast_type_param(ps->arena, span_join(S.span, N.span), parse_token_text(N), NULL, 2); }

/* Parameters as written: the markers '/' and '*' stay in the list until
 * parse_params sorts the kinds out and checks their order. */
%type params {NodeList}
params(A) ::= .                                 { A = (NodeList){0}; }
params(A) ::= param_list(A).
params(A) ::= param_list(A) COMMA.

%type param_list {NodeList}
param_list(A) ::= param(P).                     { A = ast_list_of(ps->arena, P); }
param_list(A) ::= param_list(A) COMMA param(P). { ast_list_push(ps->arena, &A, P); }

param(A) ::= NAME(N) annotation(T) param_default(D).  { A = ast_param(ps->arena, N.span, parse_token_text(N), T, D); }
param(A) ::= STAR(S) NAME(N) star_annotation(T).  { A = parse_param_marker(ps, S, &N, T, PARAM_VARARGS); }
param(A) ::= DSTAR(S) NAME(N) annotation(T).    { A = parse_param_marker(ps, S, &N, T, PARAM_VARKW); }
param(A) ::= STAR(S).                           { A = parse_param_marker(ps, S, NULL, NULL, PARAM_KWONLY); }
param(A) ::= SLASH(S).                          { A = parse_param_marker(ps, S, NULL, NULL, PARAM_POSONLY); }

annotation(A) ::= .                             { A = NULL; }
annotation(A) ::= COLON expr(E).                { A = E; }
star_annotation(A) ::= annotation(A).
star_annotation(A) ::= COLON STAR(S) expr(E).   { A = ast_starred(ps->arena, S.span, E); }
param_default(A) ::= .                          { A = NULL; }
param_default(A) ::= EQUAL expr(E).             { A = E; }
returns(A) ::= .                                { A = NULL; }
returns(A) ::= ARROW expr(E).                   { A = E; }

/* A block: statements on their own lines, or simple ones after the colon. */
%type block {NodeList}
block(A) ::= simple_stmts(A).
block(A) ::= NEWLINE INDENT stmt_list(L) DEDENT.  { A = L; }

/* ======================= compound statements ======================= */

compound_stmt(A) ::= IF(K) nexpr(C) COLON block(B) if_else(E).    { A = ast_if(ps->arena, K.span, C, B, E); }
compound_stmt(A) ::= WHILE(K) nexpr(C) COLON block(B) orelse(E).  { A = ast_while(ps->arena, K.span, C, B, E); }
compound_stmt(A) ::= FOR(K) for_targets(T) IN exprs(I) COLON block(B) orelse(E).
    { A = parse_for(ps, K, T, I, B, E, false); }
compound_stmt(A) ::= ASYNC(K) FOR for_targets(T) IN exprs(I) COLON block(B) orelse(E).
    { A = parse_for(ps, K, T, I, B, E, true); }
compound_stmt(A) ::= WITH(K) with_items(I) COLON block(B).        { A = parse_with(ps, K, I, B, false); }
compound_stmt(A) ::= ASYNC(K) WITH with_items(I) COLON block(B).  { A = parse_with(ps, K, I, B, true); }
compound_stmt(A) ::= TRY(K) COLON block(B) except_clauses(H) try_else(E) try_finally(F).
    { A = parse_try(ps, K, B, H, E, F); }
compound_stmt(A) ::= TRY(K) COLON block(B) FINALLY COLON block(F).
    { A = ast_try(ps->arena, K.span, B, (NodeList){0}, (NodeList){0}, F); }
compound_stmt(A) ::= MATCH(K) exprs(S) COLON NEWLINE INDENT case_blocks(C) DEDENT.
    { A = ast_match(ps->arena, K.span, S, C); }

/* elif is an If alone in the else body */
%type if_else {NodeList}
if_else(A) ::= orelse(A).
if_else(A) ::= ELIF(K) nexpr(C) COLON block(B) if_else(E).
    { A = ast_list_of(ps->arena, ast_if(ps->arena, K.span, C, B, E)); }

%type orelse {NodeList}
orelse(A) ::= .                                 { A = (NodeList){0}; }
orelse(A) ::= ELSE COLON block(B).              { A = B; }

/* for targets are primaries (names, attributes, subscripts, displays) and
 * tuples of them, starred or not, so the `in` that follows is not read as
 * an operator. */
for_targets(A) ::= target_item(A).
for_targets(A) ::= target_item(E) COMMA(C).     { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
for_targets(A) ::= target_seq(L).               { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
for_targets(A) ::= target_seq(L) COMMA(C).      { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

target_item(A) ::= primary(A).
target_item(A) ::= STAR(S) primary(P).          { A = ast_starred(ps->arena, S.span, P); }

%type target_seq {NodeList}
target_seq(A) ::= target_item(X) COMMA target_item(Y).  { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
target_seq(A) ::= target_seq(A) COMMA target_item(Y).  { ast_list_push(ps->arena, &A, Y); }

/* with a as b, c: (the parenthesised form is an atom: parse_with) */
%type with_items {NodeList}
with_items(A) ::= with_item(I).                 { A = ast_list_of(ps->arena, I); }
with_items(A) ::= with_items(A) COMMA with_item(I).  { ast_list_push(ps->arena, &A, I); }

with_item(A) ::= expr(E).                       { A = ast_with_item(ps->arena, E, NULL); }
with_item(A) ::= expr(E) AS target_item(T).     { A = ast_with_item(ps->arena, E, T); }

%type except_clauses {NodeList}
except_clauses(A) ::= except_clause(H).         { A = ast_list_of(ps->arena, H); }
except_clauses(A) ::= except_clauses(A) except_clause(H).  { ast_list_push(ps->arena, &A, H); }

except_clause(A) ::= EXCEPT(K) COLON block(B).  { A = ast_except(ps->arena, K.span, NULL, (Str){0}, B); }
except_clause(A) ::= EXCEPT(K) expr(T) COLON block(B).  { A = ast_except(ps->arena, K.span, T, (Str){0}, B); }
except_clause(A) ::= EXCEPT(K) expr(T) AS NAME(N) COLON block(B).
    { A = ast_except(ps->arena, K.span, T, parse_token_text(N), B); }
except_clause(A) ::= EXCEPT(K) STAR expr(T) COLON block(B).
    { A = parse_except_star(ps, ast_except(ps->arena, K.span, T, (Str){0}, B)); }
except_clause(A) ::= EXCEPT(K) STAR expr(T) AS NAME(N) COLON block(B).
    { A = parse_except_star(ps, ast_except(ps->arena, K.span, T, parse_token_text(N), B)); }

%type try_else {NodeList}
try_else(A) ::= .                               { A = (NodeList){0}; }
try_else(A) ::= ELSE COLON block(B).            { A = B; }
%type try_finally {NodeList}
try_finally(A) ::= .                            { A = (NodeList){0}; }
try_finally(A) ::= FINALLY COLON block(B).      { A = B; }

/* ======================= match (PEP 634) ======================= */

/* Patterns are built from expression nodes: a Name is a capture (or the
 * wildcard _), a dotted name a value, a Call a class pattern, a List or
 * Tuple a sequence, a Dict a mapping, `|` a BinOp, `p as x` a MatchAs. */
%type case_blocks {NodeList}
case_blocks(A) ::= case_block(C).               { A = ast_list_of(ps->arena, C); }
case_blocks(A) ::= case_blocks(A) case_block(C).  { ast_list_push(ps->arena, &A, C); }

case_block(A) ::= CASE(K) pattern_items(P) guard(G) COLON block(B).
    { A = ast_match_case(ps->arena, K.span, parse_pattern_seq(ps, P, false), G, B); }

guard(A) ::= .                                  { A = NULL; }
guard(A) ::= IF nexpr(E).                      { A = E; }

pattern(A) ::= or_pattern(A).
pattern(A) ::= or_pattern(P) AS NAME(N).        { A = ast_match_as(ps->arena, P, N.span, parse_token_text(N)); }

or_pattern(A) ::= closed_pattern(A).
or_pattern(A) ::= or_pattern(L) PIPE closed_pattern(R).  { A = ast_binop(ps->arena, BINOP_BITOR, L, R); }

closed_pattern(A) ::= literal_pattern(A).
closed_pattern(A) ::= pattern_dotted(A).
closed_pattern(A) ::= pattern_dotted(F) LPAREN pattern_args(X) RPAREN(R).  { A = ast_call(ps->arena, F, X.args, X.keywords, R.span); }
closed_pattern(A) ::= LPAREN(L) RPAREN(R).      { A = ast_tuple(ps->arena, span_join(L.span, R.span), (NodeList){0}); }
closed_pattern(A) ::= LPAREN(L) pattern_items(P) RPAREN(R).  { A = parse_parens(L, parse_pattern_seq(ps, P, false), R); }
closed_pattern(A) ::= LBRACKET(L) RBRACKET(R).  { A = ast_display(ps->arena, NODE_LIST, span_join(L.span, R.span), (NodeList){0}); }
closed_pattern(A) ::= LBRACKET(L) pattern_items(P) RBRACKET(R).
    { A = ast_display(ps->arena, NODE_LIST, span_join(L.span, R.span), P.items); }
closed_pattern(A) ::= LBRACE(L) RBRACE(R).      { A = ast_dict(ps->arena, span_join(L.span, R.span), (NodeList){0}); }
closed_pattern(A) ::= LBRACE(L) mapping_items(M) RBRACE(R).  { A = ast_dict(ps->arena, span_join(L.span, R.span), M); }
closed_pattern(A) ::= LBRACE(L) mapping_items(M) COMMA RBRACE(R).  { A = ast_dict(ps->arena, span_join(L.span, R.span), M); }

literal_pattern(A) ::= signed_number(A).
literal_pattern(A) ::= signed_number(L) PLUS IMAG(T).   { A = ast_binop(ps->arena, BINOP_ADD, L, parse_imag(ps, T)); }
literal_pattern(A) ::= signed_number(L) MINUS IMAG(T).  { A = ast_binop(ps->arena, BINOP_SUB, L, parse_imag(ps, T)); }
literal_pattern(A) ::= strings(A).
literal_pattern(A) ::= NONE(T).                 { A = ast_new(ps->arena, NODE_NONE, T.span); }
literal_pattern(A) ::= TRUE(T).                 { A = ast_bool(ps->arena, T.span, true); }
literal_pattern(A) ::= FALSE(T).                { A = ast_bool(ps->arena, T.span, false); }

signed_number(A) ::= number(A).
signed_number(A) ::= MINUS(K) number(X).        { A = ast_unary(ps->arena, UNARY_NEG, K.span, X); }
number(A) ::= INT(T).                           { A = parse_int(ps, T); }
number(A) ::= FLOAT(T).                         { A = parse_float(ps, T); }
number(A) ::= IMAG(T).                          { A = parse_imag(ps, T); }

pattern_dotted(A) ::= NAME(N).                  { A = ast_name(ps->arena, N.span, parse_token_text(N)); }
pattern_dotted(A) ::= pattern_dotted(V) DOT NAME(N).  { A = ast_attribute(ps->arena, V, N.span, parse_token_text(N)); }

/* a, *rest, b [,]: the items of a sequence pattern, or one pattern */
%type pattern_items {ItemList}
pattern_items(A) ::= pattern_item(P).           { A = parse_items_of(ps, P, false); }
pattern_items(A) ::= pattern_item(P) COMMA.     { A = parse_items_of(ps, P, true); }
pattern_items(A) ::= pattern_seq(L).            { A = (ItemList){L, false}; }
pattern_items(A) ::= pattern_seq(L) COMMA.      { A = (ItemList){L, true}; }

%type pattern_seq {NodeList}
pattern_seq(A) ::= pattern_item(X) COMMA pattern_item(Y).  { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
pattern_seq(A) ::= pattern_seq(A) COMMA pattern_item(Y).  { ast_list_push(ps->arena, &A, Y); }

pattern_item(A) ::= pattern(A).
pattern_item(A) ::= STAR(S) NAME(N).            { A = ast_starred(ps->arena, S.span, ast_name(ps->arena, N.span, parse_token_text(N))); }

%type mapping_items {NodeList}
mapping_items(A) ::= mapping_item(I).           { A = ast_list_of(ps->arena, I); }
mapping_items(A) ::= mapping_items(A) COMMA mapping_item(I).  { ast_list_push(ps->arena, &A, I); }

mapping_item(A) ::= literal_pattern(K) COLON pattern(V).  { A = ast_dict_item(ps->arena, span_join(K->span, V->span), K, V); }
mapping_item(A) ::= pattern_dotted(K) COLON pattern(V).   { A = parse_mapping_key(ps, K, V); }
mapping_item(A) ::= DSTAR(S) NAME(N).
    { A = ast_dict_item(ps->arena, span_join(S.span, N.span), NULL, ast_name(ps->arena, N.span, parse_token_text(N))); }

%type pattern_args {CallArgs}
pattern_args(A) ::= .                           { A = (CallArgs){{0}, {0}}; }
pattern_args(A) ::= pattern_arg_list(A).
pattern_args(A) ::= pattern_arg_list(A) COMMA.

%type pattern_arg_list {CallArgs}
pattern_arg_list(A) ::= pattern_arg(X).         { A = (CallArgs){{0}, {0}}; parse_arg_push(ps, &A, X); }
pattern_arg_list(A) ::= pattern_arg_list(A) COMMA pattern_arg(X).  { parse_arg_push(ps, &A, X); }

pattern_arg(A) ::= pattern(A).
pattern_arg(A) ::= NAME(N) EQUAL pattern(V).    { A = ast_keyword(ps->arena, N.span, parse_token_text(N), V); }

/* ======================= simple statements ======================= */

small_stmt(A) ::= exprs(E).                     { A = ast_expr_stmt(ps->arena, parse_statement_value(ps, E)); }
small_stmt(A) ::= yield_expr(E).                { A = ast_expr_stmt(ps->arena, E); }
small_stmt(A) ::= assign_targets(T) assign_value(V).  { A = parse_assign(ps, T, V); }
small_stmt(A) ::= exprs(T) augassign(O) assign_value(V).  { A = parse_aug_assign(ps, T, O, V); }
small_stmt(A) ::= expr(T) COLON expr(X).        { A = parse_ann_assign(ps, T, X, NULL); }
small_stmt(A) ::= expr(T) COLON expr(X) EQUAL assign_value(V).  { A = parse_ann_assign(ps, T, X, V); }
small_stmt(A) ::= PASS(K).                      { A = ast_new(ps->arena, NODE_PASS, K.span); }
small_stmt(A) ::= BREAK(K).                     { A = ast_new(ps->arena, NODE_BREAK, K.span); }
small_stmt(A) ::= CONTINUE(K).                  { A = ast_new(ps->arena, NODE_CONTINUE, K.span); }
small_stmt(A) ::= RETURN(K).                    { A = ast_return(ps->arena, K.span, NULL); }
small_stmt(A) ::= RETURN(K) exprs(V).           { A = ast_return(ps->arena, K.span, parse_statement_value(ps, V)); }
small_stmt(A) ::= RAISE(K).                     { A = ast_raise(ps->arena, K.span, NULL, NULL); }
small_stmt(A) ::= RAISE(K) expr(E).             { A = ast_raise(ps->arena, K.span, E, NULL); }
small_stmt(A) ::= RAISE(K) expr(E) FROM expr(C).  { A = ast_raise(ps->arena, K.span, E, C); }
small_stmt(A) ::= GLOBAL(K) name_list(L).       { A = ast_names(ps->arena, NODE_GLOBAL, K.span, L); }
small_stmt(A) ::= NONLOCAL(K) name_list(L).     { A = ast_names(ps->arena, NODE_NONLOCAL, K.span, L); }
small_stmt(A) ::= DEL(K) exprs(T).              { A = parse_delete(ps, K, T); }
small_stmt(A) ::= ASSERT(K) expr(E).            { A = ast_assert(ps->arena, K.span, E, NULL); }
small_stmt(A) ::= ASSERT(K) expr(E) COMMA expr(M).  { A = ast_assert(ps->arena, K.span, E, M); }
small_stmt(A) ::= TYPE(K) NAME(N) type_params(P) EQUAL expr(V).
    { A = ast_type_alias(ps->arena, K.span, ast_name(ps->arena, N.span, parse_token_text(N)), P, V); }

/* a = b = value: every `exprs =` is a target */
%type assign_targets {NodeList}
assign_targets(A) ::= exprs(E) EQUAL.           { A = ast_list_of(ps->arena, E); }
assign_targets(A) ::= assign_targets(A) exprs(E) EQUAL.  { ast_list_push(ps->arena, &A, E); }

assign_value(A) ::= exprs(E).                   { A = parse_statement_value(ps, E); }
assign_value(A) ::= yield_expr(A).

yield_expr(A) ::= YIELD(K).                     { A = ast_yield(ps->arena, K.span, NULL, false); }
yield_expr(A) ::= YIELD(K) exprs(V).            { A = ast_yield(ps->arena, K.span, parse_statement_value(ps, V), false); }
yield_expr(A) ::= YIELD(K) FROM expr(V).        { A = ast_yield(ps->arena, K.span, V, true); }

%type name_list {NodeList}
name_list(A) ::= NAME(N).                       { A = ast_list_of(ps->arena, ast_name(ps->arena, N.span, parse_token_text(N))); }
name_list(A) ::= name_list(A) COMMA NAME(N).    { ast_list_push(ps->arena, &A, ast_name(ps->arena, N.span, parse_token_text(N))); }

%type augassign {BinOpKind}
augassign(A) ::= PLUSEQ.                        { A = BINOP_ADD; }
augassign(A) ::= MINUSEQ.                       { A = BINOP_SUB; }
augassign(A) ::= STAREQ.                        { A = BINOP_MUL; }
augassign(A) ::= SLASHEQ.                       { A = BINOP_TRUEDIV; }
augassign(A) ::= DSLASHEQ.                      { A = BINOP_FLOORDIV; }
augassign(A) ::= PERCENTEQ.                     { A = BINOP_MOD; }
augassign(A) ::= DSTAREQ.                       { A = BINOP_POW; }
augassign(A) ::= ATEQ.                          { A = BINOP_MATMUL; }
augassign(A) ::= AMPEQ.                         { A = BINOP_BITAND; }
augassign(A) ::= PIPEEQ.                        { A = BINOP_BITOR; }
augassign(A) ::= CARETEQ.                       { A = BINOP_BITXOR; }
augassign(A) ::= LSHIFTEQ.                      { A = BINOP_LSHIFT; }
augassign(A) ::= RSHIFTEQ.                      { A = BINOP_RSHIFT; }

/* ======================= expressions ======================= */

/* An expression list: one item, or a tuple without parentheses. A tuple
 * spans its first element to its last, or to its trailing comma. An item
 * may be starred (*rest) or a named expression (x := v); where Python
 * allows neither, parse_statement_value and syntax_check.c say so. */
exprs(A) ::= item(A).
exprs(A) ::= item(E) COMMA(C).                  { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
exprs(A) ::= item_seq(L).                       { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
exprs(A) ::= item_seq(L) COMMA(C).              { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

%type item_seq {NodeList}
item_seq(A) ::= item(X) COMMA item(Y).          { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
item_seq(A) ::= item_seq(A) COMMA item(Y).      { ast_list_push(ps->arena, &A, Y); }

item(A) ::= nexpr(A).
item(A) ::= STAR(S) arith(V).                   { A = ast_starred(ps->arena, S.span, V); }

/* target := value */
nexpr(A) ::= expr(A).
nexpr(A) ::= NAME(N) WALRUS expr(V).            { A = ast_named_expr(ps->arena, ast_name(ps->arena, N.span, parse_token_text(N)), V); }

/* body if cond else orelse; lambda params: body */
expr(A) ::= or_expr(A).
expr(A) ::= or_expr(B) IF or_expr(C) ELSE expr(O).  { A = ast_ifexp(ps->arena, B, C, O); }
expr(A) ::= LAMBDA(K) lambda_params(P) COLON expr(B).  { A = parse_lambda(ps, K, P, B); }

%type lambda_params {NodeList}
lambda_params(A) ::= .                          { A = (NodeList){0}; }
lambda_params(A) ::= lambda_param_list(A).
lambda_params(A) ::= lambda_param_list(A) COMMA.

%type lambda_param_list {NodeList}
lambda_param_list(A) ::= lambda_param(P).       { A = ast_list_of(ps->arena, P); }
lambda_param_list(A) ::= lambda_param_list(A) COMMA lambda_param(P).  { ast_list_push(ps->arena, &A, P); }

lambda_param(A) ::= NAME(N).                    { A = ast_param(ps->arena, N.span, parse_token_text(N), NULL, NULL); }
lambda_param(A) ::= NAME(N) EQUAL expr(D).      { A = ast_param(ps->arena, N.span, parse_token_text(N), NULL, D); }
lambda_param(A) ::= STAR(S) NAME(N).            { A = parse_param_marker(ps, S, &N, NULL, PARAM_VARARGS); }
lambda_param(A) ::= DSTAR(S) NAME(N).           { A = parse_param_marker(ps, S, &N, NULL, PARAM_VARKW); }
lambda_param(A) ::= STAR(S).                    { A = parse_param_marker(ps, S, NULL, NULL, PARAM_KWONLY); }
lambda_param(A) ::= SLASH(S).                   { A = parse_param_marker(ps, S, NULL, NULL, PARAM_POSONLY); }

or_expr(A) ::= and_expr(A).
or_expr(A) ::= or_expr(L) OR and_expr(R).       { A = ast_boolop(ps->arena, BOOLOP_OR, L, R); }
and_expr(A) ::= not_expr(A).
and_expr(A) ::= and_expr(L) AND not_expr(R).    { A = ast_boolop(ps->arena, BOOLOP_AND, L, R); }
not_expr(A) ::= comparison(A).
not_expr(A) ::= NOT(K) not_expr(X).             { A = ast_unary(ps->arena, UNARY_NOT, K.span, X); }

/* a < b <= c is one Compare; a parenthesized comparison is an atom, so
 * (a < b) < c is two. */
comparison(A) ::= arith(A).
comparison(A) ::= compare_chain(A).
compare_chain(A) ::= arith(L) cmp_op(O) arith(R).           { A = ast_compare(ps->arena, L, O, R); }
compare_chain(A) ::= compare_chain(A) cmp_op(O) arith(R).   { ast_compare_extend(ps->arena, A, O, R); }

%type cmp_op {CmpOpKind}
cmp_op(A) ::= LT.                               { A = CMP_LT; }
cmp_op(A) ::= LE.                               { A = CMP_LE; }
cmp_op(A) ::= GT.                               { A = CMP_GT; }
cmp_op(A) ::= GE.                               { A = CMP_GE; }
cmp_op(A) ::= EQEQ.                             { A = CMP_EQ; }
cmp_op(A) ::= NE.                               { A = CMP_NE; }
cmp_op(A) ::= IS.                               { A = CMP_IS; }
cmp_op(A) ::= IS NOT.                           { A = CMP_IS_NOT; }
cmp_op(A) ::= IN.                               { A = CMP_IN; }
cmp_op(A) ::= NOT IN.                           { A = CMP_NOT_IN; }

/* The binary and unary operators, by the precedence declared above;
 * `await x` binds tighter than all of them. */
arith(A) ::= arith(L) PIPE arith(R).            { A = ast_binop(ps->arena, BINOP_BITOR, L, R); }
arith(A) ::= arith(L) CARET arith(R).           { A = ast_binop(ps->arena, BINOP_BITXOR, L, R); }
arith(A) ::= arith(L) AMP arith(R).             { A = ast_binop(ps->arena, BINOP_BITAND, L, R); }
arith(A) ::= arith(L) LSHIFT arith(R).          { A = ast_binop(ps->arena, BINOP_LSHIFT, L, R); }
arith(A) ::= arith(L) RSHIFT arith(R).          { A = ast_binop(ps->arena, BINOP_RSHIFT, L, R); }
arith(A) ::= arith(L) PLUS arith(R).            { A = ast_binop(ps->arena, BINOP_ADD, L, R); }
arith(A) ::= arith(L) MINUS arith(R).           { A = ast_binop(ps->arena, BINOP_SUB, L, R); }
arith(A) ::= arith(L) STAR arith(R).            { A = ast_binop(ps->arena, BINOP_MUL, L, R); }
arith(A) ::= arith(L) SLASH arith(R).           { A = ast_binop(ps->arena, BINOP_TRUEDIV, L, R); }
arith(A) ::= arith(L) DSLASH arith(R).          { A = ast_binop(ps->arena, BINOP_FLOORDIV, L, R); }
arith(A) ::= arith(L) PERCENT arith(R).         { A = ast_binop(ps->arena, BINOP_MOD, L, R); }
arith(A) ::= arith(L) AT arith(R).              { A = ast_binop(ps->arena, BINOP_MATMUL, L, R); }
arith(A) ::= arith(L) DSTAR arith(R).           { A = ast_binop(ps->arena, BINOP_POW, L, R); }
arith(A) ::= MINUS(K) arith(X). [TILDE]         { A = ast_unary(ps->arena, UNARY_NEG, K.span, X); }
arith(A) ::= PLUS(K) arith(X). [TILDE]          { A = ast_unary(ps->arena, UNARY_POS, K.span, X); }
arith(A) ::= TILDE(K) arith(X).                 { A = ast_unary(ps->arena, UNARY_INVERT, K.span, X); }
arith(A) ::= AWAIT(K) primary(X).               { A = ast_await(ps->arena, K.span, X); }
arith(A) ::= primary(A).

/* Attribute references, calls and subscripts. */
primary(A) ::= atom(A).
primary(A) ::= primary(V) DOT NAME(N).          { A = ast_attribute(ps->arena, V, N.span, parse_token_text(N)); }
primary(A) ::= primary(F) LPAREN call_args(X) RPAREN(R).  { A = parse_call(ps, F, X, R); }
primary(A) ::= primary(V) LBRACKET subscript(I) RBRACKET(R).  { A = ast_subscript(ps->arena, V, I, R.span); }

%type call_args {CallArgs}
call_args(A) ::= .                              { A = (CallArgs){{0}, {0}}; }
call_args(A) ::= arg_list(A).
call_args(A) ::= arg_list(A) COMMA.

%type arg_list {CallArgs}
arg_list(A) ::= argument(X).                    { A = (CallArgs){{0}, {0}}; parse_arg_push(ps, &A, X); }
arg_list(A) ::= arg_list(A) COMMA argument(X).  { parse_arg_push(ps, &A, X); }

argument(A) ::= nexpr(A).
argument(A) ::= NAME(N) EQUAL expr(V).          { A = ast_keyword(ps->arena, N.span, parse_token_text(N), V); }
argument(A) ::= STAR(S) expr(V).                { A = ast_starred(ps->arena, S.span, V); }
argument(A) ::= DSTAR(S) expr(V).               { A = ast_keyword(ps->arena, S.span, (Str){0}, V); }
argument(A) ::= nexpr(E) comp_for(C).           { A = parse_comprehension(ps, COMP_GENERATOR, E->span, NULL, E, NULL, C, NULL); }

/* An index: one item, or a tuple of them (a[i, j]); an item is an
 * expression, a starred one, or a slice with optional parts (a[1:n:2]). */
subscript(A) ::= sub_item(A).
subscript(A) ::= sub_item(E) COMMA(C).          { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
subscript(A) ::= sub_seq(L).                    { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
subscript(A) ::= sub_seq(L) COMMA(C).           { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

%type sub_seq {NodeList}
sub_seq(A) ::= sub_item(X) COMMA sub_item(Y).   { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
sub_seq(A) ::= sub_seq(A) COMMA sub_item(Y).    { ast_list_push(ps->arena, &A, Y); }

sub_item(A) ::= nexpr(A).
sub_item(A) ::= STAR(S) arith(V).               { A = ast_starred(ps->arena, S.span, V); }
sub_item(A) ::= opt_expr(L) COLON(C) opt_expr(U).                      { A = parse_slice(ps, L, C, U, NULL, NULL); }
sub_item(A) ::= opt_expr(L) COLON(C) opt_expr(U) COLON(D) opt_expr(S). { A = parse_slice(ps, L, C, U, &D, S); }

opt_expr(A) ::= .                               { A = NULL; }
opt_expr(A) ::= expr(A).

/* Atoms. A parenthesized expression keeps its node, its span widened to
 * the parentheses. */
atom(A) ::= NAME(N).                            { A = ast_name(ps->arena, N.span, parse_token_text(N)); }
atom(A) ::= INT(T).                             { A = parse_int(ps, T); }
atom(A) ::= FLOAT(T).                           { A = parse_float(ps, T); }
atom(A) ::= IMAG(T).                            { A = parse_imag(ps, T); }
atom(A) ::= strings(A).
atom(A) ::= TRUE(T).                            { A = ast_bool(ps->arena, T.span, true); }
atom(A) ::= FALSE(T).                           { A = ast_bool(ps->arena, T.span, false); }
atom(A) ::= NONE(T).                            { A = ast_new(ps->arena, NODE_NONE, T.span); }
atom(A) ::= ELLIPSIS(T).                        { A = ast_new(ps->arena, NODE_ELLIPSIS, T.span); }

/* ( ): the empty tuple; (x), (x,), (x, *y); (yield x); (x for ...); and
 * `with (a as b, c):`'s items, kept as a Tuple of WithItems for parse_with. */
atom(A) ::= LPAREN(L) RPAREN(R).                { A = parse_parens(L, ast_tuple(ps->arena, L.span, (NodeList){0}), R); }
atom(A) ::= LPAREN(L) paren_items(P) RPAREN(R). { A = parse_parens(L, parse_paren_items(ps, P), R); }
atom(A) ::= LPAREN(L) yield_expr(Y) RPAREN(R).  { A = parse_parens(L, Y, R); }
atom(A) ::= LPAREN(L) nexpr(E) comp_for(C) RPAREN(R).
    { A = parse_comprehension(ps, COMP_GENERATOR, span_join(L.span, R.span), &L, E, NULL, C, &R); }

%type paren_items {ItemList}
paren_items(A) ::= paren_item(P).               { A = parse_items_of(ps, P, false); }
paren_items(A) ::= paren_item(P) COMMA.         { A = parse_items_of(ps, P, true); }
paren_items(A) ::= paren_seq(L).                { A = (ItemList){L, false}; }
paren_items(A) ::= paren_seq(L) COMMA.          { A = (ItemList){L, true}; }

%type paren_seq {NodeList}
paren_seq(A) ::= paren_item(X) COMMA paren_item(Y).  { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
paren_seq(A) ::= paren_seq(A) COMMA paren_item(Y).  { ast_list_push(ps->arena, &A, Y); }

paren_item(A) ::= item(A).
paren_item(A) ::= expr(E) AS target_item(T).    { A = ast_with_item(ps->arena, E, T); }

/* adjacent string literals are one string */
strings(A) ::= STRING(T).                       { A = parse_string(ps, T); }
strings(A) ::= strings(S) STRING(T).            { A = parse_string_concat(ps, S, T); }

/* Displays and comprehensions. */
atom(A) ::= LBRACKET(L) RBRACKET(R).            { A = ast_display(ps->arena, NODE_LIST, span_join(L.span, R.span), (NodeList){0}); }
atom(A) ::= LBRACKET(L) exprs(E) RBRACKET(R).   { A = parse_display(ps, NODE_LIST, L, E, R); }
atom(A) ::= LBRACKET(L) nexpr(E) comp_for(C) RBRACKET(R).
    { A = parse_comprehension(ps, COMP_LIST, span_join(L.span, R.span), &L, E, NULL, C, &R); }
atom(A) ::= LBRACE(L) RBRACE(R).                { A = ast_dict(ps->arena, span_join(L.span, R.span), (NodeList){0}); }
atom(A) ::= LBRACE(L) dict_items(D) RBRACE(R).  { A = ast_dict(ps->arena, span_join(L.span, R.span), D); }
atom(A) ::= LBRACE(L) dict_items(D) COMMA RBRACE(R).  { A = ast_dict(ps->arena, span_join(L.span, R.span), D); }
atom(A) ::= LBRACE(L) exprs(E) RBRACE(R).       { A = parse_display(ps, NODE_SET, L, E, R); }
atom(A) ::= LBRACE(L) expr(K) COLON expr(V) comp_for(C) RBRACE(R).
    { A = parse_comprehension(ps, COMP_DICT, span_join(L.span, R.span), &L, K, V, C, &R); }
atom(A) ::= LBRACE(L) nexpr(E) comp_for(C) RBRACE(R).
    { A = parse_comprehension(ps, COMP_SET, span_join(L.span, R.span), &L, E, NULL, C, &R); }

%type dict_items {NodeList}
dict_items(A) ::= dict_item(I).                 { A = ast_list_of(ps->arena, I); }
dict_items(A) ::= dict_items(A) COMMA dict_item(I).  { ast_list_push(ps->arena, &A, I); }

dict_item(A) ::= expr(K) COLON expr(V).         { A = ast_dict_item(ps->arena, span_join(K->span, V->span), K, V); }
dict_item(A) ::= DSTAR(S) arith(V).             { A = ast_dict_item(ps->arena, span_join(S.span, V->span), NULL, V); }

/* [async] for x in xs [if c] ...: one CompFor per `for`, its conditions in it */
%type comp_for {NodeList}
comp_for(A) ::= comp_head(H).                   { A = ast_list_of(ps->arena, H); }
comp_for(A) ::= comp_for(A) comp_head(H).       { ast_list_push(ps->arena, &A, H); }
comp_for(A) ::= comp_for(A) IF or_expr(C).      { ast_list_push(ps->arena, &A.items[A.count - 1]->comp_for.ifs, C); }

comp_head(A) ::= FOR(K) for_targets(T) IN or_expr(E).        { A = ast_comp_for(ps->arena, K.span, T, E); }
comp_head(A) ::= ASYNC(K) FOR for_targets(T) IN or_expr(E).  { A = parse_async_comp_for(ast_comp_for(ps->arena, K.span, T, E)); }

/* ======================= support for the driver ======================= */

%code {

void *parse_grammar_new(Arena *arena, ParseState *ps)
{
    yyParser *parser = arena_alloc(arena, sizeof *parser);
    ParseGrammarInit(parser, ps);
    return parser;
}

/* The parser's stack as the simulation sees it: the real entries up to
 * `top`, then states pushed by simulated reductions. */
typedef struct SimStack {
    const yyStackEntry *top;
    YYACTIONTYPE pushed[64];
    int count;
} SimStack;

static YYACTIONTYPE sim_state(const SimStack *stack)
{
    return stack->count ? stack->pushed[stack->count - 1] : stack->top->stateno;
}

static void sim_pop(SimStack *stack, int size)
{
    int from_pushed = size < stack->count ? size : stack->count;
    stack->count -= from_pushed;
    stack->top -= size - from_pushed;
}

/* Lemon reduces as far as it can before it finds that a token does not fit,
 * so the state where it stops says little about what was expected; the
 * driver asks this, token by token, before the reductions happen. */
bool parse_grammar_accepts(void *grammar, int kind)
{
    yyParser *parser = grammar;
    SimStack stack = {parser->yytos, {0}, 0};
    for (;;) {
        YYACTIONTYPE action = yy_find_shift_action((YYCODETYPE)kind, sim_state(&stack));
        if (action < YY_MIN_REDUCE)
            return action != YY_ERROR_ACTION;
        int rule = action - YY_MIN_REDUCE;
        sim_pop(&stack, -yyRuleInfoNRhs[rule]);
        YYACTIONTYPE next = yy_find_reduce_action(sim_state(&stack), yyRuleInfoLhs[rule]);
        if (stack.count == (int)(sizeof stack.pushed / sizeof stack.pushed[0]))
            return true;
        stack.pushed[stack.count++] = next;
    }
}

bool parse_grammar_find(void *grammar, const int *kinds, int count, Token *found)
{
    yyParser *parser = grammar;
    for (const yyStackEntry *entry = parser->yytos; entry > parser->yystack; entry--) {
        for (int i = 0; i < count; i++) {
            if (entry->major == kinds[i]) {
                *found = entry->minor.yy0;
                return true;
            }
        }
    }
    return false;
}

}
