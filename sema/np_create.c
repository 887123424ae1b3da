/* Calls of the module-constant evaluator (np_eval.h): numpy's array
 * constructors and an array's methods, each computed as NumPy 2 computes
 * it (the sources named are NumPy's): np.array and np.asarray (array
 * coercion), np.arange (PyArray_ArangeObj), np.linspace (function_base.py),
 * np.zeros, np.ones, np.full, np.empty, np.asfortranarray,
 * np.ascontiguousarray, np.copy, np.reshape, np.transpose, np.dtype;
 * a.reshape, a.astype, a.copy, a.transpose; the scalar types
 * (np.float32(x)) and float(), int(), bool(). */
#include "np_eval.h"

#include <math.h>
#include <string.h>

/* Arrays past this size are not computed: constant memory holds 64 KiB,
 * and a module constant that large is host data, not a kernel's table. */
#define NP_MAX_BYTES (16 << 20)

enum { MAX_PARAMS = 8 };

static const char *func_name(NpFunc id)
{
    static const char *const names[] = {
        [NPF_ARRAY] = "np.array", [NPF_ASARRAY] = "np.asarray", [NPF_ARANGE] = "np.arange",
        [NPF_LINSPACE] = "np.linspace", [NPF_ZEROS] = "np.zeros", [NPF_ONES] = "np.ones",
        [NPF_FULL] = "np.full", [NPF_EMPTY] = "np.empty", [NPF_ASFORTRANARRAY] = "np.asfortranarray",
        [NPF_ASCONTIGUOUSARRAY] = "np.ascontiguousarray", [NPF_DTYPE] = "np.dtype",
        [NPF_COPY] = "copy", [NPF_RESHAPE] = "reshape", [NPF_ASTYPE] = "astype",
        [NPF_TRANSPOSE] = "transpose", [NPF_PY_FLOAT] = "float", [NPF_PY_INT] = "int",
        [NPF_PY_BOOL] = "bool", [NPF_SCALAR_TYPE] = "a scalar type",
    };
    return names[id];
}

/* The call's arguments bound to `params` (NULL-terminated), the first
 * `positional` of them by position; an absent one is NPV_NONE. Keywords
 * NumPy has but pykc does not compute are refused by name. */
static bool bind_args(NpCtx *ctx, const Node *call, const char *name, const char *const *params,
                      int positional, NpVal *out, NpVal *err)
{
    int count = 0;
    while (params[count])
        count++;
    for (int i = 0; i < count; i++)
        out[i] = (NpVal){.kind = NPV_NONE};
    const NodeList *args = &call->call.args;
    if (args->count > positional) {
        *err = np_error(ctx, "%s() with %d positional arguments, which pykc does not compute", name, args->count);
        return false;
    }
    for (int i = 0; i < args->count; i++) {
        if (args->items[i]->kind == NODE_STARRED) {
            *err = np_error(ctx, "a starred argument of %s(), which pykc does not compute", name);
            return false;
        }
        out[i] = np_eval(ctx, args->items[i]);
    }
    for (int k = 0; k < call->call.keywords.count; k++) {
        const Node *kw = call->call.keywords.items[k];
        int i = 0;
        while (i < count && !str_eq_cstr(kw->keyword.name, params[i]))
            i++;
        if (i == count) {
            *err = np_error(ctx, "keyword '%.*s' of %s(), which pykc does not compute", STR_ARG(kw->keyword.name), name);
            return false;
        }
        out[i] = np_eval(ctx, kw->keyword.value);
    }
    for (int i = 0; i < count; i++)
        if (out[i].kind == NPV_ERROR) {
            *err = out[i];
            return false;
        }
    return true;
}

static bool as_index(const NpVal *v, int64_t *out)
{
    if (v->kind == NPV_INT && !v->wide)
        return *out = v->num.i, true;
    if (v->kind == NPV_SCALAR && v->dtype->kind == TYPE_INT && (v->dtype->is_signed || v->num.i >= 0))
        return *out = v->num.i, true;
    return false;
}

