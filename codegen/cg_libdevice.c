/* libdevice, the CUDA toolkit's math library in LLVM bitcode
 * (nvvm/libdevice/libdevice.10.bc), which numba-cuda's math functions call.
 * It is found and read at the first call that needs it, so a module without
 * math never reads it, and read lazily: function bodies stay in the file
 * until linking asks for them. Linking (before optimisation) brings in only
 * the functions called and what they call, answers their __nvvm_reflect
 * queries as NVVM does under numba-cuda's default options, and makes them
 * internal, so nothing of libdevice but the code used reaches the PTX. */
#define _POSIX_C_SOURCE 200809L  /* access() */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "cg_internal.h"

#define LIBDEVICE_IN_TOOLKIT "/nvvm/libdevice/libdevice.10.bc"
#define DEFAULT_TOOLKIT "/usr/local/cuda"

struct CgLibdevice {
    LLVMModuleRef module;     /* lazily read; NULL once linked (or if failed) */
    const char *path;
    bool failed;              /* reported at the first call that needed it */
};

/* The first error LLVM reports through the context while reading or
 * linking (the default handler would print it and exit). */
typedef struct LlvmErrors {
    char text[512];
    bool seen;
    LLVMDiagnosticHandler saved;
    void *saved_context;
} LlvmErrors;

static void on_llvm_diagnostic(LLVMDiagnosticInfoRef info, void *opaque)
{
    LlvmErrors *errors = opaque;
    if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || errors->seen)
        return;
    char *description = LLVMGetDiagInfoDescription(info);
    snprintf(errors->text, sizeof errors->text, "%s", description);
    LLVMDisposeMessage(description);
    errors->seen = true;
}

static void capture_errors(Cg *cg, LlvmErrors *errors)
{
    memset(errors, 0, sizeof *errors);
    errors->saved = LLVMContextGetDiagnosticHandler(cg->ctx);
    errors->saved_context = LLVMContextGetDiagnosticContext(cg->ctx);
    LLVMContextSetDiagnosticHandler(cg->ctx, on_llvm_diagnostic, errors);
}

static void release_errors(Cg *cg, LlvmErrors *errors)
{
    LLVMContextSetDiagnosticHandler(cg->ctx, errors->saved, errors->saved_context);
}

/* --libdevice if given (and then only it), else the first that exists of
 * $CUDA_HOME's and /usr/local/cuda's, as numba-cuda looks for the toolkit.
 * NULL if none exists. */
static const char *find_path(Cg *cg)
{
    if (cg->options->libdevice)
        return cg->options->libdevice;
    const char *home = getenv("CUDA_HOME");
    const char *roots[2] = {home && *home ? home : NULL, DEFAULT_TOOLKIT};
    for (int i = 0; i < 2; i++) {
        if (!roots[i])
            continue;
        const char *path = arena_printf(&cg->arena, "%s" LIBDEVICE_IN_TOOLKIT, roots[i]);
        if (access(path, F_OK) == 0)
            return path;
    }
    return NULL;
}

static void report_not_found(Cg *cg, const Node *at, const char *what)
{
    diag_error(cg->diag, at->span, "%s needs libdevice (libdevice.10.bc from the CUDA toolkit), which "
               "was not found: set CUDA_HOME or pass --libdevice PATH", what);
    const char *home = getenv("CUDA_HOME");
    if (home && *home)
        diag_note(cg->diag, (Span){0}, "looked for $CUDA_HOME" LIBDEVICE_IN_TOOLKIT " (%s" LIBDEVICE_IN_TOOLKIT
                  ") and " DEFAULT_TOOLKIT LIBDEVICE_IN_TOOLKIT, home);
    else
        diag_note(cg->diag, (Span){0}, "CUDA_HOME is not set; looked for " DEFAULT_TOOLKIT LIBDEVICE_IN_TOOLKIT);
}

