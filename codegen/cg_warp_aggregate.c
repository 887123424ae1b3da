/* Warp-aggregated atomics: where every active lane of a warp updates the
 * same global integer with an atomic whose result is unused, one lane does
 * the warp's combined update instead of 32 lanes doing one each.
 *
 * Why: 32 atomics on one address serialise in L2, one after another. A
 * kernel like the bench's row_max_atomic (a (32, 8) block, every lane of a
 * warp doing cuda.atomic.max(out, r, m[r, c]) on the same out[r]) is bound
 * by that; numba-cuda and nvcc emit one RED per lane.
 *
 * Why the result is the same: integer add, sub, and, or, xor, min and max
 * are exact and associative (add and sub wrap modulo 2**N in any order), so
 * one update by the warp's reduction leaves memory as the lanes' updates
 * would, in any of the orders they could have come in; sub adds the lanes'
 * values and subtracts the sum. Nothing reads the atomic's result, and a
 * monotonic (relaxed) atomic orders nothing else, so no thread can tell one
 * update from 32 but by timing. Lanes whose addresses differ keep their own
 * atomic (the check costs a few shuffles there).
 *
 * Why global memory only: shared-memory atomics are fast, and the check
 * would only cost there; generic pointers may be either. Why only an
 * address computed without reading memory: see is_computed. Why sm_80 and up:
 * redux.sync combines an i32 over any set of lanes in one instruction
 * there. An i64 has no redux.sync: a butterfly of five shuffles combines it,
 * which needs all 32 lanes, so it is aggregated only in a full warp. Why
 * after optimisation: the optimiser would otherwise work on every check's
 * branches; what runs after it (cg_load_order.c, cg_lsr.c's passes, the
 * back end) keeps the convergent intrinsics where they are. Why in kernels
 * only: a function left uninlined (pykc's own noinline helpers) carries
 * attributes (willreturn, no convergent calls) that these intrinsics would
 * make untrue.
 *
 * Why the warp then synchronises (bar.warp.sync): a lane must see its own
 * update in what it does next (a later read of the element, a fence before
 * a flag store), and its update is now the leader's; the barrier orders
 * the leader's atomic before the other lanes go on, as PTX defines it for
 * the lanes that take part.
 *
 * Each atomic becomes (mask: the active lanes; leader: the lowest of them)
 *
 *   all = vote.all.sync(mask, ptr == shfl.sync.idx(mask, ptr, leader))
 *         (an i64: and mask == all 32 lanes)
 *   br all, uniform, scattered
 *   uniform:   r = redux.sync.<op>(v, mask); br laneid == leader, one, synced
 *   one:       atomicrmw <op> ptr, r (a copy of the original); br synced
 *   synced:    bar.warp.sync(mask); br join
 *   scattered: the original atomicrmw; br join
 *   join:      what followed it in its block */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "cg_internal.h"

/* The redux.sync intrinsic combining the lanes' i32 values for `op` (sub:
 * the sum, which the leader then subtracts), or NULL: an op not rewritten,
 * whatever the width. */
static const char *redux_for(LLVMAtomicRMWBinOp op)
{
    switch (op) {
    case LLVMAtomicRMWBinOpAdd: case LLVMAtomicRMWBinOpSub: return "llvm.nvvm.redux.sync.add";
    case LLVMAtomicRMWBinOpAnd: return "llvm.nvvm.redux.sync.and";
    case LLVMAtomicRMWBinOpOr: return "llvm.nvvm.redux.sync.or";
    case LLVMAtomicRMWBinOpXor: return "llvm.nvvm.redux.sync.xor";
    case LLVMAtomicRMWBinOpMax: return "llvm.nvvm.redux.sync.max";
    case LLVMAtomicRMWBinOpMin: return "llvm.nvvm.redux.sync.min";
    case LLVMAtomicRMWBinOpUMax: return "llvm.nvvm.redux.sync.umax";
    case LLVMAtomicRMWBinOpUMin: return "llvm.nvvm.redux.sync.umin";
    default: return NULL;
    }
}

/* Whether v is computed from thread and block indices, kernel arguments
 * and constants only: no load, atomic or call of a function (intrinsics
 * aside) feeds it. Such an address (a reduction's total[0], a row's
 * out[r]) is the same across a warp in the patterns that contend; one
 * read from memory (a histogram's bin) almost never is, and the check
 * would cost there for nothing, at run time and in compile time. Past
 * `budget` values the answer is no. */
