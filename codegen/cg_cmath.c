/* cmath.NAME calls, computed with the algorithms of numba-cuda's
 * cpython/cmathimpl.py (mostly CPython's and NumPy's), on the libdevice
 * functions math.NAME calls. numba compiles those algorithms from Python
 * with its own typing, so each step runs in the type Numba gives it
 * (cg_num.c): with a complex64 argument the parts stay float32 until a
 * Python float or int literal or a float64 constant joins them, and the
 * rest of that computation is float64 (cmath.sqrt of a complex64 scales
 * by 0.25 and so computes in float64; cmath.tanh's float64 literals make
 * its result a complex128).
 *
 * Functions numba registers with @lower return their argument's complex
 * type (the signature's): a result computed in complex128 is rounded to
 * complex64 there, and callers that use it see the rounded value (cos of
 * complex64 calls cosh, tan calls tanh and rounds tanh's complex128).
 * Functions numba writes with @overload (cosh, sinh, tanh, log10, phase,
 * polar, rect; acosh in cg_cmath_inverse.c) return what their code
 * computes, which sema/cmath.c types the same way.
 *
 * Special cases that numba's code returns early are computed alongside
 * the general formula and chosen by selects, latest test innermost, so
 * the first test numba makes wins; the values are those of its branches
 * (every step is arithmetic or a libdevice call, without side effects). */
#include <float.h>
#include <math.h>

#include "cg_cmath_parts.h"

static LLVMValueRef and_(Cg *cg, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAnd(cg->b, a, b, ""); }
static LLVMValueRef or_(Cg *cg, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildOr(cg->b, a, b, ""); }
static LLVMValueRef not_(Cg *cg, LLVMValueRef a) { return LLVMBuildNot(cg->b, a, ""); }

/* ---- predicates ---------------------------------------------------------- */

static LLVMValueRef cmath_predicate(Cg *cg, Builtin id, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    if (id == BUILTIN_CMATH_ISNAN)
        return LLVMBuildFCmp(cg->b, LLVMRealUNO, x.v, y.v, "isnan");
    if (id == BUILTIN_CMATH_ISINF)
        return or_(cg, cg_num_isinf(cg, x), cg_num_isinf(cg, y));
    return and_(cg, cg_num_isfinite(cg, x), cg_num_isfinite(cg, y));
}

/* ---- exp and log --------------------------------------------------------- */

/* cmath.exp(x + yj): e**x (cos y + j sin y), with C99's special values. */
static CgNum cmath_exp(Cg *cg, const Node *at, CgNum z)
{
    const Type *t = z.t;
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    LLVMValueRef x_finite = cg_num_isfinite(cg, x), y_finite = cg_num_isfinite(cg, y);
    CgNum c = math1(cg, at, BUILTIN_MATH_COS, y), s = math1(cg, at, BUILTIN_MATH_SIN, y);
    CgNum r = math1(cg, at, BUILTIN_MATH_EXP, x);
    CgNum general = cg_num_complex(cg, mul(cg, r, c), mul(cg, r, s));
    CgNum nan = lit(cg, NAN), zero = lit(cg, 0.0);
    /* x == +inf: cos and sin scaled by x unless they are 0 (exp(inf + 0j) is inf + 0j) */
    LLVMValueRef c_nonzero = cg_num_cmp(cg, CMP_NE, c, zero), s_nonzero = cg_num_cmp(cg, CMP_NE, s, zero);
    CgNum scaled = cg_num_complex(cg, pick(cg, c_nonzero, mul(cg, c, x), c, c.t),
                                  pick(cg, s_nonzero, mul(cg, s, x), s, s.t));
    CgNum plus_inf = pick(cg, y_finite, scaled, cg_num_complex(cg, x, nan), t);
    CgNum minus_inf = pick(cg, y_finite, general, cg_num_complex(cg, zero, zero), t);
    CgNum of_nan = pick(cg, cg_num_truth(cg, y), cg_num_complex(cg, x, x), cg_num_complex(cg, x, y), t);
    CgNum result = pick(cg, cg_num_cmp(cg, CMP_GT, x, zero), plus_inf, minus_inf, t);
    result = pick(cg, cg_num_isnan(cg, x), of_nan, result, t);
    return pick(cg, x_finite, pick(cg, y_finite, general, cg_num_complex(cg, nan, nan), t), result, t);
}

/* cmath.log(z) = log|z| + j phase(z) */
static CgNum cmath_log(Cg *cg, const Node *at, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNum modulus = math1(cg, at, BUILTIN_MATH_LOG, cg_num_math2(cg, at, BUILTIN_MATH_HYPOT, x, y));
    return cg_num_complex(cg, modulus, cg_num_math2(cg, at, BUILTIN_MATH_ATAN2, y, x));
}

