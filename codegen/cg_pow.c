/* `**` with an integer exponent, by exponentiation by squaring (Numba's
 * int_power_impl): int ** int, and float ** int with the exponent's absolute
 * value and 1/result for a negative exponent. For an integer base, Numba's
 * special cases: 0 ** -n is INT_MIN (its no-raise error model), another
 * negative exponent gives 0 unless the base is 1 (1) or -1 (±1 by parity),
 * and an exponent above 0x10000 goes through the float pow, whose infinite
 * result the float-to-int conversion saturates. A constant exponent is
 * unrolled here into its multiplications (x ** 2 is x * x); otherwise a
 * small loop runs over the exponent's bits. A float exponent calls
 * libdevice's pow (cg_math.c), as Numba does. */
#include "cg_internal.h"

static LLVMValueRef mul(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t)
{
    return t->kind == TYPE_FLOAT ? LLVMBuildFMul(cg->b, a, b, "") : LLVMBuildMul(cg->b, a, b, "");
}

static LLVMValueRef one(Cg *cg, const Type *t)
{
    return t->kind == TYPE_FLOAT ? cg_const_float(cg, t, 1.0) : cg_const_int(cg, t, 1);
}

/* base ** n for a constant n >= 0 (taken as unsigned bits). */
static LLVMValueRef pow_unrolled(Cg *cg, LLVMValueRef base, uint64_t n, const Type *t)
{
    LLVMValueRef r = NULL, a = base;
    while (n) {
        if (n & 1)
            r = r ? mul(cg, r, a, t) : a;
        n >>= 1;
        if (n)
            a = mul(cg, a, a, t);
    }
    return r ? r : one(cg, t);
}

/* base ** e for e >= 0 read as unsigned (so |MIN| works): a loop of
 * r *= a when the low bit is set, a *= a, e >>= 1, until e is 0. */
static LLVMValueRef pow_loop(Cg *cg, LLVMValueRef base, LLVMValueRef e, const Type *t, const Type *et)
{
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(cg->b);
    LLVMBasicBlockRef loop_bb = cg_block(cg, "pow.loop");
    LLVMBasicBlockRef body_bb = cg_block(cg, "pow.body");
    LLVMBasicBlockRef end_bb = cg_block(cg, "pow.end");
    LLVMBuildBr(cg->b, loop_bb);
    cg_enter(cg, loop_bb);
    LLVMValueRef r = LLVMBuildPhi(cg->b, cg_type(cg, t), "pow.r");
    LLVMValueRef a = LLVMBuildPhi(cg->b, cg_type(cg, t), "pow.a");
    LLVMValueRef ee = LLVMBuildPhi(cg->b, cg_type(cg, et), "pow.e");
    LLVMValueRef zero = cg_zero(cg, et);
    LLVMBuildCondBr(cg->b, LLVMBuildICmp(cg->b, LLVMIntEQ, ee, zero, ""), end_bb, body_bb);
    cg_enter(cg, body_bb);
    LLVMValueRef bit = LLVMBuildICmp(cg->b, LLVMIntNE,
                                     LLVMBuildAnd(cg->b, ee, cg_const_int(cg, et, 1), ""), zero, "");
    LLVMValueRef r2 = LLVMBuildSelect(cg->b, bit, mul(cg, r, a, t), r, "");
    LLVMValueRef a2 = mul(cg, a, a, t);
    LLVMValueRef e2 = LLVMBuildLShr(cg->b, ee, cg_const_int(cg, et, 1), "");
    LLVMBuildBr(cg->b, loop_bb);
    LLVMValueRef r_in[2] = {one(cg, t), r2}, a_in[2] = {base, a2}, e_in[2] = {e, e2};
    LLVMBasicBlockRef from[2] = {pre, body_bb};
    LLVMAddIncoming(r, r_in, from, 2);
    LLVMAddIncoming(a, a_in, from, 2);
    LLVMAddIncoming(ee, e_in, from, 2);
    cg_enter(cg, end_bb);
    return r;
}

/* Is the exponent odd as Numba sees it? Past 0x10000 Numba computes with
 * float(e), and a double of magnitude 2**53 or more is even. */
static LLVMValueRef exponent_is_odd(Cg *cg, LLVMValueRef e, const Type *et)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef odd = LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, e, cg_const_int(cg, et, 1), ""),
                                     cg_zero(cg, et), "");
    LLVMValueRef limit = cg_const_int(cg, et, (int64_t)1 << 53);
    LLVMValueRef neg_limit = cg_const_int(cg, et, -((int64_t)1 << 53));
    LLVMValueRef exact = et->is_signed
        ? LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntSLT, e, limit, ""), LLVMBuildICmp(B, LLVMIntSGT, e, neg_limit, ""), "")
        : LLVMBuildICmp(B, LLVMIntULT, e, limit, "");
    return LLVMBuildAnd(B, odd, exact, "");
}

/* 1 for a base of 1; ±1 by the exponent's parity for -1; otherwise other. */
static LLVMValueRef unit_base(Cg *cg, LLVMValueRef base, LLVMValueRef odd, const Type *t, LLVMValueRef other)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef minus_one = cg_const_int(cg, t, -1);
    LLVMValueRef for_minus_one = LLVMBuildSelect(B, odd, minus_one, one(cg, t), "");
    LLVMValueRef r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, base, minus_one, ""), for_minus_one, other, "");
    return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, base, one(cg, t), ""), one(cg, t), r, "");
}

