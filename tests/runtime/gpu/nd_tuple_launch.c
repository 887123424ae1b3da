/* A 5-d array and tuple parameters launched from C, with the kernels of
 * Inputs/nd_tuple_kernels.pyk built into nd_tuple_kernels.h (pykc compile
 * --emit=header): the typed launchers, taking a 5-d array and structs for
 * the tuple parameters (one holding an array); the untyped pyk_launch with
 * pyk_arg_tuple over a strided 5-d view made with pyk_array_wrap; the
 * launch facts of tuple parameters as pyk_kernel_param reports them; and
 * mismatches inside a tuple refused, naming the member. Outputs are
 * poisoned first and compared with the CPU's. */
#include "gpu_test.h"
#include "nd_tuple_kernels.h"

#define S0 2
#define S1 3
#define S2 2
#define S3 2
#define S4 5
#define COUNT (S0 * S1 * S2 * S3 * S4)

/* shift5: a[z, b, c, d, e] += 1.25 + (3 * e - 7); extra[1][i] = zbcde. */
static void test_shift5(pyk_context *ctx)
{
    const int64_t shape[5] = {S0, S1, S2, S3, S4}, count = COUNT;
    float host[COUNT], want[COUNT];
    int32_t idx[COUNT], want_idx[COUNT];
    for (int i = 0; i < COUNT; i++) {
        int e = i % S4, d = i / S4 % S3, c = i / (S4 * S3) % S2, b = i / (S4 * S3 * S2) % S1;
        int z = i / (S4 * S3 * S2 * S1);
        host[i] = (float)(i % 97) * 0.5f - 20.0f;
        want[i] = host[i] + 1.25f + (float)(3 * e - 7);
        want_idx[i] = z * 10000 + b * 1000 + c * 100 + d * 10 + e;
        idx[i] = -1;
    }
    pyk_array_f32 *a = NULL;
    pyk_array_i32 *recorded = NULL;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, host, 5, shape, &a));
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, idx, 1, &count, &recorded));
    pykc_tuple_t2i64i64 offs = {3, -7};
    pykc_tuple_t2f32i32a1C extra = {1.25f, recorded};
    EXPECT_OK(ctx, shift5_launch_1d(ctx, count, NULL, a, offs, extra));
    float got[COUNT];
    EXPECT_OK(ctx, pyk_copy_to_host_f32(a, got, count));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(recorded, idx, count));
    CHECK(memcmp(got, want, sizeof got) == 0);
    CHECK(memcmp(idx, want_idx, sizeof idx) == 0);

    /* Again with an explicit configuration of several small blocks. */
    EXPECT_OK(ctx, pyk_copy_from_host_f32(a, host, count));
    pyk_launch_config cfg = pyk_config_1d(count, 32);
    EXPECT_OK(ctx, shift5_launch(ctx, &cfg, a, offs, extra));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(a, got, count));
    CHECK(memcmp(got, want, sizeof got) == 0);

    /* The C types cannot check ndim: a 4-d array in the tuple's place of a
     * 5-d one is refused by the launch facts. */
    const int64_t shape4[4] = {S0, S1, S2, S3 * S4};
    pyk_array_f32 *a4 = NULL;
    EXPECT_OK(ctx, pyk_device_array_f32(ctx, 4, shape4, &a4));
    EXPECT_STATUS(ctx, shift5_launch(ctx, &cfg, a4, offs, extra), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "parameter 'a' (argument 1) expects array(float32, 5d, C) but got "
                                        "an array of another ndim array(float32, 4d, C)");
    pyk_array_free_f32(a4);
    pyk_array_free_f32(a);
    pyk_array_free_i32(recorded);
}

/* gather5 over base[::2, 1:, :, :, ::2] of a (3, 4, 2, 3, 6) array: out[i]
 * = view[row-major i] * 3 - 5 + 1000, launched with pyk_launch. */
