/* `if config.ENABLE_CUDASIM:` in host code. numba-cuda's setting is true
 * only under its simulator, where @cuda.jit makes a Python function run on
 * the CPU and no kernel is compiled; whenever Numba compiles a kernel for a
 * GPU, which is what pykc does, it is false. numba-cuda's tests choose
 * sizes by it (`tpb = 4` under the simulator, else 16), so the scopes take
 * only the branch a GPU run takes: a name bound in both is not "bound to
 * different values".
 *
 * The setting is recognised by its name, ENABLE_CUDASIM, alone or as the
 * attribute of a module (config.ENABLE_CUDASIM, numba.cuda.config....),
 * with `not` before it: Numba's config is where code reads it from. */
#include "sema_internal.h"

static bool names_setting(const Node *node)
{
    if (node->kind == NODE_NAME)
        return str_eq_cstr(node->name.id, "ENABLE_CUDASIM");
    return node->kind == NODE_ATTRIBUTE && str_eq_cstr(node->attribute.attr, "ENABLE_CUDASIM");
}

int sema_cudasim_condition(const Node *cond)
{
    if (cond->kind == NODE_UNARY && cond->unary.op == UNARY_NOT) {
        int inner = sema_cudasim_condition(cond->unary.operand);
        return inner < 0 ? -1 : !inner;
    }
    return names_setting(cond) ? 0 : -1;
}
