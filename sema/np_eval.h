/* The compile-time NumPy of module constants: what the host computes when
 * it runs `CONST = np.arange(10, dtype=np.float64) / 2.0` at import, done
 * here with NumPy 2's rules (dtypes, NEP 50 promotion, layouts, strides),
 * so that a kernel can read the array Numba would freeze into its module.
 *
 * np_eval.c walks the expression; np_create.c makes arrays (np.array,
 * np.arange, np.linspace, np.zeros, ...), np_ops.c computes operators,
 * np_dtype.c holds dtypes, promotion and casts, np_array.c the array
 * representation (a byte buffer in memory order with NumPy's shape and
 * strides). Anything outside what these files know is an NPV_ERROR whose
 * reason ends up in a host binding: pykc never guesses a value. */
#ifndef PYKC_SEMA_NP_EVAL_H
#define PYKC_SEMA_NP_EVAL_H

#include "sema_internal.h"

/* NumPy allows 64 dimensions; a kernel takes 8 (TYPE_MAX_NDIM). Arrays
 * evaluated at module level stop at 8 too: more is reported. */
#define NP_MAX_NDIM TYPE_MAX_NDIM

typedef struct NpArr {
    const Type *dtype;            /* a pykc scalar type (bool, ints, floats) */
    int ndim;
    int64_t shape[NP_MAX_NDIM];
    int64_t strides[NP_MAX_NDIM]; /* in bytes, as NumPy's */
    uint8_t *data;                /* the buffer the strides index, from offset 0 */
    int64_t nbytes;               /* the buffer's size */
} NpArr;

typedef enum NpKind {
    NPV_ERROR,     /* why: NumPy raises, or pykc cannot compute it */
    NPV_NONE,      /* None */
    NPV_INT,       /* a Python int: num.i (wide: its bits are a value from 2**63 up) */
    NPV_FLOAT,     /* a Python float: num.f */
    NPV_BOOL,      /* a Python bool: num.b */
    NPV_SCALAR,    /* a NumPy scalar: dtype, num (fold.h's representation) */
    NPV_ARRAY,     /* arr */
    NPV_DTYPE,     /* a dtype: dtype */
    NPV_SEQ,       /* a list or tuple: items */
    NPV_STRING,    /* str */
    NPV_MODULE,    /* numpy, or another namespace: id */
    NPV_FUNC,      /* a function of numpy, or a builtin: id (NpFunc) */
    NPV_METHOD,    /* arr.reshape, arr.astype: arr, id (NpFunc) */
} NpKind;

typedef enum NpFunc {
    NPF_ARRAY, NPF_ASARRAY, NPF_ARANGE, NPF_LINSPACE, NPF_ZEROS, NPF_ONES, NPF_FULL,
    NPF_EMPTY, NPF_ASFORTRANARRAY, NPF_ASCONTIGUOUSARRAY, NPF_DTYPE, NPF_COPY,
    NPF_RESHAPE, NPF_ASTYPE, NPF_TRANSPOSE,
    NPF_PY_FLOAT, NPF_PY_INT, NPF_PY_BOOL,       /* float, int, bool: builtins and dtypes */
    NPF_SCALAR_TYPE,                             /* np.float32(x): dtype in NpVal.dtype */
} NpFunc;

typedef struct NpVal {
    NpKind kind;
    ConstValue num;
    bool wide;
    const Type *dtype;
    NpArr *arr;
    struct NpVal *items;
    int count;
    bool list;         /* NPV_SEQ: a list display (else a tuple) */
    Str str;
    int id;
    const char *why;
} NpVal;

/* One evaluation: the scope names are looked up in, and whether it met
 * something only arrays have (then a failure is about an array). */
typedef struct NpCtx {
    Sema *sema;
    Scope *scope;
    bool arrays;
} NpCtx;

/* const_tuples.c: the Symbol of `name = value` when the value is a tuple
 * holding NumPy arrays (a module tuple whose array leaves are constant
 * arrays), or a host binding that says why it cannot be; NULL otherwise. */
Symbol *sema_np_tuple_binding(Sema *sema, NpCtx *ctx, Binding *binding, const NpVal *v);

/* np_eval.c */
NpVal np_eval(NpCtx *ctx, const Node *node);
NpVal np_error(NpCtx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The source text of a node, for messages. */
const char *np_source(NpCtx *ctx, const Node *node);

/* np_dtype.c: dtypes, NumPy 2's promotion, and casts of one element */
const Type *np_dtype_of(NpCtx *ctx, const NpVal *v, NpVal *err);   /* dtype=... argument */
const Type *np_promote(const Type *a, const Type *b);              /* np.promote_types */
/* The dtype an operation on these operands computes in (NEP 50: Python
 * scalars are weak). NULL when no operand fixes one (all Python scalars). */
const Type *np_result_type(const NpVal *ops, int count);
/* The dtype array coercion gives one scalar (np.array([x])). */
const Type *np_discover_dtype(const NpVal *v);
bool np_is_python_scalar(const NpVal *v);
/* A Python scalar stored into an element of dtype t (NumPy's setitem). */
bool np_from_python(NpCtx *ctx, const NpVal *v, const Type *t, ConstValue *out, NpVal *err);
/* An element of dtype `from` cast to `to` as NumPy's casts do (unsafe
 * casting allowed); false, with the reason in err, where the C cast is
 * undefined (a float out of an integer's range, NaN to an integer). */
bool np_cast(NpCtx *ctx, ConstValue v, const Type *from, const Type *to, ConstValue *out, NpVal *err);
double np_round_half(double v);        /* to the nearest float16, ties to even */
uint16_t np_half_bits(double v);       /* a float16 value's IEEE bits */
const char *np_dtype_name(const Type *t);   /* NumPy's name: "float64", "bool" */

/* np_array.c: arrays */
NpArr *np_arr_new(NpCtx *ctx, const Type *dtype, int ndim, const int64_t *shape, bool fortran);
int64_t np_arr_size(const NpArr *a);
bool np_arr_c_contiguous(const NpArr *a);
bool np_arr_f_contiguous(const NpArr *a);
ConstValue np_arr_get(const NpArr *a, const int64_t *index);
void np_arr_set(NpArr *a, const int64_t *index, ConstValue v);
/* The multi-index of the k-th element in C order (row-major). */
void np_index_of(const NpArr *a, int64_t k, int64_t *index);
/* A new array with a's elements cast to dtype, laid out as NumPy's
 * order='K' keeps a contiguous array's order (C first). */
NpVal np_arr_astype(NpCtx *ctx, const NpArr *a, const Type *dtype, char order);
NpVal np_arr_reshape(NpCtx *ctx, NpArr *a, const int64_t *shape, int ndim);
NpArr *np_arr_transpose(NpCtx *ctx, const NpArr *a);
/* The array as a kernel sees it: Numba's type (layout from the flags) and
 * contiguous data with its strides (ConstArray, sema.h). */
ConstArray *np_arr_freeze(NpCtx *ctx, const NpArr *a, Str name);

/* np_ops.c: operators on Python scalars, NumPy scalars and arrays */
NpVal np_binop(NpCtx *ctx, BinOpKind op, NpVal a, NpVal b);
NpVal np_unary(NpCtx *ctx, UnaryOpKind op, NpVal a);
/* A 0-d array or NumPy scalar's value as an NPV_SCALAR; arrays stay. */
NpVal np_scalar_of(NpCtx *ctx, NpVal v);

/* np_create.c: calls of numpy's functions and of an array's methods */
NpVal np_call(NpCtx *ctx, const Node *call, NpVal callee);

#endif
