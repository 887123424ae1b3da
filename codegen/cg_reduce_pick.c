/* The reductions that pick or test elements rather than add them: min,
 * max, nanmin, nanmax, argmin, argmax, ptp, all, any and count_nonzero,
 * as numba/cuda/np/arraymath.py writes them:
 *
 * - min/max (npy_min): the first element, then each element in np.nditer's
 *   order replaces it when strictly smaller (larger); a NaN is returned at
 *   once. nanmin/nanmax (nan_min_max_factory): NaNs are skipped, and an
 *   element replaces the current one unless the current one is strictly
 *   smaller (larger), so of equal elements the last wins (0.0 then -0.0
 *   gives -0.0), and a NaN first element is replaced by the next number.
 * - argmin/argmax: as min/max over a.flat (C order, whatever the layout),
 *   giving the position; ptp: max - min over a.flat, NaN at the first NaN.
 * - all/any stop at the first falsy (truthy) element; count_nonzero counts
 *   the truthy ones (`v != 0`, Python's truth: NaN counts, -0.0 does not).
 *
 * Walking every element from the first gives the same answers as Numba's
 * loops, which start after the first: the first compared with itself
 * changes nothing. An empty array's min, max, nanmin, nanmax, argmin,
 * argmax and ptp raise ValueError in Numba: the thread ends (cg_exit_if). */
#include <math.h>

#include "cg_internal.h"

static LLVMValueRef load(Cg *cg, LLVMValueRef slot, const Type *t)
{
    return LLVMBuildLoad2(cg->b, cg_type(cg, t), slot, "");
}

/* a's element at offset 0: the first in every order. */
static LLVMValueRef first_element(Cg *cg, LLVMValueRef arr, const Type *t)
{
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, t->dtype), cg_array_data(cg, arr), "first");
    LLVMSetAlignment(v, cg_align_of(cg, t->dtype));
    return cg_from_mem(cg, v, t->dtype);
}

/* Stores value into slot where cond holds; the builder goes on after. */
static void store_if(Cg *cg, LLVMValueRef cond, LLVMValueRef value, LLVMValueRef slot)
{
    LLVMValueRef old = LLVMBuildLoad2(cg->b, LLVMTypeOf(value), slot, "");
    LLVMBuildStore(cg->b, LLVMBuildSelect(cg->b, cond, value, old, ""), slot);
}

/* Where cond holds: store value into slot and end the walk. */
static void finish_if(Cg *cg, CgWalk *w, LLVMValueRef cond, LLVMValueRef value, LLVMValueRef slot)
{
    LLVMBasicBlockRef stop = cg_block(cg, "reduce.stop");
    LLVMBasicBlockRef go = cg_block(cg, "reduce.go");
    LLVMBuildCondBr(cg->b, cond, stop, go);
    cg_enter(cg, stop);
    LLVMBuildStore(cg->b, value, slot);
    LLVMBuildBr(cg->b, w->done);
    cg_enter(cg, go);
}

/* min, max (nan = false), nanmin, nanmax (nan = true). */
static LLVMValueRef extreme(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t, bool largest, bool nan)
{
    const Type *d = t->dtype;
    cg_reduce_exit_if_empty(cg, arr, t, "empty");
    LLVMValueRef best = cg_alloca(cg, cg_type(cg, d), "best");
    LLVMBuildStore(cg->b, first_element(cg, arr, t), best);
    CgWalk w;
    cg_walk_begin(cg, &w, arr, t, true);
    LLVMValueRef v = cg_walk_element(cg, &w);
    CmpOpKind beats = largest ? CMP_GT : CMP_LT;
    if (!nan) {
        finish_if(cg, &w, cg_reduce_is_nan(cg, v, d), v, best);
        store_if(cg, cg_compare(cg, beats, v, load(cg, best, d), d, at), v, best);
    } else {
        LLVMValueRef kept = cg_compare(cg, beats, load(cg, best, d), v, d, at);
        LLVMValueRef take = LLVMBuildAnd(cg->b, LLVMBuildNot(cg->b, cg_reduce_is_nan(cg, v, d), ""),
                                         LLVMBuildNot(cg->b, kept, ""), "take");
        store_if(cg, take, v, best);
    }
    cg_walk_end(cg, &w);
    return load(cg, best, d);
}

/* argmin, argmax: the C-order position of the first smallest (largest)
 * element, or of the first NaN. */
static LLVMValueRef position_of_extreme(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t, bool largest)
{
    const Type *d = t->dtype;
    cg_reduce_exit_if_empty(cg, arr, t, "empty");
    LLVMValueRef best = cg_alloca(cg, cg_type(cg, d), "best");
    LLVMValueRef where = cg_alloca(cg, cg_i64(cg), "where");
    LLVMBuildStore(cg->b, first_element(cg, arr, t), best);
    LLVMBuildStore(cg->b, cg_const_i64(cg, 0), where);
    CgWalk w;
    cg_walk_begin(cg, &w, arr, t, false);
    LLVMValueRef v = cg_walk_element(cg, &w);
    LLVMValueRef pos = cg_walk_position(cg, &w);
    finish_if(cg, &w, cg_reduce_is_nan(cg, v, d), pos, where);
    LLVMValueRef better = cg_compare(cg, largest ? CMP_GT : CMP_LT, v, load(cg, best, d), d, at);
    store_if(cg, better, v, best);
    store_if(cg, better, pos, where);
    cg_walk_end(cg, &w);
    return load(cg, where, &type_int64_t);
}

