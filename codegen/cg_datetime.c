/* datetime64 and timedelta64 arithmetic and comparisons (sema/datetime.c
 * types them), computed as numba-cuda's np/npdatetime.py lowers them: each
 * operand is brought to the result's unit (a timedelta or a datetime in
 * weeks or finer multiplied by the unit's factor, a datetime in years or
 * months first turned into days or weeks by the Gregorian calendar), and
 * a NaT operand gives NaT; a comparison with NaT is false (!= true).
 *
 * Numba branches around the arithmetic when an operand is NaT; pykc
 * computes it anyway and selects NaT, the same value (the arithmetic has
 * no effects and no division by a variable). */
#include "cg_internal.h"
#include "../sema/datetime.h"

static LLVMValueRef i64(Cg *cg, int64_t v) { return cg_const_i64(cg, v); }

static LLVMValueRef not_nat(Cg *cg, LLVMValueRef v)
{
    return LLVMBuildICmp(cg->b, LLVMIntNE, v, i64(cg, DT_NAT), "not_nat");
}

/* are_not_nat: both operands are times, not NaT (l tested first). */
static LLVMValueRef both_not_nat(Cg *cg, LLVMValueRef l, LLVMValueRef r)
{
    LLVMValueRef a = not_nat(cg, l);
    return LLVMBuildAnd(cg->b, a, not_nat(cg, r), "not_nats");
}

static LLVMValueRef scale(Cg *cg, LLVMValueRef v, int64_t factor)
{
    return factor == 1 ? v : LLVMBuildMul(cg->b, v, i64(cg, factor), "");
}

static LLVMValueRef sdiv(Cg *cg, LLVMValueRef v, int64_t by)
{
    return LLVMBuildSDiv(cg->b, v, i64(cg, by), "");
}

static LLVMValueRef add(Cg *cg, LLVMValueRef v, int64_t c)
{
    return LLVMBuildAdd(cg->b, v, i64(cg, c), "");
}

/* Python's floor division by a positive constant (cgutils.divmod_by_constant). */
static LLVMValueRef floor_div(Cg *cg, LLVMValueRef v, int64_t by)
{
    LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, v, i64(cg, 0), "");
    LLVMValueRef below = LLVMBuildSub(cg->b, sdiv(cg, add(cg, v, 1), by), i64(cg, 1), "");
    return LLVMBuildSelect(cg->b, neg, below, sdiv(cg, v, by), "floordiv");
}

/* Days from 1970-01-01 to January 1st of 1970 + years (year_to_days):
 * 365 a year and the leap days between, counted from 1968 (1972 before
 * 1970), less the centuries, plus the 400-year cycles. */
static LLVMValueRef year_to_days(Cg *cg, LLVMValueRef years)
{
    LLVMValueRef days = LLVMBuildMul(cg->b, years, i64(cg, 365), "");
    LLVMValueRef after = add(cg, years, 1);   /* from 1968 */
    LLVMValueRef pos = LLVMBuildAdd(cg->b, days, sdiv(cg, after, 4), "");
    after = add(cg, after, 68);                /* from 1900 */
    pos = LLVMBuildSub(cg->b, pos, sdiv(cg, after, 100), "");
    after = add(cg, after, 300);               /* from 1600 */
    pos = LLVMBuildAdd(cg->b, pos, sdiv(cg, after, 400), "");
    LLVMValueRef before = add(cg, years, -2);  /* from 1972 */
    LLVMValueRef neg = LLVMBuildAdd(cg->b, days, sdiv(cg, before, 4), "");
    before = add(cg, before, -28);             /* from 2000 */
    neg = LLVMBuildSub(cg->b, neg, sdiv(cg, before, 100), "");
    neg = LLVMBuildAdd(cg->b, neg, sdiv(cg, before, 400), "");
    LLVMValueRef is_neg = LLVMBuildICmp(cg->b, LLVMIntSLT, years, i64(cg, 0), "");
    return LLVMBuildSelect(cg->b, is_neg, neg, pos, "year_days");
}

/* Whether 1970 + years is a Gregorian leap year. */
static LLVMValueRef is_leap_year(Cg *cg, LLVMValueRef years)
{
    LLVMValueRef year = add(cg, years, 1970);
    LLVMValueRef zero = i64(cg, 0);
    LLVMValueRef by4 = LLVMBuildICmp(cg->b, LLVMIntEQ, LLVMBuildAnd(cg->b, year, i64(cg, 3), ""), zero, "");
    LLVMValueRef not100 = LLVMBuildICmp(cg->b, LLVMIntNE, LLVMBuildSRem(cg->b, year, i64(cg, 100), ""), zero, "");
    LLVMValueRef by400 = LLVMBuildICmp(cg->b, LLVMIntEQ, LLVMBuildSRem(cg->b, year, i64(cg, 400), ""), zero, "");
    return LLVMBuildAnd(cg->b, by4, LLVMBuildOr(cg->b, not100, by400, ""), "leap");
}

