/* Complex numbers, computed as numba-cuda computes them (its
 * cpython/numbers.py): a value is {F re, F im}, F the parts' float.
 *
 * + and - work part by part; * is (ac - bd) + (ad + bc)j, whose products
 * may fuse into fma as Numba's NVVM fuses them; / is CPython's algorithm
 * (_Py_c_quot, scaling by the divisor's larger part) in numba's
 * transcription, whose zero divisor raises ZeroDivisionError: a kernel
 * compiled without debug=True then returns at that point, so here the
 * thread ends (PTX `exit`), nothing after the division running. A NaN in
 * the divisor takes numba's second branch, not CPython's NaN case. Unary
 * minus negates both parts (-0.0 - x, numba's negate_real); == compares
 * both parts ordered, != unordered; a complex is true when a part is
 * (NaN included); abs is hypot of the parts, in F. A real converts to a
 * complex as (x as F, 0), a bool through int32 (boolean_to_any); complex
 * to complex converts each part. `**` is cg_complex_pow.c. */
#include <math.h>

#include "cg_internal.h"

LLVMValueRef cg_complex_make(Cg *cg, const Type *t, LLVMValueRef re, LLVMValueRef im)
{
    LLVMValueRef z = LLVMGetUndef(cg_type(cg, t));
    z = LLVMBuildInsertValue(cg->b, z, re, 0, "");
    return LLVMBuildInsertValue(cg->b, z, im, 1, "");
}

LLVMValueRef cg_complex_real(Cg *cg, LLVMValueRef z)
{
    return LLVMBuildExtractValue(cg->b, z, 0, "re");
}

LLVMValueRef cg_complex_imag(Cg *cg, LLVMValueRef z)
{
    return LLVMBuildExtractValue(cg->b, z, 1, "im");
}

/* v (a bool, int, float or complex) as a complex of type `to`. */
LLVMValueRef cg_complex_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    const Type *part = to->elem;
    if (from->kind == TYPE_COMPLEX)
        return cg_complex_make(cg, to, cg_convert(cg, cg_complex_real(cg, v), from->elem, part),
                               cg_convert(cg, cg_complex_imag(cg, v), from->elem, part));
    if (from->kind == TYPE_BOOL) {
        v = LLVMBuildZExt(cg->b, v, LLVMInt32TypeInContext(cg->ctx), "");
        from = &type_int32_t;
    }
    return cg_complex_make(cg, to, cg_convert(cg, v, from, part), cg_zero(cg, part));
}

/* complex_as_bool: re != 0 or im != 0, unordered (a NaN part is true). */
LLVMValueRef cg_complex_truth(Cg *cg, LLVMValueRef z, const Type *t)
{
    LLVMValueRef zero = cg_zero(cg, t->elem);
    LLVMValueRef re = LLVMBuildFCmp(cg->b, LLVMRealUNE, cg_complex_real(cg, z), zero, "");
    LLVMValueRef im = LLVMBuildFCmp(cg->b, LLVMRealUNE, cg_complex_imag(cg, z), zero, "");
    return LLVMBuildOr(cg->b, re, im, "");
}

/* Float arithmetic in the parts' type, as a kernel's own (contractable). */
static LLVMValueRef op(Cg *cg, BinOpKind kind, LLVMValueRef a, LLVMValueRef b, const Type *f)
{
    return cg_binop(cg, kind, a, b, f, f, NULL);
}

/* Ends the thread where `cond` holds: Numba's raise in a kernel compiled
 * without debug=True returns from the kernel. */
static void exit_thread_if(Cg *cg, LLVMValueRef cond, const char *name)
{
    LLVMBasicBlockRef stop = cg_block(cg, arena_printf(&cg->arena, "%s.raise", name));
    LLVMBasicBlockRef go = cg_block(cg, arena_printf(&cg->arena, "%s.ok", name));
    LLVMBuildCondBr(cg->b, cond, stop, go);
    cg_enter(cg, stop);
    cg_intrinsic(cg, "llvm.nvvm.exit", NULL, 0, NULL, 0);
    LLVMBuildUnreachable(cg->b);
    cg_enter(cg, go);
}