/* Reads the file's module index; bodies are read when linking needs them. */
static bool load(Cg *cg, CgLibdevice *ld, const Node *at, const char *what)
{
    LLVMMemoryBufferRef buffer = NULL;
    char *message = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(ld->path, &buffer, &message)) {
        diag_error(cg->diag, at->span, "%s needs libdevice, and '%s' cannot be read: %s", what, ld->path,
                   message ? message : strerror(errno));
        LLVMDisposeMessage(message);
        return false;
    }
    LlvmErrors errors;
    capture_errors(cg, &errors);
    /* On success the lazy module owns the buffer; on failure we still do. */
    LLVMBool failed = LLVMGetBitcodeModuleInContext2(cg->ctx, buffer, &ld->module);
    release_errors(cg, &errors);
    if (failed) {
        ld->module = NULL;
        LLVMDisposeMemoryBuffer(buffer);
        diag_error(cg->diag, at->span, "%s needs libdevice, and '%s' is not valid LLVM bitcode (%s)", what, ld->path,
                   errors.seen ? errors.text : "unreadable");
    }
    return !failed;
}

/* Finds and reads libdevice at the first call that needs it; `what` names
 * that call in the error if it cannot ("'math.sin'"). Reported once. */
static CgLibdevice *require(Cg *cg, const Node *at, const char *what)
{
    CgLibdevice *ld = cg->libdevice;
    if (ld)
        return ld->failed ? NULL : ld;
    ld = cg->libdevice = ARENA_NEW(&cg->arena, CgLibdevice);
    ld->path = find_path(cg);
    if (!ld->path)
        report_not_found(cg, at, what);
    ld->failed = !ld->path || !load(cg, ld, at, what);
    return ld->failed ? NULL : ld;
}

LLVMValueRef cg_libdevice_function(Cg *cg, const Node *at, const char *what, const char *name,
                                   LLVMTypeRef fn_type)
{
    CgLibdevice *ld = require(cg, at, what);
    if (!ld)
        return NULL;
    if (!LLVMGetNamedFunction(ld->module, name)) {
        diag_error(cg->diag, at->span, "%s needs '%s', which libdevice ('%s') does not define", what, name,
                   ld->path);
        return NULL;
    }
    LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, name);
    return fn ? fn : LLVMAddFunction(cg->mod, name, fn_type);
}

/* What NVVM answers __nvvm_reflect("NAME") with under numba-cuda's default
 * options (-ftz=0 -prec-sqrt=1 -prec-div=1): LLVM's own NVVMReflect pass
 * answers 0 to __CUDA_PREC_SQRT, which would make sqrtf and hypotf
 * approximate, so the queries are answered here, at every -O level. */
static int reflect_value(Cg *cg, const char *query, size_t len)
{
    static const struct { const char *name; int answer; } answers[] = {
        {"__CUDA_FTZ", 0}, {"__CUDA_PREC_SQRT", 1}, {"__CUDA_PREC_DIV", 1}, {"__CUDA_ARCH", -1},
    };
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
        if (len != strlen(answers[i].name) || memcmp(query, answers[i].name, len) != 0)
            continue;
        if (answers[i].answer >= 0)
            return answers[i].answer;
        const char *arch = cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH;
        return atoi(arch + strlen("sm_")) * 10;     /* sm_90a: 900 */
    }
    return 0;   /* what NVVM answers to a name it does not know */
}

/* The string a reflect call asks about: a global's initializer, reached
 * through any constant casts; NULL if it is not one. */
static const char *reflect_query(LLVMValueRef call, size_t *len)
{
    LLVMValueRef v = LLVMGetOperand(call, 0);
    while (v && LLVMIsAConstantExpr(v))
        v = LLVMGetOperand(v, 0);
    LLVMValueRef init = v && LLVMIsAGlobalVariable(v) ? LLVMGetInitializer(v) : NULL;
    if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
        return NULL;
    const char *s = LLVMGetAsString(init, len);
    const char *nul = memchr(s, '\0', *len);
    if (nul)
        *len = (size_t)(nul - s);
    return s;
}