static bool is_computed(LLVMValueRef v, LLVMValueRef *seen, int *count, int budget)
{
    if (!LLVMIsAInstruction(v))
        return true;   /* an argument, a constant, a global */
    for (int i = 0; i < *count; i++)
        if (seen[i] == v)
            return true;   /* a PHI's cycle, or a value shared by two paths */
    if (*count == budget)
        return false;
    seen[(*count)++] = v;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMLoad: case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMExtractValue:
        return false;
    case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(v);
        if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
            return false;
        break;
    }
    default: break;
    }
    int n = LLVMGetNumOperands(v);
    if (LLVMGetInstructionOpcode(v) == LLVMCall)
        n--;   /* the callee, last */
    for (int i = 0; i < n; i++) {
        LLVMValueRef op = LLVMGetOperand(v, (unsigned)i);
        if (!LLVMIsABasicBlock(op) && !is_computed(op, seen, count, budget))
            return false;
    }
    return true;
}

static bool address_is_computed(LLVMValueRef ptr)
{
    enum { BUDGET = 64 };
    LLVMValueRef seen[BUDGET];
    int count = 0;
    return is_computed(ptr, seen, &count, BUDGET);
}

static bool is_candidate(LLVMValueRef inst)
{
    if (LLVMGetInstructionOpcode(inst) != LLVMAtomicRMW || LLVMGetFirstUse(inst)
        || LLVMGetVolatile(inst) || LLVMGetOrdering(inst) != LLVMAtomicOrderingMonotonic
        || !redux_for(LLVMGetAtomicRMWBinOp(inst)))
        return false;
    LLVMTypeRef ptr_type = LLVMTypeOf(LLVMGetOperand(inst, 0));
    LLVMTypeRef value_type = LLVMTypeOf(LLVMGetOperand(inst, 1));
    unsigned width = LLVMGetTypeKind(value_type) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(value_type) : 0;
    return LLVMGetPointerAddressSpace(ptr_type) == CG_AS_GLOBAL && (width == 32 || width == 64)
           && address_is_computed(LLVMGetOperand(inst, 0));
}

/* The number of "sm_NN" (sm_90a: 90); 0 where it is not one. */
static int sm_number(const char *arch)
{
    if (strncmp(arch, "sm_", 3) != 0)
        return 0;
    return atoi(arch + 3);
}

static LLVMValueRef i32_const(Cg *cg, unsigned v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(cg->ctx), v, false);
}

/* Lane `leader`'s copy of v (an i32), for the lanes of mask. */
static LLVMValueRef from_leader(Cg *cg, LLVMValueRef mask, LLVMValueRef v, LLVMValueRef leader)
{
    LLVMValueRef args[] = {mask, v, leader, i32_const(cg, 31)};
    return cg_intrinsic(cg, "llvm.nvvm.shfl.sync.idx.i32", NULL, 0, args, 4);
}

/* Whether the 64-bit address p is lane leader's in every lane of mask. */
static LLVMValueRef same_address_in_warp(Cg *cg, LLVMValueRef mask, LLVMValueRef ptr, LLVMValueRef leader)
{
    LLVMBuilderRef b = cg->b;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMValueRef p = LLVMBuildPtrToInt(b, ptr, cg_i64(cg), "agg.addr");
    LLVMValueRef lo = LLVMBuildTrunc(b, p, i32, "agg.lo");
    LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, p, cg_const_i64(cg, 32), ""), i32, "agg.hi");
    LLVMValueRef same_lo = LLVMBuildICmp(b, LLVMIntEQ, lo, from_leader(cg, mask, lo, leader), "");
    LLVMValueRef same_hi = LLVMBuildICmp(b, LLVMIntEQ, hi, from_leader(cg, mask, hi, leader), "");
    LLVMValueRef args[] = {mask, LLVMBuildAnd(b, same_lo, same_hi, "agg.same")};
    return cg_intrinsic(cg, "llvm.nvvm.vote.all.sync", NULL, 0, args, 2);
}

/* Replaces `from` by `to` as the incoming block of every PHI in `succ`.
 * The C API cannot change a PHI's incoming block, so each such PHI is
 * made again and takes the old one's place. */
