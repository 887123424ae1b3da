/* Which stores a subtree makes to a local, and the bounds of a local's
 * value where one assignment decides it.
 *
 * Kernels name their stride before the loop that uses it:
 *     stride = cuda.gridsize(1)
 *     for i in range(start, n, stride): ...
 * A local of the function stored exactly once, by a top-level statement
 * `NAME = EXPR` that no earlier statement (nor EXPR itself) reads, holds
 * EXPR's value at every read: statements of the body's top level run in
 * order, so each read comes after that statement ran. Its bounds are
 * EXPR's (cg_int_bounds), which is what proves the loop's step positive and
 * its induction variable free of wrapping (cg_stride_loop.c). Anything less
 * plain (a store in a branch, a second store, an augmented assignment, a
 * nested function or a statement binding names of its own) gives no bounds:
 * the loop then takes the general path, correct for any values. */
#include "cg_internal.h"

/* Name lookups through chains of such locals (a = ...; b = a * 2; ...)
 * stop at this depth: each costs a walk of the body. */
#define MAX_NAME_DEPTH 8

typedef struct SymbolSearch {
    const Symbol *sym;
    bool found;
} SymbolSearch;

static bool target_is(const Node *t, const Symbol *sym)
{
    return t && t->kind == NODE_NAME && t->name.sym == sym;
}

/* Whether an assignment target stores to sym: the name itself, or a
 * tuple or list of targets holding it (a[i] and r.f store elsewhere). */
static bool stores_to(const Node *t, const Symbol *sym)
{
    if (t->kind == NODE_STARRED)
        return stores_to(t->starred.value, sym);
    if (t->kind == NODE_TUPLE || t->kind == NODE_LIST) {
        for (int k = 0; k < t->tuple.elts.count; k++)
            if (stores_to(t->tuple.elts.items[k], sym))
                return true;
        return false;
    }
    return target_is(t, sym);
}

/* Any store to sym in a subtree: an assignment's targets (tuples too), an
 * augmented or annotated assignment, a for target, a walrus; and, without
 * looking closer, anything else that binds or unbinds names. */
static void find_store(void *ctx, Node *n)
{
    SymbolSearch *s = ctx;
    if (s->found || !n)
        return;
    switch (n->kind) {
    case NODE_ASSIGN:
        for (int i = 0; i < n->assign.targets.count; i++)
            if (stores_to(n->assign.targets.items[i], s->sym))
                s->found = true;
        break;
    case NODE_AUG_ASSIGN:
        if (stores_to(n->aug_assign.target, s->sym))
            s->found = true;
        break;
    case NODE_ANN_ASSIGN:
        if (target_is(n->ann_assign.target, s->sym))
            s->found = true;
        break;
    case NODE_FOR:
        if (!n->for_stmt.target || stores_to(n->for_stmt.target, s->sym))
            s->found = true;
        break;
    case NODE_NAMED_EXPR:
        if (target_is(n->named_expr.target, s->sym))
            s->found = true;
        break;
    case NODE_FUNCDEF: case NODE_LAMBDA: case NODE_CLASSDEF: case NODE_GLOBAL:
    case NODE_NONLOCAL: case NODE_DELETE: case NODE_IMPORT: case NODE_IMPORT_FROM:
    case NODE_WITH_ITEM: case NODE_EXCEPT: case NODE_MATCH: case NODE_COMP_FOR:
        s->found = true;
        break;
    default:
        break;
    }
    if (!s->found)
        ast_each_child(n, find_store, ctx);
}

bool cg_stores_to(const Node *subtree, const Symbol *sym)
{
    SymbolSearch s = {sym, false};
    find_store(&s, (Node *)subtree);
    return s.found;
}

static void find_read(void *ctx, Node *n)
{
    SymbolSearch *s = ctx;
    if (s->found || !n)
        return;
    if (n->kind == NODE_NAME && n->name.sym == s->sym) {
        s->found = true;
        return;
    }
    ast_each_child(n, find_read, ctx);
}

static bool reads(const Node *subtree, const Symbol *sym)
{
    SymbolSearch s = {sym, false};
    find_read(&s, (Node *)subtree);
    return s.found;
}

/* `NAME = EXPR` (or `a = NAME = EXPR`): every target a plain name. */
static const Node *defining_value(const Node *stmt, const Symbol *sym)
{
    if (stmt->kind != NODE_ASSIGN)
        return NULL;
    bool names_sym = false;
    for (int i = 0; i < stmt->assign.targets.count; i++) {
        const Node *t = stmt->assign.targets.items[i];
        if (t->kind != NODE_NAME)
            return NULL;
        names_sym |= t->name.sym == sym;
    }
    return names_sym ? stmt->assign.value : NULL;
}

bool cg_local_bounds(const Node *funcdef, const Symbol *sym, int depth, int64_t *lo, int64_t *hi)
{
    if (!funcdef || !sym || sym->kind != SYM_LOCAL || sym->param_index >= 0 || depth >= MAX_NAME_DEPTH)
        return false;
    const NodeList *body = &funcdef->funcdef.body;
    const Node *value = NULL;
    for (int i = 0; i < body->count; i++) {
        const Node *stmt = body->items[i];
        const Node *v = value ? NULL : defining_value(stmt, sym);
        if (v) {
            if (reads(v, sym))
                return false;
            value = v;
            continue;
        }
        if (cg_stores_to(stmt, sym) || (!value && reads(stmt, sym)))
            return false;
    }
    if (!value || value->type != sym->type)
        return false;
    return cg_int_bounds_at(funcdef, depth + 1, value, lo, hi);
}
