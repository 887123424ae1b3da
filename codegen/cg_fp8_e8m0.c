/* fp8_e8m0 (an i8: a biased power-of-two exponent, 0 is 2^-127, 254 is
 * 2^127, 255 NaN; no sign, no zero) converted as numba-cuda converts it:
 * through CUDA's cuda_fp8.hpp, whose software path this file reproduces
 * bit for bit. The header takes its PTX path (cvt.{rz,rp}[.satfinite]
 * .ue8m0x2.*, cvt.rn.bf16x2.ue8m0x2) only for arch-family targets from
 * sm_100 (sm_100a, sm_100f, ... and their sm_11x, sm_12x kin); pykc
 * takes the software path on every arch (the GPUs it is checked on are
 * sm_90, where numba-cuda takes it too).
 *
 * To e8m0 (__nv_cvt_bfloat16raw_to_e8m0, the heart of the others): the
 * bfloat16's exponent field, the sign dropped; rounding cudaRoundPosInf
 * adds one when the mantissa is not zero and 2^-127 < |x| < Inf; saturate
 * __NV_SATFINITE turns a result of 255 from a non-NaN into 254. A float32
 * is first cut to bfloat16, toward zero for cudaRoundZero, else its
 * absolute value up (NaN the canonical 0x7FFF); a float64 first becomes
 * the float32 cut toward zero with a sticky low bit when inexact. The
 * constructors are SATFINITE and PosInf: a float16 through float32, a
 * 16-bit integer through float32, a 32-bit one through float64, a 64-bit
 * one by the header's bfloat16 dance, which gives the smallest power of
 * two at least |v| (0 gives 2^-127).
 *
 * From e8m0 (the conversion operators): the bfloat16 of bits x << 7 (0x40,
 * 2^-127, for 0; 0x7FFF for NaN); float32 and float64 widen it, float16
 * rounds it to nearest even, integers take it toward zero, saturating, as
 * __bfloat162*_rz do (cg_bf16_convert). */
#include "cg_internal.h"

static LLVMTypeRef i1(Cg *cg) { return LLVMInt1TypeInContext(cg->ctx); }
static LLVMTypeRef i8(Cg *cg) { return LLVMInt8TypeInContext(cg->ctx); }
static LLVMTypeRef i16(Cg *cg) { return LLVMInt16TypeInContext(cg->ctx); }
static LLVMTypeRef i32(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }
static LLVMTypeRef i64(Cg *cg) { return LLVMInt64TypeInContext(cg->ctx); }
static LLVMTypeRef f32(Cg *cg) { return LLVMFloatTypeInContext(cg->ctx); }
static LLVMTypeRef f64(Cg *cg) { return LLVMDoubleTypeInContext(cg->ctx); }
static LLVMValueRef k(LLVMTypeRef t, unsigned long long v) { return LLVMConstInt(t, v, false); }

static LLVMValueRef icmp(Cg *cg, LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildICmp(cg->b, p, a, b, "");
}

static LLVMValueRef and3(Cg *cg, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    return LLVMBuildAnd(cg->b, LLVMBuildAnd(cg->b, a, b, ""), c, "");
}

/* cudaRoundMode and saturation_t as the header numbers them */
enum { ROUND_ZERO = 1, ROUND_POS_INF = 2, SATFINITE = 1 };

LLVMValueRef cg_fp8_bf16raw_to_e8m0(Cg *cg, LLVMValueRef raw, LLVMValueRef saturate, LLVMValueRef rounding)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef res = LLVMBuildTrunc(b, LLVMBuildLShr(b, raw, k(i16(cg), 7), ""), i8(cg), "");
    LLVMValueRef mag = LLVMBuildAnd(b, raw, k(i16(cg), 0x7FFF), "");
    LLVMValueRef inexact = icmp(cg, LLVMIntNE, LLVMBuildAnd(b, raw, k(i16(cg), 0x7F), ""), k(i16(cg), 0));
    LLVMValueRef up = and3(cg, inexact, icmp(cg, LLVMIntUGT, mag, k(i16(cg), 0x40)),
                           icmp(cg, LLVMIntULT, mag, k(i16(cg), 0x7F80)));
    up = LLVMBuildAnd(b, up, icmp(cg, LLVMIntEQ, rounding, k(i64(cg), ROUND_POS_INF)), "");
    res = LLVMBuildAdd(b, res, LLVMBuildZExt(b, up, i8(cg), ""), "");
    LLVMValueRef down = and3(cg, icmp(cg, LLVMIntULE, mag, k(i16(cg), 0x7F80)),
                             icmp(cg, LLVMIntEQ, res, k(i8(cg), 0xFF)),
                             icmp(cg, LLVMIntEQ, saturate, k(i64(cg), SATFINITE)));
    return LLVMBuildSub(b, res, LLVMBuildZExt(b, down, i8(cg), ""), "");
}

