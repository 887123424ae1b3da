/* NumPy's dtypes for the module-constant evaluator (np_eval.h): their
 * spellings, NumPy 2's promotion (np.promote_types, and NEP 50's weak
 * Python scalars), and the cast of one element, each as NumPy 2 does it.
 * A dtype is one of pykc's scalar types; complex, records, long double
 * and byte-swapped dtypes are reported, not approximated. */
#include "np_eval.h"

#include <math.h>
#include <string.h>

const char *np_dtype_name(const Type *t)
{
    return t->kind == TYPE_BOOL ? "bool" : t->name;
}

static bool is_float(const Type *t) { return t->kind == TYPE_FLOAT; }
static bool is_int(const Type *t) { return t->kind == TYPE_INT; }

/* The narrowest float that holds every value of an integer type, as
 * NumPy's casting table has it (int8 fits float16, int16 float32). */
static const Type *float_for_int(const Type *t)
{
    return t->bits <= 8 ? &type_float16_t : t->bits <= 16 ? &type_float32_t : &type_float64_t;
}

/* np.promote_types over bool, the integers and the floats. */
const Type *np_promote(const Type *a, const Type *b)
{
    if (a == b || b->kind == TYPE_BOOL)
        return a;
    if (a->kind == TYPE_BOOL)
        return b;
    if (is_float(a) && is_float(b))
        return a->bits >= b->bits ? a : b;
    if (is_float(a) || is_float(b)) {
        const Type *f = is_float(a) ? a : b, *i = is_float(a) ? b : a;
        const Type *need = float_for_int(i);
        return need->bits > f->bits ? need : f;
    }
    if (a->is_signed == b->is_signed)
        return a->bits >= b->bits ? a : b;
    const Type *s = a->is_signed ? a : b, *u = a->is_signed ? b : a;
    if (s->bits > u->bits)
        return s;
    return u->bits < 64 ? type_int(u->bits * 2, true) : &type_float64_t;
}

bool np_is_python_scalar(const NpVal *v)
{
    return v->kind == NPV_INT || v->kind == NPV_FLOAT;
}

/* NEP 50: arrays, NumPy scalars and Python bools fix the dtype; a Python
 * int then takes an integer's dtype (bool becomes int64), a Python float
 * a float's (an integer or bool becomes float64). */
const Type *np_result_type(const NpVal *ops, int count)
{
    const Type *strong = NULL;
    bool weak_int = false, weak_float = false;
    for (int i = 0; i < count; i++) {
        const NpVal *v = &ops[i];
        const Type *t = v->kind == NPV_ARRAY ? v->arr->dtype : v->kind == NPV_SCALAR ? v->dtype
                      : v->kind == NPV_BOOL ? &type_bool_t : NULL;
        if (t)
            strong = strong ? np_promote(strong, t) : t;
        weak_int |= v->kind == NPV_INT;
        weak_float |= v->kind == NPV_FLOAT;
    }
    if (!strong)
        return NULL;
    if (weak_int && strong->kind == TYPE_BOOL)
        strong = &type_int64_t;
    if (weak_float && !is_float(strong))
        strong = &type_float64_t;
    return strong;
}

const Type *np_discover_dtype(const NpVal *v)
{
    switch (v->kind) {
    case NPV_INT: return v->wide ? &type_uint64_t : &type_int64_t;
    case NPV_FLOAT: return &type_float64_t;
    case NPV_BOOL: return &type_bool_t;
    case NPV_SCALAR: return v->dtype;
    default: return NULL;
    }
}

/* ---- float16 ------------------------------------------------------------ */

/* Round to the float16 grid: the spacing of binary16 at v's binade (2**-24
 * below the normal range), nearbyint's ties to even; past the largest
 * finite value, infinity. */
double np_round_half(double v)
{
    if (isnan(v) || isinf(v) || v == 0.0)
        return v;
    int e;
    frexp(v, &e);                       /* |v| in [2**(e-1), 2**e) */
    int exp = e - 1 < -14 ? -14 : e - 1;
    double quantum = ldexp(1.0, exp - 10);
    double r = nearbyint(v / quantum) * quantum;
    return fabs(r) > 65504.0 ? copysign(INFINITY, v) : r;
}

uint16_t np_half_bits(double v)
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    double a = fabs(v);
    if (isnan(v))
        return (uint16_t)(sign | 0x7e00);
    if (isinf(a))
        return (uint16_t)(sign | 0x7c00);
    if (a < ldexp(1.0, -14))            /* subnormal (or zero): units of 2**-24 */
        return (uint16_t)(sign | (uint16_t)ldexp(a, 24));
    int e;
    double m = frexp(a, &e);            /* a = m * 2**e, m in [0.5, 1) */
    uint16_t exp = (uint16_t)(e - 1 + 15);
    uint16_t frac = (uint16_t)((m * 2.0 - 1.0) * 1024.0);
    return (uint16_t)(sign | exp << 10 | frac);
}

/* ---- casts -------------------------------------------------------------- */

