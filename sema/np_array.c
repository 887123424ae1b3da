/* Arrays of the module-constant evaluator (np_eval.h), laid out as NumPy
 * lays them out: a buffer in memory order, NumPy's shape and byte
 * strides, its contiguity flags (relaxed: a dimension of one element
 * never breaks contiguity, an empty array is both C and F), the strides a
 * new array gets (all 0 when it has no elements), reshape's no-copy view,
 * astype's order 'K', the transpose. The layout matters to a kernel: it is
 * the layout of Numba's type (C, F or A) and the strides `a.strides` reads.
 * np_arr_freeze turns the result into what codegen emits (ConstArray). */
#include "np_eval.h"

#include <math.h>
#include <string.h>

int64_t np_arr_size(const NpArr *a)
{
    int64_t n = 1;
    for (int k = 0; k < a->ndim; k++)
        n *= a->shape[k];
    return n;
}

/* NumPy's _array_fill_strides: row-major (or column-major) strides over
 * the nonzero extents. */
static void fill_strides(NpArr *a, bool fortran)
{
    int64_t s = type_store_size(a->dtype);
    for (int i = 0; i < a->ndim; i++) {
        int k = fortran ? i : a->ndim - 1 - i;
        a->strides[k] = s;
        if (a->shape[k])
            s *= a->shape[k];
    }
}

/* A newly allocated array, zero-filled; NumPy zeroes the strides of an
 * empty one (PyArray_NewFromDescr_int). */
NpArr *np_arr_new(NpCtx *ctx, const Type *dtype, int ndim, const int64_t *shape, bool fortran)
{
    NpArr *a = ARENA_NEW(ctx->sema->arena, NpArr);
    a->dtype = dtype;
    a->ndim = ndim;
    memcpy(a->shape, shape, sizeof *shape * (size_t)ndim);
    int64_t size = np_arr_size(a);
    a->nbytes = size * type_store_size(dtype);
    a->data = arena_alloc(ctx->sema->arena, (size_t)(a->nbytes ? a->nbytes : 1));
    memset(a->data, 0, (size_t)(a->nbytes ? a->nbytes : 1));
    fill_strides(a, fortran && ndim > 1);
    if (size == 0)
        memset(a->strides, 0, sizeof a->strides);
    return a;
}

/* Relaxed contiguity, as PyArray_UpdateFlags computes it. */
static bool contiguous(const NpArr *a, bool fortran)
{
    int64_t s = type_store_size(a->dtype);
    for (int i = 0; i < a->ndim; i++)
        if (a->shape[i] == 0)
            return true;
    for (int i = 0; i < a->ndim; i++) {
        int k = fortran ? i : a->ndim - 1 - i;
        if (a->shape[k] == 1)
            continue;
        if (a->strides[k] != s)
            return false;
        s *= a->shape[k];
    }
    return true;
}

bool np_arr_c_contiguous(const NpArr *a) { return contiguous(a, false); }
bool np_arr_f_contiguous(const NpArr *a) { return contiguous(a, true); }

static uint8_t *element(const NpArr *a, const int64_t *index)
{
    int64_t offset = 0;
    for (int k = 0; k < a->ndim; k++)
        offset += index[k] * a->strides[k];
    return a->data + offset;
}

/* Elements are stored as NumPy stores them: little-endian integers, IEEE
 * floats, float16 as its bits, bool as one byte. */
ConstValue np_arr_get(const NpArr *a, const int64_t *index)
{
    const uint8_t *p = element(a, index);
    const Type *t = a->dtype;
    if (t->kind == TYPE_BOOL)
        return (ConstValue){.kind = CONST_BOOL, .b = *p != 0};
    if (t->kind == TYPE_FLOAT) {
        double d;
        if (t->bits == 64) {
            memcpy(&d, p, 8);
        } else if (t->bits == 32) {
            float f;
            memcpy(&f, p, 4);
            d = f;
        } else {
            uint16_t h;
            memcpy(&h, p, 2);
            int exp = h >> 10 & 0x1f, frac = h & 0x3ff;
            d = exp == 0 ? ldexp(frac, -24) : exp == 31 ? (frac ? (double)NAN : (double)INFINITY) : ldexp(frac | 0x400, exp - 25);
            if (h & 0x8000)
                d = -d;
        }
        return (ConstValue){.kind = CONST_FLOAT, .f = d};
    }
    uint64_t bits = 0;
    memcpy(&bits, p, (size_t)(t->bits / 8));
    int shift = 64 - t->bits;
    int64_t v = t->is_signed && shift ? (int64_t)(bits << shift) >> shift : (int64_t)bits;
    return (ConstValue){.kind = CONST_INT, .i = v};
}

