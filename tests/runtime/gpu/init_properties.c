/* pyk_init on every device: properties read once and plausible for any
 * CUDA GPU pykc targets (sm_80+), the ordinal check, and several contexts
 * at once in one process (two on device 0, one per further device). */
#include "gpu_test.h"

int main(void)
{
    int count = 0;
    EXPECT_OK(NULL, pyk_device_count(&count));
    CHECK(count >= 1);
    pyk_context *ctx = open_device0();
    const pyk_device_properties *p = pyk_context_properties(ctx);
    printf("device 0: %s, sm_%d%d, %d SMs, %zu bytes, smem %zu / opt-in %zu\n", p->name,
           p->compute_major, p->compute_minor, p->sm_count, p->total_memory,
           p->shared_mem_per_block, p->shared_mem_per_block_optin);
    CHECK(p->ordinal == 0);
    CHECK(p->name[0] != '\0');
    CHECK(p->compute_major >= 8);
    CHECK(p->sm_count > 0);
    CHECK(p->warp_size == 32);
    CHECK(p->max_threads_per_block == 1024);
    CHECK(p->max_block_dim[0] == 1024 && p->max_block_dim[1] == 1024 && p->max_block_dim[2] == 64);
    CHECK(p->max_grid_dim[0] == 2147483647 && p->max_grid_dim[1] == 65535);
    CHECK(p->shared_mem_per_block == 49152);
    CHECK(p->shared_mem_per_block_optin >= p->shared_mem_per_block);
    CHECK(p->total_memory > ((size_t)1 << 30));

    pyk_context *bad = (pyk_context *)&bad;
    EXPECT_STATUS(NULL, pyk_init(&bad, count), PYK_ERROR_NO_DEVICE);
    CHECK(bad == NULL);
    CHECK_CONTAINS(pyk_last_error(NULL), "requested, but this machine has");
    EXPECT_STATUS(NULL, pyk_init(&bad, -1), PYK_ERROR_NO_DEVICE);

    /* A second context on device 0, and one per other device, all usable. */
    pyk_context *more[9] = {0};
    EXPECT_OK(NULL, pyk_init(&more[0], 0));
    for (int d = 1; d < count && d < 9; d++)
        EXPECT_OK(NULL, pyk_init(&more[d], d));
    for (int d = 0; d < count && d < 9; d++) {
        if (!more[d])
            continue;
        int32_t host[5] = {1, 2, 3, 4, 5}, back[5] = {0};
        pyk_array *a;
        EXPECT_OK(more[d], pyk_to_device(more[d], host, PYK_INT32, 1, (int64_t[]){5}, &a));
        EXPECT_OK(more[d], pyk_copy_to_host(a, back, sizeof back));
        CHECK(memcmp(host, back, sizeof host) == 0);
        CHECK(pyk_context_properties(more[d])->ordinal == d);
        pyk_array_free(a);
        pyk_context_destroy(more[d]);
    }
    /* The first context still works after the others let go. */
    pyk_array *a;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT64, 1, (int64_t[]){3}, &a));
    pyk_array_free(a);
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_context_destroy(ctx);
    return check_summary();
}
