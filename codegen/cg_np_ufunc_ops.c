/* One element of a NumPy ufunc's loop, as numba-cuda's CUDA target computes
 * it (numba/cuda/ufuncs.py picks an implementation per loop; many are
 * cmath's or the operators'). The inputs arrive in the loop's input types;
 * the result leaves in its output type.
 *
 * Real loops call libdevice, as math.NAME does. Complex loops are cmath's
 * functions, except sinh, cosh, tanh and arccosh, which follow NumPy's
 * formulas in the parts' float type with no special cases, log2 and log10
 * (the complex log scaled by a constant, where cmath.log10 divides), and
 * division (Smith's algorithm). Comparisons of complex numbers are
 * lexicographic; maximum and minimum propagate a NaN, fmax and fmin skip
 * it, and the first operand wins ties; int64 against uint64 compares by
 * value (NumPy's qQ and Qq loops). */
#include "cg_internal.h"

/* A ufunc's loops that are another builtin's function (math's, cmath's). */
typedef struct UfuncAs { Builtin ufunc, as; } UfuncAs;

static Builtin lookup(const UfuncAs *map, size_t count, int id)
{
    for (size_t i = 0; i < count; i++)
        if ((int)map[i].ufunc == id)
            return map[i].as;
    return BUILTIN_NONE;
}

/* The math builtin a real loop of the ufunc computes, or BUILTIN_NONE. */
static Builtin real_function(int id)
{
    static const UfuncAs map[] = {
        {BUILTIN_NP_sin, BUILTIN_MATH_SIN}, {BUILTIN_NP_cos, BUILTIN_MATH_COS},
        {BUILTIN_NP_tan, BUILTIN_MATH_TAN}, {BUILTIN_NP_arcsin, BUILTIN_MATH_ASIN},
        {BUILTIN_NP_arccos, BUILTIN_MATH_ACOS}, {BUILTIN_NP_arctan, BUILTIN_MATH_ATAN},
        {BUILTIN_NP_arctan2, BUILTIN_MATH_ATAN2}, {BUILTIN_NP_hypot, BUILTIN_MATH_HYPOT},
        {BUILTIN_NP_sinh, BUILTIN_MATH_SINH}, {BUILTIN_NP_cosh, BUILTIN_MATH_COSH},
        {BUILTIN_NP_tanh, BUILTIN_MATH_TANH}, {BUILTIN_NP_arcsinh, BUILTIN_MATH_ASINH},
        {BUILTIN_NP_arccosh, BUILTIN_MATH_ACOSH}, {BUILTIN_NP_arctanh, BUILTIN_MATH_ATANH},
        {BUILTIN_NP_deg2rad, BUILTIN_MATH_RADIANS}, {BUILTIN_NP_radians, BUILTIN_MATH_RADIANS},
        {BUILTIN_NP_rad2deg, BUILTIN_MATH_DEGREES}, {BUILTIN_NP_degrees, BUILTIN_MATH_DEGREES},
        {BUILTIN_NP_log, BUILTIN_MATH_LOG}, {BUILTIN_NP_log2, BUILTIN_MATH_LOG2},
        {BUILTIN_NP_log10, BUILTIN_MATH_LOG10},
    };
    return lookup(map, sizeof map / sizeof map[0], id);
}

/* The cmath function a complex loop is, or BUILTIN_NONE. */
static Builtin cmath_function(int id)
{
    static const UfuncAs map[] = {
        {BUILTIN_NP_sin, BUILTIN_CMATH_SIN}, {BUILTIN_NP_cos, BUILTIN_CMATH_COS},
        {BUILTIN_NP_tan, BUILTIN_CMATH_TAN}, {BUILTIN_NP_arcsin, BUILTIN_CMATH_ASIN},
        {BUILTIN_NP_arccos, BUILTIN_CMATH_ACOS}, {BUILTIN_NP_arctan, BUILTIN_CMATH_ATAN},
        {BUILTIN_NP_arcsinh, BUILTIN_CMATH_ASINH}, {BUILTIN_NP_arctanh, BUILTIN_CMATH_ATANH},
        {BUILTIN_NP_log, BUILTIN_CMATH_LOG},
    };
    return lookup(map, sizeof map / sizeof map[0], id);
}

