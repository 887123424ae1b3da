/* Loops: while and for-range, each with an optional else (run when the loop
 * ends without break), and break/continue to the innermost loop. Other
 * iterables (arrays, tuples, enumerate, zip) are in cg_iterate.c.
 *
 * `for t in range(start, stop, step)` is a plain induction variable: a
 * hidden counter from start, tested `iv < stop` (`iv > stop` for a negative
 * step), stepped at the latch (never past stop, so it cannot wrap) and
 * copied into t at the top of each iteration, so t keeps its last value
 * after the loop and assignments to t in the body do not disturb the
 * iteration. Numba's serial countdown is what we avoid: this shape is one
 * LLVM's loop passes analyse and unroll. A run-time step (a grid- or
 * block-stride loop) is cg_stride_loop.c's. */
#include "cg_internal.h"

void cg_push_loop(Cg *cg, CgLoop *loop, LLVMBasicBlockRef brk, LLVMBasicBlockRef cont)
{
    loop->break_bb = brk;
    loop->continue_bb = cont;
    loop->outer = cg->loop;
    cg->loop = loop;
}

/* The else part runs when the condition fails; a break skips it. */
void cg_emit_else_and_end(Cg *cg, const NodeList *else_body, LLVMBasicBlockRef else_bb,
                          LLVMBasicBlockRef end_bb)
{
    if (else_bb != end_bb) {
        cg_enter(cg, else_bb);
        cg_emit_block(cg, else_body);
        cg_branch(cg, end_bb);
    }
    cg_enter(cg, end_bb);
}

/* while cond: body [else: else_body] */
void cg_emit_while(Cg *cg, const Node *node)
{
    LLVMBasicBlockRef cond_bb = cg_block(cg, "while.cond");
    LLVMBasicBlockRef body_bb = cg_block(cg, "while.body");
    LLVMBasicBlockRef end_bb = cg_block(cg, "while.end");
    bool has_else = node->while_stmt.else_body.count > 0;
    LLVMBasicBlockRef else_bb = has_else ? cg_block(cg, "while.else") : end_bb;
    LLVMBuildBr(cg->b, cond_bb);
    cg_enter(cg, cond_bb);
    LLVMValueRef c = cg_emit_cond(cg, node->while_stmt.cond);
    LLVMBuildCondBr(cg->b, c, body_bb, else_bb);
    CgLoop loop;
    cg_push_loop(cg, &loop, end_bb, cond_bb);
    cg_enter(cg, body_bb);
    const Node *outer_step = cg->nsw_step;
    cg->nsw_step = cg_while_stride_step(cg->func->def, node);   /* a stride loop: see cg_stride_loop.c */
    const Node *stride_step = cg->nsw_step;
    cg_emit_block(cg, &node->while_stmt.body);
    cg->nsw_step = outer_step;
    if (stride_step && !cg_is_terminated(cg))
        cg_mark_unroll(cg, LLVMBuildBr(cg->b, cond_bb), &node->while_stmt.body);
    cg_branch(cg, cond_bb);
    cg->loop = loop.outer;
    cg_emit_else_and_end(cg, &node->while_stmt.else_body, else_bb, end_bb);
}

/* range(stop), range(start, stop), range(start, stop, step): the three
 * bounds, evaluated once before the loop, in `type`. */
static RangeBounds range_bounds_in(Cg *cg, const Node *iter, const Type *type)
{
    RangeBounds r = {type, NULL, NULL, NULL, NULL};
    const NodeList *args = &iter->call.args;
    LLVMValueRef v[3];
    for (int i = 0; i < args->count && i < 3; i++)
        v[i] = cg_convert(cg, cg_emit_expr(cg, args->items[i]), args->items[i]->type, r.type);
    r.start = args->count >= 2 ? v[0] : cg_const_int(cg, r.type, 0);
    r.stop = args->count >= 2 ? v[1] : v[0];
    r.step = args->count == 3 ? v[2] : cg_const_int(cg, r.type, 1);
    r.step_node = args->count == 3 ? args->items[2] : NULL;
    return r;
}

/* ... in the range's element type. */
RangeBounds cg_range_bounds(Cg *cg, const Node *iter)
{
    return range_bounds_in(cg, iter, iter->type->elem);
}

/* Whether a range argument's value provably lies in [lo, hi]: a constant in
 * it, or a value that was widened from a type whose every value is. */