/* np.ptp: a_max - a_min over a.flat, computed in the plan's `finish` type
 * and given as its `result`; NaN (float64's) if an element is NaN. */
static LLVMValueRef peak_to_peak(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t)
{
    const Type *d = t->dtype;
    ReductionPlan p;
    sema_reduction_plan(BUILTIN_REDUCE_PTP, d, NULL, &p);
    cg_reduce_exit_if_empty(cg, arr, t, "empty");
    LLVMTypeRef i1 = LLVMInt1TypeInContext(cg->ctx);
    LLVMValueRef saw_nan = cg_alloca(cg, i1, "saw_nan");
    LLVMValueRef lo = cg_alloca(cg, cg_type(cg, d), "lo"), hi = cg_alloca(cg, cg_type(cg, d), "hi");
    LLVMValueRef first = first_element(cg, arr, t);
    LLVMBuildStore(cg->b, LLVMConstInt(i1, 0, false), saw_nan);
    LLVMBuildStore(cg->b, first, lo);
    LLVMBuildStore(cg->b, first, hi);
    CgWalk w;
    cg_walk_begin(cg, &w, arr, t, false);
    LLVMValueRef v = cg_walk_element(cg, &w);
    if (type_is_float(d))
        finish_if(cg, &w, cg_reduce_is_nan(cg, v, d), LLVMConstInt(i1, 1, false), saw_nan);
    store_if(cg, cg_compare(cg, CMP_GT, v, load(cg, hi, d), d, at), v, hi);
    store_if(cg, cg_compare(cg, CMP_LT, v, load(cg, lo, d), d, at), v, lo);
    cg_walk_end(cg, &w);
    LLVMValueRef high = cg_convert(cg, load(cg, hi, d), d, p.finish);
    LLVMValueRef low = cg_convert(cg, load(cg, lo, d), d, p.finish);
    LLVMValueRef diff = cg_convert(cg, cg_binop(cg, BINOP_SUB, high, low, p.finish, p.finish, at), p.finish,
                                   p.result);
    if (!type_is_float(d))
        return diff;
    LLVMValueRef nan = cg_convert(cg, cg_const_float(cg, &type_float64_t, NAN), &type_float64_t, p.result);
    return LLVMBuildSelect(cg->b, load(cg, saw_nan, &type_bool_t), nan, diff, "ptp");
}

/* all (any): False (True) at the first falsy (truthy) element. */
static LLVMValueRef truth_test(Cg *cg, LLVMValueRef arr, const Type *t, bool any)
{
    LLVMTypeRef i1 = LLVMInt1TypeInContext(cg->ctx);
    LLVMValueRef answer = cg_alloca(cg, i1, any ? "any" : "all");
    LLVMBuildStore(cg->b, LLVMConstInt(i1, !any, false), answer);
    CgWalk w;
    cg_walk_begin(cg, &w, arr, t, true);
    LLVMValueRef truth = cg_truth(cg, cg_walk_element(cg, &w), t->dtype);
    LLVMValueRef decides = any ? truth : LLVMBuildNot(cg->b, truth, "");
    finish_if(cg, &w, decides, LLVMConstInt(i1, any, false), answer);
    cg_walk_end(cg, &w);
    return load(cg, answer, &type_bool_t);
}

/* count_nonzero: c = 0; c += 1 for each element != 0. */
static LLVMValueRef count_nonzero(Cg *cg, LLVMValueRef arr, const Type *t)
{
    LLVMValueRef count = cg_alloca(cg, cg_i64(cg), "nonzero");
    LLVMBuildStore(cg->b, cg_const_i64(cg, 0), count);
    CgWalk w;
    cg_walk_begin(cg, &w, arr, t, true);
    LLVMValueRef truth = cg_truth(cg, cg_walk_element(cg, &w), t->dtype);
    LLVMValueRef c = load(cg, count, &type_int64_t);
    LLVMBuildStore(cg->b, LLVMBuildAdd(cg->b, c, LLVMBuildZExt(cg->b, truth, cg_i64(cg), ""), ""), count);
    cg_walk_end(cg, &w);
    return load(cg, count, &type_int64_t);
}

LLVMValueRef cg_emit_reduction_pick(Cg *cg, const Node *node, LLVMValueRef arr, const Type *t)
{
    switch ((Builtin)node->call.builtin) {
    case BUILTIN_REDUCE_MIN: return extreme(cg, node, arr, t, false, false);
    case BUILTIN_REDUCE_MAX: return extreme(cg, node, arr, t, true, false);
    case BUILTIN_REDUCE_NANMIN: return extreme(cg, node, arr, t, false, true);
    case BUILTIN_REDUCE_NANMAX: return extreme(cg, node, arr, t, true, true);
    case BUILTIN_REDUCE_ARGMIN: return position_of_extreme(cg, node, arr, t, false);
    case BUILTIN_REDUCE_ARGMAX: return position_of_extreme(cg, node, arr, t, true);
    case BUILTIN_REDUCE_PTP: return peak_to_peak(cg, node, arr, t);
    case BUILTIN_REDUCE_ALL: return truth_test(cg, arr, t, false);
    case BUILTIN_REDUCE_ANY: return truth_test(cg, arr, t, true);
    case BUILTIN_REDUCE_COUNT_NONZERO: return count_nonzero(cg, arr, t);
    default: return cg_unsupported(cg, node, "this reduction");
    }
}