/* ---- small pieces --------------------------------------------------------- */

static LLVMValueRef fcmp(Cg *cg, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildFCmp(cg->b, p, a, b, "");
}

static LLVMValueRef select(Cg *cg, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b)
{
    return LLVMBuildSelect(cg->b, c, a, b, "");
}

/* Float arithmetic of the parts, in their type (no contraction: Numba's
 * ufunc kernels emit plain fmul/fadd). */
static LLVMValueRef fop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b)
{
    switch (op) {
    case BINOP_ADD: return LLVMBuildFAdd(cg->b, a, b, "");
    case BINOP_SUB: return LLVMBuildFSub(cg->b, a, b, "");
    case BINOP_MUL: return LLVMBuildFMul(cg->b, a, b, "");
    default: return LLVMBuildFDiv(cg->b, a, b, "");
    }
}

static LLVMValueRef libm(Cg *cg, const Node *at, Builtin math, const Type *f, LLVMValueRef x)
{
    return cg_math_apply(cg, at, NULL, math, f, &x, 1);
}

/* Either part of z is NaN (numba's np_complex_isnan_impl: re uno im). */
static LLVMValueRef complex_isnan(Cg *cg, LLVMValueRef z)
{
    return fcmp(cg, LLVMRealUNO, cg_complex_real(cg, z), cg_complex_imag(cg, z));
}

/* ---- comparisons ---------------------------------------------------------- */

/* NumPy's lexicographic order of complex numbers: the real parts decide
 * unless equal; every compare is ordered (false with a NaN) but !=. The
 * first term of >= and <= is strict, as NumPy's macros write it. */
static LLVMValueRef complex_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef ar = cg_complex_real(cg, a), ai = cg_complex_imag(cg, a);
    LLVMValueRef br = cg_complex_real(cg, b), bi = cg_complex_imag(cg, b);
    if (op == CMP_EQ)
        return LLVMBuildAnd(B, fcmp(cg, LLVMRealOEQ, ar, br), fcmp(cg, LLVMRealOEQ, ai, bi), "");
    if (op == CMP_NE)
        return LLVMBuildOr(B, fcmp(cg, LLVMRealUNE, ar, br), fcmp(cg, LLVMRealUNE, ai, bi), "");
    bool greater = op == CMP_GT || op == CMP_GE;
    LLVMRealPredicate strict = greater ? LLVMRealOGT : LLVMRealOLT;
    LLVMRealPredicate imag_pred = op == CMP_GT ? LLVMRealOGT : op == CMP_GE ? LLVMRealOGE
                                : op == CMP_LT ? LLVMRealOLT : LLVMRealOLE;
    LLVMValueRef first = LLVMBuildAnd(B, fcmp(cg, strict, ar, br), fcmp(cg, LLVMRealORD, ai, bi), "");
    LLVMValueRef second = LLVMBuildAnd(B, fcmp(cg, LLVMRealOEQ, ar, br), fcmp(cg, imag_pred, ai, bi), "");
    return LLVMBuildOr(B, first, second, "");
}

/* int64 against uint64 (NumPy's qQ and Qq loops): by value, both widened
 * to 65 bits, where neither wraps (numba: the signed side's sign decides
 * when it is negative, else an unsigned compare; the same answers). */
static LLVMValueRef mixed_sign_compare(Cg *cg, CmpOpKind op, const LLVMValueRef *in, const NpUfuncLoop *loop)
{
    static const LLVMIntPredicate preds[] = {
        [CMP_LT] = LLVMIntSLT, [CMP_LE] = LLVMIntSLE, [CMP_GT] = LLVMIntSGT, [CMP_GE] = LLVMIntSGE,
        [CMP_EQ] = LLVMIntEQ, [CMP_NE] = LLVMIntNE,
    };
    LLVMTypeRef wide = LLVMIntTypeInContext(cg->ctx, 65);
    LLVMValueRef w[2];
    for (int i = 0; i < 2; i++)
        w[i] = loop->in[i]->is_signed ? LLVMBuildSExt(cg->b, in[i], wide, "") : LLVMBuildZExt(cg->b, in[i], wide, "");
    return LLVMBuildICmp(cg->b, preds[op], w[0], w[1], "");
}