/* A shape: an integer or a sequence of them (operator.index each). */
static bool as_shape(NpCtx *ctx, const NpVal *v, int64_t *shape, int *ndim, NpVal *err)
{
    const NpVal *items = v->kind == NPV_SEQ ? v->items : v;
    int count = v->kind == NPV_SEQ ? v->count : 1;
    if (count > NP_MAX_NDIM) {
        *err = np_error(ctx, "an array of %d dimensions (pykc stops at %d)", count, NP_MAX_NDIM);
        return false;
    }
    for (int k = 0; k < count; k++) {
        if (!as_index(&items[k], &shape[k])) {
            *err = np_error(ctx, "a shape that is not integers");
            return false;
        }
        if (shape[k] < 0) {
            *err = np_error(ctx, "NumPy raises ValueError: negative dimensions are not allowed");
            return false;
        }
    }
    *ndim = count;
    return true;
}

/* A new zeroed array, or NULL with the reason when it is too large. */
static NpArr *new_array(NpCtx *ctx, const Type *dtype, int ndim, const int64_t *shape, bool fortran, NpVal *err)
{
    int64_t bytes = type_store_size(dtype);
    for (int k = 0; k < ndim; k++)
        if (shape[k] && __builtin_mul_overflow(bytes, shape[k], &bytes))
            bytes = INT64_MAX;
    if (bytes > NP_MAX_BYTES) {
        *err = np_error(ctx, "an array of more than %d MiB, which pykc does not compute", NP_MAX_BYTES >> 20);
        return NULL;
    }
    return np_arr_new(ctx, dtype, ndim, shape, fortran);
}

static bool order_of(NpCtx *ctx, const NpVal *v, char dflt, char *order, NpVal *err)
{
    *order = dflt;
    if (v->kind == NPV_NONE)
        return true;
    if (v->kind == NPV_STRING && v->str.len == 1 && strchr("CFAK", v->str.ptr[0]))
        return *order = v->str.ptr[0], true;
    *err = np_error(ctx, "an order that is not 'C', 'F', 'A' or 'K'");
    return false;
}

static NpVal array_value(NpArr *a) { return (NpVal){.kind = NPV_ARRAY, .arr = a}; }

/* ---- np.array: array coercion ------------------------------------------- */

typedef struct Discovery {
    int ndim;                       /* fixed by the first leaf, -1 before */
    int64_t shape[NP_MAX_NDIM];     /* -1 where no sequence said yet */
    const Type *dtype;
    bool ragged, too_deep;
} Discovery;

/* Where a leaf (a scalar, an array, an empty sequence) ends the nesting:
 * every leaf must end it at one depth, with the same extents on the way. */
static void discover_leaf(Discovery *d, int ndim, const int64_t *shape, int depth)
{
    if (ndim > NP_MAX_NDIM)
        return (void)(d->too_deep = true);
    if (d->ndim < 0)
        d->ndim = ndim;
    d->ragged |= d->ndim != ndim;
    for (int k = depth; k < ndim && k < d->ndim; k++) {
        if (d->shape[k] < 0)
            d->shape[k] = shape[k - depth];
        d->ragged |= d->shape[k] != shape[k - depth];
    }
}

/* The shape and dtype of nested sequences (NumPy's array coercion): each
 * sequence at one depth has one length; scalars' discovered dtypes
 * promote; an array inside stands for its elements. */
static void discover(NpCtx *ctx, const NpVal *v, int depth, Discovery *d, NpVal *err)
{
    if (v->kind == NPV_SEQ) {
        if (depth >= NP_MAX_NDIM)
            return (void)(d->too_deep = true);
        if (d->ndim >= 0 && depth >= d->ndim)
            return (void)(d->ragged = true);
        if (d->shape[depth] < 0)
            d->shape[depth] = v->count;
        d->ragged |= d->shape[depth] != v->count;
        if (v->count == 0)
            discover_leaf(d, depth + 1, NULL, depth + 1);
        for (int i = 0; i < v->count; i++)
            discover(ctx, &v->items[i], depth + 1, d, err);
        return;
    }
    const Type *t = v->kind == NPV_ARRAY ? v->arr->dtype : np_discover_dtype(v);
    if (!t) {
        if (err->kind == NPV_NONE)
            *err = v->kind == NPV_ERROR ? *v : np_error(ctx, "an element that is not a number");
        return;
    }
    if (v->kind == NPV_ARRAY)
        discover_leaf(d, depth + v->arr->ndim, v->arr->shape, depth);
    else
        discover_leaf(d, depth, NULL, depth);
    d->dtype = d->dtype ? np_promote(d->dtype, t) : t;
}

