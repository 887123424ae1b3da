/* Array subscripts and attributes, typed as Numba types them (numba/core/
 * typing/arraydecl.py, get_array_index_type and ArrayAttribute).
 *
 * An index is one item or a tuple of items, at most one per dimension; an
 * item is an integer, which picks one position and drops its dimension, or
 * a slice start:stop:step, which keeps its dimension. Dimensions after the
 * last item are kept whole. Integers on every dimension give the element;
 * anything else gives a view: an array of the remaining dimensions over the
 * same memory (same memory space), whose layout follows Numba's rule:
 *   - C stays C when, in index order, every item but the last is an integer
 *     and the last is an integer or a slice without a step;
 *   - F stays F only when every dimension is indexed and the same holds in
 *     reverse order (the first item may be a step-less slice);
 *   - anything else is A.
 * A slice "has a step" when its step is written (a[::1] is A, as in Numba,
 * whose slice3 type does not know the step's value), even as None: Numba
 * 0.68 types a[2:n:None] as A (Numba after August 2026 does not).
 *
 * The parts of a slice are converted to int64 (Numba's intp); a None part
 * stands for an omitted one (codegen treats both alike). A constant step
 * of 0 is an error (Numba raises ValueError when it runs). */
#include "sema_internal.h"

#include <string.h>

static Value typed(Node *node, const Type *type)
{
    node->type = type;
    return sema_value_runtime(type);
}

/* The kinds of index item, for the layout rule. */
typedef enum IndexKind { INDEX_INT, INDEX_SLICE, INDEX_STEP_SLICE } IndexKind;

static bool is_constant_zero(const Node *node)
{
    return (node->konst.kind == CONST_INT && node->konst.i == 0) ||
           (node->konst.kind == CONST_BOOL && !node->konst.b);
}

/* One part of a slice: absent, None, or an integer (or bool, which Numba
 * converts to intp too), converted to int64. */
static bool check_slice_part(FuncCtx *ctx, Node **part, const char *what)
{
    if (!*part || (*part)->kind == NODE_NONE)
        return true;
    const Type *type = sema_check_value(ctx, *part);
    if (!type)
        return false;
    if (!type_is_int(type) && type->kind != TYPE_BOOL) {
        sema_report(ctx, (*part)->span, "a slice's %s must be an integer or None, not '%s'", what, type->name);
        return false;
    }
    if (!strcmp(what, "step") && is_constant_zero(*part)) {
        sema_report(ctx, (*part)->span, "a slice's step cannot be zero");
        return false;
    }
    *part = sema_convert(ctx, *part, &type_int64_t);
    return true;
}

static bool check_slice(FuncCtx *ctx, Node *slice, IndexKind *kind)
{
    bool ok = check_slice_part(ctx, &slice->slice.lower, "start");
    ok &= check_slice_part(ctx, &slice->slice.upper, "stop");
    ok &= check_slice_part(ctx, &slice->slice.step, "step");
    *kind = slice->slice.step ? INDEX_STEP_SLICE : INDEX_SLICE;
    return ok;
}

/* An integer index: signed ones become int64, unsigned ones uint64, as
 * Numba normalises them. */
static bool convert_int_index(FuncCtx *ctx, Node **index, const Type *type, bool slice_allowed)
{
    if (!type_is_int(type)) {
        sema_report(ctx, (*index)->span, "an array index must be an integer%s, not '%s'",
                    slice_allowed ? " or a slice" : "", type->name);
        return false;
    }
    *index = sema_convert(ctx, *index, type->is_signed ? &type_int64_t : &type_uint64_t);
    return true;
}

static bool check_int_index(FuncCtx *ctx, Node **index, bool slice_allowed)
{
    const Type *type = sema_check_value(ctx, *index);
    return type && convert_int_index(ctx, index, type, slice_allowed);
}

static bool check_item(FuncCtx *ctx, Node **item, IndexKind *kind, bool slice_allowed)
{
    if ((*item)->kind == NODE_SLICE)
        return check_slice(ctx, *item, kind);
    *kind = INDEX_INT;
    return check_int_index(ctx, item, slice_allowed);
}

/* A tuple-typed index value (idx = cuda.grid(2); a[idx]): integers only. */
static bool check_tuple_value_index(FuncCtx *ctx, Node *index, const Type *type)
{
    for (int i = 0; i < type->count; i++)
        if (!type_is_int(type->elts[i])) {
            sema_report(ctx, index->span, "an array index must be integers, not '%s'", type->name);
            return false;
        }
    return true;
}

/* Numba's check_contiguity: items from the outermost to the innermost in
 * memory order; only integers and, innermost, a step-less slice keep it. */
static bool keeps_contiguity(const IndexKind *items, int count)
{
    for (int i = 0; i < count; i++) {
        bool innermost = i == count - 1;
        if (items[i] != INDEX_INT && !(innermost && items[i] == INDEX_SLICE))
            return false;
    }
    return true;
}

