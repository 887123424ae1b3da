/* isinstance(x, T) in kernels, as numba-cuda's overload of it decides: at
 * compile time, from x's type, so the call is a constant bool (and an if
 * on it keeps one branch). T is a type, one of Python's int, float,
 * complex, bool and tuple, or a tuple of those; x matches a type when its
 * type is that very type, where Python's classes stand for Numba's int64,
 * float64, complex128 and boolean (so an int32 is not an `int`), and
 * `tuple` for any tuple. Numba refuses variables of other kinds; so does
 * pykc. */
#include "sema_internal.h"

/* Whether `var` is an instance of one class of the second argument; a
 * node that is no such class is reported and clears *ok. */
static bool matches(FuncCtx *ctx, Node *typ, const Type *var, bool *ok)
{
    Value v = sema_check_expr(ctx, typ);
    if (v.kind == VAL_TYPE)
        return var == v.type;
    if (v.kind == VAL_BUILTIN) {
        switch (v.id) {
        case CALLABLE_INT: return var == &type_int64_t;
        case CALLABLE_FLOAT: return var == &type_float64_t;
        case BUILTIN_COMPLEX: return var == &type_complex128_t;
        case CALLABLE_BOOL: return var == &type_bool_t;
        case BUILTIN_TUPLE: return var->kind == TYPE_TUPLE;
        default: break;
        }
    }
    if (v.kind != VAL_ERROR)
        sema_report(ctx, typ->span, "isinstance() takes a type, int, float, complex, bool, tuple, or a tuple "
                    "of them, as its second argument");
    *ok = false;
    return false;
}

/* The kinds of variable numba-cuda's isinstance takes (of those pykc has). */
static bool supported_variable(const Type *t)
{
    return type_is_number(t) || t->kind == TYPE_BOOL || t->kind == TYPE_TUPLE || t->kind == TYPE_ARRAY ||
           t->kind == TYPE_NONE || t->kind == TYPE_RANGE || t->kind == TYPE_BFLOAT16;
}

Value sema_check_isinstance(FuncCtx *ctx, Node *call)
{
    if (call->call.keywords.count || call->call.args.count != 2) {
        sema_report(ctx, call->span, "isinstance() takes 2 positional arguments");
        return sema_value_error();
    }
    Node *var = call->call.args.items[0], *types = call->call.args.items[1];
    const Type *t = sema_check_value(ctx, var);
    if (!t)
        return sema_value_error();
    if (!supported_variable(t)) {
        sema_report(ctx, var->span, "isinstance() does not support variables of type '%s' (as in Numba)", t->name);
        return sema_value_error();
    }
    if (sema_has_effects(var)) {
        sema_report(ctx, var->span, "isinstance() of a call's result is not supported by pykc yet: assign the "
                    "result to a variable first");
        return sema_value_error();
    }
    bool ok = true, found = false;
    if (types->kind == NODE_TUPLE) {
        for (int i = 0; i < types->tuple.elts.count; i++)
            found |= matches(ctx, types->tuple.elts.items[i], t, &ok);
    } else {
        found = matches(ctx, types, t, &ok);
    }
    if (!ok)
        return sema_value_error();
    call->call.builtin = BUILTIN_ISINSTANCE;
    return sema_typed_const(call, &type_bool_t, (ConstValue){.kind = CONST_BOOL, .b = found});
}
