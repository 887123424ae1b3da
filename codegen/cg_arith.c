/* Python's (and Numba's) arithmetic on LLVM values: integers wrap; `//` and
 * `%` round toward negative infinity, with the remainder taking the
 * divisor's sign; division or modulo by zero, and MIN // -1, give 0 as
 * Numba's CUDA target does (never a trap: the divisor is made safe before
 * sdiv). Float `%` and `//` are CPython's divmod over an exact fmod
 * (cg_fmod.c). fadd, fsub and fmul may contract into fma. `**` is in
 * cg_pow.c; complex numbers in cg_complex.c. */
#include "cg_internal.h"

static LLVMValueRef select_zero_if(Cg *cg, LLVMValueRef bad, LLVMValueRef v)
{
    return LLVMBuildSelect(cg->b, bad, LLVMConstNull(LLVMTypeOf(v)), v, "");
}

/* Whether truncating division, whose remainder by d is r, rounded the wrong
 * way for Python: r is non-zero and its sign differs from the divisor's. */
static LLVMValueRef floor_needs_fix(Cg *cg, LLVMValueRef r, LLVMValueRef d, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef zero = cg_zero(cg, t);
    LLVMValueRef signs_differ = LLVMBuildICmp(B, LLVMIntSLT, LLVMBuildXor(B, r, d, ""), zero, "");
    return LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntNE, r, zero, ""), signs_differ, "");
}

/* Signed a % b where b is 0 or -1 divides by 1 instead: a % -1 is 0 for
 * every a in Python (and MIN % -1 would trap), a % 0 is 0 in Numba's CUDA
 * target, and srem by 1 gives that 0 with no select after it. One test
 * fewer on the way to the division than // needs (a loop of `a % b` such as
 * Euclid's runs its divisions back to back). */
static LLVMValueRef signed_mod(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef one = cg_const_int(cg, t, 1);
    LLVMValueRef b_plus_one = LLVMBuildAdd(B, b, one, "");
    LLVMValueRef bad = LLVMBuildICmp(B, LLVMIntULE, b_plus_one, one, "");   /* b is -1 or 0 */
    LLVMValueRef d = LLVMBuildSelect(B, bad, one, b, "");
    LLVMValueRef r = LLVMBuildSRem(B, a, d, "");
    LLVMValueRef fix = floor_needs_fix(cg, r, d, t);
    return LLVMBuildSelect(B, fix, LLVMBuildAdd(B, r, d, ""), r, "");
}

/* Signed a // b: truncating division, less one where the remainder shows
 * it rounded up; by zero and MIN // -1 give 0. */
static LLVMValueRef signed_floordiv(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef zero = cg_zero(cg, t), one = cg_const_int(cg, t, 1);
    LLVMValueRef min = cg_const_int(cg, t, (int64_t)(UINT64_C(1) << (t->bits - 1)));
    LLVMValueRef by_zero = LLVMBuildICmp(B, LLVMIntEQ, b, zero, "");
    LLVMValueRef a_min = LLVMBuildICmp(B, LLVMIntEQ, a, min, "");
    LLVMValueRef b_minus_one = LLVMBuildICmp(B, LLVMIntEQ, b, cg_const_int(cg, t, -1), "");
    LLVMValueRef overflow = LLVMBuildAnd(B, a_min, b_minus_one, "");
    LLVMValueRef bad = LLVMBuildOr(B, by_zero, overflow, "");
    LLVMValueRef d = LLVMBuildSelect(B, bad, one, b, "");
    LLVMValueRef q = LLVMBuildSDiv(B, a, d, "");
    LLVMValueRef r = LLVMBuildSRem(B, a, d, "");
    LLVMValueRef fix = floor_needs_fix(cg, r, d, t);
    return select_zero_if(cg, bad, LLVMBuildSelect(B, fix, LLVMBuildSub(B, q, one, ""), q, ""));
}

static LLVMValueRef unsigned_divmod(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t, bool mod)
{
    LLVMValueRef by_zero = LLVMBuildICmp(cg->b, LLVMIntEQ, b, cg_zero(cg, t), "");
    LLVMValueRef d = LLVMBuildSelect(cg->b, by_zero, cg_const_int(cg, t, 1), b, "");
    if (mod)   /* a % 1 is already the 0 that modulo by zero gives */
        return LLVMBuildURem(cg->b, a, d, "");
    return select_zero_if(cg, by_zero, LLVMBuildUDiv(cg->b, a, d, ""));
}

