/* cuda.atomic.*: every operation returns the element's old value, with
 * relaxed (monotonic) ordering, as numba-cuda lowers them (numba-cuda.md
 * 1.4): an atomicrmw where LLVM has one (NVPTX expands float sub and the
 * 64-bit inc/dec into compare-and-swap loops), atom.inc/atom.dec for uint32,
 * cmpxchg for cas, and a compare-and-swap loop with Numba's NaN rules for
 * float max/min/nanmax/nanmin. Sema (sema/atomics.c) has converted every
 * value to the array's dtype. */
#include "cg_internal.h"

bool cg_is_atomic_builtin(int id)
{
    return id >= BUILTIN_ATOMIC_ADD && id <= BUILTIN_ATOMIC_COMPARE_AND_SWAP;
}

/* PTX has atomics on global, shared and generic addresses only: any other
 * space goes through a generic pointer. */
static LLVMValueRef atomic_ptr(Cg *cg, LLVMValueRef ptr)
{
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (as == CG_AS_GENERIC || as == CG_AS_GLOBAL || as == CG_AS_SHARED)
        return ptr;
    return LLVMBuildAddrSpaceCast(cg->b, ptr, LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC), "");
}

static LLVMValueRef rmw(Cg *cg, LLVMAtomicRMWBinOp op, LLVMValueRef ptr, LLVMValueRef v)
{
    return LLVMBuildAtomicRMW(cg->b, op, ptr, v, LLVMAtomicOrderingMonotonic, false);
}

/* The integer atomicrmw of each operation (nanmax/nanmin are max/min). */
static LLVMAtomicRMWBinOp int_op(Builtin id, bool is_signed)
{
    switch (id) {
    case BUILTIN_ATOMIC_SUB: return LLVMAtomicRMWBinOpSub;
    case BUILTIN_ATOMIC_MAX:
    case BUILTIN_ATOMIC_NANMAX: return is_signed ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
    case BUILTIN_ATOMIC_MIN:
    case BUILTIN_ATOMIC_NANMIN: return is_signed ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
    case BUILTIN_ATOMIC_AND: return LLVMAtomicRMWBinOpAnd;
    case BUILTIN_ATOMIC_OR: return LLVMAtomicRMWBinOpOr;
    case BUILTIN_ATOMIC_XOR: return LLVMAtomicRMWBinOpXor;
    case BUILTIN_ATOMIC_EXCH: return LLVMAtomicRMWBinOpXchg;
    case BUILTIN_ATOMIC_INC: return LLVMAtomicRMWBinOpUIncWrap;
    case BUILTIN_ATOMIC_DEC: return LLVMAtomicRMWBinOpUDecWrap;
    default: return LLVMAtomicRMWBinOpAdd;
    }
}

/* inc/dec of a uint32: llvm.nvvm.atomic.load.{inc,dec}.32, which becomes
 * atom.inc/atom.dec (LLVM 19 would expand uinc_wrap into a loop). Both
 * wrap as atomicrmw uinc_wrap/udec_wrap do: inc stores old >= bound ? 0 :
 * old + 1; dec stores old == 0 || old > bound ? bound : old - 1. */
static LLVMValueRef inc_dec_32(Cg *cg, bool inc, LLVMValueRef ptr, LLVMValueRef bound)
{
    LLVMTypeRef pty = LLVMTypeOf(ptr);
    LLVMValueRef args[2] = {ptr, bound};
    return cg_intrinsic(cg, inc ? "llvm.nvvm.atomic.load.inc.32" : "llvm.nvvm.atomic.load.dec.32",
                        &pty, 1, args, 2);
}

/* Float max/min/nanmax/nanmin, Numba's loop: load the element once; give up
 * at once when the value is NaN, or (max/min) the element is; else try to
 * swap the value in while the element compares below (max) or above (min)
 * it, a NaN element counting as such for nanmax/nanmin. Like Numba, the
 * result is the element as first loaded. */
