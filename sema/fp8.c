/* fp8 as numba-cuda 0.30.4 types it: numba.cuda._internal.cuda_fp8 (its
 * Numbast bindings of CUDA's cuda_fp8.h) names the types fp8_e4m3 and
 * fp8_e5m2, Numbers of one byte. Calling the type converts a float,
 * float16, bfloat16 or integer (the __nv_fp8_* constructors: round to
 * nearest even, saturate to the largest finite value); calling a number
 * type or bfloat16 on one converts back (its conversion operators).
 * Codegen: codegen/cg_fp8.c. Not compiled yet: fp8_e8m0, the x2/x4
 * types, and the cvt_* functions with their saturation_t and
 * fp8_interpretation_t enums. */
#include "sema_internal.h"

Value sema_fp8_attribute(Str name)
{
    if (str_eq_cstr(name, "fp8_e4m3"))
        return (Value){.kind = VAL_TYPE, .type = &type_fp8_e4m3_t};
    if (str_eq_cstr(name, "fp8_e5m2"))
        return (Value){.kind = VAL_TYPE, .type = &type_fp8_e5m2_t};
    return sema_value_error();
}
