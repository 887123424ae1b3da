/* pykc's types, which are Numba's: bool, the sized integers, floats and
 * complex numbers, arrays (dtype, ndim, layout, memory space), tuples, range
 * iterators, the grid group of cooperative kernels and CUDA vector types.
 *
 * Scalar types and GridGroup are static singletons; arrays, tuples,
 * ranges and vector types are interned in a TypeTable, so two types are equal exactly when
 * their pointers are.
 * The conversion rules are Numba's casting graph (numba/core/typeconv/
 * rules.py): each edge is a promotion, a safe or an unsafe conversion, and a
 * chain costs its worst edge. Overload resolution (sema/operators.c) rates
 * candidate signatures with them. */
#ifndef PYKC_SEMA_TYPES_H
#define PYKC_SEMA_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/str.h"

typedef enum TypeKind {
    TYPE_NONE,        /* None, and the return type of kernels */
    TYPE_BOOL,
    TYPE_INT,
    TYPE_FLOAT,
    TYPE_COMPLEX,     /* complex64, complex128: two floats, elem is their type */
    TYPE_ARRAY,
    TYPE_TUPLE,
    TYPE_RANGE,       /* the iterator range(...) makes; elem is its int type */
    TYPE_STATIC,      /* a compile-time value passed to a device function (a
                         type, a builtin, a function: numba's typeref and
                         Function types): the specialisation is made for it,
                         and nothing is passed at run time */
    TYPE_GRID_GROUP,  /* cuda.cg.this_grid()'s value: the grid of a cooperative
                         launch, whose one method is sync() (Numba's GridGroup) */
    TYPE_VECTOR,      /* a CUDA vector type, float32x4, int8x2, ...: `count`
                         members of type `elem`, read as .x .y .z .w
                         (sema/vector_types.c) */
    TYPE_RECORD,      /* an element of a NumPy structured dtype (Numba's Record):
                         named fields at byte offsets in `record_size` bytes; a
                         value is a reference to those bytes (sema/records.c) */
    TYPE_BFLOAT16,    /* numba-cuda's __nv_bfloat16 (sema/bf16.c): a scalar,
                         but no Number: only its own operators take it */
    TYPE_FP8,         /* numba-cuda's fp8_e4m3 / fp8_e5m2 (sema/fp8.c): a byte of
                         bits that only explicit casts take (codegen/cg_fp8.c) */
    TYPE_ENUM_MEMBER, /* a member of a plain enum.Enum class (Numba's
                         EnumMember): its value has type `elem`, the class's
                         scope is static_ptr (sema/enums.c) */
    TYPE_DATETIME,    /* NumPy's datetime64[unit] (Numba's NPDatetime) and */
    TYPE_TIMEDELTA,   /* timedelta64[unit] (NPTimedelta): an int64 count of
                         `unit`s, NaT the smallest int64 (sema/datetime.c) */
} TypeKind;

typedef enum ArrayLayout { LAYOUT_C, LAYOUT_F, LAYOUT_A } ArrayLayout;

/* The most dimensions an array may have. Numba sets none of its own (NumPy
 * allows 32, or 64 from NumPy 2); pykc takes what its runtime's arrays
 * (PYK_MAX_NDIM) and the launch facts (docs/abi.md, `Nd`) can describe, so
 * that every kernel pykc compiles can be launched checked. Views never add
 * dimensions, so only signatures and shared/local shapes test it. */
#define TYPE_MAX_NDIM 8

/* Where an array's data lives: kernel arguments are global memory. A
 * global NumPy array a kernel reads is constant memory, and read-only:
 * Numba types it `readonly array(...)`, and pykc's only read-only arrays
 * are these, so MEM_CONST is the read-only flag too. */
typedef enum MemSpace { MEM_GLOBAL, MEM_SHARED, MEM_LOCAL, MEM_CONST } MemSpace;

typedef struct Type Type;

/* One field of a record: a scalar or a record, or a nested array of them
 * (Numba's NestedArray: a C-contiguous block of `shape` elements). */
typedef struct RecordField {
    const char *name;
    const Type *type;          /* the field's type; a nested array's element type */
    int64_t offset;            /* bytes from the record's start */
    int ndim;                  /* 0, or a nested array's dimensions */
    int64_t shape[TYPE_MAX_NDIM];
} RecordField;

struct Type {
    TypeKind kind;
    const char *name;          /* Numba's spelling: "int32", "array(float32, 1d, C)" */
    int bits;                  /* BOOL: 8 (its storage); INT, FLOAT, COMPLEX: the width */
    bool is_signed;            /* INT */
    /* TYPE_ARRAY */
    const Type *dtype;
    int ndim;
    ArrayLayout layout;
    MemSpace space;
    /* TYPE_TUPLE */
    const Type **elts;
    int count;
    /* TYPE_RANGE: the element type; TYPE_COMPLEX: the float of each part;
     * TYPE_VECTOR: the type of each member (their number is in count) */
    const Type *elem;
    /* TYPE_STATIC: what the value is (sema's ValueKind), and which; for a
     * literal integer (VAL_RUNTIME), its type in static_ptr and its value */
    int static_kind;
    int static_id;
    const void *static_ptr;
    int64_t static_value;
    const void *static_tuple;  /* a literal tuple: its folded Tuple node */
    /* TYPE_RECORD: `count` fields; its size in bytes; whether NumPy aligned
     * it (align=True: Numba's Record.aligned) */
    const RecordField *fields;
    int64_t record_size;
    bool aligned;
    /* TYPE_DATETIME, TYPE_TIMEDELTA: Numba's unit code (sema/datetime.h) */
    int unit;
};

