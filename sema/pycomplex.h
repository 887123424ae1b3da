/* Python's complex arithmetic (CPython 3.12's Objects/complexobject.c),
 * for the constant expressions Python folds before Numba sees them:
 * `1 + 2j`, `(1 + 1j) ** 2`, `1 / (3 - 4j)` are complex constants in the
 * code Numba compiles. pyfold.c calls it; nothing at run time does (that
 * is numba's arithmetic, codegen/cg_complex.c). */
#ifndef PYKC_SEMA_PYCOMPLEX_H
#define PYKC_SEMA_PYCOMPLEX_H

#include <stdbool.h>

#include "../parser/ast.h"

typedef struct PyComplex {
    double re, im;
} PyComplex;

/* a op b for + - * / **, as CPython computes it; false where Python would
 * raise (a zero divisor, 0 to a negative or complex power, an overflowing
 * power) or the operator has no complex form: then nothing is folded. */
bool py_complex_binop(BinOpKind op, PyComplex a, PyComplex b, PyComplex *out);

#endif
