/* Contexts: a device's primary context, retained (or the thread's current
 * context, adopted: pyk_init_current), with the properties the launch
 * checks need read once at init. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

pyk_status pyk_device_count(int *count)
{
    if (!count)
        return rt_init_error(PYK_ERROR_INVALID_ARGUMENT, "pyk_device_count: count is NULL");
    *count = 0;
    const RtDriver *cu;
    const char *message;
    pyk_status status = rt_driver_load(&cu, &message);
    if (status == PYK_ERROR_NO_DEVICE)
        return PYK_OK; /* cuInit said so: zero devices is an answer, not an error */
    if (status != PYK_OK)
        return rt_init_error(status, "%s", message);
    CUresult result = cu->cuDeviceGetCount(count);
    if (result != CUDA_SUCCESS)
        return rt_init_error(PYK_ERROR_DRIVER, "cuDeviceGetCount failed (CUresult %d)", (int)result);
    return PYK_OK;
}

static pyk_status attribute(pyk_context *ctx, CUdevice_attribute which, int *value)
{
    return rt_check(ctx, ctx->cu->cuDeviceGetAttribute(value, which, ctx->device),
                    "cuDeviceGetAttribute", NULL);
}

static pyk_status read_properties(pyk_context *ctx, int ordinal)
{
    pyk_device_properties *p = &ctx->properties;
    p->ordinal = ordinal;
    int smem = 0, smem_optin = 0;
    struct { CUdevice_attribute which; int *value; } wanted[] = {
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &p->compute_major},
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &p->compute_minor},
        {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &p->sm_count},
        {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &p->warp_size},
        {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &p->max_threads_per_block},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, &p->max_block_dim[0]},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, &p->max_block_dim[1]},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, &p->max_block_dim[2]},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, &p->max_grid_dim[0]},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, &p->max_grid_dim[1]},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, &p->max_grid_dim[2]},
        {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, &smem},
        {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, &smem_optin},
        {CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, &p->cooperative_launch},
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
        pyk_status status = attribute(ctx, wanted[i].which, wanted[i].value);
        if (status != PYK_OK)
            return status;
    }
    p->shared_mem_per_block = (size_t)smem;
    /* Devices before opt-in report 0: their limit is the plain one. */
    p->shared_mem_per_block_optin = (size_t)(smem_optin > smem ? smem_optin : smem);
    pyk_status status = rt_check(ctx, ctx->cu->cuDeviceGetName(p->name, sizeof p->name, ctx->device),
                                 "cuDeviceGetName", NULL);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuDeviceTotalMem(&p->total_memory, ctx->device),
                          "cuDeviceTotalMem", NULL);
    return status;
}

/* Moves a failure's message from the dying context to the thread's. */
static pyk_status fail_init(pyk_context *ctx, pyk_status status)
{
    rt_init_error(status, "%s", pyk_last_error(ctx));
    pyk_context_destroy(ctx);
    return status;
}

static pyk_status open_device(pyk_context *ctx, int ordinal)
{
    int count = 0;
    pyk_status status = rt_check(ctx, ctx->cu->cuDeviceGetCount(&count), "cuDeviceGetCount", NULL);
    if (status != PYK_OK)
        return status;
    if (ordinal < 0 || ordinal >= count)
        return rt_error(ctx, PYK_ERROR_NO_DEVICE,
                        "pyk_init: device %d requested, but this machine has %d CUDA device%s "
                        "(ordinals 0 to %d)", ordinal, count, count == 1 ? "" : "s", count - 1);
    status = rt_check(ctx, ctx->cu->cuDeviceGet(&ctx->device, ordinal), "cuDeviceGet", NULL);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuDevicePrimaryCtxRetain(&ctx->cu_context, ctx->device),
                          "cuDevicePrimaryCtxRetain", NULL);
    ctx->retained_primary = status == PYK_OK;
    if (status == PYK_OK)
        status = rt_make_current(ctx);
    if (status == PYK_OK)
        status = read_properties(ctx, ordinal);
    return status;
}

/* A fresh context of the loaded driver, or NULL with this thread's message set. */
static pyk_context *new_context(const char *caller, pyk_status *status)
{
    const RtDriver *cu;
    const char *message;
    *status = rt_driver_load(&cu, &message);
    if (*status != PYK_OK) {
        rt_init_error(*status, "%s", message);
        return NULL;
    }
    pyk_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) {
        *status = rt_init_error(PYK_ERROR_OUT_OF_MEMORY, "%s: out of host memory", caller);
        return NULL;
    }
    ctx->cu = cu;
    const char *skip = getenv("PYKRT_NO_DERIVED_CHECKS");
    ctx->skip_derived_checks = skip && *skip && strcmp(skip, "0") != 0;
    return ctx;
}

pyk_status pyk_init(pyk_context **out, int device)
{
    if (!out)
        return rt_init_error(PYK_ERROR_INVALID_ARGUMENT, "pyk_init: the context pointer is NULL");
    *out = NULL;
    pyk_status status;
    pyk_context *ctx = new_context("pyk_init", &status);
    if (!ctx)
        return status;
    status = open_device(ctx, device);
    if (status != PYK_OK)
        return fail_init(ctx, status);
    *out = ctx;
    return PYK_OK;
}