static LLVMValueRef compare(Cg *cg, const Node *at, CmpOpKind op, const LLVMValueRef *in, const NpUfuncLoop *loop)
{
    if (loop->in[0] != loop->in[1])
        return mixed_sign_compare(cg, op, in, loop);
    if (loop->in[0]->kind == TYPE_COMPLEX)
        return complex_compare(cg, op, in[0], in[1]);
    return cg_compare(cg, op, in[0], in[1], loop->in[0], at);
}

/* ---- maximum, minimum, fmax, fmin ------------------------------------------ */

/* numba's selects: with a NaN in either operand, maximum/minimum give the
 * first operand if it is NaN, else the second; fmax/fmin the operand that
 * is not (fmax tests the second, fmin the first). Otherwise the first
 * operand wins ties. Bools and integers compare by their type. */
static LLVMValueRef extreme(Cg *cg, int id, const LLVMValueRef *in, const Type *t)
{
    LLVMValueRef a = in[0], b = in[1];
    bool max = id == BUILTIN_NP_maximum || id == BUILTIN_NP_fmax;
    if (t->kind == TYPE_BOOL || t->kind == TYPE_INT) {
        bool is_signed = t->kind == TYPE_INT && t->is_signed;
        LLVMIntPredicate p = is_signed ? (max ? LLVMIntSGE : LLVMIntSLE) : (max ? LLVMIntUGE : LLVMIntULE);
        return select(cg, LLVMBuildICmp(cg->b, p, a, b, ""), a, b);
    }
    bool complex = t->kind == TYPE_COMPLEX;
    LLVMValueRef a_nan = complex ? complex_isnan(cg, a) : fcmp(cg, LLVMRealUNO, a, a);
    LLVMValueRef b_nan = complex ? complex_isnan(cg, b) : fcmp(cg, LLVMRealUNO, b, b);
    LLVMValueRef any_nan = LLVMBuildOr(cg->b, a_nan, b_nan, "");
    LLVMValueRef nan_result;
    switch (id) {
    case BUILTIN_NP_fmax: nan_result = select(cg, b_nan, a, b); break;
    case BUILTIN_NP_fmin: nan_result = select(cg, a_nan, b, a); break;
    default: nan_result = select(cg, a_nan, a, b); break;
    }
    LLVMValueRef a_wins = complex ? complex_compare(cg, max ? CMP_GE : CMP_LE, a, b)
                                  : fcmp(cg, max ? LLVMRealOGE : LLVMRealOLE, a, b);
    return select(cg, any_nan, nan_result, select(cg, a_wins, a, b));
}

/* ---- the logical ufuncs --------------------------------------------------- */

static LLVMValueRef logical(Cg *cg, int id, const LLVMValueRef *in, const NpUfuncLoop *loop)
{
    LLVMValueRef a = cg_truth(cg, in[0], loop->in[0]);   /* NaN is true */
    if (id == BUILTIN_NP_logical_not)
        return LLVMBuildNot(cg->b, a, "");
    LLVMValueRef b = cg_truth(cg, in[1], loop->in[1]);
    switch (id) {
    case BUILTIN_NP_logical_and: return LLVMBuildAnd(cg->b, a, b, "");
    case BUILTIN_NP_logical_or: return LLVMBuildOr(cg->b, a, b, "");
    default: return LLVMBuildXor(cg->b, a, b, "");
    }
}

/* ---- complex loops of NumPy's own --------------------------------------- */

static CgNum parts(Cg *cg, const Type *t, LLVMValueRef re, LLVMValueRef im)
{
    return cg_num(cg_complex_make(cg, t, re, im), t);
}

