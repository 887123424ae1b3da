/* CPython's complex arithmetic, for folding (pycomplex.h): the sum,
 * difference and product of _Py_c_sum, _Py_c_diff and _Py_c_prod; the
 * quotient of _Py_c_quot (Smith's method: scale by the divisor's larger
 * part; a NaN there gives NaN parts); the power of complex_pow, which
 * multiplies by squaring for an integral exponent of magnitude up to 100
 * (c_powi, reciprocal for a negative one) and goes through polar form
 * otherwise (_Py_c_pow, with the host's libm, as CPython's). A result
 * with an infinite part is CPython's OverflowError. This file is built
 * without floating-point contraction (pykc's C17 mode), as CPython's
 * products are not fused either. */
#include "pycomplex.h"

#include <math.h>

static const PyComplex c_one = {1.0, 0.0};

static PyComplex prod(PyComplex a, PyComplex b)
{
    return (PyComplex){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

/* false for a zero divisor (ZeroDivisionError) */
static bool quot(PyComplex a, PyComplex b, PyComplex *out)
{
    double abs_re = b.re < 0 ? -b.re : b.re, abs_im = b.im < 0 ? -b.im : b.im;
    if (abs_re >= abs_im) {
        if (abs_re == 0.0)
            return false;
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        *out = (PyComplex){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    } else if (abs_im >= abs_re) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        *out = (PyComplex){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    } else {
        *out = (PyComplex){NAN, NAN};   /* a NaN part in b */
    }
    return true;
}

/* x ** n for n >= 0, by squaring (c_powu) */
static PyComplex power_unsigned(PyComplex x, long n)
{
    PyComplex r = c_one, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask)
            r = prod(r, p);
        p = prod(p, p);
    }
    return r;
}

/* _Py_c_pow; false for 0 to a negative or complex power */
static bool power_polar(PyComplex a, PyComplex b, PyComplex *out)
{
    if (b.re == 0.0 && b.im == 0.0) {
        *out = c_one;
        return true;
    }
    if (a.re == 0.0 && a.im == 0.0) {
        *out = (PyComplex){0.0, 0.0};
        return !(b.im != 0.0 || b.re < 0.0);
    }
    double vabs = hypot(a.re, a.im), len = pow(vabs, b.re);
    double at = atan2(a.im, a.re), phase = at * b.re;
    if (b.im != 0.0) {
        len /= exp(at * b.im);
        phase += b.im * log(vabs);
    }
    *out = (PyComplex){len * cos(phase), len * sin(phase)};
    return true;
}

/* complex_pow */
static bool power(PyComplex a, PyComplex b, PyComplex *out)
{
    bool ok;
    if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 100.0) {
        long n = (long)b.re;
        if (n > 0) {
            *out = power_unsigned(a, n);
            ok = true;
        } else {
            ok = quot(c_one, power_unsigned(a, -n), out);
        }
    } else {
        ok = power_polar(a, b, out);
    }
    return ok && !isinf(out->re) && !isinf(out->im);
}

bool py_complex_binop(BinOpKind op, PyComplex a, PyComplex b, PyComplex *out)
{
    switch (op) {
    case BINOP_ADD: *out = (PyComplex){a.re + b.re, a.im + b.im}; return true;
    case BINOP_SUB: *out = (PyComplex){a.re - b.re, a.im - b.im}; return true;
    case BINOP_MUL: *out = prod(a, b); return true;
    case BINOP_TRUEDIV: return quot(a, b, out);
    case BINOP_POW: return power(a, b, out);
    default: return false;   /* // % and the bitwise operators: TypeError */
    }
}