/* Store the leaves of v at index[0..depth) onwards. */
static bool fill_from(NpCtx *ctx, NpArr *a, const NpVal *v, int64_t *index, int depth, NpVal *err)
{
    if (v->kind == NPV_SEQ) {
        for (int i = 0; i < v->count; i++) {
            index[depth] = i;
            if (!fill_from(ctx, a, &v->items[i], index, depth + 1, err))
                return false;
        }
        return true;
    }
    if (v->kind == NPV_ARRAY) {
        int64_t inner[NP_MAX_NDIM], size = np_arr_size(v->arr);
        for (int64_t k = 0; k < size; k++) {
            np_index_of(v->arr, k, inner);
            memcpy(index + depth, inner, sizeof *inner * (size_t)v->arr->ndim);
            ConstValue c;
            if (!np_cast(ctx, np_arr_get(v->arr, inner), v->arr->dtype, a->dtype, &c, err))
                return false;
            np_arr_set(a, index, c);
        }
        return true;
    }
    ConstValue c;
    if (!np_from_python(ctx, v, a->dtype, &c, err))
        return false;
    np_arr_set(a, index, c);
    return true;
}

static NpVal from_sequence(NpCtx *ctx, const NpVal *obj, const Type *dtype, char order, NpVal *err)
{
    Discovery d = {.ndim = -1};
    for (int k = 0; k < NP_MAX_NDIM; k++)
        d.shape[k] = -1;
    *err = (NpVal){.kind = NPV_NONE};
    discover(ctx, obj, 0, &d, err);
    if (err->kind == NPV_ERROR)
        return *err;
    if (d.too_deep)
        return np_error(ctx, "an array of more than %d dimensions (pykc stops at %d)", NP_MAX_NDIM, NP_MAX_NDIM);
    if (d.ndim < 0)
        d.ndim = 0;
    if (d.ragged)
        return np_error(ctx, "NumPy raises ValueError: setting an array element with a sequence "
                        "(the nested sequences have an inhomogeneous shape)");
    for (int k = 0; k < d.ndim; k++)
        if (d.shape[k] < 0)
            d.shape[k] = 0;
    NpArr *a = new_array(ctx, dtype ? dtype : d.dtype ? d.dtype : &type_float64_t, d.ndim, d.shape,
                         order == 'F', err);
    if (!a)
        return *err;
    int64_t index[NP_MAX_NDIM] = {0};
    if (np_arr_size(a) > 0 && !fill_from(ctx, a, obj, index, 0, err))
        return *err;
    return array_value(a);
}

/* np.array(object, dtype=None, *, copy=True, order='K', ndmin=0) */
static NpVal make_array(NpCtx *ctx, NpVal obj, const Type *dtype, char order, int64_t ndmin)
{
    NpVal err, v;
    if (obj.kind == NPV_ARRAY)
        v = np_arr_astype(ctx, obj.arr, dtype ? dtype : obj.arr->dtype, order);
    else
        v = from_sequence(ctx, &obj, dtype, order, &err);
    if (v.kind != NPV_ARRAY || v.arr->ndim >= ndmin)
        return v;
    if (ndmin > NP_MAX_NDIM)
        return np_error(ctx, "ndmin=%lld (pykc stops at %d dimensions)", (long long)ndmin, NP_MAX_NDIM);
    int64_t shape[NP_MAX_NDIM];
    int pad = (int)ndmin - v.arr->ndim;
    for (int k = 0; k < (int)ndmin; k++)
        shape[k] = k < pad ? 1 : v.arr->shape[k - pad];
    return np_arr_reshape(ctx, v.arr, shape, (int)ndmin);
}

static NpVal call_array(NpCtx *ctx, const Node *call, NpFunc id)
{
    static const char *const params[] = {"object", "dtype", "copy", "order", "ndmin", NULL};
    NpVal a[5], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, func_name(id), params, 2, a, &err))
        return err;
    const Type *dtype = np_dtype_of(ctx, &a[1], &err);
    char order;
    int64_t ndmin = 0;
    if (err.kind == NPV_ERROR || !order_of(ctx, &a[3], 'K', &order, &err))
        return err;
    if (a[2].kind == NPV_BOOL && !a[2].num.b && id == NPF_ARRAY)
        return np_error(ctx, "np.array(..., copy=False), which raises unless no copy is needed");
    if (a[4].kind != NPV_NONE && !as_index(&a[4], &ndmin))
        return np_error(ctx, "an ndmin that is not an integer");
    return make_array(ctx, a[0], dtype, order, ndmin);
}