/* sinh, cosh and tanh of x + iy in the parts' type, NumPy's formulas:
 * sinh = (cos y sinh x, sin y cosh x), cosh = (cos y cosh x, sin y sinh x),
 * tanh = the quotient of the two, through 1 / |cosh|^2. */
static CgNum hyperbolic(Cg *cg, const Node *at, int id, CgNum z)
{
    const Type *f = z.t->elem;
    LLVMValueRef x = cg_complex_real(cg, z.v), y = cg_complex_imag(cg, z.v);
    LLVMValueRef sy = libm(cg, at, BUILTIN_MATH_SIN, f, y), cy = libm(cg, at, BUILTIN_MATH_COS, f, y);
    LLVMValueRef shx = libm(cg, at, BUILTIN_MATH_SINH, f, x), chx = libm(cg, at, BUILTIN_MATH_COSH, f, x);
    if (id == BUILTIN_NP_sinh)
        return parts(cg, z.t, fop(cg, BINOP_MUL, cy, shx), fop(cg, BINOP_MUL, sy, chx));
    if (id == BUILTIN_NP_cosh)
        return parts(cg, z.t, fop(cg, BINOP_MUL, cy, chx), fop(cg, BINOP_MUL, sy, shx));
    LLVMValueRef rs = fop(cg, BINOP_MUL, cy, shx), is = fop(cg, BINOP_MUL, sy, chx);
    LLVMValueRef rc = fop(cg, BINOP_MUL, cy, chx), ic = fop(cg, BINOP_MUL, sy, shx);
    LLVMValueRef d = fop(cg, BINOP_ADD, fop(cg, BINOP_MUL, rc, rc), fop(cg, BINOP_MUL, ic, ic));
    LLVMValueRef inv_d = fop(cg, BINOP_TRUEDIV, cg_const_float(cg, f, 1.0), d);
    LLVMValueRef re = fop(cg, BINOP_MUL, fop(cg, BINOP_ADD, fop(cg, BINOP_MUL, rs, rc), fop(cg, BINOP_MUL, is, ic)), inv_d);
    LLVMValueRef im = fop(cg, BINOP_MUL, fop(cg, BINOP_SUB, fop(cg, BINOP_MUL, is, rc), fop(cg, BINOP_MUL, rs, ic)), inv_d);
    return parts(cg, z.t, re, im);
}

/* z + c or z - c for a real constant c, part by part in z's type. */
static CgNum shift(Cg *cg, CgNum z, BinOpKind op, double c)
{
    const Type *f = z.t->elem;
    return parts(cg, z.t, fop(cg, op, cg_complex_real(cg, z.v), cg_const_float(cg, f, c)),
                 fop(cg, op, cg_complex_imag(cg, z.v), cg_zero(cg, f)));
}

/* NumPy's arccosh: log(z + sqrt(z + 1) sqrt(z - 1)), the product naive. */
static CgNum arccosh(Cg *cg, const Node *at, CgNum z)
{
    CgNum up = cg_num_to(cg, cg_cmath_sqrt(cg, at, shift(cg, z, BINOP_ADD, 1.0)), z.t);
    CgNum down = cg_num_to(cg, cg_cmath_sqrt(cg, at, shift(cg, z, BINOP_SUB, 1.0)), z.t);
    CgNum product = cg_num(cg_complex_binop(cg, BINOP_MUL, up.v, down.v, z.t, at), z.t);
    CgNum sum = cg_num(cg_complex_binop(cg, BINOP_ADD, z.v, product.v, z.t, at), z.t);
    return cg_num_to(cg, cg_cmath_unary(cg, at, BUILTIN_CMATH_LOG, sum), z.t);
}

/* log2 and log10: the complex log, both parts times log2(e) or log10(e)
 * rounded to the parts' type. */