static double as_double(ConstValue v, const Type *from)
{
    if (from->kind == TYPE_BOOL)
        return v.b ? 1.0 : 0.0;
    if (is_float(from))
        return v.f;
    return from->is_signed ? (double)v.i : (double)(uint64_t)v.i;
}

static ConstValue float_value(double d, const Type *to)
{
    double r = to->bits == 64 ? d : to->bits == 32 ? (double)(float)d : np_round_half(d);
    return (ConstValue){.kind = CONST_FLOAT, .f = r};
}

/* The low bits of x as integer type t (C's conversion between integers). */
static ConstValue int_value(uint64_t x, const Type *t)
{
    if (t->bits < 64) {
        uint64_t mask = (UINT64_C(1) << t->bits) - 1;
        x &= mask;
        if (t->is_signed && (x >> (t->bits - 1)) & 1)
            x |= ~mask;
    }
    return (ConstValue){.kind = CONST_INT, .i = (int64_t)x};
}

/* A float truncated to integer type t, when C defines it (in range). */
static bool float_to_int(NpCtx *ctx, double d, const Type *t, ConstValue *out, NpVal *err)
{
    double lo = t->is_signed ? -ldexp(1.0, t->bits - 1) : 0.0;
    double hi = t->is_signed ? ldexp(1.0, t->bits - 1) : ldexp(1.0, t->bits);
    double x = trunc(d);
    if (isnan(d) || !(x >= lo && x < hi)) {
        *err = np_error(ctx, "the cast of %g to %s, whose result C leaves undefined (NumPy gives what "
                        "the host's processor gives)", d, np_dtype_name(t));
        return false;
    }
    *out = int_value(t->is_signed ? (uint64_t)(int64_t)x : (uint64_t)x, t);
    return true;
}

bool np_cast(NpCtx *ctx, ConstValue v, const Type *from, const Type *to, ConstValue *out, NpVal *err)
{
    if (type_is_complex(from) || type_is_complex(to)) {   /* complex values are not computed yet */
        *err = np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
        return false;
    }
    if (to->kind == TYPE_BOOL) {
        *out = (ConstValue){.kind = CONST_BOOL, .b = from->kind == TYPE_BOOL ? v.b
                                                    : is_float(from) ? v.f != 0.0 : v.i != 0};
        return true;
    }
    if (is_float(from) && is_int(to))
        return float_to_int(ctx, v.f, to, out, err);
    if (is_int(to)) {
        *out = int_value(from->kind == TYPE_BOOL ? (uint64_t)v.b : (uint64_t)v.i, to);
        return true;
    }
    /* To a float. NumPy casts an integer to float16 through float32. */
    double d = as_double(v, from);
    if (is_int(from) && to->bits == 16)
        d = from->is_signed ? (double)(float)v.i : (double)(float)(uint64_t)v.i;
    else if (is_int(from) && to->bits == 32)
        d = from->is_signed ? (double)(float)v.i : (double)(float)(uint64_t)v.i;
    *out = float_value(d, to);
    return true;
}

/* NumPy 2's setitem of a Python scalar: an int out of the integer type's
 * range raises OverflowError (NEP 50); a float goes through double. */
bool np_from_python(NpCtx *ctx, const NpVal *v, const Type *t, ConstValue *out, NpVal *err)
{
    if (type_is_complex(t) || (v->kind == NPV_SCALAR && type_is_complex(v->dtype))) {
        *err = np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
        return false;
    }
    if (v->kind == NPV_SCALAR)
        return np_cast(ctx, v->num, v->dtype, t, out, err);
    if (v->kind == NPV_BOOL)
        return np_cast(ctx, v->num, &type_bool_t, t, out, err);
    if (v->kind == NPV_FLOAT)
        return np_cast(ctx, v->num, &type_float64_t, t, out, err);
    if (v->kind != NPV_INT) {
        *err = np_error(ctx, "a value that is not a number where NumPy wants one");
        return false;
    }
    if (t->kind == TYPE_BOOL || is_float(t)) {
        ConstValue as_float = {.kind = CONST_FLOAT, .f = v->wide ? (double)(uint64_t)v->num.i : (double)v->num.i};
        return np_cast(ctx, as_float, &type_float64_t, t, out, err);
    }
    bool fits = v->wide ? !t->is_signed && t->bits == 64
              : t->is_signed ? t->bits == 64 || (v->num.i >= -(INT64_C(1) << (t->bits - 1)) &&
                                                 v->num.i < (INT64_C(1) << (t->bits - 1)))
              : v->num.i >= 0 && (t->bits == 64 || v->num.i < (INT64_C(1) << t->bits));
    if (!fits) {
        *err = v->wide ? np_error(ctx, "NumPy raises OverflowError: Python integer %llu out of bounds for %s",
                                  (unsigned long long)v->num.i, np_dtype_name(t))
                       : np_error(ctx, "NumPy raises OverflowError: Python integer %lld out of bounds for %s",
                                  (long long)v->num.i, np_dtype_name(t));
        return false;
    }
    *out = int_value((uint64_t)v->num.i, t);
    return true;
}

