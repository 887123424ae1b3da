/* Launching: the configuration, argument and coverage checks of
 * launch_check.c, then the ABI's flattening and one cuLaunchKernel, or
 * cuLaunchCooperativeKernel for a kernel whose facts say cooperative=grid
 * (after cooperative.c's check that its blocks fit at once). Nothing is
 * allocated on this path; the report buffer is only written when a check
 * fails. */
#include <stdio.h>
#include <string.h>

#include "launch_check.h"
#include "rt.h"

/* 2^ceil(log2(threads) / ways): the x share of `threads` split square-ish
 * over `ways` axes (a power of two, so warps stay whole along x). */
static unsigned first_share(unsigned threads, int ways)
{
    int log2 = 0;
    while ((1u << log2) < threads && log2 < 31)
        log2++;
    return 1u << ((log2 + ways - 1) / ways);
}

static unsigned at_most(unsigned value, unsigned limit, int device_max)
{
    if (limit && value > limit)
        value = limit;
    if (device_max > 0 && value > (unsigned)device_max)
        value = (unsigned)device_max;
    return value ? value : 1;
}

static unsigned blocks_for(int64_t extent, unsigned block)
{
    int64_t blocks = extent > 0 ? extent / block + (extent % block != 0) : 1;
    return (unsigned)(blocks > 0xffffffffLL ? 0xffffffffLL : blocks);
}

pyk_status pyk_kernel_config_nd(pyk_kernel *kernel, int dims, const int64_t *extent,
                                pyk_dim3 limit, pyk_launch_config *config)
{
    if (config)
        memset(config, 0, sizeof *config);
    if (!kernel)
        return rt_null_handle("pyk_kernel_config_nd", "the kernel");
    pyk_context *ctx = kernel->module->ctx;
    if (!config || !extent || (dims != 2 && dims != 3))
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_config_nd: %s", !config ? "the config pointer is NULL"
                                                    : !extent ? "the extent pointer is NULL"
                                                              : "dims must be 2 or 3");
    int suggested = 0;
    pyk_status status = pyk_kernel_suggest_block_size(kernel, 0, &suggested);
    if (status != PYK_OK)
        return status;
    /* An axis with a limit (a shared array sized for that many threads
     * along it, as a tile is) gets that many: kernels that stage tiles
     * assume the block matches them. The other axes share what is left. */
    const int *device_max = ctx->properties.max_block_dim;
    const unsigned limits[3] = {limit.x, limit.y, limit.z};
    unsigned shape[3] = {1, 1, 1}, rest = suggested > 0 ? (unsigned)suggested : 256;
    int free_axes = 0;
    for (int a = 0; a < dims; a++) {
        if (limits[a]) {
            shape[a] = at_most(limits[a], 0, device_max[a]);
            rest = rest / shape[a] ? rest / shape[a] : 1;
        } else {
            free_axes++;
        }
    }
    for (int a = 0; a < dims; a++) {
        if (limits[a])
            continue;
        shape[a] = at_most(--free_axes ? first_share(rest, free_axes + 1) : rest, 0, device_max[a]);
        rest = rest / shape[a] ? rest / shape[a] : 1;
    }
    pyk_dim3 block = {shape[0], shape[1], shape[2]};
    config->block = block;
    config->grid.x = blocks_for(extent[0], block.x);
    config->grid.y = blocks_for(extent[1], block.y);
    config->grid.z = dims == 3 ? blocks_for(extent[2], block.z) : 1;
    return PYK_OK;
}

pyk_launch_config pyk_config_1d(int64_t n, unsigned block_size)
{
    if (block_size == 0)
        block_size = 256;
    int64_t blocks = n > 0 ? n / block_size + (n % block_size != 0) : 1;   /* no overflow near INT64_MAX */
    pyk_launch_config config = {{(unsigned)(blocks > 0xffffffffLL ? 0xffffffffLL : blocks), 1, 1},
                                {block_size, 1, 1}, 0, NULL};
    return config;
}

/* Remembers the kernel for fault reports at the next synchronisation. */
static void note_launched(pyk_kernel *kernel, pyk_stream *stream)
{
    pyk_context *ctx = kernel->module->ctx;
    size_t n = kernel->name_len < RT_NAME_CAP - 1 ? kernel->name_len : RT_NAME_CAP - 1;
    if (stream) {
        memcpy(stream->last_kernel, kernel->name, n);
        stream->last_kernel[n] = '\0';
    }
    memcpy(ctx->last_kernel, kernel->name, n);
    ctx->last_kernel[n] = '\0';
}

/* Raises the kernel's dynamic shared memory limit past the 48 KiB default
 * when a launch asks for more (the check already bounded it by the device). */
pyk_status rt_opt_in_shared(pyk_kernel *kernel, size_t bytes)
{
    if (bytes <= kernel->dynamic_shared_opted)
        return PYK_OK;
    pyk_context *ctx = kernel->module->ctx;
    pyk_status status = rt_make_current(ctx);   /* rare: once per kernel and size */
    if (status != PYK_OK)
        return status;
    status = rt_check(ctx, ctx->cu->cuFuncSetAttribute(
                                          kernel->function,
                                          CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)bytes),
                                 "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", NULL);
    if (status == PYK_OK)
        kernel->dynamic_shared_opted = bytes;
    return status;
}

/* `derived`: whether the blockmax facts apply (pyk_launch: yes;
 * pyk_launch_raw: no, it checks only what the driver's limits say). */
