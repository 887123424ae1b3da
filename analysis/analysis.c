/* Runs the bug-finding analyses over a typed module; see analysis.h. */
#include "analysis.h"
#include "flow.h"

const Node *analysis_strip_converts(const Node *node)
{
    while (node->kind == NODE_CONVERT)
        node = node->convert.operand;
    return node;
}

const char *analysis_shape_text(Arena *arena, const int64_t *dims, int ndim)
{
    if (ndim == 1)
        return arena_printf(arena, "(%lld,)", (long long)dims[0]);
    const char *text = "(";
    for (int d = 0; d < ndim; d++)
        text = arena_printf(arena, "%s%s%lld", text, d ? ", " : "", (long long)dims[d]);
    return arena_printf(arena, "%s)", text);
}

void analysis_diagnose_module(Sema *sema, const SemaModule *module)
{
    for (int i = 0; i < module->func_count; i++) {
        FuncInfo *fi = module->funcs[i];
        /* as numba-cuda decides: taking the grid group, synced or not,
         * makes a kernel cooperative (its test_this_grid_is_cooperative) */
        fi->cooperative = flow_body_has(fi->def, flow_uses_grid_group);
        /* a ufunc's kernel is Numba's code, not the user's: its facts
         * count, its warnings would not help (min() bounds a gufunc's) */
        Diag quiet, *loud = sema->diag;
        if ((fi->ufunc || (fi->overload_of && fi->overload_of->ufunc)) && fi->is_kernel) {
            diag_init_quiet(&quiet);
            sema->diag = &quiet;
        }
        analysis_flow(sema, fi);
        analysis_shared_size(sema, fi);
        analysis_constant_index(sema, fi);
        analysis_float64(sema, fi);
        sema->diag = loud;
    }
}
