/* numba.literal_unroll(t): a loop over a tuple whose elements have
 * different types (arrays of several dtypes or dimensions, an int and a
 * float). Numba versions the loop body, typing each version for one
 * element; pykc does the same before typing the body: the loop becomes one
 * copy of its body per element, in order, each after `x = t[k]`, with the
 * loop variable renamed in the copies after the first (x.1, x.2, ...) so
 * that each has the type of its own element. A loop over an array or a
 * tuple of one type is an ordinary loop: literal_unroll changes nothing
 * there. */
#include "sema_internal.h"

#include <string.h>

static bool is_literal_unroll(FuncCtx *ctx, const Node *iter)
{
    if (iter->kind != NODE_CALL)
        return false;
    Value f = sema_resolve_static(ctx->sema, iter->call.func);
    return f.kind == VAL_BUILTIN && f.id == CALLABLE_LITERAL_UNROLL;
}

static bool is_heterogeneous(const Type *type)
{
    for (int i = 1; type->kind == TYPE_TUPLE && i < type->count; i++)
        if (type->elts[i] != type->elts[0])
            return true;
    return false;
}

/* `name = seq[k]` */
static Node *element_assignment(Arena *arena, Node *target, Str name, Node *seq, int k)
{
    Node *index = ast_new(arena, NODE_INT, seq->span);
    index->int_lit.value = (uint64_t)k;
    Node *element = ast_new(arena, NODE_SUBSCRIPT, seq->span);
    element->subscript.value = ast_clone(arena, seq);
    element->subscript.index = index;
    Node *assigned = ast_new(arena, NODE_NAME, target->span);
    assigned->name.id = name;
    Node *assign = ast_new(arena, NODE_ASSIGN, target->span);
    ast_list_push(arena, &assign->assign.targets, assigned);
    assign->assign.value = element;
    return assign;
}

/* The loop as its copies, in place: `if True:` holding them, then the
 * loop's else (which runs: the loop has no break). */
static void unroll(FuncCtx *ctx, Node *node, Node *seq, int count)
{
    Arena *arena = ctx->sema->arena;
    Node *target = node->for_stmt.target;
    NodeList body = node->for_stmt.body, else_body = node->for_stmt.else_body, unrolled = {0};
    for (int k = 0; k < count; k++) {
        Str name = target->name.id;
        if (k > 0)
            name = str_from_cstr(arena_printf(arena, "%.*s.%d", STR_ARG(target->name.id), k));
        ast_list_push(arena, &unrolled, element_assignment(arena, target, name, seq, k));
        for (int i = 0; i < body.count; i++) {
            Node *copy = ast_clone(arena, body.items[i]);
            ast_rename(copy, target->name.id, name);
            ast_list_push(arena, &unrolled, copy);
        }
    }
    for (int i = 0; i < else_body.count; i++)
        ast_list_push(arena, &unrolled, else_body.items[i]);
    Span span = node->span;
    Node *always = ast_new(arena, NODE_BOOL, span);
    always->bool_lit.value = true;
    memset(&node->if_stmt, 0, sizeof node->if_stmt);
    node->kind = NODE_IF;
    node->if_stmt.cond = always;
    node->if_stmt.body = unrolled;
    sema_collect_locals(ctx, &node->if_stmt.body);   /* x.1, x.2, ... */
}

bool sema_unroll_literal_loop(FuncCtx *ctx, Node *node)
{
    Node *iter = node->for_stmt.iter;
    if (!is_literal_unroll(ctx, iter))
        return false;
    if (iter->call.args.count != 1 || iter->call.keywords.count) {
        sema_report(ctx, iter->span, "literal_unroll takes one argument: a tuple or an array");
        return true;
    }
    Node *seq = iter->call.args.items[0];
    const Type *type = sema_check_value(ctx, seq);
    if (!type)
        return true;   /* reported, or typed in a later pass */
    if (!is_heterogeneous(type)) {
        node->for_stmt.iter = seq;
        return false;
    }
    Node *target = node->for_stmt.target;
    if (target->kind != NODE_NAME) {
        sema_report(ctx, target->span, "the target of a loop over literal_unroll(...) of a tuple of "
                    "several types must be a name: pykc unrolls such a loop, one copy per element");
        return true;
    }
    const Node *jump = sema_find_jump(&node->for_stmt.body, true);
    if (jump) {
        sema_report(ctx, jump->span, "'%s' in a loop over literal_unroll(...) of a tuple of several types "
                    "is not supported by pykc yet: it unrolls such a loop, one copy per element",
                    jump->kind == NODE_BREAK ? "break" : "continue");
        return true;
    }
    unroll(ctx, node, seq, type->count);
    return true;
}
