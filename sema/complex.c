/* What Numba gives every number and complex numbers in particular
 * (typing/builtins.py's NumberAttribute and Complex templates):
 *
 *   x.real, x.imag      a complex's parts (its float type); an integer or
 *                       a float is its own real part, its imaginary part
 *                       is 0 of its type; bools have neither
 *   x.conjugate()       a complex with its imaginary part negated; any
 *                       other number itself
 *   complex(x)          complex64 for a float32 x, else complex128 (x an
 *                       integer, a float or a complex: a cast)
 *   complex(re, im)     complex64 when both are float32, else complex128;
 *                       each part converted to its float (complex parts
 *                       are typed by Numba but not lowered: refused here)
 *
 * Constants fold (Z.real of a module constant, complex(1, 2)). Codegen:
 * cg_complex.c. */
#include "sema_internal.h"

/* x.real / x.imag of a number; the caller has checked x (of type `type`). */
Value sema_check_number_attribute(FuncCtx *ctx, Node *node, const Type *type)
{
    Str attr = node->attribute.attr;
    bool real = str_eq_cstr(attr, "real");
    if (!real && !str_eq_cstr(attr, "imag")) {
        sema_report(ctx, node->span, "a value of type '%s' has no attribute '%.*s'", type->name, STR_ARG(attr));
        return sema_value_error();
    }
    node->attribute.builtin = real ? BUILTIN_NUMBER_REAL : BUILTIN_NUMBER_IMAG;
    const Type *result = type_is_complex(type) ? type->elem : type;
    ConstValue base = node->attribute.value->konst, konst = {0};
    if (base.kind == CONST_COMPLEX)
        konst = (ConstValue){.kind = CONST_FLOAT, .f = real ? base.c.re : base.c.im};
    else if (base.kind != CONST_NONE && real)
        konst = base;
    else if (base.kind == CONST_INT)
        konst = (ConstValue){.kind = CONST_INT, .i = 0};
    else if (base.kind == CONST_FLOAT)
        konst = (ConstValue){.kind = CONST_FLOAT, .f = 0.0};
    return sema_typed_const(node, result, konst);
}

/* x.conjugate() on a number: true with *out set (its value, or an error
 * already reported); false when the call is not that, for the caller to
 * check it as usual. */
bool sema_check_conjugate(FuncCtx *ctx, Node *call, Value *out)
{
    Node *func = call->call.func;
    if (func->kind != NODE_ATTRIBUTE || !str_eq_cstr(func->attribute.attr, "conjugate"))
        return false;
    Value base = sema_check_expr(ctx, func->attribute.value);
    if (base.kind == VAL_ERROR) {
        *out = base;
        return true;
    }
    if (base.kind != VAL_RUNTIME || !type_is_number(base.type))
        return false;
    if (call->call.args.count || call->call.keywords.count) {
        sema_report(ctx, call->span, "'conjugate' takes no arguments");
        *out = sema_value_error();
        return true;
    }
    call->call.builtin = BUILTIN_CONJUGATE;
    ConstValue konst = func->attribute.value->konst;
    if (konst.kind == CONST_COMPLEX)
        konst.c.im = -konst.c.im;
    *out = sema_typed_const(call, base.type, konst);
    return true;
}

/* complex(x): a cast to complex64 (float32 x) or complex128. */
static Value check_complex_of_one(FuncCtx *ctx, Node *call)
{
    Node **arg = &call->call.args.items[0];
    const Type *from = (*arg)->type;
    const Type *to = from == &type_float32_t && ctx->func ? &type_complex64_t : &type_complex128_t;
    ConstValue folded = {0};
    if ((*arg)->konst.kind != CONST_NONE)
        fold_convert((*arg)->konst, from, to, &folded);
    *arg = sema_convert(ctx, *arg, to);
    call->call.builtin = BUILTIN_CAST;
    return sema_typed_const(call, to, folded);
}

/* complex(re, im): each part converted to the result's float. */
static Value check_complex_of_two(FuncCtx *ctx, Node *call)
{
    Node **args = call->call.args.items;
    bool single = args[0]->type == &type_float32_t && args[1]->type == &type_float32_t;
    const Type *to = single && ctx->func ? &type_complex64_t : &type_complex128_t;
    ConstValue re, im, folded = {0};
    if (fold_convert(args[0]->konst, args[0]->type, to->elem, &re) &&
        fold_convert(args[1]->konst, args[1]->type, to->elem, &im))
        folded = (ConstValue){.kind = CONST_COMPLEX, .c = {re.f, im.f}};
    for (int i = 0; i < 2; i++)
        args[i] = sema_convert(ctx, args[i], to->elem);
    call->call.builtin = BUILTIN_COMPLEX;
    return sema_typed_const(call, to, folded);
}

/* complex(x) and complex(re, im) as Numba's Complex template types them.
 * At module level the value is a Python complex, which Numba types
 * complex128 whatever the arguments were. */
Value sema_check_complex_call(FuncCtx *ctx, Node *call)
{
    NodeList *args = &call->call.args;
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'complex' takes no keyword arguments");
        return sema_value_error();
    }
    bool ok = true;
    for (int i = 0; i < args->count; i++) {
        const Type *type = sema_check_value(ctx, args->items[i]);
        if (type && (!type_is_number(type) || type == &type_float16_t)) {
            sema_report(ctx, args->items[i]->span, "complex() takes numbers (integers, float32, float64 "
                        "or complex), not '%s'", type->name);
            type = NULL;
        } else if (type && type_is_complex(type) && args->count == 2) {
            sema_report(ctx, args->items[i]->span, "complex(re, im) with a complex part is not supported: "
                        "numba-cuda types it but cannot compile it");
            type = NULL;
        }
        ok &= type != NULL;
    }
    if (args->count < 1 || args->count > 2) {
        sema_report(ctx, call->span, "complex() takes 1 or 2 arguments here, not %d", args->count);
        return sema_value_error();
    }
    if (!ok)
        return sema_value_error();
    return args->count == 1 ? check_complex_of_one(ctx, call) : check_complex_of_two(ctx, call);
}
