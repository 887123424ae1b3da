/* The reductions of a whole array: x.sum(), x.prod(), x.mean(), x.var(),
 * x.std(), x.min(), x.max(), x.argmin(), x.argmax(), x.all(), x.any() and
 * their np.NAME(x) forms (np.amin, np.amax too), np.nansum, np.nanprod,
 * np.nanmean, np.nanvar, np.nanstd, np.nanmin, np.nanmax,
 * np.count_nonzero and np.ptp, each a scalar.
 *
 * Numba writes each as a Python loop over the array (numba/cuda/np/
 * arraymath.py; sum in typing/arraydecl.py's sum_expand), so its result
 * type is what type inference gives that loop's locals: sum's accumulator
 * is declared the machine-width type (_expand_integer: int64, uint64, or
 * the float itself); prod's starts as the dtype and widens to what
 * `c *= element` gives (int32 -> int64); mean divides by the int64 size;
 * var sums squares of `element - mean` into `ssd = 0`. sema_reduction_plan
 * replays that inference with pykc's operator typing, which is Numba's, so
 * the types come out as Numba's for every dtype (ptp of a float32 array is
 * float64, because its early `return np.nan` is). codegen/cg_reduce.c and
 * cg_reduce_pick.c generate the loops from the same plan.
 *
 * Not supported: an axis (the result is a new array, which a kernel cannot
 * allocate without Numba's NRT), reductions of scalars and tuples, and of
 * arrays of anything but bools, integers and floats. */
#include "sema_internal.h"

#define F64 (&type_float64_t)
#define I64 (&type_int64_t)

/* Numba's _expand_integer: integers to the machine width, bool to intp. */
static const Type *expand_integer(const Type *t)
{
    if (t->kind == TYPE_BOOL)
        return I64;
    if (t->kind == TYPE_INT)
        return t->is_signed ? I64 : &type_uint64_t;
    return t;
}

/* The type `l op r` computes in (its result), or NULL. */
static const Type *arith(BinOpKind op, const Type *l, const Type *r)
{
    OpSignature sig;
    if (!l || !r || !sema_resolve_binop(op, (OpArg){l, false}, (OpArg){r, false}, &sig))
        return NULL;
    return sig.result;
}

/* The type of a local that starts as `start` and is updated in a loop by
 * `c = c op operand`: type inference unifies the start with each update's
 * result until nothing changes (int32 products widen to int64 there). */
static const Type *accumulator(BinOpKind op, const Type *start, const Type *operand)
{
    const Type *t = start;
    for (int round = 0; round < 8 && t && operand; round++) {
        const Type *next = arith(op, t, operand);
        next = next ? type_unify(NULL, t, next) : NULL;
        if (next == t)
            return t;
        t = next;
    }
    return NULL;
}

static bool is_integral(const Type *t)
{
    return t->kind == TYPE_INT || t->kind == TYPE_BOOL;
}

/* c = start; for v: c op= v; the result is c. */
static void plan_fold(ReductionPlan *p, BinOpKind op, const Type *start, const Type *dtype)
{
    p->acc = accumulator(op, start, dtype);
    p->step = arith(op, p->acc, dtype);
    p->result = p->step ? p->acc : NULL;
}

/* array_mean: c = dtype(0) (float64 for integers and bools); c += v;
 * c / a.size. nanmean: c = 0.0, and np.divide(c, count) in float64. */
static void plan_mean(ReductionPlan *p, const Type *dtype, bool nan)
{
    plan_fold(p, BINOP_ADD, nan || is_integral(dtype) ? F64 : dtype, dtype);
    p->finish = nan ? F64 : arith(BINOP_TRUEDIV, p->acc, I64);
    p->result = p->step ? p->finish : NULL;
}

/* array_var: m = a.mean(); ssd = 0; ssd += (v - m) * (v - m); ssd / size.
 * nanvar: m = np.nanmean(a), ssd = 0.0, np.divide(ssd, count). std and
 * nanstd raise that to 0.5. */
