/* round(x, ndigits) for a float32 or float64 x and an int64 ndigits, as
 * numba-cuda's CUDA lowering computes it (cudaimpl.py's round_to_impl,
 * which follows CPython's fallback double_round without its range guards):
 *
 *   if x is inf or nan: return x
 *   if ndigits >= 0:
 *       pow1, pow2 = 10.0 ** (ndigits - 22), 1e22   if ndigits > 22
 *                    10.0 ** ndigits, 1.0           otherwise
 *       y = (x * pow1) * pow2;  if y is inf: return x
 *   else:
 *       pow1 = 10.0 ** -ndigits;  y = x / pow1
 *   z = float64(llrint(y))
 *   if |y - z| == 0.5: z = 2.0 * float64(llrint(y / 2.0))
 *   z = (z / pow2) / pow1  if ndigits >= 0  else  z * pow1
 *   return z, converted to x's type
 *
 * All of it is float64, a float32 x included (it meets the float64 pow1
 * first), and the float64 result is then rounded to float32. Every step is
 * free of side effects, so both branches are computed and selects pick,
 * with the same operations in the same order, hence bitwise the same
 * results. Numba's `round(y)` is its unary round, libdevice's __nv_llrint,
 * which is llvm.nvvm.d2ll.rn (cvt.rni.s64.f64: ties to even, saturating at
 * the int64 range, nan to 0); so |y| >= 2**63 gives +-2**63, not y, as in
 * Numba. 10.0 ** n is Numba's int_power (exponentiation by squaring, cg_pow);
 * for a constant ndigits it is computed here by the same multiplications. */
#include "cg_internal.h"

static LLVMValueRef f64(Cg *cg, double v)
{
    return cg_const_float(cg, &type_float64_t, v);
}

/* int_power(10.0, n) for 0 <= n, in double, multiplication by
 * multiplication as Numba's loop does it (r *= a; a *= a), so the host's
 * IEEE arithmetic gives the device's bits. Past 0x10000 Numba calls
 * pow(10.0, n), which is inf, as the loop's result is there. */
static double numba_pow10(uint64_t n)
{
    double r = 1.0, a = 10.0;
    for (; n; n >>= 1) {
        if (n & 1)
            r *= a;
        a *= a;
    }
    return r;
}

/* float64(llrint(v)) as Numba's unary round gives it. */
static LLVMValueRef rint_through_int64(Cg *cg, LLVMValueRef v)
{
    LLVMValueRef i = cg_intrinsic(cg, "llvm.nvvm.d2ll.rn", NULL, 0, &v, 1);
    return LLVMBuildSIToFP(cg->b, i, LLVMDoubleTypeInContext(cg->ctx), "");
}

static LLVMValueRef fabs_of(Cg *cg, LLVMValueRef v)
{
    LLVMTypeRef ty = LLVMTypeOf(v);
    return cg_intrinsic(cg, "llvm.fabs", &ty, 1, &v, 1);
}

/* |v| == inf, or also nan with `or_nan` (an unordered compare). */
static LLVMValueRef is_inf(Cg *cg, LLVMValueRef v, bool or_nan)
{
    LLVMValueRef inf = LLVMConstReal(LLVMTypeOf(v), __builtin_inf());
    return LLVMBuildFCmp(cg->b, or_nan ? LLVMRealUEQ : LLVMRealOEQ, fabs_of(cg, v), inf, "");
}

/* pow1: 10.0 ** e with e = -ndigits, ndigits - 22 or ndigits. */
static LLVMValueRef power_of_ten(Cg *cg, const Node *nd_node, LLVMValueRef nd, LLVMValueRef negative,
                                 LLVMValueRef beyond_22)
{
    if (nd_node->konst.kind == CONST_INT) {
        int64_t n = nd_node->konst.i;
        uint64_t e = n < 0 ? 0 - (uint64_t)n : n > 22 ? (uint64_t)n - 22 : (uint64_t)n;
        return f64(cg, numba_pow10(e));
    }
    LLVMBuilderRef B = cg->b;
    LLVMValueRef e = LLVMBuildSelect(B, beyond_22, LLVMBuildSub(B, nd, cg_const_i64(cg, 22), ""), nd, "");
    e = LLVMBuildSelect(B, negative, LLVMBuildNeg(B, nd, ""), e, "round.exp");
    return cg_pow(cg, f64(cg, 10.0), e, &type_float64_t, &type_int64_t, NULL);
}

LLVMValueRef cg_emit_round_ndigits(Cg *cg, const Node *node)
{
    const Node *x_node = node->call.args.items[0], *nd_node = node->call.args.items[1];
    const Type *t = node->type;
    LLVMBuilderRef B = cg->b;
    LLVMValueRef x = cg_emit_expr(cg, x_node);
    LLVMValueRef nd = cg_emit_expr(cg, nd_node);
    LLVMValueRef zero = cg_const_i64(cg, 0);
    LLVMValueRef negative = LLVMBuildICmp(B, LLVMIntSLT, nd, zero, "round.neg");
    LLVMValueRef beyond_22 = LLVMBuildICmp(B, LLVMIntSGT, nd, cg_const_i64(cg, 22), "");
    LLVMValueRef pow1 = power_of_ten(cg, nd_node, nd, negative, beyond_22);
    LLVMValueRef pow2 = LLVMBuildSelect(B, beyond_22, f64(cg, 1e22), f64(cg, 1.0), "round.pow2");

    LLVMValueRef xd = cg_convert(cg, x, t, &type_float64_t);
    LLVMValueRef y_up = LLVMBuildFMul(B, LLVMBuildFMul(B, xd, pow1, ""), pow2, "");
    LLVMValueRef y_down = LLVMBuildFDiv(B, xd, pow1, "");
    LLVMValueRef y = LLVMBuildSelect(B, negative, y_down, y_up, "round.y");

    LLVMValueRef z = rint_through_int64(cg, y);
    LLVMValueRef diff = fabs_of(cg, LLVMBuildFSub(B, y, z, ""));
    LLVMValueRef halfway = LLVMBuildFCmp(B, LLVMRealOEQ, diff, f64(cg, 0.5), "round.halfway");
    LLVMValueRef even = LLVMBuildFMul(B, f64(cg, 2.0),
                                      rint_through_int64(cg, LLVMBuildFDiv(B, y, f64(cg, 2.0), "")), "");
    z = LLVMBuildSelect(B, halfway, even, z, "");

    LLVMValueRef z_up = LLVMBuildFDiv(B, LLVMBuildFDiv(B, z, pow2, ""), pow1, "");
    LLVMValueRef z_down = LLVMBuildFMul(B, z, pow1, "");
    LLVMValueRef r = cg_convert(cg, LLVMBuildSelect(B, negative, z_down, z_up, ""), &type_float64_t, t);

    /* x itself when it is inf or nan, or when x * 10**ndigits overflows */
    LLVMValueRef overflow = LLVMBuildAnd(B, LLVMBuildNot(B, negative, ""), is_inf(cg, y_up, false), "");
    return LLVMBuildSelect(B, LLVMBuildOr(B, is_inf(cg, x, true), overflow, ""), x, r, "round");
}