/* np.asfortranarray(a, dtype=None), np.ascontiguousarray(a, dtype=None):
 * np.array(a, dtype, order, copy=False-ish, ndmin=1). */
static NpVal call_as_order(NpCtx *ctx, const Node *call, NpFunc id)
{
    static const char *const params[] = {"a", "dtype", NULL};
    NpVal a[2], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, func_name(id), params, 2, a, &err))
        return err;
    const Type *dtype = np_dtype_of(ctx, &a[1], &err);
    if (err.kind == NPV_ERROR)
        return err;
    bool fortran = id == NPF_ASFORTRANARRAY;
    if (a[0].kind == NPV_ARRAY && (!dtype || dtype == a[0].arr->dtype) && a[0].arr->ndim >= 1 &&
        (fortran ? np_arr_f_contiguous(a[0].arr) : np_arr_c_contiguous(a[0].arr)))
        return a[0];
    return make_array(ctx, a[0], dtype, fortran ? 'F' : 'C', 1);
}

/* ---- np.zeros, np.ones, np.empty, np.full ------------------------------- */

static NpVal call_filled(NpCtx *ctx, const Node *call, NpFunc id)
{
    static const char *const plain[] = {"shape", "dtype", "order", NULL};
    static const char *const full[] = {"shape", "fill_value", "dtype", "order", NULL};
    bool is_full = id == NPF_FULL;
    NpVal a[4], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, func_name(id), is_full ? full : plain, is_full ? 4 : 3, a, &err))
        return err;
    NpVal *dtype_arg = &a[is_full ? 2 : 1], *order_arg = &a[is_full ? 3 : 2];
    NpVal fill = is_full ? a[1] : (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = id == NPF_ONES}};
    const Type *dtype = np_dtype_of(ctx, dtype_arg, &err);
    int64_t shape[NP_MAX_NDIM];
    int ndim;
    char order;
    if (err.kind == NPV_ERROR || !as_shape(ctx, &a[0], shape, &ndim, &err) || !order_of(ctx, order_arg, 'C', &order, &err))
        return err;
    if (!dtype)
        dtype = is_full ? np_discover_dtype(&fill) : &type_float64_t;
    if (!dtype)
        return np_error(ctx, "np.full() with a fill value that is not a number");
    NpArr *arr = new_array(ctx, dtype, ndim, shape, order == 'F', &err);
    if (!arr)
        return err;
    if (id == NPF_EMPTY && np_arr_size(arr) > 0)
        return np_error(ctx, "np.empty() leaves its elements undefined (whatever the memory held)");
    ConstValue c;
    if (!np_from_python(ctx, &fill, dtype, &c, &err))
        return err;
    int64_t index[NP_MAX_NDIM], size = np_arr_size(arr);
    for (int64_t k = 0; k < size; k++) {
        np_index_of(arr, k, index);
        np_arr_set(arr, index, c);
    }
    return array_value(arr);
}

/* ---- np.arange ---------------------------------------------------------- */

static bool is_scalar_number(const NpVal *v)
{
    return v->kind == NPV_INT || v->kind == NPV_FLOAT || v->kind == NPV_BOOL || v->kind == NPV_SCALAR;
}

static double as_double(const NpVal *v)
{
    const Type *t = np_discover_dtype(v);
    if (v->kind == NPV_INT && v->wide)
        return (double)(uint64_t)v->num.i;
    return t->kind == TYPE_BOOL ? v->num.b : t->kind == TYPE_FLOAT ? v->num.f
         : t->is_signed ? (double)v->num.i : (double)(uint64_t)v->num.i;
}

/* len = ceil((stop - start) / step), computed with Python's (or NumPy
 * scalars') arithmetic (_calc_length). */