static pyk_status check_config(pyk_kernel *kernel, const pyk_launch_config *config, bool derived)
{
    pyk_context *ctx = kernel->module->ctx;
    if (!config)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "launch of kernel '%s': config is NULL",
                        kernel->name);
    if (config->stream && config->stream->ctx != ctx)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "launch of kernel '%s': the stream belongs to another context", kernel->name);
    char buffer[1024];
    RtText report = rt_text_over(buffer, sizeof buffer);
    RtKernelLimits limits = rt_kernel_limits(kernel);
    pyk_status status = rt_check_config(&ctx->properties, &limits,
                                        derived ? kernel->facts : NULL, config, &report);
    if (status != PYK_OK)
        return rt_error(ctx, status, "%s", buffer);
    return PYK_OK;
}

static CUresult launch_kernel(pyk_kernel *kernel, const pyk_launch_config *config, void **params,
                              bool cooperative)
{
    const RtDriver *cu = kernel->module->ctx->cu;
    const pyk_dim3 *g = &config->grid, *b = &config->block;
    unsigned gy = g->y ? g->y : 1, gz = g->z ? g->z : 1, by = b->y ? b->y : 1, bz = b->z ? b->z : 1;
    CUstream stream = config->stream ? config->stream->cu_stream : NULL;
    if (cooperative)
        return cu->cuLaunchCooperativeKernel(kernel->function, g->x, gy, gz, b->x, by, bz,
                                             (unsigned)config->dynamic_shared_bytes, stream, params);
    return cu->cuLaunchKernel(kernel->function, g->x, gy, gz, b->x, by, bz,
                              (unsigned)config->dynamic_shared_bytes, stream, params, NULL);
}

/* The driver call shared by both launch paths. */
static pyk_status launch(pyk_kernel *kernel, const pyk_launch_config *config, void **params)
{
    pyk_context *ctx = kernel->module->ctx;
    bool cooperative = kernel->facts && kernel->facts->cooperative;
    pyk_status status = rt_opt_in_shared(kernel, config->dynamic_shared_bytes);
    if (status == PYK_OK && cooperative)
        status = rt_cooperative_admit(kernel, config);   /* after the opt-in, which it counts on */
    if (status != PYK_OK)
        return status;
    /* The launch is tried first and the context made current only when the
     * driver refuses it for that reason: asking the driver which context is
     * current on every launch costs more than the checks above together. */
    CUresult result = launch_kernel(kernel, config, params, cooperative);
    if (result == CUDA_ERROR_INVALID_CONTEXT || result == CUDA_ERROR_INVALID_HANDLE) {
        if ((status = rt_make_current(ctx)) != PYK_OK)
            return status;
        result = launch_kernel(kernel, config, params, cooperative);
    }
    if (result != CUDA_SUCCESS) {
        char what[RT_NAME_CAP + 64];
        snprintf(what, sizeof what, "%s of kernel '%s'",
                 cooperative ? "cuLaunchCooperativeKernel" : "cuLaunchKernel", kernel->name);
        return rt_check(ctx, result, what, ctx->last_kernel);
    }
    note_launched(kernel, config->stream);
    rt_check_note_launch(kernel);
    return PYK_OK;
}

pyk_status pyk_launch(pyk_kernel *kernel, const pyk_launch_config *config, const pyk_arg *args,
                      int nargs)
{
    if (!kernel)
        return rt_null_handle("pyk_launch", "the kernel");
    pyk_context *ctx = kernel->module->ctx;
    if (nargs < 0)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "launch of kernel '%s': nargs is %d; the argument count cannot be negative",
                        kernel->name, nargs);
    if (nargs > 0 && !args)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "launch of kernel '%s': %d argument%s but args is NULL", kernel->name, nargs,
                        nargs == 1 ? "" : "s");
    bool derived = !ctx->skip_derived_checks;
    pyk_status status = check_config(kernel, config, derived);
    if (status != PYK_OK)
        return status;
    char buffer[2048];
    RtText report = rt_text_over(buffer, sizeof buffer);
    const RtKernelFacts *facts = kernel->facts;
    if (facts && (status = rt_check_args(facts, ctx, args, nargs, &report)) != PYK_OK)
        return rt_error(ctx, status, "%s", buffer);
    /* Only once the arguments match: the extents are read from them. */
    if (derived && facts && facts->covers_count &&
        (status = rt_check_coverage(facts, config, args, nargs, &report)) != PYK_OK)
        return rt_error(ctx, status, "%s", buffer);
    uint64_t slots[RT_MAX_PARAM_SLOTS];
    void *params[RT_MAX_PARAM_SLOTS];
    if (rt_flatten_args(args, nargs, slots, params, kernel->name, &report) < 0)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s", buffer);
    return launch(kernel, config, params);
}

pyk_status pyk_launch_by_name(pyk_module *module, const char *name, const pyk_launch_config *config,
                              const pyk_arg *args, int nargs)
{
    pyk_kernel *kernel;
    pyk_status status = pyk_module_kernel(module, name, &kernel);
    return status != PYK_OK ? status : pyk_launch(kernel, config, args, nargs);
}

pyk_status pyk_launch_raw(pyk_kernel *kernel, const pyk_launch_config *config, void **params)
{
    if (!kernel)
        return rt_null_handle("pyk_launch_raw", "the kernel");
    pyk_status status = check_config(kernel, config, false);
    return status != PYK_OK ? status : launch(kernel, config, params);
}
