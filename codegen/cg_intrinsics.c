/* The CUDA API's intrinsics (sema/intrinsics.c types them): special
 * registers (laneid, warpsize, lanemask_lt), barriers with a predicate,
 * syncwarp and fences, warp shuffles, votes and matches, and the bit and
 * float helpers, each lowered to the NVVM or LLVM intrinsic numba-cuda
 * uses (nanosleep and breakpoint to its inline PTX), and x.bit_count();
 * cuda.local.array is a per-thread alloca in the entry block.
 * Arguments arrive already converted to the types sema chose. */
#include <stdio.h>
#include <string.h>

#include "cg_internal.h"

static LLVMTypeRef i32_type(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }

static LLVMValueRef arg(Cg *cg, const Node *node, int i)
{
    return cg_emit_expr(cg, node->call.args.items[i]);
}

static LLVMValueRef call0(Cg *cg, const char *name)
{
    return cg_intrinsic(cg, name, NULL, 0, NULL, 0);
}

/* cuda.local.array(shape, dtype): [count x dtype] allocated once per call
 * site in the entry block, as Numba's alloca_once does. Allocas are in
 * the generic address space in NVPTX's data layout (NVPTX moves them to
 * .local itself), which is where MEM_LOCAL arrays point. */
static const Node *local_shape(const Node *node)
{
    const NodeList *kws = &node->call.keywords;
    for (int i = 0; i < kws->count; i++)
        if (str_eq_cstr(kws->items[i]->keyword.name, "shape"))
            return kws->items[i]->keyword.value;
    return node->call.args.items[0];
}

static LLVMValueRef emit_local_array(Cg *cg, const Node *node)
{
    const Type *t = node->type;
    const Node *shape = local_shape(node);
    LLVMValueRef *dims = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    LLVMValueRef *strides = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    int64_t count = 1;
    for (int k = t->ndim - 1; k >= 0; k--) {
        const Node *dim = shape->kind == NODE_TUPLE ? shape->tuple.elts.items[k] : shape;
        strides[k] = cg_const_i64(cg, count);
        dims[k] = cg_const_i64(cg, dim->konst.i);
        count *= dim->konst.i;
    }
    LLVMTypeRef ty = LLVMArrayType2(cg_mem_type(cg, t->dtype), (uint64_t)count);
    LLVMValueRef data = cg_alloca(cg, ty, "local");
    int64_t align = sema_array_alignment(node);   /* alignment=N, checked by sema */
    LLVMSetAlignment(data, align ? (unsigned)align : cg_align_of(cg, t->dtype));
    return cg_array_make(cg, t, data, dims, strides);
}

/* The integer of the same width as a value, for the intrinsics that move
 * only integers: floats travel as their bits. */
static LLVMValueRef to_bits(Cg *cg, LLVMValueRef v, const Type *t)
{
    if (!type_is_float(t))
        return v;
    return LLVMBuildBitCast(cg->b, v, LLVMIntTypeInContext(cg->ctx, (unsigned)t->bits), "");
}

static LLVMValueRef from_bits(Cg *cg, LLVMValueRef v, const Type *t)
{
    return type_is_float(t) ? LLVMBuildBitCast(cg->b, v, cg_type(cg, t), "") : v;
}

/* shfl_sync(mask, v, src) and friends: llvm.nvvm.shfl.sync.<mode>.i32 with
 * Numba's clamp (0x1F, or 0 for up); a 64-bit value goes as two halves. */
