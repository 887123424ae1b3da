/* The analyses that look for GPU bugs in a typed module: bounds, shared
 * memory, barriers, races, launch limits, silent float64 (docs/diagnostics.md).
 * They run after typing succeeded, over every function that will be
 * generated (kernels, overloads, specialisations), and only report: a
 * problem they prove is an error, one they suspect a named warning. What
 * they derive for launches (the largest block a kernel is correct for, the
 * arrays its grid must cover) is left in the kernel's FuncInfo for the
 * launch facts. */
#ifndef PYKC_ANALYSIS_ANALYSIS_H
#define PYKC_ANALYSIS_ANALYSIS_H

#include "../sema/sema_internal.h"

/* Helpers the checks share (analysis.c). */
/* `node` without the Converts sema wrapped around it. */
const Node *analysis_strip_converts(const Node *node);
/* A constant shape as Python writes it: "(64, 128)", "(32,)". */
const char *analysis_shape_text(Arena *arena, const int64_t *dims, int ndim);

/* Runs every analysis over `module`'s functions (analysis.c). */
void analysis_diagnose_module(Sema *sema, const SemaModule *module);

/* One function each; `fi` is a generated function of the module. */
void analysis_flow(Sema *sema, FuncInfo *fi);          /* flow*.c: items a-e */
void analysis_shared_size(Sema *sema, FuncInfo *fi);   /* check_shared_size.c: f */
void analysis_constant_index(Sema *sema, FuncInfo *fi); /* check_constant_index.c: g */
void analysis_float64(Sema *sema, FuncInfo *fi);       /* check_float64.c: h */

#endif
