/* Constant folding that computes what the generated code computes, which is
 * what Numba's lowering (numba-cuda cpython/numbers.py) computes: integers
 * wrap at their width, '//' and '%' floor (0 for a zero divisor and for
 * MIN // -1), float32 arithmetic rounds at every step. Sema calls it on
 * operands already converted to the operation's type. Anything whose value
 * the hardware leaves undefined (shift counts out of range, float to int out
 * of range), that goes through a math library (pow), or float16, is left
 * unfolded. Complex constants convert, test true and compare equal here;
 * their arithmetic is left to run time (numba's algorithms, cg_complex.c),
 * except where Python folds it first (pyfold.c). */
#include "fold.h"

#include <math.h>
#include <stdint.h>

/* ---- representation ----------------------------------------------------- */

static int64_t as_signed(uint64_t bits)
{
    return bits <= INT64_MAX ? (int64_t)bits : -(int64_t)(UINT64_MAX - bits) - 1;
}

/* The CONST_INT form of `bits` in integer type t: the low t->bits bits,
 * sign-extended for a signed type and zero-extended otherwise. */
static int64_t normalize(uint64_t bits, const Type *t)
{
    if (t->bits < 64) {
        uint64_t mask = ((uint64_t)1 << t->bits) - 1;
        bits &= mask;
        if (t->is_signed && (bits >> (t->bits - 1)) & 1)
            bits |= ~mask;
    }
    return as_signed(bits);
}

static ConstValue int_const(uint64_t bits, const Type *t)
{
    return (ConstValue){.kind = CONST_INT, .i = normalize(bits, t)};
}

static ConstValue bool_const(bool b) { return (ConstValue){.kind = CONST_BOOL, .b = b}; }

/* A float32 operation is one correctly rounded float op; the double result
 * rounded to float is that (53 bits are more than twice 24 + 2). */
static double round_to(const Type *t, double v) { return t->bits == 32 ? (double)(float)v : v; }

static ConstValue float_const(double v, const Type *t)
{
    return (ConstValue){.kind = CONST_FLOAT, .f = round_to(t, v)};
}

static int64_t signed_min(const Type *t) { return normalize((uint64_t)1 << (t->bits - 1), t); }

/* Whether v is a constant of t that fold.c handles: not float16, which
 * would need rounding to half precision. */
static bool has_kind(ConstValue v, const Type *t)
{
    switch (t->kind) {
    case TYPE_BOOL: return v.kind == CONST_BOOL;
    case TYPE_INT: return v.kind == CONST_INT;
    case TYPE_FLOAT: return v.kind == CONST_FLOAT && t->bits != 16;
    case TYPE_COMPLEX: return v.kind == CONST_COMPLEX;
    default: return false;
    }
}

static ConstValue int_divmod(BinOpKind op, const Type *t, int64_t a, int64_t b)
{
    uint64_t q, r;
    if (b == 0 || (t->is_signed && a == signed_min(t) && b == -1))
        return int_const(0, t);
    if (!t->is_signed) {
        q = (uint64_t)a / (uint64_t)b;
        r = (uint64_t)a % (uint64_t)b;
    } else {
        int64_t sq = a / b, sr = a % b;
        if (sr != 0 && (sr < 0) != (b < 0)) {
            sq -= 1;
            sr += b;
        }
        q = (uint64_t)sq;
        r = (uint64_t)sr;
    }
    return int_const(op == BINOP_FLOORDIV ? q : r, t);
}

/* LLVM's shl, ashr and lshr in the type's width; a count of the width or
 * more (a negative one too, as it reads unsigned) is poison: not folded. */
static bool int_shift(BinOpKind op, const Type *t, int64_t a, int64_t b, ConstValue *out)
{
    if (b < 0 || b >= t->bits)
        return false;
    uint64_t ua = (uint64_t)a;
    if (op == BINOP_LSHIFT)
        *out = int_const(ua << b, t);
    else if (t->is_signed && a < 0)
        *out = int_const(~(~ua >> b), t);
    else
        *out = int_const(ua >> b, t);
    return true;
}

/* Past an exponent of 0x10000 Numba's int_power calls math.pow(a, float(b))
 * and converts back: finite only for the bases 0, 1 and -1. */
static bool int_pow_by_libm(const Type *t, int64_t a, const Type *b_type, int64_t b,
                            ConstValue *out)
{
    double e = b_type->is_signed ? (double)b : (double)(uint64_t)b;
    if (a == 0 || a == 1)
        *out = int_const((uint64_t)a, t);
    else if (a == -1 && t->is_signed)
        *out = int_const(fmod(e, 2.0) != 0.0 ? UINT64_MAX : 1, t);
    else
        return false;
    return true;
}

