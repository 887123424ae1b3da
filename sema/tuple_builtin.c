/* Python's tuple() as Numba types it (typing/builtins.py's
 * TupleConstructor): tuple() is the empty tuple, tuple(t) of a tuple t is t
 * itself, of the same type; anything else (an array, a range) Numba does
 * not type. Codegen: the argument's value, or an empty struct. */
#include "sema_internal.h"

Value sema_check_tuple_call(FuncCtx *ctx, Node *call)
{
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "tuple() takes no keyword arguments");
        return sema_value_error();
    }
    NodeList *args = &call->call.args;
    if (args->count > 1) {
        sema_report(ctx, call->span, "tuple() takes at most 1 argument, not %d", args->count);
        return sema_value_error();
    }
    const Type *type = args->count ? sema_check_value(ctx, args->items[0]) : type_tuple(ctx->sema->types, NULL, 0);
    if (!type)
        return sema_value_error();
    if (type->kind != TYPE_TUPLE) {
        sema_report(ctx, args->items[0]->span, "tuple() takes a tuple here, not '%s' (Numba types tuple() "
                    "of tuples only)", type->name);
        return sema_value_error();
    }
    call->call.builtin = BUILTIN_TUPLE;
    call->type = type;
    return sema_value_runtime(type);
}
