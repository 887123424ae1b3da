/* Comparisons and the expressions that branch: `a < b <= c` (each middle
 * operand evaluated once, short-circuit like `and`), `a and b` / `a or b`
 * with Python's value semantics (the result is one of the operands), and
 * `x if c else y` (only the taken side is evaluated). Each joins its paths
 * with a phi. */
#include "cg_internal.h"

static LLVMIntPredicate int_predicate(CmpOpKind op, bool is_signed)
{
    switch (op) {
    case CMP_LT: return is_signed ? LLVMIntSLT : LLVMIntULT;
    case CMP_LE: return is_signed ? LLVMIntSLE : LLVMIntULE;
    case CMP_GT: return is_signed ? LLVMIntSGT : LLVMIntUGT;
    case CMP_GE: return is_signed ? LLVMIntSGE : LLVMIntUGE;
    case CMP_NE: return LLVMIntNE;
    default: return LLVMIntEQ;
    }
}

/* Ordered predicates, except != which is true for NaN as in Python. */
static LLVMRealPredicate float_predicate(CmpOpKind op)
{
    switch (op) {
    case CMP_LT: return LLVMRealOLT;
    case CMP_LE: return LLVMRealOLE;
    case CMP_GT: return LLVMRealOGT;
    case CMP_GE: return LLVMRealOGE;
    case CMP_NE: return LLVMRealUNE;
    default: return LLVMRealOEQ;
    }
}

static bool is_ordering(CmpOpKind op)
{
    return op == CMP_LT || op == CMP_LE || op == CMP_GT || op == CMP_GE || op == CMP_EQ
        || op == CMP_NE;
}

/* Bools order as unsigned integers, False < True. NVPTX cannot select an
 * ordered setcc on i1 at -O0, so both sides are widened first; == and !=
 * stay on i1. */
static LLVMValueRef compare_bools(Cg *cg, CmpOpKind op, LLVMValueRef l, LLVMValueRef r)
{
    if (op == CMP_EQ || op == CMP_NE)
        return LLVMBuildICmp(cg->b, int_predicate(op, false), l, r, "cmp");
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMValueRef lw = LLVMBuildZExt(cg->b, l, i32, "");
    LLVMValueRef rw = LLVMBuildZExt(cg->b, r, i32, "");
    return LLVMBuildICmp(cg->b, int_predicate(op, false), lw, rw, "cmp");
}

/* l op r, both already of type t; sema only compares scalars. */
static LLVMValueRef compare_values(Cg *cg, CmpOpKind op, LLVMValueRef l, LLVMValueRef r,
                                   const Type *t, const Node *at)
{
    if (!is_ordering(op))
        return cg_unsupported(cg, at, "this comparison operator");
    switch (t->kind) {
    case TYPE_BOOL: return compare_bools(cg, op, l, r);
    case TYPE_INT: return LLVMBuildICmp(cg->b, int_predicate(op, t->is_signed), l, r, "cmp");
    case TYPE_FLOAT:
        if (t == &type_float16_t)
            return cg_fp16_compare(cg, op, l, r);   /* != unordered, as __hneu */
        return LLVMBuildFCmp(cg->b, float_predicate(op), l, r, "cmp");
    case TYPE_BFLOAT16: return cg_bf16_compare(cg, op, l, r);   /* != unordered, as __hneu */
    case TYPE_COMPLEX:   /* sema allows == and != only, as Numba */
        return cg_complex_compare(cg, op, l, r);
    default: return cg_unsupported(cg, at, "comparing these values");
    }
}

LLVMValueRef cg_compare(Cg *cg, CmpOpKind op, LLVMValueRef l, LLVMValueRef r, const Type *t, const Node *at)
{
    return compare_values(cg, op, l, r, t, at);
}

/* a < b < c: pair i compares operands i and i+1 in pair_types[i]; a false
 * pair ends the chain, which then is false. */