static bool arange_length(NpCtx *ctx, const NpVal *start, const NpVal *stop, const NpVal *step,
                          int64_t *len, NpVal *err)
{
    NpVal delta = np_binop(ctx, BINOP_SUB, *stop, *start);
    NpVal val = np_binop(ctx, BINOP_TRUEDIV, delta, *step);
    if (val.kind == NPV_ERROR)
        return *err = val, false;
    double d = as_double(&delta), q = as_double(&val);
    if (q == 0.0 && d != 0.0)
        return *len = signbit(q) ? 0 : 1, true;
    double c = ceil(q);
    if (isnan(c))
        return *err = np_error(ctx, "NumPy raises ValueError: arange: cannot compute length"), false;
    if (!(c >= -9.2e18 && c <= 9.2e18))
        return *err = np_error(ctx, "NumPy raises ValueError: Maximum allowed size exceeded"), false;
    *len = c > 0 ? (int64_t)c : 0;
    return true;
}

/* The dtype's fill function: start + i*delta in the dtype's own C
 * arithmetic (float16 in float), delta being element 1 minus element 0. */
static void arange_fill(NpArr *a, int64_t len)
{
    int64_t i0 = 0, i1 = 1, index;
    ConstValue s = np_arr_get(a, &i0), n = np_arr_get(a, &i1);
    const Type *t = a->dtype;
    for (index = 2; index < len; index++) {
        ConstValue v = {.kind = t->kind == TYPE_FLOAT ? CONST_FLOAT : CONST_INT};
        if (t->kind == TYPE_INT) {
            uint64_t delta = (uint64_t)n.i - (uint64_t)s.i;
            v.i = (int64_t)((uint64_t)s.i + (uint64_t)index * delta);
            NpVal unused;
            np_cast(NULL, v, &type_uint64_t, t, &v, &unused);
        } else if (t->bits == 64) {
            v.f = s.f + (double)index * (n.f - s.f);
        } else {
            float fs = (float)s.f, fd = (float)n.f - fs;
            v.f = fs + (float)index * fd;
        }
        np_arr_set(a, &index, v);
    }
}

static NpVal call_arange(NpCtx *ctx, const Node *call)
{
    static const char *const params[] = {"start", "stop", "step", "dtype", NULL};
    NpVal a[4], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, "np.arange", params, 4, a, &err))
        return err;
    const Type *dtype = np_dtype_of(ctx, &a[3], &err);
    if (err.kind == NPV_ERROR)
        return err;
    for (int i = 0; i < 3; i++)
        if (a[i].kind != NPV_NONE && !is_scalar_number(&a[i]))
            return np_error(ctx, "np.arange() of a value that is not a number");
    if (a[0].kind == NPV_NONE)
        return np_error(ctx, "NumPy raises TypeError: arange() requires stop to be specified");
    if (!dtype) {
        dtype = &type_int64_t;    /* "intentionally made to be at least NPY_LONG" */
        for (int i = 0; i < 3; i++)
            if (a[i].kind != NPV_NONE)
                dtype = np_promote(dtype, np_discover_dtype(&a[i]));
    }
    NpVal start = a[0], stop = a[1], step = a[2];
    if (step.kind == NPV_NONE)
        step = (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = 1}};
    if (stop.kind == NPV_NONE)
        stop = start, start = (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = 0}};
    int64_t len;
    if (!arange_length(ctx, &start, &stop, &step, &len, &err))
        return err;
    if (dtype->kind == TYPE_BOOL && len > 2)
        return np_error(ctx, "NumPy raises TypeError: arange() is only supported for booleans when the result "
                        "has at most length 2.");
    NpArr *arr = new_array(ctx, dtype, 1, &len, false, &err);
    if (!arr)
        return err;
    NpVal next = np_binop(ctx, BINOP_ADD, start, step);
    ConstValue c;
    int64_t zero = 0, one = 1;
    if (len >= 1 && !np_from_python(ctx, &start, dtype, &c, &err))
        return err;
    if (len >= 1)
        np_arr_set(arr, &zero, c);
    if (len >= 2 && (next.kind == NPV_ERROR || !np_from_python(ctx, &next, dtype, &c, &err)))
        return next.kind == NPV_ERROR ? next : err;
    if (len >= 2)
        np_arr_set(arr, &one, c);
    arange_fill(arr, len);
    return array_value(arr);
}

/* ---- np.linspace -------------------------------------------------------- */

/* A Python scalar as the 0-d array np.asarray makes of it. */
static NpVal strong(NpCtx *ctx, NpVal v)
{
    const Type *t = np_discover_dtype(&v);
    if (v.kind == NPV_SCALAR || !t)
        return v;
    NpVal unused;
    ConstValue c;
    np_from_python(ctx, &v, t, &c, &unused);
    return (NpVal){.kind = NPV_SCALAR, .dtype = t, .num = c};
}

