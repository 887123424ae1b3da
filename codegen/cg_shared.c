/* cuda.shared.array(shape, dtype): each call site with a static shape is an
 * internal addrspace(3) global [N x dtype] named <function>_<variable>
 * (`.shared` in PTX), and its array value has that constant shape and
 * row-major strides. A size of 0 is the launch's dynamic shared memory: one
 * extern `.shared` array for the module (CUDA gives every such declaration
 * the same address, so all of them alias, whatever their dtypes, as in
 * Numba), whose length is %dynamic_smem_size over the item size. */
#include "cg_internal.h"

static const SharedArray *find_entry(Cg *cg, const Node *call)
{
    for (int i = 0; i < cg->func->shared_count; i++)
        if (cg->func->shared[i].call == call)
            return &cg->func->shared[i];
    return NULL;
}

static LLVMValueRef static_global(Cg *cg, const SharedArray *sa, const Type *t, int64_t count)
{
    for (CgShared *s = cg->shared; s; s = s->next)
        if (s->call == sa->call)
            return s->global;
    LLVMTypeRef ty = LLVMArrayType2(cg_mem_type(cg, t->dtype), (uint64_t)count);
    char *fname = cg_cstr(cg, cg->func->name);
    char *name = sa->name.len ? arena_printf(&cg->arena, "%s_%.*s", fname, STR_ARG(sa->name))
                              : arena_printf(&cg->arena, "%s_smem", fname);
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(cg->mod, ty, name, CG_AS_SHARED);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetInitializer(g, LLVMGetUndef(ty));
    int64_t align = sema_array_alignment(sa->call);   /* alignment=N, checked by sema */
    LLVMSetAlignment(g, align ? (unsigned)align : cg_align_of(cg, t->dtype));
    CgShared *s = ARENA_NEW(&cg->arena, CgShared);
    *s = (CgShared){sa->call, g, cg->shared};
    cg->shared = s;
    return g;
}

static LLVMValueRef static_shared(Cg *cg, const SharedArray *sa, const Type *t)
{
    LLVMValueRef *shape = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    LLVMValueRef *strides = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    int64_t count = 1;
    for (int k = t->ndim - 1; k >= 0; k--) {
        strides[k] = cg_const_i64(cg, count);
        shape[k] = cg_const_i64(cg, sa->shape[k]);
        count *= sa->shape[k];
    }
    return cg_array_make(cg, t, static_global(cg, sa, t, count), shape, strides);
}

/* %dynamic_smem_size has no intrinsic in LLVM 19: one mov reads it. The
 * register is constant for the launch, so the read touches no memory
 * (memory(none)): repeated reads merge, unused ones go. */
static LLVMValueRef dynamic_smem_size(Cg *cg)
{
    static const char text[] = "mov.u32 $0, %dynamic_smem_size;";
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMTypeRef fty = LLVMFunctionType(i32, NULL, 0, false);
    LLVMValueRef asm_fn = LLVMGetInlineAsm(fty, text, sizeof text - 1, "=r", 2, false, false,
                                           LLVMInlineAsmDialectATT, false);
    LLVMValueRef call = LLVMBuildCall2(cg->b, fty, asm_fn, NULL, 0, "dynamic_smem_size");
    unsigned memory = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(cg->ctx, memory, 0));
    return call;
}

/* The one extern array serves every call site, so it takes the largest
 * alignment= asked for (16 at least). */
static LLVMValueRef dynamic_shared(Cg *cg, const Node *node, const Type *t)
{
    if (!cg->dynamic_smem) {
        LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(cg->ctx), 0);
        cg->dynamic_smem = LLVMAddGlobalInAddressSpace(cg->mod, ty, "pykc_dynamic_smem", CG_AS_SHARED);
        LLVMSetLinkage(cg->dynamic_smem, LLVMExternalLinkage);
        LLVMSetAlignment(cg->dynamic_smem, 16);
    }
    int64_t align = sema_array_alignment(node);
    if (align > LLVMGetAlignment(cg->dynamic_smem))
        LLVMSetAlignment(cg->dynamic_smem, (unsigned)align);
    LLVMValueRef bytes = LLVMBuildZExt(cg->b, dynamic_smem_size(cg), cg_i64(cg), "");
    int64_t item = type_store_size(t->dtype);
    LLVMValueRef len = LLVMBuildUDiv(cg->b, bytes, cg_const_i64(cg, item), "");
    LLVMValueRef one = cg_const_i64(cg, 1);
    return cg_array_make(cg, t, cg->dynamic_smem, &len, &one);
}

LLVMValueRef cg_emit_shared_array(Cg *cg, const Node *node)
{
    const Type *t = node->type;
    const SharedArray *sa = find_entry(cg, node);
    if (!sa || !t || t->kind != TYPE_ARRAY) {
        diag_error_plain(cg->diag, "internal compiler error: a shared array without its entry");
        return t ? LLVMGetPoison(cg_type(cg, t)) : NULL;
    }
    if (sa->bytes == 0 && t->ndim == 1)
        return dynamic_shared(cg, node, t);
    return static_shared(cg, sa, t);
}
