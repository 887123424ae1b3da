/* The arithmetic reductions: sum, prod, mean, var, std and their nan forms
 * (np.nansum, ...), lowered as the loops numba/cuda/np/arraymath.py
 * writes: one pass over the array in np.nditer's order (cg_walk.c), an
 * accumulator that starts at 0 or 1 and takes `c = c op element` for each
 * element in turn (the nan forms skip NaNs and count the rest), then the
 * division by the count; var makes a second pass for the squared
 * deviations from the mean, and std raises var to 0.5 (`** 0.5`, libdevice's
 * pow, as Numba's std does). Every step computes in the type the plan
 * (sema_reduction_plan) says Numba's inference gives it, so the roundings
 * are Numba's, in the same order. The choosing reductions (min, max, argmin,
 * all, ...) are in cg_reduce_pick.c. */
#include "cg_internal.h"

/* l op r in `type`, both converted to it first (Numba computes in the
 * result type). */
static LLVMValueRef arith(Cg *cg, const Node *at, BinOpKind op, LLVMValueRef l, const Type *lt,
                          LLVMValueRef r, const Type *rt, const Type *type)
{
    return cg_binop(cg, op, cg_convert(cg, l, lt, type), cg_convert(cg, r, rt, type), type, type, at);
}

static LLVMValueRef load(Cg *cg, LLVMValueRef slot, const Type *t)
{
    return LLVMBuildLoad2(cg->b, cg_type(cg, t), slot, "");
}

static LLVMValueRef slot_of(Cg *cg, const Type *t, LLVMValueRef initial, const char *name)
{
    LLVMValueRef slot = cg_alloca(cg, cg_type(cg, t), name);
    LLVMBuildStore(cg->b, initial, slot);
    return slot;
}

LLVMValueRef cg_reduce_is_nan(Cg *cg, LLVMValueRef v, const Type *t)
{
    if (!type_is_float(t))
        return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false);
    return LLVMBuildFCmp(cg->b, LLVMRealUNO, v, v, "isnan");
}

/* The nan forms' `if not isnan(v):` around the rest of the body: the
 * builder continues in the taken branch; the returned block is where it
 * joins (the caller branches there and enters it). */
static LLVMBasicBlockRef skip_nan(Cg *cg, LLVMValueRef v, const Type *t)
{
    LLVMBasicBlockRef take = cg_block(cg, "reduce.number");
    LLVMBasicBlockRef join = cg_block(cg, "reduce.next");
    LLVMBuildCondBr(cg->b, cg_reduce_is_nan(cg, v, t), join, take);
    cg_enter(cg, take);
    return join;
}

static void increment(Cg *cg, LLVMValueRef slot)
{
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_i64(cg), slot, "");
    LLVMBuildStore(cg->b, LLVMBuildAdd(cg->b, v, cg_const_i64(cg, 1), ""), slot);
}

/* The loop every fold shares: the elements in np.nditer order, NaNs
 * skipped for the nan forms, those taken counted when asked. */
typedef struct ElementLoop {
    CgWalk walk;
    LLVMBasicBlockRef join;   /* past a skipped NaN */
    LLVMValueRef counted;     /* int64 slot, or NULL */
} ElementLoop;

/* Opens the loop; returns the element. */
static LLVMValueRef loop_begin(Cg *cg, ElementLoop *l, LLVMValueRef arr, const Type *t, bool nan, bool count)
{
    l->counted = count ? slot_of(cg, &type_int64_t, cg_const_i64(cg, 0), "count") : NULL;
    cg_walk_begin(cg, &l->walk, arr, t, true);
    LLVMValueRef v = cg_walk_element(cg, &l->walk);
    l->join = nan ? skip_nan(cg, v, t->dtype) : NULL;
    return v;
}

/* Closes it; returns the count taken (NULL when not asked). */
static LLVMValueRef loop_end(Cg *cg, ElementLoop *l)
{
    if (l->counted)
        increment(cg, l->counted);
    if (l->join) {
        LLVMBuildBr(cg->b, l->join);
        cg_enter(cg, l->join);
    }
    cg_walk_end(cg, &l->walk);
    return l->counted ? load(cg, l->counted, &type_int64_t) : NULL;
}

/* c = start; for v in np.nditer(a): [if not isnan(v):] c = c op v; count += 1.
 * Returns c; *count (if asked) the elements taken. */
static LLVMValueRef fold(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t, const ReductionPlan *p,
                         BinOpKind op, bool nan, LLVMValueRef *count)
{
    double start = op == BINOP_MUL ? 1.0 : 0.0;
    LLVMValueRef initial = type_is_float(p->acc) ? cg_const_float(cg, p->acc, start)
                                                 : cg_const_int(cg, p->acc, (int64_t)start);
    LLVMValueRef acc = slot_of(cg, p->acc, initial, "acc");
    ElementLoop loop;
    LLVMValueRef v = loop_begin(cg, &loop, arr, t, nan, count != NULL);
    LLVMValueRef r = arith(cg, at, op, load(cg, acc, p->acc), p->acc, v, t->dtype, p->step);
    LLVMBuildStore(cg->b, cg_convert(cg, r, p->step, p->acc), acc);
    LLVMValueRef counted = loop_end(cg, &loop);
    if (count)
        *count = counted;
    return load(cg, acc, p->acc);
}