/* One way of numba's division: with d the divisor's part to scale by and
 * o its other part (`scale_by_real`: d = b.real, o = b.imag), ratio = o / d
 * and denom = d + o * ratio; the quotient's parts are
 * (a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom when
 * scaling by the real part, (a.real * ratio + a.imag) / denom,
 * (a.imag * ratio - a.real) / denom by the imaginary one; complex(NAN,
 * NAN) when d is zero (only a NaN in o gets there). */
static LLVMValueRef scaled_quotient(Cg *cg, LLVMValueRef a, LLVMValueRef d, LLVMValueRef o, const Type *t,
                                    bool scale_by_real)
{
    const Type *f = t->elem;
    LLVMValueRef ar = cg_complex_real(cg, a), ai = cg_complex_imag(cg, a);
    LLVMValueRef ratio = op(cg, BINOP_TRUEDIV, o, d, f);
    LLVMValueRef re, im, denom;
    if (scale_by_real) {
        denom = op(cg, BINOP_ADD, d, op(cg, BINOP_MUL, o, ratio, f), f);
        re = op(cg, BINOP_ADD, ar, op(cg, BINOP_MUL, ai, ratio, f), f);
        im = op(cg, BINOP_SUB, ai, op(cg, BINOP_MUL, ar, ratio, f), f);
    } else {
        denom = op(cg, BINOP_ADD, op(cg, BINOP_MUL, o, ratio, f), d, f);
        re = op(cg, BINOP_ADD, op(cg, BINOP_MUL, ar, ratio, f), ai, f);
        im = op(cg, BINOP_SUB, op(cg, BINOP_MUL, ai, ratio, f), ar, f);
    }
    LLVMValueRef d_zero = LLVMBuildFCmp(cg->b, LLVMRealOEQ, d, cg_zero(cg, f), "");
    LLVMValueRef nan = cg_const_float(cg, f, NAN);
    return cg_complex_make(cg, t, LLVMBuildSelect(cg->b, d_zero, nan, op(cg, BINOP_TRUEDIV, re, denom, f), ""),
                           LLVMBuildSelect(cg->b, d_zero, nan, op(cg, BINOP_TRUEDIV, im, denom, f), ""));
}

/* numba's complex_div: CPython's _Py_c_quot as numba writes it, with its
 * two ways in two blocks; a NaN in the divisor takes the second way. */
static LLVMValueRef divide(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t)
{
    const Type *f = t->elem;
    LLVMBuilderRef B = cg->b;
    LLVMValueRef br = cg_complex_real(cg, b), bi = cg_complex_imag(cg, b);
    LLVMValueRef zero = cg_zero(cg, f);
    LLVMValueRef br_zero = LLVMBuildFCmp(B, LLVMRealOEQ, br, zero, "");
    LLVMValueRef bi_zero = LLVMBuildFCmp(B, LLVMRealOEQ, bi, zero, "");
    exit_thread_if(cg, LLVMBuildAnd(B, br_zero, bi_zero, ""), "cdiv.by_zero");
    LLVMTypeRef ft = cg_type(cg, f);
    LLVMValueRef abs_br = cg_intrinsic(cg, "llvm.fabs", &ft, 1, &br, 1);
    LLVMValueRef abs_bi = cg_intrinsic(cg, "llvm.fabs", &ft, 1, &bi, 1);
    CgNumIf by_real = cg_num_if(cg, LLVMBuildFCmp(B, LLVMRealOGE, abs_br, abs_bi, ""), "cdiv.by_real");
    cg_num_else(cg, &by_real, cg_num(scaled_quotient(cg, a, br, bi, t, true), t));
    return cg_num_join(cg, &by_real, cg_num(scaled_quotient(cg, a, bi, br, t, false), t)).v;
}

