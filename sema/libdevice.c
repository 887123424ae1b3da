/* cuda.libdevice.NAME(...) calls: each libdevice function numba-cuda
 * exposes, typed as its libdevicedecl.py does: a ConcreteTemplate of one
 * signature, whose arguments are the function's value parameters and whose
 * result is its return value followed by what it writes through its
 * pointer parameters (a tuple when that is more than one value). The
 * arguments convert to the declared types by Numba's overload rating
 * (unsafe conversions allowed). The table is sema/libdevice.def; codegen
 * (cg_libdevice_call.c) calls __nv_NAME. */
#include "sema_internal.h"

#include <string.h>

#define PREFIX "cuda.libdevice."

/* Each function's "R:ARGS" signature, by builtin id; NULL for other ids. */
static const char *const signatures[BUILTIN_COUNT] = {
#define LIBDEVICE(name, sig) [BUILTIN_LIBDEVICE_##name] = sig,
#include "libdevice.def"
#undef LIBDEVICE
};

bool sema_is_libdevice_builtin(int id)
{
    return id > 0 && id < BUILTIN_COUNT && signatures[id];
}

Value sema_libdevice_function(Str name)
{
    for (int id = 0; id < BUILTIN_COUNT; id++)
        if (signatures[id] && str_eq_cstr(name, sema_builtin_spelling((Builtin)id) + strlen(PREFIX)))
            return (Value){.kind = VAL_BUILTIN, .id = id};
    return sema_value_error();
}

static const Type *type_of_code(char code)
{
    switch (code) {
    case 's': return &type_int16_t;
    case 'i': return &type_int32_t;
    case 'l': return &type_int64_t;
    case 'f': return &type_float32_t;
    case 'd': return &type_float64_t;
    default: return &type_none_t;
    }
}

/* The Python-level signature: value parameters in `sig->args`, and the
 * result (return value, then the out parameters) in `results`. */
static int python_signature(const char *text, OpSignature *sig, const Type **results)
{
    int n_results = 0;
    if (text[0] != 'v')
        results[n_results++] = type_of_code(text[0]);
    *sig = (OpSignature){0};
    for (const char *p = text + 2; *p; p++) {
        if (*p == '*')
            results[n_results++] = type_of_code(*++p);
        else
            sig->args[sig->arg_count++] = type_of_code(*p);
    }
    return n_results;
}

/* The names of the value parameters' types, for the message. */
static const char *describe_args(FuncCtx *ctx, const OpSignature *sig)
{
    if (sig->arg_count == 0)
        return "no arguments";
    const char *text = "";
    for (int i = 0; i < sig->arg_count; i++)
        text = arena_printf(ctx->sema->arena, "%s%s%s", text,
                            i == 0 ? "" : i + 1 == sig->arg_count ? " and " : ", ", sig->args[i]->name);
    return text;
}

Value sema_check_libdevice_call(FuncCtx *ctx, Node *call, Builtin id)
{
    const char *name = sema_builtin_spelling(id);
    OpSignature sig;
    const Type *results[3];
    int n_results = python_signature(signatures[id], &sig, results);
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", name);
        return sema_value_error();
    }
    bool ok = true;
    NodeList *args = &call->call.args;
    for (int i = 0; i < args->count; i++) {
        const Type *type = sema_check_value(ctx, args->items[i]);
        if (type && !type_is_scalar(type)) {
            sema_report(ctx, args->items[i]->span, "'%s' takes numbers, not '%s'", name, type->name);
            type = NULL;
        }
        ok &= type != NULL;
    }
    if (!ok)
        return sema_value_error();
    if (args->count != sig.arg_count) {
        sema_report(ctx, call->span, "'%s' takes %d argument%s (%s), not %d", name, sig.arg_count,
                    sig.arg_count == 1 ? "" : "s", describe_args(ctx, &sig), args->count);
        return sema_value_error();
    }
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' can only be called in a kernel or a device function", name);
        return sema_value_error();
    }
    OpArg offered[3];
    for (int i = 0; i < args->count; i++)
        offered[i] = (OpArg){args->items[i]->type, sema_is_literal(args->items[i])};
    OpSignature chosen;
    if (!sema_resolve_overload(&sig, 1, offered, args->count, true, &chosen)) {
        sema_report(ctx, call->span, "'%s' takes %s", name, describe_args(ctx, &sig));
        return sema_value_error();
    }
    for (int i = 0; i < args->count; i++)
        args->items[i] = sema_convert(ctx, args->items[i], chosen.args[i]);
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = n_results == 1 ? results[0] : type_tuple(ctx->sema->types, results, n_results);
    return sema_value_runtime(call->type);
}
