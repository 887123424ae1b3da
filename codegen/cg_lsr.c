/* Loop strength reduction, kept only where it does not fan a loop's
 * addresses out.
 *
 * LLVM's LSR runs inside the NVPTX back end and rewrites every loop's
 * address arithmetic. Mostly that pays (an n-body loop gets one pointer
 * with immediate offsets, 10% faster than without), but on a loop unrolled
 * by 4 whose base is computed (row_sum_f64_blockstride's m[row, c] over a
 * block-stride c) it gives each of the four loads a base of its own plus a
 * shared offset: 7 loop-invariant 64-bit registers where there were 3, and
 * ptxas, short of registers, then reuses the first load's destination for
 * the fourth and issues that load only after the first came back. Two trips
 * to memory per iteration instead of one: 0.93x numba-cuda on the H200,
 * where the loop without LSR (a chained pointer, as nvcc writes it) runs at
 * nvcc's speed. No LSR option changes that choice.
 *
 * So LSR leaves the back end (-disable-lsr) and runs here, just before the
 * PTX is printed, after the straight-line passes the back end runs before
 * it (so it sees nearly the same IR and chooses as it did there: the PTX of
 * every other loop is unchanged). It runs first on a copy of the module; a
 * function where it raised the number of loop-invariant 64-bit values an
 * innermost loop reads by more than two is marked optnone for the real run
 * (the pass manager then skips it) and keeps its loops as they were. */
#include <string.h>

#include <llvm-c/Support.h>

#include "cg_internal.h"

/* The back end's straight-line passes before its LSR, less its
 * speculative-execution and first early-cse: the PTX of every example,
 * bench kernel and test is the same without them (up to register numbers
 * in two), and reduce.pyk's compile runs 0.4M instructions fewer. */
#define LSR_PIPELINE \
    "function(separate-const-offset-from-gep,slsr,nary-reassociate,early-cse,loop(loop-reduce))"

/* More loop-invariant registers than this added to a loop: LSR is refused. */
#define LSR_MAX_ADDED_INVARIANTS 2

/* LSR's only switch in the back end is a command-line option; pykc sets it
 * once per process (LLVM counts an option given twice as an error). */
static void disable_backend_lsr(void)
{
    static bool done;
    if (done)
        return;
    const char *argv[] = {"pykc", "-disable-lsr"};
    LLVMParseCommandLineOptions(2, argv, NULL);
    done = true;
}

static bool is_64bit(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    switch (LLVMGetTypeKind(t)) {
    case LLVMPointerTypeKind: return true;
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) == 64;
    default: return false;
    }
}

/* A value a loop must hold in a register from outside: an argument, an
 * instruction outside the loop, a global's address; never an immediate. */
static bool is_invariant_register(const CgLoops *loops, const CgLoopBlocks *loop, LLVMValueRef v)
{
    if (!is_64bit(v) || LLVMIsAConstantInt(v) || LLVMIsAConstantPointerNull(v) || LLVMIsUndef(v)
        || LLVMIsPoison(v))
        return false;
    if (LLVMIsAInstruction(v))
        return !cg_loop_contains(loops, loop, LLVMGetInstructionParent(v));
    return LLVMIsAArgument(v) || LLVMIsAConstant(v);
}

static void note_value(LLVMValueRef *seen, int *count, int cap, LLVMValueRef v)
{
    for (int i = 0; i < *count; i++)
        if (seen[i] == v)
            return;
    if (*count < cap)
        seen[(*count)++] = v;
}

/* The distinct loop-invariant 64-bit values the loop's instructions read
 * (at most 64: far more than any rule here looks at); a phi's value from
 * outside the loop is its start, not read in the loop, and a call's callee
 * is no register. */
static int invariant_reads(const CgLoops *loops, const CgLoopBlocks *loop)
{
    enum { CAP = 64 };
    LLVMValueRef seen[CAP];
    int count = 0;
    for (int b = 0; b < loop->count; b++)
        for (LLVMValueRef in = LLVMGetFirstInstruction(loop->blocks[b]); in; in = LLVMGetNextInstruction(in)) {
            LLVMOpcode opcode = LLVMGetInstructionOpcode(in);
            int n = LLVMGetNumOperands(in) - (opcode == LLVMCall);
            for (int i = 0; i < n; i++) {
                if (opcode == LLVMPHI && !cg_loop_contains(loops, loop, LLVMGetIncomingBlock(in, (unsigned)i)))
                    continue;
                LLVMValueRef op = LLVMGetOperand(in, (unsigned)i);
                if (is_invariant_register(loops, loop, op))
                    note_value(seen, &count, CAP, op);
            }
        }
    return count;
}

/* The loop of `loops` whose header is named `name`, or NULL. */
static const CgLoopBlocks *loop_named(const CgLoops *loops, const char *name)
{
    for (int i = 0; i < loops->count; i++)
        if (strcmp(LLVMGetBasicBlockName(loops->loops[i].header), name) == 0)
            return &loops->loops[i];
    return NULL;
}

/* What LSR (already run on `reduced`, the copy of fn) did to fn's innermost
 * loops, matched by their headers' names. A loop whose header has no name
 * to find it by in the copy is given the benefit of the doubt. */
typedef enum { LSR_NO_LOOP, LSR_KEPT, LSR_FANS_OUT } LsrVerdict;

