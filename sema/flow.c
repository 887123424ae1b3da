/* Placeholder until the flow analysis lands (lead is writing it). */
#include "diagnose.h"

void sema_diagnose_flow(Sema *sema, FuncInfo *fi)
{
    (void)sema;
    (void)fi;
}