static LLVMValueRef is_nan_bits(Cg *cg, LLVMValueRef bits)
{
    return icmp(cg, LLVMIntUGT, LLVMBuildAnd(cg->b, bits, k(i32(cg), 0x7FFFFFFF), ""), k(i32(cg), 0x7F800000));
}

/* __internal_float_to_bf16raw_rz and _ru (the latter only ever given a
 * non-negative x), as bits; the sm_80 / sm_90 cvt.rz / cvt.rp.bf16.f32 the
 * header uses there give the same. */
static LLVMValueRef bf16raw_rz(Cg *cg, LLVMValueRef bits)
{
    LLVMValueRef hi = LLVMBuildTrunc(cg->b, LLVMBuildLShr(cg->b, bits, k(i32(cg), 16), ""), i16(cg), "");
    return LLVMBuildSelect(cg->b, is_nan_bits(cg, bits), k(i16(cg), 0x7FFF), hi, "");
}

static LLVMValueRef bf16raw_ru(Cg *cg, LLVMValueRef bits)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, bits, k(i32(cg), 16), ""), i16(cg), "");
    LLVMValueRef up = LLVMBuildAnd(b, icmp(cg, LLVMIntULT, bits, k(i32(cg), 0x7F800000)),
                                   icmp(cg, LLVMIntNE, LLVMBuildAnd(b, bits, k(i32(cg), 0xFFFF), ""), k(i32(cg), 0)), "");
    hi = LLVMBuildAdd(b, hi, LLVMBuildZExt(b, up, i16(cg), ""), "");
    return LLVMBuildSelect(b, is_nan_bits(cg, bits), k(i16(cg), 0x7FFF), hi, "");
}

/* __nv_cvt_float_to_e8m0: cudaRoundZero cuts x, any other mode rounds |x|
 * up (the header's else branch), then the bfloat16 conversion. */
LLVMValueRef cg_fp8_float_to_e8m0(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef rounding)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef bits = LLVMBuildBitCast(b, x, i32(cg), "");
    LLVMValueRef rz = cg_fp8_bf16raw_to_e8m0(cg, bf16raw_rz(cg, bits), saturate, rounding);
    LLVMValueRef abs_bits = LLVMBuildAnd(b, bits, k(i32(cg), 0x7FFFFFFF), "");
    LLVMValueRef ru = cg_fp8_bf16raw_to_e8m0(cg, bf16raw_ru(cg, abs_bits), saturate, rounding);
    return LLVMBuildSelect(b, icmp(cg, LLVMIntEQ, rounding, k(i64(cg), ROUND_ZERO)), rz, ru, "");
}

/* __internal_double_to_float_with_sticky: x rounded to float32 (cvt.rn,
 * no flush), stepped back toward zero where that rounded away, and made
 * odd where inexact (not for a NaN), so that a later rounding of the
 * float32 rounds as x would. */
static LLVMValueRef float_with_sticky(Cg *cg, LLVMValueRef x)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef f = LLVMBuildFPTrunc(b, x, f32(cg), "");
    LLVMValueRef d = LLVMBuildFPExt(b, f, f64(cg), "");
    LLVMValueRef u = LLVMBuildBitCast(b, f, i32(cg), "");
    LLVMValueRef not_nan = icmp(cg, LLVMIntULE, LLVMBuildShl(b, u, k(i32(cg), 1), ""), k(i32(cg), 0xFF000000));
    LLVMValueRef zero = LLVMConstReal(f64(cg), 0.0);
    LLVMValueRef away_up = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOGT, x, zero, ""),
                                        LLVMBuildFCmp(b, LLVMRealOGT, d, x, ""), "");
    LLVMValueRef away_down = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOLT, x, zero, ""),
                                          LLVMBuildFCmp(b, LLVMRealOLT, d, x, ""), "");
    u = LLVMBuildSub(b, u, LLVMBuildZExt(b, LLVMBuildOr(b, away_up, away_down, ""), i32(cg), ""), "");
    LLVMValueRef inexact = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealUNE, d, x, ""), not_nan, "");
    u = LLVMBuildOr(b, u, LLVMBuildZExt(b, inexact, i32(cg), ""), "");
    return LLVMBuildBitCast(b, u, f32(cg), "");
}

