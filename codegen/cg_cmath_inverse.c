/* The inverse trigonometric and hyperbolic functions of cmath, with
 * numba-cuda's cmathimpl.py algorithms (CPython's c_acos, c_acosh,
 * c_asinh and c_atanh; asin and atan through asinh and atanh), typed as
 * Numba types that Python code (cg_num.c; see cg_cmath.c for the
 * conventions). Their float64 constants and literals make most of the
 * work float64 for a complex64 argument too: the square roots of acos,
 * acosh and asinh are complex128 ones. Where numba's code takes one of two
 * costly ways (large arguments, or the general formula), the branch is
 * kept, as is each way's block, in which products fuse into fma as in
 * numba's. */
#include <float.h>
#include <math.h>

#include "cg_cmath_parts.h"

/* math.log(4), a Python float */
static const double LN_4 = 1.3862943611198906;

/* Past FLT_MAX / 4 in a part (for complex128 as well: numba uses the
 * float32 limit for both), acos, acosh and asinh take the way that cannot
 * overflow. numba's constant is a float32 (a NumPy scalar); its value is
 * exact in either precision. */
static LLVMValueRef is_large(Cg *cg, CgNum x, CgNum y)
{
    CgNum limit = cg_num_const(cg, &type_float32_t, (double)(FLT_MAX / 4));
    return LLVMBuildOr(cg->b, cg_num_cmp(cg, CMP_GT, cg_num_abs(cg, x), limit),
                       cg_num_cmp(cg, CMP_GT, cg_num_abs(cg, y), limit), "large");
}

/* log(hypot(x / 2, y / 2)) + ln 4 = log|z| for huge z, in float64 */
static CgNum log_modulus(Cg *cg, const Node *at, CgNum x, CgNum y)
{
    CgNum half = lit(cg, 0.5);
    CgNum h = math2(cg, at, BUILTIN_MATH_HYPOT, mul(cg, x, half), mul(cg, y, half));
    return add(cg, math1(cg, at, BUILTIN_MATH_LOG, h), lit(cg, LN_4));
}

/* cmath.sqrt(complex(re, im)), complex128 when re or im is float64 */
static CgNum sqrt_of(Cg *cg, const Node *at, CgNum re, CgNum im)
{
    return cg_cmath_sqrt(cg, at, cg_num_complex(cg, re, im));
}

/* cmath.acos(z) */
CgNum cg_cmath_acos(Cg *cg, const Node *at, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNumIf large = cg_num_if(cg, is_large(cg, x, y), "cacos.large");
    CgNum real = math2(cg, at, BUILTIN_MATH_ATAN2, cg_num_abs(cg, y), x);
    CgNum imag = math2(cg, at, BUILTIN_MATH_COPYSIGN, log_modulus(cg, at, x, y), cg_num_neg(cg, y));
    cg_num_else(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), z.t));
    CgNum s1 = sqrt_of(cg, at, sub(cg, lit(cg, 1.0), x), cg_num_neg(cg, y));
    CgNum s2 = sqrt_of(cg, at, add(cg, lit(cg, 1.0), x), y);
    CgNum s1r = cg_num_real(cg, s1), s1i = cg_num_imag(cg, s1);
    CgNum s2r = cg_num_real(cg, s2), s2i = cg_num_imag(cg, s2);
    real = mul(cg, lit(cg, 2.0), math2(cg, at, BUILTIN_MATH_ATAN2, s1r, s2r));
    imag = math1(cg, at, BUILTIN_MATH_ASINH, sub(cg, mul(cg, s2r, s1i), mul(cg, s2i, s1r)));
    return cg_num_join(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), z.t));
}

/* cmath.acosh(z): numba's overload returns what its code computes, a
 * complex128 for either argument type. */
CgNum cg_cmath_acosh(Cg *cg, const Node *at, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    const Type *t = &type_complex128_t;
    CgNumIf large = cg_num_if(cg, is_large(cg, x, y), "cacosh.large");
    CgNum real = log_modulus(cg, at, x, y);
    CgNum imag = math2(cg, at, BUILTIN_MATH_ATAN2, y, x);
    cg_num_else(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), t));
    CgNum s1 = sqrt_of(cg, at, sub(cg, x, lit(cg, 1.0)), y);
    CgNum s2 = sqrt_of(cg, at, add(cg, x, lit(cg, 1.0)), y);
    CgNum s1r = cg_num_real(cg, s1), s1i = cg_num_imag(cg, s1);
    CgNum s2r = cg_num_real(cg, s2);
    real = math1(cg, at, BUILTIN_MATH_ASINH, add(cg, mul(cg, s1r, s2r), mul(cg, s1i, cg_num_imag(cg, s2))));
    imag = mul(cg, lit(cg, 2.0), math2(cg, at, BUILTIN_MATH_ATAN2, s1i, s2r));
    return cg_num_join(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), t));
}

