/* operator.NAME(a, b) and operator.NAME(a): Numba turns `a + b` into a
 * call of operator.add, so calling it by name is typed and computed exactly
 * as the operator is. The call node is rewritten in place into the BinOp,
 * UnaryOp or Compare it stands for (its arguments read before the union is
 * rewritten) and checked as one; codegen never sees an operator call. The
 * functions are listed in sema/operator_module.def. */
#include "sema_internal.h"

#include <string.h>

typedef enum OperatorKind { BINOP, UNARY, COMPARE } OperatorKind;

static const struct { OperatorKind kind; int op; } operators[] = {
#define OPERATOR(name, kind, op) {kind, op},
#include "operator_module.def"
#undef OPERATOR
};

enum { OPERATOR_COUNT = (int)(sizeof operators / sizeof operators[0]) };

/* Names of the operator module that Numba's CUDA target does not type on
 * numbers (abs, truth) or that act on containers pykc lacks. */
static const char *const not_typed[] = {
    "operator.abs", "operator.truth", "operator.is_", "operator.is_not", "operator.contains",
    "operator.getitem", "operator.setitem", "operator.delitem", "operator.index", "operator.concat",
    "operator.iconcat", "operator.matmul", "operator.imatmul", "operator.length_hint", NULL,
};

bool sema_is_operator_builtin(int id)
{
    return id >= BUILTIN_OPERATOR_add && id < BUILTIN_OPERATOR_add + OPERATOR_COUNT;
}

Value sema_operator_function(Str name)
{
    for (int i = 0; i < OPERATOR_COUNT; i++) {
        int id = BUILTIN_OPERATOR_add + i;
        if (str_eq_cstr(name, sema_builtin_spelling((Builtin)id) + strlen("operator.")))
            return (Value){.kind = VAL_BUILTIN, .id = id};
    }
    for (int i = 0; not_typed[i]; i++)
        if (str_eq_cstr(name, not_typed[i] + strlen("operator.")))
            return (Value){.kind = VAL_UNSUPPORTED, .what = not_typed[i]};
    return sema_value_error();
}

Value sema_check_operator_call(FuncCtx *ctx, Node *call, Builtin id)
{
    int index = (int)id - BUILTIN_OPERATOR_add;
    OperatorKind kind = operators[index].kind;
    int want = kind == UNARY ? 1 : 2;
    const char *name = sema_builtin_spelling(id);
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' takes no keyword arguments", name);
        return sema_value_error();
    }
    if (call->call.args.count != want) {
        sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", name, want, want == 1 ? "" : "s",
                    call->call.args.count);
        for (int i = 0; i < call->call.args.count; i++)
            sema_check_expr(ctx, call->call.args.items[i]);
        return sema_value_error();
    }
    Node **args = call->call.args.items;
    Span span = call->span;
    Arena *arena = ctx->sema->arena;
    Node *replacement;
    switch (kind) {
    case BINOP: replacement = ast_binop(arena, (BinOpKind)operators[index].op, args[0], args[1]); break;
    case UNARY: replacement = ast_unary(arena, (UnaryOpKind)operators[index].op, span, args[0]); break;
    default: replacement = ast_compare(arena, args[0], (CmpOpKind)operators[index].op, args[1]); break;
    }
    *call = *replacement;
    call->span = span;     /* errors point at the whole call */
    return sema_check_expr(ctx, call);
}
