/* The module-constant evaluator's walk over an expression (np_eval.h):
 * literals as Python scalars, names through the scopes (a name another
 * binding computed keeps the value NumPy gave it), numpy's attributes,
 * calls (np_create.c) and operators (np_ops.c).
 *
 * bind.c asks it first for every `name = value` it evaluates: a value that
 * is an array becomes a constant of Numba's readonly array type, and a
 * failure on the way to one becomes a host binding that says why; every
 * other value is left to sema's usual typing. */
#include "np_eval.h"
#include "scope.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

NpVal np_error(NpCtx *ctx, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char buffer[512];
    vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    return (NpVal){.kind = NPV_ERROR, .why = arena_printf(ctx->sema->arena, "%s", buffer)};
}

const char *np_source(NpCtx *ctx, const Node *node)
{
    Span s = node->span;
    return arena_strndup(ctx->sema->arena, s.src->text + s.begin, (size_t)(s.end - s.begin));
}

static NpVal python_scalar(const Type *t, ConstValue v)
{
    if (t == &type_int64_t || (t == &type_uint64_t && v.i < 0))
        return (NpVal){.kind = NPV_INT, .num = v, .wide = t == &type_uint64_t};
    if (t == &type_float64_t)
        return (NpVal){.kind = NPV_FLOAT, .num = v};
    if (t == &type_bool_t)
        return (NpVal){.kind = NPV_BOOL, .num = v};
    return (NpVal){.kind = NPV_SCALAR, .dtype = t, .num = v};   /* numba.float32(2): a NumPy scalar */
}

/* A folded module tuple (bind.c's tree of constant leaves) as a sequence. */
static NpVal tuple_value(NpCtx *ctx, const Node *tuple)
{
    if (tuple->kind != NODE_TUPLE)
        return python_scalar(tuple->type, tuple->konst);
    NpVal seq = {.kind = NPV_SEQ, .count = tuple->tuple.elts.count};
    seq.items = ARENA_ARRAY(ctx->sema->arena, NpVal, seq.count + 1);
    for (int i = 0; i < seq.count; i++)
        seq.items[i] = tuple_value(ctx, tuple->tuple.elts.items[i]);
    return seq;
}

static NpVal callable_value(int id)
{
    switch (id) {
    case CALLABLE_FLOAT: return (NpVal){.kind = NPV_FUNC, .id = NPF_PY_FLOAT};
    case CALLABLE_INT: return (NpVal){.kind = NPV_FUNC, .id = NPF_PY_INT};
    case CALLABLE_BOOL: return (NpVal){.kind = NPV_FUNC, .id = NPF_PY_BOOL};
    default: return (NpVal){.kind = NPV_ERROR};
    }
}

/* What sema's lookup of a name gives, as NumPy sees it. */
static NpVal symbol_value(NpCtx *ctx, const Symbol *sym, Str name)
{
    if (sym->np)
        return *(const NpVal *)sym->np;
    switch (sym->kind) {
    case SYM_MODULE: return (NpVal){.kind = NPV_MODULE, .id = sym->id};
    case SYM_TYPE:
        if (type_is_complex(sym->type))
            return np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
        if (type_is_scalar(sym->type))
            return (NpVal){.kind = NPV_FUNC, .id = NPF_SCALAR_TYPE, .dtype = sym->type};
        break;
    case SYM_BUILTIN: {
        NpVal v = callable_value(sym->id);
        if (v.kind != NPV_ERROR)
            return v;
        break;
    }
    case SYM_CONST:
        if (sym->tuple)
            return tuple_value(ctx, sym->tuple);
        if (sym->type && type_is_scalar(sym->type))
            return python_scalar(sym->type, sym->value);
        break;
    case SYM_HOST:
        ctx->arrays |= strstr(sym->why, "NumPy array") != NULL;   /* built from an array pykc refused */
        return np_error(ctx, "'%.*s', which is %s", STR_ARG(name), sym->why);
    default:
        break;
    }
    return np_error(ctx, "'%.*s', which pykc cannot compute with", STR_ARG(name));
}

static NpVal eval_name(NpCtx *ctx, const Node *node)
{
    Str id = node->name.id;
    Symbol *sym = sema_scope_lookup(ctx->sema, ctx->scope, id);
    if (sym) {
        NpVal v = symbol_value(ctx, sym, id);
        ctx->arrays |= v.kind == NPV_ARRAY;
        return v;
    }
    Value builtin = sema_lookup_builtin_name(id);
    if (builtin.kind == VAL_BUILTIN && callable_value(builtin.id).kind != NPV_ERROR)
        return callable_value(builtin.id);
    if (str_eq_cstr(id, "complex"))
        return np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
    Value module;
    if (ctx->sema->prelude && sema_prelude_module(id, &module))
        return (NpVal){.kind = NPV_MODULE, .id = module.id};
    return np_error(ctx, "'%.*s', a name pykc does not know here", STR_ARG(id));
}

