/* Operators of the module-constant evaluator (np_eval.h): + - * / // % **
 * and unary - + ~ on Python scalars (Python's arithmetic), NumPy scalars
 * and arrays (NumPy 2's ufuncs). A ufunc computes in its loop's dtype:
 * the operands' NEP 50 result type, except where NumPy's type resolution
 * picks another loop (true division of integers is float64; bool has no
 * floor_divide, remainder or power loop, so int8's is used). Element
 * values follow NumPy's C loops: integers wrap, // and % take Python's
 * signs with 0 for a zero divisor, float16 computes in float32. */
#include "np_eval.h"

#include <math.h>
#include <string.h>

static bool is_number(const NpVal *v)
{
    return v->kind == NPV_INT || v->kind == NPV_FLOAT || v->kind == NPV_BOOL || v->kind == NPV_SCALAR ||
           v->kind == NPV_ARRAY;
}

/* ---- Python scalars ----------------------------------------------------- */

static NpVal py_int(int64_t i) { return (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = i}}; }
static NpVal py_float(double f) { return (NpVal){.kind = NPV_FLOAT, .num = {.kind = CONST_FLOAT, .f = f}}; }

static double py_as_float(const NpVal *v)
{
    return v->kind == NPV_FLOAT ? v->num.f : v->kind == NPV_BOOL ? (double)v->num.b
         : v->wide ? (double)(uint64_t)v->num.i : (double)v->num.i;
}

/* Python's float // and %: floor of the quotient, the remainder with the
 * divisor's sign (CPython's float_divmod, which npy_divmod follows too). */
static double floor_div(double a, double b, double *mod)
{
    double m = fmod(a, b), div = (a - m) / b;
    if (m != 0.0) {
        if ((b < 0) != (m < 0)) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = copysign(0.0, b);
    }
    double q;
    if (div != 0.0) {
        q = floor(div);
        if (div - q > 0.5)
            q += 1.0;
    } else {
        q = copysign(0.0, a / b);
    }
    *mod = m;
    return q;
}

/* Python's ints are unbounded; pykc computes them in 128 bits and keeps
 * those NumPy can take, -2**63 to 2**64 - 1 (from 2**63 up as `wide`). */
typedef __int128 PyInt;

static PyInt py_int_of(const NpVal *v)
{
    if (v->kind == NPV_BOOL)
        return v->num.b;
    return v->wide ? (PyInt)(uint64_t)v->num.i : (PyInt)v->num.i;
}

static NpVal py_int_result(NpCtx *ctx, PyInt r, bool overflow)
{
    if (overflow || r < (PyInt)INT64_MIN || r > (PyInt)UINT64_MAX)
        return np_error(ctx, "a Python integer past 64 bits, which pykc does not compute");
    NpVal v = py_int((int64_t)(uint64_t)r);
    v.wide = r > (PyInt)INT64_MAX;
    return v;
}

static NpVal py_int_binop(NpCtx *ctx, BinOpKind op, PyInt a, PyInt b)
{
    PyInt r = 0;
    bool overflow = false;
    switch (op) {
    case BINOP_ADD: overflow = __builtin_add_overflow(a, b, &r); break;
    case BINOP_SUB: overflow = __builtin_sub_overflow(a, b, &r); break;
    case BINOP_MUL: overflow = __builtin_mul_overflow(a, b, &r); break;
    case BINOP_TRUEDIV:
        if (b == 0)
            return np_error(ctx, "Python raises ZeroDivisionError: division by zero");
        if (a > ((PyInt)1 << 53) || a < -((PyInt)1 << 53) || b > ((PyInt)1 << 53) || b < -((PyInt)1 << 53))
            return np_error(ctx, "a true division of integers past 2**53, which pykc does not compute");
        return py_float((double)a / (double)b);
    case BINOP_FLOORDIV: case BINOP_MOD:
        if (b == 0)
            return np_error(ctx, "Python raises ZeroDivisionError: integer division or modulo by zero");
        r = op == BINOP_FLOORDIV ? a / b : a % b;
        if (a % b != 0 && (a % b < 0) != (b < 0))
            r = op == BINOP_FLOORDIV ? r - 1 : r + b;
        break;
    case BINOP_POW:
        if (b < 0 && a == 0)
            return np_error(ctx, "Python raises ZeroDivisionError: 0 cannot be raised to a negative power");
        if (b < 0)
            return py_float(pow((double)a, (double)b));
        r = 1;
        if (a == 0 || a == 1 || a == -1)     /* the bases whose powers never overflow */
            r = b == 0 ? 1 : a == -1 ? (b % 2 ? -1 : 1) : a;
        else
            for (PyInt e = 0; e < b && !overflow; e++)
                overflow = __builtin_mul_overflow(r, a, &r) || r > (PyInt)UINT64_MAX || r < (PyInt)INT64_MIN;
        break;
    default:
        return np_error(ctx, "operator '%s' on integers in a NumPy constant, which pykc does not compute yet",
                        ast_binop_spelling(op));
    }
    return py_int_result(ctx, r, overflow);
}

