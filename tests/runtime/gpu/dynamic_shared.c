/* Dynamic shared memory: reverse() stages through cuda.shared.array(0, ...)
 * sized by the launch, first within the 48 KiB default, then 64 KiB, which
 * needs the opt-in the runtime makes on its own; and a kernel with
 * maxntid=128 launched at its limit. Outputs are poisoned first. */
#include "gpu_test.h"

static void run_reverse(pyk_context *ctx, pyk_module *m, unsigned block, size_t smem)
{
    enum { BLOCKS = 3 };
    int32_t host[BLOCKS * 1024];
    size_t n = (size_t)BLOCKS * block;
    memset(host, 0xEE, sizeof host);
    pyk_array *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, (int64_t[]){(int64_t)n}, &out));
    pyk_launch_config config = {{BLOCKS, 1, 1}, {block, 1, 1}, smem, NULL};
    pyk_arg args[] = {pyk_arg_array(out)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "reverse", &config, args, 1));
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, n * sizeof host[0]));
    int wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += host[i] != (int32_t)(block - 1 - i % block);
    CHECK(wrong == 0);
    pyk_array_free(out);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_SHARED);
    run_reverse(ctx, m, 1000, 1000 * sizeof(int32_t));
    run_reverse(ctx, m, 1024, 64 * 1024);
    run_reverse(ctx, m, 512, pyk_context_properties(ctx)->shared_mem_per_block_optin);

    int32_t host[128];
    memset(host, 0xEE, sizeof host);
    pyk_array *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, (int64_t[]){128}, &out));
    pyk_launch_config config = pyk_config_1d(128, 128);
    pyk_arg args[] = {pyk_arg_array(out)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "limited", &config, args, 1));
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, sizeof host));
    int wrong = 0;
    for (int i = 0; i < 128; i++)
        wrong += host[i] != i;
    CHECK(wrong == 0);
    pyk_array_free(out);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
