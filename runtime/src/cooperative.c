/* Cooperative kernels: those whose launch facts say cooperative=grid, as
 * pykc writes for a kernel that takes cuda.cg.this_grid(). Their grid
 * syncs wait for every block, so every block must be resident at once:
 * launch.c launches them with cuLaunchCooperativeKernel, after
 * rt_cooperative_admit has checked the grid against what the device holds
 * (the driver's occupancy calculator, asked once per block shape), so that
 * a grid too large is refused with the largest one that fits rather than
 * with the driver's bare CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE. */
#include "launch_check.h"
#include "rt.h"

static unsigned long long block_threads(const pyk_dim3 *block)
{
    return (unsigned long long)block->x * (block->y ? block->y : 1) * (block->z ? block->z : 1);
}

/* Blocks of `threads` threads and `dynamic` bytes of dynamic shared memory
 * that one multiprocessor holds at once. The last answer is kept: a
 * program launches one kernel with one shape again and again. */
static pyk_status blocks_per_sm(pyk_kernel *kernel, unsigned threads, size_t dynamic, int *per_sm)
{
    if (kernel->resident_threads == threads && kernel->resident_dynamic == dynamic) {
        *per_sm = kernel->resident_per_sm;
        return PYK_OK;
    }
    pyk_context *ctx = kernel->module->ctx;
    int n = 0;
    pyk_status status = rt_make_current(ctx);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuOccupancyMaxActiveBlocksPerMultiprocessor(
                                   &n, kernel->function, (int)threads, dynamic),
                          "cuOccupancyMaxActiveBlocksPerMultiprocessor", NULL);
    if (status != PYK_OK)
        return status;
    kernel->resident_threads = threads;
    kernel->resident_dynamic = dynamic;
    kernel->resident_per_sm = *per_sm = n;
    return PYK_OK;
}

pyk_status rt_cooperative_admit(pyk_kernel *kernel, const pyk_launch_config *config)
{
    pyk_context *ctx = kernel->module->ctx;
    int per_sm = 0;
    /* check_config has bounded the block by the kernel's limit: it fits an int */
    unsigned threads = (unsigned)block_threads(&config->block);
    pyk_status status = ctx->properties.cooperative_launch
                            ? blocks_per_sm(kernel, threads, config->dynamic_shared_bytes, &per_sm)
                            : PYK_OK;
    if (status != PYK_OK)
        return status;
    char buffer[768];
    RtText report = rt_text_over(buffer, sizeof buffer);
    status = rt_check_cooperative(&ctx->properties, kernel->name, config, per_sm, &report);
    return status == PYK_OK ? PYK_OK : rt_error(ctx, status, "%s", buffer);
}

int pyk_kernel_is_cooperative(const pyk_kernel *kernel)
{
    return kernel && kernel->facts && kernel->facts->cooperative;
}

pyk_status pyk_kernel_max_cooperative_blocks(pyk_kernel *kernel, pyk_dim3 block,
                                             size_t dynamic_shared_bytes, unsigned *blocks)
{
    if (blocks)
        *blocks = 0;
    if (!kernel)
        return rt_null_handle("pyk_kernel_max_cooperative_blocks", "the kernel");
    pyk_context *ctx = kernel->module->ctx;
    if (!blocks)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_max_cooperative_blocks: the blocks pointer is NULL");
    unsigned long long threads = block_threads(&block);
    if (threads == 0)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_max_cooperative_blocks of kernel '%s': the block has no thread",
                        kernel->name);
    /* a block that cannot run at all: none fits (the launch check says why) */
    if (threads > (unsigned long long)pyk_kernel_max_threads(kernel) ||
        kernel->static_shared_bytes + dynamic_shared_bytes > ctx->properties.shared_mem_per_block_optin ||
        dynamic_shared_bytes > ctx->properties.shared_mem_per_block_optin)
        return PYK_OK;
    int per_sm = 0;
    pyk_status status = rt_opt_in_shared(kernel, dynamic_shared_bytes);
    if (status == PYK_OK)
        status = blocks_per_sm(kernel, (unsigned)threads, dynamic_shared_bytes, &per_sm);
    if (status == PYK_OK && per_sm > 0 && ctx->properties.sm_count > 0)
        *blocks = (unsigned)per_sm * (unsigned)ctx->properties.sm_count;
    return status;
}
