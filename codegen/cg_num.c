/* Typed numbers: the arithmetic under the algorithms numba-cuda writes in
 * Python and compiles with its own typing rules (complex division and
 * power, the cmath functions of cpython/cmathimpl.py). To compute what
 * Numba computes, each step here runs in the type Numba gives it: a
 * float32 with a float32 stays float32, a float32 with a float64 (and with
 * a Python float or int literal, which Numba types float64) is float64, a
 * float with a complex is a complex whose parts hold both, and complex(re,
 * im) is complex64 only when both parts are float32. The callers then read
 * like the Python they follow, and keep float32 exactly where Numba does.
 *
 * Operations go through the same lowering as a kernel's own (cg_binop,
 * cg_math_apply), so fastmath and contraction apply alike. */
#include <math.h>

#include "cg_internal.h"

CgNum cg_num(LLVMValueRef v, const Type *t)
{
    return (CgNum){v, t};
}

CgNum cg_num_lit(Cg *cg, double v)
{
    return cg_num(cg_const_float(cg, &type_float64_t, v), &type_float64_t);
}

CgNum cg_num_const(Cg *cg, const Type *t, double v)
{
    return cg_num(cg_const_value(cg, t, (ConstValue){.kind = CONST_FLOAT, .f = v}), t);
}

/* The type two operands compute in (Numba's unification of floats and
 * complex numbers; no integers reach here). */
const Type *cg_num_unify(const Type *a, const Type *b)
{
    if (a == b)
        return a;
    int bits_a = type_is_complex(a) ? a->elem->bits : a->bits;
    int bits_b = type_is_complex(b) ? b->elem->bits : b->bits;
    int bits = bits_a > bits_b ? bits_a : bits_b;
    if (type_is_complex(a) || type_is_complex(b))
        return type_complex(2 * bits);
    return type_float(bits);
}

CgNum cg_num_to(Cg *cg, CgNum a, const Type *t)
{
    return cg_num(cg_convert(cg, a.v, a.t, t), t);
}

/* a op b for + - * /, in the unified type. */
CgNum cg_num_op(Cg *cg, BinOpKind op, CgNum a, CgNum b)
{
    const Type *t = cg_num_unify(a.t, b.t);
    a = cg_num_to(cg, a, t);
    b = cg_num_to(cg, b, t);
    if (type_is_complex(t))
        return cg_num(cg_complex_binop(cg, op, a.v, b.v, t, NULL), t);
    return cg_num(cg_binop(cg, op, a.v, b.v, t, t, NULL), t);
}

CgNum cg_num_neg(Cg *cg, CgNum a)
{
    if (type_is_complex(a.t))
        return cg_num(cg_complex_neg(cg, a.v, a.t), a.t);
    return cg_num(cg_unary(cg, UNARY_NEG, a.v, a.t), a.t);
}

/* abs(x) of a float: fabs, as Numba's real_abs_impl. */
CgNum cg_num_abs(Cg *cg, CgNum a)
{
    LLVMTypeRef ty = cg_type(cg, a.t);
    return cg_num(cg_intrinsic(cg, "llvm.fabs", &ty, 1, &a.v, 1), a.t);
}

/* a op b compared in the unified type, as Numba's comparison templates
 * pick (float32 with a float64 literal compares in float64: exactly). */
LLVMValueRef cg_num_cmp(Cg *cg, CmpOpKind op, CgNum a, CgNum b)
{
    const Type *t = cg_num_unify(a.t, b.t);
    a = cg_num_to(cg, a, t);
    b = cg_num_to(cg, b, t);
    if (type_is_complex(t))
        return cg_complex_compare(cg, op, a.v, b.v);
    static const LLVMRealPredicate predicates[] = {
        [CMP_LT] = LLVMRealOLT, [CMP_LE] = LLVMRealOLE, [CMP_GT] = LLVMRealOGT,
        [CMP_GE] = LLVMRealOGE, [CMP_EQ] = LLVMRealOEQ, [CMP_NE] = LLVMRealUNE,
    };
    return LLVMBuildFCmp(cg->b, predicates[op], a.v, b.v, "");
}

/* `if x:` of a float: x != 0, a NaN being true */
LLVMValueRef cg_num_truth(Cg *cg, CgNum a)
{
    return cg_truth(cg, a.v, a.t);
}

