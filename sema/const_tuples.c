/* Tuples of NumPy arrays in kernels: `cases = (np.float64([1, 2]),
 * np.int64([[1], [2]]))` at module level, or captured by a kernel's
 * closure (given by --bind). Numba types such a global as a tuple of
 * arrays and lowers each array as it lowers a global array, into constant
 * memory (the BaseTuple constant of its lowering is its elements'
 * constants); kernels mostly loop over it with literal_unroll.
 *
 * pykc keeps the tuple as a module tuple (bind.c's tree of constant
 * leaves, expanded into a literal tuple at each use) whose array leaves
 * are names bound to one constant array each (const_arrays.c): the leaf is
 * a Name node that carries its Symbol, marked tuple_element, named after
 * its place (`cases[1]`), which no lookup finds; checking it uses that
 * Symbol. Each array is one global named after its place too (cases_1),
 * emitted only if a kernel reads it. */
#include "np_eval.h"
#include "scope.h"

#include <string.h>

static bool holds_array(const NpVal *v)
{
    if (v->kind == NPV_ARRAY)
        return true;
    for (int i = 0; v->kind == NPV_SEQ && i < v->count; i++)
        if (holds_array(&v->items[i]))
            return true;
    return false;
}

bool sema_is_const_tuple_element(const Node *node)
{
    return node->kind == NODE_NAME && node->name.sym && node->name.sym->tuple_element;
}

Value sema_check_const_tuple_element(FuncCtx *ctx, Node *node)
{
    Symbol *sym = node->name.sym;
    sema_use_const_array(ctx, node->span, sym->array);
    node->type = sym->type;
    return sema_value_runtime(sym->type);
}

Node *sema_copy_const_tuple_element(Arena *arena, const Node *leaf, Span at)
{
    Node *copy = ast_new(arena, NODE_NAME, at);
    copy->name = leaf->name;
    copy->type = leaf->type;
    return copy;
}

typedef struct Build {
    NpCtx *np;
    const char *why;   /* the first element pykc cannot make a constant of */
} Build;

static Node *array_leaf(Build *b, const NpArr *arr, Str place, Str global, Span at)
{
    Sema *sema = b->np->sema;
    if (arr->ndim == 0) {
        b->why = arena_printf(sema->arena, "'%.*s' is a 0-d NumPy array, which pykc does not support yet",
                              STR_ARG(place));
        return NULL;
    }
    ConstArray *ca = np_arr_freeze(b->np, arr, global);
    Symbol *sym = ARENA_NEW(sema->arena, Symbol);
    sym->kind = SYM_CONST;
    sym->name = place;
    sym->def = at;
    sym->param_index = -1;
    sym->type = ca->type;
    sym->array = ca;
    sym->tuple_element = true;
    Node *leaf = ast_new(sema->arena, NODE_NAME, at);
    leaf->name.id = place;
    leaf->name.sym = sym;
    leaf->type = ca->type;
    return leaf;
}

static Node *scalar_leaf(Build *b, const NpVal *v, Str place, Span at)
{
    Arena *arena = b->np->sema->arena;
    switch (v->kind) {
    case NPV_INT: return sema_constant_leaf(arena, v->wide ? &type_uint64_t : &type_int64_t, v->num, at);
    case NPV_FLOAT: return sema_constant_leaf(arena, &type_float64_t, v->num, at);
    case NPV_BOOL: return sema_constant_leaf(arena, &type_bool_t, v->num, at);
    case NPV_SCALAR: return sema_constant_leaf(arena, v->dtype, v->num, at);
    default:
        b->why = arena_printf(arena, "'%.*s' is not an array or a number, which pykc does not support in a "
                              "tuple of arrays yet", STR_ARG(place));
        return NULL;
    }
}

static Node *build(Build *b, const NpVal *v, Str place, Str global, Span at)
{
    Sema *sema = b->np->sema;
    if (v->kind == NPV_ARRAY)
        return array_leaf(b, v->arr, place, global, at);
    if (v->kind != NPV_SEQ)
        return scalar_leaf(b, v, place, at);
    if (v->list) {
        b->why = arena_printf(sema->arena, "'%.*s' is a list: Numba refuses a list in a kernel's globals "
                              "(only tuples are constants)", STR_ARG(place));
        return NULL;
    }
    Node *tuple = ast_new(sema->arena, NODE_TUPLE, at);
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, v->count + 1);
    for (int i = 0; i < v->count; i++) {
        Str inner = str_from_cstr(arena_printf(sema->arena, "%.*s[%d]", STR_ARG(place), i));
        Str inner_global = str_from_cstr(arena_printf(sema->arena, "%.*s_%d", STR_ARG(global), i));
        Node *elt = build(b, &v->items[i], inner, inner_global, at);
        if (!elt)
            return NULL;
        types[i] = elt->type;
        ast_list_push(sema->arena, &tuple->tuple.elts, elt);
    }
    tuple->type = type_tuple(sema->types, types, v->count);
    return tuple;
}

Symbol *sema_np_tuple_binding(Sema *sema, NpCtx *ctx, Binding *binding, const NpVal *v)
{
    if (v->kind != NPV_SEQ || !holds_array(v))
        return NULL;
    if (v->list)
        return sema_host_symbol(sema, binding->name, binding->at,
                                "a list of NumPy arrays: Numba refuses a list in a kernel's globals (only "
                                "tuples are constants)");
    const char *changed = sema_np_changed(sema, ctx->scope, binding->name);
    if (changed)
        return sema_host_symbol(sema, binding->name, binding->at, changed);
    Build b = {.np = ctx};
    Node *tree = build(&b, v, binding->name, binding->name, binding->at);
    if (!tree)
        return sema_host_symbol(sema, binding->name, binding->at,
                                arena_printf(sema->arena, "a tuple of NumPy arrays pykc cannot make a "
                                             "constant of: %s", b.why));
    Symbol *sym = ARENA_NEW(sema->arena, Symbol);
    sym->kind = SYM_CONST;
    sym->name = binding->name;
    sym->def = binding->at;
    sym->param_index = -1;
    sym->type = tree->type;
    sym->tuple = tree;
    sym->np = v;
    if (binding->target)
        binding->target->type = tree->type;   /* for --dump-types */
    return sym;
}
