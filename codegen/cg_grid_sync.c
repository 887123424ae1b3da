/* Cooperative groups: cuda.cg.this_grid() and GridGroup.sync(), a barrier
 * for every thread of the grid, written into the PTX itself. Numba links
 * libcudadevrt for it; pykc's PTX stays self-contained, so the barrier is
 * built here from what the driver gives every cooperative launch.
 *
 * The workspace. cuLaunchCooperativeKernel hands each launch a small block
 * of global memory, the grid workspace, and puts its address in the
 * special registers %envreg1 (bits 63..32) and %envreg2 (bits 31..0); it
 * starts {u32 size; u32 barrier}. CUDA C++'s own grid.sync() (the
 * cooperative_groups headers, since CUDA 11 without libcudadevrt) counts
 * in that barrier word, so the driver keeps each word to one grid at a
 * time: concurrent cooperative launches, of one kernel or several, in any
 * streams, never share one. A launch that is not cooperative has no
 * workspace: the registers read 0 (CUDA's CCCL asserts on that too).
 *
 * The handle. this_grid() is that address as an int64 (Numba's GridGroup
 * is an int64 handle too): it costs two register reads and may be stored
 * and passed to device functions like any value.
 *
 * The barrier, __pykc_grid_sync(handle) (one internal .func per module,
 * noinline and convergent):
 *   1. bar.sync: every thread of the block has arrived, and the block's
 *      writes are ordered before what its thread (0, 0, 0) does next;
 *   2. that thread makes them visible to the device (membar.gl) and adds
 *      to the barrier word: 1 from every block but block (0, 0, 0), which
 *      adds 0x80000000 - (blocks - 1). Between syncs the word's low 31
 *      bits are 0, so, in whatever order the blocks come, bit 31 keeps its
 *      value until the last one arrives, and the last arrival makes the
 *      sum exactly 0x80000000: bit 31 flips and the low bits are 0 again,
 *      ready for the next sync (no reset, for later syncs or launches);
 *   3. it spins on a volatile load of the word until bit 31 differs from
 *      the value its own add returned, then fences again (membar.gl), so
 *      that the other blocks' writes are seen after the barrier;
 *   4. bar.sync: the block's other threads wait for their leader.
 * A fast block that leaves and arrives at the next sync before a slow one
 * has seen the flip cannot hide it: its add leaves bit 31 as the flip set
 * it (the low bits were 0), and the next flip needs the slow block too.
 * The driver starts the word at 0; CUDA's own grid.sync counts the same
 * way and relies on that too. Every block must be resident at once, which
 * a cooperative launch guarantees (libpykrt checks it first); a handle of
 * 0 (a launch that was not cooperative) traps rather than hang.
 *
 * sync() returns int32 0: Numba returns cudaCGSynchronize's cudaError_t,
 * which is 0 whenever the call returns. */
#include <string.h>

#include "cg_internal.h"

#define SYNC_NAME "__pykc_grid_sync"
#define BARRIER_OFFSET 4          /* {u32 size; u32 barrier} */
#define FLIP 0x80000000u

static LLVMTypeRef i32_type(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }

static LLVMValueRef const_i32(Cg *cg, uint32_t v) { return LLVMConstInt(i32_type(cg), v, false); }

/* A call of an intrinsic that takes no argument ("llvm.nvvm.barrier0",
 * "llvm.nvvm.read.ptx.sreg.envreg1"), with builder b. */
static LLVMValueRef call0(Cg *cg, LLVMBuilderRef b, const char *name)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(cg->mod, id, NULL, 0);
    LLVMTypeRef fty = LLVMIntrinsicGetType(cg->ctx, id, NULL, 0);
    return LLVMBuildCall2(b, fty, fn, NULL, 0, "");
}

/* x | y | z of the special register `reg` (tid, ctaid), or their product
 * (nctaid): zero tests and the block count. */
static LLVMValueRef sreg_xyz(Cg *cg, LLVMBuilderRef b, const char *reg, bool product)
{
    LLVMValueRef v = NULL;
    for (int axis = 0; axis < 3; axis++) {
        char name[48];
        snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[axis]);
        LLVMValueRef r = call0(cg, b, name);
        v = !v ? r : product ? LLVMBuildMul(b, v, r, "") : LLVMBuildOr(b, v, r, "");
    }
    return v;
}

/* Steps 2 and 3 of the header, in block (0,0,0)'s thread (0,0,0) and the
 * other blocks' leaders; `b` is at the end of the block that computed
 * `handle` non-zero, and ends in `leave`. */
