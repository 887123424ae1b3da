/* complex ** complex as numba-cuda computes it: the cpow of its
 * cuda/mathimpl.py, registered for complex64 and complex128 exactly and so
 * preferred to cpython/numbers.py's generic one (which squares for an
 * exponent of 2; this one does not). It follows CPython's _Py_c_pow in
 * polar form, every step in the parts' float F:
 *
 *   b == 0                       -> 1 + 0j
 *   a.real == 0 and b.real == 0  -> 0 + 0j   (numba's test; CPython's
 *                                   is a == 0, so (1j) ** (2j) is 0 here)
 *   otherwise  vabs = hypot(a), len = pow(vabs, b.real),
 *              at = atan2(a.imag, a.real), phase = at * b.real,
 *              and when b.imag != 0: len /= exp(at * b.imag),
 *                                    phase += b.imag * log(vabs);
 *              the result is len * (cos(phase) + sin(phase) * 1j)
 *
 * with that last line in complex arithmetic, as numba writes it:
 * sin(phase) * 1j is a complex multiplication ((s + 0j) * (0 + 1j), so an
 * infinite s gives a NaN real part), and len * (...) another. The update
 * under b.imag != 0 is a block of its own, as in Numba's code, so that
 * `phase + b.imag * log(vabs)` fuses into one fma with the same operands
 * as there. An integer or real exponent was converted to the complex
 * type first (Numba types complex ** int64 as complex128 ** complex128). */
#include "cg_internal.h"

/* x * y of two complex CgNums, as numba's complex_mul_impl */
static CgNum times(Cg *cg, CgNum x, CgNum y)
{
    return cg_num_op(cg, BINOP_MUL, x, y);
}

LLVMValueRef cg_complex_pow(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t, const Node *at)
{
    const Type *f = t->elem;
    CgNum za = cg_num(a, t), zb = cg_num(b, t);
    CgNum ar = cg_num_real(cg, za), ai = cg_num_imag(cg, za);
    CgNum br = cg_num_real(cg, zb), bi = cg_num_imag(cg, zb);
    CgNum zero = cg_num_const(cg, f, 0.0);
    LLVMValueRef b_zero = LLVMBuildAnd(cg->b, cg_num_cmp(cg, CMP_EQ, br, zero),
                                       cg_num_cmp(cg, CMP_EQ, bi, zero), "cpow.b_zero");
    LLVMValueRef a_zero = LLVMBuildAnd(cg->b, cg_num_cmp(cg, CMP_EQ, ar, zero),
                                       cg_num_cmp(cg, CMP_EQ, br, zero), "cpow.a_zero");
    CgNum vabs = cg_num_math2(cg, at, BUILTIN_MATH_HYPOT, ar, ai);
    CgNum len = cg_num_math2(cg, at, BUILTIN_MATH_POW, vabs, br);
    CgNum angle = cg_num_math2(cg, at, BUILTIN_MATH_ATAN2, ai, ar);
    CgNum phase = cg_num_op(cg, BINOP_MUL, angle, br);

    /* the update, in its own block, with len and phase joined after it */
    LLVMBasicBlockRef before = LLVMGetInsertBlock(cg->b);
    LLVMBasicBlockRef update = cg_block(cg, "cpow.imag_exponent");
    LLVMBasicBlockRef join = cg_block(cg, "cpow.polar");
    LLVMBuildCondBr(cg->b, cg_num_cmp(cg, CMP_NE, bi, zero), update, join);
    cg_enter(cg, update);
    CgNum len2 = cg_num_op(cg, BINOP_TRUEDIV, len,
                           cg_num_math(cg, at, BUILTIN_MATH_EXP, cg_num_op(cg, BINOP_MUL, angle, bi)));
    CgNum phase2 = cg_num_op(cg, BINOP_ADD, phase,
                             cg_num_op(cg, BINOP_MUL, bi, cg_num_math(cg, at, BUILTIN_MATH_LOG, vabs)));
    LLVMBasicBlockRef update_end = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, join);
    cg_enter(cg, join);
    LLVMBasicBlockRef from[2] = {before, update_end};
    LLVMValueRef lens[2] = {len.v, len2.v}, phases[2] = {phase.v, phase2.v};
    len = cg_num(LLVMBuildPhi(cg->b, cg_type(cg, f), "cpow.len"), f);
    phase = cg_num(LLVMBuildPhi(cg->b, cg_type(cg, f), "cpow.phase"), f);
    LLVMAddIncoming(len.v, lens, from, 2);
    LLVMAddIncoming(phase.v, phases, from, 2);

    /* len * (cty(cos(phase)) + cty(sin(phase) * cty(1j))) */
    CgNum j = cg_num(cg_complex_make(cg, t, zero.v, cg_num_const(cg, f, 1.0).v), t);
    CgNum c = cg_num_to(cg, cg_num_math(cg, at, BUILTIN_MATH_COS, phase), t);
    CgNum s = times(cg, cg_num_to(cg, cg_num_math(cg, at, BUILTIN_MATH_SIN, phase), t), j);
    CgNum r = times(cg, cg_num_to(cg, len, t), cg_num_op(cg, BINOP_ADD, c, s));

    CgNum one_result = cg_num(cg_complex_make(cg, t, cg_num_const(cg, f, 1.0).v, zero.v), t);
    CgNum zero_result = cg_num(cg_complex_make(cg, t, zero.v, zero.v), t);
    r = cg_num_select(cg, a_zero, zero_result, r);
    return cg_num_select(cg, b_zero, one_result, r).v;
}
