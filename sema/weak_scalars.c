/* --weak-scalars (docs/language.md §7.18). Numba types a float literal as
 * float64 and a float32 with an int32 or int64 as float64 (the float64
 * trap, numba#4676). NumPy 2 (NEP 50) treats a Python float as
 * "weak": it takes the other operand's float type. This mode does that for
 * float literals, and goes one step further for integers, as C does: a
 * float with any integer computes in the float's type.
 *
 * A weak float is a float literal or an expression of literals that Python
 * folds (-2.0, 1.0 / 3.0), nothing else: names keep their one type (a
 * module constant is float64 in every function, in both modes), and a cast
 * such as float64(2.0) asks for float64 on purpose. */
#include "weak_scalars.h"

/* Every leaf is a literal number (Python computes it before Numba). */
static bool is_literal_expression(const Node *node)
{
    switch (node->kind) {
    case NODE_INT: case NODE_FLOAT: case NODE_BOOL: return true;
    case NODE_UNARY: return is_literal_expression(node->unary.operand);
    case NODE_BINOP:
        return is_literal_expression(node->binop.left) && is_literal_expression(node->binop.right);
    default: return false;
    }
}

static bool is_weak_float(const Node *node)
{
    return node->type == &type_float64_t && node->konst.kind == CONST_FLOAT && is_literal_expression(node);
}

/* Operators Numba types in float16 itself (cuda_fp16.py's templates); the
 * others (//, %, **) have no float16 implementation, so a float16 keeps
 * Numba's rule there. */
static bool has_float16_form(BinOpKind op, bool is_compare)
{
    return is_compare || op == BINOP_ADD || op == BINOP_SUB || op == BINOP_MUL || op == BINOP_TRUEDIV;
}

/* The float type the operation runs in under weak scalars, or NULL for
 * Numba's own choice: one operand a float that is not a literal, the other
 * an integer (not a bool) or a float literal. */
static const Type *weak_float_type(BinOpKind op, bool is_compare, const Node *left, const Node *right)
{
    bool left_strong_float = type_is_float(left->type) && !is_weak_float(left);
    bool right_strong_float = type_is_float(right->type) && !is_weak_float(right);
    if (left_strong_float == right_strong_float)
        return NULL;
    const Node *other = left_strong_float ? right : left;
    const Type *f = left_strong_float ? left->type : right->type;
    if (!type_is_int(other->type) && !is_weak_float(other))
        return NULL;
    if (f == &type_float16_t && !has_float16_form(op, is_compare))
        return NULL;
    return f;
}

void sema_weaken_operands(FuncCtx *ctx, BinOpKind op, bool is_compare, const Node *left,
                          const Node *right, OpSignature *sig)
{
    if (!ctx->sema->options->weak_scalars || !left->type || !right->type)
        return;
    const Type *f = weak_float_type(op, is_compare, left, right);
    if (!f)
        return;
    /* float ** int already stays in the float's type, keeping the integer
     * exponent (Numba's BinOpPower); only the other powers change. */
    if (!is_compare && op == BINOP_POW && sig->result == f)
        return;
    sig->result = is_compare ? &type_bool_t : f;
    sig->args[0] = sig->args[1] = f;
    sig->arg_count = 2;
}
