/* Type expressions: the Numba types a kernel's parameters are declared
 * with, from a signature string in the decorator ("void(float32[:], int64)"),
 * a --sig option, or parameter annotations (x: float32[::1]).
 *
 * A signature string is parsed as a Python expression and its names are
 * Numba's type names, whatever the module imports (as Numba evaluates them
 * in numba.types); annotations are ordinary expressions resolved in the
 * module's scope. Array types: dtype[:] (any layout), dtype[::1] (C),
 * dtype[:, ::1] (C), dtype[::1, :] (F), up to TYPE_MAX_NDIM dimensions. */
#include "enums.h"
#include "sema_internal.h"

#include "../parser/parser.h"
#include "records.h"



/* ':' is "any stride", '::1' is "contiguous"; nothing else is a layout. */
static int slice_kind(const Node *index)
{
    if (index->kind != NODE_SLICE || index->slice.lower || index->slice.upper)
        return -1;
    const Node *step = index->slice.step;
    if (!step)
        return 0;
    return step->kind == NODE_INT && step->int_lit.value == 1 ? 1 : -1;
}

static ArrayLayout layout_of(const int *kinds, int ndim, bool *ok)
{
    int contiguous = 0;
    for (int i = 0; i < ndim; i++)
        contiguous += kinds[i];
    *ok = true;
    if (contiguous == 0)
        return LAYOUT_A;
    if (contiguous == 1 && kinds[ndim - 1] == 1)
        return LAYOUT_C;
    if (contiguous == 1 && kinds[0] == 1 && ndim > 1)
        return LAYOUT_F;
    *ok = false;
    return LAYOUT_A;
}

/* dtype[...] -> an array type in global memory. */
static const Type *array_type(Sema *sema, Node *expr, const Type *dtype)
{
    Node *index = expr->subscript.index;
    Node **dims = index->kind == NODE_TUPLE ? index->tuple.elts.items : &expr->subscript.index;
    int ndim = index->kind == NODE_TUPLE ? index->tuple.elts.count : 1;
    if (ndim > TYPE_MAX_NDIM) {
        diag_error(sema->diag, index->span, "arrays of more than %d dimensions are not supported by pykc",
                   TYPE_MAX_NDIM);
        return NULL;
    }
    int kinds[TYPE_MAX_NDIM];
    for (int i = 0; i < ndim; i++) {
        kinds[i] = slice_kind(dims[i]);
        if (kinds[i] < 0) {
            diag_error(sema->diag, dims[i]->span,
                   "an array type takes ':' or '::1' in each dimension, as in %s", "float32[:, ::1]");
            return NULL;
        }
    }
    bool ok;
    ArrayLayout layout = layout_of(kinds, ndim, &ok);
    if (!ok) {
        diag_error(sema->diag, index->span,
               "'::1' marks the contiguous dimension: the last (C order) or the first (F order)%s", "");
        return NULL;
    }
    if (!type_is_array_element(dtype) && dtype->kind != TYPE_RECORD) {
        diag_error(sema->diag, expr->span, "an array's element type must be a number, bool or record%s", "");
        return NULL;
    }
    return type_array(sema->types, dtype, ndim, layout, MEM_GLOBAL);
}

/* A type's name in a signature string: numba.cuda.types' names, bfloat16
 * (also as Numba prints it, __nv_bfloat16) included. */
static const Type *numba_type_name(Str name)
{
    const Type *t = type_scalar_by_name(name);
    if (!t && (str_eq_cstr(name, "bfloat16") || str_eq_cstr(name, "__nv_bfloat16")))
        t = &type_bfloat16_t;
    return t;
}

static const Type *named_type(Sema *sema, Node *expr, bool numba_scope)
{
    const Type *record;
    if (numba_scope && sema_record_from_placeholder(sema, expr, &record))
        return record;   /* Record(...) as Numba prints it; NULL: reported */
    Value v = numba_scope && expr->kind == NODE_NAME
                  ? (Value){.kind = VAL_TYPE, .type = numba_type_name(expr->name.id)}
                  : sema_resolve_static(sema, expr);
    if (numba_scope && expr->kind == NODE_NAME && !v.type) {
        /* a record dtype the module binds (rec = np.dtype([...])): pykc
         * lets a signature name it, where Numba's strings cannot */
        Value global = sema_resolve_static(sema, expr);
        if (global.kind == VAL_TYPE && global.type && global.type->kind == TYPE_RECORD)
            v = global;
    }
    if (v.kind == VAL_TYPE && v.type)
        return v.type;
    Value cls = numba_scope && expr->kind == NODE_NAME ? sema_resolve_static(sema, expr) : v;
    if (cls.kind == VAL_SCOPE && sema_is_enum_class(cls.scope))   /* an enum member parameter */
        return sema_enum_param_type(sema, cls.scope, expr->span);
    if (v.kind == VAL_BUILTIN && v.id == BUILTIN_COMPLEX)
        return &type_complex128_t;   /* Python's complex, as Numba's as_numba_type maps it */
    Span at = expr->span;
    Str last = expr->kind == NODE_NAME ? expr->name.id
               : expr->kind == NODE_ATTRIBUTE ? expr->attribute.attr : (Str){0};
    const char *kind = last.len ? sema_unsupported_type_kind(last) : NULL;
    if (kind) {
        diag_error(sema->diag, at, "'%.*s': %s are not supported by pykc yet",
                   (int)(at.end - at.begin), at.src->text + at.begin, kind);
        return NULL;
    }
    diag_error(sema->diag, at, "'%.*s' is not a Numba type (for example float32, int64, float32[:])",
               (int)(at.end - at.begin), at.src->text + at.begin);
    return NULL;
}