/* numpy's functions this evaluator computes. */
static const struct { const char *name; NpFunc id; } numpy_functions[] = {
    {"array", NPF_ARRAY}, {"asarray", NPF_ASARRAY}, {"arange", NPF_ARANGE}, {"linspace", NPF_LINSPACE},
    {"zeros", NPF_ZEROS}, {"ones", NPF_ONES}, {"full", NPF_FULL}, {"empty", NPF_EMPTY},
    {"asfortranarray", NPF_ASFORTRANARRAY}, {"ascontiguousarray", NPF_ASCONTIGUOUSARRAY},
    {"dtype", NPF_DTYPE}, {"copy", NPF_COPY}, {"reshape", NPF_RESHAPE}, {"transpose", NPF_TRANSPOSE},
};

static NpVal module_attribute(NpCtx *ctx, const NpVal *base, const Node *node)
{
    Str attr = node->attribute.attr;
    if (base->id == NS_NUMPY)
        for (size_t i = 0; i < sizeof numpy_functions / sizeof numpy_functions[0]; i++)
            if (str_eq_cstr(attr, numpy_functions[i].name))
                return (NpVal){.kind = NPV_FUNC, .id = numpy_functions[i].id};
    if (base->id == NS_NUMPY && (str_eq_cstr(attr, "bool") || str_eq_cstr(attr, "bool_")))
        return (NpVal){.kind = NPV_FUNC, .id = NPF_SCALAR_TYPE, .dtype = &type_bool_t};
    Value v = sema_resolve_attribute(ctx->sema, (Value){.kind = VAL_NAMESPACE, .id = base->id}, attr);
    if (v.kind == VAL_TYPE && type_is_complex(v.type))   /* np.complex64: values not computed yet */
        return np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
    if (v.kind == VAL_TYPE && type_is_scalar(v.type))
        return (NpVal){.kind = NPV_FUNC, .id = NPF_SCALAR_TYPE, .dtype = v.type};
    if (v.kind == VAL_RUNTIME && v.konst.kind == CONST_FLOAT)
        return (NpVal){.kind = NPV_FLOAT, .num = v.konst};   /* np.pi, math.inf: Python floats */
    if (v.kind == VAL_UNSUPPORTED && sema_unsupported_type_kind(attr))
        return np_error(ctx, "a NumPy array of %s, which pykc does not support yet", sema_unsupported_type_kind(attr));
    ctx->arrays |= base->id == NS_NUMPY;   /* np.sin(...): a function of arrays pykc does not evaluate */
    return np_error(ctx, "'%s', which pykc does not compute at compile time", np_source(ctx, node));
}

static NpVal array_attribute(NpCtx *ctx, const NpVal *base, const Node *node)
{
    const NpArr *a = base->arr;
    Str attr = node->attribute.attr;
    static const struct { const char *name; NpFunc id; } methods[] = {
        {"reshape", NPF_RESHAPE}, {"astype", NPF_ASTYPE}, {"copy", NPF_COPY}, {"transpose", NPF_TRANSPOSE},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (str_eq_cstr(attr, methods[i].name))
            return (NpVal){.kind = NPV_METHOD, .id = methods[i].id, .arr = base->arr};
    if (str_eq_cstr(attr, "T"))
        return (NpVal){.kind = NPV_ARRAY, .arr = np_arr_transpose(ctx, a)};
    if (str_eq_cstr(attr, "dtype"))
        return (NpVal){.kind = NPV_DTYPE, .dtype = a->dtype};
    int64_t n = str_eq_cstr(attr, "size") ? np_arr_size(a) : str_eq_cstr(attr, "ndim") ? a->ndim
              : str_eq_cstr(attr, "itemsize") ? type_store_size(a->dtype)
              : str_eq_cstr(attr, "nbytes") ? np_arr_size(a) * type_store_size(a->dtype) : -1;
    if (n >= 0)
        return (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = n}};
    if (str_eq_cstr(attr, "shape") || str_eq_cstr(attr, "strides")) {
        NpVal seq = {.kind = NPV_SEQ, .count = a->ndim};
        seq.items = ARENA_ARRAY(ctx->sema->arena, NpVal, a->ndim + 1);
        for (int k = 0; k < a->ndim; k++)
            seq.items[k] = (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT,
                                   .i = str_eq_cstr(attr, "shape") ? a->shape[k] : a->strides[k]}};
        return seq;
    }
    return np_error(ctx, "'%s', which pykc does not compute at compile time", np_source(ctx, node));
}

static NpVal eval_attribute(NpCtx *ctx, const Node *node)
{
    NpVal base = np_eval(ctx, node->attribute.value);
    if (base.kind == NPV_ERROR)
        return base;
    if (base.kind == NPV_MODULE)
        return module_attribute(ctx, &base, node);
    if (base.kind == NPV_ARRAY)
        return array_attribute(ctx, &base, node);
    return np_error(ctx, "'%s', which pykc does not compute at compile time", np_source(ctx, node));
}