/* Numba's result for an integer base and a negative exponent. */
static LLVMValueRef int_pow_negative(Cg *cg, LLVMValueRef base, LLVMValueRef e, const Type *t,
                                     const Type *et)
{
    uint64_t int_min = (uint64_t)1 << (t->bits - 1);
    LLVMValueRef zero_base = LLVMBuildICmp(cg->b, LLVMIntEQ, base, cg_zero(cg, t), "");
    LLVMValueRef other = LLVMBuildSelect(cg->b, zero_base, cg_const_int(cg, t, (int64_t)int_min),
                                         cg_zero(cg, t), "");
    return unit_base(cg, base, exponent_is_odd(cg, e, et), t, other);
}

/* Numba's result for an integer base and an exponent above 0x10000:
 * pow(base, float(e)) converted back, so 0, 1, ±1, or the saturated
 * infinity (INT_MAX, or INT_MIN for a negative base and an odd exponent). */
static LLVMValueRef int_pow_huge(Cg *cg, LLVMValueRef base, LLVMValueRef e, const Type *t, const Type *et)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef odd = exponent_is_odd(cg, e, et);
    uint64_t max = t->is_signed ? ((uint64_t)1 << (t->bits - 1)) - 1 : UINT64_MAX >> (64 - t->bits);
    LLVMValueRef inf = cg_const_int(cg, t, (int64_t)max);
    if (t->is_signed) {
        LLVMValueRef negative = LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntSLT, base, cg_zero(cg, t), ""), odd, "");
        inf = LLVMBuildSelect(B, negative, cg_const_int(cg, t, (int64_t)(max + 1)), inf, "");
    }
    LLVMValueRef zero_base = LLVMBuildICmp(B, LLVMIntEQ, base, cg_zero(cg, t), "");
    return unit_base(cg, base, odd, t, LLVMBuildSelect(B, zero_base, cg_zero(cg, t), inf, ""));
}

enum { HUGE_EXPONENT = 0x10000 };   /* Numba's cut-off to the float pow */

/* The exponent when it is known: an int constant, or an integral float. */
static bool constant_exponent(const Node *exp_node, const Type *et, int64_t *out)
{
    if (!exp_node || exp_node->konst.kind == CONST_NONE)
        return false;
    if (exp_node->konst.kind == CONST_INT) {
        *out = exp_node->konst.i;
        return et->kind != TYPE_INT || et->is_signed || *out >= 0;
    }
    double f = exp_node->konst.f;
    if (exp_node->konst.kind != CONST_FLOAT || f != (double)(int64_t)f || f > 1e18 || f < -1e18)
        return false;
    *out = (int64_t)f;
    return true;
}

static LLVMValueRef pow_constant(Cg *cg, LLVMValueRef base, int64_t n, const Type *bt,
                                 const Type *et)
{
    uint64_t mag = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    if (n > HUGE_EXPONENT && bt->kind == TYPE_INT)
        return int_pow_huge(cg, base, cg_const_int(cg, &type_int64_t, n), bt, &type_int64_t);
    if (n >= 0)
        return pow_unrolled(cg, base, mag, bt);
    if (bt->kind == TYPE_FLOAT)
        return LLVMBuildFDiv(cg->b, one(cg, bt), pow_unrolled(cg, base, mag, bt), "");
    const Type *it = et->kind == TYPE_INT ? et : &type_int64_t;
    return int_pow_negative(cg, base, cg_const_int(cg, it, n), bt, it);
}

LLVMValueRef cg_pow(Cg *cg, LLVMValueRef base, LLVMValueRef exp, const Type *bt, const Type *et,
                    const Node *exp_node)
{
    int64_t n;
    if (et->kind == TYPE_FLOAT)
        return cg_float_pow(cg, base, exp, bt, exp_node);
    if (constant_exponent(exp_node, et, &n) && bt->kind != TYPE_BOOL)
        return pow_constant(cg, base, n, bt, et);
    if (et->kind != TYPE_INT || bt->kind == TYPE_BOOL)
        return cg_unsupported(cg, exp_node, "'**' with a non-integer exponent");
    LLVMBuilderRef B = cg->b;
    if (!et->is_signed) {
        LLVMValueRef r = pow_loop(cg, base, exp, bt, et);
        if (bt->kind == TYPE_FLOAT)
            return r;
        LLVMValueRef huge = LLVMBuildICmp(B, LLVMIntUGT, exp, cg_const_int(cg, et, HUGE_EXPONENT), "");
        return LLVMBuildSelect(B, huge, int_pow_huge(cg, base, exp, bt, et), r, "pow");
    }
    LLVMValueRef neg = LLVMBuildICmp(B, LLVMIntSLT, exp, cg_zero(cg, et), "");
    if (bt->kind == TYPE_FLOAT) {
        LLVMValueRef mag = LLVMBuildSelect(B, neg, LLVMBuildNeg(B, exp, ""), exp, "");
        LLVMValueRef r = pow_loop(cg, base, mag, bt, et);
        return LLVMBuildSelect(B, neg, LLVMBuildFDiv(B, one(cg, bt), r, ""), r, "pow");
    }
    LLVMValueRef e = LLVMBuildSelect(B, neg, cg_zero(cg, et), exp, "");
    LLVMValueRef r = pow_loop(cg, base, e, bt, et);
    LLVMValueRef huge = LLVMBuildICmp(B, LLVMIntSGT, exp, cg_const_int(cg, et, HUGE_EXPONENT), "");
    r = LLVMBuildSelect(B, huge, int_pow_huge(cg, base, exp, bt, et), r, "");
    return LLVMBuildSelect(B, neg, int_pow_negative(cg, base, exp, bt, et), r, "pow");
}