/* int_power: a ** b by squaring, wrapping. A negative exponent gives 0
 * unless the base is 1 or -1 (then 1.0 / r, which is r); 0 ** -n gives the
 * MIN bit pattern, Numba's stand-in for ZeroDivisionError. */
static bool int_pow(const Type *t, int64_t a, const Type *b_type, int64_t b, ConstValue *out)
{
    uint64_t exp = (uint64_t)b;
    if (b_type->is_signed && b < 0) {
        if (b == signed_min(b_type) || !t->is_signed)
            return false;      /* -b overflows: Numba raises OverflowError */
        if (a == 0 || (a != 1 && a != -1)) {
            *out = int_const(a == 0 ? (uint64_t)1 << (t->bits - 1) : 0, t);
            return true;
        }
        exp = (uint64_t)-b;
    }
    if (exp > 0x10000)
        return int_pow_by_libm(t, a, b_type, b, out);
    uint64_t r = 1, base = (uint64_t)a;
    for (; exp != 0; exp >>= 1) {
        if (exp & 1)
            r *= base;
        base *= base;
    }
    *out = int_const(r, t);
    return true;
}

static bool fold_int_binop(BinOpKind op, const Type *t, int64_t a, const Type *b_type, int64_t b,
                           ConstValue *out)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case BINOP_ADD: *out = int_const(ua + ub, t); return true;
    case BINOP_SUB: *out = int_const(ua - ub, t); return true;
    case BINOP_MUL: *out = int_const(ua * ub, t); return true;
    case BINOP_FLOORDIV: case BINOP_MOD: *out = int_divmod(op, t, a, b); return true;
    case BINOP_POW: return int_pow(t, a, b_type, b, out);
    case BINOP_LSHIFT: case BINOP_RSHIFT: return int_shift(op, t, a, b, out);
    case BINOP_BITAND: *out = int_const(ua & ub, t); return true;
    case BINOP_BITOR: *out = int_const(ua | ub, t); return true;
    case BINOP_BITXOR: *out = int_const(ua ^ ub, t); return true;
    case BINOP_TRUEDIV: case BINOP_MATMUL: return false;
    }
    return false;
}

/* ---- floats ------------------------------------------------------------- */

/* real_divmod_func_body (CPython's float_divmod) with every operation in
 * t's precision. The caller has dealt with y == 0. */
static void float_divmod(const Type *t, double x, double y, double *floordiv, double *mod)
{
    double m = fmod(x, y);                          /* exact */
    double div = round_to(t, round_to(t, x - m) / y);
    if (m != 0.0) {                                 /* unordered: NaN too */
        if ((y < 0.0) != (m < 0.0)) {
            m = round_to(t, m + y);
            div = round_to(t, div - 1.0);
        }
    } else {
        m = y < 0.0 ? -0.0 : 0.0;
    }
    if (div < 0.0 || div > 0.0) {                   /* ordered != 0 */
        double snapped = floor(div);
        if (round_to(t, div - snapped) > 0.5)
            snapped = round_to(t, snapped + 1.0);
        *floordiv = snapped;
    } else {
        /* zero (or NaN) with the sign of x / y */
        *floordiv = round_to(t, round_to(t, div * div * x) / y);
    }
    *mod = m;
}

/* int_power with a float base: squaring in t's precision, 1.0 / r for a
 * negative exponent; past 0x10000 Numba calls pow(), left to run time. */
static bool float_pow(const Type *t, double a, const Type *b_type, int64_t b, ConstValue *out)
{
    bool invert = b_type->is_signed && b < 0;
    if (invert && b == signed_min(b_type))
        return false;
    uint64_t exp = invert ? (uint64_t)-b : (uint64_t)b;
    if (exp > 0x10000)
        return false;
    double r = 1.0, base = a;
    for (; exp != 0; exp >>= 1) {
        if (exp & 1)
            r = round_to(t, r * base);
        base = round_to(t, base * base);
    }
    *out = float_const(invert ? 1.0 / r : r, t);
    return true;
}