static ArrayLayout view_layout(const Type *array, const IndexKind *items, int count)
{
    if (array->layout == LAYOUT_C)
        return keeps_contiguity(items, count) ? LAYOUT_C : LAYOUT_A;
    if (array->layout == LAYOUT_F && count == array->ndim) {
        IndexKind reversed[TYPE_MAX_NDIM];
        for (int i = 0; i < count; i++)
            reversed[i] = items[count - 1 - i];
        return keeps_contiguity(reversed, count) ? LAYOUT_F : LAYOUT_A;
    }
    return LAYOUT_A;
}

/* a[index] of an array: the element, or a view. */
Value sema_check_array_subscript(FuncCtx *ctx, Node *node, const Type *array)
{
    Node **slot = &node->subscript.index;
    Node *index = *slot;
    IndexKind kinds[TYPE_MAX_NDIM];
    int count;
    bool ok = true;
    if (index->kind == NODE_TUPLE) {
        count = index->tuple.elts.count;
        if (count > array->ndim) {
            sema_report(ctx, index->span, "too many indices: %s %d-d array takes at most %d, not %d",
                        sema_a_or_an(array->ndim), array->ndim, array->ndim, count);
            return sema_value_error();
        }
        for (int i = 0; i < count; i++)
            ok &= check_item(ctx, &index->tuple.elts.items[i], &kinds[i], true);
        if (!ok)
            return sema_value_error();
        const Type *elts[TYPE_MAX_NDIM];
        for (int i = 0; i < count; i++)
            elts[i] = kinds[i] == INDEX_INT ? index->tuple.elts.items[i]->type : &type_none_t;
        index->type = type_tuple(ctx->sema->types, elts, count);
    } else if (index->kind == NODE_SLICE) {
        count = 1;
        if (!check_slice(ctx, index, &kinds[0]))
            return sema_value_error();
    } else {
        const Type *type = sema_check_value(ctx, index);
        if (!type)
            return sema_value_error();
        if (type->kind == TYPE_TUPLE) {
            count = type->count;
            if (count > array->ndim) {
                sema_report(ctx, index->span, "too many indices: %s %d-d array takes at most %d, not %d",
                            sema_a_or_an(array->ndim), array->ndim, array->ndim, count);
                return sema_value_error();
            }
            if (!check_tuple_value_index(ctx, index, type))
                return sema_value_error();
            for (int i = 0; i < count; i++)
                kinds[i] = INDEX_INT;
        } else {
            count = 1;
            kinds[0] = INDEX_INT;
            if (!convert_int_index(ctx, slot, type, true))
                return sema_value_error();
        }
    }
    if (count > array->ndim) {   /* a[i] or a[:] of a 0-d array */
        sema_report(ctx, index->span, "too many indices: a 0-d array takes none (its element is "
                    "a[()]), not %d", count);
        return sema_value_error();
    }
    int ndim = array->ndim;
    for (int i = 0; i < count; i++)
        ndim -= kinds[i] == INDEX_INT;
    if (ndim == 0)
        return typed(node, array->dtype);
    ArrayLayout layout = view_layout(array, kinds, count);
    return typed(node, type_array(ctx->sema->types, array->dtype, ndim, layout, array->space));
}

/* The index of a store or an atomic: one integer per dimension (a tuple
 * node, or a tuple-typed value, for arrays of 2 or more dimensions). */
const Type *sema_index_type(FuncCtx *ctx, Node **index, int ndim, Span at)
{
    Node *node = *index;
    const Type *value_type = NULL;   /* of a single index that is not a slice */
    if (node->kind != NODE_TUPLE && node->kind != NODE_SLICE) {
        value_type = sema_check_value(ctx, node);
        if (!value_type)
            return NULL;
        if (value_type->kind == TYPE_TUPLE && value_type->count == ndim)
            return check_tuple_value_index(ctx, node, value_type) ? value_type : NULL;
    }
    int count = node->kind == NODE_TUPLE ? node->tuple.elts.count
                : value_type && value_type->kind == TYPE_TUPLE ? value_type->count : 1;
    bool has_slice = node->kind == NODE_SLICE;
    for (int i = 0; node->kind == NODE_TUPLE && i < count; i++)
        has_slice |= node->tuple.elts.items[i]->kind == NODE_SLICE;
    if (count != ndim || has_slice) {
        sema_report(ctx, at, "%s %d-d array takes %d integer ind%s here, not %s (stores and atomics need "
                    "one element; assigning to a whole view, as in m[i] = x or a[1:3] = x, is not supported "
                    "by pykc yet)", sema_a_or_an(ndim), ndim, ndim, ndim == 1 ? "ex" : "ices",
                    has_slice ? "a slice" : arena_printf(ctx->sema->arena, "%d", count));
        return NULL;
    }
    IndexKind kind;
    if (node->kind != NODE_TUPLE)
        return convert_int_index(ctx, index, value_type, false) ? (*index)->type : NULL;
    bool ok = true;
    for (int i = 0; i < count; i++)
        ok &= check_item(ctx, &node->tuple.elts.items[i], &kind, false);
    if (ok) {
        const Type *elts[TYPE_MAX_NDIM];
        for (int i = 0; i < count; i++)
            elts[i] = node->tuple.elts.items[i]->type;
        node->type = type_tuple(ctx->sema->types, elts, count);
    }
    return ok ? node->type : NULL;
}