static LLVMValueRef emit_shuffle(Cg *cg, const Node *node)
{
    static const struct { Builtin id; const char *name; int clamp; } modes[] = {
        {BUILTIN_SHFL_SYNC, "llvm.nvvm.shfl.sync.idx.i32", 0x1F},
        {BUILTIN_SHFL_UP_SYNC, "llvm.nvvm.shfl.sync.up.i32", 0},
        {BUILTIN_SHFL_DOWN_SYNC, "llvm.nvvm.shfl.sync.down.i32", 0x1F},
        {BUILTIN_SHFL_XOR_SYNC, "llvm.nvvm.shfl.sync.bfly.i32", 0x1F},
    };
    int m = 0;
    while (modes[m].id != (Builtin)node->call.builtin)
        m++;
    const Type *t = node->type;
    LLVMValueRef mask = arg(cg, node, 0), lane = arg(cg, node, 2);
    LLVMValueRef v = to_bits(cg, arg(cg, node, 1), t);
    LLVMValueRef clamp = LLVMConstInt(i32_type(cg), (unsigned long long)modes[m].clamp, false);
    if (t->bits == 32) {
        LLVMValueRef ops[4] = {mask, v, lane, clamp};
        return from_bits(cg, cg_intrinsic(cg, modes[m].name, NULL, 0, ops, 4), t);
    }
    LLVMTypeRef i64 = cg_i64(cg);
    LLVMValueRef halves[2] = {LLVMBuildTrunc(cg->b, v, i32_type(cg), ""),
                              LLVMBuildTrunc(cg->b, LLVMBuildLShr(cg->b, v, cg_const_i64(cg, 32), ""),
                                             i32_type(cg), "")};
    for (int h = 0; h < 2; h++) {
        LLVMValueRef ops[4] = {mask, halves[h], lane, clamp};
        halves[h] = LLVMBuildZExt(cg->b, cg_intrinsic(cg, modes[m].name, NULL, 0, ops, 4), i64, "");
    }
    LLVMValueRef hi = LLVMBuildShl(cg->b, halves[1], cg_const_i64(cg, 32), "");
    return from_bits(cg, LLVMBuildOr(cg->b, hi, halves[0], ""), t);
}

/* all/any/eq_sync -> i1 (vote.sync.all/any/uni), ballot_sync -> i32. */
static LLVMValueRef emit_vote(Cg *cg, const Node *node)
{
    static const char *const names[] = {"llvm.nvvm.vote.all.sync", "llvm.nvvm.vote.any.sync",
                                        "llvm.nvvm.vote.uni.sync", "llvm.nvvm.vote.ballot.sync"};
    int i = node->call.builtin - BUILTIN_ALL_SYNC;
    LLVMValueRef ops[2] = {arg(cg, node, 0), arg(cg, node, 1)};
    return cg_intrinsic(cg, names[i], NULL, 0, ops, 2);
}

/* match_any_sync(mask, v) -> int32; match_all_sync -> (int32, bool). */
static LLVMValueRef emit_match(Cg *cg, const Node *node, bool all)
{
    const Type *vt = node->call.args.items[1]->type;
    LLVMValueRef ops[2] = {arg(cg, node, 0), to_bits(cg, arg(cg, node, 1), vt)};
    char name[40];
    snprintf(name, sizeof name, "llvm.nvvm.match.%s.sync.i%d%s", all ? "all" : "any", vt->bits, all ? "p" : "");
    LLVMValueRef r = cg_intrinsic(cg, name, NULL, 0, ops, 2);
    if (!all)
        return r;
    LLVMValueRef tuple = LLVMGetUndef(cg_type(cg, node->type));
    tuple = LLVMBuildInsertValue(cg->b, tuple, LLVMBuildExtractValue(cg->b, r, 0, ""), 0, "");
    return LLVMBuildInsertValue(cg->b, tuple, LLVMBuildExtractValue(cg->b, r, 1, ""), 1, "");
}

/* ffs(x): the 1-based position of the lowest set bit, 0 for 0, as uint32. */
static LLVMValueRef emit_ffs(Cg *cg, const Node *node)
{
    const Type *t = node->call.args.items[0]->type;
    LLVMTypeRef ty = cg_type(cg, t);
    LLVMValueRef x = arg(cg, node, 0);
    LLVMValueRef ops[2] = {x, LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false)};
    LLVMValueRef tz = cg_intrinsic(cg, "llvm.cttz", &ty, 1, ops, 2);
    LLVMValueRef pos = LLVMBuildAdd(cg->b, LLVMBuildZExtOrBitCast(cg->b, tz, cg_i64(cg), ""),
                                    cg_const_i64(cg, 1), "");
    pos = LLVMBuildTrunc(cg->b, pos, i32_type(cg), "");
    LLVMValueRef zero = LLVMBuildICmp(cg->b, LLVMIntEQ, x, LLVMConstInt(ty, 0, false), "");
    return LLVMBuildSelect(cg->b, zero, LLVMConstInt(i32_type(cg), 0, false), pos, "ffs");
}