static NpVal eval_sequence(NpCtx *ctx, const Node *node)
{
    NpVal seq = {.kind = NPV_SEQ, .count = node->tuple.elts.count, .list = node->kind == NODE_LIST};
    seq.items = ARENA_ARRAY(ctx->sema->arena, NpVal, seq.count + 1);
    for (int i = 0; i < seq.count; i++) {
        const Node *elt = node->tuple.elts.items[i];
        if (elt->kind == NODE_STARRED)
            return np_error(ctx, "a starred item in a NumPy constant, which pykc does not compute yet");
        seq.items[i] = np_eval(ctx, elt);
        if (seq.items[i].kind == NPV_ERROR)
            return seq.items[i];
    }
    return seq;
}

NpVal np_eval(NpCtx *ctx, const Node *node)
{
    switch (node->kind) {
    case NODE_INT:
        return (NpVal){.kind = NPV_INT, .num = {.kind = CONST_INT, .i = (int64_t)node->int_lit.value},
                       .wide = node->int_lit.value > (uint64_t)INT64_MAX};
    case NODE_FLOAT: return (NpVal){.kind = NPV_FLOAT, .num = {.kind = CONST_FLOAT, .f = node->float_lit.value}};
    case NODE_BOOL: return (NpVal){.kind = NPV_BOOL, .num = {.kind = CONST_BOOL, .b = node->bool_lit.value}};
    case NODE_NONE: return (NpVal){.kind = NPV_NONE};
    case NODE_IMAG: return np_error(ctx, "a NumPy array of complex numbers, which pykc does not support yet");
    case NODE_STRING:
        if (node->string.bytes)
            break;
        return (NpVal){.kind = NPV_STRING, .str = node->string.value};
    case NODE_NAME: return eval_name(ctx, node);
    case NODE_ATTRIBUTE: return eval_attribute(ctx, node);
    case NODE_CALL: {
        NpVal callee = np_eval(ctx, node->call.func);
        return callee.kind == NPV_ERROR ? callee : np_call(ctx, node, callee);
    }
    case NODE_BINOP:
        return np_binop(ctx, node->binop.op, np_eval(ctx, node->binop.left), np_eval(ctx, node->binop.right));
    case NODE_UNARY: return np_unary(ctx, node->unary.op, np_eval(ctx, node->unary.operand));
    case NODE_TUPLE: case NODE_LIST: return eval_sequence(ctx, node);
    case NODE_SUBSCRIPT: {
        NpVal base = np_eval(ctx, node->subscript.value);
        if (base.kind == NPV_ERROR)
            return base;
        if (base.kind == NPV_ARRAY)
            return np_error(ctx, "'%s', an array indexed at module level, which pykc does not compute yet",
                            np_source(ctx, node));
        break;
    }
    default: break;
    }
    return np_error(ctx, "'%s', which pykc does not compute at compile time", np_source(ctx, node));
}

/* ======================= bind.c's question ======================= */

/* The host binding's reason: an unsupported kind of array says so as it
 * is; anything else is what stopped the computation. */
static const char *host_reason(Sema *sema, const char *why)
{
    if (strncmp(why, "a NumPy array", 13) == 0)
        return why;
    return arena_printf(sema->arena, "bound to a NumPy array pykc cannot compute: %s", why);
}

Symbol *sema_np_binding(Sema *sema, Scope *scope, Binding *binding)
{
    NpCtx ctx = {.sema = sema, .scope = scope};
    NpVal v = np_eval(&ctx, binding->node);
    NpVal *kept = ARENA_NEW(sema->arena, NpVal);
    *kept = v;
    if (v.kind == NPV_ERROR && ctx.arrays)
        return sema_host_symbol(sema, binding->name, binding->at, host_reason(sema, v.why));
    Symbol *tuple = sema_np_tuple_binding(sema, &ctx, binding, kept);   /* const_tuples.c */
    if (tuple)
        return tuple;
    if (v.kind != NPV_ARRAY) {
        binding->np = v.kind == NPV_ERROR ? NULL : kept;
        return NULL;
    }
    Symbol *sym;
    const char *changed = sema_np_changed(sema, scope, binding->name);
    if (changed) {
        sym = sema_host_symbol(sema, binding->name, binding->at, changed);
    } else if (v.arr->ndim == 0) {
        sym = sema_host_symbol(sema, binding->name, binding->at,
                               "a 0-d NumPy array, which pykc does not support yet");
    } else {
        ConstArray *ca = np_arr_freeze(&ctx, v.arr, binding->name);
        sym = ARENA_NEW(sema->arena, Symbol);
        sym->kind = SYM_CONST;
        sym->name = binding->name;
        sym->def = binding->at;
        sym->param_index = -1;
        sym->type = ca->type;
        sym->array = ca;
        if (binding->target)
            binding->target->type = ca->type;   /* for --dump-types */
    }
    if (!changed)
        sym->np = kept;   /* arrays built from a changed one would inherit its first value */
    return sym;
}
