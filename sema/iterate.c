/* The iterables of a for loop, typed as Numba types them: range(...), a
 * 1-D array (its elements), a homogeneous tuple (UniTuple: its elements),
 * enumerate(x[, start]) (tuples (int64, element)) and zip(a, b, ...)
 * (tuples of the elements, stopping at the shortest), nested in each
 * other. stmt.c's check_for
 * calls sema_check_iterable; codegen/cg_iterate.c lowers what it accepts. */
#include "sema_internal.h"

static const char *source_text(FuncCtx *ctx, const Node *node)
{
    Span s = node->span;
    return arena_printf(ctx->sema->arena, "%.*s", (int)(s.end - s.begin), s.src->text + s.begin);
}

/* The builtin a call's callee names, or -1 (its errors are then reported). */
static int called_builtin(FuncCtx *ctx, Node *iter)
{
    if (iter->kind != NODE_CALL)
        return -1;
    Value f = sema_check_expr(ctx, iter->call.func);
    return f.kind == VAL_BUILTIN ? f.id : -1;
}

/* An array or a tuple iterated directly: the type of its elements. */
static const Type *value_elements(FuncCtx *ctx, Node *iter)
{
    const Type *type = sema_check_value(ctx, iter);
    if (!type)
        return NULL;
    if (type->kind == TYPE_ARRAY && type->ndim == 1)
        return type->dtype;
    if (type->kind == TYPE_ARRAY && type->ndim == 0) {   /* NumPy: TypeError, Numba: a typing error */
        sema_report(ctx, iter->span, "cannot iterate over a 0-d array: read its element with %s[()]",
                    source_text(ctx, iter));
        return NULL;
    }
    if (type->kind == TYPE_ARRAY) {
        sema_report(ctx, iter->span, "iterating over %s %d-D array is not supported by pykc yet: "
                    "iterate over range(%s.shape[0])", sema_a_or_an(type->ndim), type->ndim,
                    source_text(ctx, iter));
        return NULL;
    }
    if (type->kind == TYPE_TUPLE && type->count == 0) {
        sema_report(ctx, iter->span, "cannot iterate over an empty tuple");
        return NULL;
    }
    if (type->kind == TYPE_TUPLE) {
        for (int i = 1; i < type->count; i++)
            if (type->elts[i] != type->elts[0]) {
                sema_report(ctx, iter->span, "cannot iterate over the heterogeneous tuple '%s': "
                            "Numba needs numba.literal_unroll for that, which pykc does not support yet",
                            type->name);
                return NULL;
            }
        return type->elts[0];
    }
    sema_report(ctx, iter->span, "a value of type '%s' is not iterable", type->name);
    return NULL;
}

static const Type *check_enumerate(FuncCtx *ctx, Node *call);
static const Type *check_zip(FuncCtx *ctx, Node *call);

/* One iterable inside enumerate() or zip(): range(...), an array, a tuple,
 * or another enumerate() or zip() (enumerate(zip(x, y)) yields
 * (int64, (x's, y's))). */
static const Type *component(FuncCtx *ctx, Node *iter)
{
    int id = called_builtin(ctx, iter);
    if (id == BUILTIN_RANGE) {
        Value range = sema_check_call(ctx, iter);
        return range.kind == VAL_RUNTIME ? range.type->elem : NULL;
    }
    if (id == BUILTIN_ENUMERATE)
        return check_enumerate(ctx, iter);
    if (id == BUILTIN_ZIP)
        return check_zip(ctx, iter);
    return value_elements(ctx, iter);
}

static bool has_no_keywords(FuncCtx *ctx, Node *call)
{
    if (call->call.keywords.count == 0)
        return true;
    sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments",
                sema_builtin_spelling((Builtin)call->call.builtin));
    return false;
}

/* enumerate(x), enumerate(x, start): start is an integer, converted to
 * int64 (Numba's intp), the type of the count. */
static const Type *check_enumerate(FuncCtx *ctx, Node *call)
{
    NodeList *args = &call->call.args;
    call->call.builtin = BUILTIN_ENUMERATE;
    if (!has_no_keywords(ctx, call))
        return NULL;
    if (args->count < 1 || args->count > 2) {
        sema_report(ctx, call->span, "'enumerate' takes 1 to 2 arguments, not %d", args->count);
        return NULL;
    }
    const Type *elem = component(ctx, args->items[0]);
    if (args->count == 2) {
        const Type *start = sema_check_value(ctx, args->items[1]);
        if (start && !type_is_int(start)) {
            sema_report(ctx, args->items[1]->span, "enumerate() start must be an integer, not '%s'",
                        start->name);
            start = NULL;
        }
        if (!start)
            return NULL;
        args->items[1] = sema_convert(ctx, args->items[1], &type_int64_t);
    }
    if (!elem)
        return NULL;
    const Type *elts[2] = {&type_int64_t, elem};
    return call->type = type_tuple(ctx->sema->types, elts, 2);
}

/* zip(a, b, ...): one or more iterables; a tuple of their elements. */
static const Type *check_zip(FuncCtx *ctx, Node *call)
{
    NodeList *args = &call->call.args;
    call->call.builtin = BUILTIN_ZIP;
    if (!has_no_keywords(ctx, call))
        return NULL;
    if (args->count == 0) {
        sema_report(ctx, call->span, "zip() without arguments is not supported by pykc yet");
        return NULL;
    }
    const Type **elts = ARENA_ARRAY(ctx->sema->arena, const Type *, args->count);
    bool ok = true;
    for (int i = 0; i < args->count; i++)
        ok &= (elts[i] = component(ctx, args->items[i])) != NULL;
    return ok ? (call->type = type_tuple(ctx->sema->types, elts, args->count)) : NULL;
}

const Type *sema_check_iterable(FuncCtx *ctx, Node *iter)
{
    switch (called_builtin(ctx, iter)) {
    case BUILTIN_RANGE: {
        Value range = sema_check_call(ctx, iter);
        return range.kind == VAL_RUNTIME ? range.type->elem : NULL;
    }
    case BUILTIN_ENUMERATE: return check_enumerate(ctx, iter);
    case BUILTIN_ZIP: return check_zip(ctx, iter);
    default: return value_elements(ctx, iter);
    }
}

Value sema_check_iterator_call(FuncCtx *ctx, Node *call, Builtin id)
{
    sema_report(ctx, call->span, "%s() is supported only as the iterable of a for loop",
                sema_builtin_spelling(id));
    for (int i = 0; i < call->call.args.count; i++)
        sema_check_expr(ctx, call->call.args.items[i]);
    return sema_value_error();
}