/* cmath.asinh(z) */
CgNum cg_cmath_asinh(Cg *cg, const Node *at, CgNum z)
{
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z);
    CgNumIf large = cg_num_if(cg, is_large(cg, x, y), "casinh.large");
    CgNum real = math2(cg, at, BUILTIN_MATH_COPYSIGN, log_modulus(cg, at, x, y), x);
    CgNum imag = math2(cg, at, BUILTIN_MATH_ATAN2, y, cg_num_abs(cg, x));
    cg_num_else(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), z.t));
    CgNum s1 = sqrt_of(cg, at, add(cg, lit(cg, 1.0), y), cg_num_neg(cg, x));
    CgNum s2 = sqrt_of(cg, at, sub(cg, lit(cg, 1.0), y), x);
    CgNum s1r = cg_num_real(cg, s1), s1i = cg_num_imag(cg, s1);
    CgNum s2r = cg_num_real(cg, s2), s2i = cg_num_imag(cg, s2);
    real = math1(cg, at, BUILTIN_MATH_ASINH, sub(cg, mul(cg, s1r, s2i), mul(cg, s2r, s1i)));
    imag = math2(cg, at, BUILTIN_MATH_ATAN2, y, sub(cg, mul(cg, s1r, s2r), mul(cg, s1i, s2i)));
    return cg_num_join(cg, &large, cg_num_to(cg, cg_num_complex(cg, real, imag), z.t));
}

/* cmath.asin(z) = -j asinh(jz) */
CgNum cg_cmath_asin(Cg *cg, const Node *at, CgNum z)
{
    return times_minus_j(cg, cg_cmath_asinh(cg, at, times_j(cg, z)));
}

/* cmath.atan(z) = -j atanh(jz), except that an infinite real part with a
 * NaN imaginary part gives complex(r.imag, r.real) (numba's "odd but
 * necessary" case). */
CgNum cg_cmath_atan(Cg *cg, const Node *at, CgNum z)
{
    CgNum r = cg_cmath_atanh(cg, at, times_j(cg, z));
    LLVMValueRef odd = LLVMBuildAnd(cg->b, cg_num_isinf(cg, cg_num_real(cg, z)),
                                    cg_num_isnan(cg, cg_num_imag(cg, z)), "");
    CgNum swapped = cg_num_complex(cg, cg_num_imag(cg, r), cg_num_real(cg, r));
    return pick(cg, odd, swapped, times_minus_j(cg, r), z.t);
}

/* atanh's general way: with zr1 = 1 - x,
 * log1p(4x / (zr1^2 + y^2)) / 4 + j (-atan2(-2y, zr1 (1 + x) - y^2) / 2) */
static CgNum atanh_general(Cg *cg, const Node *at, CgNum x, CgNum y, CgNum ay)
{
    CgNum sqay = mul(cg, ay, ay);
    CgNum zr1 = sub(cg, lit(cg, 1.0), x);
    CgNum quotient = divide(cg, mul(cg, lit(cg, 4.0), x), add(cg, mul(cg, zr1, zr1), sqay));
    CgNum real = mul(cg, math1(cg, at, BUILTIN_MATH_LOG1P, quotient), lit(cg, 0.25));
    CgNum denom = sub(cg, mul(cg, zr1, add(cg, lit(cg, 1.0), x)), sqay);
    CgNum angle = math2(cg, at, BUILTIN_MATH_ATAN2, mul(cg, lit(cg, -2.0), y), denom);
    CgNum imag = mul(cg, cg_num_neg(cg, angle), lit(cg, 0.5));
    return cg_num_complex(cg, real, imag);
}

/* atanh near z = 1 (x == 1, |y| below sqrt(FLT_MIN)): inf + j y at y ==
 * 0, as C99 says; sqrt(|y|) is float32 for a complex64. */
