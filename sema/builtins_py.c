/* Python builtins typed by Numba's templates in numba/core/typing/
 * builtins.py: round (Round), pow (the `**` operator's templates) and divmod
 * (DivMod). calls.c dispatches here; codegen/cg_builtins_py.c lowers round
 * and divmod, and pow never reaches codegen: it becomes a `**` BinOp. */
#include "sema_internal.h"

/* No keywords and `min`..`max` positional arguments, each a runtime scalar. */
static bool scalar_args(FuncCtx *ctx, Node *call, Builtin id, int min, int max)
{
    NodeList *args = &call->call.args;
    const char *name = sema_builtin_spelling(id);
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", name);
        return false;
    }
    if (args->count < min || args->count > max) {
        if (min == max)
            sema_report(ctx, call->span, "'%s' takes %d arguments, not %d", name, min, args->count);
        else
            sema_report(ctx, call->span, "'%s' takes %d to %d arguments, not %d", name, min, max, args->count);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < args->count; i++) {
        const Type *type = sema_check_value(ctx, args->items[i]);
        if (type && !type_is_scalar(type)) {
            sema_report(ctx, args->items[i]->span, "'%s' takes numbers here, not '%s'", name, type->name);
            type = NULL;
        }
        ok &= type != NULL;
    }
    return ok;
}

/* Resolves `cases` against the call's arguments, converts them to the
 * chosen signature and sets the call's builtin; the result type or NULL. */
static const Type *resolve(FuncCtx *ctx, Node *call, Builtin id, const OpSignature *cases, int count)
{
    NodeList *args = &call->call.args;
    OpArg offered[2];
    for (int i = 0; i < args->count && i < 2; i++)
        offered[i] = (OpArg){args->items[i]->type, sema_is_literal(args->items[i])};
    OpSignature sig;
    if (!sema_resolve_overload(cases, count, offered, args->count, true, &sig)) {
        if (args->count == 1)
            sema_report(ctx, call->span, "%s() does not take '%s'", sema_builtin_spelling(id),
                        args->items[0]->type->name);
        else
            sema_report(ctx, call->span, "%s() does not take '%s' and '%s'", sema_builtin_spelling(id),
                        args->items[0]->type->name, args->items[1]->type->name);
        return NULL;
    }
    for (int i = 0; i < args->count; i++)
        args->items[i] = sema_convert(ctx, args->items[i], sig.args[i]);
    call->call.builtin = id;
    return sig.result;
}

#define SIG1(r, a) {(r), {(a)}, 1}
#define SIG2(r, a, b) {(r), {(a), (b)}, 2}

/* round(x): float32 and float64 give int64 (intp), rounding half to even;
 * round(x, ndigits) keeps x's float type, with ndigits an intp. As in
 * Numba's ConcreteTemplate, other numbers convert to these (an int x to
 * float64, a float ndigits to intp, truncated); complex numbers do not. */
Value sema_check_round(FuncCtx *ctx, Node *call)
{
    static const OpSignature unary[] = {
        SIG1(&type_int64_t, &type_float32_t), SIG1(&type_int64_t, &type_float64_t),
    };
    static const OpSignature binary[] = {
        SIG2(&type_float32_t, &type_float32_t, &type_int64_t),
        SIG2(&type_float64_t, &type_float64_t, &type_int64_t),
    };
    if (!scalar_args(ctx, call, BUILTIN_ROUND, 1, 2))
        return sema_value_error();
    bool one = call->call.args.count == 1;
    const Type *type = resolve(ctx, call, BUILTIN_ROUND, one ? unary : binary, 2);
    return type ? sema_typed(call, type) : sema_value_error();
}

/* pow(a, b) is typed and computed as a ** b: the call node becomes that
 * BinOp (its fields are read before the union is rewritten). */
Value sema_check_pow(FuncCtx *ctx, Node *call)
{
    if (call->call.keywords.count || call->call.args.count != 2) {
        if (call->call.args.count == 3 && !call->call.keywords.count)
            sema_report(ctx, call->span, "pow(base, exp, mod) is not supported by pykc yet");
        else
            scalar_args(ctx, call, BUILTIN_POW, 2, 2);
        return sema_value_error();
    }
    Node *left = call->call.args.items[0];
    Node *right = call->call.args.items[1];
    call->kind = NODE_BINOP;
    call->binop.op = BINOP_POW;
    call->binop.left = left;
    call->binop.right = right;
    return sema_check_expr(ctx, call);
}

/* divmod(a, b): Numba's DivMod template, over the machine ints (int64,
 * uint64) and the reals; a UniTuple of the operand type, (a // b, a % b). */
Value sema_check_divmod(FuncCtx *ctx, Node *call)
{
    static const OpSignature cases[] = {
        SIG2(NULL, &type_int64_t, &type_int64_t), SIG2(NULL, &type_uint64_t, &type_uint64_t),
        SIG2(NULL, &type_float32_t, &type_float32_t), SIG2(NULL, &type_float64_t, &type_float64_t),
    };
    if (!scalar_args(ctx, call, BUILTIN_DIVMOD, 2, 2))
        return sema_value_error();
    OpSignature typed[4];
    for (int i = 0; i < 4; i++) {
        typed[i] = cases[i];
        const Type *pair[2] = {cases[i].args[0], cases[i].args[0]};
        typed[i].result = type_tuple(ctx->sema->types, pair, 2);
    }
    const Type *type = resolve(ctx, call, BUILTIN_DIVMOD, typed, 4);
    return type ? sema_typed(call, type) : sema_value_error();
}
