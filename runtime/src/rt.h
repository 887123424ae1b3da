/* Internal to libpykrt: the objects behind the public handles, the driver
 * table, and the error plumbing every source file shares. Nothing here is
 * part of the API (runtime/include/pykrt.h is). */
#ifndef RT_H
#define RT_H

#include <cuda.h>
#include <stdbool.h>

#include "check_record.h"
#include "launch_facts.h"
#include "pykrt.h"

/* The driver's entry points, filled once by dlopen/dlsym (driver.c). */
typedef struct RtDriver {
#define RT_DRIVER_FN(name) __typeof__(name) *name;
#include "driver_api.def"
#undef RT_DRIVER_FN
} RtDriver;

/* Loads libcuda.so.1 and calls cuInit, once per process. On failure returns
 * the status and points *message at a static description. */
pyk_status rt_driver_load(const RtDriver **driver, const char **message);

/* Room for a kernel name in the "launched last" records. */
#define RT_NAME_CAP 128

struct pyk_context {
    const RtDriver *cu;
    CUdevice device;
    CUcontext cu_context; /* the device's primary context, retained, or a borrowed one */
    bool retained_primary; /* pyk_context_destroy releases the primary context */
    bool adopted;          /* pyk_init_current: destroy leaves the current context alone */
    pyk_device_properties properties;
    char *message; /* the last failure's text, grown as needed */
    size_t message_cap;
    char last_kernel[RT_NAME_CAP]; /* launched last, on any stream */
    /* pyk_context_module's cache: modules keyed by their PTX's address. */
    struct RtCachedModule {
        const char *ptx;
        pyk_module *module;
    } *modules;
    int module_count, module_cap;
    /* Checked mode (check_record.c): the modules with check sites, and
     * whether one of them was launched since their records were read. */
    pyk_module *checked_modules;
    bool check_pending;
    /* PYKRT_NO_DERIVED_CHECKS set when the context was made: pyk_launch
     * skips the blockmax and covers facts (what pykc derived, not what the
     * driver or the signature requires). */
    bool skip_derived_checks;
};

struct pyk_module {
    pyk_context *ctx;
    CUmodule cu_module;
    RtModuleFacts facts;
    pyk_kernel *kernels; /* looked up so far, a list */
    RtModuleCheck check; /* checked mode: sites and record (check_record.h) */
};

struct pyk_kernel {
    pyk_module *module;
    CUfunction function;
    char *name;
    size_t name_len;
    const RtKernelFacts *facts; /* NULL: no facts line (unchecked launches) */
    int function_max_threads;   /* the driver's limit, registers included */
    size_t static_shared_bytes;
    size_t dynamic_shared_opted; /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES set so far */
    int suggested_block_size;    /* occupancy's pick without dynamic shared memory; 0: not asked yet */
    /* Cooperative kernels (cooperative.c): how many blocks of
     * resident_threads threads with resident_dynamic bytes of dynamic
     * shared memory one multiprocessor holds, as last asked of the driver's
     * occupancy calculator; resident_threads 0: not asked yet. */
    unsigned resident_threads;
    size_t resident_dynamic;
    int resident_per_sm;
    pyk_kernel *next;
};

struct pyk_array {
    pyk_context *ctx;
    CUdeviceptr pointer;
    pyk_dtype dtype;
    int ndim;
    bool owns_memory;
    int64_t size;
    int64_t shape[PYK_MAX_NDIM];
    int64_t strides[PYK_MAX_NDIM]; /* in elements */
};

struct pyk_stream {
    pyk_context *ctx;
    CUstream cu_stream;
    bool borrowed; /* pyk_stream_wrap: the caller's CUstream, not destroyed with it */
    char last_kernel[RT_NAME_CAP];
};

struct pyk_event {
    pyk_context *ctx;
    CUevent cu_event;
};

/* Sets ctx's message (printf-style) and returns `status`, so that error
 * paths read `return rt_error(ctx, PYK_ERROR_..., "...", ...);`. */
pyk_status rt_error(pyk_context *ctx, pyk_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Same for failures before a context exists: this thread's init message. */
pyk_status rt_init_error(pyk_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* A call given a NULL context, or a NULL handle (whose context is then
 * unknown): "CALLER: WHAT is NULL" goes to this thread's message, where
 * pyk_last_error(NULL) finds it, and PYK_ERROR_INVALID_ARGUMENT is returned.
 * Callers clear their out-parameter before calling this. */
pyk_status rt_null_handle(const char *caller, const char *what);

/* The one checker every driver call goes through: CUDA_SUCCESS gives
 * PYK_OK; anything else sets the message "CALL failed: CUDA_ERROR_X: the
 * driver's description" (with `what`, the call and its purpose) and maps it
 * to a status. A device fault (illegal address, trap, ...) is reported as
 * PYK_ERROR_LAUNCH_FAILED naming `last_kernel`, the kernel launched last on
 * the stream being synchronised, when there is one. */
pyk_status rt_check(pyk_context *ctx, CUresult result, const char *what, const char *last_kernel);

/* Makes ctx's primary context current on this thread, as every driver call
 * on it needs (a process may hold contexts of several devices). */
pyk_status rt_make_current(pyk_context *ctx);

/* The kernel launched last on `stream`, "" if none. NULL: the default
 * stream, which waits for every stream, so the last kernel of the context. */
const char *rt_last_kernel(const pyk_context *ctx, const pyk_stream *stream);

/* Opts the kernel in to `bytes` of dynamic shared memory when that is past
 * what it allows so far (launch.c; the caller has checked the device's
 * maximum). */
pyk_status rt_opt_in_shared(pyk_kernel *kernel, size_t bytes);

/* Cooperative kernels (cooperative.c): before a launch of a kernel whose
 * facts say cooperative=grid, checks that the device supports cooperative
 * launches and that the grid's blocks can all be resident at once
 * (PYK_ERROR_LAUNCH_CONFIG, with the largest grid that can). */
pyk_status rt_cooperative_admit(pyk_kernel *kernel, const pyk_launch_config *config);

/* Checked mode: marks the kernel's module for a read of its record at the
 * next synchronisation (a flag test for unchecked modules). Called by
 * launch.c after every successful launch. */
static inline void rt_check_note_launch(const pyk_kernel *kernel)
{
    pyk_module *module = kernel->module;
    if (module->check.record) {
        module->check.launched = true;
        module->ctx->check_pending = true;
    }
}

/* "(1000, 3)" into buffer. */
const char *rt_shape_text(int ndim, const int64_t *shape, char *buffer, size_t cap);

#endif
