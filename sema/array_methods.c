/* Array methods and the NumPy functions that work on a whole array: their
 * names (x.reshape, x.sum, ... of an array; np.reshape, np.sum,
 * np.nanmean, ... of numpy), where a call finds its array, and the
 * dispatch of a call to reshape.c or reductions.c.
 *
 * Numba has both forms for most of them, and types np.sum(x) as a
 * redirection to x.sum() (numba/cuda/typing/npydecl.py); the others are
 * @overload and @overload_method pairs in numba/cuda/np/arraymath.py with
 * one implementation. The nan* functions, count_nonzero and ptp exist only
 * in numpy (ptp's method went with NumPy 2). A Call keeps the form it was
 * written in; sema_array_method_receiver finds its array in either. */
#include "sema_internal.h"

typedef struct ArrayFunction {
    const char *name;
    Builtin id;
    bool method;      /* x.NAME() */
    bool numpy;       /* np.NAME(x) */
} ArrayFunction;

static const ArrayFunction functions[] = {
    {"reshape", BUILTIN_ARRAY_RESHAPE, true, true},
    {"sum", BUILTIN_REDUCE_SUM, true, true},
    {"prod", BUILTIN_REDUCE_PROD, true, true},
    {"mean", BUILTIN_REDUCE_MEAN, true, true},
    {"var", BUILTIN_REDUCE_VAR, true, true},
    {"std", BUILTIN_REDUCE_STD, true, true},
    {"min", BUILTIN_REDUCE_MIN, true, true},
    {"amin", BUILTIN_REDUCE_MIN, false, true},
    {"max", BUILTIN_REDUCE_MAX, true, true},
    {"amax", BUILTIN_REDUCE_MAX, false, true},
    {"argmin", BUILTIN_REDUCE_ARGMIN, true, true},
    {"argmax", BUILTIN_REDUCE_ARGMAX, true, true},
    {"all", BUILTIN_REDUCE_ALL, true, true},
    {"any", BUILTIN_REDUCE_ANY, true, true},
    {"nansum", BUILTIN_REDUCE_NANSUM, false, true},
    {"nanprod", BUILTIN_REDUCE_NANPROD, false, true},
    {"nanmean", BUILTIN_REDUCE_NANMEAN, false, true},
    {"nanvar", BUILTIN_REDUCE_NANVAR, false, true},
    {"nanstd", BUILTIN_REDUCE_NANSTD, false, true},
    {"nanmin", BUILTIN_REDUCE_NANMIN, false, true},
    {"nanmax", BUILTIN_REDUCE_NANMAX, false, true},
    {"count_nonzero", BUILTIN_REDUCE_COUNT_NONZERO, false, true},
    {"ptp", BUILTIN_REDUCE_PTP, false, true},
};

static Value find(Str name, bool method)
{
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
        if ((method ? functions[i].method : functions[i].numpy) && str_eq_cstr(name, functions[i].name))
            return (Value){.kind = VAL_BUILTIN, .id = functions[i].id};
    return sema_value_error();
}

Value sema_array_method(Str name)
{
    return find(name, true);
}

Value sema_numpy_array_function(Str name)
{
    return find(name, false);
}

bool sema_is_array_method_builtin(int id)
{
    return id >= BUILTIN_ARRAY_RESHAPE && id <= BUILTIN_REDUCE_PTP;
}

/* The method form is an attribute of an array value; anything else (np.sum,
 * or a name imported from numpy) takes the array as its first argument. */
const Node *sema_array_method_receiver(const Node *call, int *first)
{
    const Node *func = call->call.func;
    const Type *base = func->kind == NODE_ATTRIBUTE ? func->attribute.value->type : NULL;
    if (base && base->kind == TYPE_ARRAY) {
        *first = 0;
        return func->attribute.value;
    }
    *first = 1;
    return call->call.args.count > 0 ? call->call.args.items[0] : NULL;
}

/* x.NAME(...) or np.NAME(x, ...): the array checked, then its call. */
Value sema_check_array_method(FuncCtx *ctx, Node *call, Builtin id)
{
    int first;
    const Node *receiver = sema_array_method_receiver(call, &first);
    Span s = call->call.func->span;
    if (!receiver) {
        sema_report(ctx, call->span, "'%.*s' takes an array", (int)(s.end - s.begin), s.src->text + s.begin);
        return sema_value_error();
    }
    const Type *array = receiver->type;
    if (first == 1) {
        array = sema_check_value(ctx, call->call.args.items[0]);
        if (!array)
            return sema_value_error();
        if (array->kind != TYPE_ARRAY) {
            sema_report(ctx, receiver->span, "'%.*s' takes an array here, not '%s' (pykc has no "
                        "reductions of scalars or tuples yet)", (int)(s.end - s.begin), s.src->text + s.begin,
                        array->name);
            return sema_value_error();
        }
    }
    if (array->ndim == 0) {
        sema_report(ctx, call->span, "'%.*s' of a 0-d array is not supported by pykc yet: read its "
                    "element with a[()]", (int)(s.end - s.begin), s.src->text + s.begin);
        return sema_value_error();
    }
    if (id == BUILTIN_ARRAY_RESHAPE)
        return sema_check_reshape(ctx, call, array, first);
    return sema_check_reduction(ctx, call, id, array, first);
}
