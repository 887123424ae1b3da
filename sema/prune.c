/* Which `if` branches Numba removes before typing (its dead-branch
 * pruning, numba-cuda's core/analysis.py), so that pykc types exactly the
 * code Numba types: a pruned branch may hold code that does not type, and
 * a variable assigned only there does not widen the variable's type.
 *
 * Numba works on the bytecode CPython made: `not` in a condition is a
 * jump the other way, and expressions of literals are already folded.
 * Then a branch is pruned when its condition is
 *   - a comparison of two operands each known without typing: a literal,
 *     a global or captured constant, a local assigned once from a
 *     constant (its one definition), compared by value; or a parameter,
 *     known only by its type (None, or a literal argument's type, not its
 *     value), which prunes only a comparison with None (`x is None`,
 *     `x != None`);
 *   - a constant itself (a literal, a global, a local assigned once from
 *     a constant), by its truth; a parameter never is, even a literal one.
 * Before that, Numba rewrites `a.ndim` of an array parameter and `len(t)`
 * of a tuple parameter as the constants their types give, which then
 * compare as values. Anything else (a call, an attribute, arithmetic on a
 * variable) is typed on both branches, as Numba types it. */
#include "sema_internal.h"

typedef enum Known { KNOWN_NOT, KNOWN_VALUE, KNOWN_TYPE } Known;

typedef struct Operand {
    Known known;
    bool is_none;      /* the value None, or a parameter of type none */
} Operand;

static const Node *strip_converts(const Node *node)
{
    while (node->kind == NODE_CONVERT)
        node = node->convert.operand;
    return node;
}

/* An expression of literals only, which CPython folds before Numba sees it. */
static bool is_literal_expr(const Node *node)
{
    node = strip_converts(node);
    switch (node->kind) {
    case NODE_INT: case NODE_FLOAT: case NODE_IMAG: case NODE_BOOL: case NODE_NONE: case NODE_STRING:
        return true;
    case NODE_UNARY: return is_literal_expr(node->unary.operand);
    case NODE_BINOP: return is_literal_expr(node->binop.left) && is_literal_expr(node->binop.right);
    default: return false;
    }
}

static bool is_parameter(const Node *node)
{
    return node->kind == NODE_NAME && node->name.sym && node->name.sym->param_index >= 0;
}

/* A name whose one definition is a constant: a global or captured
 * constant (None included), or a local assigned once from a constant. */
static bool is_constant_name(const Node *node)
{
    if (node->kind != NODE_NAME || is_parameter(node))
        return false;
    return node->konst.kind != CONST_NONE || (node->type && node->type->kind == TYPE_NONE);
}

/* A parameter never assigned in the body: its one definition is the
 * argument, which Numba's get_definition finds. */
static bool is_plain_parameter(const Node *node)
{
    return is_parameter(node) && node->name.sym->assign_count == 0;
}

/* Numba's rewrite_semantic_constants, run before pruning: `a.ndim` of an
 * array parameter and `len(t)` of a tuple parameter are the constants their
 * types give (sema folded them: node->konst). */
static bool is_semantic_constant(const Node *node)
{
    if (node->konst.kind != CONST_INT)
        return false;
    if (node->kind == NODE_ATTRIBUTE && node->attribute.builtin == BUILTIN_ARRAY_NDIM)
        return is_plain_parameter(strip_converts(node->attribute.value));
    if (node->kind == NODE_CALL && node->call.builtin == BUILTIN_LEN && node->call.args.count == 1) {
        const Node *arg = strip_converts(node->call.args.items[0]);
        return arg->type && arg->type->kind == TYPE_TUPLE && is_plain_parameter(arg);
    }
    return false;
}

static Operand operand(const Node *node)
{
    node = strip_converts(node);
    if (is_semantic_constant(node))
        return (Operand){KNOWN_VALUE, false};
    bool none = node->type && node->type->kind == TYPE_NONE;
    if (is_parameter(node)) {
        const Symbol *sym = node->name.sym;
        bool literal = sym->kind == SYM_CONST;   /* a literal argument, or None */
        return (Operand){literal ? KNOWN_TYPE : KNOWN_NOT, none};
    }
    if (is_literal_expr(node) || is_constant_name(node))
        return (Operand){KNOWN_VALUE, none};
    return (Operand){KNOWN_NOT, false};
}

/* Numba's prune by type: the operation applied to Numba types, one of
 * them NoneType; only identity and equality answer. */
static int compare_with_none(CmpOpKind op, Operand a, Operand b)
{
    bool both = a.is_none && b.is_none;
    switch (op) {
    case CMP_IS: case CMP_EQ: return both;
    case CMP_IS_NOT: case CMP_NE: return !both;
    default: return -1;
    }
}

/* 1 or 0: the branch Numba keeps for a condition it can decide; -1. */
static int decided(const Node *cond)
{
    cond = strip_converts(cond);
    if (cond->kind == NODE_UNARY && cond->unary.op == UNARY_NOT) {
        int inner = decided(cond->unary.operand);
        return inner < 0 ? -1 : !inner;
    }
    if (cond->kind == NODE_COMPARE) {
        if (cond->compare.operands.count != 2)
            return -1;
        Operand a = operand(cond->compare.operands.items[0]), b = operand(cond->compare.operands.items[1]);
        if (a.known == KNOWN_NOT || b.known == KNOWN_NOT)
            return -1;
        if (a.known == KNOWN_TYPE || b.known == KNOWN_TYPE)
            return a.is_none || b.is_none ? compare_with_none(cond->compare.ops[0], a, b) : -1;
        return cond->konst.kind == CONST_BOOL ? cond->konst.b : -1;
    }
    if (!is_literal_expr(cond) && !is_constant_name(cond))
        return -1;
    if (cond->type && cond->type->kind == TYPE_NONE)
        return 0;
    switch (cond->konst.kind) {
    case CONST_BOOL: return cond->konst.b;
    case CONST_INT: return cond->konst.i != 0;
    case CONST_FLOAT: return cond->konst.f != 0.0;
    default: return -1;
    }
}

int sema_constant_branch(const Node *node)
{
    return decided(node->if_stmt.cond);
}
