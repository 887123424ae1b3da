/* Loops whose step is not a constant (grid-stride and block-stride loops),
 * shaped so that LLVM's runtime unroller unrolls them by 4 with a
 * remainder loop, as NVVM does: four independent loads in flight per
 * thread instead of one.
 *
 * The unroller needs the loop's trip count, and SCEV finds it only when it
 * can prove the induction variable does not wrap. pykc knows facts LLVM
 * does not (docs/performance.md, "Stride loops"):
 *   - the geometry registers' ranges (threadIdx < 1024, blockDim <= 1024,
 *     gridDim < 2^31), so cuda.gridsize(1) lies in [1, 1024 * (2^31 - 1)];
 *   - an array's extents and size are at most CG_MAX_EXTENT (2^62).
 * A `for` over range(start, stop, step) with a run-time step counts its
 * iterations (one division before the loop, as Numba's range iterator and
 * NVVM's unroller compute), so its trip count is known whatever the
 * bounds; iv + step carries nsw only where the bounds prove it. A `while
 * i < BOUND:` loop whose last statement is `i += STEP` gets nsw on that add
 * where BOUND and STEP have bounds that prove it (cg_while_stride_step).
 * Either loop, when its body holds no other loop, is unrolled by 4 after
 * the rest of the optimisation (cg_unroll.c): the unroll.count it then asks
 * for also lets the unroller expand the division its default cost model
 * refuses. */
#include <limits.h>

#include "cg_internal.h"

#define CG_MAX_EXTENT (INT64_C(1) << 62)

/* The largest values of the geometry registers (PTX ISA: %ntid.x <= 1024,
 * %nctaid.x < 2^31); the lower axes are smaller still. */
#define MAX_NTID INT64_C(1024)
#define MAX_NCTAID (INT64_C(2147483647))

static bool add_bounds(int64_t alo, int64_t ahi, int64_t blo, int64_t bhi, int64_t *lo, int64_t *hi)
{
    if (__builtin_add_overflow(alo, blo, lo) || __builtin_add_overflow(ahi, bhi, hi))
        return false;
    return true;
}

/* Bounds of a product of two non-negative ranges. */
static bool mul_bounds(int64_t alo, int64_t ahi, int64_t blo, int64_t bhi, int64_t *lo, int64_t *hi)
{
    if (alo < 0 || blo < 0)
        return false;
    if (__builtin_mul_overflow(alo, blo, lo) || __builtin_mul_overflow(ahi, bhi, hi))
        return false;
    return true;
}

static bool geometry_bounds(int builtin, int64_t *lo, int64_t *hi)
{
    if (builtin >= BUILTIN_THREADIDX_X && builtin <= BUILTIN_THREADIDX_Z) {
        *lo = 0, *hi = MAX_NTID - 1;
    } else if (builtin >= BUILTIN_BLOCKIDX_X && builtin <= BUILTIN_BLOCKIDX_Z) {
        *lo = 0, *hi = MAX_NCTAID - 1;
    } else if (builtin >= BUILTIN_BLOCKDIM_X && builtin <= BUILTIN_BLOCKDIM_Z) {
        *lo = 1, *hi = MAX_NTID;
    } else if (builtin >= BUILTIN_GRIDDIM_X && builtin <= BUILTIN_GRIDDIM_Z) {
        *lo = 1, *hi = MAX_NCTAID;
    } else if (builtin == BUILTIN_WARPSIZE) {
        *lo = 32, *hi = 32;
    } else if (builtin == BUILTIN_LANEID) {
        *lo = 0, *hi = 31;
    } else {
        return false;
    }
    return true;
}

static bool is_array(const Node *n)
{
    return n && n->type && n->type->kind == TYPE_ARRAY;
}

