/* cuda.shared.array(shape, dtype): a block's static shared memory. The shape
 * must be a constant (a literal, a module constant, or a tuple of them) as
 * Numba requires; the result is a C-contiguous array in shared memory, and
 * each call site is recorded in the function's `shared` list (codegen makes
 * one .shared variable of it; later analyses check its size).
 * cuda.local.array(shape, dtype) is typed by the same rules (numba-cuda's
 * Cuda_array_decl): a per-thread C array, which codegen makes an alloca. */
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

/* The arguments by position or keyword (shape=..., dtype=...). */
static bool shared_args(FuncCtx *ctx, Node *call, MemSpace space, Node **shape, Node **dtype)
{
    NodeList *args = &call->call.args, *keywords = &call->call.keywords;
    *shape = args->count > 0 ? args->items[0] : NULL;
    *dtype = args->count > 1 ? args->items[1] : NULL;
    bool ok = args->count <= 2;
    if (!ok)
        sema_report(ctx, call->span, "%s takes a shape and a dtype", call_name(space));
    for (int i = 0; i < keywords->count; i++) {
        Node *kw = keywords->items[i];
        Str name = kw->keyword.name;
        Node **slot = str_eq_cstr(name, "shape") ? shape : str_eq_cstr(name, "dtype") ? dtype : NULL;
        if (!slot || *slot) {
            sema_report(ctx, kw->span, slot ? "%s got '%.*s' twice"
                        : str_eq_cstr(name, "alignment") ? "%s's '%.*s' is not supported yet"
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

static bool dimension(FuncCtx *ctx, Node *dim, MemSpace space, int64_t *out)
{
    if (!sema_check_value(ctx, dim))
        return false;
    if (dim->konst.kind != CONST_INT || !type_is_int(dim->type)) {
        sema_report(ctx, dim->span, "a %s array's shape must be a constant integer "
                    "(a literal or a module-level constant)", space_word(space));
        return false;
    }
    if (dim->konst.i == 0 && space == MEM_SHARED) {
        sema_report(ctx, dim->span, "dynamic shared memory (shape 0) is not supported by pykc yet");
        return false;
    }
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

/* shape: an integer or a tuple of 1 to 3 integers. Returns ndim, or 0. */
static int read_shape(FuncCtx *ctx, Node *shape, MemSpace space, int64_t dims[3])
{
    if (shape->kind != NODE_TUPLE)
        return dimension(ctx, shape, space, &dims[0]) ? 1 : 0;
    int ndim = shape->tuple.elts.count;
    if (ndim < 1 || ndim > 3) {
        sema_report(ctx, shape->span, "a %s array has 1 to 3 dimensions, not %d", space_word(space), ndim);
        return 0;
    }
    bool ok = true;
    for (int i = 0; i < ndim; i++)
        ok &= dimension(ctx, shape->tuple.elts.items[i], space, &dims[i]);
    return ok ? ndim : 0;
}

static void record(FuncCtx *ctx, Node *call, const int64_t dims[3], int ndim, const Type *dtype)
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
    Node *shape, *dtype_expr;
    if (!ctx->func) {
        sema_report(ctx, call->span, "%s arrays can only be made inside a kernel", space_word(space));
        return sema_value_error();
    }
    if (!shared_args(ctx, call, space, &shape, &dtype_expr))
        return sema_value_error();
    int64_t dims[3] = {0};
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
    if (!ndim || !within_size_limit(ctx, call, space, dims, ndim, dtype.type))
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
