/* pykc's grammar: the kernel dialect of Python, for lemon.
 *
 * The token list below is the contract with the lexer (lexer/lexer.re), which
 * includes the generated grammar.h for the TOK_* codes. Keep its order: the
 * codes are assigned in it.
 *
 * The parse driver (parser.c) feeds the lexer's tokens in and reports syntax
 * errors itself, before lemon sees the offending token; lemon's `error`
 * symbol then only resynchronises at the statement that contains it. Each
 * action is one constructor call (ast.c, or parser.c where it needs the
 * source or reports an error). Python constructs outside the dialect that
 * are easy to recognise whole (displays, comprehensions, star-arguments,
 * annotated assignments) are parsed here and reported by name; keywords that
 * start an unsupported construct (class, lambda, try, ...) appear in no rule
 * and the driver names them when they arrive. */

%token_prefix TOK_
%name ParseGrammar

/* layout and literals */
%token NEWLINE INDENT DEDENT NAME INT FLOAT STRING.
/* every Python keyword, so unsupported ones are reported by name */
%token FALSE NONE TRUE AND AS ASSERT ASYNC AWAIT BREAK CLASS CONTINUE DEF DEL
       ELIF ELSE EXCEPT FINALLY FOR FROM GLOBAL IF IMPORT IN IS LAMBDA NONLOCAL
       NOT OR PASS RAISE RETURN TRY WHILE WITH YIELD.
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
 * these (conditional expression, or, and, not, comparisons) are separate
 * nonterminals, because their operands are restricted: `a + not b` is an
 * error and `a < b < c` is one chain while `(a < b) < c` is not. */
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
start ::= EXPRESSION_MODE expr(E) NEWLINE.      { ps->expression = parse_depth_checked(ps, E); }

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

/* from .m import x: relative imports have no meaning for one kernel file */
%type from_module {Dotted}
from_module(A) ::= dotted_name(A).
from_module(A) ::= dots(D).                     { A = parse_relative_import(ps, D); }
from_module(A) ::= dots(D) dotted_name(N).      { A = parse_relative_import(ps, span_join(D, N.span)); }

%type dots {Span}
dots(A) ::= DOT(D).                             { A = D.span; }
dots(A) ::= ELLIPSIS(D).                        { A = D.span; }
dots(A) ::= dots(B) DOT(D).                     { A = span_join(B, D.span); }
dots(A) ::= dots(B) ELLIPSIS(D).                { A = span_join(B, D.span); }

/* The names after `import`; ImportFrom nodes get their module in
 * parse_import_from. */
%type import_targets {NodeList}
import_targets(A) ::= import_names(A).
import_targets(A) ::= LPAREN import_names(L) RPAREN.        { A = L; }
import_targets(A) ::= LPAREN import_names(L) COMMA RPAREN.  { A = L; }
import_targets(A) ::= STAR(S).
    { A = ast_list_of(ps->arena, parse_unsupported(ps, S.span, "'import *' is not supported in kernels")); }

%type import_names {NodeList}
import_names(A) ::= import_name(N).             { A = ast_list_of(ps->arena, N); }
import_names(A) ::= import_names(A) COMMA import_name(N).  { ast_list_push(ps->arena, &A, N); }

import_name(A) ::= NAME(N).
    { A = ast_import_from(ps->arena, N.span, (Str){0}, parse_token_text(N), (Str){0}); }
import_name(A) ::= NAME(N) AS NAME(X).
    { A = ast_import_from(ps->arena, span_join(N.span, X.span), (Str){0}, parse_token_text(N), parse_token_text(X)); }

/* ======================= function definitions ======================= */

compound_stmt(A) ::= decorators(D) DEF(K) NAME(N) LPAREN params(P) RPAREN returns(R) COLON block(B).
    { A = ast_funcdef(ps->arena, K.span, parse_token_text(N), D, P, R, B); }

%type decorators {NodeList}
decorators(A) ::= .                             { A = (NodeList){0}; }
decorators(A) ::= decorators(A) AT expr(E) NEWLINE.  { ast_list_push(ps->arena, &A, E); }

%type params {NodeList}
params(A) ::= .                                 { A = (NodeList){0}; }
params(A) ::= param_list(A).
params(A) ::= param_list(A) COMMA.

