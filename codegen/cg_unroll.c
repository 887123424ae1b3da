/* Unrolling stride loops by 4, late.
 *
 * A stride loop (cg_stride_loop.c) is unrolled by 4 with a remainder loop,
 * as NVVM does, so four independent loads are in flight per thread. Asked
 * for with llvm.loop.unroll.count from the start, LLVM unrolls it in the
 * full-unroll pass of its simplification pipeline, and every pass after
 * that (GVN, InstCombine, LICM, the vectorizers, ...) then works on four
 * copies of the body (examples/reduce.pyk's compile before cg_lsr.c:
 * 48.5M instructions, 46.4M unrolled late). So the loop is marked instead, with unrolling
 * disabled and a key of pykc's own; default<On> optimises it rolled; then
 * the mark becomes unroll.count 4, and only the unroller and the clean-up
 * the PTX needs run again (LATE_UNROLL_PASSES). The PTX is the same loop,
 * with the same four loads (tests/codegen/stride_loop_unroll.pyk).
 *
 * What the unrolling costs now is mostly later passes' work on the four
 * copies: reduce.pyk compiles in 48.4M instructions, 29.9M before stride
 * loops were unrolled (676c5fb). 3.7M are the passes here; LSR takes 8.4M
 * (cg_lsr.c, its trial run included) and the NVPTX back end 19.0M (12.6M
 * then), its IR passes (GVN, the load/store vectorizer, NaryReassociate)
 * and instruction selection growing with the loads in the loop. The
 * remainder's shape hardly counts: a remainder loop after the unrolled one,
 * without the trip count's division, saves 0.8M. On the 2-core VM that is
 * 1.32x the CPU time of that build
 * (bench/results/2026-11-26-devvm-compare_builds-reduce.txt). */
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "cg_internal.h"

#define CG_UNROLL_COUNT 4
#define LATE_UNROLL_KEY "pykc.unroll.late"

/* The unroller and what of the clean-up the default pipeline runs after its
 * own late unroller the PTX needs: InstCombine folds the trip count the
 * unroller computes before the loop, LICM takes it out of an enclosing loop
 * (stride_loop_unroll.pyk's nested), SimplifyCFG merges the blocks left.
 * SROA, InstSimplify and DivRemPairs found nothing in copies of a body
 * default<On> had cleaned: without them the PTX of every example, kernel
 * bench and codegen test is the same. */
#define LATE_UNROLL_PASSES                                                      \
    "function(loop-unroll<O3>,instcombine<no-verify-fixpoint>,"                 \
    "loop-mssa(licm<allowspeculation>),simplifycfg)"

static LLVMMetadataRef md_string(LLVMContextRef C, const char *s)
{
    return LLVMMDStringInContext2(C, s, strlen(s));
}

static LLVMMetadataRef md_i32(LLVMContextRef C, int v)
{
    return LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(C), (unsigned long long)v, false));
}

/* A loop ID: a distinct node whose first operand is itself. */
static LLVMMetadataRef loop_id(LLVMContextRef C, LLVMMetadataRef *props, int count)
{
    LLVMMetadataRef ops[3];
    LLVMMetadataRef self = LLVMTemporaryMDNode(C, NULL, 0);
    ops[0] = self;
    for (int i = 0; i < count; i++)
        ops[i + 1] = props[i];
    LLVMMetadataRef id = LLVMMDNodeInContext2(C, ops, (size_t)count + 1);
    LLVMMetadataReplaceAllUsesWith(self, id);
    return id;
}

static unsigned loop_kind(LLVMContextRef C)
{
    return LLVMGetMDKindIDInContext(C, "llvm.loop", 9);
}

/* Whether a body holds a loop at any depth (an inner loop is unrolled by
 * its own rules; the outer one is left alone) or stores to an element.
 * Unrolling pays where each iteration's work waits for its load: a value
 * carried from one iteration to the next (acc += x[i]) or an atomic
 * (a histogram's cuda.atomic.add(h, x[i], 1)); the next load is issued
 * after that wait, so a rolled loop has one load in flight per thread,
 * unrolled four. A loop that stores each iteration's result gains nothing
 * (on an H200, a 1M-element grid-stride saxpy on 64 x 128 threads: 23.92 us
 * either way, where a float32 sum went from 12.81 to 7.28 us and a shared
 * histogram is 1.38x slower rolled) and would compile to five copies of its
 * body for nothing. */