void np_arr_set(NpArr *a, const int64_t *index, ConstValue v)
{
    uint8_t *p = element(a, index);
    const Type *t = a->dtype;
    if (t->kind == TYPE_BOOL) {
        *p = v.b;
    } else if (t->kind == TYPE_FLOAT && t->bits == 64) {
        memcpy(p, &v.f, 8);
    } else if (t->kind == TYPE_FLOAT && t->bits == 32) {
        float f = (float)v.f;
        memcpy(p, &f, 4);
    } else if (t->kind == TYPE_FLOAT) {
        uint16_t h = np_half_bits(v.f);
        memcpy(p, &h, 2);
    } else {
        uint64_t bits = (uint64_t)v.i;
        memcpy(p, &bits, (size_t)(t->bits / 8));
    }
}

void np_index_of(const NpArr *a, int64_t k, int64_t *index)
{
    for (int d = a->ndim - 1; d >= 0; d--) {
        index[d] = a->shape[d] ? k % a->shape[d] : 0;
        k = a->shape[d] ? k / a->shape[d] : 0;
    }
}

/* astype(dtype, order): a copy, C or F; 'K' keeps a contiguous array's
 * order (PyArray_NewLikeArray: C first), 'A' is F only for an array that
 * is F and not C. Other arrays have no order pykc can name. */
NpVal np_arr_astype(NpCtx *ctx, const NpArr *a, const Type *dtype, char order)
{
    bool c = np_arr_c_contiguous(a), f = np_arr_f_contiguous(a);
    if ((order == 'K' || order == 'A') && !c && !f)
        return np_error(ctx, "a copy of an array that is neither C- nor F-contiguous");
    bool fortran = order == 'F' || ((order == 'K' || order == 'A') && !c && f);
    NpArr *out = np_arr_new(ctx, dtype, a->ndim, a->shape, fortran);
    int64_t index[NP_MAX_NDIM];
    int64_t size = np_arr_size(a);
    for (int64_t k = 0; k < size; k++) {
        np_index_of(a, k, index);
        ConstValue v;
        NpVal err;
        if (!np_cast(ctx, np_arr_get(a, index), a->dtype, dtype, &v, &err))
            return err;
        np_arr_set(out, index, v);
    }
    return (NpVal){.kind = NPV_ARRAY, .arr = out};
}

/* NumPy's _attempt_nocopy_reshape for order 'C': the view's strides when
 * the old axes merge and split without a copy (axes of one element are
 * dropped first); false when a copy is needed. */
static bool nocopy_strides(const NpArr *a, const int64_t *shape, int ndim, int64_t *strides)
{
    int64_t od[NP_MAX_NDIM], os[NP_MAX_NDIM];
    int on = 0;
    for (int k = 0; k < a->ndim; k++)
        if (a->shape[k] != 1) {
            od[on] = a->shape[k];
            os[on++] = a->strides[k];
        }
    int oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < ndim && oi < on) {
        int64_t np = shape[ni], op = od[oi];
        while (np != op) {
            if (np < op)
                np *= shape[nj++];
            else
                op *= od[oj++];
        }
        for (int ok = oi; ok < oj - 1; ok++)
            if (os[ok] != od[ok + 1] * os[ok + 1])
                return false;
        strides[nj - 1] = os[oj - 1];
        for (int nk = nj - 1; nk > ni; nk--)
            strides[nk - 1] = strides[nk] * shape[nk];
        ni = nj++;
        oi = oj++;
    }
    int64_t last = ni >= 1 ? strides[ni - 1] : type_store_size(a->dtype);
    for (int nk = ni; nk < ndim; nk++)
        strides[nk] = last;
    return true;
}

