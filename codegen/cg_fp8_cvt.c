/* numba.cuda._internal.cuda_fp8's cvt_* functions (typed in
 * sema/fp8_cvt.c): the header's __nv_cvt_* of the same names, with the
 * modes as the i64 numbers of their enum members (constants in practice,
 * which the optimiser folds). A pair (float32x2, float64x2) converts each
 * member as one value, .y into the high byte, as the header's software
 * path does and its PTX (cvt ... d, y, x) does too. */
#include "cg_internal.h"

static LLVMTypeRef i16(Cg *cg) { return LLVMInt16TypeInContext(cg->ctx); }
static LLVMTypeRef i32(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }

bool cg_is_fp8_cvt_call(int id)
{
    return id >= BUILTIN_FP8_CVT_DOUBLE_TO_FP8 && id <= BUILTIN_FP8_CVT_E8M0_TO_BF16RAW;
}

typedef LLVMValueRef (*Convert)(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef mode);

/* __internal_bf16raw_to_float: the bits in the high half */
static LLVMValueRef raw_to_float(Cg *cg, LLVMValueRef raw)
{
    LLVMValueRef bits = LLVMBuildShl(cg->b, LLVMBuildZExt(cg->b, raw, i32(cg), ""), LLVMConstInt(i32(cg), 16, false), "");
    return LLVMBuildBitCast(cg->b, bits, LLVMFloatTypeInContext(cg->ctx), "");
}

static LLVMValueRef bf16raw_to_fp8(Cg *cg, LLVMValueRef raw, LLVMValueRef saturate, LLVMValueRef interpretation)
{
    return cg_fp8_float_to_fp8(cg, raw_to_float(cg, raw), saturate, interpretation);
}

static LLVMValueRef pair(Cg *cg, Convert convert, LLVMValueRef v, LLVMValueRef saturate, LLVMValueRef mode)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef lo = convert(cg, LLVMBuildExtractValue(b, v, 0, ""), saturate, mode);
    LLVMValueRef hi = convert(cg, LLVMBuildExtractValue(b, v, 1, ""), saturate, mode);
    hi = LLVMBuildShl(b, LLVMBuildZExt(b, hi, i16(cg), ""), LLVMConstInt(i16(cg), 8, false), "");
    return LLVMBuildOr(b, hi, LLVMBuildZExt(b, lo, i16(cg), ""), "");
}

LLVMValueRef cg_emit_fp8_cvt_call(Cg *cg, const Node *node)
{
    const NodeList *list = &node->call.args;
    LLVMValueRef args[3];
    for (int i = 0; i < list->count && i < 3; i++)
        args[i] = cg_emit_expr(cg, list->items[i]);
    switch ((Builtin)node->call.builtin) {
    case BUILTIN_FP8_CVT_DOUBLE_TO_FP8: return cg_fp8_double_to_fp8(cg, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_FLOAT_TO_FP8: return cg_fp8_float_to_fp8(cg, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_DOUBLE2_TO_FP8X2: return pair(cg, cg_fp8_double_to_fp8, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_FLOAT2_TO_FP8X2: return pair(cg, cg_fp8_float_to_fp8, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_BFLOAT16RAW_TO_FP8:
        return bf16raw_to_fp8(cg, LLVMBuildExtractValue(cg->b, args[0], 0, ""), args[1], args[2]);
    case BUILTIN_FP8_CVT_BFLOAT16RAW_TO_E8M0:
        return cg_fp8_bf16raw_to_e8m0(cg, LLVMBuildExtractValue(cg->b, args[0], 0, ""), args[1], args[2]);
    case BUILTIN_FP8_CVT_FLOAT_TO_E8M0: return cg_fp8_float_to_e8m0(cg, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_DOUBLE_TO_E8M0: return cg_fp8_double_to_e8m0(cg, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_FLOAT2_TO_E8M0X2: return pair(cg, cg_fp8_float_to_e8m0, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_DOUBLE2_TO_E8M0X2: return pair(cg, cg_fp8_double_to_e8m0, args[0], args[1], args[2]);
    case BUILTIN_FP8_CVT_E8M0_TO_BF16RAW: {
        LLVMValueRef raw = cg_fp8_e8m0_to_bf16raw(cg, args[0]);
        return LLVMBuildInsertValue(cg->b, LLVMGetUndef(cg_type(cg, node->type)), raw, 0, "");
    }
    default: return NULL;
    }
}