static void retarget_phis(Cg *cg, LLVMBasicBlockRef succ, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    LLVMBuilderRef b = cg->b;
    LLVMValueRef next;
    for (LLVMValueRef phi = LLVMGetFirstInstruction(succ); phi && LLVMIsAPHINode(phi); phi = next) {
        next = LLVMGetNextInstruction(phi);
        unsigned n = LLVMCountIncoming(phi);
        bool names_from = false;
        for (unsigned i = 0; i < n; i++)
            names_from |= LLVMGetIncomingBlock(phi, i) == from;
        if (!names_from)
            continue;
        LLVMPositionBuilderBefore(b, phi);
        LLVMValueRef copy = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef value = LLVMGetIncomingValue(phi, i);
            LLVMBasicBlockRef block = LLVMGetIncomingBlock(phi, i);
            if (block == from)
                block = to;
            LLVMAddIncoming(copy, &value, &block, 1);
        }
        size_t len = 0;   /* the name dies with the old PHI: copied first */
        const char *name = LLVMGetValueName2(phi, &len);
        char *kept = arena_strndup(&cg->arena, name, len);
        LLVMReplaceAllUsesWith(phi, copy);
        LLVMInstructionEraseFromParent(phi);
        LLVMSetValueName2(copy, kept, len);
    }
}

/* Moves everything after `inst` in its block into `join` (appended to the
 * function after it), the PHIs of the block's successors following. */
static void move_tail(Cg *cg, LLVMValueRef inst, LLVMBasicBlockRef join)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
    /* No debug location: the builder would give its own to what it moves. */
    LLVMSetCurrentDebugLocation2(cg->b, NULL);
    LLVMPositionBuilderAtEnd(cg->b, join);
    for (LLVMValueRef rest = LLVMGetNextInstruction(inst); rest;) {
        LLVMValueRef next = LLVMGetNextInstruction(rest);
        LLVMInstructionRemoveFromParent(rest);
        LLVMInsertIntoBuilder(cg->b, rest);
        rest = next;
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(join);
    unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned i = 0; i < n; i++)
        retarget_phis(cg, LLVMGetSuccessor(term, i), bb, join);
}

/* Lane (laneid ^ offset)'s copy of the i64 v, in a full warp. */
static LLVMValueRef from_partner(Cg *cg, LLVMValueRef v, unsigned offset)
{
    LLVMBuilderRef b = cg->b;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMValueRef halves[] = {LLVMBuildTrunc(b, v, i32, ""),
                             LLVMBuildTrunc(b, LLVMBuildLShr(b, v, cg_const_i64(cg, 32), ""), i32, "")};
    for (int i = 0; i < 2; i++) {
        LLVMValueRef args[] = {i32_const(cg, 0xffffffffu), halves[i], i32_const(cg, offset), i32_const(cg, 31)};
        halves[i] = LLVMBuildZExt(b, cg_intrinsic(cg, "llvm.nvvm.shfl.sync.bfly.i32", NULL, 0, args, 4),
                                  cg_i64(cg), "");
    }
    return LLVMBuildOr(b, LLVMBuildShl(b, halves[1], cg_const_i64(cg, 32), ""), halves[0], "");
}

/* a op b for the atomic's op (sub: a + b, the sum to subtract). */
static LLVMValueRef combine(Cg *cg, LLVMAtomicRMWBinOp op, LLVMValueRef a, LLVMValueRef b)
{
    LLVMBuilderRef B = cg->b;
    switch (op) {
    case LLVMAtomicRMWBinOpAnd: return LLVMBuildAnd(B, a, b, "");
    case LLVMAtomicRMWBinOpOr: return LLVMBuildOr(B, a, b, "");
    case LLVMAtomicRMWBinOpXor: return LLVMBuildXor(B, a, b, "");
    case LLVMAtomicRMWBinOpMax: return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntSGT, a, b, ""), a, b, "");
    case LLVMAtomicRMWBinOpMin: return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntSLT, a, b, ""), a, b, "");
    case LLVMAtomicRMWBinOpUMax: return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntUGT, a, b, ""), a, b, "");
    case LLVMAtomicRMWBinOpUMin: return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntULT, a, b, ""), a, b, "");
    default: return LLVMBuildAdd(B, a, b, "");
    }
}

/* The warp's combined value: redux.sync for an i32 (any mask); for an i64,
 * which redux.sync does not take, a butterfly of shuffles over the full
 * warp, after which every lane holds the result. */
static LLVMValueRef warp_combine(Cg *cg, LLVMValueRef atomic, LLVMValueRef mask)
{
    LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(atomic);
    LLVMValueRef v = LLVMGetOperand(atomic, 1);
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 32) {
        LLVMValueRef args[] = {v, mask};
        return cg_intrinsic(cg, redux_for(op), NULL, 0, args, 2);
    }
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v = combine(cg, op, v, from_partner(cg, v, offset));
    return v;
}

/* A new block right after `after` in its function. */
static LLVMBasicBlockRef block_after(Cg *cg, LLVMBasicBlockRef after, const char *name)
{
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(after);
    if (next)
        return LLVMInsertBasicBlockInContext(cg->ctx, next, name);
    return LLVMAppendBasicBlockInContext(cg->ctx, LLVMGetBasicBlockParent(after), name);
}