/* popc, clz, brev: llvm.ctpop, llvm.ctlz (defined at 0), llvm.bitreverse. */
static LLVMValueRef emit_bits(Cg *cg, const Node *node, const char *name, bool zero_flag)
{
    LLVMTypeRef ty = cg_type(cg, node->type);
    LLVMValueRef ops[2] = {arg(cg, node, 0), LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false)};
    return cg_intrinsic(cg, name, &ty, 1, ops, zero_flag ? 2 : 1);
}

static LLVMValueRef emit_fma(Cg *cg, const Node *node)
{
    LLVMTypeRef ty = cg_type(cg, node->type);
    LLVMValueRef ops[3] = {arg(cg, node, 0), arg(cg, node, 1), arg(cg, node, 2)};
    return cg_intrinsic(cg, "llvm.fma", &ty, 1, ops, 3);
}

/* cbrt(x): libdevice's __nv_cbrtf / __nv_cbrt. */
static LLVMValueRef emit_cbrt(Cg *cg, const Node *node)
{
    LLVMTypeRef ty = cg_type(cg, node->type);
    LLVMTypeRef fn_type = LLVMFunctionType(ty, &ty, 1, false);
    const char *name = node->type->bits == 32 ? "__nv_cbrtf" : "__nv_cbrt";
    LLVMValueRef fn = cg_libdevice_function(cg, node, "'cuda.cbrt'", name, fn_type);
    if (!fn)
        return LLVMGetPoison(ty);
    LLVMValueRef x = arg(cg, node, 0);
    return LLVMBuildCall2(cg->b, fn_type, fn, &x, 1, "");
}

/* The barriers and fences, which return nothing, or syncthreads_*'s int32. */
static LLVMValueRef emit_sync(Cg *cg, const Node *node)
{
    switch ((Builtin)node->call.builtin) {
    case BUILTIN_SYNCTHREADS_COUNT: {
        LLVMValueRef p = arg(cg, node, 0);
        return cg_intrinsic(cg, "llvm.nvvm.barrier0.popc", NULL, 0, &p, 1);
    }
    case BUILTIN_SYNCTHREADS_AND: {
        LLVMValueRef p = arg(cg, node, 0);
        return cg_intrinsic(cg, "llvm.nvvm.barrier0.and", NULL, 0, &p, 1);
    }
    case BUILTIN_SYNCTHREADS_OR: {
        LLVMValueRef p = arg(cg, node, 0);
        return cg_intrinsic(cg, "llvm.nvvm.barrier0.or", NULL, 0, &p, 1);
    }
    case BUILTIN_SYNCWARP: {
        LLVMValueRef mask = node->call.args.count ? arg(cg, node, 0)
                                                  : LLVMConstInt(i32_type(cg), 0xFFFFFFFFu, false);
        cg_intrinsic(cg, "llvm.nvvm.bar.warp.sync", NULL, 0, &mask, 1);
        return NULL;
    }
    case BUILTIN_THREADFENCE: call0(cg, "llvm.nvvm.membar.gl"); return NULL;
    case BUILTIN_THREADFENCE_BLOCK: call0(cg, "llvm.nvvm.membar.cta"); return NULL;
    case BUILTIN_THREADFENCE_SYSTEM: call0(cg, "llvm.nvvm.membar.sys"); return NULL;
    default: return cg_unsupported(cg, node, "this call");
    }
}

bool cg_is_intrinsic_call(const Node *node)
{
    int b = node->call.builtin;
    return (b >= BUILTIN_LOCAL_ARRAY && b <= BUILTIN_SELP) || b == BUILTIN_NANOSLEEP || b == BUILTIN_BREAKPOINT ||
           b == BUILTIN_BIT_COUNT;
}