static NpVal py_float_binop(NpCtx *ctx, BinOpKind op, double a, double b)
{
    double mod;
    switch (op) {
    case BINOP_ADD: return py_float(a + b);
    case BINOP_SUB: return py_float(a - b);
    case BINOP_MUL: return py_float(a * b);
    case BINOP_TRUEDIV: case BINOP_FLOORDIV: case BINOP_MOD:
        if (b == 0.0)
            return np_error(ctx, "Python raises ZeroDivisionError: float division by zero");
        if (op == BINOP_TRUEDIV)
            return py_float(a / b);
        double q = floor_div(a, b, &mod);
        return py_float(op == BINOP_FLOORDIV ? q : mod);
    case BINOP_POW:
        if (a < 0 && b != floor(b))
            return np_error(ctx, "a negative float to a fractional power, which Python makes complex");
        if (a == 0.0 && b < 0)
            return np_error(ctx, "Python raises ZeroDivisionError: 0.0 cannot be raised to a negative power");
        return py_float(pow(a, b));
    default:
        return np_error(ctx, "operator '%s' on floats in a NumPy constant, which pykc does not compute yet",
                        ast_binop_spelling(op));
    }
}

static NpVal python_binop(NpCtx *ctx, BinOpKind op, const NpVal *a, const NpVal *b)
{
    if (a->kind == NPV_FLOAT || b->kind == NPV_FLOAT)
        return py_float_binop(ctx, op, py_as_float(a), py_as_float(b));
    return py_int_binop(ctx, op, py_int_of(a), py_int_of(b));
}

/* ---- one element, in the loop's dtype ----------------------------------- */

static ConstValue int_of(uint64_t x, const Type *t)
{
    ConstValue out;
    NpVal unused;
    np_cast(NULL, (ConstValue){.kind = CONST_INT, .i = (int64_t)x}, &type_uint64_t, t, &out, &unused);
    return out;
}

static int64_t signed_min(const Type *t) { return t->bits == 64 ? INT64_MIN : -(INT64_C(1) << (t->bits - 1)); }

static bool int_element(NpCtx *ctx, BinOpKind op, const Type *t, int64_t a, int64_t b, ConstValue *out, NpVal *err)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case BINOP_ADD: *out = int_of(ua + ub, t); return true;
    case BINOP_SUB: *out = int_of(ua - ub, t); return true;
    case BINOP_MUL: *out = int_of(ua * ub, t); return true;
    case BINOP_FLOORDIV: case BINOP_MOD: {
        if (b == 0) {
            *out = int_of(0, t);
        } else if (!t->is_signed) {
            *out = int_of(op == BINOP_FLOORDIV ? ua / ub : ua % ub, t);
        } else if (a == signed_min(t) && b == -1) {   /* NumPy: MIN // -1 is MIN, MIN % -1 is 0 */
            *out = int_of(op == BINOP_FLOORDIV ? (uint64_t)a : 0, t);
        } else {
            int64_t q = a / b, r = a % b;
            if (r != 0 && (r < 0) != (b < 0)) {
                q -= 1;
                r += b;
            }
            *out = int_of((uint64_t)(op == BINOP_FLOORDIV ? q : r), t);
        }
        return true;
    }
    case BINOP_POW: {
        if (t->is_signed && b < 0) {
            *err = np_error(ctx, "NumPy raises ValueError: Integers to negative integer powers are not allowed.");
            return false;
        }
        uint64_t r = 1, base = ua;
        for (uint64_t e = ub; e; e >>= 1) {
            if (e & 1)
                r *= base;
            base *= base;
        }
        *out = int_of(r, t);
        return true;
    }
    default:
        break;
    }
    *err = np_error(ctx, "operator '%s' in a NumPy constant, which pykc does not compute yet", ast_binop_spelling(op));
    return false;
}