/* ---- dtype spellings ---------------------------------------------------- */

static const struct { const char *name; const Type *type; } dtype_names[] = {
    {"bool", &type_bool_t}, {"bool_", &type_bool_t}, {"?", &type_bool_t}, {"b1", &type_bool_t},
    {"int8", &type_int8_t}, {"i1", &type_int8_t}, {"b", &type_int8_t}, {"byte", &type_int8_t},
    {"uint8", &type_uint8_t}, {"u1", &type_uint8_t}, {"B", &type_uint8_t}, {"ubyte", &type_uint8_t},
    {"int16", &type_int16_t}, {"i2", &type_int16_t}, {"h", &type_int16_t}, {"short", &type_int16_t},
    {"uint16", &type_uint16_t}, {"u2", &type_uint16_t}, {"H", &type_uint16_t}, {"ushort", &type_uint16_t},
    {"int32", &type_int32_t}, {"i4", &type_int32_t}, {"i", &type_int32_t}, {"intc", &type_int32_t},
    {"uint32", &type_uint32_t}, {"u4", &type_uint32_t}, {"I", &type_uint32_t}, {"uintc", &type_uint32_t},
    {"int64", &type_int64_t}, {"i8", &type_int64_t}, {"l", &type_int64_t}, {"q", &type_int64_t},
    {"int", &type_int64_t}, {"int_", &type_int64_t}, {"intp", &type_int64_t}, {"p", &type_int64_t},
    {"long", &type_int64_t}, {"longlong", &type_int64_t},
    {"uint64", &type_uint64_t}, {"u8", &type_uint64_t}, {"L", &type_uint64_t}, {"Q", &type_uint64_t},
    {"uint", &type_uint64_t}, {"uintp", &type_uint64_t}, {"P", &type_uint64_t}, {"ulong", &type_uint64_t},
    {"ulonglong", &type_uint64_t},
    {"float16", &type_float16_t}, {"f2", &type_float16_t}, {"e", &type_float16_t}, {"half", &type_float16_t},
    {"float32", &type_float32_t}, {"f4", &type_float32_t}, {"f", &type_float32_t}, {"single", &type_float32_t},
    {"float64", &type_float64_t}, {"f8", &type_float64_t}, {"d", &type_float64_t}, {"float", &type_float64_t},
    {"double", &type_float64_t},
};

static const char *const complex_names[] = {
    "complex64", "c8", "F", "csingle", "complex128", "c16", "D", "complex", "cdouble", NULL,
};

static const Type *dtype_from_string(NpCtx *ctx, Str s, NpVal *err)
{
    if (s.len > 1 && (s.ptr[0] == '<' || s.ptr[0] == '=' || s.ptr[0] == '|'))
        s = (Str){s.ptr + 1, s.len - 1};
    else if (s.len > 1 && s.ptr[0] == '>') {
        *err = np_error(ctx, "a big-endian dtype ('%.*s'), which pykc does not support yet", STR_ARG(s));
        return NULL;
    }
    for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
        if (str_eq_cstr(s, dtype_names[i].name))
            return dtype_names[i].type;
    for (int i = 0; complex_names[i]; i++)
        if (str_eq_cstr(s, complex_names[i])) {
            *err = np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
            return NULL;
        }
    if (memchr(s.ptr, ',', (size_t)s.len)) {
        *err = np_error(ctx, "a NumPy array of records (structured dtypes), which pykc does not support yet");
        return NULL;
    }
    *err = np_error(ctx, "dtype '%.*s', which pykc does not know", STR_ARG(s));
    return NULL;
}

/* A dtype= argument: np.float32, 'float32', 'f4', float, int, bool,
 * np.dtype(...). None gives NULL with no error (the default applies). */
/* A scalar type as a dtype: complex ones are not computed yet. */
static const Type *scalar_dtype(NpCtx *ctx, const Type *t, NpVal *err)
{
    if (t && type_is_complex(t)) {
        *err = np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
        return NULL;
    }
    return t;
}

const Type *np_dtype_of(NpCtx *ctx, const NpVal *v, NpVal *err)
{
    *err = (NpVal){.kind = NPV_NONE};
    switch (v->kind) {
    case NPV_NONE: return NULL;
    case NPV_DTYPE: return scalar_dtype(ctx, v->dtype, err);
    case NPV_STRING: return dtype_from_string(ctx, v->str, err);
    case NPV_FUNC:
        if (v->id == NPF_PY_FLOAT) return &type_float64_t;
        if (v->id == NPF_PY_INT) return &type_int64_t;
        if (v->id == NPF_PY_BOOL) return &type_bool_t;
        if (v->id == NPF_SCALAR_TYPE) return scalar_dtype(ctx, v->dtype, err);
        break;
    case NPV_SEQ:
        *err = np_error(ctx, "a NumPy array of records (structured dtypes), which pykc does not support yet");
        return NULL;
    case NPV_ERROR:
        *err = *v;
        return NULL;
    default:
        break;
    }
    *err = np_error(ctx, "a dtype pykc does not know");
    return NULL;
}
