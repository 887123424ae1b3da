/* Codegen's entry points: sets up the NVPTX target machine and the module,
 * generates every function of the SemaModule (cg_func.c, with the options
 * of its @cuda.jit), links libdevice if a call needs it (cg_libdevice.c),
 * completes the line tables (cg_debuginfo.c), verifies the IR,
 * runs the new pass manager's default<On> pipeline and prints the result as
 * PTX (through a memory buffer) or as LLVM IR. The caller gets a malloc'd
 * copy; every LLVM object is disposed here, in reverse order of creation. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "cg_internal.h"

#define CG_TRIPLE "nvptx64-nvidia-cuda"

/* The processors LLVM 19's NVPTX back end knows from sm_50 on. */
static const char *const supported_arches[] = {
    "sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a",
};

const char *cg_supported_arch_list(void)
{
    static char list[160];
    if (!list[0])
        for (size_t i = 0; i < sizeof supported_arches / sizeof supported_arches[0]; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s", i ? " " : "", supported_arches[i]);
        }
    return list;
}

bool cg_arch_is_supported(const char *arch)
{
    size_t n = sizeof supported_arches / sizeof supported_arches[0];
    for (size_t i = 0; i < n; i++)
        if (arch && strcmp(arch, supported_arches[i]) == 0)
            return true;
    return false;
}

static void ice(Diag *diag, const char *what, char *message)
{
    diag_error_plain(diag, "internal compiler error: %s: %s", what,
                     message ? message : "(no message)");
    if (message)
        LLVMDisposeMessage(message);
}

static LLVMCodeGenOptLevel codegen_level(int opt_level)
{
    switch (opt_level) {
    case 0: return LLVMCodeGenLevelNone;
    case 1: return LLVMCodeGenLevelLess;
    case 2: return LLVMCodeGenLevelDefault;
    default: return LLVMCodeGenLevelAggressive;
    }
}

/* Only NVPTX is initialised: the binary links no other back end. */
static LLVMTargetMachineRef create_target_machine(const CgOptions *opt, Diag *diag)
{
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMTargetRef target;
    char *error = NULL;
    if (LLVMGetTargetFromTriple(CG_TRIPLE, &target, &error)) {
        ice(diag, "no NVPTX target", error);
        return NULL;
    }
    if (error)
        LLVMDisposeMessage(error);
    const char *arch = opt->arch ? opt->arch : CG_DEFAULT_ARCH;
    /* At least PTX ISA 6.5 (CUDA 10.2), whatever the arch's own minimum:
     * the float16 operations' inline PTX (cg_fp16.c) uses neg.f16 (6.0) and
     * abs.f16 (6.5), which LLVM cannot see. Numba's NVVM writes 8.x. */
    return LLVMCreateTargetMachine(target, CG_TRIPLE, arch, "+ptx65", codegen_level(opt->opt_level),
                                   LLVMRelocDefault, LLVMCodeModelDefault);
}

/* Functions are declared first, so a call may precede its callee. */
static void generate(Cg *cg, const SemaModule *module)
{
    for (int i = 0; i < module->func_count; i++)
        cg_declare_func(cg, module->funcs[i]);
    for (int i = 0; i < module->func_count; i++)
        cg_define_func(cg, module->funcs[i]);
}

bool cg_run_passes(Cg *cg, LLVMTargetMachineRef tm, const char *pipeline, const char *what)
{
    LLVMPassBuilderOptionsRef options = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(cg->mod, pipeline, tm, options);
    LLVMDisposePassBuilderOptions(options);
    if (!err)
        return true;
    /* An LLVMErrorRef's message has its own disposer. */
    char *message = LLVMGetErrorMessage(err);
    diag_error_plain(cg->diag, "internal compiler error: %s failed: %s", what, message);
    LLVMDisposeErrorMessage(message);
    return false;
}

static bool optimise(Cg *cg, LLVMTargetMachineRef tm, int opt_level)
{
    char passes[16];
    int level = opt_level < 0 ? 0 : opt_level > 3 ? 3 : opt_level;
    snprintf(passes, sizeof passes, "default<O%d>", level);
    cg_limit_slp(cg);   /* huge functions: a compile-time budget (cg_budget.c) */
    return cg_run_passes(cg, tm, passes, "optimisation")
           && cg_late_unroll(cg, tm)    /* stride loops, unrolled last (cg_unroll.c) */
           && cg_warp_aggregate(cg);    /* one atomic per warp (cg_warp_aggregate.c) */
}