static CgNum atanh_near_one(Cg *cg, const Node *at, CgNum y, CgNum ay)
{
    LLVMValueRef ay_zero = cg_num_cmp(cg, CMP_EQ, ay, lit(cg, 0.0));
    CgNum root = divide(cg, math1(cg, at, BUILTIN_MATH_SQRT, ay),
                        math1(cg, at, BUILTIN_MATH_SQRT, math2(cg, at, BUILTIN_MATH_HYPOT, ay, lit(cg, 2.0))));
    CgNum real = cg_num_neg(cg, math1(cg, at, BUILTIN_MATH_LOG, root));
    CgNum angle = divide(cg, math2(cg, at, BUILTIN_MATH_ATAN2, lit(cg, 2.0), cg_num_neg(cg, ay)), lit(cg, 2));
    CgNum imag = math2(cg, at, BUILTIN_MATH_COPYSIGN, angle, y);
    real = pick(cg, ay_zero, lit(cg, INFINITY), real, &type_float64_t);
    imag = pick(cg, ay_zero, y, imag, &type_float64_t);
    return cg_num_complex(cg, real, imag);
}

/* atanh for a NaN or huge part: x / 4 / h / h with h = hypot(x / 2, y / 2)
 * (0 with the sign of x for an infinite y, 0 for an infinite x), and
 * imaginary part pi / 2 with the sign of y. */
static CgNum atanh_large(Cg *cg, const Node *at, CgNum x, CgNum y)
{
    CgNum zero = lit(cg, 0.0), half = lit(cg, 0.5);
    CgNum h = math2(cg, at, BUILTIN_MATH_HYPOT, mul(cg, x, half), mul(cg, y, half));
    CgNum real = divide(cg, divide(cg, divide(cg, x, lit(cg, 4.0)), h), h);
    real = pick(cg, cg_num_isinf(cg, x), zero, real, &type_float64_t);
    real = pick(cg, cg_num_isinf(cg, y), math2(cg, at, BUILTIN_MATH_COPYSIGN, zero, x), real, &type_float64_t);
    CgNum pi_2 = lit(cg, 1.5707963267948966);
    CgNum imag = cg_num_neg(cg, math2(cg, at, BUILTIN_MATH_COPYSIGN, pi_2, cg_num_neg(cg, y)));
    return cg_num_complex(cg, real, imag);
}

/* cmath.atanh(z): CPython's c_atanh, on -z when z.real < 0 (atanh(z) =
 * -atanh(-z)). The three ways are computed in float64 (complex128 here)
 * and rounded to z's type at the end. */
CgNum cg_cmath_atanh(Cg *cg, const Node *at, CgNum z)
{
    const double thres_large = sqrt((double)(FLT_MAX / 4)), thres_small = sqrt((double)FLT_MIN);
    LLVMValueRef negate = cg_num_cmp(cg, CMP_LT, cg_num_real(cg, z), lit(cg, 0.0));
    z = cg_num_select(cg, negate, cg_num_neg(cg, z), z);
    CgNum x = cg_num_real(cg, z), y = cg_num_imag(cg, z), ay = cg_num_abs(cg, y);
    LLVMValueRef large = LLVMBuildOr(cg->b, cg_num_isnan(cg, x),
                                     LLVMBuildOr(cg->b, cg_num_cmp(cg, CMP_GT, x, lit(cg, thres_large)),
                                                 cg_num_cmp(cg, CMP_GT, ay, lit(cg, thres_large)), ""), "");
    CgNumIf outer = cg_num_if(cg, large, "catanh.large");
    CgNum r = atanh_large(cg, at, x, y);
    cg_num_else(cg, &outer, r);
    LLVMValueRef near_one = LLVMBuildAnd(cg->b, cg_num_cmp(cg, CMP_EQ, x, lit(cg, 1.0)),
                                         cg_num_cmp(cg, CMP_LT, ay, lit(cg, thres_small)), "");
    CgNumIf inner = cg_num_if(cg, near_one, "catanh.near_one");
    CgNum r2 = atanh_near_one(cg, at, y, ay);
    cg_num_else(cg, &inner, r2);
    r = cg_num_join(cg, &outer, cg_num_join(cg, &inner, atanh_general(cg, at, x, y, ay)));
    CgNum real = cg_num_real(cg, r);
    CgNum imag = pick(cg, cg_num_isnan(cg, y), lit(cg, NAN), cg_num_imag(cg, r), &type_float64_t);
    CgNum result = pick(cg, negate, cg_num_complex(cg, cg_num_neg(cg, real), cg_num_neg(cg, imag)),
                        cg_num_complex(cg, real, imag), &type_complex128_t);
    return cg_num_to(cg, result, z.t);
}