LLVMValueRef cg_emit_compare(Cg *cg, const Node *node)
{
    const NodeList *ops = &node->compare.operands;
    int pairs = ops->count - 1;
    LLVMBasicBlockRef end_bb = pairs > 1 ? cg_block(cg, "cmp.end") : NULL;
    LLVMValueRef *vals = ARENA_ARRAY(&cg->arena, LLVMValueRef, pairs + 1);
    LLVMBasicBlockRef *from = ARENA_ARRAY(&cg->arena, LLVMBasicBlockRef, pairs + 1);
    const Node *left = ops->items[0];
    LLVMValueRef lv = cg_emit_expr(cg, left);
    for (int i = 0; i < pairs; i++) {
        const Node *right = ops->items[i + 1];
        const Type *pt = node->compare.pair_types[i];
        LLVMValueRef rv = cg_emit_expr(cg, right);
        CmpOpKind op = node->compare.ops[i];   /* `is` left here compares enum members' values */
        op = op == CMP_IS ? CMP_EQ : op == CMP_IS_NOT ? CMP_NE : op;
        LLVMValueRef c = type_is_datetime_like(pt)   /* operands of their own units */
                             ? cg_datetime_compare(cg, op, lv, left->type, rv, right->type, pt)
                             : compare_values(cg, op, cg_convert(cg, lv, left->type, pt),
                                              cg_convert(cg, rv, right->type, pt), pt, node);
        if (pairs == 1)
            return c;
        vals[i] = c;
        from[i] = LLVMGetInsertBlock(cg->b);
        if (i + 1 < pairs) {
            LLVMBasicBlockRef next = cg_block(cg, "cmp.next");
            LLVMBuildCondBr(cg->b, c, next, end_bb);
            cg_enter(cg, next);
        } else {
            LLVMBuildBr(cg->b, end_bb);
        }
        left = right;
        lv = rv;
    }
    cg_enter(cg, end_bb);
    LLVMValueRef phi = LLVMBuildPhi(cg->b, LLVMInt1TypeInContext(cg->ctx), "cmp");
    LLVMAddIncoming(phi, vals, from, (unsigned)pairs);
    return phi;
}

/* Joins two values of node's type arriving from two blocks. */
static LLVMValueRef join(Cg *cg, const Node *node, LLVMValueRef a, LLVMBasicBlockRef abb,
                         LLVMValueRef b, LLVMBasicBlockRef bbb)
{
    LLVMValueRef phi = LLVMBuildPhi(cg->b, cg_type(cg, node->type), "");
    LLVMValueRef vals[2] = {a, b};
    LLVMBasicBlockRef blocks[2] = {abb, bbb};
    LLVMAddIncoming(phi, vals, blocks, 2);
    return phi;
}

/* a and b: a if a is falsy, else b. a or b: a if a is truthy, else b. */
LLVMValueRef cg_emit_boolop(Cg *cg, const Node *node)
{
    const Node *l = node->boolop.left, *r = node->boolop.right;
    LLVMValueRef lv = cg_convert(cg, cg_emit_expr(cg, l), l->type, node->type);
    LLVMValueRef truth = cg_truth(cg, lv, node->type);
    LLVMBasicBlockRef lbb = LLVMGetInsertBlock(cg->b);
    LLVMBasicBlockRef rhs_bb = cg_block(cg, node->boolop.op == BOOLOP_AND ? "and.rhs" : "or.rhs");
    LLVMBasicBlockRef end_bb = cg_block(cg, node->boolop.op == BOOLOP_AND ? "and.end" : "or.end");
    if (node->boolop.op == BOOLOP_AND)
        LLVMBuildCondBr(cg->b, truth, rhs_bb, end_bb);
    else
        LLVMBuildCondBr(cg->b, truth, end_bb, rhs_bb);
    cg_enter(cg, rhs_bb);
    LLVMValueRef rv = cg_convert(cg, cg_emit_expr(cg, r), r->type, node->type);
    LLVMBasicBlockRef rbb = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, end_bb);
    cg_enter(cg, end_bb);
    return join(cg, node, lv, lbb, rv, rbb);
}

/* body if cond else orelse */
LLVMValueRef cg_emit_ifexp(Cg *cg, const Node *node)
{
    LLVMValueRef c = cg_emit_cond(cg, node->ifexp.cond);
    LLVMBasicBlockRef then_bb = cg_block(cg, "ifexp.then");
    LLVMBasicBlockRef else_bb = cg_block(cg, "ifexp.else");
    LLVMBasicBlockRef end_bb = cg_block(cg, "ifexp.end");
    LLVMBuildCondBr(cg->b, c, then_bb, else_bb);
    cg_enter(cg, then_bb);
    const Node *a = node->ifexp.body, *b = node->ifexp.orelse;
    LLVMValueRef av = cg_convert(cg, cg_emit_expr(cg, a), a->type, node->type);
    LLVMBasicBlockRef abb = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, end_bb);
    cg_enter(cg, else_bb);
    LLVMValueRef bv = cg_convert(cg, cg_emit_expr(cg, b), b->type, node->type);
    LLVMBasicBlockRef bbb = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, end_bb);
    cg_enter(cg, end_bb);
    return join(cg, node, av, abb, bv, bbb);
}