static char *copy_text(const char *text, size_t len, size_t *out_len)
{
    char *copy = malloc(len + 1);
    if (!copy) {
        fputs("pykc: out of memory\n", stderr);
        abort();
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    *out_len = len;
    return copy;
}

/* LLVM 19's NVPTX back end caches each module's nvvm.annotations (which
 * functions are kernels, their launch bounds) under the addresses of the
 * Module and the function, and only its PTX printer drops a module's
 * entries (NVPTXAsmPrinter::doFinalization). After an --emit=llvm compile,
 * or for a module cg_lsr.c does not print, they would stay, and the next
 * module of the process allocated at the same addresses would read them: a
 * kernel without launch_bounds got another's range(1, 129) for ntid.x
 * (fuzz_ir's determinism check, docs/testing.md). The driver compiles one
 * module per process and says so (last_module); for other callers of
 * cg_compile the module is printed too, to nowhere, which costs about as
 * much as compiling it. */
void cg_forget_annotations(Cg *cg, LLVMTargetMachineRef tm, LLVMModuleRef mod)
{
    if (cg->options->last_module)
        return;
    LLVMMemoryBufferRef buf = NULL;
    char *error = NULL;
    if (!LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &error, &buf))
        LLVMDisposeMemoryBuffer(buf);
    LLVMDisposeMessage(error);
}

static char *emit(Cg *cg, LLVMTargetMachineRef tm, CgEmit kind, size_t *out_len)
{
    if (kind == CG_EMIT_LLVM) {
        char *ir = LLVMPrintModuleToString(cg->mod);
        char *copy = copy_text(ir, strlen(ir), out_len);
        LLVMDisposeMessage(ir);
        cg_forget_annotations(cg, tm, cg->mod);
        return copy;
    }
    cg_order_loads(cg);   /* the PTX's order of loads (cg_load_order.c) */
    if (!cg_reduce_loop_strength(cg, tm))   /* in the back end's place (cg_lsr.c) */
        return NULL;
    cg_keep_sign_selects(cg);   /* Python's % fix as NVVM writes it (cg_sign_select.c) */
    LLVMMemoryBufferRef buf = NULL;
    char *error = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, cg->mod, LLVMAssemblyFile, &error, &buf)) {
        ice(cg->diag, "PTX emission failed", error);
        return NULL;
    }
    if (error)
        LLVMDisposeMessage(error);
    char *copy = copy_text(LLVMGetBufferStart(buf), LLVMGetBufferSize(buf), out_len);
    LLVMDisposeMemoryBuffer(buf);
    return copy;
}

/* Linking libdevice (if a call needs it), verification, optimisation,
 * emission: each step only if the last one succeeded. A verifier failure
 * is our bug, never the user's. */
static char *finish(Cg *cg, LLVMTargetMachineRef tm, const CgOptions *opt, size_t *out_len)
{
    if (!cg_libdevice_link(cg))
        return NULL;
    cg_debug_finish(cg);
    char *message = NULL;
    if (LLVMVerifyModule(cg->mod, LLVMReturnStatusAction, &message)) {
        ice(cg->diag, "invalid LLVM IR", message);
        return NULL;
    }
    LLVMDisposeMessage(message);
    if (!optimise(cg, tm, opt->opt_level))
        return NULL;
    if (opt->facts)
        cg_collect_module_facts(cg, opt->facts);
    char *text = emit(cg, tm, opt->emit, out_len);
    return text && opt->emit == CG_EMIT_PTX ? cg_check_append_sites(cg, text, out_len) : text;
}

static void cg_init(Cg *cg, Diag *diag, LLVMTargetMachineRef tm, const char *name)
{
    memset(cg, 0, sizeof *cg);
    cg->diag = diag;
    cg->errors_at_start = diag->errors;
    arena_init(&cg->arena);
    cg->layout = LLVMCreateTargetDataLayout(tm);
    cg->ctx = LLVMContextCreate();
    cg->mod = LLVMModuleCreateWithNameInContext(name ? name : "pykc", cg->ctx);
    LLVMSetTarget(cg->mod, CG_TRIPLE);
    LLVMSetModuleDataLayout(cg->mod, cg->layout);
    cg->b = LLVMCreateBuilderInContext(cg->ctx);
    cg->alloca_b = LLVMCreateBuilderInContext(cg->ctx);
}

static void cg_dispose(Cg *cg)
{
    cg_libdevice_dispose(cg);
    cg_debug_dispose(cg);
    LLVMDisposeBuilder(cg->alloca_b);
    LLVMDisposeBuilder(cg->b);
    LLVMDisposeModule(cg->mod);
    if (cg->module_before_lsr)
        LLVMDisposeModule(cg->module_before_lsr);
    LLVMContextDispose(cg->ctx);
    LLVMDisposeTargetData(cg->layout);
    arena_free(&cg->arena);
}

bool cg_compile(const SemaModule *module, const CgOptions *options, Diag *diag,
                char **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    LLVMTargetMachineRef tm = create_target_machine(options, diag);
    if (!tm)
        return false;
    Cg cg;
    cg_init(&cg, diag, tm, options->module_name);
    cg.options = options;
    generate(&cg, module);
    if (diag->errors == cg.errors_at_start)
        *out = finish(&cg, tm, options, out_len);
    cg_dispose(&cg);
    LLVMDisposeTargetMachine(tm);
    return *out != NULL;
}