static void arrive_and_wait(Cg *cg, LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef handle,
                            LLVMBasicBlockRef leave)
{
    LLVMValueRef address = LLVMBuildAdd(b, handle, cg_const_i64(cg, BARRIER_OFFSET), "");
    LLVMValueRef word = LLVMBuildIntToPtr(b, address, LLVMPointerTypeInContext(cg->ctx, CG_AS_GLOBAL),
                                          "barrier");
    LLVMValueRef blocks = sreg_xyz(cg, b, "nctaid", true);
    LLVMValueRef first = LLVMBuildICmp(b, LLVMIntEQ, sreg_xyz(cg, b, "ctaid", false), const_i32(cg, 0), "");
    LLVMValueRef opener = LLVMBuildSub(b, const_i32(cg, FLIP + 1), blocks, "");   /* FLIP - (blocks - 1) */
    LLVMValueRef add = LLVMBuildSelect(b, first, opener, const_i32(cg, 1), "arrival");
    call0(cg, b, "llvm.nvvm.membar.gl");
    LLVMValueRef old = LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpAdd, word, add, LLVMAtomicOrderingMonotonic,
                                          false);
    LLVMBasicBlockRef spin = LLVMAppendBasicBlockInContext(cg->ctx, fn, "spin");
    LLVMBuildBr(b, spin);

    LLVMPositionBuilderAtEnd(b, spin);
    LLVMValueRef now = LLVMBuildLoad2(b, i32_type(cg), word, "now");
    LLVMSetVolatile(now, true);
    LLVMSetAlignment(now, 4);
    LLVMValueRef flipped = LLVMBuildAnd(b, LLVMBuildXor(b, old, now, ""), const_i32(cg, FLIP), "");
    LLVMValueRef done = LLVMBuildICmp(b, LLVMIntNE, flipped, const_i32(cg, 0), "flipped");
    LLVMBasicBlockRef fence = LLVMAppendBasicBlockInContext(cg->ctx, fn, "arrived");
    LLVMBuildCondBr(b, done, fence, spin);

    LLVMPositionBuilderAtEnd(b, fence);
    call0(cg, b, "llvm.nvvm.membar.gl");
    LLVMBuildBr(b, leave);
}

/* i32 __pykc_grid_sync(i64 handle): the barrier of the header. */
static LLVMValueRef define_sync(Cg *cg, LLVMTypeRef fty)
{
    LLVMValueRef fn = LLVMAddFunction(cg->mod, SYNC_NAME, fty);
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    cg_add_fn_attribute(cg, fn, "noinline");
    cg_add_fn_attribute(cg, fn, "convergent");
    cg_add_fn_attribute(cg, fn, "nounwind");
    LLVMValueRef handle = LLVMGetParam(fn, 0);
    LLVMSetValueName2(handle, "grid", 4);

    LLVMBuilderRef b = LLVMCreateBuilderInContext(cg->ctx);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cg->ctx, fn, "entry");
    LLVMBasicBlockRef leader = LLVMAppendBasicBlockInContext(cg->ctx, fn, "leader");
    LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(cg->ctx, fn, "not_cooperative");
    LLVMBasicBlockRef arrive = LLVMAppendBasicBlockInContext(cg->ctx, fn, "arrive");
    LLVMBasicBlockRef leave = LLVMAppendBasicBlockInContext(cg->ctx, fn, "leave");

    LLVMPositionBuilderAtEnd(b, entry);
    call0(cg, b, "llvm.nvvm.barrier0");
    LLVMValueRef is_leader = LLVMBuildICmp(b, LLVMIntEQ, sreg_xyz(cg, b, "tid", false), const_i32(cg, 0), "");
    LLVMBuildCondBr(b, is_leader, leader, leave);

    LLVMPositionBuilderAtEnd(b, leader);
    LLVMValueRef missing = LLVMBuildICmp(b, LLVMIntEQ, handle, cg_const_i64(cg, 0), "");
    LLVMBuildCondBr(b, missing, fault, arrive);

    LLVMPositionBuilderAtEnd(b, fault);
    call0(cg, b, "llvm.trap");
    LLVMBuildUnreachable(b);

    LLVMPositionBuilderAtEnd(b, arrive);
    arrive_and_wait(cg, b, fn, handle, leave);

    LLVMPositionBuilderAtEnd(b, leave);
    call0(cg, b, "llvm.nvvm.barrier0");
    LLVMBuildRet(b, const_i32(cg, 0));
    LLVMDisposeBuilder(b);
    return fn;
}

/* cuda.cg.this_grid(): the workspace address, envreg1:envreg2. */
static LLVMValueRef emit_this_grid(Cg *cg)
{
    LLVMValueRef high = call0(cg, cg->b, "llvm.nvvm.read.ptx.sreg.envreg1");
    LLVMValueRef low = call0(cg, cg->b, "llvm.nvvm.read.ptx.sreg.envreg2");
    high = LLVMBuildZExt(cg->b, high, cg_i64(cg), "");
    low = LLVMBuildZExt(cg->b, low, cg_i64(cg), "");
    return LLVMBuildOr(cg->b, LLVMBuildShl(cg->b, high, cg_const_i64(cg, 32), ""), low, "grid");
}

/* g.sync(): a call of the module's __pykc_grid_sync, made at the first. */
static LLVMValueRef emit_sync(Cg *cg, const Node *node)
{
    LLVMValueRef handle = cg_emit_expr(cg, node->call.func->attribute.value);
    LLVMTypeRef param = cg_i64(cg);
    LLVMTypeRef fty = LLVMFunctionType(i32_type(cg), &param, 1, false);
    LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, SYNC_NAME);
    if (!fn)
        fn = define_sync(cg, fty);
    return LLVMBuildCall2(cg->b, fty, fn, &handle, 1, "");
}

bool cg_is_grid_group_call(int id)
{
    return id == BUILTIN_THIS_GRID || id == BUILTIN_GRID_SYNC;
}

LLVMValueRef cg_emit_grid_group_call(Cg *cg, const Node *node)
{
    if (node->call.builtin == BUILTIN_THIS_GRID)
        return emit_this_grid(cg);
    if (node->call.func->kind != NODE_ATTRIBUTE)
        return cg_unsupported(cg, node, "this call");
    return emit_sync(cg, node);
}