static void plan_var(ReductionPlan *p, const Type *dtype, bool nan, bool root)
{
    ReductionPlan mean = {0};
    plan_mean(&mean, dtype, nan);
    p->mean = mean.result;
    p->dev = arith(BINOP_SUB, dtype, p->mean);
    p->square = arith(BINOP_MUL, p->dev, p->dev);
    p->acc = accumulator(BINOP_ADD, nan ? F64 : I64, p->square);
    p->step = arith(BINOP_ADD, p->acc, p->square);
    p->finish = nan ? F64 : arith(BINOP_TRUEDIV, p->acc, I64);
    p->power = root ? arith(BINOP_POW, p->finish, F64) : NULL;
    p->result = !p->step || !p->finish ? NULL : root ? p->power : p->finish;
}

bool sema_reduction_plan(Builtin id, const Type *dtype, const Type *sum_type, ReductionPlan *out)
{
    ReductionPlan p = {0};
    const Type *nan_start = dtype->kind == TYPE_INT ? I64 : dtype;   /* np_nansum's retty */
    switch (id) {
    case BUILTIN_REDUCE_SUM:
        p.acc = sum_type ? sum_type : expand_integer(dtype);   /* locals=dict(c=...) */
        p.step = arith(BINOP_ADD, p.acc, dtype);
        p.result = p.step ? p.acc : NULL;
        break;
    case BUILTIN_REDUCE_PROD: plan_fold(&p, BINOP_MUL, dtype, dtype); break;
    case BUILTIN_REDUCE_NANSUM: plan_fold(&p, BINOP_ADD, nan_start, dtype); break;
    case BUILTIN_REDUCE_NANPROD: plan_fold(&p, BINOP_MUL, nan_start, dtype); break;
    case BUILTIN_REDUCE_MEAN:
    case BUILTIN_REDUCE_NANMEAN: plan_mean(&p, dtype, id == BUILTIN_REDUCE_NANMEAN); break;
    case BUILTIN_REDUCE_VAR:
    case BUILTIN_REDUCE_STD:
    case BUILTIN_REDUCE_NANVAR:
    case BUILTIN_REDUCE_NANSTD:
        plan_var(&p, dtype, id == BUILTIN_REDUCE_NANVAR || id == BUILTIN_REDUCE_NANSTD,
                 id == BUILTIN_REDUCE_STD || id == BUILTIN_REDUCE_NANSTD);
        break;
    case BUILTIN_REDUCE_MIN:
    case BUILTIN_REDUCE_MAX:
    case BUILTIN_REDUCE_NANMIN:
    case BUILTIN_REDUCE_NANMAX: p.result = dtype; break;
    case BUILTIN_REDUCE_ARGMIN:
    case BUILTIN_REDUCE_ARGMAX:
    case BUILTIN_REDUCE_COUNT_NONZERO: p.result = I64; break;
    case BUILTIN_REDUCE_ALL:
    case BUILTIN_REDUCE_ANY: p.result = &type_bool_t; break;
    case BUILTIN_REDUCE_PTP:
        /* np_ptp returns a_max - a_min, or _early_return's value: np.nan
         * for floats, an unused int64 0 otherwise; both are returns. */
        p.finish = arith(BINOP_SUB, dtype, dtype);
        p.result = p.finish ? type_unify(NULL, type_is_float(dtype) ? F64 : I64, p.finish) : NULL;
        break;
    default: break;
    }
    *out = p;
    return p.result != NULL;
}

static const char *callee(FuncCtx *ctx, const Node *call)
{
    Span s = call->call.func->span;
    return arena_printf(ctx->sema->arena, "%.*s", (int)(s.end - s.begin), s.src->text + s.begin);
}

static bool takes_axis(Builtin id)
{
    return id == BUILTIN_REDUCE_SUM || id == BUILTIN_REDUCE_ARGMIN || id == BUILTIN_REDUCE_ARGMAX ||
           id == BUILTIN_REDUCE_COUNT_NONZERO;
}

