/* x.reshape(shape), x.reshape(d0, d1, ...), np.reshape(x, shape) of a C
 * array, as numba/cuda/np/arrayobj.py's array_reshape lowers it:
 *
 * 1. normalize_reshape_value: a negative dimension (one at most, any
 *    negative value) is inferred from the size, `size // known` where
 *    `known` is the product of the others (0 when that product is 0), and
 *    the sizes must agree. Numba raises ValueError otherwise; numba-cuda
 *    without debug=True returns from the kernel there, so the thread ends
 *    here (PTX exit), in checked mode too (docs/language.md §4.3).
 * 2. numba_attempt_nocopy_reshape in C order never fails for a C-contiguous
 *    array of the same size, and gives C strides for the new shape (a
 *    size-0 array gets the item size for every stride). The view keeps the
 *    data pointer and the memory space.
 *
 * Dimensions arrive as int64 (sema converted them), or as a UniTuple of
 * uint64, whose members are never negative (Numba's uintp shape). */
#include "cg_internal.h"

/* The requested dimensions as i64 values; returns how many. */
static int requested(Cg *cg, const Node *node, LLVMValueRef *dims, bool *is_unsigned)
{
    int first;
    sema_array_method_receiver(node, &first);
    const NodeList *args = &node->call.args;
    const Node *shape = args->items[first];
    *is_unsigned = false;
    if (shape->type->kind != TYPE_TUPLE) {
        for (int k = 0; first + k < args->count; k++)
            dims[k] = cg_emit_expr(cg, args->items[first + k]);
        return args->count - first;
    }
    LLVMValueRef tuple = cg_emit_expr(cg, shape);
    *is_unsigned = !shape->type->elts[0]->is_signed;
    for (int k = 0; k < shape->type->count; k++)
        dims[k] = LLVMBuildExtractValue(cg->b, tuple, (unsigned)k, "dim");
    return shape->type->count;
}

/* normalize_reshape_value: the thread ends unless exactly the size fits;
 * dims[] gets the inferred dimension in place of the negative one. */
static void normalize(Cg *cg, LLVMValueRef size, LLVMValueRef *dims, int n, bool is_unsigned)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef zero = cg_const_i64(cg, 0), one = cg_const_i64(cg, 1);
    LLVMValueRef negatives = zero, known = one;
    LLVMValueRef negative[TYPE_MAX_NDIM];
    for (int k = 0; k < n; k++) {
        negative[k] = is_unsigned ? LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 0, false)
                                  : LLVMBuildICmp(B, LLVMIntSLT, dims[k], zero, "negative");
        negatives = LLVMBuildAdd(B, negatives, LLVMBuildZExt(B, negative[k], cg_i64(cg), ""), "");
        known = LLVMBuildMul(B, known, LLVMBuildSelect(B, negative[k], one, dims[k], ""), "known");
    }
    LLVMValueRef known_zero = LLVMBuildICmp(B, LLVMIntEQ, known, zero, "");
    LLVMValueRef divisor = LLVMBuildSelect(B, known_zero, one, known, "");
    LLVMValueRef size_zero = LLVMBuildICmp(B, LLVMIntEQ, size, zero, "");
    LLVMValueRef divides = LLVMBuildICmp(B, LLVMIntEQ, LLVMBuildSRem(B, size, divisor, ""), zero, "");
    LLVMValueRef inferred = LLVMBuildSelect(B, known_zero, zero, LLVMBuildSDiv(B, size, divisor, ""), "inferred");
    LLVMValueRef exact = LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntEQ, negatives, zero, ""),
                                      LLVMBuildICmp(B, LLVMIntEQ, size, known, ""), "");
    LLVMValueRef infers = LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntEQ, negatives, one, ""),
                                       LLVMBuildSelect(B, known_zero, size_zero, divides, ""), "");
    LLVMValueRef bad = LLVMBuildNot(B, LLVMBuildOr(B, exact, infers, ""), "bad_size");
    cg_exit_if(cg, bad, "reshape.bad_size", "reshape.ok");
    for (int k = 0; k < n; k++)
        dims[k] = LLVMBuildSelect(cg->b, negative[k], inferred, dims[k], "dim");
}

LLVMValueRef cg_emit_reshape(Cg *cg, const Node *node)
{
    int first;
    const Node *receiver = sema_array_method_receiver(node, &first);
    LLVMValueRef arr = cg_emit_expr(cg, receiver);
    LLVMValueRef dims[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
    bool is_unsigned;
    int n = requested(cg, node, dims, &is_unsigned);
    LLVMValueRef size = cg_array_size(cg, arr, receiver->type);
    normalize(cg, size, dims, n, is_unsigned);
    LLVMValueRef empty = LLVMBuildICmp(cg->b, LLVMIntEQ, size, cg_const_i64(cg, 0), "empty");
    LLVMValueRef stride = cg_const_i64(cg, 1);
    for (int k = n - 1; k >= 0; k--) {
        strides[k] = LLVMBuildSelect(cg->b, empty, cg_const_i64(cg, 1), stride, "stride");
        stride = LLVMBuildMul(cg->b, stride, dims[k], "");
    }
    return cg_array_make(cg, node->type, cg_array_data(cg, arr), dims, strides);
}
