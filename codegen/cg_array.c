/* Array values and element addresses. An array is {data, shape[d],
 * strides[d]} (strides in elements, per the ABI). The address of a[i, j, k]
 * ignores the strides for C layout (row-major from the shape) and F layout
 * (column-major), and sums i*stride for A layout. A negative signed index
 * counts from the end once, as in Numba; there are no bounds checks, so the
 * offset of an element that exists never overflows and may carry nsw. */
#include "cg_internal.h"

LLVMValueRef cg_array_data(Cg *cg, LLVMValueRef arr)
{
    return LLVMBuildExtractValue(cg->b, arr, 0, "data");
}

LLVMValueRef cg_array_shape(Cg *cg, LLVMValueRef arr, int k)
{
    LLVMValueRef dims = LLVMBuildExtractValue(cg->b, arr, 1, "");
    return LLVMBuildExtractValue(cg->b, dims, (unsigned)k, "shape");
}

LLVMValueRef cg_array_stride(Cg *cg, LLVMValueRef arr, int k)
{
    LLVMValueRef dims = LLVMBuildExtractValue(cg->b, arr, 2, "");
    return LLVMBuildExtractValue(cg->b, dims, (unsigned)k, "stride");
}

static LLVMValueRef dims_value(Cg *cg, int ndim, LLVMValueRef *values)
{
    LLVMValueRef v = LLVMGetUndef(LLVMArrayType2(cg_i64(cg), (uint64_t)ndim));
    for (int k = 0; k < ndim; k++)
        v = LLVMBuildInsertValue(cg->b, v, values[k], (unsigned)k, "");
    return v;
}

LLVMValueRef cg_array_make(Cg *cg, const Type *t, LLVMValueRef data,
                           LLVMValueRef *shape, LLVMValueRef *strides)
{
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, t));
    v = LLVMBuildInsertValue(cg->b, v, data, 0, "");
    v = LLVMBuildInsertValue(cg->b, v, dims_value(cg, t->ndim, shape), 1, "");
    return LLVMBuildInsertValue(cg->b, v, dims_value(cg, t->ndim, strides), 2, "");
}

/* a.size: the product of the shape. */
LLVMValueRef cg_array_size(Cg *cg, LLVMValueRef arr, const Type *t)
{
    if (t->ndim == 0)
        return cg_const_i64(cg, 1);
    LLVMValueRef size = cg_array_shape(cg, arr, 0);
    for (int k = 1; k < t->ndim; k++)
        size = LLVMBuildNSWMul(cg->b, size, cg_array_shape(cg, arr, k), "size");
    return size;
}

/* Index k as i64, a negative signed one wrapped once by shape[k]; for a
 * constant index the wrap is decided here. */
LLVMValueRef cg_array_index(Cg *cg, LLVMValueRef v, const Type *t, const Node *node,
                            LLVMValueRef arr, int k)
{
    const Type *i64 = t->kind == TYPE_INT && !t->is_signed ? &type_uint64_t : &type_int64_t;
    v = cg_convert(cg, v, t, i64);
    bool known = node && node->konst.kind == CONST_INT;
    if (!i64->is_signed || (known && node->konst.i >= 0))
        return v;
    if (known)
        return LLVMBuildAdd(cg->b, v, cg_array_shape(cg, arr, k), "idx");
    LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, v, cg_const_i64(cg, 0), "");
    LLVMValueRef wrapped = LLVMBuildAdd(cg->b, v, cg_array_shape(cg, arr, k), "");
    return LLVMBuildSelect(cg->b, neg, wrapped, v, "idx");
}

/* The index expression as ndim values: a TUPLE node element by element, a
 * tuple-typed value by extraction, or one integer. */
static void emit_indices(Cg *cg, const Node *index, LLVMValueRef arr, int ndim, LLVMValueRef *out)
{
    if (index->kind == NODE_TUPLE) {
        for (int k = 0; k < ndim && k < index->tuple.elts.count; k++) {
            const Node *e = index->tuple.elts.items[k];
            out[k] = cg_array_index(cg, cg_emit_expr(cg, e), e->type, e, arr, k);
        }
        return;
    }
    LLVMValueRef v = cg_emit_expr(cg, index);
    if (index->type->kind != TYPE_TUPLE) {
        out[0] = cg_array_index(cg, v, index->type, index, arr, 0);
        return;
    }
    for (int k = 0; k < ndim && k < index->type->count; k++) {
        LLVMValueRef e = LLVMBuildExtractValue(cg->b, v, (unsigned)k, "");
        out[k] = cg_array_index(cg, e, index->type->elts[k], NULL, arr, k);
    }
}

/* Element offset from the indices, by layout. */
LLVMValueRef cg_array_offset(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx)
{
    int d = t->ndim;
    if (t->layout == LAYOUT_A) {
        LLVMValueRef off = cg_const_i64(cg, 0);
        for (int k = 0; k < d; k++) {
            LLVMValueRef term = LLVMBuildNSWMul(cg->b, idx[k], cg_array_stride(cg, arr, k), "");
            off = LLVMBuildNSWAdd(cg->b, off, term, "");
        }
        return off;
    }
    /* A contiguous array's element strides, from the innermost axis out
     * (the product of the extents inside each axis), and the offset as
     * their sum with the indices: a[i+1, j, k] is then a[i, j, k] plus a
     * stride that LLVM computes once, where Horner's ((i*n1 + j)*n2 + k)
     * would make each neighbour of a stencil its own chain of multiplies.
     * The same value: both are the row-major (column-major for F) offset. */
    bool row_major = t->layout == LAYOUT_C;
    LLVMValueRef off = NULL, stride = NULL;
    for (int n = 0; n < d; n++) {
        int k = row_major ? d - 1 - n : n;
        LLVMValueRef term = stride ? LLVMBuildNSWMul(cg->b, idx[k], stride, "") : idx[k];
        off = off ? LLVMBuildNSWAdd(cg->b, term, off, "") : term;
        if (n + 1 < d) {
            LLVMValueRef extent = cg_array_shape(cg, arr, k);
            stride = stride ? LLVMBuildMul(cg->b, stride, extent, "stride") : extent;
        }
    }
    return off;
}

LLVMValueRef cg_element_address(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx)
{
    LLVMValueRef off = t->ndim > 0 ? cg_array_offset(cg, t, arr, idx) : cg_const_i64(cg, 0);
    return LLVMBuildInBoundsGEP2(cg->b, cg_mem_type(cg, t->dtype), cg_array_data(cg, arr), &off, 1, "elt");
}

/* a[i], a[i, j], a[idx]: the address of the element (of the dtype's memory
 * type). The array value is handed back for callers that need its type. */
LLVMValueRef cg_element_ptr(Cg *cg, const Node *array, const Node *index, LLVMValueRef *arr_out)
{
    const Type *t = array->type;
    LLVMValueRef arr = cg_emit_expr(cg, array);
    LLVMValueRef *idx = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    emit_indices(cg, index, arr, t->ndim, idx);
    for (int k = 0; k < t->ndim; k++)
        if (!idx[k])
            idx[k] = cg_const_i64(cg, 0);
    cg_check_open(cg, array, arr, t->ndim, idx);   /* --check: the caller closes */
    if (arr_out)
        *arr_out = arr;
    return cg_element_address(cg, t, arr, idx);
}