/* cmath.log10(z): log(z) with each part divided by ln 10 (a float64
 * constant: a complex64 argument gives a complex128) */
static CgNum cmath_log10(Cg *cg, const Node *at, CgNum z)
{
    const double ln_10 = 2.302585092994045684;
    CgNum w = cmath_log(cg, at, z);
    return cg_num_complex(cg, divide(cg, cg_num_real(cg, w), lit(cg, ln_10)),
                          divide(cg, cg_num_imag(cg, w), lit(cg, ln_10)));
}

/* cmath.rect(r, phi) = r (cos phi + j sin phi) of two floats, each part
 * in the wider one: a zero part stays zero (its sign turned by r's) when
 * r is infinite, and phi that is infinite or NaN gives |r| for r == 0 and
 * complex(r, phi) for an infinite r. */
static CgNum cmath_rect(Cg *cg, const Node *at, CgNum r, CgNum phi)
{
    const Type *t = cg_num_unify(&type_complex64_t, cg_num_unify(r.t, phi.t));
    LLVMValueRef phi_finite = cg_num_isfinite(cg, phi), r_inf = cg_num_isinf(cg, r);
    CgNum zero = lit(cg, 0.0);
    CgNum parts[2] = {math1(cg, at, BUILTIN_MATH_COS, phi), math1(cg, at, BUILTIN_MATH_SIN, phi)};
    for (int i = 0; i < 2; i++) {
        LLVMValueRef keep_zero = and_(cg, cg_num_cmp(cg, CMP_EQ, parts[i], zero), r_inf);
        CgNum scaled = mul(cg, parts[i], r);
        parts[i] = pick(cg, keep_zero, divide(cg, parts[i], r), scaled, scaled.t);
    }
    CgNum result = cg_num_to(cg, cg_num_complex(cg, parts[0], parts[1]), t);
    LLVMValueRef special = not_(cg, phi_finite);
    result = pick(cg, and_(cg, special, r_inf), cg_num_complex(cg, r, phi), result, t);
    LLVMValueRef r_zero = not_(cg, cg_num_truth(cg, r));
    return pick(cg, and_(cg, special, r_zero), cg_num_abs(cg, r), result, t);
}

/* ---- sqrt ---------------------------------------------------------------- */

/* cmath.sqrt(z): NumPy's npy_csqrt (Algorithm 312, CACM 1967). Past
 * THRES = MAX / (1 + sqrt 2) both parts are scaled by 0.25 against
 * overflow, and from there on the computation is float64 for a complex64
 * too (0.25 is a Python float), rounded to complex64 at the end. For
 * complex64, numba computes THRES as np.float32(FLT_MAX) / (1 + sqrt 2),
 * which NumPy 2 rounds to float32 (NumPy 1 kept a float64), so the test
 * compares in float32 with that value. */
CgNum cg_cmath_sqrt(Cg *cg, const Node *at, CgNum z)
{
    const Type *t = z.t, *f = t->elem;
    const double one_plus_sqrt2 = 1.0 + 1.414213562373095048801688724209698079e0;
    double thres = f->bits == 32 ? (double)(FLT_MAX / (float)one_plus_sqrt2)   /* float division */
                                 : DBL_MAX / one_plus_sqrt2;
    CgNum a = cg_num_real(cg, z), b = cg_num_imag(cg, z);
    CgNum zero = lit(cg, 0.0), limit = cg_num_const(cg, f, thres);
    LLVMValueRef scale = or_(cg, cg_num_cmp(cg, CMP_GE, cg_num_abs(cg, a), limit),
                             cg_num_cmp(cg, CMP_GE, cg_num_abs(cg, b), limit));
    CgNum quarter = lit(cg, 0.25);
    CgNum as = pick(cg, scale, mul(cg, a, quarter), a, &type_float64_t);
    CgNum bs = pick(cg, scale, mul(cg, b, quarter), b, &type_float64_t);
    LLVMValueRef nonnegative = cg_num_cmp(cg, CMP_GE, as, zero);
    CgNum h = cg_num_math2(cg, at, BUILTIN_MATH_HYPOT, as, bs);
    CgNum tt = math1(cg, at, BUILTIN_MATH_SQRT,
                     mul(cg, add(cg, pick(cg, nonnegative, as, cg_num_neg(cg, as), as.t), h), lit(cg, 0.5)));
    CgNum twice_t = mul(cg, lit(cg, 2), tt);
    CgNum real = pick(cg, nonnegative, tt, divide(cg, cg_num_abs(cg, bs), twice_t), tt.t);
    CgNum imag = pick(cg, nonnegative, divide(cg, bs, twice_t),
                      cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, tt, bs), tt.t);
    CgNum result = pick(cg, scale, cg_num_complex(cg, mul(cg, real, lit(cg, 2)), imag),
                        cg_num_complex(cg, real, imag), t);
    /* the special cases, last first */
    CgNum b_minus_b = sub(cg, b, b);
    CgNum of_inf_a = pick(cg, cg_num_cmp(cg, CMP_LT, a, zero),
                          cg_num_complex(cg, cg_num_abs(cg, b_minus_b),
                                         cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, a, b)),
                          cg_num_complex(cg, a, cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, b_minus_b, b)), t);
    result = pick(cg, cg_num_isinf(cg, a), of_inf_a, result, t);
    result = pick(cg, cg_num_isnan(cg, a), cg_num_complex(cg, a, a), result, t);
    CgNum abs_b = cg_num_complex(cg, cg_num_abs(cg, b), b);
    result = pick(cg, cg_num_isinf(cg, b), abs_b, result, t);
    LLVMValueRef is_zero = and_(cg, cg_num_cmp(cg, CMP_EQ, a, zero), cg_num_cmp(cg, CMP_EQ, b, zero));
    return pick(cg, is_zero, abs_b, result, t);
}

