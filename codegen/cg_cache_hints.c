/* Cache-hinted loads and stores (sema/cache_hints.c types them): inline
 * PTX `ld.global.<hint>.b<bits> $0, [$1];` and `st.global.<hint>.b<bits>
 * [$0], $1;` on the element's address, as numba-cuda's cache_hints.py emits
 * them, with its register constraints ("r" for 8-bit values too: PTX lets
 * a sub-word load or store use a wider register). Unlike Numba's, both
 * are marked as having side effects and clobbering memory: a load that
 * LLVM believed free of memory effects could be moved across a store to
 * the same element, or out of a loop that polls it with ld.cv. */
#include <stdio.h>
#include <string.h>

#include "cg_internal.h"

bool cg_is_cache_hint_call(int id)
{
    return id >= BUILTIN_LDCA && id <= BUILTIN_STWT;
}

static const char *constraint_of(int bits)
{
    switch (bits) {
    case 16: return "h";
    case 64: return "l";
    default: return "r";      /* 8 and 32 */
    }
}

static LLVMValueRef inline_asm(LLVMTypeRef fn_type, const char *text, const char *constraints)
{
    return LLVMGetInlineAsm(fn_type, text, strlen(text), constraints, strlen(constraints), true, false,
                            LLVMInlineAsmDialectATT, false);
}

LLVMValueRef cg_emit_cache_hint(Cg *cg, const Node *node)
{
    Builtin id = (Builtin)node->call.builtin;
    const NodeList *args = &node->call.args;
    const Type *dtype = args->items[0]->type->dtype;
    const char *hint = sema_builtin_spelling(id) + strlen("cuda.ld");     /* "ca", "wb", ... */
    bool store = id >= BUILTIN_STCG;
    CgCheckMark mark = cg_check_mark(cg);
    /* checked mode computes a store's value before testing the index, so
     * that its side effects happen even when the store is skipped */
    LLVMValueRef early = store && cg->options->check ? cg_emit_expr(cg, args->items[2]) : NULL;
    LLVMValueRef ptr = cg_element_ptr(cg, args->items[0], args->items[1], NULL);
    LLVMValueRef address = LLVMBuildPtrToInt(cg->b, ptr, cg_i64(cg), "");
    LLVMTypeRef ty = cg_type(cg, dtype);
    char text[64], constraints[32];
    if (store) {
        snprintf(text, sizeof text, "st.global.%s.b%d [$0], $1;", hint, dtype->bits);
        snprintf(constraints, sizeof constraints, "l,%s,~{memory}", constraint_of(dtype->bits));
        LLVMTypeRef params[2] = {cg_i64(cg), ty};
        LLVMTypeRef fn_type = LLVMFunctionType(LLVMVoidTypeInContext(cg->ctx), params, 2, false);
        LLVMValueRef ops[2] = {address, early ? early : cg_emit_expr(cg, args->items[2])};
        LLVMBuildCall2(cg->b, fn_type, inline_asm(fn_type, text, constraints), ops, 2, "");
        return cg_check_close(cg, mark, NULL);
    }
    snprintf(text, sizeof text, "ld.global.%s.b%d $0, [$1];", hint, dtype->bits);
    snprintf(constraints, sizeof constraints, "=%s,l,~{memory}", constraint_of(dtype->bits));
    LLVMTypeRef i64 = cg_i64(cg);
    LLVMTypeRef fn_type = LLVMFunctionType(ty, &i64, 1, false);
    LLVMValueRef v = LLVMBuildCall2(cg->b, fn_type, inline_asm(fn_type, text, constraints), &address, 1, "");
    return cg_check_close(cg, mark, v);
}
