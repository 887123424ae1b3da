/* Numba's types for sema: the scalar singletons (complex numbers among
 * them), the names Numba and NumPy give them, interning of arrays, tuples and ranges (so equal types are
 * equal pointers), the casting graph of numba/core/typeconv/rules.py closed
 * as castgraph.py closes it, and unify_pairs (typing/context.py) with
 * NumPy's promote_types for numbers. Used by operator resolution
 * (operators.c), folding (fold.c) and the rest of sema. */
#include "types.h"

#include <stdint.h>
#include <string.h>

#define SCALAR(KIND, NAME, BITS, SIGNED) \
    {.kind = KIND, .name = NAME, .bits = BITS, .is_signed = SIGNED}

const Type type_none_t = SCALAR(TYPE_NONE, "none", 0, false);
const Type type_bool_t = SCALAR(TYPE_BOOL, "bool", 8, false);
const Type type_int8_t = SCALAR(TYPE_INT, "int8", 8, true);
const Type type_int16_t = SCALAR(TYPE_INT, "int16", 16, true);
const Type type_int32_t = SCALAR(TYPE_INT, "int32", 32, true);
const Type type_int64_t = SCALAR(TYPE_INT, "int64", 64, true);
const Type type_uint8_t = SCALAR(TYPE_INT, "uint8", 8, false);
const Type type_uint16_t = SCALAR(TYPE_INT, "uint16", 16, false);
const Type type_uint32_t = SCALAR(TYPE_INT, "uint32", 32, false);
const Type type_uint64_t = SCALAR(TYPE_INT, "uint64", 64, false);
const Type type_float16_t = SCALAR(TYPE_FLOAT, "float16", 16, false);
const Type type_float32_t = SCALAR(TYPE_FLOAT, "float32", 32, false);
const Type type_float64_t = SCALAR(TYPE_FLOAT, "float64", 64, false);
const Type type_complex64_t = {.kind = TYPE_COMPLEX, .name = "complex64", .bits = 64,
                               .elem = &type_float32_t};
const Type type_complex128_t = {.kind = TYPE_COMPLEX, .name = "complex128", .bits = 128,
                                .elem = &type_float64_t};
/* Numba's ext_types.GridGroup, named as Numba prints it. */
const Type type_grid_group_t = {.kind = TYPE_GRID_GROUP, .name = "GridGroup"};
/* numba-cuda's Bfloat16, named as Numba prints it. */
const Type type_bfloat16_t = SCALAR(TYPE_BFLOAT16, "__nv_bfloat16", 16, false);
/* numba-cuda's fp8 Numbast types, named as Numba prints them. */
const Type type_fp8_e4m3_t = SCALAR(TYPE_FP8, "fp8_e4m3", 8, false);
const Type type_fp8_e5m2_t = SCALAR(TYPE_FP8, "fp8_e5m2", 8, false);
const Type type_fp8_e8m0_t = SCALAR(TYPE_FP8, "fp8_e8m0", 8, false);

const Type *type_int(int bits, bool is_signed)
{
    switch (bits) {
    case 8: return is_signed ? &type_int8_t : &type_uint8_t;
    case 16: return is_signed ? &type_int16_t : &type_uint16_t;
    case 32: return is_signed ? &type_int32_t : &type_uint32_t;
    case 64: return is_signed ? &type_int64_t : &type_uint64_t;
    default: return NULL;
    }
}

const Type *type_float(int bits)
{
    switch (bits) {
    case 16: return &type_float16_t;
    case 32: return &type_float32_t;
    case 64: return &type_float64_t;
    default: return NULL;
    }
}

const Type *type_complex(int bits)
{
    return bits == 64 ? &type_complex64_t : bits == 128 ? &type_complex128_t : NULL;
}

/* The scalar names numba.types (numba.cuda.types) exports, then NumPy's
 * spellings that Numba lacks. intp, long and friends are the 64-bit Linux
 * sizes Numba reads off NumPy. "byte" is Numba's uint8; NumPy's np.byte is
 * int8, which a caller that knows the module must special-case. */
