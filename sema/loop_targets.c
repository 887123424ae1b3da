/* A name that several for loops take as their target, and that is read
 * only inside those loops' bodies, is one variable per loop in Numba: its
 * SSA form gives each loop's definitions their own versions, which never
 * meet at a join, so each loop may bind values of a different type
 *
 *     for v in (a2, b2):  ...v.x, v.y...      # v: float32x2
 *     for v in (a3, b3):  ...v.x, v.y, v.z... # v: float32x3
 *
 * pykc types a local once, over all its assignments; so before a function
 * is typed, such a name is renamed in each loop after the first (in every
 * loop when the function also defines it elsewhere: a parameter, an
 * assignment) to v.loop2, v.loop3, ... . The rule is kept to what makes the
 * split exact: a read inside a loop's body sees only that loop's
 * definitions, since each iteration starts by binding the target, and no
 * read elsewhere sees them. A name some loop nests in another loop of the
 * same target, reads in an else clause or outside the loops, or a function
 * with nested scopes (def, lambda, comprehensions) or global declarations,
 * keeps its one variable. Runs once per function body, before its locals
 * are collected (function.c). */
#include "sema_internal.h"

#include <string.h>

typedef struct Scan {
    Str name;
    Node **loops;             /* the for loops whose target is `name` */
    int loop_count, loop_cap;
    Arena *arena;
    bool defined_outside;     /* assigned somewhere outside those loops */
    bool keep;                /* the rule does not hold: leave the name alone */
} Scan;

static void scan_node(Scan *scan, Node *node, bool in_loop);

static bool is_target_loop(const Scan *scan, const Node *node)
{
    return node->kind == NODE_FOR && node->for_stmt.target->kind == NODE_NAME &&
           str_eq(node->for_stmt.target->name.id, scan->name);
}

static void scan_list(Scan *scan, NodeList *list, bool in_loop)
{
    for (int i = 0; i < list->count; i++)
        scan_node(scan, list->items[i], in_loop);
}

/* An assignment's target: names bound, elements and attributes read. */
static void scan_store(Scan *scan, Node *target, bool in_loop)
{
    if (target->kind == NODE_NAME) {
        if (str_eq(target->name.id, scan->name) && !in_loop)
            scan->defined_outside = true;
    } else if (target->kind == NODE_TUPLE || target->kind == NODE_LIST) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            scan_store(scan, target->tuple.elts.items[i], in_loop);
    } else
        scan_node(scan, target, in_loop);
}

static void scan_loop(Scan *scan, Node *loop, bool in_loop)
{
    scan_node(scan, loop->for_stmt.iter, in_loop);
    if (in_loop || loop->for_stmt.else_body.count) {
        scan->keep = true;
        return;
    }
    if (scan->loop_count == scan->loop_cap) {
        int cap = scan->loop_cap ? 2 * scan->loop_cap : 4;
        Node **grown = ARENA_ARRAY(scan->arena, Node *, cap);
        if (scan->loop_count)
            memcpy(grown, scan->loops, sizeof *grown * (size_t)scan->loop_count);
        scan->loops = grown;
        scan->loop_cap = cap;
    }
    scan->loops[scan->loop_count++] = loop;
    scan_list(scan, &loop->for_stmt.body, true);
}

static void visit_child(void *ctx, Node *child);

/* in_loop: inside the body of one of the name's loops. Any Name not in a
 * store position is a read (del, with-as and := targets too: kept). */
static void scan_node(Scan *scan, Node *node, bool in_loop)
{
    switch (node->kind) {
    case NODE_FUNCDEF: case NODE_LAMBDA: case NODE_CLASSDEF: case NODE_COMPREHENSION:
    case NODE_GLOBAL: case NODE_NONLOCAL:
        scan->keep = true;
        return;
    case NODE_NAME:
        if (str_eq(node->name.id, scan->name) && !in_loop)
            scan->keep = true;
        return;
    case NODE_ASSIGN:
        for (int i = 0; i < node->assign.targets.count; i++)
            scan_store(scan, node->assign.targets.items[i], in_loop);
        scan_node(scan, node->assign.value, in_loop);
        return;
    case NODE_FOR:
        if (is_target_loop(scan, node)) {
            scan_loop(scan, node, in_loop);
            return;
        }
        scan_store(scan, node->for_stmt.target, in_loop);
        scan_node(scan, node->for_stmt.iter, in_loop);
        scan_list(scan, &node->for_stmt.body, in_loop);
        scan_list(scan, &node->for_stmt.else_body, in_loop);
        return;
    default: {
        struct { Scan *scan; bool in_loop; } ctx = {scan, in_loop};
        ast_each_child(node, visit_child, &ctx);
        return;
    }
    }
}

static void visit_child(void *ctx, Node *child)
{
    struct { Scan *scan; bool in_loop; } *c = ctx;
    scan_node(c->scan, child, c->in_loop);
}

static void split_name(Arena *arena, FuncInfo *func, NodeList *body, Str name)
{
    Scan scan = {.name = name, .arena = arena};
    for (int i = 0; i < func->def->funcdef.params.count; i++)
        if (str_eq(func->def->funcdef.params.items[i]->param.name, name))
            scan.defined_outside = true;
    scan_list(&scan, body, false);
    if (scan.keep || scan.loop_count < 2)
        return;
    for (int k = scan.defined_outside ? 0 : 1; k < scan.loop_count; k++) {
        Str own = str_from_cstr(arena_printf(arena, "%.*s.loop%d", STR_ARG(name), k + 1));
        ast_rename(scan.loops[k]->for_stmt.target, name, own);
        for (int i = 0; i < scan.loops[k]->for_stmt.body.count; i++)
            ast_rename(scan.loops[k]->for_stmt.body.items[i], name, own);
    }
}

/* The names of for loop targets, each once (a renamed one has a '.'). */
static void collect_targets(void *ctx, Node *node)
{
    struct { Arena *arena; Str *names; int count, cap; } *c = ctx;
    if (node->kind == NODE_FOR && node->for_stmt.target->kind == NODE_NAME) {
        Str id = node->for_stmt.target->name.id;
        bool seen = memchr(id.ptr, '.', (size_t)id.len) != NULL;
        for (int i = 0; i < c->count && !seen; i++)
            seen = str_eq(c->names[i], id);
        if (!seen && c->count < c->cap)
            c->names[c->count++] = id;
    }
    ast_each_child(node, collect_targets, ctx);
}

void sema_split_loop_targets(Sema *sema, FuncInfo *func)
{
    enum { MAX_NAMES = 64 };
    Str names[MAX_NAMES];
    struct { Arena *arena; Str *names; int count, cap; } targets = {sema->arena, names, 0, MAX_NAMES};
    NodeList *body = &func->def->funcdef.body;
    for (int i = 0; i < body->count; i++)
        collect_targets(&targets, body->items[i]);
    for (int i = 0; i < targets.count; i++)
        split_name(sema->arena, func, body, names[i]);
}