static void report_axis(FuncCtx *ctx, const Node *call, Span at)
{
    sema_report(ctx, at, "'%s' with an axis is not supported by pykc yet: its result is a new array, "
                "which a kernel cannot allocate", callee(ctx, call));
}

/* sum(dtype=T): T a type (np.float64, float64) or its name ("float64"). */
static const Type *check_dtype(FuncCtx *ctx, Node *value)
{
    Value v = value->kind == NODE_STRING
                  ? (Value){.kind = VAL_TYPE, .type = type_scalar_by_name(value->string.value)}
                  : sema_check_expr(ctx, value);
    if (v.kind == VAL_TYPE && v.type && type_is_scalar(v.type))
        return v.type;
    if (v.kind != VAL_ERROR)
        sema_report(ctx, value->span, "dtype= takes a number type, as in dtype=np.float64");
    return NULL;
}

/* A keyword: sum's dtype=, and axis=None where Numba's overload declares
 * axis=None (argmin, argmax, count_nonzero). */
static bool check_keyword(FuncCtx *ctx, const Node *call, Builtin id, Node *kw, const Type **sum_type)
{
    Str name = kw->keyword.name;
    Node *value = kw->keyword.value;
    if (id == BUILTIN_REDUCE_SUM && str_eq_cstr(name, "dtype"))
        return (*sum_type = check_dtype(ctx, value)) != NULL;
    if (takes_axis(id) && str_eq_cstr(name, "axis")) {
        if (id != BUILTIN_REDUCE_SUM && value->kind == NODE_NONE)
            return true;
        report_axis(ctx, call, kw->span);
        return false;
    }
    sema_report(ctx, kw->span, "'%s' takes no keyword argument '%.*s'", callee(ctx, call), STR_ARG(name));
    return false;
}

/* Nothing after the array but keywords. */
static bool check_arguments(FuncCtx *ctx, const Node *call, Builtin id, int first, const Type **sum_type)
{
    *sum_type = NULL;
    if (call->call.args.count > first) {
        Span at = call->call.args.items[first]->span;
        if (takes_axis(id))
            report_axis(ctx, call, at);
        else if (first == 0)
            sema_report(ctx, at, "'%s' takes no arguments", callee(ctx, call));
        else
            sema_report(ctx, at, "'%s' takes one argument, the array", callee(ctx, call));
        return false;
    }
    bool ok = true;
    for (int i = 0; i < call->call.keywords.count; i++)
        ok &= check_keyword(ctx, call, id, call->call.keywords.items[i], sum_type);
    return ok;
}

Value sema_check_reduction(FuncCtx *ctx, Node *call, Builtin id, const Type *array, int first)
{
    const Type *sum_type;
    if (!check_arguments(ctx, call, id, first, &sum_type))
        return sema_value_error();
    TypeKind kind = array->dtype->kind;
    if (kind != TYPE_BOOL && kind != TYPE_INT && kind != TYPE_FLOAT) {   /* complex, records, ... */
        sema_report(ctx, call->span, "'%s' of an array of '%s' is not supported by pykc yet", callee(ctx, call),
                    array->dtype->name);
        return sema_value_error();
    }
    if (id == BUILTIN_REDUCE_PTP && kind == TYPE_BOOL) {
        sema_report(ctx, call->span, "'%s' does not take a bool array (NumPy raises TypeError; Numba "
                    "refuses it too)", callee(ctx, call));
        return sema_value_error();
    }
    ReductionPlan plan;
    if (!sema_reduction_plan(id, array->dtype, sum_type, &plan)) {
        sema_report(ctx, call->span, "'%s' of '%s' cannot be typed with Numba's rules", callee(ctx, call),
                    array->name);
        return sema_value_error();
    }
    call->call.builtin = id;
    call->type = plan.result;
    return sema_value_runtime(plan.result);
}
