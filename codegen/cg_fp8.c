/* fp8_e4m3 and fp8_e5m2 (an i8 of their bits) converted as numba-cuda
 * converts them: through CUDA's cuda_fp8.hpp, whose algorithms this file
 * reproduces bit for bit.
 *
 * To fp8 (the constructors, all __NV_SATFINITE): a float64 by the header's
 * __nv_cvt_double_to_fp8 (round to nearest even; beyond the largest
 * finite value plus half an ulp, that value; NaN 0x7F, or 0x7E|mantissa in
 * e5m2); a float32 by __nv_cvt_float_to_fp8: on sm_89 or newer the
 * header's cvt.rn.satfinite.{e4m3,e5m2}x2.f32, before that the same
 * computation in software (NaN made canonical, widened, converted as a
 * double), which gives the same bits. float16, bfloat16 and the integers
 * go through float32, as the header's constructors do.
 *
 * From fp8 (the conversion operators): __nv_cvt_fp8_to_halfraw gives the
 * exact float16 (cvt.rn.f16x2.{e4m3,e5m2}x2 on sm_89 or newer, else the
 * header's bit manipulation: NaN the canonical 0x7FFF); float32 and
 * float64 widen it, bfloat16 is __float2bfloat16_rz of the float (exact:
 * every fp8 value is a bfloat16), and the integers convert toward zero,
 * saturating (fp8_to_int: NaN 0, or 1 << 63 for 64 bits). */
#include "cg_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMTypeRef i8(Cg *cg) { return LLVMInt8TypeInContext(cg->ctx); }
static LLVMTypeRef i16(Cg *cg) { return LLVMInt16TypeInContext(cg->ctx); }
static LLVMTypeRef i32(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }
static LLVMTypeRef i64(Cg *cg) { return LLVMInt64TypeInContext(cg->ctx); }
static LLVMTypeRef f16(Cg *cg) { return LLVMHalfTypeInContext(cg->ctx); }
static LLVMTypeRef f32(Cg *cg) { return LLVMFloatTypeInContext(cg->ctx); }
static LLVMTypeRef f64(Cg *cg) { return LLVMDoubleTypeInContext(cg->ctx); }
static LLVMValueRef k(LLVMTypeRef t, unsigned long long v) { return LLVMConstInt(t, v, false); }

/* The PTX fp8 conversions exist from sm_89. */
static bool has_fp8_cvt(Cg *cg)
{
    const char *arch = cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH;
    return strncmp(arch, "sm_", 3) == 0 && atoi(arch + 3) >= 89;
}

static bool is_e4m3(const Type *t) { return t == &type_fp8_e4m3_t; }

/* cond ? a : b */
static LLVMValueRef sel(Cg *cg, LLVMValueRef cond, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(cg->b, cond, a, b, "");
}

static LLVMValueRef ucmp(Cg *cg, LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildICmp(cg->b, p, a, b, "");
}

/* __nv_cvt_double_to_fp8(x, saturate, e4m3 or e5m2), branch-free: every
 * case is computed and the header's if-chain picks one. satfinite (i1):
 * beyond the largest finite value that value, else NaN (e4m3) or Inf. */
