/* Constant folding with exactly the run-time semantics codegen implements
 * (Numba's): integers wrap at their type's width; '//' and '%' floor with
 * Python's signs; integer division or modulo by zero gives 0; INT_MIN // -1
 * gives 0; float arithmetic rounds to the result type (float32 results are
 * rounded to float). A CONST_INT holds the value's bits sign- or
 * zero-extended from its type's width to 64. */
#ifndef PYKC_SEMA_FOLD_H
#define PYKC_SEMA_FOLD_H

#include <stdbool.h>

#include "../parser/ast.h"
#include "types.h"

/* a op b, both already of type `type` (the result type), except POW whose
 * exponent may be an int while the base is a float. False when the operation
 * is not folded (the caller then leaves it to run time). */
bool fold_binop(BinOpKind op, const Type *type, ConstValue a, const Type *b_type,
                ConstValue b, ConstValue *out);

/* -a, +a, ~a in `type`; not a (result bool). */
bool fold_unary(UnaryOpKind op, const Type *type, ConstValue a, ConstValue *out);

/* a (of type `from`) converted to `to` as codegen's Convert does. */
bool fold_convert(ConstValue a, const Type *from, const Type *to, ConstValue *out);

/* a cmp b, both of type `type`; result CONST_BOOL. */
bool fold_compare(CmpOpKind op, const Type *type, ConstValue a, ConstValue b, ConstValue *out);

/* Python truth of a constant of type `type`. */
bool fold_truth(ConstValue a, const Type *type);

#endif