static const struct { const char *name; const Type *type; } scalar_names[] = {
    {"bool", &type_bool_t}, {"boolean", &type_bool_t}, {"bool_", &type_bool_t},
    {"b1", &type_bool_t},
    {"int8", &type_int8_t}, {"int16", &type_int16_t}, {"int32", &type_int32_t},
    {"int64", &type_int64_t}, {"uint8", &type_uint8_t}, {"uint16", &type_uint16_t},
    {"uint32", &type_uint32_t}, {"uint64", &type_uint64_t},
    {"i1", &type_int8_t}, {"i2", &type_int16_t}, {"i4", &type_int32_t}, {"i8", &type_int64_t},
    {"u1", &type_uint8_t}, {"u2", &type_uint16_t}, {"u4", &type_uint32_t}, {"u8", &type_uint64_t},
    {"intp", &type_int64_t}, {"uintp", &type_uint64_t}, {"ssize_t", &type_int64_t},
    {"size_t", &type_uint64_t}, {"intc", &type_int32_t}, {"uintc", &type_uint32_t},
    {"byte", &type_uint8_t}, {"char", &type_int8_t}, {"uchar", &type_uint8_t},
    {"short", &type_int16_t}, {"ushort", &type_uint16_t},
    {"int_", &type_int64_t}, {"uint", &type_uint64_t},
    {"long_", &type_int64_t}, {"ulong", &type_uint64_t},
    {"longlong", &type_int64_t}, {"ulonglong", &type_uint64_t},
    {"float16", &type_float16_t}, {"float32", &type_float32_t}, {"float64", &type_float64_t},
    {"f2", &type_float16_t}, {"f4", &type_float32_t}, {"f8", &type_float64_t},
    {"double", &type_float64_t},
    {"complex64", &type_complex64_t}, {"complex128", &type_complex128_t},
    {"c8", &type_complex64_t}, {"c16", &type_complex128_t},
    {"void", &type_none_t}, {"none", &type_none_t},
    /* NumPy only (complex_ is NumPy 1's complex128) */
    {"ubyte", &type_uint8_t}, {"long", &type_int64_t},
    {"half", &type_float16_t}, {"single", &type_float32_t},
    {"csingle", &type_complex64_t}, {"cdouble", &type_complex128_t},
    {"complex_", &type_complex128_t},
};

const Type *type_scalar_by_name(Str name)
{
    for (size_t i = 0; i < sizeof scalar_names / sizeof scalar_names[0]; i++)
        if (str_eq_cstr(name, scalar_names[i].name))
            return scalar_names[i].type;
    return NULL;
}

/* ---- interning ---------------------------------------------------------- */

typedef struct TypeEntry TypeEntry;
struct TypeEntry {
    Type type;
    TypeEntry *next;
};

struct TypeTable {
    Arena *arena;
    TypeEntry *head;
};

TypeTable *types_new(Arena *arena)
{
    TypeTable *table = ARENA_NEW(arena, TypeTable);
    table->arena = arena;
    return table;
}

/* Equal types have equal keys: the fields their kind uses. */
static bool same_key(const Type *t, const Type *key)
{
    if (t->kind != key->kind)
        return false;
    switch (key->kind) {
    case TYPE_ARRAY:
        return t->dtype == key->dtype && t->ndim == key->ndim && t->layout == key->layout &&
               t->space == key->space;
    case TYPE_TUPLE:
        if (t->count != key->count)
            return false;
        for (int i = 0; i < key->count; i++)
            if (t->elts[i] != key->elts[i])
                return false;
        return true;
    case TYPE_RANGE:
        return t->elem == key->elem;
    case TYPE_VECTOR:
        return t->elem == key->elem && t->count == key->count;
    case TYPE_STATIC:
        return t->static_kind == key->static_kind && t->static_id == key->static_id &&
               t->static_ptr == key->static_ptr && t->static_value == key->static_value &&
               (!key->static_tuple || strcmp(t->name, key->name) == 0);
    case TYPE_ENUM_MEMBER:
        return t->elem == key->elem && t->static_ptr == key->static_ptr;
    case TYPE_RECORD:   /* Numba's name spells every field, offset and the size */
        return strcmp(t->name, key->name) == 0;
    default:
        return false;
    }
}

/* The interned copy of `key`, made on first request; the caller names a
 * new type (and copies what `key` points to). */
static Type *intern(TypeTable *table, const Type *key, bool *is_new)
{
    for (TypeEntry *e = table->head; e; e = e->next) {
        if (same_key(&e->type, key)) {
            *is_new = false;
            return &e->type;
        }
    }
    TypeEntry *e = ARENA_NEW(table->arena, TypeEntry);
    e->type = *key;
    e->next = table->head;
    table->head = e;
    *is_new = true;
    return &e->type;
}