%type param_list {NodeList}
param_list(A) ::= param(P).                     { A = (NodeList){0}; parse_param_push(ps, &A, P); }
param_list(A) ::= param_list(A) COMMA param(P). { parse_param_push(ps, &A, P); }

/* Star-parameters are reported; parse_param_push leaves their placeholders
 * out, so the list holds only PARAM nodes. */
param(A) ::= NAME(N) annotation(T) param_default(D).  { A = ast_param(ps->arena, N.span, parse_token_text(N), T, D); }
param(A) ::= STAR(S) NAME(N) annotation.        { A = parse_unsupported(ps, span_join(S.span, N.span), "'*' parameters are not supported in kernels"); }
param(A) ::= DSTAR(S) NAME(N) annotation.       { A = parse_unsupported(ps, span_join(S.span, N.span), "'**' parameters are not supported in kernels"); }
param(A) ::= STAR(S).                           { A = parse_unsupported(ps, S.span, "keyword-only parameters are not supported in kernels"); }
param(A) ::= SLASH(S).                          { A = parse_unsupported(ps, S.span, "positional-only parameters are not supported in kernels"); }

annotation(A) ::= .                             { A = NULL; }
annotation(A) ::= COLON expr(E).                { A = E; }
param_default(A) ::= .                          { A = NULL; }
param_default(A) ::= EQUAL expr(E).             { A = E; }
returns(A) ::= .                                { A = NULL; }
returns(A) ::= ARROW expr(E).                   { A = E; }

/* A block: statements on their own lines, or simple ones after the colon. */
%type block {NodeList}
block(A) ::= simple_stmts(A).
block(A) ::= NEWLINE INDENT stmt_list(L) DEDENT.  { A = L; }

/* ======================= compound statements ======================= */

compound_stmt(A) ::= IF(K) expr(C) COLON block(B) if_else(E).    { A = ast_if(ps->arena, K.span, C, B, E); }
compound_stmt(A) ::= WHILE(K) expr(C) COLON block(B) orelse(E).  { A = ast_while(ps->arena, K.span, C, B, E); }
compound_stmt(A) ::= FOR(K) for_targets(T) IN exprs(I) COLON block(B) orelse(E).
    { A = parse_for(ps, K, T, I, B, E); }

/* elif is an If alone in the else body */
%type if_else {NodeList}
if_else(A) ::= orelse(A).
if_else(A) ::= ELIF(K) expr(C) COLON block(B) if_else(E).
    { A = ast_list_of(ps->arena, ast_if(ps->arena, K.span, C, B, E)); }

%type orelse {NodeList}
orelse(A) ::= .                                 { A = (NodeList){0}; }
orelse(A) ::= ELSE COLON block(B).              { A = B; }

/* for targets are primaries (names, attributes, subscripts) and tuples of
 * them, so the `in` that follows is not read as an operator. */