/* float32 and float16 compute in C's float, float64 in double. */
static double float_element(BinOpKind op, const Type *t, double a, double b)
{
    double mod;
    if (t->bits == 64) {
        switch (op) {
        case BINOP_ADD: return a + b;
        case BINOP_SUB: return a - b;
        case BINOP_MUL: return a * b;
        case BINOP_TRUEDIV: return a / b;
        case BINOP_FLOORDIV: return b == 0.0 ? a / b : floor_div(a, b, &mod);
        case BINOP_MOD: return b == 0.0 ? fmod(a, b) : (floor_div(a, b, &mod), mod);
        default: return pow(a, b);
        }
    }
    float fa = (float)a, fb = (float)b, fm, fr;
    switch (op) {
    case BINOP_ADD: fr = fa + fb; break;
    case BINOP_SUB: fr = fa - fb; break;
    case BINOP_MUL: fr = fa * fb; break;
    case BINOP_TRUEDIV: fr = fa / fb; break;
    case BINOP_FLOORDIV: case BINOP_MOD: {
        if (fb == 0.0f) {
            fr = op == BINOP_FLOORDIV ? fa / fb : fmodf(fa, fb);
            break;
        }
        fm = fmodf(fa, fb);
        float div = (fa - fm) / fb, q;
        if (fm != 0.0f) {
            if ((fb < 0) != (fm < 0)) {
                fm += fb;
                div -= 1.0f;
            }
        } else {
            fm = copysignf(0.0f, fb);
        }
        if (div != 0.0f) {
            q = floorf(div);
            if (div - q > 0.5f)
                q += 1.0f;
        } else {
            q = copysignf(0.0f, fa / fb);
        }
        fr = op == BINOP_FLOORDIV ? q : fm;
        break;
    }
    default: fr = powf(fa, fb); break;
    }
    return t->bits == 16 ? np_round_half((double)fr) : (double)fr;
}

/* ---- ufuncs ------------------------------------------------------------- */

typedef enum { FAST_NONE, FAST_SQUARE, FAST_RECIPROCAL, FAST_SQRT } FastPower;

/* ndarray ** python_int 2, -1 or python_float 0.5 are np.square,
 * np.reciprocal and np.sqrt (NumPy's fast_scalar_power; square for any
 * dtype, the others for floats). */
static FastPower fast_power(const NpVal *a, const NpVal *b)
{
    if (a->kind != NPV_ARRAY)
        return FAST_NONE;
    bool is_float = a->arr->dtype->kind == TYPE_FLOAT;
    if (b->kind == NPV_INT && !b->wide && b->num.i == 2)
        return FAST_SQUARE;
    if (b->kind == NPV_INT && !b->wide && b->num.i == -1 && is_float)
        return FAST_RECIPROCAL;
    if (b->kind == NPV_FLOAT && b->num.f == 0.5 && is_float)
        return FAST_SQRT;
    return FAST_NONE;
}

/* The loop dtype of op for operands of result type d; NULL if NumPy has
 * no loop (bool subtract). */
static const Type *loop_dtype(BinOpKind op, const Type *d)
{
    bool boolean = d->kind == TYPE_BOOL;
    switch (op) {
    case BINOP_ADD: case BINOP_MUL: return d;
    case BINOP_SUB: return boolean ? NULL : d;
    case BINOP_TRUEDIV: return d->kind == TYPE_FLOAT ? d : &type_float64_t;
    default: return boolean ? &type_int8_t : d;
    }
}

/* The operands' broadcast shape; false if they do not broadcast. */
static bool broadcast(const NpVal *ops, int count, int *ndim, int64_t *shape)
{
    *ndim = 0;
    for (int i = 0; i < count; i++)
        if (ops[i].kind == NPV_ARRAY && ops[i].arr->ndim > *ndim)
            *ndim = ops[i].arr->ndim;
    for (int k = 0; k < *ndim; k++)
        shape[k] = 1;
    for (int i = 0; i < count; i++) {
        if (ops[i].kind != NPV_ARRAY)
            continue;
        const NpArr *a = ops[i].arr;
        for (int k = 0; k < a->ndim; k++) {
            int64_t *s = &shape[*ndim - a->ndim + k];
            if (a->shape[k] != 1 && *s != 1 && a->shape[k] != *s)
                return false;
            if (a->shape[k] != 1)
                *s = a->shape[k];
        }
    }
    return true;
}

/* The output's order: NumPy's trivial loop keeps the operands' common
 * order when they all have the output's shape (C first); broadcasting
 * goes through the iterator, whose order pykc follows only for C arrays. */
