/* Views: a[index] where the index has a slice, or fewer integers than the
 * array has dimensions (sema gave the subscript an array type). As in
 * Numba's basic_indexing, the view's data pointer is the address of the
 * element at (the integer indices, each slice's start, 0 for the
 * dimensions left out); each slice gives a dimension of its length with
 * stride `stride * step`, each dimension left out is kept as it is, and
 * integer indices drop theirs. Strides are the array value's own (in
 * elements), so views of views compose.
 *
 * A slice's bounds follow Python's slice.indices(len): a negative start or
 * stop counts from the end once, then both are clamped to [0, len] for a
 * positive step and to [-1, len - 1] for a negative one; omitted ones are
 * the ends in the step's direction. When the step is a constant its sign
 * is known here and only that case is emitted. A step that is 0 when the
 * kernel runs ends the thread (PTX `exit`): Numba raises ValueError there,
 * which a kernel compiled without debug=True turns into returning from the
 * kernel at that point. */
#include "cg_internal.h"

typedef struct SliceBounds {
    LLVMValueRef start, length, step;
    bool unit_step;        /* the step is the constant 1 */
} SliceBounds;

/* The step's sign: known (constant step) or an i1 computed once. */
typedef struct StepSign {
    bool known, negative;
    LLVMValueRef is_negative;
} StepSign;

static LLVMValueRef by_sign(Cg *cg, const StepSign *sign, LLVMValueRef if_neg, LLVMValueRef if_pos)
{
    if (sign->known)
        return sign->negative ? if_neg : if_pos;
    return LLVMBuildSelect(cg->b, sign->is_negative, if_neg, if_pos, "");
}

/* A step that is zero when the kernel runs ends the thread. */
static void exit_if_zero(Cg *cg, LLVMValueRef step)
{
    LLVMValueRef zero = LLVMBuildICmp(cg->b, LLVMIntEQ, step, cg_const_i64(cg, 0), "step_is_zero");
    cg_exit_if(cg, zero, "slice.zero_step", "slice.step_ok");
}

/* start or stop given (v, of `part`): wrapped once if negative, then clamped. */
static LLVMValueRef clamp_bound(Cg *cg, const Node *part, LLVMValueRef v, LLVMValueRef size,
                                const StepSign *sign)
{
    LLVMValueRef zero = cg_const_i64(cg, 0), minus_one = cg_const_i64(cg, -1);
    bool known_non_negative = part->konst.kind == CONST_INT && part->konst.i >= 0;
    if (!known_non_negative) {
        LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, v, zero, "");
        v = LLVMBuildSelect(cg->b, neg, LLVMBuildAdd(cg->b, v, size, ""), v, "wrapped");
        LLVMValueRef under = LLVMBuildICmp(cg->b, LLVMIntSLT, v, zero, "");
        v = LLVMBuildSelect(cg->b, under, by_sign(cg, sign, minus_one, zero), v, "");
    }
    LLVMValueRef over = LLVMBuildICmp(cg->b, LLVMIntSGE, v, size, "");
    LLVMValueRef last = LLVMBuildAdd(cg->b, size, minus_one, "");
    return LLVMBuildSelect(cg->b, over, by_sign(cg, sign, last, size), v, "bound");
}

/* The number of positions from start towards stop (exclusive) by step. */
static LLVMValueRef slice_length(Cg *cg, LLVMValueRef start, LLVMValueRef stop, LLVMValueRef step,
                                 const StepSign *sign, bool unit_step)
{
    LLVMValueRef zero = cg_const_i64(cg, 0), one = cg_const_i64(cg, 1);
    LLVMValueRef delta = LLVMBuildSub(cg->b, stop, start, "delta");
    if (unit_step) {
        LLVMValueRef empty = LLVMBuildICmp(cg->b, LLVMIntSLE, delta, zero, "");
        return LLVMBuildSelect(cg->b, empty, zero, delta, "length");
    }
    /* ceil(delta / step) for the step's direction, 0 when start is past stop */
    LLVMValueRef dividend = by_sign(cg, sign, LLVMBuildAdd(cg->b, delta, one, ""),
                                    LLVMBuildSub(cg->b, delta, one, ""));
    LLVMValueRef nominal = LLVMBuildAdd(cg->b, LLVMBuildSDiv(cg->b, dividend, step, ""), one, "");
    LLVMValueRef empty = by_sign(cg, sign, LLVMBuildICmp(cg->b, LLVMIntSGE, delta, zero, ""),
                                 LLVMBuildICmp(cg->b, LLVMIntSLE, delta, zero, ""));
    return LLVMBuildSelect(cg->b, empty, zero, nominal, "length");
}

/* A slice's part, or NULL when omitted or written None. */
static const Node *given(const Node *part)
{
    return part && part->kind != NODE_NONE ? part : NULL;
}