static NpVal scalar_as(NpCtx *ctx, NpVal v, const Type *t)
{
    ConstValue c;
    NpVal err;
    if (!np_from_python(ctx, &v, t, &c, &err))
        return err;
    return (NpVal){.kind = NPV_SCALAR, .dtype = t, .num = c};
}

/* y = arange(0, num) * step + start, as linspace computes it in dt (the
 * inexact result type of start and stop), stop stored last, then cast. */
static NpVal linspace_values(NpCtx *ctx, NpVal start, NpVal stop, int64_t num, bool endpoint, const Type *dtype)
{
    NpVal ends[2] = {start, stop};
    const Type *dt = np_result_type(ends, 2);
    dt = !dt ? &type_float64_t : dt->kind != TYPE_FLOAT ? np_promote(dt, &type_float64_t) : dt;
    if (np_is_python_scalar(&start) && np_is_python_scalar(&stop))
        start = strong(ctx, start), stop = strong(ctx, stop);   /* all Python scalars: as_arrays converts them */
    int64_t div = endpoint ? num - 1 : num;
    NpVal delta = np_binop(ctx, BINOP_SUB, scalar_as(ctx, stop, dt), scalar_as(ctx, start, dt));
    NpVal y = {.kind = NPV_ARRAY, .arr = np_arr_new(ctx, dt, 1, &num, false)};   /* arange(0, num, dtype=dt) */
    for (int64_t i = 0; i < num && i < 2; i++)
        np_arr_set(y.arr, &i, (ConstValue){.kind = CONST_FLOAT, .f = (double)i});
    arange_fill(y.arr, num);
    NpVal divisor = {.kind = NPV_INT, .num = {.kind = CONST_INT, .i = div}};
    if (div > 0) {
        NpVal step = np_binop(ctx, BINOP_TRUEDIV, delta, divisor);
        if (step.kind == NPV_SCALAR && step.num.f == 0.0)
            y = np_binop(ctx, BINOP_MUL, np_binop(ctx, BINOP_TRUEDIV, y, divisor), delta);
        else
            y = np_binop(ctx, BINOP_MUL, y, step);
    } else {
        y = np_binop(ctx, BINOP_MUL, y, delta);
    }
    y = np_binop(ctx, BINOP_ADD, y, start);
    if (y.kind != NPV_ARRAY)
        return y;
    NpVal in_place = np_arr_astype(ctx, y.arr, dt, 'K');   /* y += start keeps y's dtype */
    if (in_place.kind == NPV_ARRAY && endpoint && num > 1) {
        NpVal last = scalar_as(ctx, stop, dt);
        int64_t at = num - 1;
        if (last.kind == NPV_ERROR)
            return last;
        np_arr_set(in_place.arr, &at, last.num);
    }
    if (in_place.kind != NPV_ARRAY || !dtype)
        return in_place;
    if (dtype->kind == TYPE_INT)
        for (int64_t i = 0; i < num; i++)
            np_arr_set(in_place.arr, &i, (ConstValue){.kind = CONST_FLOAT, .f = floor(np_arr_get(in_place.arr, &i).f)});
    return np_arr_astype(ctx, in_place.arr, dtype, 'K');
}

static NpVal call_linspace(NpCtx *ctx, const Node *call)
{
    static const char *const params[] = {"start", "stop", "num", "endpoint", "retstep", "dtype", "axis", NULL};
    NpVal a[7], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, "np.linspace", params, 7, a, &err))
        return err;
    const Type *dtype = np_dtype_of(ctx, &a[5], &err);
    int64_t num = 50, axis = 0;
    if (err.kind == NPV_ERROR)
        return err;
    if (!is_scalar_number(&a[0]) || !is_scalar_number(&a[1]))
        return np_error(ctx, "np.linspace() between arrays, which pykc does not compute yet");
    if ((a[2].kind != NPV_NONE && !as_index(&a[2], &num)) || (a[6].kind != NPV_NONE && !as_index(&a[6], &axis)))
        return np_error(ctx, "np.linspace() with a num or axis that is not an integer");
    if (num < 0)
        return np_error(ctx, "NumPy raises ValueError: Number of samples, %lld, must be non-negative.", (long long)num);
    if (a[4].kind != NPV_NONE && !(a[4].kind == NPV_BOOL && !a[4].num.b))
        return np_error(ctx, "np.linspace(..., retstep=True), a tuple rather than an array");
    if (axis != 0)
        return np_error(ctx, "NumPy raises AxisError: linspace of scalars has only axis 0");
    bool endpoint = a[3].kind == NPV_NONE || (a[3].kind == NPV_BOOL ? a[3].num.b : as_double(&a[3]) != 0.0);
    if (num * 8 > NP_MAX_BYTES)
        return np_error(ctx, "an array of more than %d MiB, which pykc does not compute", NP_MAX_BYTES >> 20);
    return linspace_values(ctx, a[0], a[1], num, endpoint, dtype);
}

