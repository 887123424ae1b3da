/* Calls: casts (float32(x), int(x)), Python builtins (len, min, max, abs),
 * the CUDA API (cuda.grid, cuda.gridsize, cuda.syncthreads,
 * cuda.shared.array; cuda.atomic.* in atomics.c), range() as a for loop's iterable,
 * and calls of device functions. Each sets the Call's builtin or callee and
 * converts the arguments to the types the operation takes. */
#include "sema_internal.h"
#include "np_ufuncs.h"
#include "records.h"

static const char *callee_name(FuncCtx *ctx, Node *call)
{
    Span s = call->call.func->span;
    return arena_printf(ctx->sema->arena, "%.*s", (int)(s.end - s.begin), s.src->text + s.begin);
}

static bool expect_args(FuncCtx *ctx, Node *call, int min, int max)
{
    int count = call->call.args.count;
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments",
                    callee_name(ctx, call));
        return false;
    }
    if (count >= min && count <= max)
        return true;
    if (min == max)
        sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", callee_name(ctx, call),
                    min, min == 1 ? "" : "s", count);
    else
        sema_report(ctx, call->span, "'%s' takes %d to %d arguments, not %d", callee_name(ctx, call),
                    min, max, count);
    return false;
}

static bool is_number(const Type *arg, const Type *to)
{
    (void)to;
    return type_is_scalar(arg);
}

/* No keywords, and each argument typed (reporting its own errors) and
 * taken by `takes`: any number when `to` is NULL ("'NAME' takes numbers,
 * not 'U'"), else what converts to `to`. */
static bool keyword_free_args(FuncCtx *ctx, Node *call, const char *name, const Type *to,
                              bool (*takes)(const Type *arg, const Type *to))
{
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", name);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < call->call.args.count; i++) {
        Node *arg = call->call.args.items[i];
        const Type *type = sema_check_value(ctx, arg);
        if (type && !takes(type, to)) {
            if (to)
                sema_report(ctx, arg->span, "'%s' takes %s values, and '%s' does not convert to %s", name,
                            to->name, type->name, to->name);
            else
                sema_report(ctx, arg->span, "'%s' takes numbers, not '%s'", name, type->name);
            type = NULL;
        }
        ok &= type != NULL;
    }
    return ok;
}

bool sema_check_number_args(FuncCtx *ctx, Node *call, const char *name)
{
    return keyword_free_args(ctx, call, name, NULL, is_number);
}

bool sema_check_intrinsic_args(FuncCtx *ctx, Node *call, const char *name, int arity, const Type *to,
                               bool (*takes)(const Type *arg, const Type *to))
{
    bool ok = keyword_free_args(ctx, call, name, to, takes);
    if (call->call.keywords.count)   /* reported: the count is not judged */
        return false;
    if (call->call.args.count != arity) {
        sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", name, arity, arity == 1 ? "" : "s",
                    call->call.args.count);
        return false;
    }
    if (!ok)
        return false;
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' cannot be computed in a module constant: call it in a kernel", name);
        return false;
    }
    return true;
}

/* Types every argument; false if one is not a runtime scalar. */
static bool check_scalar_args(FuncCtx *ctx, Node *call)
{
    bool ok = true;
    for (int i = 0; i < call->call.args.count; i++) {
        Node *arg = call->call.args.items[i];
        const Type *type = sema_check_value(ctx, arg);
        if (type && !type_is_scalar(type)) {
            sema_report(ctx, arg->span, "'%s' takes numbers here, not '%s'", callee_name(ctx, call), type->name);
            type = NULL;
        }
        ok &= type != NULL;
    }
    return ok;
}

static Value finish_cast(FuncCtx *ctx, Node *call, const Type *to)
{
    Node **arg = &call->call.args.items[0];
    ConstValue folded;
    call->konst = (ConstValue){0};
    if ((*arg)->konst.kind && fold_convert((*arg)->konst, (*arg)->type, to, &folded))
        call->konst = folded;
    *arg = sema_convert(ctx, *arg, to);
    call->call.builtin = BUILTIN_CAST;
    sema_typed(call, to);
    Value v = sema_value_runtime(to);
    v.konst = call->konst;
    return v;
}