const Type *type_array(TypeTable *table, const Type *dtype, int ndim,
                       ArrayLayout layout, MemSpace space)
{
    Type key = {.kind = TYPE_ARRAY, .dtype = dtype, .ndim = ndim, .layout = layout, .space = space};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new) {
        static const char layouts[] = {'C', 'F', 'A'};
        static const char *const spaces[] = {"", ", shared", ", local", ""};
        t->name = arena_printf(table->arena, "%sarray(%s, %dd, %c%s)", space == MEM_CONST ? "readonly " : "",
                               dtype->name, ndim, layouts[layout], spaces[space]);
    }
    return t;
}

/* Numba's spelling: "UniTuple(int64 x 2)" when all elements are one type,
 * else "Tuple(int64, float32)"; the empty tuple is "Tuple()". */
static const char *tuple_name(Arena *arena, const Type *const *elts, int count)
{
    bool uniform = count > 0;
    for (int i = 1; i < count; i++)
        uniform = uniform && elts[i] == elts[0];
    if (uniform)
        return arena_printf(arena, "UniTuple(%s x %d)", elts[0]->name, count);
    size_t len = strlen("Tuple()") + 1;
    for (int i = 0; i < count; i++)
        len += strlen(elts[i]->name) + 2;
    char *name = arena_alloc(arena, len);
    strcpy(name, "Tuple(");
    for (int i = 0; i < count; i++) {
        if (i > 0)
            strcat(name, ", ");
        strcat(name, elts[i]->name);
    }
    strcat(name, ")");
    return name;
}

const Type *type_tuple(TypeTable *table, const Type *const *elts, int count)
{
    Type key = {.kind = TYPE_TUPLE, .elts = (const Type **)elts, .count = count};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new) {
        t->elts = ARENA_ARRAY(table->arena, const Type *, count > 0 ? count : 1);
        for (int i = 0; i < count; i++)
            t->elts[i] = elts[i];
        t->name = tuple_name(table->arena, elts, count);
    }
    return t;
}

const Type *type_range(TypeTable *table, const Type *elem)
{
    Type key = {.kind = TYPE_RANGE, .elem = elem};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new)
        t->name = arena_printf(table->arena, "range_state_%s", elem->name);
    return t;
}

const Type *type_vector(TypeTable *table, const Type *base, int count)
{
    Type key = {.kind = TYPE_VECTOR, .elem = base, .count = count};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new)
        t->name = arena_printf(table->arena, "%sx%d", base->name, count);
    return t;
}

const Type *type_enum_member(TypeTable *table, const Type *value, const void *class_scope,
                             const char *class_name)
{
    Type key = {.kind = TYPE_ENUM_MEMBER, .elem = value, .static_ptr = class_scope};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new)
        t->name = arena_printf(table->arena, "Enum<%s>(%s)", value->name, class_name);
    return t;
}

const Type *type_static(TypeTable *table, int kind, int id, const void *ptr, const char *name_hint)
{
    Type key = {.kind = TYPE_STATIC, .static_kind = kind, .static_id = id, .static_ptr = ptr};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new)
        t->name = arena_strndup(table->arena, name_hint, strlen(name_hint));
    return t;
}

const Type *type_literal_int(TypeTable *table, int runtime_kind, const Type *base, int64_t value)
{
    Type key = {.kind = TYPE_STATIC, .static_kind = runtime_kind, .static_ptr = base, .static_value = value};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new)
        t->name = base->kind == TYPE_BOOL ? arena_printf(table->arena, "Literal[bool](%s)", value ? "True" : "False")
                                          : arena_printf(table->arena, "Literal[int](%lld)", (long long)value);
    return t;
}

const Type *type_record(TypeTable *table, const char *name, const RecordField *fields, int count,
                        int64_t size, bool aligned)
{
    Type key = {.kind = TYPE_RECORD, .name = name};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new) {
        t->name = arena_strndup(table->arena, name, strlen(name));
        RecordField *copy = ARENA_ARRAY(table->arena, RecordField, count > 0 ? count : 1);
        memcpy(copy, fields, sizeof *copy * (size_t)count);
        t->fields = copy;
        t->count = count;
        t->record_size = size;
        t->aligned = aligned;
    }
    return t;
}