/* mean: c / a.size in the plan's type; nanmean: np.divide(c, count), in
 * float64 (0 / 0 is NaN: np.divide does not raise). */
static LLVMValueRef mean(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t, bool nan)
{
    ReductionPlan p;
    sema_reduction_plan(nan ? BUILTIN_REDUCE_NANMEAN : BUILTIN_REDUCE_MEAN, t->dtype, NULL, &p);
    LLVMValueRef count = NULL;
    LLVMValueRef c = fold(cg, at, arr, t, &p, BINOP_ADD, nan, nan ? &count : NULL);
    if (!nan)
        count = cg_array_size(cg, arr, t);
    return arith(cg, at, BINOP_TRUEDIV, c, p.acc, count, &type_int64_t, p.finish);
}

/* var: m = a.mean(); ssd = 0; ssd += (v - m) * (v - m) over the elements
 * (the nan forms: those not NaN); ssd / count. std: var ** 0.5. */
static LLVMValueRef variance(Cg *cg, const Node *at, LLVMValueRef arr, const Type *t, const ReductionPlan *p,
                             bool nan)
{
    LLVMValueRef m = mean(cg, at, arr, t, nan);
    LLVMValueRef ssd = slot_of(cg, p->acc, cg_zero(cg, p->acc), "ssd");
    ElementLoop loop;
    LLVMValueRef v = loop_begin(cg, &loop, arr, t, nan, nan);
    LLVMValueRef dev = arith(cg, at, BINOP_SUB, v, t->dtype, m, p->mean, p->dev);
    LLVMValueRef square = arith(cg, at, BINOP_MUL, dev, p->dev, dev, p->dev, p->square);
    LLVMValueRef r = arith(cg, at, BINOP_ADD, load(cg, ssd, p->acc), p->acc, square, p->square, p->step);
    LLVMBuildStore(cg->b, cg_convert(cg, r, p->step, p->acc), ssd);
    LLVMValueRef count = loop_end(cg, &loop);
    if (!nan)
        count = cg_array_size(cg, arr, t);
    LLVMValueRef var = arith(cg, at, BINOP_TRUEDIV, load(cg, ssd, p->acc), p->acc, count, &type_int64_t,
                             p->finish);
    if (!p->power)
        return var;
    LLVMValueRef half = cg_const_float(cg, &type_float64_t, 0.5);
    return arith(cg, at, BINOP_POW, var, p->finish, half, &type_float64_t, p->power);
}

LLVMValueRef cg_reduce_exit_if_empty(Cg *cg, LLVMValueRef arr, const Type *t, const char *what)
{
    LLVMValueRef size = cg_array_size(cg, arr, t);
    LLVMValueRef empty = LLVMBuildICmp(cg->b, LLVMIntEQ, size, cg_const_i64(cg, 0), what);
    cg_exit_if(cg, empty, "reduce.empty", "reduce.nonempty");
    return size;
}

LLVMValueRef cg_emit_reduction(Cg *cg, const Node *node)
{
    int first;
    const Node *receiver = sema_array_method_receiver(node, &first);
    const Type *t = receiver->type;
    LLVMValueRef arr = cg_emit_expr(cg, receiver);
    Builtin id = (Builtin)node->call.builtin;
    ReductionPlan p;
    if (!sema_reduction_plan(id, t->dtype, id == BUILTIN_REDUCE_SUM ? node->type : NULL, &p))
        return cg_unsupported(cg, node, "this reduction");
    switch (id) {
    case BUILTIN_REDUCE_SUM: return fold(cg, node, arr, t, &p, BINOP_ADD, false, NULL);
    case BUILTIN_REDUCE_PROD: return fold(cg, node, arr, t, &p, BINOP_MUL, false, NULL);
    case BUILTIN_REDUCE_NANSUM: return fold(cg, node, arr, t, &p, BINOP_ADD, true, NULL);
    case BUILTIN_REDUCE_NANPROD: return fold(cg, node, arr, t, &p, BINOP_MUL, true, NULL);
    case BUILTIN_REDUCE_MEAN: return mean(cg, node, arr, t, false);
    case BUILTIN_REDUCE_NANMEAN: return mean(cg, node, arr, t, true);
    case BUILTIN_REDUCE_VAR:
    case BUILTIN_REDUCE_STD: return variance(cg, node, arr, t, &p, false);
    case BUILTIN_REDUCE_NANVAR:
    case BUILTIN_REDUCE_NANSTD: return variance(cg, node, arr, t, &p, true);
    default: return cg_emit_reduction_pick(cg, node, arr, t);
    }
}
