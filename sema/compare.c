/* Comparisons, chained as Python chains them (a < b < c is a < b and b < c,
 * with b evaluated once). Each adjacent pair is typed on its own, so one
 * operand may be compared in two different types: sema records each pair's
 * type in pair_types rather than converting operands. `x is None` and
 * `x is not None` fold to constants, as a value here is never None. */
#include "enums.h"
#include "sema_internal.h"
#include "weak_scalars.h"

/* Does evaluating the node have an effect (a call: an atomic, a device
 * function)? Folding such a node to a constant would drop the effect. */
static bool has_call(const Node *node);

static void visit_for_call(void *found, Node *child)
{
    *(bool *)found |= has_call(child);
}

static bool has_call(const Node *node)
{
    if (!node)
        return false;
    if (node->kind == NODE_CALL && node->call.builtin != BUILTIN_CAST)
        return true;
    bool found = false;
    ast_each_child(node, visit_for_call, &found);
    return found;
}

bool sema_has_effects(const Node *node) { return has_call(node); }

static bool check_identity(FuncCtx *ctx, Node *node, int i, CmpOpKind op, ConstValue *result)
{
    if (node->compare.operands.count > 2) {
        sema_report(ctx, node->span, "'%s' cannot be chained with other comparisons in pykc yet",
                    ast_cmpop_spelling(op));
        return false;
    }
    const Type *a = node->compare.operands.items[i]->type;
    const Type *b = node->compare.operands.items[i + 1]->type;
    if (a->kind != TYPE_NONE && b->kind != TYPE_NONE) {
        sema_report(ctx, node->span, "'%s' is only supported with None and between two bools", ast_cmpop_spelling(op));
        return false;
    }
    if (has_call(node->compare.operands.items[i]) || has_call(node->compare.operands.items[i + 1])) {
        sema_report(ctx, node->span, "'%s' on a call's result is not supported by pykc yet: assign "
                    "the result to a variable first", ast_cmpop_spelling(op));
        return false;
    }
    bool same = a->kind == TYPE_NONE && b->kind == TYPE_NONE;
    *result = (ConstValue){.kind = CONST_BOOL, .b = op == CMP_IS ? same : !same};
    node->compare.pair_types[i] = &type_bool_t;
    return true;
}

/* The type cuda.grid(2), cuda.grid(3) and cuda.gridsize give. */
static bool grid_tuple(const Type *t)
{
    return t->kind == TYPE_TUPLE && (t->count == 2 || t->count == 3) && t->elts[0] == &type_int64_t &&
           t->elts[1] == &type_int64_t && t->elts[t->count - 1] == &type_int64_t;
}

/* Types pair i and folds it if both sides are constant. */
static bool check_pair(FuncCtx *ctx, Node *node, int i, ConstValue *result)
{
    CmpOpKind op = node->compare.ops[i];
    Node *left = node->compare.operands.items[i], *right = node->compare.operands.items[i + 1];
    result->kind = CONST_NONE;
    if (left->type->kind == TYPE_ENUM_MEMBER || right->type->kind == TYPE_ENUM_MEMBER)
        return sema_check_enum_compare(ctx, node, i, result);
    if ((op == CMP_IS || op == CMP_IS_NOT) && left->type->kind == TYPE_BOOL && right->type->kind == TYPE_BOOL) {
        /* numba's bool_is_impl: two bools are identical when equal (Python
         * keeps one True and one False) */
        op = node->compare.ops[i] = op == CMP_IS ? CMP_EQ : CMP_NE;
    } else if (op == CMP_IS || op == CMP_IS_NOT) {
        return check_identity(ctx, node, i, op, result);
    }
    if (op == CMP_IN || op == CMP_NOT_IN) {
        sema_report(ctx, node->span, "'%s' is not supported by pykc yet", ast_cmpop_spelling(op));
        return false;
    }
    if (type_is_datetime_like(left->type) || type_is_datetime_like(right->type))
        return sema_check_datetime_compare(ctx, node, i, result);
    OpSignature sig;
    OpArg a = {left->type, sema_is_literal(left)}, b = {right->type, sema_is_literal(right)};
    if (!type_is_scalar(left->type) || !type_is_scalar(right->type) || !sema_resolve_compare(op, a, b, &sig)) {
        bool unordered = type_is_complex(left->type) || type_is_complex(right->type);
        sema_report(ctx, node->span, "cannot compare '%s' and '%s' with '%s'%s",
                    left->type->name, right->type->name, ast_cmpop_spelling(op),
                    unordered ? ": complex numbers have no order (only == and != compare them)" : "");
        if (ctx->final && (grid_tuple(left->type) || grid_tuple(right->type)))
            diag_note(ctx->sema->diag, (Span){0}, "cuda.grid(2) and cuda.grid(3) (and cuda.gridsize) give a "
                      "tuple, one index per axis: unpack it, 'x, y = cuda.grid(2)', and compare each");
        return false;
    }
    sema_weaken_operands(ctx, BINOP_ADD, true, left, right, &sig);
    node->compare.pair_types[i] = sig.args[0];
    ConstValue x, y;
    if (left->konst.kind && right->konst.kind &&
        fold_convert(left->konst, left->type, sig.args[0], &x) &&
        fold_convert(right->konst, right->type, sig.args[0], &y))
        fold_compare(op, sig.args[0], x, y, result);
    return true;
}

Value sema_check_compare(FuncCtx *ctx, Node *node)
{
    NodeList *operands = &node->compare.operands;
    bool ok = true;
    for (int i = 0; i < operands->count; i++)
        ok &= sema_check_value(ctx, operands->items[i]) != NULL;
    node->type = NULL;
    node->konst = (ConstValue){0};
    if (!ok)
        return sema_value_error();
    if (!node->compare.pair_types)
        node->compare.pair_types = ARENA_ARRAY(ctx->sema->arena, const Type *, operands->count);
    /* The chain folds only when every pair is constant: folding on one false
     * pair would skip evaluating the others, which may have effects. */
    bool all_constant = true;
    ConstValue folded = {.kind = CONST_BOOL, .b = true};
    for (int i = 0; i + 1 < operands->count; i++) {
        ConstValue pair;
        if (!check_pair(ctx, node, i, &pair))
            return sema_value_error();
        if (pair.kind == CONST_NONE)
            all_constant = false;
        else if (folded.b && !pair.b)
            folded.b = false;
    }
    node->type = &type_bool_t;
    if (all_constant)
        node->konst = folded;
    Value v = sema_value_runtime(&type_bool_t);
    v.konst = node->konst;
    return v;
}