/* The ordinal of ctx->device: the driver numbers devices by ordinal, but
 * says so nowhere, so the ordinals are asked one by one. */
static pyk_status device_ordinal(pyk_context *ctx, int *ordinal)
{
    int count = 0;
    pyk_status status = rt_check(ctx, ctx->cu->cuDeviceGetCount(&count), "cuDeviceGetCount", NULL);
    for (int i = 0; status == PYK_OK && i < count; i++) {
        CUdevice device;
        status = rt_check(ctx, ctx->cu->cuDeviceGet(&device, i), "cuDeviceGet", NULL);
        if (status == PYK_OK && device == ctx->device)
            return *ordinal = i, PYK_OK;
    }
    return status != PYK_OK ? status
                            : rt_error(ctx, PYK_ERROR_DRIVER,
                                       "pyk_init_current: the current context's device is none of "
                                       "the driver's %d devices", count);
}

/* Adopts the thread's current context: the device's primary one is
 * retained (as pyk_init's is), any other borrowed. */
static pyk_status open_current(pyk_context *ctx)
{
    CUcontext current = NULL;
    pyk_status status = rt_check(ctx, ctx->cu->cuCtxGetCurrent(&current), "cuCtxGetCurrent", NULL);
    if (status != PYK_OK)
        return status;
    if (!current)
        return rt_error(ctx, PYK_ERROR_NO_DEVICE,
                        "pyk_init_current: no CUDA context is current on this thread; make one "
                        "current first (cudaSetDevice, cuCtxSetCurrent) or open a device with pyk_init");
    ctx->adopted = true;
    status = rt_check(ctx, ctx->cu->cuCtxGetDevice(&ctx->device), "cuCtxGetDevice", NULL);
    CUcontext primary = NULL;
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuDevicePrimaryCtxRetain(&primary, ctx->device),
                          "cuDevicePrimaryCtxRetain", NULL);
    if (status != PYK_OK)
        return status;
    ctx->retained_primary = primary == current;
    if (!ctx->retained_primary)
        ctx->cu->cuDevicePrimaryCtxRelease(ctx->device);
    ctx->cu_context = current;
    int ordinal = 0;
    status = device_ordinal(ctx, &ordinal);
    return status == PYK_OK ? read_properties(ctx, ordinal) : status;
}

pyk_status pyk_init_current(pyk_context **out)
{
    if (!out)
        return rt_init_error(PYK_ERROR_INVALID_ARGUMENT,
                             "pyk_init_current: the context pointer is NULL");
    *out = NULL;
    pyk_status status;
    pyk_context *ctx = new_context("pyk_init_current", &status);
    if (!ctx)
        return status;
    status = open_current(ctx);
    if (status != PYK_OK)
        return fail_init(ctx, status);
    *out = ctx;
    return PYK_OK;
}

void pyk_context_destroy(pyk_context *ctx)
{
    if (!ctx)
        return;
    for (int i = 0; i < ctx->module_count; i++)
        pyk_module_unload(ctx->modules[i].module);
    free(ctx->modules);
    if (ctx->retained_primary) {
        CUcontext current = NULL;
        ctx->cu->cuCtxGetCurrent(&current);
        ctx->cu->cuDevicePrimaryCtxRelease(ctx->device);
        /* Leave no dangling current context behind on this thread, unless
         * it was the caller's before pyk_init_current (the CUDA runtime's,
         * still in use). */
        if (current == ctx->cu_context && !ctx->adopted)
            ctx->cu->cuCtxSetCurrent(NULL);
    }
    free(ctx->message);
    free(ctx);
}

const pyk_device_properties *pyk_context_properties(const pyk_context *ctx)
{
    return ctx ? &ctx->properties : NULL;
}

pyk_status pyk_synchronize(pyk_context *ctx)
{
    if (!ctx)
        return rt_null_handle("pyk_synchronize", "the context");
    pyk_status status = rt_make_current(ctx);
    if (status != PYK_OK)
        return status;
    status = rt_check(ctx, ctx->cu->cuCtxSynchronize(), "cuCtxSynchronize", ctx->last_kernel);
    return status == PYK_OK ? rt_check_collect(ctx) : status;
}

/* A linear scan: a program embeds a handful of PTX texts, and this runs on
 * every typed launch, where a pointer comparison is the cheapest key. */
pyk_status pyk_context_module(pyk_context *ctx, const char *ptx, pyk_module **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_context_module", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_context_module: the module pointer is NULL");
    for (int i = 0; i < ctx->module_count; i++)
        if (ctx->modules[i].ptx == ptx)
            return *out = ctx->modules[i].module, PYK_OK;
    if (ctx->module_count == ctx->module_cap) {
        int cap = ctx->module_cap ? 2 * ctx->module_cap : 4;
        struct RtCachedModule *grown = realloc(ctx->modules, sizeof *grown * (size_t)cap);
        if (!grown)
            return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_context_module: out of host memory");
        ctx->modules = grown;
        ctx->module_cap = cap;
    }
    pyk_module *module;
    pyk_status status = pyk_module_load_ptx(ctx, ptx, &module);
    if (status != PYK_OK)
        return status;
    ctx->modules[ctx->module_count++] = (struct RtCachedModule){ptx, module};
    *out = module;
    return PYK_OK;
}
