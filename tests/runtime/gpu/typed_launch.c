/* The typed launchers of a header `pykc compile --emit=header` generates
 * (Inputs/typed_kernels.pyk, built into typed_kernels.h): vecadd through
 * KERNEL_launch_1d and KERNEL_launch over n = 1000003 with the output
 * poisoned first and compared bitwise with the CPU; a scalar-taking kernel
 * with launch_bounds, whose 1-D launcher must keep within its 128 threads
 * and whose explicit launch with 256 is refused; a 2-D kernel; the checks
 * the C types cannot make (ndim) still made; the module loaded once per
 * context (pyk_context_module); pyk_as_f32 refusing another dtype; complex
 * scalars (two kernel parameters each) and complex arrays. */
#include <math.h>

#include "gpu_test.h"
#include "typed_kernels.h"

static float *random_floats(int64_t n, uint32_t seed)
{
    float *v = malloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++)
        v[i] = (float)(test_random(&seed) % 100000) / 7.0f - 5000.0f;
    return v;
}

static int64_t count_mismatches(const float *want, const float *got, int64_t n)
{
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++)
        wrong += memcmp(&want[i], &got[i], sizeof *want) != 0;
    return wrong;
}

static void test_vecadd(pyk_context *ctx)
{
    const int64_t n = 1000003;
    float *x = random_floats(n, 7), *y = random_floats(n, 11), *out = malloc((size_t)n * sizeof *out);
    float *want = malloc((size_t)n * sizeof *want);
    for (int64_t i = 0; i < n; i++) {
        want[i] = x[i] + y[i];
        out[i] = -12345.0f;
    }
    pyk_array_f32 *dx, *dy, *dout;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 1, &n, &dout)); /* poisoned */
    EXPECT_OK(ctx, vecadd_launch_1d(ctx, n, NULL, dx, dy, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    CHECK(count_mismatches(want, out, n) == 0);

    /* Explicit configuration, on a stream. */
    pyk_stream *stream;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &stream));
    EXPECT_OK(ctx, pyk_copy_from_host_f32(dout, x, n)); /* poison again */
    pyk_launch_config cfg = pyk_config_1d(n, 128);
    cfg.stream = stream;
    EXPECT_OK(ctx, vecadd_launch(ctx, &cfg, dx, dy, dout));
    EXPECT_OK(ctx, pyk_stream_synchronize(stream));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    CHECK(count_mismatches(want, out, n) == 0);
    pyk_stream_destroy(stream);

    /* A wrong element count for the host buffer is caught. */
    EXPECT_STATUS(ctx, pyk_copy_to_host_f32(dout, out, n - 1), PYK_ERROR_SIZE_MISMATCH);

    /* The dtype check the other way: an untyped float32 array is one. */
    CHECK(pyk_as_f32(pyk_untyped_f32(dx)) == dx);
    CHECK(pyk_as_f64(pyk_untyped_f32(dx)) == NULL);
    CHECK(pyk_as_f32(NULL) == NULL);
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    free(x);
    free(y);
    free(out);
    free(want);
}

