/* cuda.fp16.NAME(...) and cuda.is_float16_supported(), typed as numba-cuda
 * 0.30.4 types them: its bindings of cuda_fp16.h (_internal/cuda_fp16.py)
 * are ConcreteTemplates with one signature each, all float16 in, so every
 * argument is converted to float16 (unsafely if need be: hmul(h, 2) and
 * hmul(h, 2.5) are accepted, as numba-cuda's own tests use them); the
 * comparisons heq ... hle return bool, the others float16. Codegen
 * (cg_fp16.c) lowers each as cuda_fp16.h computes it. */
#include "sema_internal.h"

#include <string.h>

enum { FIRST = BUILTIN_FP16_HADD, LAST = BUILTIN_FP16_HMIN };

bool sema_is_fp16_builtin(int id)
{
    return id == BUILTIN_IS_FLOAT16_SUPPORTED || (id >= FIRST && id <= LAST);
}

/* cuda.fp16.NAME: a callable, or VAL_ERROR. */
Value sema_fp16_function(Str name)
{
    for (int id = FIRST; id <= LAST; id++)
        if (str_eq_cstr(name, sema_builtin_spelling((Builtin)id) + strlen("cuda.fp16.")))
            return (Value){.kind = VAL_BUILTIN, .id = id};
    return sema_value_error();
}

static int arity_of(Builtin id)
{
    switch (id) {
    case BUILTIN_FP16_HFMA: return 3;
    case BUILTIN_FP16_HADD: case BUILTIN_FP16_HSUB: case BUILTIN_FP16_HMUL:
    case BUILTIN_FP16_HDIV: case BUILTIN_FP16_HMAX: case BUILTIN_FP16_HMIN:
        return 2;
    default:
        return id >= BUILTIN_FP16_HEQ && id <= BUILTIN_FP16_HLE ? 2 : 1;
    }
}

static Value check_is_supported(FuncCtx *ctx, Node *call)
{
    if (call->call.args.count || call->call.keywords.count) {
        sema_report(ctx, call->span, "'cuda.is_float16_supported' takes no arguments");
        return sema_value_error();
    }
    call->call.builtin = BUILTIN_IS_FLOAT16_SUPPORTED;
    call->type = &type_bool_t;
    call->konst = (ConstValue){.kind = CONST_BOOL, .b = true};
    Value v = sema_value_runtime(&type_bool_t);
    v.konst = call->konst;
    return v;
}

/* cuda.fp16's functions take any real number or bool, as float16. */
static bool takes_float16(const Type *arg, const Type *to)
{
    (void)to;
    return type_is_real(arg) || arg == &type_bool_t;
}

Value sema_check_fp16_call(FuncCtx *ctx, Node *call, Builtin id)
{
    if (id == BUILTIN_IS_FLOAT16_SUPPORTED)
        return check_is_supported(ctx, call);
    const char *name = sema_builtin_spelling(id);
    int arity = arity_of(id);
    if (!sema_check_intrinsic_args(ctx, call, name, arity, &type_float16_t, takes_float16))
        return sema_value_error();
    for (int i = 0; i < arity; i++)
        call->call.args.items[i] = sema_convert(ctx, call->call.args.items[i], &type_float16_t);
    bool compare = id >= BUILTIN_FP16_HEQ && id <= BUILTIN_FP16_HLE;
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = compare ? &type_bool_t : &type_float16_t;
    return sema_value_runtime(call->type);
}
