/* Cache-hinted loads and stores: cuda.ldca/ldcg/ldcs/ldlu/ldcv(array, i)
 * return the element (the array's dtype), cuda.stcg/stcs/stwb/stwt(array,
 * i, value) store value converted to the dtype and return nothing. Typed as
 * numba-cuda's cache_hints.py does: an integer or float dtype (float16
 * included, bool not), and an index that is one integer for a 1-d array or
 * a tuple of ndim integers of one type. pykc also wants a global-memory
 * array: the instruction is ld.global/st.global, which on a shared or local
 * array's address is undefined. codegen/cg_cache_hints.c lowers them. */
#include "sema_internal.h"

#include <string.h>

static bool is_store(Builtin id) { return id >= BUILTIN_STCG; }

bool sema_is_cache_hint_builtin(int id)
{
    return id >= BUILTIN_LDCA && id <= BUILTIN_STWT;
}

Value sema_cache_hint_function(Str name)
{
    for (int id = BUILTIN_LDCA; id <= BUILTIN_STWT; id++)
        if (str_eq_cstr(name, sema_builtin_spelling((Builtin)id) + strlen("cuda.")))
            return (Value){.kind = VAL_BUILTIN, .id = id};
    return sema_value_error();
}

static bool check_array(FuncCtx *ctx, const char *name, Node *arg)
{
    const Type *array = sema_check_value(ctx, arg);
    if (!array)
        return false;
    if (array->kind != TYPE_ARRAY) {
        sema_report(ctx, arg->span, "'%s' operates on arrays, not '%s'", name, array->name);
        return false;
    }
    if (!type_is_int(array->dtype) && !type_is_float(array->dtype)) {
        sema_report(ctx, arg->span, "'%s' needs an array of integers or floats, not '%s'", name, array->name);
        return false;
    }
    if (array->space != MEM_GLOBAL) {
        sema_report(ctx, arg->span, "'%s' needs a global-memory array (it is a ld/st.global instruction), "
                    "and this is a %s-memory array", name, sema_space_name(array->space));
        return false;
    }
    return true;
}

/* The index: Numba wants an Integer for a 1-d array, or a UniTuple of
 * integers of length ndim (a tuple mixing integer types is not one; an
 * integer literal counts as int64). */
static bool check_index(FuncCtx *ctx, const char *name, Node **index, int ndim)
{
    Node *node = *index;
    int count = node->kind == NODE_TUPLE ? node->tuple.elts.count : 1;
    if (node->kind != NODE_TUPLE && ndim != 1) {
        sema_report(ctx, node->span, "'%s' of %s %d-d array takes a tuple of %d indices, not one integer",
                    name, sema_a_or_an(ndim), ndim, ndim);
        return false;
    }
    if (count != ndim) {
        sema_report(ctx, node->span, "'%s' of %s %d-d array takes %d ind%s, not %d", name, sema_a_or_an(ndim),
                    ndim, ndim, ndim == 1 ? "ex" : "ices", count);
        return false;
    }
    const Type *first = NULL;
    for (int i = 0; i < count; i++) {
        Node *elt = node->kind == NODE_TUPLE ? node->tuple.elts.items[i] : node;
        const Type *t = elt->kind == NODE_SLICE ? NULL : sema_check_value(ctx, elt);
        if (elt->kind == NODE_SLICE || (t && !type_is_int(t))) {
            if (t)
                sema_report(ctx, elt->span, "'%s' takes integer indices, not '%s'", name, t->name);
            else
                sema_report(ctx, elt->span, "'%s' takes integer indices, not a slice", name);
            return false;
        }
        if (!t)
            return false;
        if (first && t != first) {
            sema_report(ctx, node->span, "'%s' takes a tuple of indices of one integer type, not '%s' "
                        "and '%s': convert them, e.g. with int64()", name, first->name, t->name);
            return false;
        }
        first = first ? first : t;
    }
    return sema_index_type(ctx, index, ndim, node->span) != NULL;
}

Value sema_check_cache_hint(FuncCtx *ctx, Node *call, Builtin id)
{
    const char *name = sema_builtin_spelling(id);
    int want = is_store(id) ? 3 : 2;
    NodeList *args = &call->call.args;
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", name);
        return sema_value_error();
    }
    if (args->count != want) {
        sema_report(ctx, call->span, "'%s' takes %d arguments (%s), not %d", name, want,
                    is_store(id) ? "an array, an index and a value" : "an array and an index", args->count);
        return sema_value_error();
    }
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' can only be called in a kernel or a device function", name);
        return sema_value_error();
    }
    if (!check_array(ctx, name, args->items[0]))
        return sema_value_error();
    const Type *array = args->items[0]->type;
    bool ok = check_index(ctx, name, &args->items[1], array->ndim);
    if (is_store(id)) {
        const Type *value = sema_check_value(ctx, args->items[2]);
        if (value && !type_is_scalar(value)) {
            sema_report(ctx, args->items[2]->span, "'%s' stores a number, not '%s'", name, value->name);
            value = NULL;
        }
        if (value)
            args->items[2] = sema_convert(ctx, args->items[2], array->dtype);
        ok &= value != NULL;
    }
    if (!ok)
        return sema_value_error();
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = is_store(id) ? &type_none_t : array->dtype;
    return sema_value_runtime(call->type);
}