/* Days of the year before month m (0 to 11): Numba reads them from a
 * table; (367 (m + 1) - 362) / 12, less 2 from March on (1 in a leap
 * year), gives the same 0, 31, 59, 90, ... */
static LLVMValueRef days_before_month(Cg *cg, LLVMValueRef month, LLVMValueRef leap)
{
    LLVMValueRef days = sdiv(cg, add(cg, LLVMBuildMul(cg->b, month, i64(cg, 367), ""), 5), 12);
    LLVMValueRef after_feb = LLVMBuildICmp(cg->b, LLVMIntSGE, month, i64(cg, 2), "");
    LLVMValueRef less = LLVMBuildSelect(cg->b, leap, i64(cg, 1), i64(cg, 2), "");
    less = LLVMBuildSelect(cg->b, after_feb, less, i64(cg, 0), "");
    return LLVMBuildSub(cg->b, days, less, "month_days");
}

/* A datetime of unit src as a datetime of unit dest, dest finer or the
 * same (convert_datetime_for_arith). */
static LLVMValueRef datetime_to_unit(Cg *cg, LLVMValueRef v, int src, int dest)
{
    if (dest >= DT_UNIT_W && src < DT_UNIT_W) {   /* years or months: to days first */
        LLVMValueRef days;
        if (src == DT_UNIT_Y) {
            days = year_to_days(cg, v);
        } else {
            LLVMValueRef years = floor_div(cg, v, 12);
            LLVMValueRef month = LLVMBuildSub(cg->b, v, LLVMBuildMul(cg->b, years, i64(cg, 12), ""), "month");
            LLVMValueRef leap = is_leap_year(cg, years);
            days = LLVMBuildAdd(cg->b, year_to_days(cg, years), days_before_month(cg, month, leap), "days");
        }
        v = dest == DT_UNIT_W ? floor_div(cg, days, 7) : days;
        src = dest == DT_UNIT_W ? DT_UNIT_W : DT_UNIT_D;
    }
    return scale(cg, v, dt_conversion_factor(src, dest));
}

/* A timedelta of unit src in unit dest (scale_timedelta). */
static LLVMValueRef timedelta_to_unit(Cg *cg, LLVMValueRef v, int src, int dest)
{
    return scale(cg, v, dt_conversion_factor(src, dest));
}

static LLVMValueRef to_unit(Cg *cg, LLVMValueRef v, const Type *t, int unit)
{
    return t->kind == TYPE_DATETIME ? datetime_to_unit(cg, v, t->unit, unit)
                                    : timedelta_to_unit(cg, v, t->unit, unit);
}

LLVMValueRef cg_datetime_binop(Cg *cg, BinOpKind op, LLVMValueRef l, const Type *lt, LLVMValueRef r,
                               const Type *rt, const Type *result)
{
    LLVMValueRef ok = both_not_nat(cg, l, r);
    LLVMValueRef a = to_unit(cg, l, lt, result->unit);
    LLVMValueRef b = to_unit(cg, r, rt, result->unit);
    LLVMValueRef v = op == BINOP_ADD ? LLVMBuildAdd(cg->b, a, b, "") : LLVMBuildSub(cg->b, a, b, "");
    return LLVMBuildSelect(cg->b, ok, v, i64(cg, DT_NAT), "dt");
}

static LLVMIntPredicate predicate(CmpOpKind op)
{
    switch (op) {
    case CMP_LT: return LLVMIntSLT;
    case CMP_LE: return LLVMIntSLE;
    case CMP_GT: return LLVMIntSGT;
    case CMP_GE: return LLVMIntSGE;
    case CMP_NE: return LLVMIntNE;
    default: return LLVMIntEQ;
    }
}

LLVMValueRef cg_datetime_compare(Cg *cg, CmpOpKind op, LLVMValueRef l, const Type *lt, LLVMValueRef r,
                                 const Type *rt, const Type *compared)
{
    LLVMValueRef ok = both_not_nat(cg, l, r);
    int unit = compared->unit;   /* sema/datetime.c chose it */
    LLVMValueRef c = LLVMBuildICmp(cg->b, predicate(op), to_unit(cg, l, lt, unit), to_unit(cg, r, rt, unit), "");
    LLVMValueRef nat_result = LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), op == CMP_NE, false);
    return LLVMBuildSelect(cg->b, ok, c, nat_result, "dtcmp");
}