/* ---- methods and the smaller functions ---------------------------------- */

/* a.reshape(2, 3), a.reshape((2, 3)), np.reshape(a, (2, 3)) */
static NpVal reshape(NpCtx *ctx, NpArr *a, const NpVal *args, int count, const NpVal *order)
{
    NpVal shape_arg = count == 1 ? args[0] : (NpVal){.kind = NPV_SEQ, .items = (NpVal *)args, .count = count};
    int64_t shape[NP_MAX_NDIM];
    int ndim = 0;
    const NpVal *items = shape_arg.kind == NPV_SEQ ? shape_arg.items : &shape_arg;
    int n = shape_arg.kind == NPV_SEQ ? shape_arg.count : 1;
    if (n > NP_MAX_NDIM)
        return np_error(ctx, "an array of %d dimensions (pykc stops at %d)", n, NP_MAX_NDIM);
    for (; ndim < n; ndim++)
        if (!as_index(&items[ndim], &shape[ndim]))
            return np_error(ctx, "a shape that is not integers");
    if (order->kind != NPV_NONE && !(order->kind == NPV_STRING && str_eq_cstr(order->str, "C")))
        return np_error(ctx, "reshape() in an order other than 'C', which pykc does not compute yet");
    return np_arr_reshape(ctx, a, shape, ndim);
}

static NpVal call_method(NpCtx *ctx, const Node *call, NpVal callee)
{
    NpVal a[3], err = {.kind = NPV_NONE};
    if (callee.id == NPF_RESHAPE) {
        static const char *const params[] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "order", NULL};
        NpVal s[9];
        if (!bind_args(ctx, call, "reshape", params, 8, s, &err))
            return err;
        int count = call->call.args.count;
        return reshape(ctx, callee.arr, s, count, &s[8]);
    }
    if (callee.id == NPF_TRANSPOSE) {
        static const char *const params[] = {NULL};
        return bind_args(ctx, call, "transpose", params, 0, a, &err) ? array_value(np_arr_transpose(ctx, callee.arr))
                                                                      : err;
    }
    static const char *const params[] = {"dtype", "order", NULL};
    bool astype = callee.id == NPF_ASTYPE;
    if (!bind_args(ctx, call, astype ? "astype" : "copy", astype ? params : params + 1, astype ? 2 : 1, a, &err))
        return err;
    const Type *dtype = astype ? np_dtype_of(ctx, &a[0], &err) : callee.arr->dtype;
    char order;
    if (err.kind == NPV_ERROR || !order_of(ctx, &a[astype ? 1 : 0], astype ? 'K' : 'C', &order, &err))
        return err;
    if (!dtype)
        return np_error(ctx, "astype() without a dtype");
    return np_arr_astype(ctx, callee.arr, dtype, order);
}

/* np.copy(a, order='K'), np.reshape(a, shape, order='C'), np.transpose(a) */
static NpVal call_function_of_array(NpCtx *ctx, const Node *call, NpFunc id)
{
    static const char *const copy[] = {"a", "order", NULL};
    static const char *const reshaped[] = {"a", "shape", "order", NULL};
    static const char *const transposed[] = {"a", "axes", NULL};
    const char *const *params = id == NPF_COPY ? copy : id == NPF_RESHAPE ? reshaped : transposed;
    NpVal a[3], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, func_name(id), params, id == NPF_RESHAPE ? 3 : 2, a, &err))
        return err;
    NpVal arr = a[0].kind == NPV_ARRAY ? a[0] : make_array(ctx, a[0], NULL, 'K', 0);
    if (arr.kind != NPV_ARRAY)
        return arr;
    if (id == NPF_RESHAPE)
        return reshape(ctx, arr.arr, &a[1], 1, &a[2]);
    if (id == NPF_TRANSPOSE)
        return a[1].kind == NPV_NONE ? array_value(np_arr_transpose(ctx, arr.arr))
                                     : np_error(ctx, "np.transpose() with axes, which pykc does not compute yet");
    char order;
    if (!order_of(ctx, &a[1], 'K', &order, &err))
        return err;
    return np_arr_astype(ctx, arr.arr, arr.arr->dtype, order);
}

