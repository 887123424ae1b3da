/* A walk over every element of an array: nested loops, one per dimension,
 * the innermost running fastest. The order is Numba's: np.nditer (the
 * reductions' loops) goes in memory order, C order for C and A arrays and
 * F order (the first index fastest) for an F array of 2 or more
 * dimensions; a.flat (argmin, argmax, ptp) always goes in C order. The
 * order decides which of equal elements a reduction keeps and the order
 * of a float sum's roundings, so it is kept exactly.
 *
 * Index and position counters live in entry-block allocas, which mem2reg
 * turns into induction variables; element addresses are computed as an
 * a[i, j, ...] load computes them (cg_array_offset), by layout. */
#include "cg_internal.h"

void cg_walk_begin(Cg *cg, CgWalk *w, LLVMValueRef arr, const Type *t, bool memory_order)
{
    cg_walk_begin_order(cg, w, arr, t, memory_order && t->layout == LAYOUT_F && t->ndim > 1);
}

void cg_walk_begin_order(Cg *cg, CgWalk *w, LLVMValueRef arr, const Type *t, bool fortran)
{
    int d = t->ndim;
    *w = (CgWalk){.arr = arr, .type = t, .done = cg_block(cg, "walk.done")};
    w->position = cg_alloca(cg, cg_i64(cg), "walk.pos");
    LLVMBuildStore(cg->b, cg_const_i64(cg, 0), w->position);
    for (int level = 0; level < d; level++) {
        int k = fortran ? d - 1 - level : level;
        w->order[level] = k;
        w->index[k] = cg_alloca(cg, cg_i64(cg), "walk.i");
        LLVMBuildStore(cg->b, cg_const_i64(cg, 0), w->index[k]);
        w->cond[level] = cg_block(cg, "walk.cond");
        w->latch[level] = cg_block(cg, "walk.next");
        LLVMBuildBr(cg->b, w->cond[level]);
        cg_enter(cg, w->cond[level]);
        LLVMValueRef i = LLVMBuildLoad2(cg->b, cg_i64(cg), w->index[k], "i");
        LLVMValueRef more = LLVMBuildICmp(cg->b, LLVMIntSLT, i, cg_array_shape(cg, arr, k), "");
        LLVMBasicBlockRef inner = cg_block(cg, level == d - 1 ? "walk.body" : "walk.dim");
        LLVMBuildCondBr(cg->b, more, inner, level == 0 ? w->done : w->latch[level - 1]);
        cg_enter(cg, inner);
    }
}

LLVMValueRef cg_walk_element(Cg *cg, const CgWalk *w)
{
    const Type *t = w->type;
    LLVMValueRef idx[TYPE_MAX_NDIM];
    for (int k = 0; k < t->ndim; k++)
        idx[k] = LLVMBuildLoad2(cg->b, cg_i64(cg), w->index[k], "i");
    LLVMValueRef p = cg_element_address(cg, t, w->arr, idx);
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, t->dtype), p, "");
    LLVMSetAlignment(v, cg_align_of(cg, t->dtype));
    return cg_from_mem(cg, v, t->dtype);
}

LLVMValueRef cg_walk_position(Cg *cg, const CgWalk *w)
{
    return LLVMBuildLoad2(cg->b, cg_i64(cg), w->position, "pos");
}

static void increment(Cg *cg, LLVMValueRef slot)
{
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_i64(cg), slot, "");
    LLVMBuildStore(cg->b, LLVMBuildNSWAdd(cg->b, v, cg_const_i64(cg, 1), ""), slot);
}

void cg_walk_end(Cg *cg, CgWalk *w)
{
    int d = w->type->ndim;
    cg_branch(cg, w->latch[d - 1]);
    for (int level = d - 1; level >= 0; level--) {
        cg_enter(cg, w->latch[level]);
        if (level == d - 1)
            increment(cg, w->position);
        increment(cg, w->index[w->order[level]]);
        LLVMBuildBr(cg->b, w->cond[level]);
    }
    cg_enter(cg, w->done);
}