/* a.reshape(shape), order 'C': the same shape is a view; a C-contiguous
 * array gets C strides over its buffer; another one a no-copy view if
 * possible, else a C copy (PyArray_Newshape). A -1 extent is inferred. */
NpVal np_arr_reshape(NpCtx *ctx, NpArr *a, const int64_t *given, int ndim)
{
    int64_t shape[NP_MAX_NDIM], known = 1, size = np_arr_size(a);
    int unknown = -1;
    for (int k = 0; k < ndim; k++) {
        shape[k] = given[k];
        if (given[k] == -1 && unknown < 0)
            unknown = k;
        else if (given[k] < 0)
            return np_error(ctx, "NumPy raises ValueError: negative dimensions are not allowed in reshape");
        else
            known *= given[k];
    }
    if (unknown >= 0 && known != 0 && size % known == 0)
        shape[unknown] = size / known;
    else if (unknown >= 0 || known != size)
        return np_error(ctx, "NumPy raises ValueError: cannot reshape an array of size %lld into that shape",
                        (long long)size);
    NpArr *view = ARENA_NEW(ctx->sema->arena, NpArr);
    *view = *a;
    view->ndim = ndim;
    memcpy(view->shape, shape, sizeof shape);
    bool same = ndim == a->ndim && memcmp(shape, a->shape, sizeof *shape * (size_t)ndim) == 0;
    if (same)
        return (NpVal){.kind = NPV_ARRAY, .arr = view};
    if (np_arr_c_contiguous(a) || nocopy_strides(a, shape, ndim, view->strides)) {
        if (np_arr_c_contiguous(a))
            fill_strides(view, false);
        return (NpVal){.kind = NPV_ARRAY, .arr = view};
    }
    NpVal copy = np_arr_astype(ctx, a, a->dtype, 'C');
    if (copy.kind != NPV_ARRAY)
        return copy;
    *view = *copy.arr;
    view->ndim = ndim;
    memcpy(view->shape, shape, sizeof shape);
    fill_strides(view, false);
    return (NpVal){.kind = NPV_ARRAY, .arr = view};
}

/* a.T: the axes reversed over the same buffer. */
NpArr *np_arr_transpose(NpCtx *ctx, const NpArr *a)
{
    NpArr *t = ARENA_NEW(ctx->sema->arena, NpArr);
    *t = *a;
    for (int k = 0; k < a->ndim; k++) {
        t->shape[k] = a->shape[a->ndim - 1 - k];
        t->strides[k] = a->strides[a->ndim - 1 - k];
    }
    return t;
}

/* Numba's typeof gives layout C when the array is C-contiguous, else F
 * when F-contiguous, else A; its make_constant_array copies an array that
 * is neither into C order (with C strides). The buffer of a contiguous
 * array is its memory, byte for byte what arr.tobytes(order='A') gives. */
ConstArray *np_arr_freeze(NpCtx *ctx, const NpArr *a, Str name)
{
    bool c = np_arr_c_contiguous(a), f = np_arr_f_contiguous(a);
    ArrayLayout layout = c ? LAYOUT_C : f ? LAYOUT_F : LAYOUT_A;
    const NpArr *data = a;
    int64_t itemsize = type_store_size(a->dtype);
    if ((!c && !f) || a->nbytes != np_arr_size(a) * itemsize) {
        NpVal copy = np_arr_astype(ctx, a, a->dtype, 'C');
        data = copy.kind == NPV_ARRAY ? copy.arr : a;
    }
    ConstArray *ca = ARENA_NEW(ctx->sema->arena, ConstArray);
    ca->type = type_array(ctx->sema->types, a->dtype, a->ndim, layout, MEM_CONST);
    for (int k = 0; k < a->ndim; k++) {
        ca->shape[k] = data->shape[k];
        ca->strides[k] = data->strides[k] / itemsize;
    }
    ca->data = data->data;
    ca->nbytes = np_arr_size(data) * itemsize;
    ca->name = name;
    return ca;
}
