/* What ufunc.c (the builders, declaring) and ufunc_kernel.c (the kernel
 * Numba writes around the core, and its parameters) share. */
#ifndef PYKC_SEMA_UFUNC_H
#define PYKC_SEMA_UFUNC_H

#include "sema_internal.h"

typedef enum UfuncKind { UFUNC_VECTORIZE, UFUNC_GUVECTORIZE } UfuncKind;

typedef struct Builder {
    Node *decorator;          /* the call of the builder, or NULL (--vectorize) */
    UfuncKind kind;
    Node *sigs;               /* its first argument */
    Node *layout;             /* guvectorize: its second */
} Builder;

/* Found when the file's functions are declared; read (and reported on)
 * when the kernel is prepared, as a @cuda.jit decorator is. */
struct Ufunc {
    UfuncKind kind;
    Span at;                  /* the decorator, or the def (--vectorize) */
    Builder builder;          /* the decorator's arguments */
    const SigOverride *option;/* or a --vectorize / --guvectorize */
    const Source *cli_sig;    /* the option's one signature */
    FuncInfo *core;           /* the def as a device function */
    int read;                 /* 0: not read yet; 1: read; -1: reported */
    int *dims;                /* guvectorize: each argument's core dimensions */
    int dim_count;
};

/* One signature of the ufunc `kernel` stands for: the core's types, read
 * as prepare.c reads a device function's, then the kernel's parameters and
 * its tree (ufunc_kernel.c); false after reporting why not. */
bool sema_ufunc_kernel_signature(Sema *sema, FuncInfo *kernel, Node *sig);

#endif
