/* Functions: a kernel becomes an externally visible void function named as
 * in Python (an overload of a signature list: NAME__codes, see
 * sema/overloads.c) and annotated as an nvvm kernel (a `.visible .entry`),
 * with its @cuda.jit options as annotations and attributes; a device
 * function is internal (`.func`) and returns its return type. Parameters
 * follow the ABI (docs/abi.md): a scalar is one parameter of its width (a
 * kernel's bool is i8), a complex is two (its real part, then its imaginary
 * part, as Numba's data model flattens it), an array is its data pointer,
 * then ndim shape values, then ndim strides, a tuple its members in order,
 * flattened the same way (as Numba flattens tuples). Device functions take
 * complex numbers, arrays and tuples the same flattened way, so one routine
 * lowers them all. Every local gets an alloca in the entry block; mem2reg
 * and SROA turn them into registers. */
#include <string.h>

#include "cg_internal.h"

/* A compile-time argument (TYPE_STATIC: a type or a function passed to a
 * device function; None) has no parameter: its specialisation knows it. */
unsigned cg_param_slot_count(const Type *t)
{
    if (t->kind == TYPE_STATIC || t->kind == TYPE_NONE)
        return 0;
    if (t->kind == TYPE_COMPLEX)
        return 2u;
    unsigned n = 0;
    for (int i = 0; t->kind == TYPE_TUPLE && i < t->count; i++)
        n += cg_param_slot_count(t->elts[i]);
    return t->kind == TYPE_TUPLE ? n : t->kind == TYPE_ARRAY ? 1u + 2u * (unsigned)t->ndim : 1u;
}

void cg_append_param_types(Cg *cg, const Type *t, bool is_kernel, LLVMTypeRef *out, unsigned *n)
{
    if (t->kind == TYPE_STATIC || t->kind == TYPE_NONE)
        return;
    if (t->kind == TYPE_COMPLEX) {
        out[(*n)++] = cg_type(cg, t->elem);
        out[(*n)++] = cg_type(cg, t->elem);
        return;
    }
    if (t->kind == TYPE_TUPLE) {
        for (int i = 0; i < t->count; i++)
            cg_append_param_types(cg, t->elts[i], is_kernel, out, n);
        return;
    }
    if (t->kind != TYPE_ARRAY) {   /* a record is passed as its address (docs/abi.md) */
        out[(*n)++] = is_kernel && t->kind != TYPE_RECORD ? cg_mem_type(cg, t) : cg_type(cg, t);
        return;
    }
    out[(*n)++] = LLVMStructGetTypeAtIndex(cg_type(cg, t), 0);
    for (int k = 0; k < 2 * t->ndim; k++)
        out[(*n)++] = cg_i64(cg);
}

/* A call's argument value v of type t, flattened like the parameters. */
void cg_append_args(Cg *cg, LLVMValueRef v, const Type *t, LLVMValueRef *out, unsigned *n)
{
    if (t->kind == TYPE_STATIC || t->kind == TYPE_NONE)
        return;
    if (t->kind == TYPE_COMPLEX) {
        out[(*n)++] = cg_complex_real(cg, v);
        out[(*n)++] = cg_complex_imag(cg, v);
        return;
    }
    if (t->kind == TYPE_TUPLE) {
        for (int i = 0; i < t->count; i++)
            cg_append_args(cg, LLVMBuildExtractValue(cg->b, v, (unsigned)i, ""), t->elts[i], out, n);
        return;
    }
    if (t->kind != TYPE_ARRAY) {
        out[(*n)++] = v;
        return;
    }
    out[(*n)++] = cg_array_data(cg, v);
    for (int k = 0; k < t->ndim; k++)
        out[(*n)++] = cg_array_shape(cg, v, k);
    for (int k = 0; k < t->ndim; k++)
        out[(*n)++] = cg_array_stride(cg, v, k);
}

static unsigned total_slots(const FuncInfo *fi)
{
    unsigned n = 0;
    for (int i = 0; i < fi->param_count; i++)
        n += cg_param_slot_count(fi->param_types[i]);
    return n;
}

/* Readable IR: x, x.shape0, x.stride0, ...; z.real, z.imag; and t.0,
 * t.1.shape0, t.2.real for the members of a tuple t. */
static void name_param(Cg *cg, LLVMValueRef fn, const Type *t, const char *name, unsigned *slot)
{
    if (t->kind == TYPE_TUPLE) {
        for (int i = 0; i < t->count; i++)
            name_param(cg, fn, t->elts[i], arena_printf(&cg->arena, "%s.%d", name, i), slot);
        return;
    }
    if (t->kind == TYPE_COMPLEX) {
        for (int k = 0; k < 2; k++) {
            char *part = arena_printf(&cg->arena, "%s.%s", name, k ? "imag" : "real");
            LLVMSetValueName2(LLVMGetParam(fn, (*slot)++), part, strlen(part));
        }
        return;
    }
    LLVMSetValueName2(LLVMGetParam(fn, (*slot)++), name, strlen(name));
    for (int k = 0; t->kind == TYPE_ARRAY && k < 2 * t->ndim; k++) {
        char *part = arena_printf(&cg->arena, "%s.%s%d", name, k < t->ndim ? "shape" : "stride", k % t->ndim);
        LLVMSetValueName2(LLVMGetParam(fn, (*slot)++), part, strlen(part));
    }
}