static CgNum scaled_log(Cg *cg, const Node *at, int id, CgNum z)
{
    const Type *f = z.t->elem;
    CgNum l = cg_num_to(cg, cg_cmath_unary(cg, at, BUILTIN_CMATH_LOG, z), z.t);
    LLVMValueRef k = cg_const_float(cg, f, id == BUILTIN_NP_log2 ? 1.442695040888963407359924681001892137
                                                                  : 0.434294481903251827651128918916605082);
    return parts(cg, z.t, fop(cg, BINOP_MUL, cg_complex_real(cg, l.v), k),
                 fop(cg, BINOP_MUL, cg_complex_imag(cg, l.v), k));
}

/* NumPy's complex division (Smith's algorithm), in the parts' type: the
 * larger part of the divisor divides the smaller; a zero divisor divides
 * each part by the divisor's magnitude parts (inf or NaN). */
static LLVMValueRef complex_divide(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t)
{
    const Type *f = t->elem;
    LLVMValueRef ar = cg_complex_real(cg, a), ai = cg_complex_imag(cg, a);
    LLVMValueRef br = cg_complex_real(cg, b), bi = cg_complex_imag(cg, b);
    LLVMValueRef zero = cg_zero(cg, f), one = cg_const_float(cg, f, 1.0);
    /* |x| as numba writes it: 0 - x below zero */
    LLVMValueRef abr = select(cg, fcmp(cg, LLVMRealOLT, br, zero), fop(cg, BINOP_SUB, zero, br), br);
    LLVMValueRef abi = select(cg, fcmp(cg, LLVMRealOLT, bi, zero), fop(cg, BINOP_SUB, zero, bi), bi);
    /* |br| >= |bi|: rat = bi / br, scl = 1 / (br + bi rat) */
    LLVMValueRef rat1 = fop(cg, BINOP_TRUEDIV, bi, br);
    LLVMValueRef scl1 = fop(cg, BINOP_TRUEDIV, one, fop(cg, BINOP_ADD, br, fop(cg, BINOP_MUL, bi, rat1)));
    LLVMValueRef re1 = fop(cg, BINOP_MUL, fop(cg, BINOP_ADD, ar, fop(cg, BINOP_MUL, ai, rat1)), scl1);
    LLVMValueRef im1 = fop(cg, BINOP_MUL, fop(cg, BINOP_SUB, ai, fop(cg, BINOP_MUL, ar, rat1)), scl1);
    /* both zero */
    LLVMValueRef both_zero = LLVMBuildAnd(cg->b, fcmp(cg, LLVMRealOEQ, abr, zero), fcmp(cg, LLVMRealOEQ, abi, zero), "");
    LLVMValueRef re0 = fop(cg, BINOP_TRUEDIV, ar, abr), im0 = fop(cg, BINOP_TRUEDIV, ai, abi);
    /* |bi| > |br|: rat = br / bi, scl = 1 / (bi + br rat) */
    LLVMValueRef rat2 = fop(cg, BINOP_TRUEDIV, br, bi);
    LLVMValueRef scl2 = fop(cg, BINOP_TRUEDIV, one, fop(cg, BINOP_ADD, bi, fop(cg, BINOP_MUL, br, rat2)));
    LLVMValueRef re2 = fop(cg, BINOP_MUL, fop(cg, BINOP_ADD, fop(cg, BINOP_MUL, ar, rat2), ai), scl2);
    LLVMValueRef im2 = fop(cg, BINOP_MUL, fop(cg, BINOP_SUB, fop(cg, BINOP_MUL, ai, rat2), ar), scl2);
    LLVMValueRef real_larger = fcmp(cg, LLVMRealOGE, abr, abi);
    LLVMValueRef re = select(cg, real_larger, select(cg, both_zero, re0, re1), re2);
    LLVMValueRef im = select(cg, real_larger, select(cg, both_zero, im0, im1), im2);
    return cg_complex_make(cg, t, re, im);
}