/* float32(x), np.int64(x), int(x), float(x), bool(x), complex64(x). A
 * complex converts to a complex or a bool only: Numba types int(z) and
 * float(z) as errors, and has no lowering for complex64(z)'s siblings
 * float32(z) and int64(z). */
static Value check_cast(FuncCtx *ctx, Node *call, const Type *to, int callable)
{
    Value literal;
    if (callable == CALLABLE_FLOAT && sema_float_of_string(ctx, call, &literal))
        return literal;
    if (!expect_args(ctx, call, 1, 1) || !check_scalar_args(ctx, call))
        return sema_value_error();
    const Type *from = call->call.args.items[0]->type;
    if (to && to->kind == TYPE_NONE) {
        sema_report(ctx, call->span, "'none' is not a number type");
        return sema_value_error();
    }
    bool to_real = callable == CALLABLE_INT || callable == CALLABLE_FLOAT || (to && type_is_real(to));
    if (type_is_complex(from) && to_real) {
        sema_report(ctx, call->span, "a complex number does not convert to a real one (numba-cuda has no "
                    "such conversion): take its .real, .imag or abs() first");
        return sema_value_error();
    }
    if (to && (to->kind == TYPE_FP8 || from->kind == TYPE_FP8) && type_can_convert(from, to) == CONV_NONE) {
        sema_report(ctx, call->span, "'%s' does not convert to '%s' (numba-cuda's fp8 bindings have no such "
                    "conversion)", from->name, to->name);
        return sema_value_error();
    }
    if (callable == CALLABLE_INT)        /* Numba: int of an int keeps its type */
        to = type_is_int(from) ? from : &type_int64_t;
    else if (callable == CALLABLE_FLOAT) {
        if (from->kind == TYPE_BOOL) {
            sema_report(ctx, call->span, "float() takes a number, not 'bool'");
            return sema_value_error();
        }
        to = type_is_float(from) ? from : &type_float64_t;
    } else if (callable == CALLABLE_BOOL)
        to = &type_bool_t;
    return finish_cast(ctx, call, to);
}

/* cuda.grid(ndim), cuda.gridsize(ndim): ndim a constant 1, 2 or 3 */
static Value check_grid(FuncCtx *ctx, Node *call, Builtin builtin)
{
    if (!expect_args(ctx, call, 1, 1))
        return sema_value_error();
    Node *arg = call->call.args.items[0];
    const Type *type = sema_check_value(ctx, arg);
    if (!type)
        return sema_value_error();
    if (!type_is_int(type) || arg->konst.kind != CONST_INT || arg->konst.i < 1 || arg->konst.i > 3) {
        sema_report(ctx, arg->span, "%s() takes a constant 1, 2 or 3: the number of dimensions",
                    sema_builtin_spelling(builtin));
        return sema_value_error();
    }
    call->call.builtin = builtin;
    int ndim = (int)arg->konst.i;
    if (ndim == 1)
        return sema_typed(call, &type_int64_t);
    const Type *elts[3] = {&type_int64_t, &type_int64_t, &type_int64_t};
    return sema_typed(call, type_tuple(ctx->sema->types, elts, ndim));
}

static Value check_syncthreads(FuncCtx *ctx, Node *call)
{
    if (!expect_args(ctx, call, 0, 0))
        return sema_value_error();
    call->call.builtin = BUILTIN_SYNCTHREADS;
    return sema_typed(call, &type_none_t);
}

