/* The parser: drives the lemon-generated LALR(1) parser (grammar.y) with the
 * lexer's tokens and returns the tree (ast.h).
 *
 * Syntax errors are reported as "expected X, got Y" or, for Python
 * constructs outside the kernel dialect (class, lambda, try, with, yield,
 * comprehensions, global, nonlocal, ...), "'class' is not supported in
 * kernels". The parser recovers at the next statement, so independent errors
 * in one file are all reported. */
#ifndef PYKC_PARSER_PARSER_H
#define PYKC_PARSER_PARSER_H

#include "../base/diag.h"
#include "ast.h"

/* The module; on syntax errors diag->errors > 0 and the tree is partial. */
Node *parse_module(Arena *arena, Diag *diag, const Source *src);

/* One expression: a signature string such as "void(float32[:], int64)" or
 * an annotation given as text. NULL on error. */
Node *parse_expression(Arena *arena, Diag *diag, const Source *src);

#endif
