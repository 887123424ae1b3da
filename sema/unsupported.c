/* The Python constructs kernels cannot use, by name: the parser reads all
 * of Python (host code lives in the same files), and a kernel that reaches
 * one of these gets an error saying which construct it is and whether
 * Numba rejects it too ("in kernels") or pykc does not support it yet. */
#include "sema_internal.h"

typedef struct Construct {
    NodeKind kind;
    const char *what;         /* plural, as the message says it */
    bool numba_has_it;        /* numba-cuda compiles it: pykc does not yet */
} Construct;

static const Construct constructs[] = {
    {NODE_CLASSDEF, "class definitions", false},
    {NODE_WITH, "with statements", false},
    {NODE_TRY, "try statements", false},
    {NODE_ASSERT, "assert statements", true},
    {NODE_DELETE, "del statements", true},
    {NODE_GLOBAL, "global declarations", false},
    {NODE_NONLOCAL, "nonlocal declarations", false},
    {NODE_MATCH, "match statements", false},
    {NODE_TYPE_ALIAS, "type aliases", false},
    {NODE_IMPORT, "imports inside a function", true},
    {NODE_IMPORT_FROM, "imports inside a function", true},
    {NODE_FSTRING, "f-strings", false},
    {NODE_ELLIPSIS, "Ellipsis literals ('...')", true},
    {NODE_LIST, "list displays", false},
    {NODE_SET, "set displays", false},
    {NODE_DICT, "dict displays", false},
    {NODE_COMPREHENSION, "comprehensions and generator expressions", false},
    {NODE_LAMBDA, "lambdas", true},
    {NODE_STARRED, "starred expressions (*x)", true},
    {NODE_NAMED_EXPR, "assignment expressions (:=)", true},
    {NODE_AWAIT, "await expressions", false},
    {NODE_YIELD, "yield expressions", false},
};

void sema_report_unsupported(FuncCtx *ctx, const Node *node)
{
    for (size_t i = 0; i < sizeof constructs / sizeof constructs[0]; i++)
        if (constructs[i].kind == node->kind) {
            sema_report(ctx, node->span, "%s are not supported %s", constructs[i].what,
                        constructs[i].numba_has_it ? "by pykc yet" : "in kernels");
            return;
        }
    sema_report(ctx, node->span, "this is not supported in kernels");
}