/* libdevice's __nv_fast_* functions are called only from fastmath=True
 * functions (cg_math.c), which NVVM compiles with -ftz=1: inside them
 * __CUDA_FTZ is 1, and they flush float32 denormals as their callers do
 * (the same denormal mode also lets the inliner inline them there). */
static bool is_fast_variant(LLVMValueRef fn)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    return len > strlen("__nv_fast_") && strncmp(name, "__nv_fast_", strlen("__nv_fast_")) == 0;
}

static int fast_reflect_value(Cg *cg, LLVMValueRef call, const char *query, size_t len)
{
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    if (is_fast_variant(caller) && len == strlen("__CUDA_FTZ") && memcmp(query, "__CUDA_FTZ", len) == 0)
        return 1;
    return reflect_value(cg, query, len);
}

/* Replaces every call of the reflect function `name` by its answer. */
static void answer_reflect(Cg *cg, const char *name)
{
    LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, name);
    if (!fn)
        return;
    LLVMUseRef use;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    while ((use = LLVMGetFirstUse(fn)) != NULL) {
        LLVMValueRef call = LLVMGetUser(use);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
            return;
        size_t len = 0;
        const char *query = reflect_query(call, &len);
        int answer = query ? fast_reflect_value(cg, call, query, len) : 0;
        LLVMReplaceAllUsesWith(call, LLVMConstInt(i32, (unsigned long long)answer, true));
        LLVMInstructionEraseFromParent(call);
    }
    LLVMDeleteFunction(fn);
}

/* Before linking: every function defined in libdevice becomes linkonce_odr,
 * which the linker brings in only when the module refers to it, so only
 * the bodies used are ever read from the file; after linking, those are
 * exactly the linkonce_odr functions of the module. */
static void link_on_demand(LLVMModuleRef libdevice)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(libdevice); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            LLVMSetLinkage(fn, LLVMLinkOnceODRLinkage);
}

/* libdevice's fadd/fmul keep their flags (none): NVVM does not contract
 * them either. Marked `contract` like pykc's own, they fused into fmas that
 * numba-cuda's code does not have, and tgammaf, powf and asinh differed from
 * it in the last bits (tests/gpu/run_math.py); left alone, all agree. */
static void adopt_linked_functions(Cg *cg)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && LLVMGetLinkage(fn) == LLVMLinkOnceODRLinkage) {
            LLVMSetLinkage(fn, LLVMInternalLinkage);
            if (is_fast_variant(fn))
                cg_set_ftz(cg, fn);
        }
}

bool cg_libdevice_link(Cg *cg)
{
    CgLibdevice *ld = cg->libdevice;
    if (!ld || !ld->module)
        return true;
    LLVMModuleRef libdevice = ld->module;
    ld->module = NULL;                     /* the linker takes it */
    LLVMSetTarget(libdevice, LLVMGetTarget(cg->mod));
    LLVMSetModuleDataLayout(libdevice, cg->layout);
    link_on_demand(libdevice);
    LlvmErrors errors;
    capture_errors(cg, &errors);
    LLVMBool failed = LLVMLinkModules2(cg->mod, libdevice);
    release_errors(cg, &errors);
    if (failed || errors.seen) {
        diag_error_plain(cg->diag, "libdevice ('%s') could not be linked: %s", ld->path,
                         errors.seen ? errors.text : "unknown error");
        return false;
    }
    answer_reflect(cg, "__nvvm_reflect");
    answer_reflect(cg, "llvm.nvvm.reflect");
    LLVMMetadataRef no_ftz = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(cg->ctx), 0, false));
    LLVMAddModuleFlag(cg->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", strlen("nvvm-reflect-ftz"),
                      no_ftz);
    adopt_linked_functions(cg);
    return true;
}

void cg_libdevice_dispose(Cg *cg)
{
    if (cg->libdevice && cg->libdevice->module)
        LLVMDisposeModule(cg->libdevice->module);
}