LLVMValueRef cg_num_isnan(Cg *cg, CgNum a)
{
    return cg_math_apply(cg, NULL, NULL, BUILTIN_MATH_ISNAN, a.t, &a.v, 1);
}

LLVMValueRef cg_num_isinf(Cg *cg, CgNum a)
{
    return cg_math_apply(cg, NULL, NULL, BUILTIN_MATH_ISINF, a.t, &a.v, 1);
}

LLVMValueRef cg_num_isfinite(Cg *cg, CgNum a)
{
    return cg_math_apply(cg, NULL, NULL, BUILTIN_MATH_ISFINITE, a.t, &a.v, 1);
}

/* The construct a missing libdevice is blamed on: the call being lowered. */
static const char *what_of(Cg *cg, const Node *at)
{
    if (!at || at->kind != NODE_CALL || !at->call.builtin)
        return NULL;
    return arena_printf(&cg->arena, "'%s'", sema_builtin_spelling((Builtin)at->call.builtin));
}

CgNum cg_num_math(Cg *cg, const Node *at, Builtin id, CgNum a)
{
    return cg_num(cg_math_apply(cg, at, what_of(cg, at), id, a.t, &a.v, 1), a.t);
}

CgNum cg_num_math2(Cg *cg, const Node *at, Builtin id, CgNum a, CgNum b)
{
    const Type *t = cg_num_unify(a.t, b.t);
    LLVMValueRef args[2] = {cg_num_to(cg, a, t).v, cg_num_to(cg, b, t).v};
    return cg_num(cg_math_apply(cg, at, what_of(cg, at), id, t, args, 2), t);
}

/* Numba's complex(real, imag) builtin on two floats. */
CgNum cg_num_complex(Cg *cg, CgNum re, CgNum im)
{
    bool single = re.t == &type_float32_t && im.t == &type_float32_t;
    const Type *t = single ? &type_complex64_t : &type_complex128_t;
    return cg_num(cg_complex_make(cg, t, cg_num_to(cg, re, t->elem).v, cg_num_to(cg, im, t->elem).v), t);
}

CgNum cg_num_real(Cg *cg, CgNum z)
{
    return cg_num(cg_complex_real(cg, z.v), z.t->elem);
}

CgNum cg_num_imag(Cg *cg, CgNum z)
{
    return cg_num(cg_complex_imag(cg, z.v), z.t->elem);
}

CgNum cg_num_select(Cg *cg, LLVMValueRef cond, CgNum a, CgNum b)
{
    return cg_num(LLVMBuildSelect(cg->b, cond, a.v, b.v, ""), a.t);
}

CgNumIf cg_num_if(Cg *cg, LLVMValueRef cond, const char *name)
{
    CgNumIf branch = {0};
    LLVMBasicBlockRef then_bb = cg_block(cg, arena_printf(&cg->arena, "%s.then", name));
    branch.else_bb = cg_block(cg, arena_printf(&cg->arena, "%s.else", name));
    branch.end_bb = cg_block(cg, arena_printf(&cg->arena, "%s.end", name));
    LLVMBuildCondBr(cg->b, cond, then_bb, branch.else_bb);
    cg_enter(cg, then_bb);
    return branch;
}

void cg_num_else(Cg *cg, CgNumIf *branch, CgNum then_value)
{
    branch->then_value = then_value;
    branch->then_end = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, branch->end_bb);
    cg_enter(cg, branch->else_bb);
}

CgNum cg_num_join(Cg *cg, CgNumIf *branch, CgNum else_value)
{
    if (else_value.t != branch->then_value.t)
        diag_error_plain(cg->diag, "internal compiler error: the arms of '%s' give '%s' and '%s'",
                         LLVMGetBasicBlockName(branch->end_bb), branch->then_value.t->name, else_value.t->name);
    LLVMBasicBlockRef else_end = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, branch->end_bb);
    cg_enter(cg, branch->end_bb);
    LLVMValueRef phi = LLVMBuildPhi(cg->b, cg_type(cg, else_value.t), "");
    LLVMValueRef values[2] = {branch->then_value.v, else_value.v};
    LLVMBasicBlockRef blocks[2] = {branch->then_end, else_end};
    LLVMAddIncoming(phi, values, blocks, 2);
    return cg_num(phi, else_value.t);
}
