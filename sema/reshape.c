/* x.reshape(shape), x.reshape(d0, d1, ...) and np.reshape(x, shape), typed
 * as numba/cuda/typing/arraydecl.py's resolve_reshape types them: the
 * shape is one integer (a 1-d result), a UniTuple of integers (as many
 * dimensions as it has) or several integers; the result is a view of the
 * same data with the array's dtype, memory space and layout, and the new
 * number of dimensions.
 *
 * Numba refuses an A-layout array ("reshape() supports contiguous array
 * only"). It types an F array's reshape as F, but reshapes it in C order
 * (numba_attempt_nocopy_reshape with is_f_order=0) and then indexes the
 * result as F, which reads the wrong elements unless at most one dimension
 * is longer than 1; pykc refuses F arrays rather than copy that.
 *
 * Every dimension converts to int64 (Numba: vararg_to_tuple casts to intp;
 * normalize_shape makes a tuple UniTuple(intp), or UniTuple(uintp) for
 * unsigned members). codegen/cg_reshape.c checks the sizes when the kernel
 * runs. */
#include "sema_internal.h"

static const char *callee(FuncCtx *ctx, const Node *call)
{
    Span s = call->call.func->span;
    return arena_printf(ctx->sema->arena, "%.*s", (int)(s.end - s.begin), s.src->text + s.begin);
}

static bool check_layout(FuncCtx *ctx, const Node *call, const Type *array)
{
    if (array->layout == LAYOUT_C)
        return true;
    if (array->layout == LAYOUT_A)
        sema_report(ctx, call->span, "'%s' takes a contiguous array, and this is '%s' (Numba: \"reshape() "
                    "supports contiguous array only\"; a view made by slicing is layout A)",
                    callee(ctx, call), array->name);
    else
        sema_report(ctx, call->span, "'%s' of an F-layout array is not supported by pykc: numba-cuda "
                    "reshapes it in C order but indexes the result as F, which reads the wrong elements",
                    callee(ctx, call));
    return false;
}

/* One dimension given on its own: any integer (a bool or a float is not). */
static bool check_dimension(FuncCtx *ctx, const Node *call, Node **arg)
{
    const Type *type = sema_check_value(ctx, *arg);
    if (!type)
        return false;
    if (type->kind != TYPE_INT) {
        sema_report(ctx, (*arg)->span, "'%s' takes integers or one tuple of integers, not '%s'",
                    callee(ctx, call), type->name);
        return false;
    }
    *arg = sema_convert(ctx, *arg, &type_int64_t);
    return true;
}

/* The shape as one tuple: a UniTuple of integers, as normalize_shape wants
 * (a tuple mixing integer types is refused by Numba too). Returns its
 * count, or -1 after reporting. */
static int check_shape_tuple(FuncCtx *ctx, const Node *call, Node **arg, const Type *type)
{
    bool uniform = true;
    for (int i = 0; i < type->count; i++)
        uniform &= type->elts[i] == type->elts[0] && type->elts[i]->kind == TYPE_INT;
    if (type->count == 0) {
        sema_report(ctx, (*arg)->span, "'%s' to a 0-d array is not supported by pykc yet", callee(ctx, call));
        return -1;
    }
    if (!uniform) {
        sema_report(ctx, (*arg)->span, "'%s' takes a tuple of integers of one type, not '%s' (Numba refuses "
                    "it too): convert them, as in (int64(n), -1), or pass them one by one, as in "
                    "reshape(n, -1)", callee(ctx, call), type->name);
        return -1;
    }
    const Type *member = type->elts[0]->is_signed ? &type_int64_t : &type_uint64_t;
    const Type *members[TYPE_MAX_NDIM];
    for (int i = 0; i < type->count && i < TYPE_MAX_NDIM; i++)
        members[i] = member;
    if (type->count <= TYPE_MAX_NDIM)
        *arg = sema_convert(ctx, *arg, type_tuple(ctx->sema->types, members, type->count));
    return type->count;
}

/* The new number of dimensions, or -1 after reporting. */
static int check_shape(FuncCtx *ctx, const Node *call, int first)
{
    int count = call->call.args.count - first;
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments",
                    callee(ctx, call));
        return -1;
    }
    if (count == 0) {
        sema_report(ctx, call->span, "'%s' takes a shape: one integer, a tuple of integers, or one integer "
                    "per dimension", callee(ctx, call));
        return -1;
    }
    Node **args = call->call.args.items + first;
    if (count == 1) {
        const Type *type = sema_check_value(ctx, args[0]);
        if (type && type->kind == TYPE_TUPLE)
            return check_shape_tuple(ctx, call, &args[0], type);
        return type && check_dimension(ctx, call, &args[0]) ? 1 : -1;
    }
    if (first == 1) {   /* np.reshape(a, newshape): the shape is one argument */
        sema_report(ctx, call->span, "'%s' takes an array and a shape, not %d arguments", callee(ctx, call),
                    call->call.args.count);
        return -1;
    }
    bool ok = true;
    for (int i = 0; i < count; i++)
        ok &= check_dimension(ctx, call, &args[i]);
    return ok ? count : -1;
}

Value sema_check_reshape(FuncCtx *ctx, Node *call, const Type *array, int first)
{
    if (!check_layout(ctx, call, array))
        return sema_value_error();
    int ndim = check_shape(ctx, call, first);
    if (ndim < 0)
        return sema_value_error();
    if (ndim > TYPE_MAX_NDIM) {
        sema_report(ctx, call->span, "'%s' to %d dimensions: pykc's arrays have at most %d", callee(ctx, call),
                    ndim, TYPE_MAX_NDIM);
        return sema_value_error();
    }
    call->call.builtin = BUILTIN_ARRAY_RESHAPE;
    call->type = type_array(ctx->sema->types, array->dtype, ndim, LAYOUT_C, array->space);
    return sema_value_runtime(call->type);
}
