/* pyk_kernel_config_nd against the fake driver: the block shapes it makes
 * of the occupancy calculator's suggestion (FAKE_CUDA_BLOCK_SIZE, set
 * before each kernel's first query, which the runtime caches), within a
 * limit and the device's maxima (the fake's: 1024 x 1024 x 64), the grids
 * that cover the extents, and its argument errors. Prints one line per
 * configuration for lit (config_nd.test); ends with "N passed, M failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "pykrt.h"

static const char PTX[] =
    "// pykc.kernel k32(a: array(float32, 2d, C))\n"
    "// pykc.kernel k64(a: array(float32, 2d, C))\n"
    "// pykc.kernel k128(a: array(float32, 2d, C))\n"
    "// pykc.kernel k256(a: array(float32, 2d, C))\n"
    "// pykc.kernel k512(a: array(float32, 2d, C))\n"
    "// pykc.kernel k768(a: array(float32, 2d, C))\n"
    "// pykc.kernel k1024(a: array(float32, 2d, C))\n";

static void show(pyk_module *module, const char *name, const char *suggest, int dims,
                 int64_t x, int64_t y, int64_t z, pyk_dim3 limit)
{
    setenv("FAKE_CUDA_BLOCK_SIZE", suggest, 1);
    pyk_kernel *kernel = NULL;
    CHECK(pyk_module_kernel(module, name, &kernel) == PYK_OK);
    const int64_t extent[3] = {x, y, z};
    pyk_launch_config cfg;
    pyk_status status = pyk_kernel_config_nd(kernel, dims, extent, limit, &cfg);
    CHECK(status == PYK_OK);
    printf("%s %dd extent %lldx%lldx%lld limit %ux%ux%u: block %ux%ux%u grid %ux%ux%u\n", name, dims,
           (long long)x, (long long)y, (long long)z, limit.x, limit.y, limit.z, cfg.block.x,
           cfg.block.y, cfg.block.z, cfg.grid.x, cfg.grid.y, cfg.grid.z);
}

int main(void)
{
    pyk_context *ctx = NULL;
    pyk_module *module = NULL;
    if (pyk_init(&ctx, 0) != PYK_OK || pyk_module_load_ptx(ctx, PTX, &module) != PYK_OK)
        return printf("FAIL: %s\n", pyk_last_error(ctx)), 1;
    const pyk_dim3 none = {0, 0, 0}, tile = {16, 16, 0};
    show(module, "k256", "256", 2, 1000, 1000, 0, none);
    show(module, "k512", "512", 2, 1000, 1000, 0, none);
    show(module, "k128", "128", 2, 1, 0, 0, none);
    show(module, "k1024", "1024", 2, 100, 33, 0, none);
    show(module, "k1024", "1024", 2, 100, 33, 0, tile);
    show(module, "k768", "768", 2, 64, 64, 0, none);
    show(module, "k64", "64", 2, 8, 8, 0, none);
    show(module, "k32", "32", 2, 8, 8, 0, none);
    show(module, "k256", "256", 3, 10, 10, 10, none);
    show(module, "k1024", "1024", 3, 100, 100, 100, none);
    const pyk_dim3 flat = {4, 4, 2};
    show(module, "k1024", "1024", 3, 100, 100, 100, flat);
    /* A limit is the block's extent along its axis even where the
     * occupancy pick is smaller (a 16 x 16 tile needs 16 x 16 threads);
     * the other axes share what is left. */
    show(module, "k128", "128", 2, 100, 100, 0, tile);
    const pyk_dim3 rows = {32, 0, 0}, deep = {0, 0, 4};
    show(module, "k256", "256", 2, 100, 100, 0, rows);
    show(module, "k256", "256", 3, 100, 100, 100, deep);

    pyk_kernel *kernel = NULL;
    CHECK(pyk_module_kernel(module, "k256", &kernel) == PYK_OK);
    const int64_t extent[3] = {1, 1, 1};
    pyk_launch_config cfg;
    CHECK(pyk_kernel_config_nd(NULL, 2, extent, none, &cfg) == PYK_ERROR_INVALID_ARGUMENT);
    CHECK(strcmp(pyk_last_error(NULL), "pyk_kernel_config_nd: the kernel is NULL") == 0);
    CHECK(pyk_kernel_config_nd(kernel, 1, extent, none, &cfg) == PYK_ERROR_INVALID_ARGUMENT);
    CHECK(strcmp(pyk_last_error(ctx), "pyk_kernel_config_nd: dims must be 2 or 3") == 0);
    CHECK(cfg.block.x == 0 && cfg.grid.x == 0);
    CHECK(pyk_kernel_config_nd(kernel, 2, NULL, none, &cfg) == PYK_ERROR_INVALID_ARGUMENT);
    CHECK(strcmp(pyk_last_error(ctx), "pyk_kernel_config_nd: the extent pointer is NULL") == 0);
    CHECK(pyk_kernel_config_nd(kernel, 2, extent, none, NULL) == PYK_ERROR_INVALID_ARGUMENT);
    CHECK(strcmp(pyk_last_error(ctx), "pyk_kernel_config_nd: the config pointer is NULL") == 0);
    pyk_module_unload(module);
    pyk_context_destroy(ctx);
    return check_summary();
}