static void name_params(Cg *cg, const FuncInfo *fi, LLVMValueRef fn)
{
    unsigned slot = 0;
    for (int i = 0; i < fi->param_count; i++)
        if (fi->param_types[i]->kind != TYPE_STATIC && fi->param_types[i]->kind != TYPE_NONE)
            name_param(cg, fn, fi->param_types[i], cg_cstr(cg, fi->params[i]->name), &slot);
}

/* !nvvm.annotations = !{!{ptr @f, !"kernel", i32 1}} makes f an .entry;
 * "maxntidx", "minctasm", "maxclusterrank" and "maxnreg" give the PTX
 * directives of launch_bounds and max_registers. */
static void annotate(Cg *cg, LLVMValueRef fn, const char *key, int value)
{
    LLVMMetadataRef ops[3] = {
        LLVMValueAsMetadata(fn),
        LLVMMDStringInContext2(cg->ctx, key, strlen(key)),
        LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(cg->ctx), (unsigned)value, false)),
    };
    LLVMMetadataRef node = LLVMMDNodeInContext2(cg->ctx, ops, 3);
    LLVMAddNamedMetadataOperand(cg->mod, "nvvm.annotations", LLVMMetadataAsValue(cg->ctx, node));
}

/* launch_bounds and max_registers (sema allows them on kernels only).
 * NVVM calls the cluster limit "cluster_max_blocks"; LLVM's NVPTX back end
 * reads "maxclusterrank", and emits .maxclusterrank from sm_90 on only. */
static void annotate_kernel(Cg *cg, const FuncInfo *fi, LLVMValueRef fn)
{
    const JitOptions *jit = &fi->jit;
    annotate(cg, fn, "kernel", 1);
    /* Only the user's launch_bounds: the block limits pykc derives stay
     * launch facts (analysis/flow_block.c says why). */
    if (jit->launch_max_threads)
        annotate(cg, fn, "maxntidx", jit->launch_max_threads);
    if (jit->launch_min_blocks)
        annotate(cg, fn, "minctasm", jit->launch_min_blocks);
    if (jit->launch_max_cluster)
        annotate(cg, fn, "maxclusterrank", jit->launch_max_cluster);
    if (jit->max_registers)
        annotate(cg, fn, "maxnreg", jit->max_registers);
}

/* fastmath: float32 denormals flush to zero in this function (NVPTX then
 * selects the .ftz instructions), as NVVM's -ftz=1 does. opt=False: LLVM
 * leaves the function as generated (optnone needs noinline).
 * inline="always": the inliner always inlines it. Cooperative device
 * functions are convergent, as the grid sync they reach is. */
static void add_attributes(Cg *cg, const FuncInfo *fi, LLVMValueRef fn)
{
    if (fi->jit.fastmath)
        cg_set_ftz(cg, fn);
    if (fi->jit.opt_off) {
        cg_add_fn_attribute(cg, fn, "optnone");
        cg_add_fn_attribute(cg, fn, "noinline");
    } else if (fi->jit.always_inline && !fi->is_kernel)
        cg_add_fn_attribute(cg, fn, "alwaysinline");
    /* a device function that may wait at a grid sync: no call of it may be
     * made to depend on more conditions than the source says */
    if (fi->cooperative && !fi->is_kernel)
        cg_add_fn_attribute(cg, fn, "convergent");
}

void cg_set_ftz(Cg *cg, LLVMValueRef fn)
{
    static const char key[] = "denormal-fp-math-f32", value[] = "preserve-sign,preserve-sign";
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateStringAttribute(cg->ctx, key, sizeof key - 1, value, sizeof value - 1));
}

/* fastmath=True: Numba sets LLVM's `fast` flags on the function's float
 * instructions (fadd fsub fmul fdiv frem fcmp) and its calls of LLVM's
 * math intrinsics (numba/core/fastmathpass.py). Done once the body is
 * generated, so every codegen file's float operations are covered. */
static void set_fast_flags(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst)) {
            LLVMOpcode op = LLVMGetInstructionOpcode(inst);
            bool arith = op == LLVMFAdd || op == LLVMFSub || op == LLVMFMul || op == LLVMFDiv ||
                         op == LLVMFRem || op == LLVMFCmp;
            bool intrinsic = op == LLVMCall && LLVMGetIntrinsicID(LLVMGetCalledValue(inst)) != 0;
            if ((arith || intrinsic) && LLVMCanValueUseFastMathFlags(inst))
                LLVMSetFastMathFlags(inst, LLVMFastMathAll);
        }
}