/* How a value of one type converts to another, best first (Numba's order). */
typedef enum Conversion {
    CONV_EXACT, CONV_PROMOTE, CONV_SAFE, CONV_UNSAFE, CONV_NONE
} Conversion;

extern const Type type_none_t, type_bool_t;
extern const Type type_int8_t, type_int16_t, type_int32_t, type_int64_t;
extern const Type type_uint8_t, type_uint16_t, type_uint32_t, type_uint64_t;
extern const Type type_float16_t, type_float32_t, type_float64_t;
extern const Type type_complex64_t, type_complex128_t;
extern const Type type_grid_group_t;
extern const Type type_bfloat16_t;
extern const Type type_fp8_e4m3_t, type_fp8_e5m2_t, type_fp8_e8m0_t;
/* cuda_bf16.h's __nv_bfloat16_raw, as the fp8 cvt_* functions take and
 * give it: a one-member vector of uint16 whose .x is the bits (sema/fp8.c) */
extern const Type type_bfloat16_raw_t;

const Type *type_int(int bits, bool is_signed);
const Type *type_float(int bits);
/* complex64 for 64 bits, complex128 for 128; NULL otherwise. */
const Type *type_complex(int bits);

/* "float32", "f4", "int64", "intp", "uint8", "boolean", "bool_", ...: the
 * scalar type a Numba or NumPy name stands for, or NULL. */
const Type *type_scalar_by_name(Str name);

typedef struct TypeTable TypeTable;
TypeTable *types_new(Arena *arena);
const Type *type_array(TypeTable *table, const Type *dtype, int ndim,
                       ArrayLayout layout, MemSpace space);
const Type *type_tuple(TypeTable *table, const Type *const *elts, int count);
const Type *type_range(TypeTable *table, const Type *elem);
/* The CUDA vector type of `count` (1 to 4) members of scalar type `base`,
 * named as numba.cuda names it: float32x4. */
const Type *type_vector(TypeTable *table, const Type *base, int count);
/* Numba's EnumMember of a plain Enum class (its scope) whose values have
 * type `value`: "Enum<int64>(Color)". */
const Type *type_enum_member(TypeTable *table, const Type *value, const void *class_scope,
                             const char *class_name);
/* A compile-time value as a parameter type; name_hint names a new one. */
const Type *type_static(TypeTable *table, int kind, int id, const void *ptr, const char *name_hint);
/* A literal integer argument as a compile-time value: Literal[int](32). */
const Type *type_literal_int(TypeTable *table, int runtime_kind, const Type *base, int64_t value);
/* A tuple of literal integers, (4, 8): base its tuple type, name its value
 * as written (what tells two of them apart), tuple its folded node. */
const Type *type_literal_tuple(TypeTable *table, int runtime_kind, const Type *base, const char *name,
                               const void *tuple);

/* A record type named as Numba prints it (sema/records_dtype.c makes the
 * name): fields and name are copied. */
const Type *type_record(TypeTable *table, const char *name, const RecordField *fields, int count,
                        int64_t size, bool aligned);

static inline bool type_is_int(const Type *t) { return t->kind == TYPE_INT; }
static inline bool type_is_float(const Type *t) { return t->kind == TYPE_FLOAT; }
static inline bool type_is_complex(const Type *t) { return t->kind == TYPE_COMPLEX; }
/* An integer or a float: the numbers that order, and that math.* takes. */
static inline bool type_is_real(const Type *t)
{
    return t->kind == TYPE_INT || t->kind == TYPE_FLOAT;
}
/* Numba's Number: integers, floats and complex numbers. */
static inline bool type_is_number(const Type *t)
{
    return type_is_real(t) || t->kind == TYPE_COMPLEX;
}
static inline bool type_is_scalar(const Type *t)
{
    return t->kind == TYPE_BOOL || type_is_number(t) || t->kind == TYPE_BFLOAT16 || t->kind == TYPE_FP8;
}
/* datetime64 or timedelta64: no scalar in the sense above, as only their
 * own operators take them (sema/datetime.c), but array elements. */
static inline bool type_is_datetime_like(const Type *t)
{
    return t->kind == TYPE_DATETIME || t->kind == TYPE_TIMEDELTA;
}
/* What an array holds, records aside: a scalar, a datetime64 or a timedelta64. */
static inline bool type_is_array_element(const Type *t)
{
    return type_is_scalar(t) || type_is_datetime_like(t);
}

/* Numba's can_convert for scalars (tuples element-wise); CONV_NONE if none. */
Conversion type_can_convert(const Type *from, const Type *to);

/* Numba's unify_pairs: for numbers NumPy's promote_types (int64 with uint64
 * gives float64), for tuples element-wise, otherwise the type the other
 * converts to safely; NULL when they do not unify. */
const Type *type_unify(TypeTable *table, const Type *a, const Type *b);

/* NumPy's alignment of a value of t in a structured dtype: a scalar's
 * size (a complex number's part), an aligned record's largest field
 * alignment, 1 for a packed record. */
int64_t type_numpy_alignment(const Type *t);

/* Size in bytes of a scalar as stored in memory (bool: 1; complex: both
 * parts; a record: its itemsize). */
int type_store_size(const Type *t);

#endif
