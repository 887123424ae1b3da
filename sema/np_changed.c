/* Whether host code changes a global array after the module builds it.
 * Numba freezes the array as it is when the kernel compiles, at its first
 * launch: after `A = np.zeros(4)`, a later `A[0] = 1` (at module level, or
 * in a function that runs before the launch) is in the frozen value, and
 * pykc, which computes only what the binding builds, would be wrong. So a
 * global array that code may change is a host binding instead.
 *
 * The scan is syntactic, over the scope that binds the array and every
 * function inside it that does not bind the name itself: a store into an
 * element or an attribute (`A[i] = v`, `A[i] += v`, `del A[i]`,
 * `A.shape = s`), a method that changes the array in place (`A.fill(0)`,
 * `A.sort()`, ...), the array passed as `out=`, to np.copyto and the like,
 * to a kernel launch (Numba copies the device's array back) or to a
 * function the module defines; and the same for a name bound to the
 * array itself (`B = A`). */
#include "np_eval.h"
#include "scope.h"

#include <string.h>

enum { MAX_ALIASES = 8 };

typedef struct Scan {
    Str names[MAX_ALIASES];       /* the array's name and its aliases */
    int count;
    const Node *change;           /* the first statement or call that changes it */
    Scope *module;
} Scan;

static bool is_name(const Scan *scan, const Node *node)
{
    if (!node || node->kind != NODE_NAME)
        return false;
    for (int i = 0; i < scan->count; i++)
        if (str_eq(node->name.id, scan->names[i]))
            return true;
    return false;
}

/* A[i], A[i][j], A.attr, A[i].attr: the name under a store target. */
static bool stores_into(const Scan *scan, const Node *target)
{
    if (target->kind == NODE_TUPLE || target->kind == NODE_LIST) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            if (stores_into(scan, target->tuple.elts.items[i]))
                return true;
        return false;
    }
    if (target->kind != NODE_SUBSCRIPT && target->kind != NODE_ATTRIBUTE)
        return false;
    const Node *base = target->kind == NODE_SUBSCRIPT ? target->subscript.value : target->attribute.value;
    while (base->kind == NODE_SUBSCRIPT || base->kind == NODE_ATTRIBUTE)
        base = base->kind == NODE_SUBSCRIPT ? base->subscript.value : base->attribute.value;
    return is_name(scan, base);
}

static bool is_in(Str name, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (str_eq_cstr(name, names[i]))
            return true;
    return false;
}

/* A call that may change an argument that is the array. */
static bool call_changes(Scan *scan, const Node *call)
{
    static const char *const methods[] = {
        "fill", "sort", "put", "itemset", "resize", "setfield", "partition", "byteswap", "clip", NULL,
    };
    static const char *const writers[] = {"copyto", "put", "place", "putmask", "fill_diagonal", "shuffle", NULL};
    const Node *f = call->call.func;
    if (f->kind == NODE_ATTRIBUTE && is_name(scan, f->attribute.value) && is_in(f->attribute.attr, methods))
        return true;
    for (int k = 0; k < call->call.keywords.count; k++)
        if (str_eq_cstr(call->call.keywords.items[k]->keyword.name, "out") &&
            is_name(scan, call->call.keywords.items[k]->keyword.value))
            return true;
    bool passed = false;
    for (int i = 0; i < call->call.args.count; i++)
        passed |= is_name(scan, call->call.args.items[i]);
    if (!passed)
        return false;
    if (f->kind == NODE_SUBSCRIPT)    /* kernel[grid, block](A) */
        return true;
    if (f->kind == NODE_ATTRIBUTE && is_in(f->attribute.attr, writers) && call->call.args.count &&
        is_name(scan, call->call.args.items[0]))
        return true;
    Scope *where;
    return f->kind == NODE_NAME && sema_scope_find_def(scan->module, f->name.id, &where) != NULL;
}

/* Whether a function binds the name itself (a parameter, an assignment),
 * so that its uses are not the array's. */
static bool shadows(const Scan *scan, const Node *def)
{
    for (int i = 0; i < def->funcdef.params.count; i++)
        for (int k = 0; k < scan->count; k++)
            if (str_eq(def->funcdef.params.items[i]->param.name, scan->names[k]))
                return true;
    for (int i = 0; i < def->funcdef.body.count; i++) {
        const Node *s = def->funcdef.body.items[i];
        if (s->kind == NODE_ASSIGN)
            for (int t = 0; t < s->assign.targets.count; t++)
                if (is_name(scan, s->assign.targets.items[t]))
                    return true;
    }
    return false;
}

/* A @cuda.jit function: a store there into the array is sema's error. */
static bool is_jitted(const Node *def)
{
    for (int i = 0; i < def->funcdef.decorators.count; i++) {
        Span s = def->funcdef.decorators.items[i]->span;
        for (uint32_t k = s.begin; k + 3 <= s.end; k++)
            if (memcmp(s.src->text + k, "jit", 3) == 0)
                return true;
    }
    return false;
}

static void visit(void *ctx, Node *node);

static void scan_node(Scan *scan, Node *node)
{
    if (scan->change)
        return;
    switch (node->kind) {
    case NODE_FUNCDEF:
        if (shadows(scan, node) || is_jitted(node))
            return;
        break;
    case NODE_ASSIGN:
        for (int t = 0; t < node->assign.targets.count; t++) {
            Node *target = node->assign.targets.items[t];
            if (stores_into(scan, target))
                scan->change = node;
            else if (is_name(scan, node->assign.value) && target->kind == NODE_NAME && scan->count < MAX_ALIASES)
                scan->names[scan->count++] = target->name.id;   /* B = A: B is the array too */
        }
        break;
    case NODE_AUG_ASSIGN:
        if (stores_into(scan, node->aug_assign.target))
            scan->change = node;
        break;
    case NODE_DELETE:
        for (int t = 0; t < node->delete.targets.count; t++)
            if (stores_into(scan, node->delete.targets.items[t]))
                scan->change = node;
        break;
    case NODE_CALL:
        if (call_changes(scan, node))
            scan->change = node;
        break;
    default:
        break;
    }
    ast_each_child(node, visit, scan);
}

static void visit(void *ctx, Node *node)
{
    scan_node(ctx, node);
}

const char *sema_np_changed(Sema *sema, Scope *scope, Str name)
{
    Scan scan = {.names = {name}, .count = 1, .module = sema_scope_module(scope)};
    if (scope->node->kind == NODE_FUNCDEF) {
        for (int i = 0; i < scope->node->funcdef.body.count; i++)
            scan_node(&scan, scope->node->funcdef.body.items[i]);
    } else {
        scan_node(&scan, scope->node);
    }
    /* A second pass sees the uses of aliases bound after them. */
    if (!scan.change && scan.count > 1)
        scan_node(&scan, scope->node);
    if (!scan.change)
        return NULL;
    return arena_printf(sema->arena, "a NumPy array that code changes after building it (line %d), "
                        "where pykc computes only the value it is built with",
                        source_locate(scan.change->span.src, scan.change->span.begin).line);
}