void cg_declare_func(Cg *cg, FuncInfo *fi)
{
    unsigned n = 0;
    LLVMTypeRef *params = ARENA_ARRAY(&cg->arena, LLVMTypeRef, total_slots(fi) + 1);
    for (int i = 0; i < fi->param_count; i++)
        cg_append_param_types(cg, fi->param_types[i], fi->is_kernel, params, &n);
    LLVMTypeRef ret = fi->is_kernel ? LLVMVoidTypeInContext(cg->ctx) : cg_type(cg, fi->return_type);
    LLVMTypeRef fty = LLVMFunctionType(ret, params, n, false);
    LLVMValueRef fn = LLVMAddFunction(cg->mod, cg_cstr(cg, fi->name), fty);
    if (fi->is_kernel)
        annotate_kernel(cg, fi, fn);
    else
        LLVMSetLinkage(fn, LLVMInternalLinkage);
    add_attributes(cg, fi, fn);
    name_params(cg, fi, fn);
    fi->cg = fn;
}

/* Every local gets an alloca; a parameter's is x.addr, as the parameter
 * itself is x. */
static void create_locals(Cg *cg, FuncInfo *fi)
{
    for (int i = 0; i < fi->local_count; i++) {
        Symbol *sym = fi->locals[i];
        const Type *t = sym->type;
        sym->cg = NULL;
        if (sym->kind != SYM_LOCAL || !t || t->kind == TYPE_NONE || t->kind == TYPE_RANGE)
            continue;
        const char *name = sym->param_index >= 0
            ? arena_printf(&cg->arena, "%.*s.addr", STR_ARG(sym->name)) : cg_cstr(cg, sym->name);
        sym->cg = cg_alloca(cg, cg_type(cg, t), name);
    }
}

/* The value of a parameter of type t from its LLVM parameters starting at
 * *slot: a tuple is rebuilt from its members. */
static LLVMValueRef param_value(Cg *cg, const FuncInfo *fi, const Type *t, unsigned *slot)
{
    if (t->kind == TYPE_COMPLEX) {
        LLVMValueRef re = LLVMGetParam(cg->fn, (*slot)++);
        return cg_complex_make(cg, t, re, LLVMGetParam(cg->fn, (*slot)++));
    }
    if (t->kind == TYPE_TUPLE) {
        LLVMValueRef tuple = LLVMGetUndef(cg_type(cg, t));
        for (int i = 0; i < t->count; i++)
            tuple = LLVMBuildInsertValue(cg->b, tuple, param_value(cg, fi, t->elts[i], slot), (unsigned)i, "");
        return tuple;
    }
    if (t->kind != TYPE_ARRAY) {
        LLVMValueRef v = LLVMGetParam(cg->fn, (*slot)++);
        return fi->is_kernel ? cg_from_mem(cg, v, t) : v;
    }
    LLVMValueRef data = LLVMGetParam(cg->fn, (*slot)++);
    LLVMValueRef *shape = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    LLVMValueRef *strides = ARENA_ARRAY(&cg->arena, LLVMValueRef, t->ndim + 1);
    for (int k = 0; k < t->ndim; k++)
        shape[k] = LLVMGetParam(cg->fn, (*slot)++);
    for (int k = 0; k < t->ndim; k++)
        strides[k] = LLVMGetParam(cg->fn, (*slot)++);
    return cg_array_make(cg, t, data, shape, strides);
}

/* A parameter's local may be wider than the parameter (reassigned with a
 * float, say): the incoming value is converted to the local's type. */
static void store_params(Cg *cg, const FuncInfo *fi)
{
    unsigned slot = 0;
    for (int i = 0; i < fi->param_count; i++) {
        Symbol *sym = fi->params[i];
        if (fi->param_types[i]->kind == TYPE_STATIC || fi->param_types[i]->kind == TYPE_NONE)
            continue;
        LLVMValueRef v = param_value(cg, fi, fi->param_types[i], &slot);
        if (sym && sym->cg)
            LLVMBuildStore(cg->b, cg_convert(cg, v, fi->param_types[i], sym->type), sym->cg);
    }
}

/* Falling off the end: a kernel or a None function returns; sema ensures a
 * typed device function returns on every path, so this is only a fallback. */
static void finish_body(Cg *cg, const FuncInfo *fi)
{
    if (cg_is_terminated(cg))
        return;
    if (fi->is_kernel || fi->return_type->kind == TYPE_NONE)
        LLVMBuildRetVoid(cg->b);
    else
        LLVMBuildRet(cg->b, cg_zero(cg, fi->return_type));
}

void cg_define_func(Cg *cg, FuncInfo *fi)
{
    cg->func = fi;
    cg->fn = fi->cg;
    cg->loop = NULL;
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cg->ctx, cg->fn, "entry");
    LLVMPositionBuilderAtEnd(cg->alloca_b, entry);
    LLVMBasicBlockRef start = cg_block(cg, "start");
    cg_enter(cg, start);
    cg_debug_begin_function(cg, fi);
    create_locals(cg, fi);
    store_params(cg, fi);
    cg_emit_block(cg, &fi->def->funcdef.body);
    finish_body(cg, fi);
    LLVMBuildBr(cg->alloca_b, start);
    cg_debug_end_function(cg);
    if (fi->jit.fastmath)
        set_fast_flags(cg->fn);
}