static bool fold_float_binop(BinOpKind op, const Type *t, double a, double b, ConstValue *out)
{
    double div, mod;
    switch (op) {
    case BINOP_ADD: *out = float_const(a + b, t); return true;
    case BINOP_SUB: *out = float_const(a - b, t); return true;
    case BINOP_MUL: *out = float_const(a * b, t); return true;
    case BINOP_TRUEDIV: *out = float_const(a / b, t); return true;
    case BINOP_FLOORDIV: case BINOP_MOD:
        if (b == 0.0) {
            /* Numba's zero-divisor branch: x / y and frem(x, 0), a NaN */
            *out = float_const(op == BINOP_FLOORDIV ? a / b : fmod(a, b), t);
            return true;
        }
        float_divmod(t, a, b, &div, &mod);
        *out = float_const(op == BINOP_FLOORDIV ? div : mod, t);
        return true;
    default:
        return false;      /* pow is float_pow's; float ** float calls pow() */
    }
}

bool fold_binop(BinOpKind op, const Type *type, ConstValue a, const Type *b_type, ConstValue b,
                ConstValue *out)
{
    if (op == BINOP_POW && b_type && b_type != type) {
        if (!has_kind(a, type) || !type_is_int(b_type) || !has_kind(b, b_type))
            return false;
        return type_is_float(type) ? float_pow(type, a.f, b_type, b.i, out)
                                   : type_is_int(type) && int_pow(type, a.i, b_type, b.i, out);
    }
    if (!has_kind(a, type) || !has_kind(b, type))
        return false;
    switch (type->kind) {
    case TYPE_BOOL:
        if (op == BINOP_BITAND) *out = bool_const(a.b && b.b);
        else if (op == BINOP_BITOR) *out = bool_const(a.b || b.b);
        else if (op == BINOP_BITXOR) *out = bool_const(a.b != b.b);
        else return false;
        return true;
    case TYPE_INT: return fold_int_binop(op, type, a.i, type, b.i, out);
    case TYPE_FLOAT: return fold_float_binop(op, type, a.f, b.f, out);
    default: return false;
    }
}

/* ---- unary operators, conversions, comparisons, truth ------------------- */

/* -a, +a, ~a in `type`, which for Numba's semantics is the signature's
 * argument type: int_negate_impl and int_invert_impl work before widening
 * (-uint32(1) is 4294967295 as uint64), and the value folded there is the
 * widened result's value. A bool's - and + give int64. */
bool fold_unary(UnaryOpKind op, const Type *type, ConstValue a, ConstValue *out)
{
    if (op == UNARY_NOT) {
        if (!type_is_scalar(type))
            return false;
        *out = bool_const(!fold_truth(a, type));
        return true;
    }
    if (!has_kind(a, type) || type->kind == TYPE_COMPLEX)
        return false;
    switch (type->kind) {
    case TYPE_BOOL:
        /* bool_negate_impl and friends: -True and +True are int64 */
        if (op == UNARY_INVERT)
            *out = bool_const(!a.b);
        else
            *out = (ConstValue){.kind = CONST_INT, .i = op == UNARY_NEG ? -(int64_t)a.b : a.b};
        return true;
    case TYPE_INT:
        if (op == UNARY_NEG) *out = int_const(0 - (uint64_t)a.i, type);
        else if (op == UNARY_INVERT) *out = int_const(~(uint64_t)a.i, type);
        else *out = a;
        return true;
    case TYPE_FLOAT:
        if (op == UNARY_INVERT)
            return false;
        *out = op == UNARY_NEG ? (ConstValue){.kind = CONST_FLOAT, .f = -a.f} : a;
        return true;
    default:
        return false;
    }
}

static double int_to_float(int64_t v, const Type *from, const Type *to)
{
    if (to->bits == 32)
        return from->is_signed ? (double)(float)v : (double)(float)(uint64_t)v;
    return from->is_signed ? (double)v : (double)(uint64_t)v;
}

/* fptosi / fptoui: truncation toward zero; NaN and values outside the
 * target's range are poison, so those are not folded. */
static bool float_to_int(double v, const Type *to, ConstValue *out)
{
    if (isnan(v))
        return false;
    double t = trunc(v);
    double lo = to->is_signed ? -ldexp(1.0, to->bits - 1) : 0.0;
    double hi = ldexp(1.0, to->is_signed ? to->bits - 1 : to->bits);
    if (!(t >= lo && t < hi))
        return false;
    *out = int_const(to->is_signed ? (uint64_t)(int64_t)t : (uint64_t)t, to);
    return true;
}

/* A real or complex constant (of type `from`) as a complex of type `to`:
 * each part converted to the parts' float as a float would be (a real is
 * the real part). Part by part through fold_convert, not two rounding
 * expressions side by side: GCC 12's SLP vectorizer at -O2 paired such
 * a pair and dropped the rounding. */