static void aggregate(Cg *cg, LLVMValueRef atomic)
{
    LLVMBuilderRef b = cg->b;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(atomic);
    LLVMBasicBlockRef uniform = block_after(cg, bb, "agg.uniform");
    LLVMBasicBlockRef one = block_after(cg, uniform, "agg.one");
    LLVMBasicBlockRef synced = block_after(cg, one, "agg.synced");
    LLVMBasicBlockRef scattered = block_after(cg, synced, "agg.scattered");
    LLVMBasicBlockRef join = block_after(cg, scattered, "agg.join");
    move_tail(cg, atomic, join);
    /* What is built here stands for the atomic: its line, if it has one. */
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(atomic));

    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMPositionBuilderBefore(b, atomic);
    LLVMValueRef mask = cg_intrinsic(cg, "llvm.nvvm.activemask", NULL, 0, NULL, 0);
    LLVMValueRef cttz_args[] = {mask, LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 1, false)};
    LLVMValueRef leader = cg_intrinsic(cg, "llvm.cttz", &i32, 1, cttz_args, 2);
    LLVMValueRef all = same_address_in_warp(cg, mask, LLVMGetOperand(atomic, 0), leader);
    if (LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(atomic, 1))) == 64)   /* the butterfly needs all 32 lanes */
        all = LLVMBuildAnd(b, all, LLVMBuildICmp(b, LLVMIntEQ, mask, i32_const(cg, 0xffffffffu), ""), "agg.full");
    LLVMBuildCondBr(b, all, uniform, scattered);
    LLVMInstructionRemoveFromParent(atomic);

    LLVMPositionBuilderAtEnd(b, uniform);
    LLVMValueRef combined = warp_combine(cg, atomic, mask);
    LLVMValueRef lane = cg_intrinsic(cg, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, lane, leader, "agg.is_leader"), one, synced);

    /* The leader's update: a copy of the atomic (its ordering, scope and
     * alignment), the warp's combined value in place of its own. */
    LLVMPositionBuilderAtEnd(b, one);
    LLVMValueRef update = LLVMInstructionClone(atomic);
    LLVMInsertIntoBuilder(b, update);
    LLVMSetOperand(update, 1, combined);
    LLVMBuildBr(b, synced);

    LLVMPositionBuilderAtEnd(b, synced);
    cg_intrinsic(cg, "llvm.nvvm.bar.warp.sync", NULL, 0, &mask, 1);
    LLVMBuildBr(b, join);

    LLVMPositionBuilderAtEnd(b, scattered);
    LLVMInsertIntoBuilder(b, atomic);
    LLVMBuildBr(b, join);
}

/* Whether f is a kernel: named "kernel" in !nvvm.annotations (cg_func.c). */
static bool is_kernel(Cg *cg, LLVMValueRef f)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(cg->mod, "nvvm.annotations");
    LLVMValueRef *nodes = ARENA_ARRAY(&cg->arena, LLVMValueRef, n);
    LLVMGetNamedMetadataOperands(cg->mod, "nvvm.annotations", nodes);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef ops[3] = {0};
        if (LLVMGetMDNodeNumOperands(nodes[i]) != 3)
            continue;
        LLVMGetMDNodeOperands(nodes[i], ops);
        unsigned len = 0;
        const char *key = ops[1] ? LLVMGetMDString(ops[1], &len) : NULL;
        if (ops[0] == f && key && len == 6 && memcmp(key, "kernel", 6) == 0)
            return true;
    }
    return false;
}

/* The atomics to rewrite, into found (if not NULL); returns their count. */
static size_t collect(Cg *cg, LLVMValueRef *found)
{
    size_t count = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f)) {
        if (!is_kernel(cg, f))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst))
                if (is_candidate(inst)) {
                    if (found)
                        found[count] = inst;
                    count++;
                }
    }
    return count;
}

bool cg_warp_aggregate(Cg *cg)
{
    const char *arch = cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH;
    if (cg->options->opt_level < 1 || sm_number(arch) < 80)
        return true;
    /* All of them first: rewriting one splits its block. */
    size_t count = collect(cg, NULL);
    LLVMValueRef *found = ARENA_ARRAY(&cg->arena, LLVMValueRef, count);
    collect(cg, found);
    for (size_t i = 0; i < count; i++)
        aggregate(cg, found[i]);
    LLVMSetCurrentDebugLocation2(cg->b, NULL);
    return true;
}
