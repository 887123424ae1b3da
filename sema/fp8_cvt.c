/* numba.cuda._internal.cuda_fp8's conversion functions, typed as numba-cuda
 * 0.30.4 types them: each a ConcreteTemplate of one signature,
 *
 *   cvt_double_to_fp8(float64, saturation_t, fp8_interpretation_t) -> uint8
 *   cvt_float_to_fp8(float32, ...), cvt_bfloat16raw_to_fp8(raw, ...) -> uint8
 *   cvt_double2_to_fp8x2(float64x2, ...), cvt_float2_to_fp8x2(float32x2,
 *       ...) -> uint16 (the pair's .y in the high byte)
 *   cvt_float_to_e8m0(float32, saturation_t, cudaRoundMode) -> uint8, and
 *       its double, bfloat16raw, float2 and double2 siblings
 *   cvt_e8m0_to_bf16raw(uint8) -> raw
 *
 * where raw is cuda_bf16.h's __nv_bfloat16_raw (type_bfloat16_raw_t: its
 * .x is the uint16 of bits). A number converts to the float or uint8
 * parameter as a Numba call converts it (unsafely if need be); a vector or
 * raw argument must be of that type. The modes are Numba IntEnumMembers;
 * pykc's IntEnum members are int64 numbers, so any integer is taken there
 * and computed with as the header's conditions test it (codegen
 * cg_fp8_cvt.c). Numba takes no keyword arguments (the stubs have no
 * parameters). */
#include "sema_internal.h"

enum { FIRST = BUILTIN_FP8_CVT_DOUBLE_TO_FP8, LAST = BUILTIN_FP8_CVT_E8M0_TO_BF16RAW };

bool sema_is_fp8_cvt_builtin(int id)
{
    return id >= FIRST && id <= LAST;
}

/* The first parameter's type; vectors are interned, so they need sema. */
static const Type *value_param(Sema *sema, Builtin id)
{
    switch (id) {
    case BUILTIN_FP8_CVT_DOUBLE_TO_FP8: case BUILTIN_FP8_CVT_DOUBLE_TO_E8M0: return &type_float64_t;
    case BUILTIN_FP8_CVT_FLOAT_TO_FP8: case BUILTIN_FP8_CVT_FLOAT_TO_E8M0: return &type_float32_t;
    case BUILTIN_FP8_CVT_DOUBLE2_TO_FP8X2: case BUILTIN_FP8_CVT_DOUBLE2_TO_E8M0X2:
        return type_vector(sema->types, &type_float64_t, 2);
    case BUILTIN_FP8_CVT_FLOAT2_TO_FP8X2: case BUILTIN_FP8_CVT_FLOAT2_TO_E8M0X2:
        return type_vector(sema->types, &type_float32_t, 2);
    case BUILTIN_FP8_CVT_BFLOAT16RAW_TO_FP8: case BUILTIN_FP8_CVT_BFLOAT16RAW_TO_E8M0:
        return &type_bfloat16_raw_t;
    default: return &type_uint8_t;   /* cvt_e8m0_to_bf16raw */
    }
}

static bool pairs(Builtin id)
{
    return id == BUILTIN_FP8_CVT_DOUBLE2_TO_FP8X2 || id == BUILTIN_FP8_CVT_FLOAT2_TO_FP8X2 ||
           id == BUILTIN_FP8_CVT_FLOAT2_TO_E8M0X2 || id == BUILTIN_FP8_CVT_DOUBLE2_TO_E8M0X2;
}

static bool to_e8m0(Builtin id)
{
    return id >= BUILTIN_FP8_CVT_BFLOAT16RAW_TO_E8M0 && id <= BUILTIN_FP8_CVT_DOUBLE2_TO_E8M0X2;
}

static bool accept_all(const Type *arg, const Type *to)
{
    (void)arg, (void)to;
    return true;
}

/* The value argument: a real number or bool converts to a scalar
 * parameter (Numba's unsafe conversions), anything else must match. */
static bool check_value_arg(FuncCtx *ctx, Node *call, const char *name, const Type *param)
{
    Node **arg = &call->call.args.items[0];
    const Type *type = (*arg)->type;
    bool scalar_param = param->kind != TYPE_VECTOR;
    if (type == param || (scalar_param && (type_is_real(type) || type == &type_bool_t))) {
        *arg = sema_convert(ctx, *arg, param);
        return true;
    }
    sema_report(ctx, (*arg)->span, "'%s' takes a %s as its first argument, not '%s'", name,
                param == &type_bfloat16_raw_t ? "__nv_bfloat16_raw (made by cvt_e8m0_to_bf16raw)" : param->name,
                type->name);
    return false;
}

/* A mode argument: an enum member, which pykc holds as its int64 value. */
static bool check_mode_arg(FuncCtx *ctx, Node *call, const char *name, int index, const char *enum_name)
{
    Node **arg = &call->call.args.items[index];
    if (type_is_int((*arg)->type)) {
        *arg = sema_convert(ctx, *arg, &type_int64_t);
        return true;
    }
    sema_report(ctx, (*arg)->span, "'%s' takes a member of %s as argument %d, not '%s'", name, enum_name,
                index + 1, (*arg)->type->name);
    return false;
}

Value sema_check_fp8_cvt_call(FuncCtx *ctx, Node *call, Builtin id)
{
    const char *name = sema_builtin_spelling(id);
    int arity = id == BUILTIN_FP8_CVT_E8M0_TO_BF16RAW ? 1 : 3;
    if (!sema_check_intrinsic_args(ctx, call, name, arity, NULL, accept_all))
        return sema_value_error();
    bool ok = check_value_arg(ctx, call, name, value_param(ctx->sema, id));
    if (arity == 3) {
        ok &= check_mode_arg(ctx, call, name, 1, "saturation_t");
        ok &= check_mode_arg(ctx, call, name, 2, to_e8m0(id) ? "cudaRoundMode" : "fp8_interpretation_t");
    }
    if (!ok)
        return sema_value_error();
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = id == BUILTIN_FP8_CVT_E8M0_TO_BF16RAW ? &type_bfloat16_raw_t
                 : pairs(id)                           ? &type_uint16_t
                                                       : &type_uint8_t;
    return sema_value_runtime(call->type);
}
