/* `raise` in a kernel or device function. numba-cuda without debug=True
 * lowers a raise as a return with an error status: each device function
 * that gets the status back returns it at once, and the kernel returns
 * without storing anything (only debug=True hands the exception to the
 * host). So a raise ends the thread: a return in a kernel, PTX exit in a
 * device function (the same as returning through every caller, since
 * nothing runs after the error status reaches the kernel). The exception
 * itself is not evaluated: Numba only accepts constant exception arguments,
 * which have no effects. */
#include "cg_internal.h"

void cg_emit_raise(Cg *cg, const Node *node)
{
    (void)node;
    if (cg->func->is_kernel) {
        LLVMBuildRetVoid(cg->b);
        return;
    }
    cg_intrinsic(cg, "llvm.nvvm.exit", NULL, 0, NULL, 0);
    LLVMBuildUnreachable(cg->b);
}
