/* cuda.shared.array(shape, dtype): a block's static shared memory. The shape
 * must be a constant (a literal, a module constant, or a tuple of them) as
 * Numba requires; the result is a C-contiguous array in shared memory, and
 * each call site is recorded in the function's `shared` list (codegen makes
 * one .shared variable of it; later analyses check its size).
 * A shape of 0 (or (0,)) is the launch's dynamic shared memory, 1-d only as
 * in Numba; its entry has 0 bytes, and codegen reads its length when the
 * kernel runs. Numba also takes a negative 1-d shape as dynamic (its test
 * is "length <= 0"); pykc reports that as an error.
 * cuda.local.array(shape, dtype) is typed by the same rules (numba-cuda's
 * Cuda_array_decl): a per-thread C array, which codegen makes an alloca.
 * Both take alignment=N (or a third positional argument): None, or a
 * constant integer that is positive, a power of two and a multiple of 8;
 * codegen gives the array that alignment (sema_array_alignment). */
#include "sema_internal.h"

#include <string.h>

/* "cuda.shared.array" or "cuda.local.array", and "shared" or "local". */
static const char *call_name(MemSpace space)
{
    return space == MEM_SHARED ? "cuda.shared.array" : "cuda.local.array";
}

static const char *space_word(MemSpace space)
{
    return space == MEM_SHARED ? "shared" : "local";
}

/* The arguments by position or keyword (shape=..., dtype=...,
 * alignment=...); *align is NULL when absent. */
static bool shared_args(FuncCtx *ctx, Node *call, MemSpace space, Node **shape, Node **dtype, Node **align)
{
    NodeList *args = &call->call.args, *keywords = &call->call.keywords;
    *shape = args->count > 0 ? args->items[0] : NULL;
    *dtype = args->count > 1 ? args->items[1] : NULL;
    *align = args->count > 2 ? args->items[2] : NULL;
    bool ok = args->count <= 3;
    if (!ok)
        sema_report(ctx, call->span, "%s takes a shape, a dtype and an optional alignment", call_name(space));
    for (int i = 0; i < keywords->count; i++) {
        Node *kw = keywords->items[i];
        Str name = kw->keyword.name;
        Node **slot = str_eq_cstr(name, "shape") ? shape : str_eq_cstr(name, "dtype") ? dtype
                    : str_eq_cstr(name, "alignment") ? align : NULL;
        if (!slot || *slot) {
            sema_report(ctx, kw->span, slot ? "%s got '%.*s' twice"
                        : "%s has no argument '%.*s'", call_name(space), STR_ARG(name));
            ok = false;
            continue;
        }
        *slot = kw->keyword.value;
    }
    if (ok && (!*shape || !*dtype)) {
        sema_report(ctx, call->span, "%s needs a shape and a dtype, as in %s(128, float32)",
                    call_name(space), call_name(space));
        ok = false;
    }
    return ok;
}

/* PTX's .align takes at most 2**31 (ptxas: "Constant overflow" past it). */
#define MAX_ALIGNMENT ((int64_t)1 << 31)

/* numba-cuda's rules: its typing asks for a literal integer or None
 * ("alignment must be a constant integer"), then its lowering's
 * _validate_alignment for a positive power of two that is a multiple of
 * the host's pointer size, 8. */
