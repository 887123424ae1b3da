/* a.strides, a.itemsize, a.nbytes, a.ctypes.data, a.T, a.real and a.imag
 * (a.shape, a.size and a.ndim are in cg_builtin.c). The array value keeps
 * its strides in elements (the ABI's choice); Numba's and NumPy's a.strides
 * are in bytes, so each is scaled by the item size here. a.T reverses the
 * shape and the strides over the same data; its type (C and F swapped)
 * makes indexing it right. a.real and a.imag of a complex array view its
 * parts: the same shape, strides doubled (in floats), the data moved by one
 * float for a.imag (numba's array_complex_attr); a.real of a real array is
 * itself. */
#include "cg_internal.h"

static LLVMValueRef item_size(Cg *cg, const Type *array)
{
    return cg_const_i64(cg, type_store_size(array->dtype));
}

static LLVMValueRef strides_in_bytes(Cg *cg, LLVMValueRef arr, const Type *array, const Type *tuple)
{
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, tuple));
    for (int k = 0; k < array->ndim; k++) {
        LLVMValueRef bytes = LLVMBuildMul(cg->b, cg_array_stride(cg, arr, k), item_size(cg, array), "");
        v = LLVMBuildInsertValue(cg->b, v, bytes, (unsigned)k, "");
    }
    return v;
}

static LLVMValueRef transpose(Cg *cg, LLVMValueRef arr, const Type *array, const Type *result)
{
    int d = array->ndim;
    if (d <= 1)
        return cg_convert(cg, arr, array, result);
    LLVMValueRef shape[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
    for (int k = 0; k < d; k++) {
        shape[k] = cg_array_shape(cg, arr, d - 1 - k);
        strides[k] = cg_array_stride(cg, arr, d - 1 - k);
    }
    return cg_array_make(cg, result, cg_array_data(cg, arr), shape, strides);
}

static LLVMValueRef complex_part(Cg *cg, LLVMValueRef arr, const Type *array, const Type *result, bool imag)
{
    if (array->dtype->kind != TYPE_COMPLEX)
        return arr;
    LLVMValueRef shape[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
    for (int k = 0; k < array->ndim; k++) {
        shape[k] = cg_array_shape(cg, arr, k);
        strides[k] = LLVMBuildMul(cg->b, cg_array_stride(cg, arr, k), cg_const_i64(cg, 2), "");
    }
    LLVMValueRef data = cg_array_data(cg, arr);
    if (imag) {
        LLVMValueRef one = cg_const_i64(cg, 1);
        data = LLVMBuildInBoundsGEP2(cg->b, cg_type(cg, array->dtype->elem), data, &one, 1, "imag");
    }
    return cg_array_make(cg, result, data, shape, strides);
}

LLVMValueRef cg_emit_array_attr(Cg *cg, const Node *node)
{
    const Type *array = node->attribute.value->type;
    Builtin b = (Builtin)node->attribute.builtin;
    if (b == BUILTIN_ARRAY_ITEMSIZE)
        return item_size(cg, array);
    LLVMValueRef arr = cg_emit_expr(cg, node->attribute.value);
    switch (b) {
    case BUILTIN_ARRAY_STRIDES: return strides_in_bytes(cg, arr, array, node->type);
    case BUILTIN_ARRAY_NBYTES:
        return LLVMBuildMul(cg->b, cg_array_size(cg, arr, array), item_size(cg, array), "nbytes");
    case BUILTIN_ARRAY_T: return transpose(cg, arr, array, node->type);
    case BUILTIN_NUMBER_REAL: return complex_part(cg, arr, array, node->type, false);
    case BUILTIN_NUMBER_IMAG: return complex_part(cg, arr, array, node->type, true);
    case BUILTIN_ARRAY_CTYPES_DATA: {   /* a generic address, as Numba's is, whatever the space */
        LLVMValueRef data = cg_array_data(cg, arr);
        LLVMTypeRef generic = LLVMPointerTypeInContext(cg->ctx, 0);
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(data)) != 0)
            data = LLVMBuildAddrSpaceCast(cg->b, data, generic, "");
        return LLVMBuildPtrToInt(cg->b, data, cg_i64(cg), "address");
    }
    default: return cg_unsupported(cg, node, "this array attribute");
    }
}