static bool output_order(NpCtx *ctx, const NpVal *ops, int count, int ndim, const int64_t *shape,
                         bool *fortran, NpVal *err)
{
    bool all_c = true, all_f = true, same = true;
    for (int i = 0; i < count; i++) {
        if (ops[i].kind != NPV_ARRAY || ops[i].arr->ndim == 0)
            continue;
        const NpArr *a = ops[i].arr;
        all_c &= np_arr_c_contiguous(a);
        all_f &= np_arr_f_contiguous(a);
        same &= a->ndim == ndim && memcmp(a->shape, shape, sizeof *shape * (size_t)ndim) == 0;
    }
    *fortran = !all_c && all_f;
    if (all_c || (same && all_f))
        return true;
    if (same)
        return *fortran = false, true;
    *err = np_error(ctx, "broadcasting over an array that is not C-contiguous, whose result's "
                    "layout pykc does not compute");
    return false;
}

/* An operand's element at the output's index (broadcast), in dtype t. */
static bool operand_element(NpCtx *ctx, const NpVal *v, const int64_t *index, int ndim, const Type *t,
                            ConstValue *out, NpVal *err)
{
    if (v->kind != NPV_ARRAY)
        return np_from_python(ctx, v, t, out, err);
    const NpArr *a = v->arr;
    int64_t at[NP_MAX_NDIM];
    for (int k = 0; k < a->ndim; k++)
        at[k] = a->shape[k] == 1 ? 0 : index[ndim - a->ndim + k];
    return np_cast(ctx, np_arr_get(a, at), a->dtype, t, out, err);
}

static bool compute(NpCtx *ctx, BinOpKind op, FastPower fast, const Type *t, ConstValue a, ConstValue b,
                    ConstValue *out, NpVal *err)
{
    if (t->kind == TYPE_BOOL) {
        *out = (ConstValue){.kind = CONST_BOOL, .b = op == BINOP_ADD ? (a.b || b.b) : (a.b && b.b)};
        return true;
    }
    if (fast == FAST_SQUARE)
        op = BINOP_MUL, b = a;
    if (t->kind == TYPE_INT)
        return int_element(ctx, op, t, a.i, b.i, out, err);
    double r;
    if (fast == FAST_RECIPROCAL)
        r = float_element(BINOP_TRUEDIV, t, 1.0, a.f);
    else if (fast == FAST_SQRT)
        r = t->bits == 64 ? sqrt(a.f) : t->bits == 32 ? (double)sqrtf((float)a.f) : np_round_half((double)sqrtf((float)a.f));
    else
        r = float_element(op, t, a.f, b.f);
    *out = (ConstValue){.kind = CONST_FLOAT, .f = t->bits == 32 ? (double)(float)r : r};
    return true;
}

static NpVal ufunc(NpCtx *ctx, BinOpKind op, NpVal *ops, FastPower fast)
{
    const Type *d = np_result_type(ops, fast ? 1 : 2);
    const Type *t = fast == FAST_SQUARE && d->kind == TYPE_BOOL ? &type_int8_t : loop_dtype(op, d);
    if (!t)
        return np_error(ctx, "NumPy raises TypeError: numpy boolean subtract, the `-` operator, is not supported");
    int ndim;
    int64_t shape[NP_MAX_NDIM], index[NP_MAX_NDIM];
    if (!broadcast(ops, 2, &ndim, shape))
        return np_error(ctx, "NumPy raises ValueError: operands could not be broadcast together");
    bool fortran;
    NpVal err;
    if (!output_order(ctx, ops, 2, ndim, shape, &fortran, &err))
        return err;
    NpArr *out = np_arr_new(ctx, t, ndim, shape, fortran);
    int64_t size = np_arr_size(out);
    for (int64_t k = 0; k < size; k++) {
        np_index_of(out, k, index);
        ConstValue a, b = {0}, r;
        if (!operand_element(ctx, &ops[0], index, ndim, t, &a, &err) ||
            (!fast && !operand_element(ctx, &ops[1], index, ndim, t, &b, &err)) ||
            !compute(ctx, op, fast, t, a, b, &r, &err))
            return err;
        np_arr_set(out, index, r);
    }
    return np_scalar_of(ctx, (NpVal){.kind = NPV_ARRAY, .arr = out});
}

/* A ufunc's 0-d result is a NumPy scalar. */
NpVal np_scalar_of(NpCtx *ctx, NpVal v)
{
    (void)ctx;
    if (v.kind != NPV_ARRAY || v.arr->ndim != 0)
        return v;
    return (NpVal){.kind = NPV_SCALAR, .dtype = v.arr->dtype, .num = np_arr_get(v.arr, NULL)};
}

