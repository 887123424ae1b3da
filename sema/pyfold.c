/* Constant expressions as Python evaluates them. Numba never sees `2 ** 63`
 * or `-1`: CPython's compiler folds operators on literals first, with
 * arbitrary-precision integers (2 ** 63 is 9223372036854775808, typed uint64
 * by Numba; 2 ** -1 is the float 0.5; ~True is -2), and module-level
 * constants are values Python computed at import. So a subtree made only of
 * literals in a kernel, and every module-level expression, is folded here
 * with Python's semantics, and typed from its value; Numba's operator typing
 * and run-time rules (fold.c) apply to everything else. Integers are exact
 * within 128 bits; an operation Python would raise on (division by zero, a
 * negative shift) or a wider result is not folded. Complex values fold
 * with CPython's complex arithmetic (pycomplex.c): `1 + 2j` is a complex128
 * constant, as Python made it. */
#include "pycomplex.h"
#include "sema_internal.h"

#include <math.h>

typedef __int128 Int;
static const Int INT_LIMIT = (Int)1 << 126;  /* beyond this, don't fold */

typedef enum PyKind { PY_NONE, PY_BOOL, PY_INT, PY_FLOAT, PY_COMPLEX } PyKind;
typedef struct PyValue {
    PyKind kind;
    Int i;          /* PY_INT, PY_BOOL (0 or 1) */
    double f;       /* PY_FLOAT; PY_COMPLEX: the real part */
    double im;      /* PY_COMPLEX */
} PyValue;

static PyValue py_int(Int i) { return (PyValue){.kind = PY_INT, .i = i}; }
static PyValue py_float(double f) { return (PyValue){.kind = PY_FLOAT, .f = f}; }
static PyValue py_bool(bool b) { return (PyValue){.kind = PY_BOOL, .i = b}; }
static PyValue py_complex(double re, double im) { return (PyValue){.kind = PY_COMPLEX, .f = re, .im = im}; }
static const PyValue py_none = {.kind = PY_NONE};

static bool in_range(Int i) { return i > -INT_LIMIT && i < INT_LIMIT; }
static double as_float(PyValue v) { return v.kind == PY_FLOAT ? v.f : (double)v.i; }

/* An operand of complex arithmetic: Python converts ints and floats. */
static PyComplex as_complex(PyValue v)
{
    return v.kind == PY_COMPLEX ? (PyComplex){v.f, v.im} : (PyComplex){as_float(v), 0.0};
}

static PyValue from_const(ConstValue c, const Type *type)
{
    switch (c.kind) {
    case CONST_BOOL: return py_bool(c.b);
    case CONST_INT: return py_int(type->is_signed ? (Int)c.i : (Int)(uint64_t)c.i);
    case CONST_FLOAT: return py_float(c.f);
    case CONST_COMPLEX: return py_complex(c.c.re, c.c.im);
    default: return py_none;
    }
}

