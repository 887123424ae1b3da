/* --weak-scalars: the opt-in, NumPy NEP 50-style typing of float literals
 * and int-to-float promotions (docs/language.md §7.18). Off by default,
 * where every rule is Numba's. */
#ifndef PYKC_SEMA_WEAK_SCALARS_H
#define PYKC_SEMA_WEAK_SCALARS_H

#include "sema_internal.h"

/* After Numba's resolution of `left op right` (a binary operator, an
 * augmented assignment, or with is_compare a comparison) chose *sig: in
 * weak-scalar mode, an operation between a float of type F and an integer
 * or a float literal is redone in F. Changes nothing in the default mode. */
void sema_weaken_operands(FuncCtx *ctx, BinOpKind op, bool is_compare, const Node *left,
                          const Node *right, OpSignature *sig);

#endif