/* A parameter's type: any type but none (Numba's always-None argument)
 * and an empty tuple, also inside a tuple. */
const Type *sema_param_type_from_expr(Sema *sema, Node *expr, bool numba_scope)
{
    const Type *type = sema_type_from_expr(sema, expr, numba_scope);
    const char *problem = type ? sema_param_type_problem(type) : NULL;
    if (problem) {
        diag_error(sema->diag, expr->span, "%s", problem);
        return NULL;
    }
    return type;
}

const Type *sema_type_from_expr(Sema *sema, Node *expr, bool numba_scope)
{
    const Type *type = NULL;
    switch (expr->kind) {
    case NODE_NAME:
    case NODE_ATTRIBUTE:
        type = named_type(sema, expr, numba_scope);
        break;
    case NODE_SUBSCRIPT: {
        if (sema_datetime_type_from_subscript(sema, expr, numba_scope, &type))
            return type;   /* datetime64[D]: a unit, not an array's dimensions */
        const Type *dtype = sema_type_from_expr(sema, expr->subscript.value, numba_scope);
        type = dtype ? array_type(sema, expr, dtype) : NULL;
        break;
    }
    case NODE_CALL:   /* UniTuple(int64, 2), Tuple((a, b)), Array(float32, 4, "C") */
        type = sema_type_from_constructor(sema, expr, numba_scope);
        break;
    default:
        diag_error(sema->diag, expr->span, "expected a Numba type here (for example float32, int64, float32[:])%s", "");
        return NULL;
    }
    expr->type = type;
    return type;
}

static bool set_params(Sema *sema, FuncInfo *func, const Type **types, int count, Span at)
{
    int expected = func->def->funcdef.params.count;
    if (count != expected) {
        diag_error(sema->diag, at, "the signature has %d parameter%s but '%.*s' takes %d",
                   count, count == 1 ? "" : "s", STR_ARG(func->name), expected);
        return false;
    }
    func->param_types = types;
    func->param_count = count;
    return true;
}

/* (arg, ...) or "(arg, ...)": the parameter types alone. A kernel returns
 * void; a device function's arguments convert to the types given and its
 * return type is inferred, as Numba infers it (specialize.c). */
static bool signature_from_params(Sema *sema, Node *expr, FuncInfo *func, bool numba_scope)
{
    NodeList one = {&expr, 1};
    NodeList *items = expr->kind == NODE_TUPLE ? &expr->tuple.elts : &one;
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, items->count + 1);
    bool ok = true;
    for (int i = 0; i < items->count; i++)
        ok &= (types[i] = sema_param_type_from_expr(sema, items->items[i], numba_scope)) != NULL;
    if (!ok || !set_params(sema, func, types, items->count, expr->span))
        return false;
    if (!func->is_kernel) {   /* the parameters stand; the return type is inferred per call */
        func->is_generic = true;
        func->declared_params = true;
    }
    func->return_type = &type_none_t;
    return true;
}

/* A signature without a return type: a tuple of types, or a parenthesized
 * type ("(float64[:, :],)", "(float64[:])"), but not a call ret(args). */
static bool is_parameter_list(const Node *expr)
{
    return expr->kind == NODE_TUPLE || (expr->parens && expr->kind != NODE_CALL);
}

/* ret(arg, ...) with names resolved in Numba's scope or the module's. */
static bool signature_from_call(Sema *sema, Node *expr, FuncInfo *func, bool numba_scope)
{
    if (is_parameter_list(expr))
        return signature_from_params(sema, expr, func, numba_scope);
    if (expr->kind != NODE_CALL || expr->call.keywords.count) {
        diag_error(sema->diag, expr->span,
                   "a signature has the form 'void(float32[:], int64)': a return type and the parameter types");
        return false;
    }
    const Type *ret = sema_type_from_expr(sema, expr->call.func, numba_scope);
    int count = expr->call.args.count;
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, count ? count : 1);
    bool ok = ret != NULL;
    for (int i = 0; i < count; i++)
        ok &= (types[i] = sema_param_type_from_expr(sema, expr->call.args.items[i], numba_scope)) != NULL;
    if (!ok)
        return false;
    if (func->is_kernel && ret->kind != TYPE_NONE) {
        diag_error(sema->diag, expr->call.func->span,
                   "a kernel's signature must return void: kernels write results to array arguments");
        return false;
    }
    func->return_type = ret;
    return set_params(sema, func, types, count, expr->span);
}

bool sema_signature_from_string(Sema *sema, const Source *text, FuncInfo *func)
{
    Node *expr = parse_expression(sema->arena, sema->diag, sema_hide_record_texts(sema, text));
    return expr && signature_from_call(sema, expr, func, true);
}

bool sema_signature_from_expr(Sema *sema, Node *expr, FuncInfo *func)
{
    return signature_from_call(sema, expr, func, false);
}
