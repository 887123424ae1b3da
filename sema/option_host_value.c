/* @cuda.jit options whose value only host code knows: a kernel made in a
 * test helper, `@cuda.jit(opt=not debug)`, with `debug` the helper's
 * parameter. For an option that changes no result (opt: how much NVVM
 * optimises), pykc compiles with the default and warns, rather than
 * rejecting a kernel that is correct for every value. */
#include "sema_internal.h"

/* Whether `value` names something pykc cannot compute (a parameter of the
 * function around the kernel, a loop variable, ...): its check fails. The
 * check runs quietly; the caller reports what it makes of it. */
static bool is_host_value(Sema *sema, Node *value)
{
    if (value->kind != NODE_NAME && value->kind != NODE_UNARY && value->kind != NODE_ATTRIBUTE)
        return false;
    Diag quiet;
    diag_init_quiet(&quiet);
    Diag *loud = sema->diag;
    sema->diag = &quiet;
    FuncCtx ctx = {.sema = sema, .final = true};
    Value v = sema_check_expr(&ctx, value);
    sema->diag = loud;
    return quiet.errors > 0 || v.kind != VAL_RUNTIME || v.konst.kind == CONST_NONE;
}

bool sema_read_host_opt(Sema *sema, Node *keyword)
{
    if (!is_host_value(sema, keyword->keyword.value))
        return false;
    diag_warning(sema->diag, keyword->span, "ignored-option", "the value of @cuda.jit option 'opt' "
                 "is host code's, which pykc cannot know: the function is optimised as with "
                 "opt=True (Numba's opt=False compiles without NVVM's optimisations; results "
                 "differ at most where those contract a*b+c into fma)");
    return true;
}