for_targets(A) ::= primary(A).
for_targets(A) ::= primary(E) COMMA(C).         { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
for_targets(A) ::= target_seq(L).               { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
for_targets(A) ::= target_seq(L) COMMA(C).      { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

%type target_seq {NodeList}
target_seq(A) ::= primary(X) COMMA primary(Y).  { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
target_seq(A) ::= target_seq(A) COMMA primary(Y).  { ast_list_push(ps->arena, &A, Y); }

/* ======================= simple statements ======================= */

small_stmt(A) ::= exprs(E).                     { A = ast_expr_stmt(ps->arena, E); }
small_stmt(A) ::= assign_targets(T) exprs(V).   { A = parse_assign(ps, T, V); }
small_stmt(A) ::= exprs(T) augassign(O) exprs(V).  { A = parse_aug_assign(ps, T, O, V); }
small_stmt(A) ::= expr(T) COLON expr(X) annotated_value.
    { A = ast_expr_stmt(ps->arena, parse_unsupported(ps, span_join(T->span, X->span), "annotated assignments are not supported in kernels")); }
small_stmt(A) ::= PASS(K).                      { A = ast_new(ps->arena, NODE_PASS, K.span); }
small_stmt(A) ::= BREAK(K).                     { A = ast_new(ps->arena, NODE_BREAK, K.span); }
small_stmt(A) ::= CONTINUE(K).                  { A = ast_new(ps->arena, NODE_CONTINUE, K.span); }
small_stmt(A) ::= RETURN(K).                    { A = ast_return(ps->arena, K.span, NULL); }
small_stmt(A) ::= RETURN(K) exprs(V).           { A = ast_return(ps->arena, K.span, V); }

/* a = b = value: every `exprs =` is a target */
%type assign_targets {NodeList}
assign_targets(A) ::= exprs(E) EQUAL.           { A = ast_list_of(ps->arena, E); }
assign_targets(A) ::= assign_targets(A) exprs(E) EQUAL.  { ast_list_push(ps->arena, &A, E); }

annotated_value ::= .
annotated_value ::= EQUAL exprs.

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

/* An expression list: one expression, or a tuple without parentheses. A
 * tuple spans its first element to its last, or to its trailing comma. */
exprs(A) ::= expr(A).
exprs(A) ::= expr(E) COMMA(C).                  { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
exprs(A) ::= expr_seq(L).                       { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
exprs(A) ::= expr_seq(L) COMMA(C).              { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

%type expr_seq {NodeList}
expr_seq(A) ::= expr(X) COMMA expr(Y).          { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
expr_seq(A) ::= expr_seq(A) COMMA expr(Y).      { ast_list_push(ps->arena, &A, Y); }

/* body if cond else orelse */
expr(A) ::= or_expr(A).
expr(A) ::= or_expr(B) IF or_expr(C) ELSE expr(O).  { A = ast_ifexp(ps->arena, B, C, O); }

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

/* The binary and unary operators, by the precedence declared above. */
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
arith(A) ::= primary(A).

/* Attribute references, calls and subscripts. */
primary(A) ::= atom(A).
primary(A) ::= primary(V) DOT NAME(N).          { A = ast_attribute(ps->arena, V, N.span, parse_token_text(N)); }
primary(A) ::= primary(F) LPAREN call_args(X) RPAREN(R).  { A = ast_call(ps->arena, F, X.args, X.keywords, R.span); }
primary(A) ::= primary(V) LBRACKET subscript(I) RBRACKET(R).  { A = ast_subscript(ps->arena, V, I, R.span); }

%type call_args {CallArgs}
call_args(A) ::= .                              { A = (CallArgs){{0}, {0}}; }
call_args(A) ::= arg_list(A).
call_args(A) ::= arg_list(A) COMMA.

%type arg_list {CallArgs}
arg_list(A) ::= argument(X).                    { A = (CallArgs){{0}, {0}}; parse_arg_push(ps, &A, X); }
arg_list(A) ::= arg_list(A) COMMA argument(X).  { parse_arg_push(ps, &A, X); }

argument(A) ::= expr(A).
argument(A) ::= NAME(N) EQUAL expr(V).          { A = ast_keyword(ps->arena, N.span, parse_token_text(N), V); }
argument(A) ::= STAR(S) expr(V).                { A = parse_unsupported(ps, span_join(S.span, V->span), "'*' arguments are not supported in kernels"); }
argument(A) ::= DSTAR(S) expr(V).               { A = parse_unsupported(ps, span_join(S.span, V->span), "'**' arguments are not supported in kernels"); }
argument(A) ::= expr(E) comp_for(C).            { A = parse_unsupported(ps, span_join(E->span, C), "generator expressions are not supported in kernels"); }

/* An index: one item, or a tuple of them (a[i, j]); an item is an
 * expression or a slice with optional parts (a[1:n:2], a[::1]). */
subscript(A) ::= sub_item(A).
subscript(A) ::= sub_item(E) COMMA(C).          { A = ast_tuple(ps->arena, span_join(E->span, C.span), ast_list_of(ps->arena, E)); }
subscript(A) ::= sub_seq(L).                    { A = ast_tuple(ps->arena, span_join(L.items[0]->span, L.items[L.count - 1]->span), L); }
subscript(A) ::= sub_seq(L) COMMA(C).           { A = ast_tuple(ps->arena, span_join(L.items[0]->span, C.span), L); }

%type sub_seq {NodeList}
sub_seq(A) ::= sub_item(X) COMMA sub_item(Y).   { A = ast_list_of(ps->arena, X); ast_list_push(ps->arena, &A, Y); }
sub_seq(A) ::= sub_seq(A) COMMA sub_item(Y).    { ast_list_push(ps->arena, &A, Y); }

sub_item(A) ::= expr(A).
sub_item(A) ::= opt_expr(L) COLON(C) opt_expr(U).                      { A = parse_slice(ps, L, C, U, NULL, NULL); }
sub_item(A) ::= opt_expr(L) COLON(C) opt_expr(U) COLON(D) opt_expr(S). { A = parse_slice(ps, L, C, U, &D, S); }

opt_expr(A) ::= .                               { A = NULL; }
opt_expr(A) ::= expr(A).

/* Atoms. A parenthesized expression keeps its node, its span widened to
 * the parentheses. */
atom(A) ::= NAME(N).                            { A = ast_name(ps->arena, N.span, parse_token_text(N)); }
atom(A) ::= INT(T).                             { A = parse_int(ps, T); }
atom(A) ::= FLOAT(T).                           { A = parse_float(ps, T); }
atom(A) ::= strings(A).
atom(A) ::= TRUE(T).                            { A = ast_bool(ps->arena, T.span, true); }
atom(A) ::= FALSE(T).                           { A = ast_bool(ps->arena, T.span, false); }
atom(A) ::= NONE(T).                            { A = ast_new(ps->arena, NODE_NONE, T.span); }
atom(A) ::= LPAREN(L) RPAREN(R).                { A = ast_tuple(ps->arena, span_join(L.span, R.span), (NodeList){0}); }
atom(A) ::= LPAREN(L) exprs(E) RPAREN(R).       { A = parse_parens(L, E, R); }

/* adjacent string literals are one string */
strings(A) ::= STRING(T).                       { A = parse_string(ps, T); }
strings(A) ::= strings(A) STRING(T).            { parse_string_concat(ps, A, T); }

/* Displays and comprehensions: recognised whole, reported by name. */
atom(A) ::= LPAREN(L) expr comp_for RPAREN(R).  { A = parse_unsupported(ps, span_join(L.span, R.span), "generator expressions are not supported in kernels"); }
atom(A) ::= LBRACKET(L) RBRACKET(R).            { A = parse_list_display(ps, L, NULL, R); }
atom(A) ::= LBRACKET(L) exprs(E) RBRACKET(R).   { A = parse_list_display(ps, L, E, R); }
atom(A) ::= LBRACKET(L) expr comp_for RBRACKET(R).  { A = parse_unsupported(ps, span_join(L.span, R.span), "list comprehensions are not supported in kernels"); }
atom(A) ::= LBRACE(L) RBRACE(R).                { A = parse_unsupported(ps, span_join(L.span, R.span), "dict displays are not supported in kernels"); }
atom(A) ::= LBRACE(L) dict_items RBRACE(R).     { A = parse_unsupported(ps, span_join(L.span, R.span), "dict displays are not supported in kernels"); }
atom(A) ::= LBRACE(L) dict_items COMMA RBRACE(R).  { A = parse_unsupported(ps, span_join(L.span, R.span), "dict displays are not supported in kernels"); }
atom(A) ::= LBRACE(L) exprs RBRACE(R).          { A = parse_unsupported(ps, span_join(L.span, R.span), "set displays are not supported in kernels"); }
atom(A) ::= LBRACE(L) expr COLON expr comp_for RBRACE(R).  { A = parse_unsupported(ps, span_join(L.span, R.span), "dict comprehensions are not supported in kernels"); }
atom(A) ::= LBRACE(L) expr comp_for RBRACE(R).  { A = parse_unsupported(ps, span_join(L.span, R.span), "set comprehensions are not supported in kernels"); }

dict_items ::= expr COLON expr.
dict_items ::= dict_items COMMA expr COLON expr.

/* for x in xs [if c] ...: only its extent matters */
%type comp_for {Span}
comp_for(A) ::= FOR(K) for_targets IN or_expr(E).            { A = span_join(K.span, E->span); }
comp_for(A) ::= comp_for(C) FOR for_targets IN or_expr(E).   { A = span_join(C, E->span); }
comp_for(A) ::= comp_for(C) IF or_expr(E).                   { A = span_join(C, E->span); }

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