NpVal np_binop(NpCtx *ctx, BinOpKind op, NpVal a, NpVal b)
{
    if (a.kind == NPV_ERROR)
        return a;
    if (b.kind == NPV_ERROR)
        return b;
    if (!is_number(&a) || !is_number(&b))
        return np_error(ctx, "operator '%s' on a value that is not a number or an array", ast_binop_spelling(op));
    bool python = a.kind != NPV_SCALAR && a.kind != NPV_ARRAY && b.kind != NPV_SCALAR && b.kind != NPV_ARRAY;
    if (python)
        return python_binop(ctx, op, &a, &b);
    if (op != BINOP_ADD && op != BINOP_SUB && op != BINOP_MUL && op != BINOP_TRUEDIV && op != BINOP_FLOORDIV &&
        op != BINOP_MOD && op != BINOP_POW)
        return np_error(ctx, "operator '%s' on NumPy values, which pykc does not compute yet", ast_binop_spelling(op));
    ctx->arrays |= a.kind == NPV_ARRAY || b.kind == NPV_ARRAY;
    NpVal ops[2] = {a, b};
    FastPower fast = op == BINOP_POW ? fast_power(&a, &b) : FAST_NONE;
    const Type *d = np_result_type(ops, 2);
    if (op == BINOP_POW && !fast && d->kind == TYPE_FLOAT)
        return np_error(ctx, "a float power, whose last bits depend on the host's math library "
                        "(NumPy uses SIMD code where the processor has it)");
    return ufunc(ctx, op, ops, fast);
}

/* ---- unary -------------------------------------------------------------- */

static NpVal python_unary(NpCtx *ctx, UnaryOpKind op, NpVal a)
{
    if (op == UNARY_POS)
        return a.kind == NPV_BOOL ? py_int(a.num.b) : a;
    if (a.kind == NPV_FLOAT)
        return op == UNARY_NEG ? py_float(-a.num.f) : np_error(ctx, "'~' of a float: Python raises TypeError");
    PyInt i = py_int_of(&a);
    return py_int_result(ctx, op == UNARY_NEG ? -i : ~i, false);
}

NpVal np_unary(NpCtx *ctx, UnaryOpKind op, NpVal a)
{
    if (a.kind == NPV_ERROR)
        return a;
    if (!is_number(&a) || op == UNARY_NOT)
        return np_error(ctx, "operator '%s' on a value pykc does not compute it for", ast_unary_spelling(op));
    if (a.kind != NPV_SCALAR && a.kind != NPV_ARRAY)
        return python_unary(ctx, op, a);
    const Type *t = a.kind == NPV_ARRAY ? a.arr->dtype : a.dtype;
    if (t->kind == TYPE_BOOL && op != UNARY_INVERT)
        return np_error(ctx, "NumPy raises TypeError: the numpy boolean %s is not supported",
                        op == UNARY_NEG ? "negative, the `-` operator," : "positive, the `+` operator,");
    if (t->kind == TYPE_FLOAT && op == UNARY_INVERT)
        return np_error(ctx, "NumPy raises TypeError: '~' (invert) is not supported for floats");
    ctx->arrays |= a.kind == NPV_ARRAY;
    static const int64_t no_shape[1] = {0};
    int ndim = a.kind == NPV_ARRAY ? a.arr->ndim : 0;
    const int64_t *shape = a.kind == NPV_ARRAY ? a.arr->shape : no_shape;
    bool fortran;
    NpVal err;
    if (!output_order(ctx, &a, 1, ndim, shape, &fortran, &err))
        return err;
    NpArr *out = np_arr_new(ctx, t, ndim, shape, fortran);
    int64_t index[NP_MAX_NDIM], size = np_arr_size(out);
    for (int64_t k = 0; k < size; k++) {
        np_index_of(out, k, index);
        ConstValue v, r = {0};
        if (!operand_element(ctx, &a, index, ndim, t, &v, &err))
            return err;
        if (t->kind == TYPE_BOOL)
            r = (ConstValue){.kind = CONST_BOOL, .b = !v.b};
        else if (t->kind == TYPE_FLOAT)
            r = (ConstValue){.kind = CONST_FLOAT, .f = op == UNARY_NEG ? -v.f : v.f};
        else
            r = int_of(op == UNARY_NEG ? -(uint64_t)v.i : op == UNARY_INVERT ? ~(uint64_t)v.i : (uint64_t)v.i, t);
        np_arr_set(out, index, r);
    }
    return np_scalar_of(ctx, (NpVal){.kind = NPV_ARRAY, .arr = out});
}