static bool arg_within(const Node *arg, int64_t lo, int64_t hi)
{
    if (arg->konst.kind == CONST_INT) {
        bool as_unsigned = arg->type && type_is_int(arg->type) && !arg->type->is_signed;
        if (as_unsigned)
            return (uint64_t)arg->konst.i <= (uint64_t)hi && lo <= 0;
        return arg->konst.i >= lo && arg->konst.i <= hi;
    }
    while (arg->kind == NODE_CONVERT && type_is_int(arg->type) && type_is_int(arg->convert.operand->type)
           && arg->convert.operand->type->bits <= arg->type->bits)
        arg = arg->convert.operand;
    const Type *t = arg->type;
    if (!t || !type_is_int(t))
        return false;
    if (t->is_signed)
        return t->bits <= 32 && lo <= INT32_MIN && hi >= INT32_MAX;
    /* uintN holds 0 .. 2^N - 1 */
    return lo <= 0 && (t->bits == 64 ? false : (int64_t)((UINT64_C(1) << t->bits) - 1) <= hi);
}

/* The type the loop's counter can run in: a 64-bit range whose bounds all
 * provably fit 32 bits (constants, or values widened from 32 bits or less)
 * counts in 32 bits, as nvcc's loops do; NVPTX does 64-bit integer
 * arithmetic in two 32-bit halves, so the loop control costs half as much.
 * Every value of the counter lies between start and stop (cg_range_next
 * never steps past stop), so it fits too, and the target receives it
 * widened back: no result changes. */
static const Type *counter_type(const Node *iter)
{
    const Type *elem = iter->type->elem;
    if (elem->bits != 64)
        return elem;
    const NodeList *args = &iter->call.args;
    int64_t lo = elem->is_signed ? INT32_MIN : 0;
    int64_t hi = elem->is_signed ? INT32_MAX : (int64_t)UINT32_MAX;
    for (int i = 0; i < args->count; i++)
        if (!arg_within(args->items[i], lo, hi))
            return elem;
    return elem->is_signed ? &type_int32_t : &type_uint32_t;
}

/* The step when it is a compile-time constant: *out is set, true returned. */
static bool constant_step(const RangeBounds *r, int64_t *out)
{
    if (!r->step_node) {
        *out = 1;
        return true;
    }
    if (r->step_node->konst.kind != CONST_INT)
        return false;
    *out = r->step_node->konst.i;
    return true;
}

/* Whether iv still lies before stop. A constant step picks the comparison
 * now; otherwise the step's sign picks it at run time, and a zero step
 * runs no iteration. Unsigned ranges only count up. */
LLVMValueRef cg_range_test(Cg *cg, const RangeBounds *r, LLVMValueRef iv)
{
    bool is_signed = r->type->is_signed;
    LLVMValueRef up = LLVMBuildICmp(cg->b, is_signed ? LLVMIntSLT : LLVMIntULT, iv, r->stop, "");
    int64_t step;
    if (constant_step(r, &step)) {
        if (step == 0)
            return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false);
        if (step > 0 || !is_signed)
            return up;
        return LLVMBuildICmp(cg->b, LLVMIntSGT, iv, r->stop, "");
    }
    LLVMValueRef zero = cg_zero(cg, r->type);
    if (!is_signed)
        return LLVMBuildAnd(cg->b, up, LLVMBuildICmp(cg->b, LLVMIntNE, r->step, zero, ""), "");
    LLVMValueRef down = LLVMBuildICmp(cg->b, LLVMIntSGT, iv, r->stop, "");
    LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, r->step, zero, "");
    LLVMValueRef pos = LLVMBuildICmp(cg->b, LLVMIntSGT, r->step, zero, "");
    LLVMValueRef down_ok = LLVMBuildAnd(cg->b, neg, down, "");
    return LLVMBuildOr(cg->b, LLVMBuildAnd(cg->b, pos, up, ""), down_ok, "");
}

/* Whether iv + step still lies before stop, asked of an iv that passed
 * cg_range_test, and answered without computing iv + step: the distance
 * left, |stop - iv|, must exceed |step|. Both are taken as unsigned values
 * of the range's width, exact because iv lies strictly before stop and a
 * step is never zero here. With the step's sign s (0 or -1 in every bit),
 * x ^ s is x for s = 0 and -x - 1 for s = -1, so one unsigned compare
 * serves both directions: (stop - iv) ^ s >u step ^ s. */
static LLVMValueRef range_has_step(Cg *cg, const RangeBounds *r, LLVMValueRef iv)
{
    int64_t k;
    if (r->type->is_signed && constant_step(r, &k) && k < 0) {
        LLVMValueRef left = LLVMBuildSub(cg->b, iv, r->stop, "left");
        return LLVMBuildICmp(cg->b, LLVMIntUGT, left, LLVMBuildNeg(cg->b, r->step, ""), "has.step");
    }
    LLVMValueRef left = LLVMBuildSub(cg->b, r->stop, iv, "left");
    LLVMValueRef step = r->step;
    if (r->type->is_signed && !constant_step(r, &k)) {
        unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(step));
        LLVMValueRef sign = LLVMBuildAShr(cg->b, step, LLVMConstInt(LLVMTypeOf(step), bits - 1, false),
                                          "step.sign");
        left = LLVMBuildXor(cg->b, left, sign, "");
        step = LLVMBuildXor(cg->b, step, sign, "");
    }
    return LLVMBuildICmp(cg->b, LLVMIntUGT, left, step, "has.step");
}

