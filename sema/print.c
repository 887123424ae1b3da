/* print(a, b, ...) in kernels and device functions, as numba-cuda types it
 * (typing/builtins.py's Print, lowering/printimpl.py): positional arguments
 * only; each is a string literal, a bool, an integer, a float, or a tuple
 * of these (nested tuples too). Arrays, complex numbers and None have no
 * print_item in numba-cuda's printimpl.py (it fails when it compiles the
 * call), so they are refused here. The call's value is None. Codegen
 * (cg_print.c) turns it into one vprintf call. */
#include "sema_internal.h"

/* Numba warns, and prints the raw format string instead of the values,
 * past this many arguments. */
enum { PRINT_MAX_ARGS = 32 };

/* Whether numba-cuda's printimpl has a print_item for `type`. */
static bool printable(const Type *type)
{
    if (type_is_complex(type) || type->kind == TYPE_FP8)
        return false;
    if (type_is_scalar(type))
        return true;
    if (type->kind != TYPE_TUPLE)
        return false;
    for (int i = 0; i < type->count; i++)
        if (!printable(type->elts[i]))
            return false;
    return true;
}

/* cuda.threadIdx and its siblings print as Numba's Dim3 does, "(x, y, z)":
 * the tuple of their three members, which prints the same. */
static bool is_dim3(FuncCtx *ctx, const Node *arg)
{
    if (arg->kind != NODE_NAME && arg->kind != NODE_ATTRIBUTE)
        return false;
    Value v = sema_resolve_static(ctx->sema, arg);
    return v.kind == VAL_NAMESPACE && (v.id == NS_THREADIDX || v.id == NS_BLOCKIDX || v.id == NS_BLOCKDIM ||
                                       v.id == NS_GRIDDIM);
}

static Node *dim3_members(FuncCtx *ctx, Node *arg)
{
    Arena *arena = ctx->sema->arena;
    Node *tuple = ast_new(arena, NODE_TUPLE, arg->span);
    for (int i = 0; i < 3; i++) {
        Node *member = ast_new(arena, NODE_ATTRIBUTE, arg->span);
        member->attribute.value = arg;
        member->attribute.attr = str_from_cstr(i == 0 ? "x" : i == 1 ? "y" : "z");
        ast_list_push(arena, &tuple->tuple.elts, member);
    }
    return tuple;
}

static bool check_print_arg(FuncCtx *ctx, Node **slot)
{
    if (is_dim3(ctx, *slot))
        *slot = dim3_members(ctx, *slot);
    Node *arg = *slot;
    if (arg->kind == NODE_STRING)
        return true;   /* a constant string: printed with %s */
    const Type *type = sema_check_value(ctx, arg);
    if (!type)
        return false;
    if (printable(type))
        return true;
    if (type->kind == TYPE_ARRAY)
        sema_report(ctx, arg->span, "print() cannot print an array ('%s'): Numba has no print for "
                    "arrays in kernels; print its elements instead", type->name);
    else if (type_is_complex(type))
        sema_report(ctx, arg->span, "print() cannot print a complex number ('%s'): numba-cuda has no "
                    "print for complex values on the device; print z.real and z.imag instead", type->name);
    else
        sema_report(ctx, arg->span, "print() cannot print a value of type '%s' (it prints strings, "
                    "numbers, bools and tuples of them)", type->name);
    return false;
}

Value sema_check_print(FuncCtx *ctx, Node *call)
{
    bool ok = true;
    for (int i = 0; i < call->call.args.count; i++)
        ok &= check_print_arg(ctx, &call->call.args.items[i]);
    if (call->call.keywords.count > 0) {
        Node *kw = call->call.keywords.items[0];
        sema_report(ctx, kw->span, "print() in a kernel takes no keyword arguments such as '%.*s=' "
                    "(Numba's print supports positional arguments only)", STR_ARG(kw->keyword.name));
        ok = false;
    }
    if (ok && ctx->final && call->call.args.count > PRINT_MAX_ARGS)
        diag_warning(ctx->sema->diag, call->span, "print-args", "print() with %d arguments: "
                     "CUDA's print takes at most %d, so the kernel prints the raw format string "
                     "instead, as Numba's does", call->call.args.count, PRINT_MAX_ARGS);
    if (!ok)
        return sema_value_error();
    call->call.builtin = BUILTIN_PRINT;
    call->type = &type_none_t;
    return sema_value_runtime(&type_none_t);
}
