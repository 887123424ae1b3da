/* CUDA vector types (sema/vector_types.c) in the IR. A vector is Numba's
 * StructModel of its members: {T x, T y, ...}, a literal struct of its
 * member type T, in registers and memory alike, with T's alignment (not
 * CUDA C's 8- or 16-byte alignment of float2 or float4: no array or
 * kernel parameter has a vector type, so nothing outside a function sees
 * the layout). Constructors insert the members one by one, a vector
 * argument giving each of its own in order. */
#include "cg_internal.h"

LLVMTypeRef cg_vector_type(Cg *cg, const Type *t)
{
    LLVMTypeRef member = cg_type(cg, t->elem);
    LLVMTypeRef fields[4] = {member, member, member, member};
    return LLVMStructTypeInContext(cg->ctx, fields, (unsigned)t->count, false);
}

/* float32x4(a, v2, b): sema converted each number to the member type and
 * checked that the members given add up to the vector's. */
LLVMValueRef cg_emit_vector_make(Cg *cg, const Node *node)
{
    const Type *vector = node->type;
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, vector));
    unsigned next = 0;
    for (int i = 0; i < node->call.args.count; i++) {
        const Node *arg = node->call.args.items[i];
        LLVMValueRef value = cg_emit_expr(cg, arg);
        if (arg->type->kind != TYPE_VECTOR) {
            v = LLVMBuildInsertValue(cg->b, v, value, next++, "");
            continue;
        }
        for (int k = 0; k < arg->type->count; k++)
            v = LLVMBuildInsertValue(cg->b, v, LLVMBuildExtractValue(cg->b, value, (unsigned)k, ""), next++, "");
    }
    return v;
}

/* v.x, v.y, v.z, v.w */
LLVMValueRef cg_emit_vector_member(Cg *cg, const Node *node)
{
    static const char *const names[] = {"x", "y", "z", "w"};
    int k = node->attribute.builtin - BUILTIN_VECTOR_X;
    LLVMValueRef v = cg_emit_expr(cg, node->attribute.value);
    return LLVMBuildExtractValue(cg->b, v, (unsigned)k, names[k]);
}
