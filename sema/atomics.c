/* cuda.atomic.*: resolves the names of the namespace and types the calls as
 * numba-cuda's typing does (numba-cuda.md 1.4). Each call takes an array, an
 * index (an int, or a tuple of ndim ints; compare_and_swap has none and uses
 * element 0 of a 1-d array) and one or two values, which are converted to
 * the array's dtype; it returns the element's old value, of that dtype.
 * Codegen lowers the calls in codegen/cg_atomics.c. */
#include "sema_internal.h"

/* Which dtypes an operation takes. */
typedef enum { ACCEPT_NUMBERS, ACCEPT_INTS, ACCEPT_UNSIGNED } Accept;

typedef struct {
    const char *name;     /* the attribute of cuda.atomic */
    Builtin id;
    Accept accept;
    int values;           /* arguments after the array and the index */
    bool has_index;
} AtomicOp;

static const AtomicOp ops[] = {
    {"add",              BUILTIN_ATOMIC_ADD,    ACCEPT_NUMBERS,  1, true},
    {"sub",              BUILTIN_ATOMIC_SUB,    ACCEPT_NUMBERS,  1, true},
    {"max",              BUILTIN_ATOMIC_MAX,    ACCEPT_NUMBERS,  1, true},
    {"min",              BUILTIN_ATOMIC_MIN,    ACCEPT_NUMBERS,  1, true},
    {"nanmax",           BUILTIN_ATOMIC_NANMAX, ACCEPT_NUMBERS,  1, true},
    {"nanmin",           BUILTIN_ATOMIC_NANMIN, ACCEPT_NUMBERS,  1, true},
    {"and_",             BUILTIN_ATOMIC_AND,    ACCEPT_INTS,     1, true},
    {"or_",              BUILTIN_ATOMIC_OR,     ACCEPT_INTS,     1, true},
    {"xor",              BUILTIN_ATOMIC_XOR,    ACCEPT_INTS,     1, true},
    {"exch",             BUILTIN_ATOMIC_EXCH,   ACCEPT_INTS,     1, true},
    {"inc",              BUILTIN_ATOMIC_INC,    ACCEPT_UNSIGNED, 1, true},
    {"dec",              BUILTIN_ATOMIC_DEC,    ACCEPT_UNSIGNED, 1, true},
    {"cas",              BUILTIN_ATOMIC_CAS,    ACCEPT_INTS,     2, true},
    {"compare_and_swap", BUILTIN_ATOMIC_COMPARE_AND_SWAP, ACCEPT_INTS, 2, false},
};
enum { OP_COUNT = sizeof ops / sizeof ops[0] };

static const char *const accept_text[] = {
    [ACCEPT_NUMBERS] = "int32, uint32, int64, uint64, float32 or float64",
    [ACCEPT_INTS] = "int32, uint32, int64 or uint64",
    [ACCEPT_UNSIGNED] = "uint32 or uint64",
};

static const AtomicOp *find_op(int id)
{
    for (int i = 0; i < OP_COUNT; i++)
        if ((int)ops[i].id == id)
            return &ops[i];
    return NULL;
}

Value sema_atomic_function(Str name)
{
    for (int i = 0; i < OP_COUNT; i++)
        if (str_eq_cstr(name, ops[i].name))
            return (Value){.kind = VAL_BUILTIN, .id = (int)ops[i].id};
    return sema_value_error();
}

bool sema_is_atomic_builtin(int id)
{
    return find_op(id) != NULL;
}

/* Only the 32- and 64-bit ints and floats have atomics. */
static bool accepts(Accept accept, const Type *t)
{
    if (t->bits < 32 || (t->kind != TYPE_INT && t->kind != TYPE_FLOAT))
        return false;
    if (accept == ACCEPT_NUMBERS)
        return true;
    return t->kind == TYPE_INT && (accept == ACCEPT_INTS || !t->is_signed);
}

static bool check_arg_count(FuncCtx *ctx, Node *call, const AtomicOp *op)
{
    int want = 1 + op->has_index + op->values;
    const char *spelling = sema_builtin_spelling(op->id);
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", spelling);
        return false;
    }
    if (call->call.args.count == want)
        return true;
    sema_report(ctx, call->span, "'%s' takes %d arguments, not %d", spelling, want, call->call.args.count);
    return false;
}