static LLVMValueRef float_min_max(Cg *cg, Builtin id, const Type *t, LLVMValueRef ptr, LLVMValueRef v)
{
    LLVMBuilderRef B = cg->b;
    bool is_nan_op = id == BUILTIN_ATOMIC_NANMAX || id == BUILTIN_ATOMIC_NANMIN;
    bool is_max = id == BUILTIN_ATOMIC_MAX || id == BUILTIN_ATOMIC_NANMAX;
    LLVMTypeRef fty = cg_type(cg, t);
    LLVMTypeRef ity = LLVMIntTypeInContext(cg->ctx, (unsigned)t->bits);
    LLVMValueRef first = LLVMBuildLoad2(B, fty, ptr, "atomic.first");
    LLVMSetVolatile(first, true);
    LLVMSetAlignment(first, (unsigned)t->bits / 8);
    LLVMValueRef give_up = LLVMBuildFCmp(B, LLVMRealUNO, v, is_nan_op ? v : first, "");
    LLVMBasicBlockRef entry = LLVMGetInsertBlock(B);
    LLVMBasicBlockRef check = cg_block(cg, "atomic.check");
    LLVMBasicBlockRef attempt = cg_block(cg, "atomic.attempt");
    LLVMBasicBlockRef done = cg_block(cg, "atomic.done");
    LLVMBuildCondBr(B, give_up, done, check);

    cg_enter(cg, check);
    LLVMValueRef seen = LLVMBuildPhi(B, fty, "atomic.seen");
    LLVMRealPredicate p = is_max ? (is_nan_op ? LLVMRealULT : LLVMRealOLT)
                                 : (is_nan_op ? LLVMRealUGT : LLVMRealOGT);
    LLVMBuildCondBr(B, LLVMBuildFCmp(B, p, seen, v, ""), attempt, done);

    cg_enter(cg, attempt);
    LLVMValueRef expected = LLVMBuildBitCast(B, seen, ity, "");
    LLVMValueRef bits = LLVMBuildBitCast(B, v, ity, "");
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(B, ptr, expected, bits, LLVMAtomicOrderingMonotonic,
                                               LLVMAtomicOrderingMonotonic, false);
    LLVMValueRef now = LLVMBuildBitCast(B, LLVMBuildExtractValue(B, pair, 0, ""), fty, "");
    LLVMBuildBr(B, check);

    LLVMValueRef in_vals[2] = {first, now};
    LLVMBasicBlockRef in_bbs[2] = {entry, attempt};
    LLVMAddIncoming(seen, in_vals, in_bbs, 2);
    cg_enter(cg, done);
    return first;
}

/* cuda.atomic.cas(a, idx, old, new) and compare_and_swap(a, old, new):
 * cmpxchg, monotonic on success and failure; the element's old value. */
static LLVMValueRef emit_cas(Cg *cg, LLVMValueRef ptr, LLVMValueRef expected, LLVMValueRef v)
{
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(cg->b, ptr, expected, v, LLVMAtomicOrderingMonotonic,
                                               LLVMAtomicOrderingMonotonic, false);
    return LLVMBuildExtractValue(cg->b, pair, 0, "");
}

/* The element's address: a[idx], or a[0] for compare_and_swap. */
static LLVMValueRef target_ptr(Cg *cg, const Node *node)
{
    const Node *array = node->call.args.items[0];
    if (node->call.builtin != BUILTIN_ATOMIC_COMPARE_AND_SWAP)
        return atomic_ptr(cg, cg_element_ptr(cg, array, node->call.args.items[1], NULL));
    return atomic_ptr(cg, cg_array_data(cg, cg_emit_expr(cg, array)));
}

/* cuda.atomic.OP(a, idx, v) and the cas forms. */
static LLVMValueRef emit_atomic(Cg *cg, const Node *node)
{
    Builtin id = (Builtin)node->call.builtin;
    const NodeList *args = &node->call.args;
    const Type *t = node->type;
    if (t->bits < 32 || (t->kind != TYPE_INT && t->kind != TYPE_FLOAT))
        return cg_unsupported(cg, node, "this atomic on this array type");
    int first = id == BUILTIN_ATOMIC_COMPARE_AND_SWAP ? 1 : 2;
    bool cas = id == BUILTIN_ATOMIC_CAS || id == BUILTIN_ATOMIC_COMPARE_AND_SWAP;
    /* checked mode computes the operands before testing the index, so that
     * their side effects happen even when the atomic is skipped */
    LLVMValueRef v = NULL, replacement = NULL;
    if (cg->options->check) {
        v = cg_emit_expr(cg, args->items[first]);
        replacement = cas ? cg_emit_expr(cg, args->items[first + 1]) : NULL;
    }
    LLVMValueRef ptr = target_ptr(cg, node);
    if (!v)
        v = cg_emit_expr(cg, args->items[first]);
    if (cas)
        return emit_cas(cg, ptr, v, replacement ? replacement : cg_emit_expr(cg, args->items[first + 1]));
    if (t->kind == TYPE_FLOAT) {
        if (id == BUILTIN_ATOMIC_ADD || id == BUILTIN_ATOMIC_SUB)
            return rmw(cg, id == BUILTIN_ATOMIC_ADD ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpFSub, ptr, v);
        return float_min_max(cg, id, t, ptr, v);
    }
    if ((id == BUILTIN_ATOMIC_INC || id == BUILTIN_ATOMIC_DEC) && t->bits == 32)
        return inc_dec_32(cg, id == BUILTIN_ATOMIC_INC, ptr, v);
    return rmw(cg, int_op(id, t->is_signed), ptr, v);
}

/* --check: a skipped atomic (an index out of bounds) gives zero. */
LLVMValueRef cg_emit_atomic(Cg *cg, const Node *node)
{
    CgCheckMark mark = cg_check_mark(cg);
    return cg_check_close(cg, mark, emit_atomic(cg, node));
}
