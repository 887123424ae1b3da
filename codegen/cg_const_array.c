/* Global NumPy arrays (sema/const_arrays.c). Each array kernels read is
 * one internal constant global of the module in addrspace(4), PTX
 * `.const`, named pykc_const_<NAME>: its elements in memory order, as
 * NumPy stores them (bool one byte, float16 its bits), aligned to the
 * element's size as numba-cuda aligns its `_cudapy_cmem` globals. The
 * array value points there, with the shape and strides as constants, so
 * a kernel's loads from it are ld.const. An empty array has no global:
 * its data pointer is null, never read through. */
#include "cg_internal.h"

#include <string.h>

/* Element i of the array's data, as a constant of its memory type. */
static LLVMValueRef element(const ConstArray *a, LLVMTypeRef ty, int64_t i)
{
    const Type *t = a->type->dtype;
    int size = type_store_size(t);
    const uint8_t *p = a->data + i * size;
    if (t->kind == TYPE_FLOAT && t->bits == 64) {
        double d;
        memcpy(&d, p, 8);
        return LLVMConstReal(ty, d);
    }
    if (t->kind == TYPE_FLOAT && t->bits == 32) {
        float f;
        memcpy(&f, p, 4);
        return LLVMConstReal(ty, (double)f);
    }
    uint64_t bits = 0;
    memcpy(&bits, p, (size_t)size);
    return LLVMConstInt(ty, bits, false);
}

static LLVMValueRef make_global(Cg *cg, const ConstArray *a)
{
    LLVMTypeRef elem = cg_mem_type(cg, a->type->dtype);
    int64_t count = a->nbytes / type_store_size(a->type->dtype);
    LLVMValueRef *values = ARENA_ARRAY(&cg->arena, LLVMValueRef, count);
    for (int64_t i = 0; i < count; i++)
        values[i] = element(a, elem, i);
    LLVMTypeRef ty = LLVMArrayType2(elem, (uint64_t)count);
    char *name = arena_printf(&cg->arena, "pykc_const_%.*s", STR_ARG(a->name));
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(cg->mod, ty, name, CG_AS_CONST);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetGlobalConstant(g, true);
    LLVMSetInitializer(g, LLVMConstArray2(elem, values, (uint64_t)count));
    LLVMSetAlignment(g, (unsigned)type_store_size(a->type->dtype));
    return g;
}

static LLVMValueRef data_pointer(Cg *cg, const ConstArray *a)
{
    if (a->nbytes == 0)
        return LLVMConstPointerNull(LLVMPointerTypeInContext(cg->ctx, CG_AS_CONST));
    for (CgConstArray *c = cg->const_arrays; c; c = c->next)
        if (c->array == a)
            return c->global;
    CgConstArray *c = ARENA_NEW(&cg->arena, CgConstArray);
    *c = (CgConstArray){a, make_global(cg, a), cg->const_arrays};
    cg->const_arrays = c;
    return c->global;
}

LLVMValueRef cg_const_array(Cg *cg, const ConstArray *a)
{
    int ndim = a->type->ndim;
    LLVMValueRef shape[TYPE_MAX_NDIM], strides[TYPE_MAX_NDIM];
    for (int k = 0; k < ndim; k++) {
        shape[k] = cg_const_i64(cg, a->shape[k]);
        strides[k] = cg_const_i64(cg, a->strides[k]);
    }
    return cg_array_make(cg, a->type, data_pointer(cg, a), shape, strides);
}