/* The array: of a dtype the operation takes (and 1-d for compare_and_swap). */
static const Type *check_array(FuncCtx *ctx, Node *arg, const AtomicOp *op)
{
    const Type *array = sema_check_value(ctx, arg);
    if (!array)
        return NULL;
    if (array->kind != TYPE_ARRAY || !accepts(op->accept, array->dtype)) {
        sema_report(ctx, arg->span, "%s needs an array of %s, not '%s'", sema_builtin_spelling(op->id),
                    accept_text[op->accept], array->name);
        return NULL;
    }
    if (!sema_check_writable(ctx, array, arg->span,
                             arena_printf(ctx->sema->arena, "%s cannot change", sema_builtin_spelling(op->id))))
        return NULL;
    if (array->space == MEM_LOCAL) {
        sema_report(ctx, arg->span, "%s needs a global or shared array: an atomic on a thread's local "
                    "array has no meaning in PTX", sema_builtin_spelling(op->id));
        return NULL;
    }
    if (!op->has_index && array->ndim != 1) {
        sema_report(ctx, arg->span, "%s needs a 1-d array, not '%s'", sema_builtin_spelling(op->id),
                    array->name);
        return NULL;
    }
    return array;
}

/* A value argument: any number, converted to the dtype. */
static bool check_value(FuncCtx *ctx, Node **arg, const AtomicOp *op, const Type *dtype)
{
    const Type *type = sema_check_value(ctx, *arg);
    if (!type)
        return false;
    if (!type_is_scalar(type)) {
        sema_report(ctx, (*arg)->span, "%s %s a number, not '%s'", sema_builtin_spelling(op->id),
                    op->id == BUILTIN_ATOMIC_ADD ? "adds" : "takes", type->name);
        return false;
    }
    *arg = sema_convert(ctx, *arg, dtype);
    return true;
}

/* Numba types an atomic's index loosely: a 1-d array's index converts to
 * intp, and a tuple for more dimensions is taken as it is and lowered by
 * casting each member to intp. So a float index, or a tuple with a float
 * member (unification makes one in numba-cuda's own atomic tests), is cast
 * to int64, truncating, as Numba's lowering casts it. A tuple written out
 * in the call is left to sema_index_type. */
static void cast_float_index(FuncCtx *ctx, Node **index, int ndim)
{
    if ((*index)->kind == NODE_TUPLE || (*index)->kind == NODE_SLICE)
        return;
    const Type *type = sema_check_value(ctx, *index);
    if (!type)
        return;
    if (ndim == 1 && type_is_float(type)) {
        *index = sema_convert(ctx, *index, &type_int64_t);
        return;
    }
    if (type->kind != TYPE_TUPLE || type->count != ndim)
        return;
    const Type *elts[TYPE_MAX_NDIM];
    bool any_float = false;
    for (int i = 0; i < ndim; i++) {
        any_float |= type_is_float(type->elts[i]);
        elts[i] = type_is_float(type->elts[i]) ? &type_int64_t : type->elts[i];
    }
    if (any_float)
        *index = sema_convert(ctx, *index, type_tuple(ctx->sema->types, elts, ndim));
}

/* cuda.atomic.OP(array, index, value), .cas(array, index, old, new),
 * .compare_and_swap(array, old, new) */
Value sema_check_atomic(FuncCtx *ctx, Node *call, Builtin id)
{
    const AtomicOp *op = find_op(id);
    if (!check_arg_count(ctx, call, op))
        return sema_value_error();
    Node **args = call->call.args.items;
    const Type *array = check_array(ctx, args[0], op);
    bool ok = array != NULL;
    int first_value = 1 + op->has_index;
    for (int i = first_value; i < call->call.args.count; i++)
        ok = (array ? check_value(ctx, &args[i], op, array->dtype) : sema_check_value(ctx, args[i]) != NULL) && ok;
    if (!ok)
        return sema_value_error();
    if (op->has_index)
        cast_float_index(ctx, &args[1], array->ndim);
    if (op->has_index && !sema_index_type(ctx, &args[1], array->ndim, args[1]->span))
        return sema_value_error();
    call->call.builtin = id;
    call->type = array->dtype;
    return sema_value_runtime(array->dtype);
}
