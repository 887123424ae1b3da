/* fp8 as numba-cuda 0.30.4 types it: numba.cuda._internal.cuda_fp8 (its
 * Numbast bindings of CUDA's cuda_fp8.h) names the types fp8_e4m3,
 * fp8_e5m2 and fp8_e8m0, Numbers of one byte. Calling the type converts a
 * float, float16, bfloat16 or integer (the __nv_fp8_* constructors);
 * calling a number type or bfloat16 on one converts back (its conversion
 * operators). Codegen: codegen/cg_fp8.c and cg_fp8_e8m0.c.
 *
 * The module's cvt_* functions (sema/fp8_cvt.c) take modes from two
 * IntEnums of the module, saturation_t (NOSAT 0, SATFINITE 1) and
 * fp8_interpretation_t (E4M3 0, E5M2 1), and from cuda.bindings.runtime's
 * cudaRoundMode (cudaRoundNearest 0, cudaRoundZero 1, cudaRoundPosInf 2,
 * cudaRoundMinInf 3, as CUDA's device_types.h numbers them). pykc's
 * IntEnum members are their numbers (sema/enums.c): each member is an
 * int64 constant. Not compiled yet: the x2/x4 types. */
#include "sema_internal.h"

const Type type_bfloat16_raw_t = {.kind = TYPE_VECTOR, .name = "unnamed1405307", .bits = 16,
                                  .elem = &type_uint16_t, .count = 1};

Value sema_fp8_attribute(Str name)
{
    if (str_eq_cstr(name, "fp8_e4m3"))
        return (Value){.kind = VAL_TYPE, .type = &type_fp8_e4m3_t};
    if (str_eq_cstr(name, "fp8_e5m2"))
        return (Value){.kind = VAL_TYPE, .type = &type_fp8_e5m2_t};
    if (str_eq_cstr(name, "fp8_e8m0"))
        return (Value){.kind = VAL_TYPE, .type = &type_fp8_e8m0_t};
    if (str_eq_cstr(name, "saturation_t"))
        return (Value){.kind = VAL_NAMESPACE, .id = NS_FP8_SATURATION};
    if (str_eq_cstr(name, "fp8_interpretation_t"))
        return (Value){.kind = VAL_NAMESPACE, .id = NS_FP8_INTERPRETATION};
    for (int id = BUILTIN_FP8_CVT_DOUBLE_TO_FP8; id <= BUILTIN_FP8_CVT_E8M0_TO_BF16RAW; id++)
        if (str_eq_cstr(name, sema_builtin_spelling((Builtin)id)))
            return (Value){.kind = VAL_BUILTIN, .id = id};
    return sema_value_error();
}

Value sema_fp8_enum_member(int ns, Str name)
{
    static const char *const saturation[] = {"NOSAT", "SATFINITE", NULL};
    static const char *const interpretation[] = {"E4M3", "E5M2", NULL};
    static const char *const rounding[] = {"cudaRoundNearest", "cudaRoundZero", "cudaRoundPosInf",
                                           "cudaRoundMinInf", NULL};
    const char *const *members = ns == NS_FP8_SATURATION      ? saturation
                                 : ns == NS_FP8_INTERPRETATION ? interpretation
                                                               : rounding;
    for (int i = 0; members[i]; i++)
        if (str_eq_cstr(name, members[i])) {
            Value v = sema_value_runtime(&type_int64_t);
            v.konst = (ConstValue){.kind = CONST_INT, .i = i};
            return v;
        }
    return sema_value_error();
}