static bool to_complex(ConstValue a, const Type *from, const Type *to, ConstValue *out)
{
    ConstValue re = a, im = {.kind = CONST_FLOAT, .f = 0.0};
    const Type *re_type = from, *im_type = to->elem;
    if (a.kind == CONST_COMPLEX) {
        re = (ConstValue){.kind = CONST_FLOAT, .f = a.c.re};
        im.f = a.c.im;
        re_type = im_type = from->elem;
    }
    if (!fold_convert(re, re_type, to->elem, &re) || !fold_convert(im, im_type, to->elem, &im))
        return false;
    ConstValue v = {.kind = CONST_COMPLEX};
    v.c.re = re.f;
    v.c.im = im.f;
    *out = v;
    return true;
}

bool fold_convert(ConstValue a, const Type *from, const Type *to, ConstValue *out)
{
    if (to->kind == TYPE_COMPLEX)
        return has_kind(a, from) && to_complex(a, from, to, out);
    if (from == to && has_kind(a, from)) {
        *out = a;
        return true;
    }
    if (!has_kind(a, from) || !type_is_scalar(to) || (type_is_float(to) && to->bits == 16) ||
        to->kind == TYPE_BFLOAT16 || to->kind == TYPE_FP8 || from->kind == TYPE_FP8)
        return false;
    if (to->kind == TYPE_BOOL) {
        *out = bool_const(fold_truth(a, from));
        return true;
    }
    switch (from->kind) {
    case TYPE_BOOL:
        /* boolean_to_any: 0 or 1, then on as an integer */
        *out = to->kind == TYPE_INT ? int_const(a.b, to) : float_const(a.b ? 1.0 : 0.0, to);
        return true;
    case TYPE_INT:
        if (to->kind == TYPE_INT)
            *out = int_const((uint64_t)a.i, to);   /* trunc, or sext/zext by from's sign */
        else
            *out = (ConstValue){.kind = CONST_FLOAT, .f = int_to_float(a.i, from, to)};
        return true;
    case TYPE_FLOAT:
        if (to->kind == TYPE_INT)
            return float_to_int(a.f, to, out);
        *out = float_const(a.f, to);
        return true;
    default:
        return false;
    }
}

/* op applied to an ordering c (-1, 0, 1) of two comparable values. */
static bool ordering_holds(CmpOpKind op, int c, bool *result)
{
    switch (op) {
    case CMP_LT: *result = c < 0; return true;
    case CMP_LE: *result = c <= 0; return true;
    case CMP_GT: *result = c > 0; return true;
    case CMP_GE: *result = c >= 0; return true;
    case CMP_EQ: *result = c == 0; return true;
    case CMP_NE: *result = c != 0; return true;
    default: return false;
    }
}

/* Ordered comparisons (false with a NaN), except != which is unordered. */
static bool float_compare(CmpOpKind op, double x, double y, bool *result)
{
    if (!ordering_holds(op, (x > y) - (x < y), result))
        return false;
    if (isnan(x) || isnan(y))
        *result = op == CMP_NE;
    return true;
}

bool fold_compare(CmpOpKind op, const Type *type, ConstValue a, ConstValue b, ConstValue *out)
{
    if (!has_kind(a, type) || !has_kind(b, type))
        return false;
    bool result;
    bool ok;
    switch (type->kind) {
    case TYPE_BOOL:
        ok = ordering_holds(op, (int)a.b - (int)b.b, &result);
        break;
    case TYPE_INT:
        if (type->is_signed)
            ok = ordering_holds(op, (a.i > b.i) - (a.i < b.i), &result);
        else
            ok = ordering_holds(op, ((uint64_t)a.i > (uint64_t)b.i) - ((uint64_t)a.i < (uint64_t)b.i),
                                &result);
        break;
    case TYPE_FLOAT:
        ok = float_compare(op, a.f, b.f, &result);
        break;
    case TYPE_COMPLEX:   /* == and != only: both parts, != unordered */
        ok = op == CMP_EQ || op == CMP_NE;
        result = (a.c.re == b.c.re && a.c.im == b.c.im) == (op == CMP_EQ);
        break;
    default:
        return false;
    }
    if (ok)
        *out = bool_const(result);
    return ok;
}

/* Python's truth, which is Numba's is_true: a NaN is true. */
bool fold_truth(ConstValue a, const Type *type)
{
    if (type->kind == TYPE_NONE)
        return false;
    switch (a.kind) {
    case CONST_BOOL: return a.b;
    case CONST_INT: return a.i != 0;
    case CONST_FLOAT: return a.f != 0.0;
    case CONST_COMPLEX: return a.c.re != 0.0 || a.c.im != 0.0;
    default: return false;
    }
}