const Type *type_literal_tuple(TypeTable *table, int runtime_kind, const Type *base, const char *name,
                               const void *tuple)
{
    Type key = {.kind = TYPE_STATIC, .static_kind = runtime_kind, .static_ptr = base,
                .static_tuple = tuple, .name = name};
    bool is_new;
    Type *t = intern(table, &key, &is_new);
    if (is_new) {
        t->name = arena_strndup(table->arena, name, strlen(name));
        t->static_tuple = tuple;
    }
    return t;
}

/* ---- the casting graph -------------------------------------------------- */

enum { SCALAR_COUNT = 14 };

/* Rows and columns of the conversion table. */
static const Type *const scalar_order[SCALAR_COUNT] = {
    &type_bool_t, &type_int8_t, &type_int16_t, &type_int32_t, &type_int64_t,
    &type_uint8_t, &type_uint16_t, &type_uint32_t, &type_uint64_t,
    &type_float16_t, &type_float32_t, &type_float64_t,
    &type_complex64_t, &type_complex128_t,
};

/* -1 for anything but the singletons */
static int scalar_index(const Type *t)
{
    for (int i = 0; i < SCALAR_COUNT; i++)
        if (scalar_order[i] == t)
            return i;
    return -1;
}

/* rules.py's _init_casting_rules, pair by pair: a converts to b by
 * `forward`, b to a by `backward` (CONV_NONE: there is no such edge; a
 * float becomes a complex safely, never the other way). The void* rule is
 * left out: pykc has no pointers. */
static const struct { const Type *a, *b; Conversion forward, backward; } casting_rules[] = {
    {&type_bool_t, &type_int8_t, CONV_SAFE, CONV_UNSAFE},
    {&type_bool_t, &type_uint8_t, CONV_SAFE, CONV_UNSAFE},
    {&type_int8_t, &type_int16_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_uint8_t, &type_uint16_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_int16_t, &type_int32_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_uint16_t, &type_uint32_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_int32_t, &type_int64_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_uint32_t, &type_uint64_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_uint8_t, &type_int16_t, CONV_SAFE, CONV_UNSAFE},
    {&type_uint16_t, &type_int32_t, CONV_SAFE, CONV_UNSAFE},
    {&type_uint32_t, &type_int64_t, CONV_SAFE, CONV_UNSAFE},
    {&type_int8_t, &type_float16_t, CONV_SAFE, CONV_UNSAFE},
    {&type_int16_t, &type_float32_t, CONV_SAFE, CONV_UNSAFE},
    {&type_int32_t, &type_float64_t, CONV_SAFE, CONV_UNSAFE},
    {&type_int16_t, &type_float16_t, CONV_UNSAFE, CONV_UNSAFE},
    {&type_int32_t, &type_float32_t, CONV_UNSAFE, CONV_UNSAFE},
    {&type_int64_t, &type_float64_t, CONV_SAFE, CONV_UNSAFE},
    {&type_uint64_t, &type_float64_t, CONV_SAFE, CONV_UNSAFE},
    {&type_float16_t, &type_float32_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_float32_t, &type_float64_t, CONV_PROMOTE, CONV_UNSAFE},
    {&type_float32_t, &type_complex64_t, CONV_SAFE, CONV_NONE},
    {&type_float64_t, &type_complex128_t, CONV_SAFE, CONV_NONE},
    {&type_complex64_t, &type_complex128_t, CONV_PROMOTE, CONV_UNSAFE},
};

static Conversion worse(Conversion a, Conversion b) { return a > b ? a : b; }
static Conversion better(Conversion a, Conversion b) { return a < b ? a : b; }

static Conversion conversions[SCALAR_COUNT][SCALAR_COUNT];
static bool conversions_ready;

/* castgraph.py propagates every new rule along existing chains, a chain
 * costing its worst edge and the best chain winning: a bottleneck-path
 * closure, which Floyd-Warshall computes directly. (Checked against
 * castgraph.py's own propagation: the two agree on all 196 pairs.) */