bool cg_int_bounds_at(const Node *funcdef, int depth, const Node *n, int64_t *lo, int64_t *hi)
{
    if (!n || !n->type || n->type->kind != TYPE_INT)
        return false;
    if (n->konst.kind == CONST_INT) {
        if (!n->type->is_signed && n->konst.i < 0)
            return false;   /* a uint64 above INT64_MAX */
        *lo = *hi = n->konst.i;
        return true;
    }
    switch (n->kind) {
    case NODE_NAME:
        return cg_local_bounds(funcdef, n->name.sym, depth, lo, hi);
    case NODE_CONVERT: {
        const Node *op = n->convert.operand;
        if (!op->type || op->type->kind != TYPE_INT || op->type->bits > n->type->bits
            || (op->type->is_signed && !n->type->is_signed))
            return false;   /* only widenings keep every value */
        return cg_int_bounds_at(funcdef, depth, op, lo, hi);
    }
    case NODE_ATTRIBUTE:
        if (n->attribute.builtin == BUILTIN_ARRAY_SIZE && is_array(n->attribute.value)) {
            *lo = 0, *hi = CG_MAX_EXTENT;
            return true;
        }
        return geometry_bounds(n->attribute.builtin, lo, hi);
    case NODE_SUBSCRIPT: {   /* a.shape[k] */
        const Node *v = n->subscript.value;
        if (v->kind == NODE_ATTRIBUTE && v->attribute.builtin == BUILTIN_ARRAY_SHAPE
            && is_array(v->attribute.value)) {
            *lo = 0, *hi = CG_MAX_EXTENT;
            return true;
        }
        return false;
    }
    case NODE_CALL: {
        const NodeList *args = &n->call.args;
        if (n->call.builtin == BUILTIN_LEN && args->count == 1 && is_array(args->items[0])) {
            *lo = 0, *hi = CG_MAX_EXTENT;
            return true;
        }
        bool one_axis = args->count == 1 && args->items[0]->konst.kind == CONST_INT
                        && args->items[0]->konst.i == 1;
        if (n->call.builtin == BUILTIN_GRIDSIZE && one_axis) {
            *lo = 1, *hi = MAX_NTID * MAX_NCTAID;
            return true;
        }
        if (n->call.builtin == BUILTIN_GRID && one_axis) {
            *lo = 0, *hi = MAX_NTID * MAX_NCTAID - 1;
            return true;
        }
        return false;
    }
    case NODE_BINOP: {
        /* in the node's own type: a sum or product whose bounds fit int64
         * and the type cannot have wrapped */
        int64_t alo, ahi, blo, bhi;
        if (!cg_int_bounds_at(funcdef, depth, n->binop.left, &alo, &ahi)
            || !cg_int_bounds_at(funcdef, depth, n->binop.right, &blo, &bhi))
            return false;
        bool ok = n->binop.op == BINOP_ADD   ? add_bounds(alo, ahi, blo, bhi, lo, hi)
                  : n->binop.op == BINOP_MUL ? mul_bounds(alo, ahi, blo, bhi, lo, hi)
                                             : false;
        if (!ok)
            return false;
        int bits = n->type->bits;
        if (bits >= 64)
            return *lo >= (n->type->is_signed ? INT64_MIN : 0);
        int64_t tmax = n->type->is_signed ? (INT64_C(1) << (bits - 1)) - 1 : (INT64_C(1) << bits) - 1;
        int64_t tmin = n->type->is_signed ? -(INT64_C(1) << (bits - 1)) : 0;
        return *lo >= tmin && *hi <= tmax;
    }
    default:
        return false;
    }
}

bool cg_int_bounds(const Node *funcdef, const Node *n, int64_t *lo, int64_t *hi)
{
    return cg_int_bounds_at(funcdef, 0, n, lo, hi);
}

/* ---- while i < BOUND: ...; i += STEP ---- */

/* The comparison `i < BOUND` or `i <= BOUND` (or a conjunct of an `and`)
 * that bounds i's value in the body from above by *hi. */
static bool cond_bounds(const Node *funcdef, const Node *c, const Symbol *sym, int64_t *hi)
{
    if (c->kind == NODE_BOOLOP && c->boolop.op == BOOLOP_AND)
        return cond_bounds(funcdef, c->boolop.left, sym, hi) || cond_bounds(funcdef, c->boolop.right, sym, hi);
    if (c->kind != NODE_COMPARE || c->compare.operands.count != 2)
        return false;
    const Node *a = c->compare.operands.items[0], *b = c->compare.operands.items[1];
    CmpOpKind op = c->compare.ops[0];
    const Type *pt = c->compare.pair_types ? c->compare.pair_types[0] : NULL;
    if (!pt || pt->kind != TYPE_INT || !pt->is_signed || pt->bits != 64)
        return false;
    if (op == CMP_GT || op == CMP_GE) {   /* BOUND > i */
        const Node *t = a;
        a = b, b = t;
        op = op == CMP_GT ? CMP_LT : CMP_LE;
    }
    if ((op != CMP_LT && op != CMP_LE) || a->kind != NODE_NAME || a->name.sym != sym)
        return false;
    int64_t lo;
    if (!cg_int_bounds(funcdef, b, &lo, hi))
        return false;
    if (op == CMP_LT)
        *hi -= 1;
    return true;
}