static void test_gather5(pyk_context *ctx)
{
    enum { B0 = 3, B1 = 4, B2 = 2, B3 = 3, B4 = 6, BASE = B0 * B1 * B2 * B3 * B4 };
    const int64_t base_shape[5] = {B0, B1, B2, B3, B4};
    const int64_t view_shape[5] = {2, 3, 2, 3, 3};
    const int64_t view_strides[5] = {2 * B1 * B2 * B3 * B4, B2 * B3 * B4, B3 * B4, B4, 2};
    const int64_t offset = B2 * B3 * B4;   /* the view starts at base[0, 1, 0, 0, 0] */
    int32_t host[BASE];
    for (int i = 0; i < BASE; i++)
        host[i] = i * 7 - 1000;
    enum { VIEW = 2 * 3 * 2 * 3 * 3 };
    int64_t want[VIEW], got[VIEW];
    for (int i = 0; i < VIEW; i++) {
        int e = i % 3, d = i / 3 % 3, c = i / 9 % 2, b = i / 18 % 3, z = i / 54;
        int64_t at = offset + z * view_strides[0] + b * view_strides[1] + c * view_strides[2] +
                     d * view_strides[3] + e * view_strides[4];
        want[i] = (int64_t)host[at] * 3 - 5 + 1000;
        got[i] = -1;
    }
    pyk_array *base = NULL, *view = NULL, *out = NULL;
    const int64_t count = VIEW;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 5, base_shape, &base));
    EXPECT_OK(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(base) + (uint64_t)offset * 4, PYK_INT32, 5,
                                  view_shape, view_strides, &view));
    EXPECT_OK(ctx, pyk_to_device(ctx, got, PYK_INT64, 1, &count, &out));

    pyk_module *module = NULL;
    pyk_kernel *kernel = NULL;
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_nd_tuple_kernels, &module));
    EXPECT_OK(ctx, pyk_module_kernel(module, "gather5", &kernel));
    pyk_param_info info;
    EXPECT_OK(ctx, pyk_kernel_param(kernel, 0, &info));
    CHECK(info.ndim == 5 && info.layout == PYK_LAYOUT_A && info.member_count == 0);
    EXPECT_OK(ctx, pyk_kernel_param(kernel, 1, &info));
    CHECK(info.member_count == 2 && info.dtype == 0 && info.ndim == 0);
    CHECK(info.type && strcmp(info.type, "Tuple(int64, UniTuple(int32 x 2))") == 0);

    pyk_arg inner[] = {pyk_arg_i32(3), pyk_arg_i32(-5)};
    pyk_arg t[] = {pyk_arg_i64(1000), pyk_arg_tuple(inner, 2)};
    pyk_arg args[] = {pyk_arg_array(view), pyk_arg_tuple(t, 2), pyk_arg_array(out)};
    pyk_launch_config cfg = pyk_config_1d(VIEW, 64);
    EXPECT_OK(ctx, pyk_launch(kernel, &cfg, args, 3));
    EXPECT_OK(ctx, pyk_copy_to_host(out, got, sizeof got));
    CHECK(memcmp(got, want, sizeof got) == 0);

    /* A member of the wrong type, deep in the tuple, is named by its path. */
    pyk_arg inner_bad[] = {pyk_arg_i32(3), pyk_arg_i64(-5)};
    pyk_arg t_bad[] = {pyk_arg_i64(1000), pyk_arg_tuple(inner_bad, 2)};
    pyk_arg bad[] = {pyk_arg_array(view), pyk_arg_tuple(t_bad, 2), pyk_arg_array(out)};
    EXPECT_STATUS(ctx, pyk_launch(kernel, &cfg, bad, 3), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'gather5': parameter 't' (argument 2) expects "
                                        "Tuple(int64, UniTuple(int32 x 2)) but its member [1][1] (int32) is "
                                        "a scalar of another type int64");
    pyk_arg flat[] = {pyk_arg_array(view), pyk_arg_i64(1000), pyk_arg_array(out)};
    EXPECT_STATUS(ctx, pyk_launch(kernel, &cfg, flat, 3), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "expects Tuple(int64, UniTuple(int32 x 2)) but got a scalar int64");

    /* The strided view cannot stand for shift5's C-contiguous array. */
    EXPECT_OK(ctx, pyk_module_kernel(module, "shift5", &kernel));
    pyk_arg offs[] = {pyk_arg_i64(1), pyk_arg_i64(2)};
    pyk_arg extra[] = {pyk_arg_f32(0.0f), pyk_arg_array(out)};
    pyk_arg shift_args[] = {pyk_arg_array(view), pyk_arg_tuple(offs, 2), pyk_arg_tuple(extra, 2)};
    EXPECT_STATUS(ctx, pyk_launch(kernel, &cfg, shift_args, 3), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "parameter 'a' (argument 1) expects array(float32, 5d, C) but got "
                                        "an array of another dtype");
    CHECK_CONTAINS(pyk_last_error(ctx), "its member [1] (array(int32, 1d, C)) is an array of another dtype "
                                        "array(int64, 1d, C)");
    pyk_array_free(view);
    pyk_array_free(base);
    pyk_array_free(out);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_shift5(ctx);
    test_gather5(ctx);
    pyk_context_destroy(ctx);
    return check_summary();
}