static bool is_memory_target(const Node *t)
{
    return t && (t->kind == NODE_SUBSCRIPT || t->kind == NODE_ATTRIBUTE);
}

static void find_loop_or_store(void *ctx, Node *child)
{
    bool *found = ctx;
    if (*found || !child)
        return;
    switch (child->kind) {
    case NODE_FOR: case NODE_WHILE: case NODE_FUNCDEF:
        *found = true;
        return;
    case NODE_ASSIGN:
        for (int i = 0; i < child->assign.targets.count; i++)
            *found |= is_memory_target(child->assign.targets.items[i]);
        break;
    case NODE_AUG_ASSIGN:
        *found |= is_memory_target(child->aug_assign.target);
        break;
    default:
        break;
    }
    if (!*found)
        ast_each_child(child, find_loop_or_store, ctx);
}

static bool worth_unrolling(const NodeList *body)
{
    bool found = false;
    for (int i = 0; i < body->count && !found; i++)
        find_loop_or_store(&found, body->items[i]);
    return !found;
}

void cg_mark_unroll(Cg *cg, LLVMValueRef backedge, const NodeList *body)
{
    if (cg->options->opt_level < 2 || !backedge || !worth_unrolling(body))
        return;
    LLVMContextRef C = cg->ctx;
    LLVMMetadataRef disable[1] = {md_string(C, "llvm.loop.unroll.disable")};
    LLVMMetadataRef late[1] = {md_string(C, LATE_UNROLL_KEY)};
    LLVMMetadataRef props[2] = {LLVMMDNodeInContext2(C, disable, 1), LLVMMDNodeInContext2(C, late, 1)};
    LLVMSetMetadata(backedge, loop_kind(C), LLVMMetadataAsValue(C, loop_id(C, props, 2)));
    cg->late_unroll = true;
}

/* Whether a loop ID carries pykc's mark. */
static bool is_marked(LLVMValueRef id)
{
    unsigned n = LLVMGetMDNodeNumOperands(id);
    LLVMValueRef ops[8];
    if (n > 8)
        return false;
    LLVMGetMDNodeOperands(id, ops);
    for (unsigned i = 1; i < n; i++) {
        if (!ops[i] || LLVMGetMDNodeNumOperands(ops[i]) != 1)
            continue;
        LLVMValueRef key;
        LLVMGetMDNodeOperands(ops[i], &key);
        unsigned len = 0;
        const char *s = key ? LLVMGetMDString(key, &len) : NULL;
        if (s && len == sizeof LATE_UNROLL_KEY - 1 && memcmp(s, LATE_UNROLL_KEY, len) == 0)
            return true;
    }
    return false;
}

/* Every marked loop's ID becomes a request to unroll by 4. */
static int unmark(Cg *cg)
{
    LLVMContextRef C = cg->ctx;
    unsigned kind = loop_kind(C);
    int marked = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f)) {
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            LLVMValueRef id = term ? LLVMGetMetadata(term, kind) : NULL;
            if (!id || !is_marked(id))
                continue;
            LLVMMetadataRef count[2] = {md_string(C, "llvm.loop.unroll.count"), md_i32(C, CG_UNROLL_COUNT)};
            LLVMMetadataRef props[1] = {LLVMMDNodeInContext2(C, count, 2)};
            LLVMSetMetadata(term, kind, LLVMMetadataAsValue(C, loop_id(C, props, 1)));
            marked++;
        }
    }
    return marked;
}

bool cg_late_unroll(Cg *cg, LLVMTargetMachineRef tm)
{
    if (!cg->late_unroll || unmark(cg) == 0)
        return true;
    return cg_run_passes(cg, tm, LATE_UNROLL_PASSES, "unrolling");
}