static LLVMValueRef double_to_fp8(Cg *cg, LLVMValueRef x, bool e4m3, LLVMValueRef satfinite)
{
    LLVMBuilderRef b = cg->b;
    const unsigned bias = e4m3 ? 7 : 15, sig_bits = e4m3 ? 4 : 3, mant_mask = e4m3 ? 7 : 3;
    const unsigned long long mindenorm_o2 = e4m3 ? 0x3F50000000000000ULL : 0x3EE0000000000000ULL;
    const unsigned long long overflow = e4m3 ? 0x407D000000000000ULL : 0x40EE000000000000ULL - 1;
    const unsigned long long minnorm = e4m3 ? 0x3F90000000000000ULL : 0x3F10000000000000ULL;
    const unsigned maxnorm = e4m3 ? 0x7E : 0x7B;
    const unsigned long long half_ulp = 1ULL << (53 - sig_bits - 1);

    LLVMValueRef xbits = LLVMBuildBitCast(b, x, i64(cg), "");
    LLVMValueRef sign = LLVMBuildShl(b, LLVMBuildTrunc(b, LLVMBuildLShr(b, xbits, k(i64(cg), 63), ""), i8(cg), ""),
                                     k(i8(cg), 7), "");
    /* the biased fp8 exponent, wrapping as the header's unsigned char does */
    LLVMValueRef exp32 = LLVMBuildAnd(b, LLVMBuildTrunc(b, LLVMBuildLShr(b, xbits, k(i64(cg), 52), ""), i32(cg), ""),
                                      k(i32(cg), 0x7FF), "");
    LLVMValueRef exp = LLVMBuildTrunc(b, LLVMBuildAdd(b, exp32, k(i32(cg), (unsigned)(bias - 1023)), ""), i8(cg), "");
    LLVMValueRef mantissa = LLVMBuildAnd(
        b, LLVMBuildTrunc(b, LLVMBuildLShr(b, xbits, k(i64(cg), 53 - sig_bits), ""), i8(cg), ""),
        k(i8(cg), mant_mask), "");
    LLVMValueRef absx = LLVMBuildAnd(b, xbits, k(i64(cg), 0x7FFFFFFFFFFFFFFFULL), "");

    /* normal range: truncate, then round to nearest even */
    LLVMValueRef normal = LLVMBuildOr(b, LLVMBuildShl(b, exp, k(i8(cg), sig_bits - 1), ""), mantissa, "");
    LLVMValueRef round = LLVMBuildAnd(b, xbits, k(i64(cg), (half_ulp << 1) - 1), "");
    LLVMValueRef odd = LLVMBuildTrunc(b, mantissa, LLVMInt1TypeInContext(cg->ctx), "");
    LLVMValueRef up = LLVMBuildOr(b, ucmp(cg, LLVMIntUGT, round, k(i64(cg), half_ulp)),
                                  LLVMBuildAnd(b, ucmp(cg, LLVMIntEQ, round, k(i64(cg), half_ulp)), odd, ""), "");
    normal = LLVMBuildAdd(b, normal, LLVMBuildZExt(b, up, i8(cg), ""), "");

    /* denormal range: shift = 1 - exp (1..4 there; masked so that the
     * unused lanes never shift by the width) */
    LLVMValueRef shift8 = LLVMBuildAnd(b, LLVMBuildSub(b, k(i8(cg), 1), exp, ""), k(i8(cg), 7), "");
    LLVMValueRef shift = LLVMBuildZExt(b, shift8, i64(cg), "");
    LLVMValueRef dmant = LLVMBuildOr(b, mantissa, k(i8(cg), 1u << (sig_bits - 1)), "");
    LLVMValueRef denorm = LLVMBuildLShr(b, dmant, shift8, "");
    LLVMValueRef dhalf = LLVMBuildShl(b, k(i64(cg), half_ulp), shift, "");
    LLVMValueRef dmask = LLVMBuildSub(b, LLVMBuildShl(b, dhalf, k(i64(cg), 1), ""), k(i64(cg), 1), "");
    LLVMValueRef dround = LLVMBuildAnd(b, LLVMBuildOr(b, xbits, k(i64(cg), 1ULL << 52), ""), dmask, "");
    LLVMValueRef dodd = LLVMBuildTrunc(b, denorm, LLVMInt1TypeInContext(cg->ctx), "");
    LLVMValueRef dup = LLVMBuildOr(b, ucmp(cg, LLVMIntUGT, dround, dhalf),
                                   LLVMBuildAnd(b, ucmp(cg, LLVMIntEQ, dround, dhalf), dodd, ""), "");
    denorm = LLVMBuildAdd(b, denorm, LLVMBuildZExt(b, dup, i8(cg), ""), "");

    LLVMValueRef nan = e4m3 ? k(i8(cg), 0x7F) : LLVMBuildOr(b, k(i8(cg), 0x7E), mantissa, "");
    LLVMValueRef res = sel(cg, ucmp(cg, LLVMIntUGE, absx, k(i64(cg), minnorm)), normal, denorm);
    LLVMValueRef over = sel(cg, satfinite, k(i8(cg), maxnorm), k(i8(cg), e4m3 ? 0x7F : 0x7C));
    res = sel(cg, ucmp(cg, LLVMIntUGT, absx, k(i64(cg), overflow)), over, res);
    res = sel(cg, ucmp(cg, LLVMIntUGT, absx, k(i64(cg), 0x7FF0000000000000ULL)), nan, res);
    res = sel(cg, ucmp(cg, LLVMIntULE, absx, k(i64(cg), mindenorm_o2)), k(i8(cg), 0), res);
    return LLVMBuildOr(b, res, sign, "");
}

