/* Constant indices out of the bounds of a constant shape (docs/
 * diagnostics.md, "Constant index out of bounds").
 *
 * A shared or local array has a shape known at compile time, and GPU code
 * does no bounds checking: s[40] on a 32-element shared array reads or
 * writes another array's memory, or past the block's, silently. When the
 * index of a load, a store, an augmented assignment or an atomic is a
 * compile-time constant in some dimension (a literal, a module constant, a
 * local assigned a constant once, or arithmetic folded from them), it is
 * checked against that dimension's extent: Numba wraps a negative index
 * once, so -extent <= i < extent is in bounds.
 *
 * The array is known by its name: a local assigned once, from the
 * cuda.shared.array or cuda.local.array call. Views, aliases, arrays passed
 * to device functions and dynamic shared memory (shape 0) have no extent
 * here, nor have global arrays. Code under a constant-false condition (if
 * N > 32: ...) is not checked: it never runs. Other constant shapes that
 * are invalid (zero, negative, too large) are errors of shared.c, and
 * constant tuple indices out of range are errors of expr.c. */
#include "analysis.h"

/* An array whose shape this check knows. */
typedef struct KnownArray {
    const Symbol *sym;
    const Node *call;          /* the cuda.shared.array / cuda.local.array call */
    int ndim;
    int64_t dims[TYPE_MAX_NDIM];
} KnownArray;

typedef struct IndexCheck {
    Sema *sema;
    KnownArray *arrays;
    int count, capacity;
} IndexCheck;

static const Node *shape_argument(const Node *call)
{
    const NodeList *kws = &call->call.keywords;
    for (int i = 0; i < kws->count; i++)
        if (str_eq_cstr(kws->items[i]->keyword.name, "shape"))
            return kws->items[i]->keyword.value;
    return call->call.args.count > 0 ? call->call.args.items[0] : NULL;
}

/* The call's constant shape (sema checked it); false for dynamic shared
 * memory, whose size only the launch knows. */
static bool read_shape(const Node *call, KnownArray *out)
{
    const Node *shape = shape_argument(call);
    if (!shape || !call->type || call->type->kind != TYPE_ARRAY)
        return false;
    out->ndim = call->type->ndim;
    int count = shape->kind == NODE_TUPLE ? shape->tuple.elts.count : 1;
    if (count != out->ndim || count > TYPE_MAX_NDIM)
        return false;
    for (int i = 0; i < count; i++) {
        const Node *dim = shape->kind == NODE_TUPLE ? shape->tuple.elts.items[i] : shape;
        if (dim->konst.kind != CONST_INT || dim->konst.i <= 0)
            return false;
        out->dims[i] = dim->konst.i;
    }
    return true;
}

static void add_array(IndexCheck *check, KnownArray array)
{
    if (check->count == check->capacity) {
        int capacity = check->capacity ? check->capacity * 2 : 8;
        KnownArray *grown = ARENA_ARRAY(check->sema->arena, KnownArray, capacity);
        for (int i = 0; i < check->count; i++)
            grown[i] = check->arrays[i];
        check->arrays = grown;
        check->capacity = capacity;
    }
    check->arrays[check->count++] = array;
}

/* name = cuda.shared.array(...) / cuda.local.array(...), the name's only
 * assignment. */
static void collect_arrays(void *ctx, Node *node)
{
    IndexCheck *check = ctx;
    if (node->kind == NODE_ASSIGN && node->assign.targets.count == 1) {
        const Node *target = node->assign.targets.items[0];
        const Node *value = node->assign.value;
        const Symbol *sym = target->kind == NODE_NAME ? target->name.sym : NULL;
        bool is_decl = value->kind == NODE_CALL && (value->call.builtin == BUILTIN_SHARED_ARRAY ||
                                                    value->call.builtin == BUILTIN_LOCAL_ARRAY);
        KnownArray array = {.sym = sym, .call = value};
        if (sym && sym->kind == SYM_LOCAL && sym->assign_count == 1 && is_decl && read_shape(value, &array))
            add_array(check, array);
    }
    ast_each_child(node, collect_arrays, check);
}

static const KnownArray *known_array(const IndexCheck *check, const Node *base)
{
    base = analysis_strip_converts(base);
    if (base->kind != NODE_NAME || !base->name.sym)
        return NULL;
    for (int i = 0; i < check->count; i++)
        if (check->arrays[i].sym == base->name.sym)
            return &check->arrays[i];
    return NULL;
}