static LLVMValueRef complex_function(Cg *cg, const Node *at, int id, LLVMValueRef x, const Type *t)
{
    CgNum z = cg_num(x, t);
    switch (id) {
    case BUILTIN_NP_sinh: case BUILTIN_NP_cosh: case BUILTIN_NP_tanh: return hyperbolic(cg, at, id, z).v;
    case BUILTIN_NP_arccosh: return arccosh(cg, at, z).v;
    case BUILTIN_NP_log2: case BUILTIN_NP_log10: return scaled_log(cg, at, id, z).v;
    default: break;
    }
    Builtin cmath = cmath_function(id);
    if (cmath == BUILTIN_NONE)
        return cg_unsupported(cg, at, "this loop of the ufunc");
    return cg_num_to(cg, cg_cmath_unary(cg, at, cmath, z), t).v;
}

/* ---- dispatch --------------------------------------------------------------- */

static LLVMValueRef element(Cg *cg, const Node *at, int id, const NpUfuncLoop *loop, const LLVMValueRef *in)
{
    const Type *t = loop->in[0];
    switch (id) {
    case BUILTIN_NP_greater: return compare(cg, at, CMP_GT, in, loop);
    case BUILTIN_NP_greater_equal: return compare(cg, at, CMP_GE, in, loop);
    case BUILTIN_NP_less: return compare(cg, at, CMP_LT, in, loop);
    case BUILTIN_NP_less_equal: return compare(cg, at, CMP_LE, in, loop);
    case BUILTIN_NP_equal: return compare(cg, at, CMP_EQ, in, loop);
    case BUILTIN_NP_not_equal: return compare(cg, at, CMP_NE, in, loop);
    case BUILTIN_NP_logical_and: case BUILTIN_NP_logical_or:
    case BUILTIN_NP_logical_xor: case BUILTIN_NP_logical_not:
        return logical(cg, id, in, loop);
    case BUILTIN_NP_maximum: case BUILTIN_NP_minimum: case BUILTIN_NP_fmax: case BUILTIN_NP_fmin:
        return extreme(cg, id, in, t);
    case BUILTIN_NP_bitwise_and: return LLVMBuildAnd(cg->b, in[0], in[1], "");
    case BUILTIN_NP_bitwise_or: return LLVMBuildOr(cg->b, in[0], in[1], "");
    case BUILTIN_NP_bitwise_xor: return LLVMBuildXor(cg->b, in[0], in[1], "");
    case BUILTIN_NP_invert: return LLVMBuildNot(cg->b, in[0], "");
    case BUILTIN_NP_left_shift: return LLVMBuildShl(cg->b, in[0], in[1], "");
    case BUILTIN_NP_right_shift:
        return t->is_signed ? LLVMBuildAShr(cg->b, in[0], in[1], "") : LLVMBuildLShr(cg->b, in[0], in[1], "");
    case BUILTIN_NP_isnan:
        if (t->kind == TYPE_COMPLEX)
            return complex_isnan(cg, in[0]);
        if (t->kind == TYPE_FLOAT)
            return fcmp(cg, LLVMRealUNO, in[0], in[0]);
        return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false);
    case BUILTIN_NP_conjugate:
        if (t->kind != TYPE_COMPLEX)
            return in[0];
        return cg_complex_make(cg, t, cg_complex_real(cg, in[0]),
                               fop(cg, BINOP_SUB, cg_const_float(cg, t->elem, -0.0), cg_complex_imag(cg, in[0])));
    case BUILTIN_NP_true_divide:
        if (t->kind == TYPE_COMPLEX)
            return complex_divide(cg, in[0], in[1], t);
        return fop(cg, BINOP_TRUEDIV, in[0], in[1]);
    default: break;
    }
    if (t->kind == TYPE_COMPLEX)
        return complex_function(cg, at, id, in[0], t);
    Builtin math = real_function(id);
    if (math == BUILTIN_NONE)
        return cg_unsupported(cg, at, "this loop of the ufunc");
    return cg_math_apply(cg, at, NULL, math, t, (LLVMValueRef *)in, (unsigned)np_ufunc_of(id)->nin);
}

void cg_np_ufunc_element(Cg *cg, const Node *at, int id, const NpUfuncLoop *loop, const LLVMValueRef *in,
                         LLVMValueRef *out)
{
    out[0] = element(cg, at, id, loop, in);
}