static void build_conversions(void)
{
    for (int i = 0; i < SCALAR_COUNT; i++)
        for (int j = 0; j < SCALAR_COUNT; j++)
            conversions[i][j] = i == j ? CONV_EXACT : CONV_NONE;
    for (size_t r = 0; r < sizeof casting_rules / sizeof casting_rules[0]; r++) {
        int a = scalar_index(casting_rules[r].a), b = scalar_index(casting_rules[r].b);
        conversions[a][b] = casting_rules[r].forward;
        conversions[b][a] = casting_rules[r].backward;
    }
    for (int k = 0; k < SCALAR_COUNT; k++)
        for (int i = 0; i < SCALAR_COUNT; i++)
            for (int j = 0; j < SCALAR_COUNT; j++)
                conversions[i][j] = better(conversions[i][j],
                                           worse(conversions[i][k], conversions[k][j]));
    conversions_ready = true;
}

static Conversion scalar_conversion(const Type *from, const Type *to)
{
    if (!conversions_ready)
        build_conversions();
    int i = scalar_index(from), j = scalar_index(to);
    return i < 0 || j < 0 ? CONV_NONE : conversions[i][j];
}

/* BaseAnonymousTuple.can_convert_to: same length, the worst element. */
static Conversion tuple_conversion(const Type *from, const Type *to)
{
    if (from->count != to->count)
        return CONV_NONE;
    if (from->count == 0)
        return CONV_SAFE;
    Conversion conv = CONV_EXACT;
    for (int i = 0; i < from->count; i++)
        conv = worse(conv, type_can_convert(from->elts[i], to->elts[i]));
    return conv;
}

/* Array.can_convert_to: same dtype and ndim, to layout 'A' (Numba has no
 * memory spaces; pykc keeps them apart). */
static Conversion array_conversion(const Type *from, const Type *to)
{
    if (from->dtype == to->dtype && from->ndim == to->ndim && from->space == to->space &&
        to->layout == LAYOUT_A)
        return CONV_SAFE;
    return CONV_NONE;
}

/* Bfloat16.can_convert_from/_to (numba-cuda's ext_types.py): from a float
 * unsafely, from an 8-bit integer safely, from another unsafely; to float32
 * and float64 safely, to float16 and the integers unsafely; nothing else. */
static Conversion type_bf16_conversion(const Type *from, const Type *to)
{
    if (to->kind == TYPE_BFLOAT16 && from->kind == TYPE_FLOAT)
        return CONV_UNSAFE;
    if (to->kind == TYPE_BFLOAT16 && from->kind == TYPE_INT)
        return from->bits == 8 ? CONV_SAFE : CONV_UNSAFE;
    if (from->kind == TYPE_BFLOAT16 && to->kind == TYPE_FLOAT)
        return to->bits >= 32 ? CONV_SAFE : CONV_UNSAFE;
    if (from->kind == TYPE_BFLOAT16 && to->kind == TYPE_INT)
        return CONV_UNSAFE;
    return CONV_NONE;
}

/* An fp8 type converts to and from the floats, bfloat16 and the integers
 * (its constructors and conversion operators); Numba takes these only as
 * explicit casts (can_convert_from lists nothing), pykc as unsafe ones. */
static Conversion type_fp8_conversion(const Type *from, const Type *to)
{
    const Type *other = from->kind == TYPE_FP8 ? to : from;
    if (other->kind == TYPE_FLOAT || other->kind == TYPE_INT || other->kind == TYPE_BFLOAT16)
        return CONV_UNSAFE;
    return CONV_NONE;
}

Conversion type_can_convert(const Type *from, const Type *to)
{
    if (from == to)
        return CONV_EXACT;
    if (type_is_datetime_like(from) || type_is_datetime_like(to))
        return CONV_NONE;   /* Numba has no conversion between them (sema/datetime.c) */
    if (from->kind == TYPE_FP8 || to->kind == TYPE_FP8)
        return type_fp8_conversion(from, to);
    if (from->kind == TYPE_BFLOAT16 || to->kind == TYPE_BFLOAT16)
        return type_bf16_conversion(from, to);
    if (type_is_scalar(from) && type_is_scalar(to))
        return scalar_conversion(from, to);
    if (from->kind == TYPE_TUPLE && to->kind == TYPE_TUPLE)
        return tuple_conversion(from, to);
    if (from->kind == TYPE_ARRAY && to->kind == TYPE_ARRAY)
        return array_conversion(from, to);
    return CONV_NONE;
}

/* ---- unification -------------------------------------------------------- */

/* The narrowest float NumPy casts a number of this type to safely (a
 * complex: its parts' float). */
static int float_bits_holding(const Type *t)
{
    if (t->kind == TYPE_FLOAT)
        return t->bits;
    if (t->kind == TYPE_COMPLEX)
        return t->elem->bits;
    return t->bits == 8 ? 16 : t->bits == 16 ? 32 : 64;
}

