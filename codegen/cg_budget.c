/* A compile-time budget for huge straight-line code. LLVM's SLP vectorizer
 * compares the stores of a block pairwise: 1,000 straight-line stores cost
 * it 0.9 s, 2,000 cost 6 s, 4,000 about a minute (docs/limits.md
 * has the measurements). A function that, with the functions it calls
 * (which the inliner may paste into it), has more than
 * CG_SLP_MAX_INSTRUCTIONS instructions as generated is marked
 * noimplicitfloat, which the SLP vectorizer honours by leaving it alone.
 * The largest function of examples/ and tests/gpu/ has 2,840 with its
 * callees, so ordinary kernels are optimised as before. */
#include "cg_internal.h"

#include <stdint.h>
#include <stdlib.h>

enum { CG_SLP_MAX_INSTRUCTIONS = 20000 };

/* The module's defined functions, by address, with their sizes. */
typedef struct Sized {
    LLVMValueRef fn;
    long size;          /* -1: not measured yet; -2: being measured */
} Sized;

typedef struct Sizes {
    Sized *slots;
    size_t mask;
} Sizes;

static Sized *slot(Sizes *sizes, LLVMValueRef fn)
{
    size_t at = ((uintptr_t)fn >> 4) & sizes->mask;
    while (sizes->slots[at].fn && sizes->slots[at].fn != fn)
        at = (at + 1) & sizes->mask;
    return &sizes->slots[at];
}

/* Its own instructions and its callees' (each callee once per call site,
 * as inlining would copy it; a recursive call counts nothing more). */
static long size_with_callees(Sizes *sizes, LLVMValueRef fn)
{
    Sized *s = slot(sizes, fn);
    if (!s->fn)
        return 0;   /* a declaration: nothing to inline */
    if (s->size != -1)
        return s->size < 0 ? 0 : s->size;
    s->size = -2;
    long size = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            size++;
            if (LLVMGetInstructionOpcode(i) == LLVMCall && size < CG_SLP_MAX_INSTRUCTIONS) {
                LLVMValueRef callee = LLVMGetCalledValue(i);
                if (callee && LLVMIsAFunction(callee))
                    size += size_with_callees(sizes, callee);
            }
        }
    slot(sizes, fn)->size = size;
    return size;
}

void cg_limit_slp(Cg *cg)
{
    size_t count = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        count++;
    size_t capacity = 16;
    while (capacity < 2 * count)
        capacity *= 2;
    Sizes sizes = {calloc(capacity, sizeof(Sized)), capacity - 1};
    if (!sizes.slots)
        return;   /* no budget: the functions are optimised as usual */
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        if (LLVMCountBasicBlocks(fn))
            *slot(&sizes, fn) = (Sized){fn, -1};
    static const char name[] = "noimplicitfloat";
    unsigned kind = LLVMGetEnumAttributeKindForName(name, sizeof name - 1);
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        if (size_with_callees(&sizes, fn) > CG_SLP_MAX_INSTRUCTIONS)
            LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(cg->ctx, kind, 0));
    free(sizes.slots);
}