static Int floor_div(Int a, Int b)
{
    Int q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* Python's int / int is correctly rounded. Operands within 2**53 convert to
 * double exactly and one division rounds once; wider ones go through long
 * double (64-bit significand, exact for |x| < 2**64), so the result is
 * rounded twice, which can differ from Python's only on an exact tie. */
static double int_true_div(Int a, Int b)
{
    const Int exact = (Int)1 << 53;
    if (a > -exact && a < exact && b > -exact && b < exact)
        return (double)a / (double)b;
    return (double)((long double)a / (long double)b);
}

static PyValue int_pow(Int base, Int exp)
{
    if (exp < 0)
        return base == 0 ? py_none : py_float(pow((double)base, (double)exp));
    Int result = 1;
    while (exp > 0) {
        if ((exp & 1) && (__builtin_mul_overflow(result, base, &result) || !in_range(result)))
            return py_none;
        exp >>= 1;
        if (exp && (__builtin_mul_overflow(base, base, &base) || !in_range(base)))
            return py_none;
    }
    return py_int(result);
}

static PyValue int_binop(BinOpKind op, Int a, Int b)
{
    switch (op) {
    case BINOP_ADD: return in_range(a + b) ? py_int(a + b) : py_none;
    case BINOP_SUB: return in_range(a - b) ? py_int(a - b) : py_none;
    case BINOP_MUL: {
        Int r;
        return !__builtin_mul_overflow(a, b, &r) && in_range(r) ? py_int(r) : py_none;
    }
    case BINOP_FLOORDIV: return b ? py_int(floor_div(a, b)) : py_none;
    case BINOP_MOD: return b ? py_int(a - floor_div(a, b) * b) : py_none;
    case BINOP_TRUEDIV: return b ? py_float(int_true_div(a, b)) : py_none;
    case BINOP_POW: return int_pow(a, b);
    case BINOP_LSHIFT: {
        Int r;
        bool ok = b >= 0 && b < 126 && !__builtin_mul_overflow(a, (Int)1 << b, &r) && in_range(r);
        return ok ? py_int(r) : py_none;
    }
    case BINOP_RSHIFT: return b >= 0 ? py_int(b >= 127 ? (a < 0 ? -1 : 0) : a >> b) : py_none;
    case BINOP_BITAND: return py_int(a & b);
    case BINOP_BITOR: return py_int(a | b);
    case BINOP_BITXOR: return py_int(a ^ b);
    default: return py_none;
    }
}

/* CPython's float floor division and modulo (float_divmod). */
static PyValue float_divmod(BinOpKind op, double x, double y)
{
    if (y == 0)
        return py_none;
    double mod = fmod(x, y), div = (x - mod) / y;
    if (mod != 0) {
        if ((y < 0) != (mod < 0)) {
            mod += y;
            div -= 1.0;
        }
    } else
        mod = copysign(0.0, y);
    double floordiv;
    if (div != 0) {
        floordiv = floor(div);
        if (div - floordiv > 0.5)
            floordiv += 1.0;
    } else
        floordiv = copysign(0.0, x / y);
    return py_float(op == BINOP_FLOORDIV ? floordiv : mod);
}

static PyValue float_binop(BinOpKind op, double a, double b)
{
    switch (op) {
    case BINOP_ADD: return py_float(a + b);
    case BINOP_SUB: return py_float(a - b);
    case BINOP_MUL: return py_float(a * b);
    case BINOP_TRUEDIV: return b != 0 ? py_float(a / b) : py_none;
    case BINOP_FLOORDIV:
    case BINOP_MOD: return float_divmod(op, a, b);
    case BINOP_POW:
        if ((a == 0 && b < 0) || (a < 0 && b != floor(b)))
            return py_none;   /* ZeroDivisionError, or a complex result */
        if (isfinite(a) && isfinite(b) && !isfinite(pow(a, b)))
            return py_none;   /* OverflowError */
        return py_float(pow(a, b));
    default: return py_none;  /* bitwise operators on floats raise */
    }
}

static PyValue py_binop(BinOpKind op, PyValue a, PyValue b)
{
    if (a.kind == PY_NONE || b.kind == PY_NONE)
        return py_none;
    bool bitwise = op == BINOP_BITAND || op == BINOP_BITOR || op == BINOP_BITXOR;
    if (bitwise && a.kind == PY_BOOL && b.kind == PY_BOOL)
        return py_bool(int_binop(op, a.i, b.i).i != 0);
    if (a.kind == PY_COMPLEX || b.kind == PY_COMPLEX) {
        PyComplex r;
        return py_complex_binop(op, as_complex(a), as_complex(b), &r) ? py_complex(r.re, r.im) : py_none;
    }
    if (a.kind == PY_FLOAT || b.kind == PY_FLOAT)
        return float_binop(op, as_float(a), as_float(b));
    return int_binop(op, a.i, b.i);
}

static PyValue py_unary(UnaryOpKind op, PyValue a)
{
    if (a.kind == PY_NONE)
        return py_none;
    if (op == UNARY_NOT)
        return py_bool(a.kind == PY_COMPLEX ? a.f == 0 && a.im == 0 : a.kind == PY_FLOAT ? a.f == 0 : a.i == 0);
    if (a.kind == PY_COMPLEX)
        return op == UNARY_INVERT ? py_none : op == UNARY_NEG ? py_complex(-a.f, -a.im) : a;
    if (a.kind == PY_FLOAT)
        return op == UNARY_INVERT ? py_none : py_float(op == UNARY_NEG ? -a.f : a.f);
    Int r = op == UNARY_NEG ? -a.i : op == UNARY_INVERT ? ~a.i : a.i;
    return in_range(r) ? py_int(r) : py_none;   /* a bool becomes an int */
}

/* The Python value of a node, if Python computes it before Numba: a
 * literal, an operator on such values, and, at module level (no function),
 * a module constant. */
static PyValue python_value(FuncCtx *ctx, const Node *node)
{
    switch (node->kind) {
    case NODE_INT: return py_int((Int)node->int_lit.value);
    case NODE_FLOAT: return py_float(node->float_lit.value);
    case NODE_IMAG: return py_complex(0.0, node->float_lit.value);
    case NODE_BOOL: return py_bool(node->bool_lit.value);
    case NODE_UNARY: return py_unary(node->unary.op, python_value(ctx, node->unary.operand));
    case NODE_BINOP:
        return py_binop(node->binop.op, python_value(ctx, node->binop.left), python_value(ctx, node->binop.right));
    case NODE_NAME:
    case NODE_ATTRIBUTE: {
        if (ctx->func)
            return py_none;
        Value v = sema_resolve_static(ctx->sema, node);
        return v.kind == VAL_RUNTIME && type_is_scalar(v.type) ? from_const(v.konst, v.type) : py_none;
    }
    default: return py_none;
    }
}

/* Numba's typeof of a Python value: an int is int64, or uint64 from 2**63. */
static bool type_value(FuncCtx *ctx, Node *node, PyValue v)
{
    const Type *type;
    ConstValue c;
    if (v.kind == PY_FLOAT) {
        type = &type_float64_t;
        c = (ConstValue){.kind = CONST_FLOAT, .f = v.f};
    } else if (v.kind == PY_COMPLEX) {
        type = &type_complex128_t;
        c = (ConstValue){.kind = CONST_COMPLEX, .c = {v.f, v.im}};
    } else if (v.kind == PY_BOOL) {
        type = &type_bool_t;
        c = (ConstValue){.kind = CONST_BOOL, .b = v.i != 0};
    } else if (v.i >= INT64_MIN && v.i <= INT64_MAX) {
        type = &type_int64_t;
        c = (ConstValue){.kind = CONST_INT, .i = (int64_t)v.i};
    } else if (v.i >= 0 && v.i <= (Int)UINT64_MAX) {
        type = &type_uint64_t;
        c = (ConstValue){.kind = CONST_INT, .i = (int64_t)(uint64_t)v.i};
    } else {
        sema_report(ctx, node->span, "this constant is too large for int64 and uint64");
        return false;
    }
    node->type = type;
    node->konst = c;
    return true;
}

/* Folds an operator node the way Python would; true if it did (the node is
 * then typed and constant, and Numba's typing does not apply). Called on a
 * node before its operands are typed, so the outermost constant expression
 * is folded whole, as CPython does: 2 ** 64 - 1 is a uint64 even though
 * 2 ** 64 alone fits no Numba type. The operands then stay untyped: nothing
 * evaluates them. */
bool sema_python_fold(FuncCtx *ctx, Node *node, bool *failed)
{
    *failed = false;
    PyValue v = python_value(ctx, node);
    if (v.kind == PY_NONE) {
        if (!ctx->func && node->kind == NODE_BINOP && python_value(ctx, node->binop.left).kind != PY_NONE &&
            python_value(ctx, node->binop.right).kind != PY_NONE) {
            sema_report(ctx, node->span, "Python cannot compute this constant (division by zero, "
                        "a negative shift, or a result too large)");
            *failed = true;
        }
        return false;
    }
    *failed = !type_value(ctx, node, v);
    return true;
}
