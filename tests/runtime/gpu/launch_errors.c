/* Every check pyk_launch makes before calling the driver, each triggered on
 * a real device and reported by kernel and parameter name: argument count,
 * dtype, ndim, scalar type, a non-contiguous array for a C parameter, a
 * block over the device limit, a block over the kernel's maxntid, too much
 * dynamic shared memory, a zero grid, an unknown kernel. Nothing is
 * launched by a failed check (the poisoned output stays), and the context
 * is still usable afterwards. */
#include "gpu_test.h"

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_BASIC);
    pyk_module *shared = load_or_die(ctx, PTX_SHARED);
    const int64_t n = 1000;
    float poison[1000];
    for (int i = 0; i < 1000; i++)
        poison[i] = -7.0f;
    pyk_array *x, *x64, *m2, *out, *strided;
    EXPECT_OK(ctx, pyk_to_device(ctx, poison, PYK_FLOAT32, 1, &n, &x));
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT64, 1, &n, &x64));
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 2, (int64_t[]){10, 100}, &m2));
    EXPECT_OK(ctx, pyk_to_device(ctx, poison, PYK_FLOAT32, 1, &n, &out));
    EXPECT_OK(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(x), PYK_FLOAT32, 1,
                                  (int64_t[]){500}, (int64_t[]){2}, &strided));
    pyk_launch_config config = pyk_config_1d(n, 256);

    pyk_arg two[] = {pyk_arg_array(x), pyk_arg_array(x)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &config, two, 2), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'vecadd' takes 3 arguments (x, y, out) but 2 were given");

    pyk_arg dtype[] = {pyk_arg_array(x), pyk_arg_array(x64), pyk_arg_array(out)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &config, dtype, 3), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'vecadd': parameter 'y' (argument 2) expects "
                                        "array(float32, 1d, C) but got an array of another dtype "
                                        "array(float64, 1d, C)");

    pyk_arg ndim[] = {pyk_arg_array(m2), pyk_arg_array(x), pyk_arg_array(out)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &config, ndim, 3), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "parameter 'x' (argument 1) expects array(float32, 1d, C) "
                                        "but got an array of another ndim array(float32, 2d, C)");

    pyk_arg noncontig[] = {pyk_arg_array(x), pyk_arg_array(x), pyk_arg_array(strided)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &config, noncontig, 3),
                  PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "parameter 'out' (argument 3) expects array(float32, 1d, C) "
                                        "but got a non-C-contiguous array array(float32, 1d, A)");

    pyk_arg scalar[] = {pyk_arg_array(x), pyk_arg_f64(2.0)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "scale", &config, scalar, 2), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'scale': parameter 's' (argument 2) expects float32 "
                                        "but got a scalar of another type float64");

    pyk_arg good[] = {pyk_arg_array(x), pyk_arg_array(x), pyk_arg_array(out)};
    pyk_launch_config big = pyk_config_1d(n, 1025);
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &big, good, 3), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'vecadd': block.x = 1025 exceeds the device's maximum of 1024");

    pyk_launch_config zero = config;
    zero.grid.x = 0;
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &zero, good, 3), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'vecadd': grid.x is 0");

    const pyk_device_properties *p = pyk_context_properties(ctx);
    pyk_launch_config smem = config;
    smem.dynamic_shared_bytes = p->shared_mem_per_block_optin + 1;
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vecadd", &smem, good, 3), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'vecadd': ");
    CHECK_CONTAINS(pyk_last_error(ctx), "bytes of dynamic shared memory plus the kernel's 0 static "
                                        "bytes exceed the device's maximum of");

    pyk_array *ints;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_INT32, 1, (int64_t[]){256}, &ints));
    pyk_arg limited_args[] = {pyk_arg_array(ints)};
    pyk_launch_config over = pyk_config_1d(256, 256);
    EXPECT_STATUS(ctx, pyk_launch_by_name(shared, "limited", &over, limited_args, 1),
                  PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'limited': a block of 256 threads (256 x 1 x 1) is "
                                        "too large: pykc limited this kernel to 128 threads per block");

    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "vec_add", &config, good, 3), PYK_ERROR_NOT_FOUND);
    CHECK_CONTAINS(pyk_last_error(ctx), "no kernel named 'vec_add'");

    /* None of the refused launches ran: out still holds the poison. */
    float back[1000];
    EXPECT_OK(ctx, pyk_copy_to_host(out, back, sizeof back));
    CHECK(memcmp(back, poison, sizeof back) == 0);
    /* And the context is fine: a correct launch works. */
    EXPECT_OK(ctx, pyk_launch_by_name(m, "vecadd", &config, good, 3));
    EXPECT_OK(ctx, pyk_copy_to_host(out, back, sizeof back));
    CHECK(back[0] == -14.0f && back[999] == -14.0f);

    pyk_array_free(ints);
    pyk_array_free(strided);
    pyk_array_free(x);
    pyk_array_free(x64);
    pyk_array_free(m2);
    pyk_array_free(out);
    pyk_module_unload(shared);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
