/* Numba's type constructors in type expressions (signatures, annotations,
 * --sig): UniTuple(dtype, count), Tuple((t1, t2, ...)) and Array(dtype,
 * ndim, layout), as numba.types (numba.core.types, numba.cuda.types)
 * defines them and as a signature string names them (Numba evaluates the
 * string in that module's namespace):
 *     "void(UniTuple(int64, 2), Tuple((int32, float32)))"
 *     "UniTuple(float64, 2)(float64)"            a device function's return
 *     types.Array(types.float32, 4, "C")         float32[:, :, :, ::1]
 * The types are the ones Numba makes: Tuple of identical types is that
 * UniTuple, Tuple(()) and UniTuple(t, 0) are the empty tuple, Array's
 * layout is C, F or A (CS and FS, Numba's strided-contiguous layouts, and
 * readonly or unaligned arrays are not supported yet). Counts and ndim are
 * integer literals, or module constants outside a signature string.
 * Called by signature.c for a call in a type position; calls.c reports the
 * constructors called in a kernel's body. */
#include "sema_internal.h"

#include <string.h>

/* A tuple parameter or return value holds at most this many values:
 * PTX passes a kernel at most 4 KiB of parameters, 512 64-bit ones. */
#define MAX_TUPLE_COUNT 512

static const struct {
    const char *name;
    Callable id;
} constructors[] = {
    {"UniTuple", CALLABLE_UNITUPLE}, {"Tuple", CALLABLE_TUPLE}, {"Array", CALLABLE_ARRAY},
};

Value sema_type_constructor(Str name)
{
    for (size_t i = 0; i < sizeof constructors / sizeof constructors[0]; i++)
        if (str_eq_cstr(name, constructors[i].name))
            return (Value){.kind = VAL_BUILTIN, .id = (int)constructors[i].id};
    return sema_value_error();
}

bool sema_is_type_constructor(int id)
{
    return id == CALLABLE_UNITUPLE || id == CALLABLE_TUPLE || id == CALLABLE_ARRAY;
}

static const char *constructor_name(int id)
{
    for (size_t i = 0; i < sizeof constructors / sizeof constructors[0]; i++)
        if ((int)constructors[i].id == id)
            return constructors[i].name;
    return "?";
}

Value sema_report_type_constructor_call(FuncCtx *ctx, Node *call, int id)
{
    sema_report(ctx, call->span, "'%s(...)' makes a type for a signature or an annotation; it has "
                "no value in a kernel", constructor_name(id));
    return sema_value_error();
}

/* ---- arguments ------------------------------------------------------------ */

/* The call's arguments by position or by Numba's keyword names; `names`
 * lists the parameters in order, `required` how many must be given.
 * Other keywords are errors. */
static bool bind_args(Sema *sema, Node *call, const char *ctor, const char *const *names, int count,
                      int required, Node **out)
{
    NodeList *args = &call->call.args, *kws = &call->call.keywords;
    memset(out, 0, sizeof *out * (size_t)count);
    if (args->count > count) {
        diag_error(sema->diag, args->items[count]->span, "%s takes at most %d argument%s", ctor, count,
                   count == 1 ? "" : "s");
        return false;
    }
    for (int i = 0; i < args->count; i++)
        out[i] = args->items[i];
    for (int k = 0; k < kws->count; k++) {
        Node *kw = kws->items[k];
        int i = 0;
        while (i < count && !str_eq_cstr(kw->keyword.name, names[i]))
            i++;
        if (i == count || out[i]) {
            diag_error(sema->diag, kw->span, i == count ? "%s has no argument '%.*s'"
                                                        : "%s's argument '%.*s' is given twice",
                       ctor, STR_ARG(kw->keyword.name));
            return false;
        }
        out[i] = kw->keyword.value;
    }
    for (int i = 0; i < required; i++)
        if (!out[i]) {
            diag_error(sema->diag, call->span, "%s needs its argument '%s'", ctor, names[i]);
            return false;
        }
    return true;
}

/* An integer constant: a literal anywhere, or a module constant outside a
 * signature string (whose names are Numba's types only). */
static bool constant_int(Sema *sema, Node *node, bool numba_scope, int64_t *out)
{
    if (node->kind == NODE_INT) {
        *out = node->int_lit.value > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)node->int_lit.value;
        return true;
    }
    if (!numba_scope && (node->kind == NODE_NAME || node->kind == NODE_ATTRIBUTE)) {
        Value v = sema_resolve_static(sema, node);
        if (v.kind == VAL_RUNTIME && v.konst.kind == CONST_INT && v.type && type_is_int(v.type)) {
            *out = v.konst.i;
            return true;
        }
    }
    return false;
}

static bool count_in(Sema *sema, Node *node, bool numba_scope, const char *what, int64_t lo,
                     int64_t hi, int64_t *out)
{
    if (!constant_int(sema, node, numba_scope, out)) {
        diag_error(sema->diag, node->span, "%s must be an integer constant", what);
        return false;
    }
    if (*out < lo || *out > hi) {
        diag_error(sema->diag, node->span, "%s must be %lld to %lld, not %lld", what, (long long)lo,
                   (long long)hi, (long long)*out);
        return false;
    }
    return true;
}

/* ---- the constructors ----------------------------------------------------- */

/* UniTuple(dtype, count) */
static const Type *unituple(Sema *sema, Node *call, bool numba_scope)
{
    static const char *const names[] = {"dtype", "count"};
    Node *args[2];
    int64_t count;
    if (!bind_args(sema, call, "UniTuple", names, 2, 2, args))
        return NULL;
    const Type *dtype = sema_type_from_expr(sema, args[0], numba_scope);
    if (!dtype || !count_in(sema, args[1], numba_scope, "UniTuple's count", 0, MAX_TUPLE_COUNT, &count))
        return NULL;
    const Type **elts = ARENA_ARRAY(sema->arena, const Type *, count + 1);
    for (int i = 0; i < count; i++)
        elts[i] = dtype;
    return type_tuple(sema->types, elts, (int)count);
}

