/* Runs the bug-finding analyses over a typed module; see diagnose.h. */
#include "diagnose.h"

void sema_diagnose_module(Sema *sema, const SemaModule *module)
{
    for (int i = 0; i < module->func_count; i++) {
        FuncInfo *fi = module->funcs[i];
        sema_diagnose_flow(sema, fi);
        sema_diagnose_shared_size(sema, fi);
        sema_diagnose_constant_index(sema, fi);
        sema_diagnose_float64(sema, fi);
    }
}