/* The iv of the next iteration. With a step of +1 or -1 the test just
 * passed (iv < stop, or iv > stop) proves the step cannot overflow, so the
 * add carries nsw/nuw; that lets LLVM widen and unroll. A larger step could
 * carry iv past the type's limit, where it would wrap and the loop never
 * end, so iv advances only while iv + step stays before stop and otherwise
 * becomes stop, which ends the loop. The loop's target keeps its last
 * value either way: it is a copy of iv. */
LLVMValueRef cg_range_next(Cg *cg, const RangeBounds *r, LLVMValueRef iv)
{
    int64_t step;
    bool unit = constant_step(r, &step) && (step == 1 || (step == -1 && r->type->is_signed));
    bool is_signed = r->type->is_signed;
    LLVMValueRef next = is_signed ? LLVMBuildNSWAdd(cg->b, iv, r->step, "iv.next")
                                  : LLVMBuildNUWAdd(cg->b, iv, r->step, "iv.next");
    if (unit)
        return next;
    return LLVMBuildSelect(cg->b, range_has_step(cg, r, iv), next, r->stop, "iv.next");
}

/* for target in range(...): body [else: else_body] */
void cg_emit_for(Cg *cg, const Node *node)
{
    const Node *iter = node->for_stmt.iter;
    if (iter->kind != NODE_CALL || iter->call.builtin != BUILTIN_RANGE || !iter->type
        || iter->type->kind != TYPE_RANGE) {
        cg_emit_for_iterable(cg, node);
        return;
    }
    RangeBounds r = range_bounds_in(cg, iter, counter_type(iter));
    int64_t k;
    if (!constant_step(&r, &k)) {   /* a grid- or block-stride loop */
        cg_emit_counted_for(cg, node, &r);
        return;
    }
    LLVMTypeRef ity = cg_type(cg, r.type);
    LLVMValueRef iv_slot = cg_alloca(cg, ity, "iv");
    LLVMBuildStore(cg->b, r.start, iv_slot);
    ForBlocks blocks = cg_for_begin(cg, node);
    LLVMValueRef iv = LLVMBuildLoad2(cg->b, ity, iv_slot, "iv");
    LLVMBuildCondBr(cg->b, cg_range_test(cg, &r, iv), blocks.body, blocks.else_bb);
    cg_enter(cg, blocks.body);
    cg_emit_store(cg, node->for_stmt.target, iv, r.type);
    cg_for_body(cg, node, &blocks);
    LLVMValueRef cur = LLVMBuildLoad2(cg->b, ity, iv_slot, "iv");
    LLVMBuildStore(cg->b, cg_range_next(cg, &r, cur), iv_slot);
    LLVMBuildBr(cg->b, blocks.cond);
    cg_emit_else_and_end(cg, &node->for_stmt.else_body, blocks.else_bb, blocks.end);
}

ForBlocks cg_for_begin(Cg *cg, const Node *node)
{
    ForBlocks b;
    b.cond = cg_block(cg, "for.cond");
    b.body = cg_block(cg, "for.body");
    b.latch = cg_block(cg, "for.latch");
    b.end = cg_block(cg, "for.end");
    b.else_bb = node->for_stmt.else_body.count > 0 ? cg_block(cg, "for.else") : b.end;
    LLVMBuildBr(cg->b, b.cond);
    cg_enter(cg, b.cond);
    return b;
}

void cg_for_body(Cg *cg, const Node *node, const ForBlocks *blocks)
{
    CgLoop loop;
    cg_push_loop(cg, &loop, blocks->end, blocks->latch);
    cg_emit_block(cg, &node->for_stmt.body);
    cg_branch(cg, blocks->latch);
    cg->loop = loop.outer;
    cg_enter(cg, blocks->latch);
}

void cg_emit_break(Cg *cg, const Node *node)
{
    if (!cg->loop) {
        cg_unsupported(cg, node, "'break' outside a loop");
        return;
    }
    LLVMBuildBr(cg->b, cg->loop->break_bb);
}

void cg_emit_continue(Cg *cg, const Node *node)
{
    if (!cg->loop) {
        cg_unsupported(cg, node, "'continue' outside a loop");
        return;
    }
    LLVMBuildBr(cg->b, cg->loop->continue_bb);
}