/* np.float32(x), float(x), int(x), bool(x); np.float32([..]) is an array */
static NpVal call_scalar_type(NpCtx *ctx, const Node *call, NpVal callee)
{
    static const char *const params[] = {"x", NULL};
    NpVal a[1], err = {.kind = NPV_NONE};
    if (!bind_args(ctx, call, func_name(callee.id), params, 1, a, &err))
        return err;
    NpVal x = a[0].kind == NPV_NONE ? (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT}} : a[0];
    if (callee.id == NPF_SCALAR_TYPE && (x.kind == NPV_SEQ || x.kind == NPV_ARRAY))
        return make_array(ctx, x, callee.dtype, 'K', 0);
    if (!is_scalar_number(&x))
        return np_error(ctx, "%s of a value that is not a number", np_source(ctx, call));
    if (callee.id == NPF_SCALAR_TYPE)
        return scalar_as(ctx, x, callee.dtype);
    if (callee.id == NPF_PY_FLOAT)
        return (NpVal){.kind = NPV_FLOAT, .num = {.kind = CONST_FLOAT, .f = as_double(&x)}};
    if (callee.id == NPF_PY_BOOL) {
        ConstValue c;
        np_from_python(ctx, &x, &type_bool_t, &c, &err);
        return (NpVal){.kind = NPV_BOOL, .num = c};
    }
    const Type *t = np_discover_dtype(&x);
    if (t->kind != TYPE_FLOAT)
        return (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = t->kind == TYPE_BOOL ? x.num.b : x.num.i},
                       .wide = t == &type_uint64_t && x.num.i < 0};
    ConstValue c;
    if (!np_cast(ctx, x.num, &type_float64_t, &type_int64_t, &c, &err))
        return err;
    return (NpVal){.kind = NPV_INT, .num = c};
}

NpVal np_call(NpCtx *ctx, const Node *call, NpVal callee)
{
    if (callee.kind == NPV_METHOD) {
        ctx->arrays = true;
        return call_method(ctx, call, callee);
    }
    if (callee.kind != NPV_FUNC)
        return np_error(ctx, "a call of '%s', which pykc does not compute at compile time",
                        np_source(ctx, call->call.func));
    NpFunc id = (NpFunc)callee.id;
    bool scalar = id == NPF_PY_FLOAT || id == NPF_PY_INT || id == NPF_PY_BOOL || id == NPF_SCALAR_TYPE;
    ctx->arrays |= !scalar && id != NPF_DTYPE;
    switch (id) {
    case NPF_ARRAY: case NPF_ASARRAY: return call_array(ctx, call, id);
    case NPF_ARANGE: return call_arange(ctx, call);
    case NPF_LINSPACE: return call_linspace(ctx, call);
    case NPF_ZEROS: case NPF_ONES: case NPF_FULL: case NPF_EMPTY: return call_filled(ctx, call, id);
    case NPF_ASFORTRANARRAY: case NPF_ASCONTIGUOUSARRAY: return call_as_order(ctx, call, id);
    case NPF_COPY: case NPF_RESHAPE: case NPF_TRANSPOSE: return call_function_of_array(ctx, call, id);
    case NPF_DTYPE: {
        static const char *const params[] = {"dtype", NULL};
        NpVal a[1], err = {.kind = NPV_NONE};
        if (!bind_args(ctx, call, "np.dtype", params, 1, a, &err))
            return err;
        const Type *t = np_dtype_of(ctx, &a[0], &err);
        return t ? (NpVal){.kind = NPV_DTYPE, .dtype = t} : err.kind == NPV_ERROR ? err
                 : np_error(ctx, "np.dtype(None)");
    }
    default: return call_scalar_type(ctx, call, callee);
    }
}