/* a.T: the same array with its dimensions reversed; C and F swap. */
static const Type *transposed(FuncCtx *ctx, const Type *array)
{
    if (array->ndim <= 1)
        return array;
    ArrayLayout layout = array->layout == LAYOUT_C ? LAYOUT_F : array->layout == LAYOUT_F ? LAYOUT_C : LAYOUT_A;
    return type_array(ctx->sema->types, array->dtype, array->ndim, layout, array->space);
}

/* a.real, a.imag (arraydecl.py's _resolve_real_imag): of a complex array,
 * a view of its parts' floats, layout A (every other float); a.real of a
 * real array is the array itself. a.imag of a real array is an array of
 * zeros Numba allocates, which a kernel cannot. */
static Value real_or_imag(FuncCtx *ctx, Node *node, const Type *array, bool real)
{
    node->attribute.builtin = real ? BUILTIN_NUMBER_REAL : BUILTIN_NUMBER_IMAG;
    if (type_is_complex(array->dtype))
        return typed(node, type_array(ctx->sema->types, array->dtype->elem, array->ndim, LAYOUT_A, array->space));
    if (real && type_is_real(array->dtype))
        return typed(node, array);
    if (type_is_real(array->dtype))
        sema_report(ctx, node->span, "'.imag' of an array of '%s' is a new array of zeros, which Numba "
                    "allocates: kernels cannot allocate (it is only useful on a complex array)",
                    array->dtype->name);
    else
        sema_report(ctx, node->span, "an array of '%s' has no '.%s'", array->dtype->name, real ? "real" : "imag");
    return sema_value_error();
}

Value sema_check_array_attribute(FuncCtx *ctx, Node *node, const Type *array)
{
    Str attr = node->attribute.attr;
    const Type *dims[TYPE_MAX_NDIM];
    for (int k = 0; k < TYPE_MAX_NDIM; k++)
        dims[k] = &type_int64_t;
    Value method = sema_array_method(attr);   /* x.reshape, x.sum, ...: the call checks it */
    if (method.kind == VAL_BUILTIN)
        return method;
    if (sema_numpy_array_function(attr).kind == VAL_BUILTIN) {
        sema_report(ctx, node->span, "an array has no method '%.*s': it is NumPy's function np.%.*s(x)",
                    STR_ARG(attr), STR_ARG(attr));
        return sema_value_error();
    }
    if (str_eq_cstr(attr, "shape") || str_eq_cstr(attr, "strides")) {
        node->attribute.builtin = str_eq_cstr(attr, "shape") ? BUILTIN_ARRAY_SHAPE : BUILTIN_ARRAY_STRIDES;
        return typed(node, type_tuple(ctx->sema->types, dims, array->ndim));
    }
    if (str_eq_cstr(attr, "size") || str_eq_cstr(attr, "nbytes") || str_eq_cstr(attr, "itemsize")) {
        node->attribute.builtin = str_eq_cstr(attr, "size")     ? BUILTIN_ARRAY_SIZE
                                  : str_eq_cstr(attr, "nbytes") ? BUILTIN_ARRAY_NBYTES
                                                                : BUILTIN_ARRAY_ITEMSIZE;
        return typed(node, &type_int64_t);
    }
    if (str_eq_cstr(attr, "ndim")) {
        node->attribute.builtin = BUILTIN_ARRAY_NDIM;
        node->konst = (ConstValue){.kind = CONST_INT, .i = array->ndim};
        Value v = typed(node, &type_int64_t);
        v.konst = node->konst;
        return v;
    }
    if (str_eq_cstr(attr, "T")) {
        node->attribute.builtin = BUILTIN_ARRAY_T;
        return typed(node, transposed(ctx, array));
    }
    if (str_eq_cstr(attr, "real") || str_eq_cstr(attr, "imag"))
        return real_or_imag(ctx, node, array, str_eq_cstr(attr, "real"));
    if (str_eq_cstr(attr, "dtype"))   /* a type: cuda.local.array(n, dtype=a.dtype) */
        return (Value){.kind = VAL_TYPE, .type = array->dtype};
    if (str_eq_cstr(attr, "flat") || str_eq_cstr(attr, "ctypes") || str_eq_cstr(attr, "flags"))
        sema_report(ctx, node->span, "array attribute '%.*s' is not supported by pykc yet", STR_ARG(attr));
    else
        sema_report(ctx, node->span, "an array has no attribute '%.*s'", STR_ARG(attr));
    return sema_value_error();
}
