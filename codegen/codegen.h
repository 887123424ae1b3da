/* Code generation: the typed tree (after sema) to LLVM IR through LLVM's C
 * API, optimised with the new pass manager, and emitted as PTX by the NVPTX
 * back end. One .entry per kernel with the parameters of the ABI
 * (docs/abi.md); device functions are internal.
 *
 * The IR is verified before emission: a verifier failure is an internal
 * compiler error, reported as one. LLVM objects are disposed before return. */
#ifndef PYKC_CODEGEN_CODEGEN_H
#define PYKC_CODEGEN_CODEGEN_H

#include <stddef.h>

#include "../base/diag.h"
#include "../sema/sema.h"

typedef enum CgEmit { CG_EMIT_PTX, CG_EMIT_LLVM } CgEmit;

typedef struct CgOptions {
    const char *arch;          /* "sm_80", ... (CG_DEFAULT_ARCH if NULL) */
    int opt_level;             /* 0..3 */
    CgEmit emit;
    const char *module_name;   /* the source file name, for the IR module */
    const char *libdevice;     /* --libdevice: libdevice.10.bc's path; NULL:
                                  $CUDA_HOME's, then /usr/local/cuda's. Read
                                  only if the module calls a libdevice function */
    bool lineinfo;             /* --lineinfo: line tables for every function,
                                  as lineinfo=True gives one function */
    bool check;                /* --check: every array element access is
                                  bounds-checked and a violation recorded
                                  (cg_check.c; docs/abi.md, "Check sites") */
    struct CgModuleFacts *facts;   /* non-NULL: filled after optimisation
                                      (module_facts.h; --emit=json) */
    bool last_module;          /* the process compiles no other module: the
                                  LLVM IR path need not clear what NVPTX
                                  caches per module (codegen.c) */
} CgOptions;

#define CG_DEFAULT_ARCH "sm_80"

/* Is `arch` an sm_XX the NVPTX back end knows? */
bool cg_arch_is_supported(const char *arch);
/* Those architectures, space-separated, for messages. */
const char *cg_supported_arch_list(void);

/* Compiles the module. On success returns true and a malloc'd,
 * NUL-terminated text in *out (PTX or LLVM IR) of *out_len bytes; the caller
 * frees it. On failure reports to diag and returns false. */
bool cg_compile(const SemaModule *module, const CgOptions *options, Diag *diag,
                char **out, size_t *out_len);

#endif