/* Tuple(types): types a tuple (or a list) of types. */
static const Type *tuple(Sema *sema, Node *call, bool numba_scope)
{
    static const char *const names[] = {"types"};
    Node *types;
    if (!bind_args(sema, call, "Tuple", names, 1, 1, &types))
        return NULL;
    if (types->kind != NODE_TUPLE && types->kind != NODE_LIST) {
        diag_error(sema->diag, types->span, "Tuple takes a tuple of types, as in Tuple((int32, float32))");
        return NULL;
    }
    int count = types->tuple.elts.count;
    if (count > MAX_TUPLE_COUNT) {
        diag_error(sema->diag, types->span, "a tuple of more than %d types is not supported by pykc",
                   MAX_TUPLE_COUNT);
        return NULL;
    }
    const Type **elts = ARENA_ARRAY(sema->arena, const Type *, count + 1);
    bool ok = true;
    for (int i = 0; i < count; i++)
        ok &= (elts[i] = sema_type_from_expr(sema, types->tuple.elts.items[i], numba_scope)) != NULL;
    return ok ? type_tuple(sema->types, elts, count) : NULL;
}

/* 'C', 'F', 'A'; Numba's 'CS' and 'FS' are reported as not supported. */
static bool read_layout(Sema *sema, Node *node, ArrayLayout *out)
{
    Str s = node->kind == NODE_STRING ? node->string.value : (Str){0};
    if (str_eq_cstr(s, "C") || str_eq_cstr(s, "F") || str_eq_cstr(s, "A")) {
        *out = s.ptr[0] == 'C' ? LAYOUT_C : s.ptr[0] == 'F' ? LAYOUT_F : LAYOUT_A;
        return true;
    }
    if (str_eq_cstr(s, "CS") || str_eq_cstr(s, "FS"))
        diag_error(sema->diag, node->span, "Numba's layout '%.*s' is not supported by pykc yet: "
                   "use 'A'", STR_ARG(s));
    else
        diag_error(sema->diag, node->span, "an array's layout is 'C', 'F' or 'A'");
    return false;
}

/* readonly= and aligned= may only say what pykc's arrays are. */
static bool plain_flag(Sema *sema, Node *node, bool expected, const char *what)
{
    if (!node || (node->kind == NODE_BOOL && node->bool_lit.value == expected))
        return true;
    diag_error(sema->diag, node->span, "%s arrays are not supported by pykc yet", what);
    return false;
}

/* Array(dtype, ndim, layout, readonly=False, name=None, aligned=True) */
static const Type *array(Sema *sema, Node *call, bool numba_scope)
{
    static const char *const names[] = {"dtype", "ndim", "layout", "readonly", "name", "aligned"};
    Node *args[6];
    int64_t ndim;
    ArrayLayout layout;
    if (!bind_args(sema, call, "Array", names, 6, 3, args))
        return NULL;
    const Type *dtype = sema_type_from_expr(sema, args[0], numba_scope);
    if (!dtype || !count_in(sema, args[1], numba_scope, "an array's ndim", 0, TYPE_MAX_NDIM, &ndim) ||
        !read_layout(sema, args[2], &layout) || !plain_flag(sema, args[3], false, "read-only") ||
        !plain_flag(sema, args[5], true, "unaligned"))
        return NULL;
    if (!type_is_array_element(dtype)) {
        diag_error(sema->diag, args[0]->span, "an array's element type must be a number or bool");
        return NULL;
    }
    return type_array(sema->types, dtype, (int)ndim, layout, MEM_GLOBAL);
}

const Type *sema_type_from_constructor(Sema *sema, Node *call, bool numba_scope)
{
    Node *f = call->call.func;
    Value v = numba_scope && f->kind == NODE_NAME ? sema_type_constructor(f->name.id)
                                                  : sema_resolve_static(sema, f);
    if (v.kind != VAL_BUILTIN || !sema_is_type_constructor(v.id)) {
        diag_error(sema->diag, f->span, "expected a Numba type here: '%.*s' is not one of the type "
                   "constructors UniTuple, Tuple and Array",
                   (int)(f->span.end - f->span.begin), f->span.src->text + f->span.begin);
        return NULL;
    }
    switch (v.id) {
    case CALLABLE_UNITUPLE: return unituple(sema, call, numba_scope);
    case CALLABLE_TUPLE: return tuple(sema, call, numba_scope);
    default: return array(sema, call, numba_scope);
    }
}

/* What a parameter of this type cannot hold (NULL: it can): none, or an
 * empty tuple, anywhere in it. Numba passes an empty tuple as no value at
 * all; a C host could not spell it. */
const char *sema_param_type_problem(const Type *t)
{
    if (t->kind == TYPE_NONE)
        return "a parameter of type 'none' is not supported by pykc yet";
    if (t->kind == TYPE_BFLOAT16)
        return "a bfloat16 parameter is not supported by pykc yet (arrays of bfloat16 are)";
    if (t->kind == TYPE_FP8)
        return "an fp8 parameter is not supported by pykc yet";
    if (t->kind != TYPE_TUPLE)
        return NULL;
    for (int i = 0; i < t->count; i++) {
        const char *problem = sema_param_type_problem(t->elts[i]);
        if (problem)
            return t->elts[i]->kind == TYPE_NONE
                       ? "a tuple parameter holding 'none' is not supported by pykc yet"
                       : problem;
    }
    return NULL;
}