static bool check_alignment(FuncCtx *ctx, Node *align, MemSpace space)
{
    const char *name = call_name(space);
    if (!align)
        return true;
    const Type *type = sema_check_value(ctx, align);
    if (!type)
        return false;
    if (type->kind == TYPE_NONE)
        return true;
    if (align->konst.kind != CONST_INT || !type_is_int(type)) {
        sema_report(ctx, align->span, "%s's alignment must be a constant integer (a literal or a "
                    "module-level constant) or None, not a value of type '%s'", name, type->name);
        return false;
    }
    int64_t n = align->konst.i;
    if (n < 0 && !type->is_signed) {
        sema_report(ctx, align->span, "%s's alignment of %llu is larger than the 2**31 that PTX's "
                    ".align takes", name, (unsigned long long)n);
        return false;
    }
    if (n <= 0) {
        sema_report(ctx, align->span, "%s's alignment must be positive, not %lld", name, (long long)n);
        return false;
    }
    if (n & (n - 1)) {
        sema_report(ctx, align->span, "%s's alignment must be a power of 2, not %lld", name, (long long)n);
        return false;
    }
    if (n % 8) {
        sema_report(ctx, align->span, "%s's alignment must be a multiple of 8 (as in Numba), not %lld; "
                    "use 8 or more", name, (long long)n);
        return false;
    }
    if (n > MAX_ALIGNMENT) {
        sema_report(ctx, align->span, "%s's alignment of %lld is larger than the 2**31 that PTX's "
                    ".align takes", name, (long long)n);
        return false;
    }
    return true;
}

int64_t sema_array_alignment(const Node *call)
{
    const NodeList *kws = &call->call.keywords;
    const Node *align = call->call.args.count > 2 ? call->call.args.items[2] : NULL;
    for (int i = 0; i < kws->count; i++)
        if (str_eq_cstr(kws->items[i]->keyword.name, "alignment"))
            align = kws->items[i]->keyword.value;
    return align && align->konst.kind == CONST_INT ? align->konst.i : 0;
}

static bool dimension(FuncCtx *ctx, Node *dim, MemSpace space, int64_t *out)
{
    if (!sema_check_value(ctx, dim))
        return false;
    if (dim->konst.kind != CONST_INT || !type_is_int(dim->type)) {
        sema_report(ctx, dim->span, "a %s array's shape must be a constant integer "
                    "(a literal or a module-level constant)", space_word(space));
        return false;
    }
    if (dim->konst.i == 0 && space == MEM_SHARED)
        return *out = 0, true;   /* dynamic shared memory: read_shape checks it is 1-d */
    if (dim->konst.i < 0 && !dim->type->is_signed) {
        sema_report(ctx, dim->span, "a %s array's dimension of %llu is too large", space_word(space),
                    (unsigned long long)dim->konst.i);
        return false;
    }
    if (dim->konst.i <= 0) {
        sema_report(ctx, dim->span, "a %s array's dimension must be positive, not %lld",
                    space_word(space), (long long)dim->konst.i);
        return false;
    }
    *out = dim->konst.i;
    return true;
}

/* shape: an integer or a tuple of 1 to TYPE_MAX_NDIM integers. Returns
 * ndim, or 0. */
static int read_shape(FuncCtx *ctx, Node *shape, MemSpace space, int64_t dims[TYPE_MAX_NDIM])
{
    sema_expand_module_tuple(ctx, shape);   /* SHAPE = (16, 16) at module level */
    if (shape->kind != NODE_TUPLE)
        return dimension(ctx, shape, space, &dims[0]) ? 1 : 0;
    int ndim = shape->tuple.elts.count;
    if (ndim < 1 || ndim > TYPE_MAX_NDIM) {
        sema_report(ctx, shape->span, "a %s array has 1 to %d dimensions, not %d", space_word(space),
                    TYPE_MAX_NDIM, ndim);
        return 0;
    }
    bool ok = true;
    for (int i = 0; i < ndim; i++)
        ok &= dimension(ctx, shape->tuple.elts.items[i], space, &dims[i]);
    for (int i = 0; ok && ndim > 1 && i < ndim; i++)
        if (dims[i] == 0) {
            sema_report(ctx, shape->tuple.elts.items[i]->span, "dynamic shared memory (a dimension of 0) "
                        "must be 1-d, as in Numba: use cuda.shared.array(0, dtype) and index it by hand");
            ok = false;
        }
    return ok ? ndim : 0;
}

