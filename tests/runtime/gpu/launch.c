/* Launches that must work: vecadd by name over n = 1000003 (not a multiple
 * of the block) with the output poisoned first and compared bitwise with
 * the CPU; every scalar width; a 2-D grid over C and F arrays; a strided
 * (layout A) view; a kernel without launch facts, through pyk_launch and
 * pyk_launch_raw; a block size from the occupancy calculator. */
#include "gpu_test.h"

static void test_vecadd(pyk_context *ctx, pyk_module *m)
{
    const int64_t n = 1000003;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *out = malloc(n * sizeof *out);
    uint32_t seed = 99;
    for (int64_t i = 0; i < n; i++) {
        x[i] = (float)(test_random(&seed) % 100000) / 7.0f;
        y[i] = (float)(test_random(&seed) % 100000) / -3.0f;
        out[i] = -1.0f;
    }
    pyk_array *dx, *dy, *dout;
    EXPECT_OK(ctx, pyk_to_device(ctx, x, PYK_FLOAT32, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device(ctx, y, PYK_FLOAT32, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device(ctx, out, PYK_FLOAT32, 1, &n, &dout)); /* poisoned */
    pyk_launch_config config = pyk_config_1d(n, 256);
    pyk_arg args[] = {pyk_arg_array(dx), pyk_arg_array(dy), pyk_arg_array(dout)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "vecadd", &config, args, 3));
    EXPECT_OK(ctx, pyk_copy_to_host(dout, out, n * sizeof *out));
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++) {
        float want = x[i] + y[i];
        wrong += memcmp(&want, &out[i], sizeof want) != 0;
    }
    CHECK(wrong == 0);
    pyk_array_free(dx);
    pyk_array_free(dy);
    pyk_array_free(dout);
    free(x);
    free(y);
    free(out);
}

static void test_scalars(pyk_context *ctx)
{
    pyk_module *m = load_or_die(ctx, PTX_SCALARS);
    int64_t out[8];
    memset(out, 0x5A, sizeof out);
    pyk_array *d;
    EXPECT_OK(ctx, pyk_to_device(ctx, out, PYK_INT64, 1, (int64_t[]){8}, &d));
    pyk_launch_config config = pyk_config_1d(1, 32);
    pyk_arg args[] = {pyk_arg_array(d), pyk_arg_i8(-100), pyk_arg_i16(-30000), pyk_arg_i32(-2000000000),
                      pyk_arg_i64(-9000000000000000000LL), pyk_arg_u8(250), pyk_arg_f32(-1234.75f),
                      pyk_arg_f64(1e15 + 0.5), pyk_arg_bool(7)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "scalars", &config, args, 9));
    EXPECT_OK(ctx, pyk_copy_to_host(d, out, sizeof out));
    CHECK(out[0] == -100);
    CHECK(out[1] == -30000);
    CHECK(out[2] == -2000000000);
    CHECK(out[3] == -9000000000000000000LL);
    CHECK(out[4] == 250);
    CHECK(out[5] == -1234);             /* truncated toward zero */
    CHECK(out[6] == 1000000000000000LL);
    CHECK(out[7] == 1);                 /* pyk_arg_bool normalises to 0/1 */
    pyk_array_free(d);
    pyk_module_unload(m);
}

/* fill2d over a 37 x 45 array in C order, then over an F-ordered wrap of
 * the same memory: a[i, j] = 1000 i + j at i*s0 + j*s1. */