/* ---- hyperbolic and trigonometric functions ------------------------------ */

/* cmath.cosh(x + yj) = cos y cosh x + j sin y sinh x; an infinite x
 * gives infinities signed by cos y and sin y (x with a NaN or zero y). */
static CgNum cmath_cosh(Cg *cg, const Node *at, CgNum z)
{
    const Type *t = z.t;
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNum c = math1(cg, at, BUILTIN_MATH_COS, y), s = math1(cg, at, BUILTIN_MATH_SIN, y);
    CgNum general = cg_num_complex(cg, mul(cg, c, math1(cg, at, BUILTIN_MATH_COSH, x)),
                                   mul(cg, s, math1(cg, at, BUILTIN_MATH_SINH, x)));
    LLVMValueRef plain = or_(cg, cg_num_isnan(cg, y), cg_num_cmp(cg, CMP_EQ, y, lit(cg, 0.0)));
    CgNum real = pick(cg, plain, cg_num_abs(cg, x), cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, x, c), x.t);
    CgNum imag = pick(cg, plain, y, cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, x, s), x.t);
    imag = pick(cg, cg_num_cmp(cg, CMP_LT, x, lit(cg, 0.0)), cg_num_neg(cg, imag), imag, x.t);
    return pick(cg, cg_num_isinf(cg, x), cg_num_complex(cg, real, imag), general, t);
}

/* cmath.sinh(x + yj) = cos y sinh x + j sin y cosh x; an infinite x
 * scales cos y by x and sin y by |x| where they are not zero. */
static CgNum cmath_sinh(Cg *cg, const Node *at, CgNum z)
{
    const Type *t = z.t;
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNum c = math1(cg, at, BUILTIN_MATH_COS, y), s = math1(cg, at, BUILTIN_MATH_SIN, y);
    CgNum general = cg_num_complex(cg, mul(cg, c, math1(cg, at, BUILTIN_MATH_SINH, x)),
                                   mul(cg, s, math1(cg, at, BUILTIN_MATH_COSH, x)));
    CgNum zero = lit(cg, 0.0);
    CgNum real = pick(cg, cg_num_cmp(cg, CMP_NE, c, zero), mul(cg, c, x), c, x.t);
    CgNum imag = pick(cg, cg_num_cmp(cg, CMP_NE, s, zero), mul(cg, s, cg_num_abs(cg, x)), s, x.t);
    CgNum infinite = pick(cg, cg_num_isnan(cg, y), z, cg_num_complex(cg, real, imag), t);
    return pick(cg, cg_num_isinf(cg, x), infinite, general, t);
}

/* cmath.tanh(z): CPython's c_tanh. Its literals (1.0, 2.0, 0.0) are
 * float64, so every result is a complex128; with a complex64 argument,
 * tanh, tan, cosh and tx * ty still run in float32 first. */
static CgNum cmath_tanh(Cg *cg, const Node *at, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNum one = lit(cg, 1.0);
    CgNum real_inf = cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, one, x);
    CgNum sin_2y = math1(cg, at, BUILTIN_MATH_SIN, mul(cg, lit(cg, 2.0), y));
    CgNum imag_inf = pick(cg, cg_num_isinf(cg, y), lit(cg, 0.0),
                          cg_num_math2(cg, at, BUILTIN_MATH_COPYSIGN, lit(cg, 0.0), sin_2y), &type_float64_t);
    CgNum tx = math1(cg, at, BUILTIN_MATH_TANH, x), ty = math1(cg, at, BUILTIN_MATH_TAN, y);
    CgNum cx = divide(cg, one, math1(cg, at, BUILTIN_MATH_COSH, x));
    CgNum txty = mul(cg, tx, ty);
    CgNum denom = add(cg, one, mul(cg, txty, txty));
    CgNum real = divide(cg, mul(cg, tx, add(cg, one, mul(cg, ty, ty))), denom);
    CgNum imag = mul(cg, mul(cg, divide(cg, ty, denom), cx), cx);
    return pick(cg, cg_num_isinf(cg, x), cg_num_complex(cg, real_inf, imag_inf),
                cg_num_complex(cg, real, imag), &type_complex128_t);
}

