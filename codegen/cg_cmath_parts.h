/* The building blocks cmath's algorithms are written in (cg_cmath.c and
 * cg_cmath_inverse.c): CgNum arithmetic with Python's typing (cg_num.c)
 * under short names, so the algorithms read as numba-cuda's cmathimpl.py
 * does. */
#ifndef PYKC_CODEGEN_CG_CMATH_PARTS_H
#define PYKC_CODEGEN_CG_CMATH_PARTS_H

#include "cg_internal.h"

static inline CgNum add(Cg *cg, CgNum a, CgNum b) { return cg_num_op(cg, BINOP_ADD, a, b); }
static inline CgNum sub(Cg *cg, CgNum a, CgNum b) { return cg_num_op(cg, BINOP_SUB, a, b); }
static inline CgNum mul(Cg *cg, CgNum a, CgNum b) { return cg_num_op(cg, BINOP_MUL, a, b); }
static inline CgNum divide(Cg *cg, CgNum a, CgNum b) { return cg_num_op(cg, BINOP_TRUEDIV, a, b); }
static inline CgNum lit(Cg *cg, double v) { return cg_num_lit(cg, v); }
static inline CgNum math1(Cg *cg, const Node *at, Builtin id, CgNum a) { return cg_num_math(cg, at, id, a); }
static inline CgNum math2(Cg *cg, const Node *at, Builtin id, CgNum a, CgNum b)
{
    return cg_num_math2(cg, at, id, a, b);
}

/* `if a:` then b else c, of one type t */
static inline CgNum pick(Cg *cg, LLVMValueRef cond, CgNum a, CgNum b, const Type *t)
{
    return cg_num_select(cg, cond, cg_num_to(cg, a, t), cg_num_to(cg, b, t));
}

/* complex(-z.imag, z.real): z times 1j, how cos, sin and tan reach the
 * hyperbolic functions, and asin and atan asinh and atanh */
static inline CgNum times_j(Cg *cg, CgNum z)
{
    return cg_num_complex(cg, cg_num_neg(cg, cg_num_imag(cg, z)), cg_num_real(cg, z));
}

/* complex(r.imag, -r.real): r times -1j */
static inline CgNum times_minus_j(Cg *cg, CgNum r)
{
    return cg_num_complex(cg, cg_num_imag(cg, r), cg_num_neg(cg, cg_num_real(cg, r)));
}

#endif
