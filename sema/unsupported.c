/* The Python constructs kernels cannot use, by name: the parser reads all
 * of Python (host code lives in the same files), and a kernel that reaches
 * one of these gets an error saying which construct it is and whether
 * Numba rejects it too ("in kernels") or pykc does not support it yet. */
#include "sema_internal.h"

typedef struct Construct {
    NodeKind kind;
    const char *what;         /* plural, as the message says it */
    bool numba_has_it;        /* numba-cuda compiles it: pykc does not yet */
    const char *instead;      /* a note on what a kernel writes instead, or NULL */
} Construct;

static const Construct constructs[] = {
    {NODE_CLASSDEF, "class definitions", false, NULL},
    {NODE_WITH, "with statements", false, NULL},
    {NODE_TRY, "try statements", false, NULL},
    {NODE_ASSERT, "assert statements", true, NULL},
    {NODE_DELETE, "del statements", true, NULL},
    {NODE_GLOBAL, "global declarations", false, NULL},
    {NODE_NONLOCAL, "nonlocal declarations", false, NULL},
    {NODE_MATCH, "match statements", false, NULL},
    {NODE_TYPE_ALIAS, "type aliases", false, NULL},
    {NODE_IMPORT, "imports inside a function", true, NULL},
    {NODE_IMPORT_FROM, "imports inside a function", true, NULL},
    {NODE_FSTRING, "f-strings", false, NULL},
    {NODE_ELLIPSIS, "Ellipsis literals ('...')", true, NULL},
    {NODE_LIST, "list displays", false,
     "a kernel cannot make a list: write a tuple, (a, b, c), or use cuda.local.array(n, dtype)"},
    {NODE_SET, "set displays", false, NULL},
    {NODE_DICT, "dict displays", false, NULL},
    {NODE_COMPREHENSION, "comprehensions and generator expressions", false, NULL},
    {NODE_LAMBDA, "lambdas", true, NULL},
    {NODE_STARRED, "starred expressions (*x)", true, NULL},
    {NODE_NAMED_EXPR, "assignment expressions (:=)", true, NULL},
    {NODE_AWAIT, "await expressions", false, NULL},
    {NODE_YIELD, "yield expressions", false, NULL},
};

void sema_report_unsupported(FuncCtx *ctx, const Node *node)
{
    for (size_t i = 0; i < sizeof constructs / sizeof constructs[0]; i++)
        if (constructs[i].kind == node->kind) {
            sema_report(ctx, node->span, "%s are not supported %s", constructs[i].what,
                        constructs[i].numba_has_it ? "by pykc yet" : "in kernels");
            if (constructs[i].instead && ctx->final)
                diag_note(ctx->sema->diag, (Span){0}, "%s", constructs[i].instead);
            return;
        }
    sema_report(ctx, node->span, "this is not supported in kernels");
}