const Node *cg_while_stride_step(const Node *funcdef, const Node *loop)
{
    const NodeList *body = &loop->while_stmt.body;
    if (body->count == 0)
        return NULL;
    const Node *inc = body->items[body->count - 1];
    if (inc->kind != NODE_AUG_ASSIGN || inc->aug_assign.op != BINOP_ADD
        || inc->aug_assign.target->kind != NODE_NAME)
        return NULL;
    const Symbol *sym = inc->aug_assign.target->name.sym;
    const Type *ct = inc->aug_assign.compute_type;
    const Type *vt = inc->aug_assign.target->type;
    if (!sym || !ct || !vt || ct->kind != TYPE_INT || !ct->is_signed || ct->bits != 64 || vt != ct)
        return NULL;
    int64_t i_hi, s_lo, s_hi, sum;
    if (!cond_bounds(funcdef, loop->while_stmt.cond, sym, &i_hi))
        return NULL;
    if (!cg_int_bounds(funcdef, inc->aug_assign.value, &s_lo, &s_hi) || s_lo < 0
        || __builtin_add_overflow(i_hi, s_hi, &sum))
        return NULL;
    for (int i = 0; i < body->count - 1; i++)
        if (cg_stores_to(body->items[i], sym))
            return NULL;
    return cg_stores_to(inc->aug_assign.value, sym) ? NULL : inc;
}

/* ---- for t in range(start, stop, step) with a run-time step ---- */

static int64_t type_max(const Type *t)
{
    if (t->bits >= 64)
        return INT64_MAX;
    return t->is_signed ? (INT64_C(1) << (t->bits - 1)) - 1 : (INT64_C(1) << t->bits) - 1;
}

/* How many iterations range(start, stop, step) makes, as an unsigned value
 * of the counter's width: 0 if the range is empty (or the step is 0, which
 * runs none), else (|stop - start| - 1) / |step| + 1. Both differences are
 * exact as unsigned values because the range is not empty where they are
 * used; the divisor is never 0. */
static LLVMValueRef range_count(Cg *cg, const RangeBounds *r, bool step_positive)
{
    LLVMBuilderRef B = cg->b;
    bool is_signed = r->type->is_signed;
    LLVMValueRef zero = cg_zero(cg, r->type), one = cg_const_int(cg, r->type, 1);
    LLVMValueRef up = LLVMBuildICmp(B, is_signed ? LLVMIntSLT : LLVMIntULT, r->start, r->stop, "");
    LLVMValueRef dist = LLVMBuildSub(B, r->stop, r->start, "");
    LLVMValueRef mag = r->step, nonempty = up;
    if (!step_positive && !is_signed) {
        nonempty = LLVMBuildAnd(B, up, LLVMBuildICmp(B, LLVMIntNE, r->step, zero, ""), "");
    } else if (!step_positive) {
        LLVMValueRef neg = LLVMBuildICmp(B, LLVMIntSLT, r->step, zero, "step.neg");
        LLVMValueRef pos = LLVMBuildICmp(B, LLVMIntSGT, r->step, zero, "");
        LLVMValueRef down = LLVMBuildICmp(B, LLVMIntSGT, r->start, r->stop, "");
        nonempty = LLVMBuildOr(B, LLVMBuildAnd(B, pos, up, ""), LLVMBuildAnd(B, neg, down, ""), "");
        dist = LLVMBuildSelect(B, neg, LLVMBuildSub(B, r->start, r->stop, ""), dist, "");
        mag = LLVMBuildSelect(B, neg, LLVMBuildNeg(B, r->step, ""), r->step, "");
    }
    if (!step_positive)
        mag = LLVMBuildSelect(B, nonempty, mag, one, "trip.stride");
    LLVMValueRef q = LLVMBuildUDiv(B, LLVMBuildSub(B, dist, one, "trip.dist"), mag, "");
    LLVMValueRef n = LLVMBuildNUWAdd(B, q, one, "");
    return LLVMBuildSelect(B, nonempty, n, zero, "trip.count");
}

/* Whether iv + step provably cannot wrap: the step is positive and
 * stop + step fits the counter's type (iv < stop when it is added). */