/* __nv_cvt_double_to_fp8 with the modes as values (i64, the enums'
 * numbers): e4m3 where fp8_interpretation is __NV_E4M3 (0), else e5m2;
 * saturating where saturate is __NV_SATFINITE (1). */
LLVMValueRef cg_fp8_double_to_fp8(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef interpretation)
{
    LLVMValueRef satfinite = ucmp(cg, LLVMIntEQ, saturate, k(i64(cg), 1));
    LLVMValueRef e4m3 = ucmp(cg, LLVMIntEQ, interpretation, k(i64(cg), 0));
    return sel(cg, e4m3, double_to_fp8(cg, x, true, satfinite), double_to_fp8(cg, x, false, satfinite));
}

/* __nv_cvt_float_to_fp8(x, saturate, fp8_interpretation): on sm_89 or
 * newer, when saturating, the header's PTX (e5m2 where the interpretation
 * is __NV_E5M2, else e4m3); otherwise its software path: the NaN made
 * canonical, widened, converted as a double. */
LLVMValueRef cg_fp8_float_to_fp8(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef interpretation)
{
    LLVMValueRef bits = LLVMBuildBitCast(cg->b, x, i32(cg), "");
    LLVMValueRef is_nan = ucmp(cg, LLVMIntUGT, LLVMBuildAnd(cg->b, bits, k(i32(cg), 0x7FFFFFFF), ""),
                               k(i32(cg), 0x7F800000));
    bits = sel(cg, is_nan, k(i32(cg), 0x7FFFFFFF), bits);
    LLVMValueRef fx = LLVMBuildBitCast(cg->b, bits, f32(cg), "");
    LLVMValueRef soft = cg_fp8_double_to_fp8(cg, LLVMBuildFPExt(cg->b, fx, f64(cg), ""), saturate, interpretation);
    if (!has_fp8_cvt(cg))
        return soft;
    /* the header's operands: (0.0f, x), x in the low byte */
    LLVMValueRef args[2] = {x, LLVMConstReal(f32(cg), 0.0)};
    LLVMValueRef hw[2];
    for (int e5m2 = 0; e5m2 < 2; e5m2++) {
        const char *text = e5m2 ? "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;" : "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;";
        hw[e5m2] = LLVMBuildTrunc(cg->b, cg_inline_ptx(cg, i16(cg), text, "=h,f,f", args, 2), i8(cg), "");
    }
    LLVMValueRef is_e5m2 = ucmp(cg, LLVMIntEQ, interpretation, k(i64(cg), 1));
    LLVMValueRef satfinite = ucmp(cg, LLVMIntEQ, saturate, k(i64(cg), 1));
    return sel(cg, satfinite, sel(cg, is_e5m2, hw[1], hw[0]), soft);
}

/* __nv_cvt_float_to_fp8(x, __NV_SATFINITE, e4m3 or e5m2): the constructors */
static LLVMValueRef float_to_fp8(Cg *cg, LLVMValueRef x, bool e4m3)
{
    return cg_fp8_float_to_fp8(cg, x, k(i64(cg), 1), k(i64(cg), e4m3 ? 0 : 1));
}

