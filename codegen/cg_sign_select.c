/* Python's remainder fix kept as a select, just before the PTX is printed.
 *
 * `%` adds the divisor d to a remainder r that is non-zero and of the other
 * sign (cg_arith.c); after InstCombine that is r + select(r != 0 &
 * (r ^ d) < 0, d, 0). NVPTX's instruction selection splits a select on an
 * `and` into two selects and turns the one on the sign test into a mask,
 * `ashr(r ^ d, 63) & d`: on 64-bit values ptxas makes a shift and two logic
 * operations of it, then a select, then the add. NVVM leaves the select on
 * the two compares (and.pred, selp), which is shorter. In Euclid's loop
 * (bench/kernels' gcd_while), where this fix stands between one division
 * and the next, NVVM's form took the kernel on the H200 from 51.2 to
 * 47.9 us (numba-cuda 49.4: 0.97x -> 1.03x).
 *
 * The `and` of the two compares becomes PTX's own and.pred, written as
 * inline assembly that reads and writes no memory, which instruction
 * selection cannot look into (a freeze would do where LLVM cannot prove
 * the compares defined; in a loop like Euclid's it can, and drops the
 * freeze). Only 64-bit selects of a value or zero whose condition ands a
 * sign test (x < 0) with another test get it: the fix of `%` on int64 has
 * that shape (`//`'s fix does not, after InstCombine). Measured against the
 * mask on the H200: int64_floordiv_mod, whose `%` is not on a loop's chain,
 * went from 1.081x to 1.069x of numba-cuda; the form is kept for both. */
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "cg_internal.h"

static bool is_zero(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* `icmp slt x, 0`: x's sign bit. */
static bool is_sign_test(LLVMValueRef v)
{
    return LLVMIsAICmpInst(v) && LLVMGetICmpPredicate(v) == LLVMIntSLT && is_zero(LLVMGetOperand(v, 1));
}

static bool needs_and_pred(LLVMValueRef inst)
{
    if (LLVMGetInstructionOpcode(inst) != LLVMSelect)
        return false;
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 64)
        return false;
    if (!is_zero(LLVMGetOperand(inst, 1)) && !is_zero(LLVMGetOperand(inst, 2)))
        return false;
    LLVMValueRef cond = LLVMGetOperand(inst, 0);
    return LLVMIsAInstruction(cond) && LLVMGetInstructionOpcode(cond) == LLVMAnd
           && (is_sign_test(LLVMGetOperand(cond, 0)) || is_sign_test(LLVMGetOperand(cond, 1)));
}

/* c0 & c1 as PTX's and.pred, at cg->b: inline assembly that reads and
 * writes no memory (so nothing around it is held back for it). */
static LLVMValueRef and_pred(Cg *cg, LLVMValueRef c0, LLVMValueRef c1)
{
    LLVMValueRef args[] = {c0, c1};
    LLVMValueRef call = cg_inline_ptx(cg, LLVMInt1TypeInContext(cg->ctx), "and.pred $0, $1, $2;", "=b,b,b", args, 2);
    static const char *const pure[] = {"nounwind", "willreturn", "memory"};   /* memory(none) */
    for (size_t i = 0; i < sizeof pure / sizeof pure[0]; i++) {
        unsigned kind = LLVMGetEnumAttributeKindForName(pure[i], strlen(pure[i]));
        LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(cg->ctx, kind, 0));
    }
    return call;
}

void cg_keep_sign_selects(Cg *cg)
{
    if (cg->options->opt_level < 2)
        return;
    for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst))
                if (needs_and_pred(inst)) {
                    LLVMValueRef cond = LLVMGetOperand(inst, 0);
                    LLVMPositionBuilderBefore(cg->b, inst);
                    LLVMSetCurrentDebugLocation2(cg->b, LLVMInstructionGetDebugLoc(inst));
                    LLVMSetOperand(inst, 0, and_pred(cg, LLVMGetOperand(cond, 0), LLVMGetOperand(cond, 1)));
                    if (!LLVMGetFirstUse(cond))
                        LLVMInstructionEraseFromParent(cond);
                }
    LLVMSetCurrentDebugLocation2(cg->b, NULL);
}