static LLVMValueRef int_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b, const Type *t,
                              const Node *at)
{
    LLVMBuilderRef B = cg->b;
    switch (op) {
    case BINOP_ADD: return LLVMBuildAdd(B, a, b, "");
    case BINOP_SUB: return LLVMBuildSub(B, a, b, "");
    case BINOP_MUL: return LLVMBuildMul(B, a, b, "");
    case BINOP_FLOORDIV: case BINOP_MOD:
        if (!t->is_signed)
            return unsigned_divmod(cg, a, b, t, op == BINOP_MOD);
        return op == BINOP_MOD ? signed_mod(cg, a, b, t) : signed_floordiv(cg, a, b, t);
    case BINOP_LSHIFT: return LLVMBuildShl(B, a, b, "");
    case BINOP_RSHIFT: return t->is_signed ? LLVMBuildAShr(B, a, b, "") : LLVMBuildLShr(B, a, b, "");
    case BINOP_BITAND: return LLVMBuildAnd(B, a, b, "");
    case BINOP_BITOR: return LLVMBuildOr(B, a, b, "");
    case BINOP_BITXOR: return LLVMBuildXor(B, a, b, "");
    default: return cg_unsupported(cg, at, "this integer operator");
    }
}

static LLVMValueRef copysign_zero(Cg *cg, LLVMValueRef sign, const Type *t)
{
    LLVMTypeRef ty = cg_type(cg, t);
    LLVMValueRef args[2] = {cg_zero(cg, t), sign};
    return cg_intrinsic(cg, "llvm.copysign", &ty, 1, args, 2);
}

/* Whether fmod's result m must move to y's sign: m is non-zero (a NaN
 * counts, and stays NaN) and its sign differs from y's. */
static LLVMValueRef remainder_needs_fix(Cg *cg, LLVMValueRef m, LLVMValueRef y, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef zero = cg_zero(cg, t);
    LLVMValueRef nonzero = LLVMBuildFCmp(B, LLVMRealUNE, m, zero, "");
    LLVMValueRef y_neg = LLVMBuildFCmp(B, LLVMRealOLT, y, zero, "");
    LLVMValueRef m_neg = LLVMBuildFCmp(B, LLVMRealOLT, m, zero, "");
    return LLVMBuildAnd(B, nonzero, LLVMBuildXor(B, y_neg, m_neg, ""), "");
}

/* CPython's float_rem: fmod moved to y's sign; a zero result takes y's
 * sign; y == 0 gives NaN (fmod's). */
static LLVMValueRef float_mod(Cg *cg, LLVMValueRef x, LLVMValueRef y, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef m = cg_fmod(cg, x, y, t);
    LLVMValueRef fix = remainder_needs_fix(cg, m, y, t);
    LLVMValueRef fixed = LLVMBuildSelect(B, fix, LLVMBuildFAdd(B, m, y, ""), m, "");
    LLVMValueRef nonzero = LLVMBuildFCmp(B, LLVMRealUNE, m, cg_zero(cg, t), "");
    return LLVMBuildSelect(B, nonzero, fixed, copysign_zero(cg, y, t), "mod");
}

/* CPython's float_floor_div: div = (x - fmod(x, y)) / y, less one when the
 * remainder was moved; then floor with a correction for rounding; a zero
 * quotient takes the sign of x / y; y == 0 gives x / y (inf or nan). */
static LLVMValueRef float_floordiv(Cg *cg, LLVMValueRef x, LLVMValueRef y, const Type *t)
{
    LLVMBuilderRef B = cg->b;
    LLVMTypeRef ty = cg_type(cg, t);
    LLVMValueRef zero = cg_zero(cg, t), one = cg_const_float(cg, t, 1.0);
    LLVMValueRef m = cg_fmod(cg, x, y, t);
    LLVMValueRef fixed = remainder_needs_fix(cg, m, y, t);
    LLVMValueRef div = LLVMBuildFDiv(B, LLVMBuildFSub(B, x, m, ""), y, "");
    div = LLVMBuildSelect(B, fixed, LLVMBuildFSub(B, div, one, ""), div, "");
    LLVMValueRef fl = cg_intrinsic(cg, "llvm.floor", &ty, 1, &div, 1);
    LLVMValueRef up = LLVMBuildFCmp(B, LLVMRealOGT, LLVMBuildFSub(B, div, fl, ""),
                                    cg_const_float(cg, t, 0.5), "");
    fl = LLVMBuildSelect(B, up, LLVMBuildFAdd(B, fl, one, ""), fl, "");
    LLVMValueRef quotient = LLVMBuildFDiv(B, x, y, "");
    LLVMValueRef div_nonzero = LLVMBuildFCmp(B, LLVMRealUNE, div, zero, "");
    LLVMValueRef r = LLVMBuildSelect(B, div_nonzero, fl, copysign_zero(cg, quotient, t), "");
    LLVMValueRef by_zero = LLVMBuildFCmp(B, LLVMRealOEQ, y, zero, "");
    return LLVMBuildSelect(B, by_zero, quotient, r, "floordiv");
}

