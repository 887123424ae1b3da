/* The floor for pykc's compile time: the least any LLVM-based compiler of
 * examples/vecadd.pyk must do as a process. It builds vecadd's IR by hand
 * (the nine parameters of docs/abi.md, already in the clean form pykc's
 * front end would reach), runs the same default<O3> pipeline, emits PTX for
 * sm_80 to memory and writes it to the file named on the command line.
 * No lexer, parser or checker: what is left is LLVM's own start-up, pass
 * pipeline and code generation. Linked statically exactly as pykc is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#define TRIPLE "nvptx64-nvidia-cuda"

static LLVMValueRef read_sreg(LLVMModuleRef mod, LLVMBuilderRef b, LLVMContextRef ctx,
                              const char *name)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef fn_type = LLVMFunctionType(i32, NULL, 0, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
    if (!fn)
        fn = LLVMAddFunction(mod, name, fn_type);
    LLVMValueRef v = LLVMBuildCall2(b, fn_type, fn, NULL, 0, "");
    return LLVMBuildZExt(b, v, LLVMInt64TypeInContext(ctx), "");
}

static LLVMValueRef element(LLVMBuilderRef b, LLVMTypeRef f32, LLVMValueRef data,
                            LLVMValueRef i)
{
    return LLVMBuildInBoundsGEP2(b, f32, data, &i, 1, "");
}

/* def vecadd(x, y, out): i = cuda.grid(1); if i < out.size: out[i] = x[i] + y[i] */
static void build_vecadd(LLVMModuleRef mod, LLVMContextRef ctx)
{
    LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
    LLVMTypeRef gptr = LLVMPointerTypeInContext(ctx, 1);
    LLVMTypeRef params[9] = {gptr, i64, i64, gptr, i64, i64, gptr, i64, i64};
    LLVMTypeRef fn_type = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, 9, 0);
    LLVMValueRef fn = LLVMAddFunction(mod, "vecadd", fn_type);

    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, fn, "entry");
    LLVMBasicBlockRef then = LLVMAppendBasicBlockInContext(ctx, fn, "then");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, fn, "done");
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMValueRef block = read_sreg(mod, b, ctx, "llvm.nvvm.read.ptx.sreg.ctaid.x");
    LLVMValueRef width = read_sreg(mod, b, ctx, "llvm.nvvm.read.ptx.sreg.ntid.x");
    LLVMValueRef thread = read_sreg(mod, b, ctx, "llvm.nvvm.read.ptx.sreg.tid.x");
    LLVMValueRef i = LLVMBuildAdd(b, LLVMBuildMul(b, block, width, ""), thread, "i");
    LLVMValueRef in_range = LLVMBuildICmp(b, LLVMIntSLT, i, LLVMGetParam(fn, 7), "");
    LLVMBuildCondBr(b, in_range, then, done);

    LLVMPositionBuilderAtEnd(b, then);
    LLVMValueRef x = LLVMBuildLoad2(b, f32, element(b, f32, LLVMGetParam(fn, 0), i), "");
    LLVMValueRef y = LLVMBuildLoad2(b, f32, element(b, f32, LLVMGetParam(fn, 3), i), "");
    LLVMBuildStore(b, LLVMBuildFAdd(b, x, y, ""), element(b, f32, LLVMGetParam(fn, 6), i));
    LLVMBuildBr(b, done);

    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);

    /* !nvvm.annotations makes the function a .entry, as pykc does. */
    LLVMMetadataRef md[3] = {
        LLVMValueAsMetadata(fn),
        LLVMMDStringInContext2(ctx, "kernel", 6),
        LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), 1, 0)),
    };
    LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, md, 3));
    LLVMAddNamedMetadataOperand(mod, "nvvm.annotations", node);
}

static LLVMTargetMachineRef create_target_machine(void)
{
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMTargetRef target;
    char *error = NULL;
    if (LLVMGetTargetFromTriple(TRIPLE, &target, &error)) {
        fprintf(stderr, "llvm_floor: %s\n", error);
        return NULL;
    }
    return LLVMCreateTargetMachine(target, TRIPLE, "sm_80", "", LLVMCodeGenLevelAggressive,
                                   LLVMRelocDefault, LLVMCodeModelDefault);
}

/* Verify, optimise and emit; returns the PTX or NULL after printing why. */
static LLVMMemoryBufferRef compile(LLVMModuleRef mod, LLVMTargetMachineRef tm)
{
    char *error = NULL;
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &error)) {
        fprintf(stderr, "llvm_floor: invalid IR: %s\n", error);
        return NULL;
    }
    LLVMDisposeMessage(error);
    LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(mod, "default<O3>", tm, options);
    LLVMDisposePassBuilderOptions(options);
    if (err) {
        char *message = LLVMGetErrorMessage(err);
        fprintf(stderr, "llvm_floor: %s\n", message);
        LLVMDisposeErrorMessage(message);
        return NULL;
    }
    LLVMMemoryBufferRef buf = NULL;
    error = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &error, &buf)) {
        fprintf(stderr, "llvm_floor: %s\n", error);
        return NULL;
    }
    return buf;
}

static int write_file(const char *path, LLVMMemoryBufferRef buf)
{
    FILE *f = fopen(path, "wb");
    size_t len = LLVMGetBufferSize(buf);
    if (!f || fwrite(LLVMGetBufferStart(buf), 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: llvm_floor OUT.ptx\n", stderr);
        return 2;
    }
    LLVMTargetMachineRef tm = create_target_machine();
    if (!tm)
        return 1;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("vecadd", ctx);
    LLVMSetTarget(mod, TRIPLE);
    LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(mod, layout);
    build_vecadd(mod, ctx);
    LLVMMemoryBufferRef ptx = compile(mod, tm);
    int status = ptx ? write_file(argv[1], ptx) : 1;
    if (ptx)
        LLVMDisposeMemoryBuffer(ptx);
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    LLVMDisposeTargetData(layout);
    LLVMDisposeTargetMachine(tm);
    return status;
}
