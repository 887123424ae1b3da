/* Cooperative groups, as numba-cuda 0.30.4 has them (numba/cuda/cg.py):
 * cuda.cg.this_grid() (also reached as `from numba.cuda import cg` and
 * `from numba.cuda.cg import this_grid`) gives the launch's GridGroup, and
 * that value's one method, sync(), waits until every thread of the grid
 * has reached it. Numba types sync() as int32 (the status its libcudadevrt
 * call returns; 0 here, since a sync that returns has succeeded) and gives
 * GridGroup nothing else: no size, no rank. A GridGroup may be kept in a
 * local and passed to device functions, like any value.
 *
 * A function that calls this_grid(), itself or through device functions,
 * is cooperative (marked by diagnose.c): its kernel must be launched with
 * cuLaunchCooperativeKernel, which the launch facts tell libpykrt. The
 * barrier itself is codegen/cg_grid_sync.c's; analysis/flow_access.c reports one
 * that only some threads of the grid reach. */
#include "sema_internal.h"

bool sema_is_grid_group_builtin(int id)
{
    return id == BUILTIN_THIS_GRID || id == BUILTIN_GRID_SYNC;
}

Value sema_grid_group_function(Str name)
{
    if (str_eq_cstr(name, "this_grid"))
        return (Value){.kind = VAL_BUILTIN, .id = BUILTIN_THIS_GRID};
    return sema_value_error();
}

/* g.NAME on a GridGroup value: the bound method g.sync, which the call
 * checks (the Attribute node keeps g for codegen). */
Value sema_grid_group_attribute(FuncCtx *ctx, Node *node)
{
    Str attr = node->attribute.attr;
    if (str_eq_cstr(attr, "sync"))
        return (Value){.kind = VAL_BUILTIN, .id = BUILTIN_GRID_SYNC};
    sema_report(ctx, node->span, "a value of type 'GridGroup' has no attribute '%.*s' (numba-cuda's "
                "GridGroup has only sync())", STR_ARG(attr));
    return sema_value_error();
}

/* cuda.cg.this_grid() -> GridGroup; g.sync() -> int32. Neither takes an
 * argument. */
Value sema_check_grid_group_call(FuncCtx *ctx, Node *call, Builtin id)
{
    if (call->call.args.count || call->call.keywords.count) {
        Span s = call->call.func->span;
        sema_report(ctx, call->span, "'%.*s' takes no arguments", (int)(s.end - s.begin),
                    s.src->text + s.begin);
        return sema_value_error();
    }
    call->call.builtin = id;
    call->type = id == BUILTIN_THIS_GRID ? &type_grid_group_t : &type_int32_t;
    return sema_value_runtime(call->type);
}
