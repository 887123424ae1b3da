/* The rules of Python that its grammar does not state, checked over the
 * whole tree after the parse, as CPython's compiler checks them before it
 * runs anything: `return` and `yield` outside a function, `await` outside
 * an async one, `break` and `continue` outside a loop, `nonlocal` at module
 * level, `*x` where no sequence takes it, `x as y` outside a with
 * statement. Host code is checked too: a file that breaks these is not
 * Python, whatever part of it a kernel uses. */
#include "parser_internal.h"

typedef struct Context {
    ParseState *ps;
    bool in_function;
    bool in_async;            /* directly in an async def */
    bool in_loop;             /* break/continue have a loop to leave */
    bool module_level;
    const Node *parent;
} Context;

static void check_node(Context ctx, Node *node);

static void check_child(void *pctx, Node *child)
{
    check_node(*(Context *)pctx, child);
}

static void check_children(Context ctx, Node *node)
{
    ctx.parent = node;
    ast_each_child(node, check_child, &ctx);
}

static void check_list(Context ctx, const Node *parent, NodeList list)
{
    ctx.parent = parent;
    for (int i = 0; i < list.count; i++)
        check_node(ctx, list.items[i]);
}

static void error(const Context *ctx, const Node *node, const char *message)
{
    diag_error(ctx->ps->diag, node->span, "%s", message);
}

/* A def, lambda or class body: a new scope, with no loop around it. */
static void check_scope(Context ctx, Node *node)
{
    ctx.module_level = false;
    ctx.in_loop = false;
    if (node->kind == NODE_CLASSDEF) {
        ctx.in_function = false;
        ctx.in_async = false;
    } else {
        ctx.in_function = true;
        ctx.in_async = node->kind == NODE_FUNCDEF && node->funcdef.is_async;
    }
    check_children(ctx, node);
}

/* A loop's body is in the loop; its else clause is not. */
static void check_loop(Context ctx, Node *node)
{
    Context outer = ctx;
    outer.parent = node;
    Context inner = outer;
    inner.in_loop = true;
    if (node->kind == NODE_FOR) {
        check_node(outer, node->for_stmt.target);
        check_node(outer, node->for_stmt.iter);
        check_list(inner, node, node->for_stmt.body);
        check_list(outer, node, node->for_stmt.else_body);
    } else {
        check_node(outer, node->if_stmt.cond);
        check_list(inner, node, node->if_stmt.body);
        check_list(outer, node, node->if_stmt.else_body);
    }
}

/* Where `*x` may stand: as an element of a tuple, list or set (a
 * sequence pattern too), an argument, an index, or an annotation of
 * *args; never alone in parentheses. */
static bool star_allowed_in(const Node *parent)
{
    if (!parent)
        return false;
    switch (parent->kind) {
    case NODE_TUPLE: case NODE_LIST: case NODE_SET: case NODE_CALL: case NODE_SUBSCRIPT:
    case NODE_PARAM:
        return true;
    default:
        return false;
    }
}

static void check_node(Context ctx, Node *node)
{
    switch (node->kind) {
    case NODE_FUNCDEF: case NODE_LAMBDA: case NODE_CLASSDEF:
        check_scope(ctx, node);
        return;
    case NODE_FOR: case NODE_WHILE:
        check_loop(ctx, node);
        return;
    case NODE_RETURN:
        if (!ctx.in_function)
            error(&ctx, node, "'return' outside function");
        break;
    case NODE_YIELD:
        if (!ctx.in_function)
            error(&ctx, node, "'yield' outside function");
        break;
    case NODE_AWAIT:
        if (!ctx.in_async)
            error(&ctx, node, ctx.in_function ? "'await' outside async function" : "'await' outside function");
        break;
    case NODE_BREAK: case NODE_CONTINUE:
        if (!ctx.in_loop)
            error(&ctx, node, node->kind == NODE_BREAK ? "'break' outside loop" : "'continue' outside loop");
        break;
    case NODE_NONLOCAL:
        if (ctx.module_level)
            error(&ctx, node, "nonlocal declaration not allowed at module level");
        break;
    case NODE_STARRED:
        if (!star_allowed_in(ctx.parent) || node->parens)
            error(&ctx, node, "cannot use starred expression here");
        break;
    case NODE_WITH_ITEM:
        if (!ctx.parent || ctx.parent->kind != NODE_WITH)
            error(&ctx, node, "invalid syntax: 'as' belongs in a with statement here");
        break;
    default:
        break;
    }
    check_children(ctx, node);
}

void parse_check_module(ParseState *ps, Node *module)
{
    Context ctx = {ps, false, false, false, true, NULL};
    check_list(ctx, module, module->module.body);
}