static bool step_cannot_wrap(const Node *funcdef, const Node *iter, const RangeBounds *r, int64_t step_hi)
{
    const NodeList *args = &iter->call.args;
    const Node *stop = args->count >= 2 ? args->items[1] : args->items[0];
    int64_t lo, hi, sum;
    return cg_int_bounds(funcdef, stop, &lo, &hi) && !__builtin_add_overflow(hi, step_hi, &sum)
           && sum <= type_max(r->type);
}

/* A positive step that cannot carry iv past the type's limit (stop + step
 * fits): iv itself is the induction variable, tested against stop and
 * stepped with nsw (nuw for an unsigned range), the shape of a `while`
 * stride loop, whose trip count SCEV computes. */
static void emit_bounded_for(Cg *cg, const Node *node, const RangeBounds *r)
{
    LLVMBuilderRef B = cg->b;
    LLVMTypeRef ity = cg_type(cg, r->type);
    bool is_signed = r->type->is_signed;
    LLVMValueRef iv_slot = cg_alloca(cg, ity, "iv");
    LLVMBuildStore(B, r->start, iv_slot);
    ForBlocks blocks = cg_for_begin(cg, node);
    LLVMValueRef iv = LLVMBuildLoad2(B, ity, iv_slot, "iv");
    LLVMValueRef more = LLVMBuildICmp(B, is_signed ? LLVMIntSLT : LLVMIntULT, iv, r->stop, "");
    LLVMBuildCondBr(B, more, blocks.body, blocks.else_bb);
    cg_enter(cg, blocks.body);
    cg_emit_store(cg, node->for_stmt.target, iv, r->type);
    cg_for_body(cg, node, &blocks);
    iv = LLVMBuildLoad2(B, ity, iv_slot, "iv");
    LLVMValueRef next = is_signed ? LLVMBuildNSWAdd(B, iv, r->step, "iv.next")
                                  : LLVMBuildNUWAdd(B, iv, r->step, "iv.next");
    LLVMBuildStore(B, next, iv_slot);
    cg_mark_unroll(cg, LLVMBuildBr(B, blocks.cond), &node->for_stmt.body);
    cg_emit_else_and_end(cg, &node->for_stmt.else_body, blocks.else_bb, blocks.end);
}

/* Any other run-time step: the iterations are counted first (one
 * division), and a counter from 0 ends the loop, so its trip count is
 * known whatever the bounds; iv + step of the last iteration is never
 * read, so it may wrap as it likes. LLVM's own runtime unrolling picks the
 * factor here (an unroll.count pragma would make its full-unroll pass
 * unroll the loop early, keeping every exit test). */
void cg_emit_counted_for(Cg *cg, const Node *node, const RangeBounds *r)
{
    LLVMBuilderRef B = cg->b;
    int64_t step_lo = 0, step_hi = 0;
    const Node *funcdef = cg->func->def;
    bool positive = cg_int_bounds(funcdef, r->step_node, &step_lo, &step_hi) && step_lo >= 1;
    if (positive && step_cannot_wrap(funcdef, node->for_stmt.iter, r, step_hi)) {
        emit_bounded_for(cg, node, r);
        return;
    }
    LLVMTypeRef ity = cg_type(cg, r->type);
    LLVMValueRef count = range_count(cg, r, positive);
    LLVMValueRef iv_slot = cg_alloca(cg, ity, "iv");
    LLVMValueRef k_slot = cg_alloca(cg, ity, "trip");
    LLVMBuildStore(B, r->start, iv_slot);
    LLVMBuildStore(B, cg_zero(cg, r->type), k_slot);
    ForBlocks blocks = cg_for_begin(cg, node);
    LLVMValueRef k = LLVMBuildLoad2(B, ity, k_slot, "trip");
    LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntULT, k, count, ""), blocks.body, blocks.else_bb);
    cg_enter(cg, blocks.body);
    cg_emit_store(cg, node->for_stmt.target, LLVMBuildLoad2(B, ity, iv_slot, "iv"), r->type);
    cg_for_body(cg, node, &blocks);
    k = LLVMBuildLoad2(B, ity, k_slot, "trip");
    LLVMBuildStore(B, LLVMBuildNUWAdd(B, k, cg_const_int(cg, r->type, 1), "trip.next"), k_slot);
    LLVMValueRef iv = LLVMBuildLoad2(B, ity, iv_slot, "iv");
    LLVMBuildStore(B, LLVMBuildAdd(B, iv, r->step, "iv.next"), iv_slot);
    LLVMBuildBr(B, blocks.cond);
    cg_emit_else_and_end(cg, &node->for_stmt.else_body, blocks.else_bb, blocks.end);
}