/* (a + bj) * (c + dj) = (ac - bd) + (ad + bc)j */
static LLVMValueRef multiply(Cg *cg, LLVMValueRef x, LLVMValueRef y, const Type *t)
{
    const Type *f = t->elem;
    LLVMValueRef a = cg_complex_real(cg, x), b = cg_complex_imag(cg, x);
    LLVMValueRef c = cg_complex_real(cg, y), d = cg_complex_imag(cg, y);
    LLVMValueRef ac = op(cg, BINOP_MUL, a, c, f), bd = op(cg, BINOP_MUL, b, d, f);
    LLVMValueRef ad = op(cg, BINOP_MUL, a, d, f), bc = op(cg, BINOP_MUL, b, c, f);
    return cg_complex_make(cg, t, op(cg, BINOP_SUB, ac, bd, f), op(cg, BINOP_ADD, ad, bc, f));
}

LLVMValueRef cg_complex_binop(Cg *cg, BinOpKind kind, LLVMValueRef a, LLVMValueRef b, const Type *t,
                              const Node *at)
{
    const Type *f = t->elem;
    switch (kind) {
    case BINOP_ADD: case BINOP_SUB:
        return cg_complex_make(cg, t, op(cg, kind, cg_complex_real(cg, a), cg_complex_real(cg, b), f),
                               op(cg, kind, cg_complex_imag(cg, a), cg_complex_imag(cg, b), f));
    case BINOP_MUL: return multiply(cg, a, b, t);
    case BINOP_TRUEDIV: return divide(cg, a, b, t);
    case BINOP_POW: return cg_complex_pow(cg, a, b, t, at);
    default: return at ? cg_unsupported(cg, at, "this operator on complex numbers") : a;
    }
}

LLVMValueRef cg_complex_neg(Cg *cg, LLVMValueRef z, const Type *t)
{
    return cg_complex_make(cg, t, LLVMBuildFNeg(cg->b, cg_complex_real(cg, z), ""),
                           LLVMBuildFNeg(cg->b, cg_complex_imag(cg, z), ""));
}

/* == : both parts equal (ordered); != : a part differs (unordered). */
LLVMValueRef cg_complex_compare(Cg *cg, CmpOpKind kind, LLVMValueRef a, LLVMValueRef b)
{
    bool ne = kind == CMP_NE;
    LLVMRealPredicate p = ne ? LLVMRealUNE : LLVMRealOEQ;
    LLVMValueRef re = LLVMBuildFCmp(cg->b, p, cg_complex_real(cg, a), cg_complex_real(cg, b), "");
    LLVMValueRef im = LLVMBuildFCmp(cg->b, p, cg_complex_imag(cg, a), cg_complex_imag(cg, b), "");
    return ne ? LLVMBuildOr(cg->b, re, im, "cmp") : LLVMBuildAnd(cg->b, re, im, "cmp");
}

/* abs(z) = math.hypot(z.real, z.imag), in the parts' float */
LLVMValueRef cg_complex_abs(Cg *cg, LLVMValueRef z, const Type *t, const Node *at)
{
    LLVMValueRef parts[2] = {cg_complex_real(cg, z), cg_complex_imag(cg, z)};
    return cg_math_apply(cg, at, "'abs' of a complex number", BUILTIN_MATH_HYPOT, t->elem, parts, 2);
}

/* x.real and x.imag: a complex's parts; a real number is its own real part
 * and has an imaginary part of 0 of its type (numbers.py's
 * real_real_impl, real_imag_impl). */
LLVMValueRef cg_emit_number_attr(Cg *cg, const Node *node)
{
    const Node *base = node->attribute.value;
    bool real = node->attribute.builtin == BUILTIN_NUMBER_REAL;
    LLVMValueRef v = cg_emit_expr(cg, base);
    if (base->type->kind == TYPE_COMPLEX)
        return real ? cg_complex_real(cg, v) : cg_complex_imag(cg, v);
    return real ? v : cg_zero(cg, base->type);
}

/* x.conjugate(): a complex's imaginary part negated; a real number itself. */
LLVMValueRef cg_emit_conjugate(Cg *cg, const Node *node)
{
    const Node *base = node->call.func->attribute.value;
    LLVMValueRef v = cg_emit_expr(cg, base);
    if (base->type->kind != TYPE_COMPLEX)
        return v;
    return cg_complex_make(cg, base->type, cg_complex_real(cg, v),
                           LLVMBuildFNeg(cg->b, cg_complex_imag(cg, v), ""));
}
