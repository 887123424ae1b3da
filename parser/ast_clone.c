/* A deep copy of a subtree, for sema's specialisation of device functions
 * typed at their call sites: sema annotates the tree in place (types,
 * symbols, inserted Convert nodes), so each specialisation checks its own
 * copy of the FUNCDEF. The copy shares only what nothing writes: spans,
 * strings and a Compare's operator array. Input: a tree sema has not yet
 * touched. Output: fresh nodes in the arena. */
#include "ast.h"

#include <string.h>

static Node *clone(Arena *arena, const Node *node);

/* Capacity as ast_list_push implies it (4, then powers of two), so the
 * copy can still grow through ast_list_push. */
static NodeList clone_list(Arena *arena, NodeList list)
{
    NodeList copy = {0};
    if (!list.count)
        return copy;
    int capacity = 4;
    while (capacity < list.count)
        capacity *= 2;
    copy.items = ARENA_ARRAY(arena, Node *, capacity);
    for (int i = 0; i < list.count; i++)
        copy.items[i] = clone(arena, list.items[i]);
    copy.count = list.count;
    return copy;
}

static void clone_children(Arena *arena, Node *n)
{
    switch (n->kind) {
    case NODE_MODULE: n->module.body = clone_list(arena, n->module.body); break;
    case NODE_FUNCDEF:
        n->funcdef.decorators = clone_list(arena, n->funcdef.decorators);
        n->funcdef.params = clone_list(arena, n->funcdef.params);
        n->funcdef.returns = clone(arena, n->funcdef.returns);
        n->funcdef.body = clone_list(arena, n->funcdef.body);
        break;
    case NODE_PARAM:
        n->param.annotation = clone(arena, n->param.annotation);
        n->param.default_value = clone(arena, n->param.default_value);
        break;
    case NODE_ASSIGN:
        n->assign.targets = clone_list(arena, n->assign.targets);
        n->assign.value = clone(arena, n->assign.value);
        break;
    case NODE_AUG_ASSIGN:
        n->aug_assign.target = clone(arena, n->aug_assign.target);
        n->aug_assign.value = clone(arena, n->aug_assign.value);
        break;
    case NODE_EXPR_STMT: n->expr_stmt.value = clone(arena, n->expr_stmt.value); break;
    case NODE_IF:
    case NODE_WHILE:
        n->if_stmt.cond = clone(arena, n->if_stmt.cond);
        n->if_stmt.body = clone_list(arena, n->if_stmt.body);
        n->if_stmt.else_body = clone_list(arena, n->if_stmt.else_body);
        break;
    case NODE_FOR:
        n->for_stmt.target = clone(arena, n->for_stmt.target);
        n->for_stmt.iter = clone(arena, n->for_stmt.iter);
        n->for_stmt.body = clone_list(arena, n->for_stmt.body);
        n->for_stmt.else_body = clone_list(arena, n->for_stmt.else_body);
        break;
    case NODE_RETURN: n->return_stmt.value = clone(arena, n->return_stmt.value); break;
    case NODE_BINOP:
        n->binop.left = clone(arena, n->binop.left);
        n->binop.right = clone(arena, n->binop.right);
        break;
    case NODE_BOOLOP:
        n->boolop.left = clone(arena, n->boolop.left);
        n->boolop.right = clone(arena, n->boolop.right);
        break;
    case NODE_UNARY: n->unary.operand = clone(arena, n->unary.operand); break;
    case NODE_COMPARE: n->compare.operands = clone_list(arena, n->compare.operands); break;
    case NODE_IFEXP:
        n->ifexp.body = clone(arena, n->ifexp.body);
        n->ifexp.cond = clone(arena, n->ifexp.cond);
        n->ifexp.orelse = clone(arena, n->ifexp.orelse);
        break;
    case NODE_CALL:
        n->call.func = clone(arena, n->call.func);
        n->call.args = clone_list(arena, n->call.args);
        n->call.keywords = clone_list(arena, n->call.keywords);
        break;
    case NODE_KEYWORD: n->keyword.value = clone(arena, n->keyword.value); break;
    case NODE_SUBSCRIPT:
        n->subscript.value = clone(arena, n->subscript.value);
        n->subscript.index = clone(arena, n->subscript.index);
        break;
    case NODE_ATTRIBUTE: n->attribute.value = clone(arena, n->attribute.value); break;
    case NODE_TUPLE: n->tuple.elts = clone_list(arena, n->tuple.elts); break;
    case NODE_SLICE:
        n->slice.lower = clone(arena, n->slice.lower);
        n->slice.upper = clone(arena, n->slice.upper);
        n->slice.step = clone(arena, n->slice.step);
        break;
    case NODE_CONVERT: n->convert.operand = clone(arena, n->convert.operand); break;
    default: break;
    }
}

static Node *clone(Arena *arena, const Node *node)
{
    if (!node)
        return NULL;
    Node *copy = ARENA_NEW(arena, Node);
    memcpy(copy, node, sizeof *copy);
    clone_children(arena, copy);
    return copy;
}

Node *ast_clone(Arena *arena, const Node *node)
{
    return clone(arena, node);
}
