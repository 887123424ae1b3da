/* Python builtins typed by sema/builtins_py.c: round(x) and divmod(a, b);
 * round(x, ndigits) is cg_round.c's. (pow(a, b) is a `**` BinOp by the
 * time codegen sees it.) */
#include "cg_internal.h"

/* round(x) for float32/float64: the nearest integer, ties to even (as C's
 * llrint in the default rounding mode, which Numba calls), as an int64.
 * llvm.rint is PTX's cvt.rni; the conversion is then exact. */
LLVMValueRef cg_emit_round(Cg *cg, const Node *node)
{
    if (node->call.args.count == 2)
        return cg_emit_round_ndigits(cg, node);
    const Node *a = node->call.args.items[0];
    LLVMValueRef v = cg_emit_expr(cg, a);
    LLVMTypeRef ty = cg_type(cg, a->type);
    LLVMValueRef r = cg_intrinsic(cg, "llvm.rint", &ty, 1, &v, 1);
    return LLVMBuildFPToSI(cg->b, r, cg_type(cg, node->type), "round");
}

/* divmod(a, b) = (a // b, a % b), both computed in the operands' type (sema
 * converted both to it) exactly as the operators are. */
LLVMValueRef cg_emit_divmod(Cg *cg, const Node *node)
{
    const Node *a = node->call.args.items[0], *b = node->call.args.items[1];
    const Type *t = node->type->elts[0];
    LLVMValueRef l = cg_emit_expr(cg, a), r = cg_emit_expr(cg, b);
    LLVMValueRef q = cg_binop(cg, BINOP_FLOORDIV, l, r, t, t, b);
    LLVMValueRef m = cg_binop(cg, BINOP_MOD, l, r, t, t, b);
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, node->type));
    v = LLVMBuildInsertValue(cg->b, v, q, 0, "");
    return LLVMBuildInsertValue(cg->b, v, m, 1, "divmod");
}