/* np.promote_types for two different numbers (Number.unify). With a
 * complex, the complex whose parts hold both (NumPy has no complex32:
 * float16 goes to complex64). */
static const Type *promote_numbers(const Type *a, const Type *b)
{
    if (a->kind == TYPE_COMPLEX || b->kind == TYPE_COMPLEX) {
        int fa = float_bits_holding(a), fb = float_bits_holding(b);
        return (fa > fb ? fa : fb) == 64 ? &type_complex128_t : &type_complex64_t;
    }
    if (a->kind == TYPE_FLOAT || b->kind == TYPE_FLOAT) {
        int fa = float_bits_holding(a), fb = float_bits_holding(b);
        return type_float(fa > fb ? fa : fb);
    }
    if (a->is_signed == b->is_signed)
        return a->bits >= b->bits ? a : b;
    const Type *s = a->is_signed ? a : b, *u = a->is_signed ? b : a;
    if (u->bits < s->bits)
        return s;
    /* A signed type holding every value of u is twice as wide. */
    return u->bits == 64 ? &type_float64_t : type_int(2 * u->bits, true);
}

/* UniTuple.unify / Tuple.unify: element-wise, same length. */
static const Type *unify_tuples(TypeTable *table, const Type *a, const Type *b)
{
    if (a->count != b->count)
        return NULL;
    const Type **elts = ARENA_ARRAY(table->arena, const Type *, a->count > 0 ? a->count : 1);
    for (int i = 0; i < a->count; i++) {
        elts[i] = type_unify(table, a->elts[i], b->elts[i]);
        if (!elts[i])
            return NULL;
    }
    return type_tuple(table, elts, a->count);
}

/* Array.unify: same dtype and ndim; layouts that differ become 'A'. */
static const Type *unify_arrays(TypeTable *table, const Type *a, const Type *b)
{
    if (a->dtype != b->dtype || a->ndim != b->ndim || a->space != b->space)
        return NULL;
    return type_array(table, a->dtype, a->ndim, a->layout == b->layout ? a->layout : LAYOUT_A,
                      a->space);
}

/* RangeType.unify: the element types unify. Numba would accept a float
 * element here (int64 with uint64 gives float64); no range runs on one. */
static const Type *unify_ranges(TypeTable *table, const Type *a, const Type *b)
{
    const Type *elem = type_unify(table, a->elem, b->elem);
    return elem && type_is_int(elem) ? type_range(table, elem) : NULL;
}

const Type *type_unify(TypeTable *table, const Type *a, const Type *b)
{
    if (a == b)
        return a;
    if (type_is_number(a) && type_is_number(b))
        return promote_numbers(a, b);
    if (a->kind == TYPE_TUPLE && b->kind == TYPE_TUPLE)
        return unify_tuples(table, a, b);
    if (a->kind == TYPE_ARRAY && b->kind == TYPE_ARRAY)
        return unify_arrays(table, a, b);
    if (a->kind == TYPE_RANGE && b->kind == TYPE_RANGE)
        return unify_ranges(table, a, b);
    /* unify_pairs' fallback: the type the other converts to safely. */
    if (type_can_convert(a, b) <= CONV_SAFE)
        return b;
    if (type_can_convert(b, a) <= CONV_SAFE)
        return a;
    return NULL;
}

int type_store_size(const Type *t)
{
    switch (t->kind) {
    case TYPE_BOOL: return 1;
    case TYPE_INT:
    case TYPE_FLOAT:
    case TYPE_COMPLEX:
    case TYPE_BFLOAT16: case TYPE_FP8: return t->bits / 8;
    case TYPE_DATETIME: case TYPE_TIMEDELTA: return 8;
    case TYPE_RECORD: return (int)t->record_size;
    default: return 0;
    }
}

int64_t type_numpy_alignment(const Type *t)
{
    if (t->kind == TYPE_COMPLEX)
        return t->bits / 16;
    if (t->kind != TYPE_RECORD)
        return type_store_size(t) > 0 ? type_store_size(t) : 1;
    int64_t align = 1;
    for (int i = 0; t->aligned && i < t->count; i++) {
        int64_t a = type_numpy_alignment(t->fields[i].type);
        align = a > align ? a : align;
    }
    return align;
}