static void check_axis(IndexCheck *check, const KnownArray *array, int axis, const Node *item)
{
    item = analysis_strip_converts(item);
    if (item->kind == NODE_SLICE || item->konst.kind != CONST_INT || !item->type || !type_is_int(item->type))
        return;
    int64_t extent = array->dims[axis];
    int64_t i = item->konst.i;
    bool huge_unsigned = !item->type->is_signed && i < 0;
    if (!huge_unsigned && i < extent && i >= -extent)
        return;
    Sema *sema = check->sema;
    const char *value = huge_unsigned ? arena_printf(sema->arena, "%llu", (unsigned long long)i)
                                      : arena_printf(sema->arena, "%lld", (long long)i);
    Str name = array->sym->name;
    diag_error(sema->diag, item->span, "index %s is out of bounds for axis %d of '%.*s' with %lld element%s",
               value, axis, STR_ARG(name), (long long)extent, extent == 1 ? "" : "s");
    diag_note(sema->diag, array->call->span, "'%.*s' is a %s array of shape %s, defined here", STR_ARG(name),
              array->call->call.builtin == BUILTIN_SHARED_ARRAY ? "shared" : "local",
              analysis_shape_text(sema->arena, array->dims, array->ndim));
}

/* array[index]: one item, or a tuple of one per dimension. */
static void check_index(IndexCheck *check, const Node *base, const Node *index)
{
    const KnownArray *array = known_array(check, base);
    if (!array)
        return;
    if (index->kind == NODE_TUPLE) {
        for (int axis = 0; axis < index->tuple.elts.count && axis < array->ndim; axis++)
            check_axis(check, array, axis, index->tuple.elts.items[axis]);
    } else if (index->type && type_is_int(index->type)) {
        check_axis(check, array, 0, index);
    }
}

static bool has_constant_truth(const Node *cond, bool *truth)
{
    cond = analysis_strip_converts(cond);
    if (cond->konst.kind == CONST_BOOL)
        return *truth = cond->konst.b, true;
    if (cond->konst.kind == CONST_INT)
        return *truth = cond->konst.i != 0, true;
    return false;
}

static void walk(void *ctx, Node *node);

static void walk_list(IndexCheck *check, NodeList *list)
{
    for (int i = 0; i < list->count; i++)
        walk(check, list->items[i]);
}

static void walk(void *ctx, Node *node)
{
    IndexCheck *check = ctx;
    bool truth;
    switch (node->kind) {
    case NODE_IF:
        if (has_constant_truth(node->if_stmt.cond, &truth)) {
            walk_list(check, truth ? &node->if_stmt.body : &node->if_stmt.else_body);
            return;
        }
        break;
    case NODE_WHILE:
        if (has_constant_truth(node->while_stmt.cond, &truth) && !truth) {
            walk_list(check, &node->while_stmt.else_body);
            return;
        }
        break;
    case NODE_IFEXP:
        if (has_constant_truth(node->ifexp.cond, &truth)) {
            walk(check, truth ? node->ifexp.body : node->ifexp.orelse);
            return;
        }
        break;
    case NODE_SUBSCRIPT:
        check_index(check, node->subscript.value, node->subscript.index);
        break;
    case NODE_CALL:
        if (sema_is_atomic_builtin(node->call.builtin) && node->call.builtin != BUILTIN_ATOMIC_COMPARE_AND_SWAP &&
            node->call.args.count >= 2)
            check_index(check, node->call.args.items[0], node->call.args.items[1]);
        break;
    default:
        break;
    }
    ast_each_child(node, walk, check);
}

/* A later specialisation or overload of one def: the same source, the same
 * constants; the first one reports. */
static bool is_later_copy(const FuncInfo *fi)
{
    if (fi->generic && fi->generic->spec_count && fi->generic->specs[0] != fi)
        return true;
    return fi->overload_of && fi->overload_of->overload_count && fi->overload_of->overloads[0] != fi;
}

void analysis_constant_index(Sema *sema, FuncInfo *fi)
{
    if (!fi->def || is_later_copy(fi))
        return;
    IndexCheck check = {.sema = sema};
    ast_each_child(fi->def, collect_arrays, &check);
    if (check.count)
        walk_list(&check, &fi->def->funcdef.body);
}
