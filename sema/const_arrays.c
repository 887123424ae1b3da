/* Global NumPy arrays in kernels (np_eval.h computes them): Numba freezes
 * an array a kernel reads from a global into the kernel's module and types
 * it `readonly array(...)` (typeinfer.typeof_global), so pykc's type is
 * that, in constant memory (MEM_CONST), where numba-cuda's lowering puts
 * every such array (make_constant_array). cuda.const.array_like(a) is the
 * array itself, as Numba's typing (ndarray -> ndarray) and lowering (its
 * argument) have it: a global array is in constant memory already, and a
 * parameter stays the parameter.
 *
 * Constant memory holds 64 KiB per module: the arrays kernels use, each
 * counted once, past that are an error that says the sizes, where ptxas
 * would fail later without naming the array. */
#include "sema_internal.h"

#include <inttypes.h>
#include <string.h>

/* CUDA's constant bank for a module's __constant__ data (PTX .const). */
#define CONST_MEMORY_BYTES 65536

Value sema_const_function(Str name)
{
    if (str_eq_cstr(name, "array_like"))
        return (Value){.kind = VAL_BUILTIN, .id = BUILTIN_CONST_ARRAY_LIKE};
    return sema_value_error();
}

/* cuda.const.array_like(ndarray) */
Value sema_check_const_array_like(FuncCtx *ctx, Node *call)
{
    NodeList *args = &call->call.args;
    bool keyword = args->count == 0 && call->call.keywords.count == 1 &&
                   str_eq_cstr(call->call.keywords.items[0]->keyword.name, "ndarray");
    if (keyword)
        ast_list_push(ctx->sema->arena, args, call->call.keywords.items[0]->keyword.value);
    if (args->count != 1 || call->call.keywords.count != (keyword ? 1 : 0)) {
        sema_report(ctx, call->span, "cuda.const.array_like() takes one argument, the array");
        return sema_value_error();
    }
    if (keyword)
        call->call.keywords.count = 0;
    const Type *type = sema_check_value(ctx, args->items[0]);
    if (!type)
        return sema_value_error();
    if (type->kind != TYPE_ARRAY) {
        sema_report(ctx, args->items[0]->span, "cuda.const.array_like() takes an array, not '%s'", type->name);
        return sema_value_error();
    }
    call->call.builtin = BUILTIN_CONST_ARRAY_LIKE;
    return sema_typed(call, type);
}

/* An array a kernel reads joins the module's constant memory once. */
void sema_use_const_array(FuncCtx *ctx, Span at, ConstArray *array)
{
    Sema *sema = ctx->sema;
    if (!ctx->final)
        return;
    for (int i = 0; i < sema->const_array_count; i++)
        if (sema->const_arrays[i] == array)
            return;
    ConstArray **grown = ARENA_ARRAY(sema->arena, ConstArray *, sema->const_array_count + 1);
    for (int i = 0; i < sema->const_array_count; i++)
        grown[i] = sema->const_arrays[i];
    grown[sema->const_array_count++] = array;
    sema->const_arrays = grown;
    sema->const_bytes += array->nbytes;
    if (sema->const_bytes > CONST_MEMORY_BYTES && sema->const_bytes - array->nbytes <= CONST_MEMORY_BYTES)
        sema_report(ctx, at, "'%.*s' (%lld bytes) takes the module's constant arrays to %lld bytes, past "
                    "the %d bytes (64 KiB) of constant memory a CUDA module has",
                    STR_ARG(array->name), (long long)array->nbytes, (long long)sema->const_bytes,
                    CONST_MEMORY_BYTES);
}

/* A store, an atomic or a cache-hinted store into a global NumPy array. */
bool sema_check_writable(FuncCtx *ctx, const Type *array, Span at, const char *what)
{
    if (array->kind != TYPE_ARRAY || array->space != MEM_CONST)
        return true;
    sema_report(ctx, at, "%s '%s': a global NumPy array is a constant in kernels (Numba freezes "
                "it, and types it read-only)", what, array->name);
    return false;
}

/* One element of the data as --dump-types prints it: integers in full,
 * floats with the 17 digits that give a double back exactly. */
static void dump_element(FILE *out, const Type *t, const uint8_t *p)
{
    if (t->kind == TYPE_BOOL) {
        fputs(*p ? "True" : "False", out);
    } else if (t->kind == TYPE_FLOAT && t->bits != 16) {
        double d;
        float f;
        if (t->bits == 64)
            memcpy(&d, p, 8);
        else
            memcpy(&f, p, 4), d = (double)f;
        fprintf(out, "%.17g", d);
    } else {
        uint64_t bits = 0;
        memcpy(&bits, p, (size_t)(t->bits / 8));
        int shift = 64 - t->bits;
        if (t->kind == TYPE_FLOAT)
            fprintf(out, "0x%04" PRIx64, bits);   /* float16: its bits */
        else if (t->is_signed)
            fprintf(out, "%" PRId64, shift ? (int64_t)(bits << shift) >> shift : (int64_t)bits);
        else
            fprintf(out, "%" PRIu64, bits);
    }
}

void sema_dump_const_arrays(FILE *out, const SemaModule *module)
{
    for (int i = 0; i < module->const_array_count; i++) {
        const ConstArray *a = module->const_arrays[i];
        int ndim = a->type->ndim, size = type_store_size(a->type->dtype);
        fprintf(out, "ConstArray %.*s : %s shape (", STR_ARG(a->name), a->type->name);
        for (int k = 0; k < ndim; k++)
            fprintf(out, "%s%" PRId64, k ? ", " : "", a->shape[k]);
        fputs(ndim == 1 ? ",) strides (" : ") strides (", out);
        for (int k = 0; k < ndim; k++)
            fprintf(out, "%s%" PRId64, k ? ", " : "", a->strides[k]);
        fputs(ndim == 1 ? ",) = [" : ") = [", out);
        for (int64_t e = 0; e < a->nbytes / size; e++) {
            fputs(e ? ", " : "", out);
            dump_element(out, a->type->dtype, a->data + e * size);
        }
        fputs("]\n", out);
    }
}
