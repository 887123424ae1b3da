/* Loads first: within a basic block, each load moves up above the pure
 * arithmetic before it, to just after what it depends on.
 *
 * NVPTX emits instructions in the IR's order, and ptxas does not move a
 * load above a branch: full-precision sqrt.rn and div.rn become branches
 * (a slow path for denormals and specials) inside ptxas. A kernel written
 *     sq = math.sqrt(t[i]); d1 = math.log(s[i] / k[i]) ...
 * then loads s[i] and k[i] only after t[i] came back and its sqrt ran:
 * two trips to memory in a row per thread where one would do (the kernel
 * bench's black_scholes_f32 was 0.88x numba-cuda, whose NVVM issues the
 * three loads first). Moving a load above instructions that neither touch
 * memory nor can fail to reach it changes no value: it reads the same
 * memory, since nothing between writes any, and it runs on the same paths,
 * since nothing between can stop the block. The instructions it crosses are
 * arithmetic, comparisons, casts, selects, address computations and calls
 * of functions that read no memory and always return (llvm.sqrt,
 * llvm.fma, ...); a store, a call of anything else, a fence or an atomic
 * stops it. Volatile and atomic loads stay where they are.
 *
 * A load moves only where such a slow path (a division or square root that
 * is not approximate) stands between it and the previous load or anything
 * else it may not cross; it then goes as far up as its address allows,
 * which is usually above the slow path. Elsewhere ptxas orders loads well
 * by itself, and moving them all early lengthens what each register holds
 * (on the H200, a matrix-vector product was 5% and an n-body kernel 7%
 * slower with every load moved). */
#include <string.h>

#include "cg_internal.h"

static bool is_movable_load(LLVMValueRef inst)
{
    return LLVMGetInstructionOpcode(inst) == LLVMLoad && !LLVMGetVolatile(inst)
           && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic;
}

/* A call of a function that touches no memory, always returns and never
 * unwinds: LLVM's memory(none) (value 0), willreturn and nounwind. */
static bool is_pure_call(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (!fn || LLVMGetValueKind(fn) != LLVMFunctionValueKind)
        return false;
    static const char *const required[] = {"memory", "willreturn", "nounwind"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        unsigned kind = LLVMGetEnumAttributeKindForName(required[i], strlen(required[i]));
        LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
        if (!a)
            return false;
        if (i == 0 && LLVMGetEnumAttributeValue(a) != 0)
            return false;   /* memory(...) that allows some access */
    }
    return true;
}

/* Whether a load may move above `inst`. */
static bool can_cross(LLVMValueRef inst)
{
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMAdd: case LLVMFAdd: case LLVMSub: case LLVMFSub: case LLVMMul: case LLVMFMul:
    case LLVMFDiv: case LLVMFRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFNeg:
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI:
    case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
    case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
    case LLVMICmp: case LLVMFCmp: case LLVMSelect: case LLVMGetElementPtr:
    case LLVMExtractValue: case LLVMInsertValue: case LLVMExtractElement:
    case LLVMInsertElement: case LLVMShuffleVector: case LLVMFreeze:
        return true;
    case LLVMCall:
        return is_pure_call(inst);
    default:
        return false;   /* stores, atomics, fences, phis, divisions that trap, ... */
    }
}

static bool uses(LLVMValueRef user, LLVMValueRef v)
{
    int n = LLVMGetNumOperands(user);
    for (int i = 0; i < n; i++)
        if (LLVMGetOperand(user, i) == v)
            return true;
    return false;
}

/* An instruction that computes an address (or part of one) and may move
 * with the load that uses it. */
static bool is_address_part(LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return false;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMGetElementPtr: case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
    case LLVMAnd: case LLVMOr: case LLVMTrunc: case LLVMZExt: case LLVMSExt:
    case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
    case LLVMExtractValue:
        return true;
    default:
        return false;
    }
}

/* Moves inst as early in its block as it may go, its address parts first
 * (each of them as early as it may go too), `depth` parts deep at most. */
static void hoist(LLVMBuilderRef B, LLVMBasicBlockRef bb, LLVMValueRef inst, int depth)
{
    int n = LLVMGetNumOperands(inst);
    for (int i = 0; i < n && depth < 8; i++) {
        LLVMValueRef op = LLVMGetOperand(inst, i);
        if (is_address_part(op) && LLVMGetInstructionParent(op) == bb)
            hoist(B, bb, op, depth + 1);
    }
    bool is_load = LLVMGetInstructionOpcode(inst) == LLVMLoad;
    LLVMValueRef after = NULL;
    for (LLVMValueRef p = LLVMGetPreviousInstruction(inst); p; p = LLVMGetPreviousInstruction(p)) {
        if ((is_load && LLVMGetInstructionOpcode(p) == LLVMLoad) || !can_cross(p) || uses(inst, p)) {
            after = p;
            break;
        }
    }
    LLVMValueRef first = after ? LLVMGetNextInstruction(after) : LLVMGetFirstInstruction(bb);
    if (first == inst)
        return;
    LLVMPositionBuilderBefore(B, first);
    LLVMInstructionRemoveFromParent(inst);
    LLVMInsertIntoBuilder(B, inst);
}

/* A division or square root that ptxas gives a slow path (a branch): one
 * without the approximate-function or reciprocal flags of fastmath. */
static bool has_slow_path(LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    bool is_sqrt = false;
    if (op == LLVMCall) {
        LLVMValueRef fn = LLVMGetCalledValue(inst);
        size_t len = 0;
        const char *name = fn ? LLVMGetValueName2(fn, &len) : NULL;
        is_sqrt = name && len >= 9 && strncmp(name, "llvm.sqrt", 9) == 0;
    }
    if (op != LLVMFDiv && !is_sqrt)
        return false;
    if (!LLVMCanValueUseFastMathFlags(inst))
        return true;
    return (LLVMGetFastMathFlags(inst) & (LLVMFastMathApproxFunc | LLVMFastMathAllowReciprocal)) == 0;
}

/* Whether the instructions a load could move above hold a slow path. */
static bool would_cross_slow_path(LLVMValueRef load)
{
    for (LLVMValueRef p = LLVMGetPreviousInstruction(load); p; p = LLVMGetPreviousInstruction(p)) {
        if (LLVMGetInstructionOpcode(p) == LLVMLoad || !can_cross(p))
            return false;
        if (has_slow_path(p))
            return true;
    }
    return false;
}

/* The earliest place for each load: after the nearest instruction it may
 * not cross, whose value it uses, or that is a load (loads keep their
 * order among themselves). */
static void order_block(LLVMBuilderRef B, LLVMBasicBlockRef bb)
{
    LLVMValueRef next;
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = next) {
        next = LLVMGetNextInstruction(inst);
        if (is_movable_load(inst) && would_cross_slow_path(inst))
            hoist(B, bb, inst, 0);
    }
}

void cg_order_loads(Cg *cg)
{
    if (cg->options->opt_level < 2)
        return;
    LLVMBuilderRef B = LLVMCreateBuilderInContext(cg->ctx);
    for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            order_block(B, bb);
    LLVMDisposeBuilder(B);
}