LLVMValueRef cg_fp8_double_to_e8m0(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef rounding)
{
    return cg_fp8_float_to_e8m0(cg, float_with_sticky(cg, x), saturate, rounding);
}

/* __internal_e8m0_to_bf16 */
LLVMValueRef cg_fp8_e8m0_to_bf16raw(Cg *cg, LLVMValueRef x)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef res = LLVMBuildShl(b, LLVMBuildZExt(b, x, i16(cg), ""), k(i16(cg), 7), "");
    res = LLVMBuildSelect(b, icmp(cg, LLVMIntEQ, x, k(i8(cg), 0)), k(i16(cg), 0x0040), res, "");
    return LLVMBuildSelect(b, icmp(cg, LLVMIntEQ, x, k(i8(cg), 0xFF)), k(i16(cg), 0x7FFF), res, "");
}

/* The 64-bit integer constructors: the header rounds v to bfloat16, steps
 * the bits one up (away from zero) where that rounding went toward zero,
 * and converts with cudaRoundPosInf: the smallest power of two at least
 * |v|, which is 2^ceil(log2 |v|) = 2^(64 - clz(|v| - 1)); 0 gives 0. */
static LLVMValueRef int64_to_e8m0(Cg *cg, LLVMValueRef v, bool is_signed)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef mag = v;
    if (is_signed) {
        LLVMValueRef neg = icmp(cg, LLVMIntSLT, v, k(i64(cg), 0));
        mag = LLVMBuildSelect(b, neg, LLVMBuildNeg(b, v, ""), v, "");   /* INT64_MIN: 2^63 unsigned */
    }
    LLVMValueRef args[2] = {LLVMBuildSub(b, mag, k(i64(cg), 1), ""), k(i1(cg), 0)};
    LLVMTypeRef overload = i64(cg);
    LLVMValueRef clz = cg_intrinsic(cg, "llvm.ctlz", &overload, 1, args, 2);
    LLVMValueRef e = LLVMBuildSub(b, k(i64(cg), 127 + 64), clz, "");
    e = LLVMBuildSelect(b, icmp(cg, LLVMIntEQ, mag, k(i64(cg), 0)), k(i64(cg), 0), e, "");
    return LLVMBuildTrunc(b, e, i8(cg), "");
}

static LLVMValueRef number_to_e8m0(Cg *cg, LLVMValueRef v, const Type *from)
{
    LLVMValueRef sat = k(i64(cg), SATFINITE), up = k(i64(cg), ROUND_POS_INF);
    if (from == &type_bfloat16_t)
        return cg_fp8_bf16raw_to_e8m0(cg, v, sat, up);
    if (from == &type_float64_t)
        return cg_fp8_double_to_e8m0(cg, v, sat, up);
    if (from->kind == TYPE_INT && from->bits == 64)
        return int64_to_e8m0(cg, v, from->is_signed);
    if (from->kind == TYPE_INT && from->bits == 32)
        return cg_fp8_double_to_e8m0(cg, cg_convert(cg, v, from, &type_float64_t), sat, up);
    return cg_fp8_float_to_e8m0(cg, cg_convert(cg, v, from, &type_float32_t), sat, up);
}

LLVMValueRef cg_fp8_e8m0_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (from == to)
        return v;
    if (from != &type_fp8_e8m0_t)
        return number_to_e8m0(cg, v, from);
    LLVMBuilderRef b = cg->b;
    LLVMValueRef raw = cg_fp8_e8m0_to_bf16raw(cg, v);
    if (to == &type_bfloat16_t)
        return raw;
    if (to->kind == TYPE_INT)
        return cg_bf16_convert(cg, raw, &type_bfloat16_t, to);
    if (to->kind == TYPE_BOOL)   /* the header's operator bool (sema refuses the cast) */
        return k(i1(cg), 1);
    LLVMValueRef f = LLVMBuildBitCast(b, LLVMBuildShl(b, LLVMBuildZExt(b, raw, i32(cg), ""), k(i32(cg), 16), ""),
                                      f32(cg), "");
    return cg_convert(cg, f, &type_float32_t, to);
}