static void test_2d(pyk_context *ctx, pyk_module *m)
{
    enum { R = 37, C = 45 };
    float host[R * C];
    pyk_array *a, *f;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 2, (int64_t[]){R, C}, &a));
    pyk_launch_config config = {{(C + 15) / 16, (R + 7) / 8, 1}, {16, 8, 1}, 0, NULL};
    for (int layout = 0; layout < 2; layout++) {
        memset(host, 0xFF, sizeof host);
        EXPECT_OK(ctx, pyk_copy_from_host(a, host, sizeof host));
        const int64_t f_strides[] = {1, R};
        EXPECT_OK(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(a), PYK_FLOAT32, 2,
                                      (int64_t[]){R, C}, layout ? f_strides : NULL, &f));
        pyk_arg args[] = {pyk_arg_array(f)};
        EXPECT_OK(ctx, pyk_launch_by_name(m, "fill2d", &config, args, 1));
        EXPECT_OK(ctx, pyk_copy_to_host(a, host, sizeof host));
        int wrong = 0;
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                wrong += host[layout ? j * R + i : i * C + j] != (float)(1000 * i + j);
        CHECK(wrong == 0);
        pyk_array_free(f);
    }
    pyk_array_free(a);
}

/* scale over every third element of 3000 (a layout-A parameter). */
static void test_strided(pyk_context *ctx, pyk_module *m)
{
    enum { N = 3000 };
    float host[N];
    for (int i = 0; i < N; i++)
        host[i] = (float)i;
    pyk_array *a, *view;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_FLOAT32, 1, (int64_t[]){N}, &a));
    EXPECT_OK(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(a), PYK_FLOAT32, 1,
                                  (int64_t[]){N / 3}, (int64_t[]){3}, &view));
    pyk_launch_config config = pyk_config_1d(N / 3, 128);
    pyk_arg args[] = {pyk_arg_array(view), pyk_arg_f32(-2.0f)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "scale", &config, args, 2));
    memset(host, 0, sizeof host);
    EXPECT_OK(ctx, pyk_copy_to_host(a, host, sizeof host));
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += host[i] != (i % 3 == 0 ? -2.0f * (float)i : (float)i);
    CHECK(wrong == 0);
    pyk_array_free(view);
    pyk_array_free(a);
}

static void test_unchecked(pyk_context *ctx)
{
    pyk_module *m = load_or_die(ctx, PTX_POKE);
    int32_t value = 35;
    pyk_array *a;
    EXPECT_OK(ctx, pyk_to_device(ctx, &value, PYK_INT32, 1, (int64_t[]){1}, &a));
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "nofacts", &k));
    pyk_launch_config config = pyk_config_1d(1, 32);
    pyk_arg args[] = {pyk_arg_array(a)};
    EXPECT_OK(ctx, pyk_launch(k, &config, args, 1)); /* no facts: flattened, unchecked */
    uint64_t data = pyk_array_device_pointer(a);
    int64_t shape = 1, stride = 1;
    void *params[] = {&data, &shape, &stride};
    EXPECT_OK(ctx, pyk_launch_raw(k, &config, params));
    EXPECT_OK(ctx, pyk_copy_to_host(a, &value, sizeof value));
    CHECK(value == 35 + 7 + 7);
    /* The raw path still checks the configuration. */
    pyk_launch_config too_big = pyk_config_1d(1, 2048);
    EXPECT_STATUS(ctx, pyk_launch_raw(k, &too_big, params), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'nofacts': block.x = 2048 exceeds");
    pyk_array_free(a);
    pyk_module_unload(m);
}

static void test_occupancy_block(pyk_context *ctx, pyk_module *m)
{
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "vecadd", &k));
    int block = 0;
    EXPECT_OK(ctx, pyk_kernel_suggest_block_size(k, 0, &block));
    const int64_t n = 77777;
    pyk_array *a;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &a));
    pyk_launch_config config = pyk_config_1d(n, (unsigned)block);
    CHECK((int64_t)config.grid.x * block >= n && (int64_t)(config.grid.x - 1) * block < n);
    pyk_arg args[] = {pyk_arg_array(a), pyk_arg_array(a), pyk_arg_array(a)};
    EXPECT_OK(ctx, pyk_launch(k, &config, args, 3));
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_array_free(a);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_BASIC);
    test_vecadd(ctx, m);
    test_scalars(ctx);
    test_2d(ctx, m);
    test_strided(ctx, m);
    test_unchecked(ctx);
    test_occupancy_block(ctx, m);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