/* __nv_cvt_fp8_to_halfraw(x, e4m3 or e5m2): the float16, exact */
static LLVMValueRef fp8_to_half(Cg *cg, LLVMValueRef x, bool e4m3)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef ur;
    if (has_fp8_cvt(cg)) {
        LLVMValueRef in = LLVMBuildZExt(b, x, i16(cg), "");
        const char *text = e4m3 ? "cvt.rn.f16x2.e4m3x2 $0, $1;" : "cvt.rn.f16x2.e5m2x2 $0, $1;";
        ur = LLVMBuildTrunc(b, cg_inline_ptx(cg, i32(cg), text, "=r,h", &in, 1), i16(cg), "");
    } else if (!e4m3) {
        ur = LLVMBuildShl(b, LLVMBuildZExt(b, x, i16(cg), ""), k(i16(cg), 8), "");
        LLVMValueRef is_nan = ucmp(cg, LLVMIntUGT, LLVMBuildAnd(b, ur, k(i16(cg), 0x7FFF), ""), k(i16(cg), 0x7C00));
        ur = sel(cg, is_nan, k(i16(cg), 0x7FFF), ur);
    } else {
        LLVMValueRef u = LLVMBuildShl(b, LLVMBuildZExt(b, x, i16(cg), ""), k(i16(cg), 8), "");
        LLVMValueRef sign = LLVMBuildAnd(b, u, k(i16(cg), 0x8000), "");
        LLVMValueRef expf = LLVMBuildAnd(b, u, k(i16(cg), 0x7800), "");
        LLVMValueRef exponent = LLVMBuildAdd(b, LLVMBuildLShr(b, expf, k(i16(cg), 1), ""), k(i16(cg), 0x2000), "");
        LLVMValueRef mantissa = LLVMBuildLShr(b, LLVMBuildAnd(b, u, k(i16(cg), 0x0700), ""), k(i16(cg), 1), "");
        LLVMValueRef normal = LLVMBuildOr(b, LLVMBuildOr(b, sign, exponent, ""), mantissa, "");
        /* exponent field 0: m * 2^-9, which the header normalises bit by
         * bit; the float16 multiply is exact and gives the same bits */
        LLVMValueRef m = LLVMBuildAnd(b, LLVMBuildZExt(b, x, i16(cg), ""), k(i16(cg), 7), "");
        LLVMValueRef scaled = LLVMBuildFMul(b, LLVMBuildUIToFP(b, m, f16(cg), ""),
                                            LLVMConstReal(f16(cg), 1.0 / 512.0), "");
        LLVMValueRef small = LLVMBuildOr(b, LLVMBuildBitCast(b, scaled, i16(cg), ""), sign, "");
        ur = sel(cg, ucmp(cg, LLVMIntEQ, expf, k(i16(cg), 0)), small, normal);
        LLVMValueRef absx = LLVMBuildAnd(b, x, k(i8(cg), 0x7F), "");
        ur = sel(cg, ucmp(cg, LLVMIntEQ, absx, k(i8(cg), 0x7F)), k(i16(cg), 0x7FFF), ur);
    }
    return LLVMBuildBitCast(b, ur, f16(cg), "");
}

/* The integer conversion operators: 8 bits by the header's own code
 * (toward zero, saturating, NaN 0); wider through __half2{short,ushort,
 * int,uint,ll,ull}_rz, cvt.rzi on the float16 (NaN gives 0, and 1 << 63
 * for 64 bits). */
static LLVMValueRef fp8_to_int(Cg *cg, LLVMValueRef h, const Type *to)
{
    if (to->bits == 8) {
        LLVMValueRef f = LLVMBuildFPExt(cg->b, h, f32(cg), "");
        LLVMTypeRef overloads[2] = {cg_type(cg, to), f32(cg)};
        return cg_intrinsic(cg, to->is_signed ? "llvm.fptosi.sat" : "llvm.fptoui.sat", overloads, 2, &f, 1);
    }
    char text[48], constraints[8];
    snprintf(text, sizeof text, "cvt.rzi.%c%d.f16 $0, $1;", to->is_signed ? 's' : 'u', to->bits);
    snprintf(constraints, sizeof constraints, "=%c,h", to->bits == 16 ? 'h' : to->bits == 32 ? 'r' : 'l');
    LLVMValueRef bits = LLVMBuildBitCast(cg->b, h, i16(cg), "");
    return cg_inline_ptx(cg, cg_type(cg, to), text, constraints, &bits, 1);
}

LLVMValueRef cg_fp8_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (from == to)
        return v;
    if (from == &type_fp8_e8m0_t || to == &type_fp8_e8m0_t)
        return cg_fp8_e8m0_convert(cg, v, from, to);
    if (from->kind == TYPE_FP8) {
        LLVMValueRef h = fp8_to_half(cg, v, is_e4m3(from));
        if (to == &type_float16_t)
            return h;
        if (to->kind == TYPE_INT)
            return fp8_to_int(cg, h, to);
        LLVMValueRef f = LLVMBuildFPExt(cg->b, h, f32(cg), "");
        if (to->kind == TYPE_FP8)   /* not reached: sema has no fp8-to-fp8 cast */
            return float_to_fp8(cg, f, is_e4m3(to));
        if (to->kind == TYPE_BOOL)
            return LLVMBuildFCmp(cg->b, LLVMRealUNE, f, LLVMConstReal(f32(cg), 0.0), "");
        return cg_convert(cg, f, &type_float32_t, to);
    }
    bool e4m3 = is_e4m3(to);
    if (from == &type_float64_t)
        return double_to_fp8(cg, v, e4m3, LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 1, false));
    return float_to_fp8(cg, cg_convert(cg, v, from, &type_float32_t), e4m3);
}