static LLVMValueRef float_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b, const Type *t,
                                const Node *at)
{
    bool fp16_op = op == BINOP_ADD || op == BINOP_SUB || op == BINOP_MUL || op == BINOP_TRUEDIV;
    if (t == &type_float16_t && fp16_op)
        return cg_fp16_binop(cg, op, a, b);     /* cuda_fp16.h's operators */
    switch (op) {
    case BINOP_ADD: return cg_contract(LLVMBuildFAdd(cg->b, a, b, ""));
    case BINOP_SUB: return cg_contract(LLVMBuildFSub(cg->b, a, b, ""));
    case BINOP_MUL: return cg_contract(LLVMBuildFMul(cg->b, a, b, ""));
    case BINOP_TRUEDIV:
        if (t == &type_float32_t && cg->func && cg->func->jit.fastmath)
            return cg_fast_fdividef(cg, a, b);
        return LLVMBuildFDiv(cg->b, a, b, "");
    case BINOP_MOD: return float_mod(cg, a, b, t);
    case BINOP_FLOORDIV: return float_floordiv(cg, a, b, t);
    default: return cg_unsupported(cg, at, "this float operator");
    }
}

/* & | ^ on bools stay bools. */
static LLVMValueRef bool_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b, const Node *at)
{
    switch (op) {
    case BINOP_BITAND: return LLVMBuildAnd(cg->b, a, b, "");
    case BINOP_BITOR: return LLVMBuildOr(cg->b, a, b, "");
    case BINOP_BITXOR: return LLVMBuildXor(cg->b, a, b, "");
    default: return cg_unsupported(cg, at, "this operator on bools");
    }
}

/* l op r. l is of the operation's type lt; r is too, except for `**`,
 * whose exponent (type rt, node rhs_node, which may be NULL) may be an
 * integer under a float base. The result is of type lt. */
LLVMValueRef cg_binop(Cg *cg, BinOpKind op, LLVMValueRef l, LLVMValueRef r, const Type *lt,
                      const Type *rt, const Node *rhs_node)
{
    if (op == BINOP_POW && lt->kind != TYPE_COMPLEX)
        return cg_pow(cg, l, r, lt, rt, rhs_node);
    if (rt != lt)
        r = cg_convert(cg, r, rt, lt);
    switch (lt->kind) {
    case TYPE_INT: return int_binop(cg, op, l, r, lt, rhs_node);
    case TYPE_FLOAT: return float_binop(cg, op, l, r, lt, rhs_node);
    case TYPE_COMPLEX: return cg_complex_binop(cg, op, l, r, lt, rhs_node);
    case TYPE_BOOL: return bool_binop(cg, op, l, r, rhs_node);
    case TYPE_BFLOAT16: return cg_bf16_binop(cg, op, l, r, rhs_node);
    default: return cg_unsupported(cg, rhs_node, "this operator on these operands");
    }
}

/* -x, +x, ~x (not is a truth test, in cg_expr.c). */
LLVMValueRef cg_unary(Cg *cg, UnaryOpKind op, LLVMValueRef v, const Type *t)
{
    switch (op) {
    case UNARY_NEG:
        if (t == &type_float16_t)
            return cg_fp16_neg(cg, v);
        if (t->kind == TYPE_BFLOAT16)
            return cg_bf16_neg(cg, v);
        if (t->kind == TYPE_COMPLEX)
            return cg_complex_neg(cg, v, t);
        return t->kind == TYPE_FLOAT ? LLVMBuildFNeg(cg->b, v, "") : LLVMBuildNeg(cg->b, v, "");
    case UNARY_INVERT: return LLVMBuildNot(cg->b, v, "");
    case UNARY_NOT: return LLVMBuildNot(cg->b, cg_truth(cg, v, t), "");
    case UNARY_POS: break;
    }
    return v;
}