static Value check_len(FuncCtx *ctx, Node *call)
{
    if (!expect_args(ctx, call, 1, 1))
        return sema_value_error();
    const Type *type = sema_check_value(ctx, call->call.args.items[0]);
    if (!type)
        return sema_value_error();
    call->call.builtin = BUILTIN_LEN;
    if (type->kind == TYPE_TUPLE && sema_has_effects(call->call.args.items[0])) {
        sema_report(ctx, call->span, "len() of a tuple built with calls is not supported by pykc yet");
        return sema_value_error();
    }
    if (type->kind == TYPE_TUPLE)
        call->konst = (ConstValue){.kind = CONST_INT, .i = type->count};
    else if (type->kind != TYPE_ARRAY) {
        sema_report(ctx, call->span, "len() takes an array or a tuple, not '%s'", type->name);
        return sema_value_error();
    } else if (type->ndim == 0) {   /* Numba's len reads shape[0], which a 0-d array lacks */
        sema_report(ctx, call->span, "len() of a 0-d array: it has no first dimension (read its "
                    "element with a[()]; a.size is 1)");
        return sema_value_error();
    }
    Value v = sema_typed(call, &type_int64_t);
    v.konst = call->konst;
    return v;
}

/* min(a, b, ...), max(...): Numba unifies the arguments' types, pairwise
 * in order of bit width. */
