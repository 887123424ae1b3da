/* Small helpers every codegen file uses: NUL-terminated names for LLVM,
 * basic blocks that are appended to the function in the order code enters
 * them (so the IR reads top to bottom), allocas kept in the entry block (so
 * mem2reg/SROA promote them), calls of intrinsics by name, and the error for
 * a construct sema let through but codegen cannot lower. */
#include <string.h>

#include "cg_internal.h"

char *cg_cstr(Cg *cg, Str s)
{
    return arena_strndup(&cg->arena, s.ptr, (size_t)s.len);
}

/* A detached block: cg_enter appends it, so every block made is entered. */
LLVMBasicBlockRef cg_block(Cg *cg, const char *name)
{
    return LLVMCreateBasicBlockInContext(cg->ctx, name);
}

void cg_enter(Cg *cg, LLVMBasicBlockRef bb)
{
    LLVMAppendExistingBasicBlock(cg->fn, bb);
    LLVMPositionBuilderAtEnd(cg->b, bb);
}

bool cg_is_terminated(Cg *cg)
{
    return LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(cg->b)) != NULL;
}

/* Falls through to bb unless the current block already ended (a return,
 * break or continue). */
void cg_branch(Cg *cg, LLVMBasicBlockRef bb)
{
    if (!cg_is_terminated(cg))
        LLVMBuildBr(cg->b, bb);
}

LLVMValueRef cg_alloca(Cg *cg, LLVMTypeRef t, const char *name)
{
    return LLVMBuildAlloca(cg->alloca_b, t, name);
}

/* A call of the intrinsic `name` ("llvm.fabs", "llvm.nvvm.barrier0"),
 * overloaded on the given types. A name LLVM does not know is our bug. */
LLVMValueRef cg_intrinsic(Cg *cg, const char *name, LLVMTypeRef *overloads,
                          unsigned n_overloads, LLVMValueRef *args, unsigned n_args)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    if (id == 0) {
        diag_error_plain(cg->diag, "internal compiler error: unknown intrinsic '%s'", name);
        return LLVMGetPoison(LLVMInt32TypeInContext(cg->ctx));
    }
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(cg->mod, id, overloads, n_overloads);
    LLVMTypeRef fty = LLVMIntrinsicGetType(cg->ctx, id, overloads, n_overloads);
    return LLVMBuildCall2(cg->b, fty, fn, args, n_args, "");
}

void cg_add_fn_attribute(Cg *cg, LLVMValueRef fn, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(cg->ctx, kind, 0));
}

LLVMValueRef cg_inline_ptx(Cg *cg, LLVMTypeRef ret, const char *text, const char *constraints,
                           LLVMValueRef *args, unsigned n)
{
    LLVMTypeRef params[3];
    for (unsigned i = 0; i < n && i < 3; i++)
        params[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef fn_type = LLVMFunctionType(ret, params, n, false);
    LLVMValueRef fn = LLVMGetInlineAsm(fn_type, (char *)text, strlen(text), (char *)constraints,
                                       strlen(constraints), false, false, LLVMInlineAsmDialectATT,
                                       false);
    return LLVMBuildCall2(cg->b, fn_type, fn, args, n, "");
}

/* fadd/fsub/fmul may fuse into fma, as nvcc and NVVM allow by default;
 * no other fast-math liberty is taken. */
LLVMValueRef cg_contract(LLVMValueRef float_op)
{
    if (LLVMIsAInstruction(float_op) && LLVMCanValueUseFastMathFlags(float_op))
        LLVMSetFastMathFlags(float_op, LLVMFastMathAllowContract);
    return float_op;
}

/* Sema should have rejected the construct; report it at its place and go on
 * with a poison value of its type so generation can continue. */
LLVMValueRef cg_unsupported(Cg *cg, const Node *node, const char *what)
{
    diag_error(cg->diag, node->span, "%s is not supported in kernels", what);
    const Type *t = node->type;
    if (!t || t->kind == TYPE_NONE || t->kind == TYPE_RANGE)
        return NULL;
    return LLVMGetPoison(cg_type(cg, t));
}

void cg_exit_if(Cg *cg, LLVMValueRef cond, const char *fail_name, const char *ok_name)
{
    LLVMBasicBlockRef stop = cg_block(cg, fail_name);
    LLVMBasicBlockRef go = cg_block(cg, ok_name);
    LLVMBuildCondBr(cg->b, cond, stop, go);
    cg_enter(cg, stop);
    cg_intrinsic(cg, "llvm.nvvm.exit", NULL, 0, NULL, 0);
    LLVMBuildUnreachable(cg->b);
    cg_enter(cg, go);
}