/* ---- the calls ----------------------------------------------------------- */

bool cg_is_cmath_call(int id)
{
    return id >= BUILTIN_CMATH_ACOS && id <= BUILTIN_CMATH_TANH;
}

/* The function of one complex argument `id` names, in its numba type. */
CgNum cg_cmath_unary(Cg *cg, const Node *at, Builtin id, CgNum z)
{
    switch (id) {
    case BUILTIN_CMATH_EXP: return cmath_exp(cg, at, z);
    case BUILTIN_CMATH_LOG: return cmath_log(cg, at, z);
    case BUILTIN_CMATH_LOG10: return cmath_log10(cg, at, z);
    case BUILTIN_CMATH_SQRT: return cg_cmath_sqrt(cg, at, z);
    case BUILTIN_CMATH_COSH: return cmath_cosh(cg, at, z);
    case BUILTIN_CMATH_SINH: return cmath_sinh(cg, at, z);
    case BUILTIN_CMATH_TANH: return cmath_tanh(cg, at, z);
    /* cos z = cosh(jz), sin z = -j sinh(jz), tan z = -j tanh(jz) */
    case BUILTIN_CMATH_COS: return cmath_cosh(cg, at, times_j(cg, z));
    case BUILTIN_CMATH_SIN: return times_minus_j(cg, cmath_sinh(cg, at, times_j(cg, z)));
    case BUILTIN_CMATH_TAN: return cg_num_to(cg, times_minus_j(cg, cmath_tanh(cg, at, times_j(cg, z))), z.t);
    case BUILTIN_CMATH_ACOS: return cg_cmath_acos(cg, at, z);
    case BUILTIN_CMATH_ACOSH: return cg_cmath_acosh(cg, at, z);
    case BUILTIN_CMATH_ASIN: return cg_cmath_asin(cg, at, z);
    case BUILTIN_CMATH_ASINH: return cg_cmath_asinh(cg, at, z);
    case BUILTIN_CMATH_ATAN: return cg_cmath_atan(cg, at, z);
    case BUILTIN_CMATH_ATANH: return cg_cmath_atanh(cg, at, z);
    case BUILTIN_CMATH_PHASE:
        return cg_num_math2(cg, at, BUILTIN_MATH_ATAN2, cg_num_imag(cg, z), cg_num_real(cg, z));
    default: return z;
    }
}

/* cmath.polar(z) = (abs(z), phase(z)), a tuple of the parts' float */
static LLVMValueRef cmath_polar(Cg *cg, const Node *node, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    LLVMValueRef tuple = LLVMGetUndef(cg_type(cg, node->type));
    tuple = LLVMBuildInsertValue(cg->b, tuple, cg_num_math2(cg, node, BUILTIN_MATH_HYPOT, x, y).v, 0, "");
    return LLVMBuildInsertValue(cg->b, tuple, cg_num_math2(cg, node, BUILTIN_MATH_ATAN2, y, x).v, 1, "");
}

/* Sema converted the arguments to the signature's types (a complex, for
 * all but rect's two floats); the result converts to the call's type, the
 * @lower'ed functions' rounding to their signature's. */
LLVMValueRef cg_emit_cmath_call(Cg *cg, const Node *node)
{
    Builtin id = (Builtin)node->call.builtin;
    const NodeList *args = &node->call.args;
    CgNum a = cg_num(cg_emit_expr(cg, args->items[0]), args->items[0]->type);
    CgNum result;
    if (id == BUILTIN_CMATH_ISNAN || id == BUILTIN_CMATH_ISINF || id == BUILTIN_CMATH_ISFINITE)
        return cmath_predicate(cg, id, a);
    if (id == BUILTIN_CMATH_POLAR)
        return cmath_polar(cg, node, a);
    if (id == BUILTIN_CMATH_RECT) {
        CgNum phi = cg_num(cg_emit_expr(cg, args->items[1]), args->items[1]->type);
        result = cmath_rect(cg, node, a, phi);
    } else if (id == BUILTIN_CMATH_LOG && args->count == 2) {
        /* cmath.log(z, base) = log(z) / log(base), a complex division */
        CgNum base = cg_num(cg_emit_expr(cg, args->items[1]), args->items[1]->type);
        result = divide(cg, cmath_log(cg, node, a), cmath_log(cg, node, base));
    } else {
        result = cg_cmath_unary(cg, node, id, a);
    }
    return cg_num_to(cg, result, node->type).v;
}