static SliceBounds slice_bounds(Cg *cg, const Node *slice, LLVMValueRef size)
{
    const Node *step_node = given(slice->slice.step);
    const Node *lower = given(slice->slice.lower), *upper = given(slice->slice.upper);
    /* the parts in source order, as Python evaluates them */
    LLVMValueRef lower_v = lower ? cg_emit_expr(cg, lower) : NULL;
    LLVMValueRef upper_v = upper ? cg_emit_expr(cg, upper) : NULL;
    SliceBounds b = {0};
    StepSign sign = {.known = true};
    if (!step_node) {
        b.step = cg_const_i64(cg, 1);
        b.unit_step = true;
    } else {
        b.step = cg_emit_expr(cg, step_node);
        if (step_node->konst.kind == CONST_INT) {
            sign.negative = step_node->konst.i < 0;
            b.unit_step = step_node->konst.i == 1;
        } else {
            exit_if_zero(cg, b.step);
            sign.known = false;
            sign.is_negative = LLVMBuildICmp(cg->b, LLVMIntSLT, b.step, cg_const_i64(cg, 0), "step_negative");
        }
    }
    LLVMValueRef last = LLVMBuildAdd(cg->b, size, cg_const_i64(cg, -1), "");
    LLVMValueRef start = lower ? clamp_bound(cg, lower, lower_v, size, &sign)
                               : by_sign(cg, &sign, last, cg_const_i64(cg, 0));
    LLVMValueRef stop = upper ? clamp_bound(cg, upper, upper_v, size, &sign)
                              : by_sign(cg, &sign, cg_const_i64(cg, -1), size);
    b.start = start;
    b.length = slice_length(cg, start, stop, b.step, &sign, b.unit_step);
    return b;
}

/* Index item k of the subscript: a node (NULL for an element of a
 * tuple-typed value, which *value then holds), or none past the end. */
static const Node *index_item(Cg *cg, const Node *index, LLVMValueRef tuple_value, int k,
                              LLVMValueRef *value, const Type **type)
{
    *value = NULL;
    if (index->kind == NODE_TUPLE)
        return k < index->tuple.elts.count ? index->tuple.elts.items[k] : NULL;
    if (index->type && index->type->kind == TYPE_TUPLE) {
        if (k >= index->type->count)
            return NULL;
        *value = LLVMBuildExtractValue(cg->b, tuple_value, (unsigned)k, "");
        *type = index->type->elts[k];
        return index;
    }
    return k == 0 ? index : NULL;
}

LLVMValueRef cg_emit_array_view(Cg *cg, const Node *node)
{
    const Node *array = node->subscript.value, *index = node->subscript.index;
    const Type *at = array->type, *vt = node->type;
    LLVMValueRef arr = cg_emit_expr(cg, array);
    bool tuple_value = index->kind != NODE_TUPLE && index->kind != NODE_SLICE && index->type &&
                       index->type->kind == TYPE_TUPLE;
    LLVMValueRef tuple = tuple_value ? cg_emit_expr(cg, index) : NULL;
    LLVMValueRef idx[TYPE_MAX_NDIM], shape[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
    bool is_index[TYPE_MAX_NDIM] = {false};   /* --check tests these */
    int n = 0;
    for (int k = 0; k < at->ndim; k++) {
        LLVMValueRef value;
        const Type *type = NULL;
        const Node *item = index_item(cg, index, tuple, k, &value, &type);
        LLVMValueRef size = cg_array_shape(cg, arr, k), stride = cg_array_stride(cg, arr, k);
        if (item && value) {
            idx[k] = cg_array_index(cg, value, type, NULL, arr, k);
            is_index[k] = true;
        } else if (item && item->kind != NODE_SLICE) {
            idx[k] = cg_array_index(cg, cg_emit_expr(cg, item), item->type, item, arr, k);
            is_index[k] = true;
        } else if (item) {
            SliceBounds b = slice_bounds(cg, item, size);
            idx[k] = b.start;
            shape[n] = b.length;
            strides[n++] = b.unit_step ? stride : LLVMBuildMul(cg->b, stride, b.step, "stride");
        } else {
            idx[k] = cg_const_i64(cg, 0);
            shape[n] = size;
            strides[n++] = stride;
        }
    }
    if (n != vt->ndim) {
        diag_error_plain(cg->diag, "internal compiler error: a view of %d dimensions typed as %d", n, vt->ndim);
        return LLVMGetPoison(cg_type(cg, vt));
    }
    cg_check_view(cg, array, arr, at->ndim, idx, is_index, shape, n);
    LLVMValueRef off = cg_array_offset(cg, at, arr, idx);
    /* not inbounds: the start of an empty slice may lie outside the array */
    LLVMValueRef data = LLVMBuildGEP2(cg->b, cg_mem_type(cg, at->dtype), cg_array_data(cg, arr), &off, 1, "view");
    return cg_array_make(cg, vt, data, shape, strides);
}
