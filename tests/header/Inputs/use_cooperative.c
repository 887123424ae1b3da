/* Calls the launchers of Inputs/cooperative.pyk's header and its
 * cooperative kernel's rotate_max_cooperative_blocks; compiled as C and as
 * C++ with warnings as errors (header_cooperative.test). Never run. */
#include "cooperative.h"

int use(pyk_context *ctx, int64_t count);
int use(pyk_context *ctx, int64_t count)
{
    pyk_array_i32 *src = NULL, *out = NULL;
    if (pyk_device_array_i32(ctx, 1, &count, &src) != PYK_OK ||
        pyk_device_array_i32(ctx, 1, &count, &out) != PYK_OK)
        return 1;
    pyk_dim3 block = {256, 1, 1};
    unsigned most = 0;
    if (rotate_max_cooperative_blocks(ctx, block, 0, &most) != PYK_OK)
        return 1;
    pyk_launch_config cfg = {{most, 1, 1}, block, 0, NULL};
    int failures = 0;
    failures += rotate_launch(ctx, &cfg, src, out) != PYK_OK;
    failures += rotate_launch_1d(ctx, count, NULL, src, out) != PYK_OK;
    failures += plain_launch_1d(ctx, count, NULL, out) != PYK_OK;
    pyk_array_free_i32(src);
    pyk_array_free_i32(out);
    return failures;
}
