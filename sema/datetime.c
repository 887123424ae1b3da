/* Operators on datetime64 and timedelta64, typed as numba-cuda's
 * typing/npdatetime.py types them (the units each result gets are in
 * datetime_units.c), and the types' spelling in signatures:
 * datetime64[D], timedelta64[ns], datetime64[D][::1].
 *
 * pykc takes what numba-cuda lowers of + - and the comparisons:
 *   timedelta +/- timedelta  in the unit one converts to (the right's when
 *                            both convert), refused when neither does
 *                            (years or months against weeks or finer)
 *   datetime +/- timedelta,  a datetime in the finer unit; refused for a
 *   timedelta + datetime     timedelta in years or months with a datetime
 *                            in weeks or finer
 *   datetime - datetime      a timedelta in the finer unit, any units
 *   datetime <op> datetime   any units
 *   timedelta <op> timedelta units that convert one way or the other
 * and += and -= as + and - (Numba's iadd and isub templates are theirs).
 * Codegen (codegen/cg_datetime.c) gives NaT for a NaT operand, and false
 * for a comparison with NaT (true for !=). */
#include "datetime.h"

#include "enums.h"
#include "sema_internal.h"

static const char *const years_or_months =
    "a timedelta64 in years or months cannot be converted to weeks or finer units, nor back";

/* TimedeltaBinOp: the right operand's type if the left converts to it,
 * else the left's if the right converts to it. */
static const Type *timedelta_pair(const Type *l, const Type *r)
{
    if (dt_can_cast_timedelta_units(l->unit, r->unit))
        return r;
    if (dt_can_cast_timedelta_units(r->unit, l->unit))
        return l;
    return NULL;
}

/* DatetimePlusTimedelta, DatetimeMinusTimedelta. */
static const Type *datetime_shift(const Type *dt, const Type *td)
{
    int unit = dt_combine_units(dt->unit, td->unit);
    return unit < 0 ? NULL : type_datetime(unit);
}

/* The type of l op r, or NULL with *why saying why (NULL: no template
 * takes these operands at all). */
static const Type *binop_result(BinOpKind op, const Type *l, const Type *r, const char **why)
{
    bool ltd = l->kind == TYPE_TIMEDELTA, rtd = r->kind == TYPE_TIMEDELTA;
    bool ldt = l->kind == TYPE_DATETIME, rdt = r->kind == TYPE_DATETIME;
    const Type *t = NULL;
    *why = NULL;
    switch (op) {
    case BINOP_ADD: case BINOP_SUB:
        if (ltd && rtd)
            t = timedelta_pair(l, r);
        else if (ldt && rtd)
            t = datetime_shift(l, r);
        else if (op == BINOP_ADD && ltd && rdt)
            t = datetime_shift(r, l);
        else if (op == BINOP_SUB && ldt && rdt)
            return type_timedelta(dt_best_unit(l->unit, r->unit));
        else
            return NULL;
        if (!t)
            *why = years_or_months;
        return t;
    case BINOP_MUL: case BINOP_TRUEDIV: case BINOP_FLOORDIV:
        if ((ltd && (type_is_real(r) || rtd)) || (op == BINOP_MUL && rtd && type_is_real(l)))
            *why = "multiplying and dividing timedelta64 values is not supported by pykc yet";
        return NULL;
    default:
        return NULL;
    }
}

/* The type of l op r (in_place: l op= r, typed alike), or NULL after an error. */
static const Type *check_binop(FuncCtx *ctx, Span at, BinOpKind op, bool in_place, const Type *l, const Type *r)
{
    const char *why;
    const Type *t = binop_result(op, l, r, &why);
    if (!t)
        sema_report(ctx, at, "unsupported operand types for %s%s: '%s' and '%s'%s%s", ast_binop_spelling(op),
                    in_place ? "=" : "", l->name, r->name, why ? ": " : "", why ? why : "");
    return t;
}

const Type *sema_check_datetime_aug_assign(FuncCtx *ctx, Node *node, const Type *l, const Type *r)
{
    return check_binop(ctx, node->span, node->aug_assign.op, true, l, r);
}

Value sema_check_datetime_binop(FuncCtx *ctx, Node *node, const Type *l, const Type *r)
{
    const Type *t = check_binop(ctx, node->span, node->binop.op, false, l, r);
    if (!t)
        return sema_value_error();
    /* the operands keep their types: codegen scales them to the result's unit */
    return sema_typed_const(node, t, (ConstValue){0});
}

bool sema_check_datetime_compare(FuncCtx *ctx, Node *node, int i, ConstValue *result)
{
    CmpOpKind op = node->compare.ops[i];
    const Type *l = node->compare.operands.items[i]->type, *r = node->compare.operands.items[i + 1]->type;
    bool ok = (l->kind == TYPE_DATETIME && r->kind == TYPE_DATETIME) ||
              (l->kind == TYPE_TIMEDELTA && r->kind == TYPE_TIMEDELTA && timedelta_pair(l, r));
    if (!ok) {
        bool units = l->kind == TYPE_TIMEDELTA && r->kind == TYPE_TIMEDELTA;
        sema_report(ctx, node->span, "cannot compare '%s' and '%s' with '%s'%s%s", l->name, r->name,
                    ast_cmpop_spelling(op), units ? ": " : "", units ? years_or_months : "");
        return false;
    }
    /* compared in one unit: two datetimes in the finer one, a timedelta
     * in the other's unit when it converts to it (normalize_timedeltas);
     * codegen scales each operand from its own type */
    node->compare.pair_types[i] = l->kind == TYPE_DATETIME ? type_datetime(dt_best_unit(l->unit, r->unit))
                                  : dt_conversion_factor(l->unit, r->unit) ? r : l;
    result->kind = CONST_NONE;
    return true;
}

bool sema_datetime_type_from_subscript(Sema *sema, Node *expr, bool numba_scope, const Type **out)
{
    const Node *base = expr->subscript.value, *index = expr->subscript.index;
    if (!numba_scope || base->kind != NODE_NAME)
        return false;
    bool datetime = str_eq_cstr(base->name.id, "datetime64");
    if (!datetime && !str_eq_cstr(base->name.id, "timedelta64"))
        return false;
    int unit = index->kind == NODE_NAME ? dt_unit_by_name(index->name.id) : -1;
    if (unit < 0) {
        diag_error(sema->diag, index->span, "the unit of %s[...] is one of Y, M, W, D, h, m, s, ms, us, ns, "
                   "ps or fs (as in %s[D])", datetime ? "datetime64" : "timedelta64",
                   datetime ? "datetime64" : "timedelta64");
        *out = NULL;
        return true;
    }
    *out = datetime ? type_datetime(unit) : type_timedelta(unit);
    expr->type = *out;
    return true;
}