static void record(FuncCtx *ctx, Node *call, const int64_t *dims, int ndim, const Type *dtype)
{
    FuncInfo *func = ctx->func;
    SharedArray *grown = ARENA_ARRAY(ctx->sema->arena, SharedArray, func->shared_count + 1);
    if (func->shared_count)
        memcpy(grown, func->shared, sizeof(SharedArray) * (size_t)func->shared_count);
    SharedArray *entry = &grown[func->shared_count++];
    entry->call = call;
    entry->name = ctx->assigning;
    entry->bytes = type_store_size(dtype);
    for (int i = 0; i < ndim; i++) {
        entry->shape[i] = dims[i];
        entry->bytes *= dims[i];
    }
    func->shared = grown;
}

/* The hardware's limits: 48 KiB of static shared memory per block, and
 * 512 KiB of local memory per thread. A larger array cannot run; without
 * this check, its size could also overflow the byte count. */
static bool within_size_limit(FuncCtx *ctx, Node *call, MemSpace space, const int64_t *dims, int ndim,
                              const Type *dtype)
{
    const int64_t limit = space == MEM_SHARED ? 48 * 1024 : 512 * 1024;
    int64_t bytes = type_store_size(dtype);
    bool overflow = false;
    for (int i = 0; i < ndim; i++)
        overflow |= __builtin_mul_overflow(bytes, dims[i], &bytes);
    if (!overflow && bytes <= limit)
        return true;
    if (overflow)
        sema_report(ctx, call->span, "this %s array's size in bytes overflows 64 bits", space_word(space));
    else
        sema_report(ctx, call->span, "this %s array needs %lld bytes, more than the %lld KiB %s",
                    space_word(space), (long long)bytes, (long long)(limit / 1024),
                    space == MEM_SHARED ? "of static shared memory a block can have"
                                        : "of local memory a thread can have");
    return false;
}

static Value check_array_decl(FuncCtx *ctx, Node *call, MemSpace space)
{
    Node *shape, *dtype_expr, *align;
    if (!ctx->func) {
        sema_report(ctx, call->span, "%s arrays can only be made inside a kernel", space_word(space));
        return sema_value_error();
    }
    if (!shared_args(ctx, call, space, &shape, &dtype_expr, &align))
        return sema_value_error();
    int64_t dims[TYPE_MAX_NDIM] = {0};
    int ndim = read_shape(ctx, shape, space, dims);
    Value dtype = dtype_expr->kind == NODE_STRING
                      ? (Value){.kind = VAL_TYPE, .type = type_scalar_by_name(dtype_expr->string.value)}
                      : sema_check_expr(ctx, dtype_expr);
    if (dtype.kind == VAL_TYPE && !dtype.type)
        dtype.kind = VAL_RUNTIME;   /* an unknown name: the message below says what is expected */
    if (dtype.kind != VAL_TYPE || dtype.type->kind == TYPE_NONE) {
        if (dtype.kind != VAL_ERROR)
            sema_report(ctx, dtype_expr->span, "a %s array's dtype must be a Numba or NumPy "
                        "number type, such as float32 or np.int32", space_word(space));
        return sema_value_error();
    }
    if (!check_alignment(ctx, align, space) || !ndim ||
        !within_size_limit(ctx, call, space, dims, ndim, dtype.type))
        return sema_value_error();
    const Type *type = type_array(ctx->sema->types, dtype.type, ndim, LAYOUT_C, space);
    if (ctx->final && space == MEM_SHARED)
        record(ctx, call, dims, ndim, dtype.type);
    call->call.builtin = space == MEM_SHARED ? BUILTIN_SHARED_ARRAY : BUILTIN_LOCAL_ARRAY;
    call->type = type;
    return sema_value_runtime(type);
}

Value sema_check_shared_array(FuncCtx *ctx, Node *call)
{
    return check_array_decl(ctx, call, MEM_SHARED);
}

Value sema_check_local_array(FuncCtx *ctx, Node *call)
{
    return check_array_decl(ctx, call, MEM_LOCAL);
}