/* nanosleep(ns) and breakpoint(): numba-cuda's inline PTX, which has side
 * effects and so stays where it is written. */
static LLVMValueRef emit_asm_statement(Cg *cg, const Node *node)
{
    bool sleep = node->call.builtin == BUILTIN_NANOSLEEP;
    const char *text = sleep ? "nanosleep.u32 $0;" : "brkpt;";
    const char *constraints = sleep ? "r" : "";
    LLVMTypeRef i32 = i32_type(cg);
    LLVMTypeRef fn_type = LLVMFunctionType(LLVMVoidTypeInContext(cg->ctx), &i32, sleep, false);
    LLVMValueRef fn = LLVMGetInlineAsm(fn_type, text, strlen(text), constraints, strlen(constraints), true, false,
                                       LLVMInlineAsmDialectATT, false);
    LLVMValueRef ns = sleep ? arg(cg, node, 0) : NULL;
    LLVMBuildCall2(cg->b, fn_type, fn, &ns, sleep, "");
    return NULL;
}

/* x.bit_count(): llvm.ctpop of x, which is the attribute's base. */
static LLVMValueRef emit_bit_count(Cg *cg, const Node *node)
{
    LLVMTypeRef ty = cg_type(cg, node->type);
    LLVMValueRef x = cg_emit_expr(cg, node->call.func->attribute.value);
    return cg_intrinsic(cg, "llvm.ctpop", &ty, 1, &x, 1);
}

LLVMValueRef cg_emit_intrinsic_call(Cg *cg, const Node *node)
{
    switch ((Builtin)node->call.builtin) {
    case BUILTIN_LOCAL_ARRAY: return emit_local_array(cg, node);
    case BUILTIN_SHFL_SYNC: case BUILTIN_SHFL_UP_SYNC:
    case BUILTIN_SHFL_DOWN_SYNC: case BUILTIN_SHFL_XOR_SYNC: return emit_shuffle(cg, node);
    case BUILTIN_ALL_SYNC: case BUILTIN_ANY_SYNC:
    case BUILTIN_EQ_SYNC: case BUILTIN_BALLOT_SYNC: return emit_vote(cg, node);
    case BUILTIN_MATCH_ANY_SYNC: return emit_match(cg, node, false);
    case BUILTIN_MATCH_ALL_SYNC: return emit_match(cg, node, true);
    case BUILTIN_ACTIVEMASK: return call0(cg, "llvm.nvvm.activemask");
    case BUILTIN_LANEMASK_LT: return call0(cg, "llvm.nvvm.read.ptx.sreg.lanemask.lt");
    case BUILTIN_POPC: return emit_bits(cg, node, "llvm.ctpop", false);
    case BUILTIN_CLZ: return emit_bits(cg, node, "llvm.ctlz", true);
    case BUILTIN_BREV: return emit_bits(cg, node, "llvm.bitreverse", false);
    case BUILTIN_FFS: return emit_ffs(cg, node);
    case BUILTIN_FMA: return emit_fma(cg, node);
    case BUILTIN_CBRT: return emit_cbrt(cg, node);
    case BUILTIN_NANOSLEEP: case BUILTIN_BREAKPOINT: return emit_asm_statement(cg, node);
    case BUILTIN_BIT_COUNT: return emit_bit_count(cg, node);
    case BUILTIN_SELP: {
        LLVMValueRef p = arg(cg, node, 0), a = arg(cg, node, 1), b = arg(cg, node, 2);
        return LLVMBuildSelect(cg->b, p, a, b, "selp");
    }
    default: return emit_sync(cg, node);
    }
}

/* cuda.laneid and cuda.warpsize: int32 special registers. */
LLVMValueRef cg_emit_intrinsic_attr(Cg *cg, const Node *node)
{
    bool lane = node->attribute.builtin == BUILTIN_LANEID;
    LLVMValueRef v = call0(cg, lane ? "llvm.nvvm.read.ptx.sreg.laneid" : "llvm.nvvm.read.ptx.sreg.warpsize");
    return cg_convert(cg, v, &type_int32_t, node->type);
}