static Value check_min_max(FuncCtx *ctx, Node *call, Builtin builtin)
{
    NodeList *args = &call->call.args;
    if (args->count < 2) {
        sema_report(ctx, call->span, "%s() takes two or more numbers (the one-argument form is not supported)",
                    sema_builtin_spelling(builtin));
        return sema_value_error();
    }
    if (!expect_args(ctx, call, 2, 1 << 20) || !check_scalar_args(ctx, call))
        return sema_value_error();
    for (int i = 0; i < args->count; i++)
        if (type_is_complex(args->items[i]->type)) {
            sema_report(ctx, args->items[i]->span, "%s() cannot compare complex numbers: they have no order "
                        "(numba-cuda types the call, then fails to compile it)", sema_builtin_spelling(builtin));
            return sema_value_error();
        }
    int count = args->count;
    const Type **sorted = ARENA_ARRAY(ctx->sema->arena, const Type *, count);
    for (int i = 0; i < count; i++) {
        const Type *t = args->items[i]->type;
        int j = i;
        for (; j > 0 && sorted[j - 1]->bits > t->bits; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = t;
    }
    const Type *type = sorted[0];
    for (int i = 1; i < count && type; i++)
        type = type_unify(ctx->sema->types, type, sorted[i]);
    bool has_bool = false;
    for (int i = 0; i < count; i++)
        has_bool |= sorted[i]->kind == TYPE_BOOL;
    if (!type || has_bool) {
        sema_report(ctx, call->span, "%s() takes numbers whose types unify", sema_builtin_spelling(builtin));
        return sema_value_error();
    }
    for (int i = 0; i < args->count; i++)
        args->items[i] = sema_convert(ctx, args->items[i], type);
    call->call.builtin = builtin;
    return sema_typed(call, type);
}

static Value check_abs(FuncCtx *ctx, Node *call)
{
    if (!expect_args(ctx, call, 1, 1) || !check_scalar_args(ctx, call))
        return sema_value_error();
    Node **arg = &call->call.args.items[0];
    OpSignature sig;
    if (!sema_resolve_abs((OpArg){(*arg)->type, sema_is_literal(*arg)}, &sig)) {
        sema_report(ctx, call->span, "abs() does not take '%s'", (*arg)->type->name);
        return sema_value_error();
    }
    *arg = sema_convert(ctx, *arg, sig.args[0]);
    call->call.builtin = BUILTIN_ABS;
    return sema_typed(call, sig.result);
}

/* range(stop), range(start, stop[, step]), as a for loop's iterable */
static Value check_range(FuncCtx *ctx, Node *call)
{
    if (!expect_args(ctx, call, 1, 3) || !check_scalar_args(ctx, call))
        return sema_value_error();
    NodeList *args = &call->call.args;
    OpArg offered[3];
    for (int i = 0; i < args->count; i++)
        offered[i] = (OpArg){args->items[i]->type, sema_is_literal(args->items[i])};
    OpSignature sig;
    if (!sema_resolve_range(offered, args->count, &sig)) {
        sema_report(ctx, call->span, "range() takes integers");
        return sema_value_error();
    }
    Node *step = args->count == 3 ? args->items[2] : NULL;
    if (step && step->konst.kind == CONST_INT && step->konst.i == 0) {
        sema_report(ctx, step->span, "range() step must not be zero");
        return sema_value_error();
    }
    for (int i = 0; i < args->count; i++)
        args->items[i] = sema_convert(ctx, args->items[i], sig.result);
    call->call.builtin = BUILTIN_RANGE;
    return sema_typed(call, type_range(ctx->sema->types, sig.result));
}

static Value check_device_call(FuncCtx *ctx, Node *call, FuncInfo *callee)
{
    if (!callee) {
        sema_report(ctx, call->call.func->span, "'%s' is not a @cuda.jit function: kernels can call "
                    "only @cuda.jit(device=True) functions", callee_name(ctx, call));
        return sema_value_error();
    }
    if (callee->is_kernel)   /* numba-cuda compiles it as a device function for the call */
        callee = sema_device_variant(ctx->sema, callee);
    if (!sema_prepare_function(ctx->sema, callee) || !sema_bind_call_arguments(ctx, call, callee))
        return sema_value_error();
    if (callee->overload_count && !(callee = sema_pick_overload(ctx, call, callee)))
        return sema_value_error();
    if (callee->is_generic)
        return sema_check_generic_call(ctx, call, callee);
    if (!callee->param_types || !expect_args(ctx, call, callee->param_count, callee->param_count))
        return sema_value_error();
    bool ok = true;
    for (int i = 0; i < callee->param_count; i++) {
        Node **arg = &call->call.args.items[i];
        const Type *type = sema_check_value(ctx, *arg);
        if (type && type->kind == TYPE_ARRAY && type->space == MEM_CONST &&
            callee->param_types[i]->kind == TYPE_ARRAY) {
            sema_report(ctx, (*arg)->span, "argument %d of '%.*s' must be '%s', not '%s': a signature's "
                        "arrays are writable, and a global NumPy array is read-only (a device function "
                        "without a signature takes it)", i + 1, STR_ARG(callee->name),
                        callee->param_types[i]->name, type->name);
            type = NULL;
        } else if (type && sema_spaces_differ(type, callee->param_types[i])) {
            sema_report(ctx, (*arg)->span, "'%.*s' takes a %s-memory array here, and this is a %s-memory "
                        "array: pykc does not pass arrays across memory spaces yet", STR_ARG(callee->name),
                        sema_space_name(callee->param_types[i]->space), sema_space_name(type->space));
            type = NULL;
        } else if (type && type_can_convert(type, callee->param_types[i]) == CONV_NONE) {
            sema_report(ctx, (*arg)->span, "argument %d of '%.*s' must be '%s', not '%s'", i + 1,
                        STR_ARG(callee->name), callee->param_types[i]->name, type->name);
            type = NULL;
        }
        ok &= type != NULL;
        if (type)
            *arg = sema_convert(ctx, *arg, callee->param_types[i]);
    }
    call->call.callee = callee;
    return ok ? sema_typed(call, callee->return_type) : sema_value_error();
}

static Value check_builtin_call(FuncCtx *ctx, Node *call, int id)
{
    switch (id) {
    case BUILTIN_GRID:
    case BUILTIN_GRIDSIZE: return check_grid(ctx, call, (Builtin)id);
    case BUILTIN_SYNCTHREADS: return check_syncthreads(ctx, call);
    case BUILTIN_SHARED_ARRAY: return sema_check_shared_array(ctx, call);
    case BUILTIN_LOCAL_ARRAY: return sema_check_local_array(ctx, call);
    case BUILTIN_RANGE: return check_range(ctx, call);
    case BUILTIN_LEN: return check_len(ctx, call);
    case BUILTIN_MIN:
    case BUILTIN_MAX: return check_min_max(ctx, call, (Builtin)id);
    case BUILTIN_ABS: return check_abs(ctx, call);
    case BUILTIN_ENUMERATE:
    case BUILTIN_ZIP: return sema_check_iterator_call(ctx, call, (Builtin)id);
    case BUILTIN_ROUND: return sema_check_round(ctx, call);
    case BUILTIN_POW: return sema_check_pow(ctx, call);
    case BUILTIN_DIVMOD: return sema_check_divmod(ctx, call);
    case BUILTIN_PRINT: return sema_check_print(ctx, call);
    case BUILTIN_CONST_ARRAY_LIKE: return sema_check_const_array_like(ctx, call);
    case BUILTIN_COMPLEX: return sema_check_complex_call(ctx, call);
    case BUILTIN_TUPLE: return sema_check_tuple_call(ctx, call);
    case BUILTIN_ISINSTANCE: return sema_check_isinstance(ctx, call);
    case CALLABLE_INT:
    case CALLABLE_FLOAT:
    case CALLABLE_BOOL: return check_cast(ctx, call, NULL, id);
    case CALLABLE_NP_DTYPE:
    case CALLABLE_FROM_DTYPE: return sema_check_dtype_call(ctx, call, id);
    case CALLABLE_JIT:
        sema_report(ctx, call->span, "cuda.jit can only be used as a decorator");
        return sema_value_error();
    }
    if (sema_is_math_builtin(id))
        return sema_check_math_call(ctx, call, (Builtin)id);
    if (np_ufunc_is_builtin(id))
        return sema_check_np_ufunc_call(ctx, call, (Builtin)id);
    if (sema_is_cmath_builtin(id))
        return sema_check_cmath_call(ctx, call, (Builtin)id);
    if (sema_is_intrinsic_builtin(id))
        return sema_check_intrinsic_call(ctx, call, (Builtin)id);
    if (sema_is_atomic_builtin(id))
        return sema_check_atomic(ctx, call, (Builtin)id);
    if (sema_is_fp16_builtin(id))
        return sema_check_fp16_call(ctx, call, (Builtin)id);
    if (sema_is_bf16_builtin(id))
        return sema_check_bf16_call(ctx, call, (Builtin)id);
    if (sema_is_fp8_cvt_builtin(id))
        return sema_check_fp8_cvt_call(ctx, call, (Builtin)id);
    if (sema_is_grid_group_builtin(id))
        return sema_check_grid_group_call(ctx, call, (Builtin)id);
    if (sema_is_libdevice_builtin(id))
        return sema_check_libdevice_call(ctx, call, (Builtin)id);
    if (sema_is_cache_hint_builtin(id))
        return sema_check_cache_hint(ctx, call, (Builtin)id);
    if (sema_is_operator_builtin(id))
        return sema_check_operator_call(ctx, call, (Builtin)id);
    if (sema_is_array_method_builtin(id))
        return sema_check_array_method(ctx, call, (Builtin)id);
    if (sema_is_vector_ctor(id))
        return sema_check_vector_ctor(ctx, call, id);
    if (sema_is_type_constructor(id))
        return sema_report_type_constructor_call(ctx, call, id);
    sema_report(ctx, call->span, "this cannot be called here");
    return sema_value_error();
}

/* Types the arguments of a call that failed, so their own errors show. */
Value sema_check_args_only(FuncCtx *ctx, Node *call)
{
    for (int i = 0; i < call->call.args.count; i++)
        sema_check_expr(ctx, call->call.args.items[i]);
    return sema_value_error();
}

Value sema_check_call(FuncCtx *ctx, Node *call)
{
    Value method;
    if (sema_check_bit_count(ctx, call, &method) || sema_check_conjugate(ctx, call, &method))
        return method;
    Value f = sema_check_expr(ctx, call->call.func);
    switch (f.kind) {
    case VAL_TYPE: return check_cast(ctx, call, f.type, 0);
    case VAL_BUILTIN: return check_builtin_call(ctx, call, f.id);
    case VAL_FUNCTION: return check_device_call(ctx, call, f.func);
    case VAL_NAMESPACE:
        sema_report(ctx, call->call.func->span, "module '%s' is not callable", sema_namespace_name(f.id));
        return sema_check_args_only(ctx, call);
    case VAL_RUNTIME:
        sema_report(ctx, call->call.func->span, "a value of type '%s' is not callable", f.type->name);
        return sema_check_args_only(ctx, call);
    default:
        return sema_check_args_only(ctx, call);
    }
}
