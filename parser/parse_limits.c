/* The most statements a top-level statement (a def, with all it holds) may
 * have. Compile time grows with a function's size, and faster than
 * linearly in LLVM (docs/limits.md): 10,000 straight-line stores compile in
 * about 7 s at -O3 and 3 s at -O0, 40,000 took 136 s at -O0. The limit
 * keeps the worst function within seconds; docs/limits.md has the
 * measurements. numba-cuda's test kernels are far smaller. */
#include "parser_internal.h"

enum { MAX_STATEMENTS = 10000 };

typedef struct Count {
    long statements;
} Count;

static void count_node(void *ctx, Node *node)
{
    Count *count = ctx;
    if (count->statements > MAX_STATEMENTS)
        return;
    if ((node->kind >= NODE_ASSIGN && node->kind <= NODE_TYPE_ALIAS) || node->kind == NODE_FUNCDEF ||
        node->kind == NODE_CLASSDEF)
        count->statements++;
    ast_each_child(node, count_node, count);
}

/* Runs after parse_depth_checked, so the recursion here is as deep as the
 * tree, at most its 2000 levels. */
Node *parse_size_checked(ParseState *ps, Node *node)
{
    if (!node)
        return node;
    Count count = {0};
    ast_each_child(node, count_node, &count);
    if (count.statements <= MAX_STATEMENTS)
        return node;
    if (node->kind == NODE_FUNCDEF)
        diag_error(ps->diag, span_point(node->span), "'%.*s' has more than %d statements, the most a "
                   "function may have (docs/limits.md)", STR_ARG(node->funcdef.name), MAX_STATEMENTS);
    else
        diag_error(ps->diag, span_point(node->span), "this statement holds more than %d statements, the "
                   "most a function may have (docs/limits.md)", MAX_STATEMENTS);
    return NULL;
}