static void test_bounded(pyk_context *ctx)
{
    const int64_t n = 100001;
    float *x = random_floats(n, 3), *y = random_floats(n, 5), *out = malloc((size_t)n * sizeof *out);
    float *want = malloc((size_t)n * sizeof *want);
    const float a = 1.5f;
    for (int64_t i = 0; i < n; i++) {
        volatile float product = a * x[i]; /* no FMA contraction on the host */
        want[i] = product + y[i];
        out[i] = -1.0f;
    }
    pyk_array_f32 *dx, *dy, *dout;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 1, &n, &dout));
    EXPECT_OK(ctx, saxpy_bounded_launch_1d(ctx, n, NULL, a, dx, dy, n, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    /* pykc contracts a * x + y into an FMA as Numba does; allow that one
     * rounding difference: compare against both. */
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++) {
        float fused = fmaf(a, x[i], y[i]);
        wrong += memcmp(&want[i], &out[i], sizeof(float)) != 0 && memcmp(&fused, &out[i], sizeof(float)) != 0;
    }
    CHECK(wrong == 0);

    pyk_module *module, *again;
    pyk_kernel *kernel;
    int block = 0;
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_typed_kernels, &module));
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_typed_kernels, &again));
    CHECK(module == again);
    EXPECT_OK(ctx, pyk_module_kernel(module, "saxpy_bounded", &kernel));
    CHECK(pyk_kernel_max_threads(kernel) <= 128);
    EXPECT_OK(ctx, pyk_kernel_suggest_block_size(kernel, 0, &block));
    CHECK(block > 0 && block <= 128);

    pyk_launch_config too_big = pyk_config_1d(n, 256);
    EXPECT_STATUS(ctx, saxpy_bounded_launch(ctx, &too_big, a, dx, dy, n, dout), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "saxpy_bounded");
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    free(x);
    free(y);
    free(out);
    free(want);
}

static void test_fill2d(pyk_context *ctx)
{
    const int64_t shape[2] = {37, 1029};
    const int64_t n = shape[0] * shape[1];
    int32_t *host = malloc((size_t)n * sizeof *host);
    for (int64_t i = 0; i < n; i++)
        host[i] = -7;
    pyk_array_i32 *m;
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, host, 2, shape, &m));
    pyk_launch_config cfg = {{(unsigned)((shape[0] + 7) / 8), (unsigned)((shape[1] + 31) / 32), 1},
                             {8, 32, 1}, 0, NULL};
    EXPECT_OK(ctx, fill2d_launch(ctx, &cfg, m, 5));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(m, host, n));
    int64_t wrong = 0;
    for (int64_t i = 0; i < shape[0]; i++)
        for (int64_t j = 0; j < shape[1]; j++)
            wrong += host[i * shape[1] + j] != (int32_t)(5 + i * 1000 + j);
    CHECK(wrong == 0);

    /* The C type says int32; the ndim is still checked at launch. */
    pyk_array_i32 *flat;
    EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &n, &flat));
    EXPECT_STATUS(ctx, fill2d_launch(ctx, &cfg, flat, 5), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "'m'");
    pyk_array_free_i32(flat);
    pyk_array_free_i32(m);
    free(host);
}

/* x + a - b with a complex64 a and x, a complex128 b: the complex64 sum,
 * then the difference in complex128, part by part. */
static void test_complex(pyk_context *ctx)
{
    const int64_t n = 1001;
    pyk_complex64 *x = malloc((size_t)n * sizeof *x);
    pyk_complex128 *out = malloc((size_t)n * sizeof *out);
    uint32_t seed = 13;
    for (int64_t i = 0; i < n; i++) {
        x[i] = pyk_c64((float)(test_random(&seed) % 1000) / 8.0f, -(float)(test_random(&seed) % 1000) / 16.0f);
        out[i] = pyk_c128(-1.0, -1.0);
    }
    const pyk_complex64 a = pyk_c64(0.75f, -1.5f);
    const pyk_complex128 b = pyk_c128(1.0 / 3.0, 2.0 / 3.0);
    pyk_array_c64 *dx;
    pyk_array_c128 *dout;
    EXPECT_OK(ctx, pyk_to_device_c64(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_c128(ctx, out, 1, &n, &dout));
    EXPECT_OK(ctx, shift_launch_1d(ctx, n, NULL, a, b, dx, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_c128(dout, out, n));
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++) {
        volatile float re = x[i].re + a.re, im = x[i].im + a.im;
        wrong += out[i].re != (double)re - b.re || out[i].im != (double)im - b.im;
    }
    CHECK(wrong == 0);
    pyk_array_free_c64(dx);
    pyk_array_free_c128(dout);
    free(x);
    free(out);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_vecadd(ctx);
    test_bounded(ctx);
    test_fill2d(ctx);
    test_complex(ctx);
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_context_destroy(ctx); /* unloads the cached module */
    return check_summary();
}