static LsrVerdict judge_lsr(Arena *A, LLVMValueRef fn, LLVMValueRef reduced)
{
    CgLoops before, after;
    if (cg_innermost_loops(A, fn, &before) == 0)
        return LSR_NO_LOOP;
    cg_innermost_loops(A, reduced, &after);
    for (int i = 0; i < before.count; i++) {
        const char *header = LLVMGetBasicBlockName(before.loops[i].header);
        const CgLoopBlocks *rewritten = header[0] ? loop_named(&after, header) : NULL;
        if (rewritten && invariant_reads(&after, rewritten)
                             > invariant_reads(&before, &before.loops[i]) + LSR_MAX_ADDED_INVARIANTS)
            return LSR_FANS_OUT;
    }
    return LSR_KEPT;
}

static bool has_loop(Arena *A, LLVMValueRef fn)
{
    CgLoops loops;
    return LLVMCountBasicBlocks(fn) > 1 && cg_innermost_loops(A, fn, &loops) > 0;
}

static unsigned attribute_kind(const char *name)
{
    return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

static bool has_attribute(LLVMValueRef fn, const char *name)
{
    return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, attribute_kind(name)) != NULL;
}

static void remove_attribute(LLVMValueRef fn, const char *name)
{
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, attribute_kind(name));
}

/* A function LSR must leave alone for one run of the pass manager: optnone
 * (which needs noinline; a kernel has none, as nothing calls it). */
typedef struct Refused {
    LLVMValueRef fn;
    bool added_noinline;
} Refused;

static Refused refuse(Cg *cg, LLVMValueRef fn)
{
    Refused r = {fn, !has_attribute(fn, "noinline")};
    cg_add_fn_attribute(cg, fn, "optnone");
    if (r.added_noinline)
        cg_add_fn_attribute(cg, fn, "noinline");
    return r;
}

static void unrefuse(const Refused *r)
{
    remove_attribute(r->fn, "optnone");
    if (r->added_noinline)
        remove_attribute(r->fn, "noinline");
}

static bool module_has_loop(Arena *A, LLVMModuleRef mod)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (LLVMCountBasicBlocks(fn) > 0 && has_loop(A, fn))
            return true;
    return false;
}

/* Marks optnone each function of cg->mod whose loops LSR fanned out in
 * `reduced`, its copy after LSR, listing them in refused (room for every
 * function); returns their count. *kept: the number of functions with
 * loops where LSR stays. */
static int refuse_fanned_out(Cg *cg, LLVMModuleRef reduced, Refused *refused, int *kept)
{
    int count = 0;
    *kept = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!LLVMCountBasicBlocks(fn) || has_attribute(fn, "optnone"))
            continue;
        size_t len;
        LLVMValueRef copy = LLVMGetNamedFunction(reduced, LLVMGetValueName2(fn, &len));
        Arena scratch;   /* per function: a kernel may have hundreds of loops */
        arena_init(&scratch);
        LsrVerdict verdict = copy ? judge_lsr(&scratch, fn, copy) : LSR_NO_LOOP;
        arena_free(&scratch);
        if (verdict == LSR_FANS_OUT)
            refused[count++] = refuse(cg, fn);
        else if (verdict == LSR_KEPT)
            ++*kept;
    }
    return count;
}

static int defined_functions(LLVMModuleRef mod)
{
    int count = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        count += LLVMCountBasicBlocks(fn) > 0;
    return count;
}

/* LSR runs on a copy first. Where it fanned no loop out, the copy is the
 * result (the original is kept, to be disposed with the rest: cg_dispose);
 * where it fanned out every function's loops it had, the original is; else
 * LSR runs again on the original, the refused functions skipped. A module
 * that is not printed must leave NVPTX's annotation cache
 * (cg_forget_annotations), unless this is the process's last. */
bool cg_reduce_loop_strength(Cg *cg, LLVMTargetMachineRef tm)
{
    disable_backend_lsr();
    if (cg->options->opt_level <= 0)
        return true;   /* the back end runs no LSR at -O0 either */
    Arena A;
    arena_init(&A);
    bool any_loop = module_has_loop(&A, cg->mod);
    arena_free(&A);
    if (!any_loop)
        return true;
    LLVMModuleRef original = cg->mod;
    cg->mod = LLVMCloneModule(original);
    bool ok = cg_run_passes(cg, tm, LSR_PIPELINE, "loop strength reduction");
    LLVMModuleRef reduced = cg->mod;
    cg->mod = original;

    arena_init(&A);
    Refused *refused = ARENA_ARRAY(&A, Refused, defined_functions(original));
    int kept = 0;
    int refused_count = ok ? refuse_fanned_out(cg, reduced, refused, &kept) : 0;
    if (ok && refused_count == 0) {
        arena_free(&A);
        cg_forget_annotations(cg, tm, original);
        cg->mod = reduced;
        cg->module_before_lsr = original;
        return true;
    }
    cg_forget_annotations(cg, tm, reduced);
    LLVMDisposeModule(reduced);
    if (ok && kept > 0)
        ok = cg_run_passes(cg, tm, LSR_PIPELINE, "loop strength reduction");
    for (int i = 0; i < refused_count; i++)
        unrefuse(&refused[i]);
    arena_free(&A);
    return ok;
}
