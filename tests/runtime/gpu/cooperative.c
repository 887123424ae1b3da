/* Cooperative kernels end to end (Inputs/cooperative_kernels.pyk, built into
 * cooperative_kernels.h by pykc compile --emit=header): grid syncs that
 * every block relies on, compared with the CPU after
 *   - many launches of a kernel whose every round reads what other blocks
 *     wrote the round before (the grid at its largest co-resident size,
 *     1-D and 2-D, and a small one), each launch's salt different, so a
 *     stale value or a sync that let a block through early shows;
 *   - a one-element-per-thread two-phase kernel, whose sync() gives 0;
 *   - two different cooperative kernels in two streams at once, many
 *     launches each;
 *   - the typed launchers, pyk_launch_by_name and pyk_launch_raw;
 * and a grid one block larger than the device holds at once refused with
 * the largest that fits, nothing run. A hang (a sync that never opens) is
 * caught by run_gpu_tests.sh's timeout. */
#include "cooperative_kernels.h"
#include "gpu_test.h"

#define P 1000003

/* The CPU's smooth and scramble: `rounds` rounds over a (n elements). */
static void cpu_smooth(int64_t *a, int64_t *b, int64_t n, int64_t rounds, int64_t salt)
{
    for (int64_t r = 0; r < rounds; r++) {
        for (int64_t k = 0; k < n; k++)
            b[k] = (a[(k + n - 1) % n] + 2 * a[k] + a[(7 * k + 13) % n] + salt + r) % P;
        memcpy(a, b, (size_t)n * sizeof *a);
    }
}

static void cpu_scramble(int64_t *a, int64_t *b, int64_t n, int64_t rounds, int64_t salt)
{
    for (int64_t r = 0; r < rounds; r++) {
        for (int64_t k = 0; k < n; k++)
            b[k] = (3 * a[n - 1 - k] + (r + 1) * a[(k + 1) % n] + salt) % P;
        memcpy(a, b, (size_t)n * sizeof *a);
    }
}

static int64_t *random_values(int64_t n, uint32_t seed)
{
    int64_t *v = malloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++)
        v[i] = test_random(&seed) % P;
    return v;
}

static int64_t mismatches(const int64_t *want, const int64_t *got, int64_t n)
{
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++)
        wrong += want[i] != got[i];
    return wrong;
}

/* The most blocks of 256 threads a cooperative launch may have. */
static unsigned max_blocks(pyk_context *ctx)
{
    unsigned most = 0;
    EXPECT_OK(ctx, smooth_max_cooperative_blocks(ctx, (pyk_dim3){256, 1, 1}, 0, &most));
    CHECK(most >= (unsigned)pyk_context_properties(ctx)->sm_count);
    return most;
}

/* `launches` launches of smooth with `grid`, each checked against the CPU
 * (the state carries over from launch to launch). */
static void run_smooth(pyk_context *ctx, pyk_dim3 grid, pyk_dim3 block, int launches, uint32_t seed)
{
    const int64_t n = 200003, rounds = 6;
    int64_t *a = random_values(n, seed), *b = malloc((size_t)n * sizeof *b);
    int64_t *got = malloc((size_t)n * sizeof *got);
    pyk_array_i64 *da, *db;
    EXPECT_OK(ctx, pyk_to_device_i64(ctx, a, 1, &n, &da));
    EXPECT_OK(ctx, pyk_device_array_i64(ctx, 1, &n, &db));
    pyk_launch_config cfg = {grid, block, 0, NULL};
    int64_t wrong = 0;
    for (int launch = 0; launch < launches; launch++) {
        int64_t salt = 1000 * launch + 17;
        EXPECT_OK(ctx, smooth_launch(ctx, &cfg, da, db, rounds, salt));
        cpu_smooth(a, b, n, rounds, salt);
        EXPECT_OK(ctx, pyk_copy_to_host_i64(da, got, n));
        wrong += mismatches(a, got, n);
    }
    if (wrong)
        printf("smooth on a %u x %u x %u grid of %u x %u x %u blocks: %lld wrong elements\n", grid.x,
               grid.y ? grid.y : 1, grid.z ? grid.z : 1, block.x, block.y ? block.y : 1,
               block.z ? block.z : 1, (long long)wrong);
    CHECK(wrong == 0);
    pyk_array_free_i64(da);
    pyk_array_free_i64(db);
    free(a);
    free(b);
    free(got);
}

/* The largest grid, a 2-D grid of as many blocks, 2-D blocks, and a grid
 * of one block per multiprocessor. */
static void test_repeated_launches(pyk_context *ctx)
{
    unsigned most = max_blocks(ctx);
    int sms = pyk_context_properties(ctx)->sm_count;
    run_smooth(ctx, (pyk_dim3){most, 1, 1}, (pyk_dim3){256, 1, 1}, 40, 3);
    unsigned rows = 2;
    while (most % rows && rows < 16)
        rows++;
    run_smooth(ctx, (pyk_dim3){most / rows, rows, 1}, (pyk_dim3){256, 1, 1}, 10, 5);
    unsigned square = 0;
    EXPECT_OK(ctx, smooth_max_cooperative_blocks(ctx, (pyk_dim3){16, 16, 1}, 0, &square));
    CHECK(square == most);   /* Numba's test: the block's shape does not matter, its size does */
    run_smooth(ctx, (pyk_dim3){square, 1, 1}, (pyk_dim3){16, 8, 2}, 10, 7);
    run_smooth(ctx, (pyk_dim3){(unsigned)sms, 1, 1}, (pyk_dim3){128, 1, 1}, 10, 9);
}

/* One element per thread: the grid covers n exactly enough. */
static void test_two_phase(pyk_context *ctx)
{
    unsigned most = max_blocks(ctx);
    int64_t n = (int64_t)most * 256 - 37;
    if (n > 500000)
        n = 500000 - 37;
    int32_t *x = malloc((size_t)n * sizeof *x), *out = malloc((size_t)n * sizeof *out);
    uint32_t seed = 11;
    for (int64_t i = 0; i < n; i++) {
        x[i] = (int32_t)(test_random(&seed) % 100000);
        out[i] = -1;
    }
    pyk_array_i32 *dx, *dpartial, *dout;
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &n, &dpartial));
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, out, 1, &n, &dout));
    int64_t wrong = 0;
    for (int32_t salt = 0; salt < 30; salt++) {
        pyk_launch_config cfg = pyk_config_1d(n, 256);
        EXPECT_OK(ctx, two_phase_launch(ctx, &cfg, dx, dpartial, dout, salt));
        EXPECT_OK(ctx, pyk_copy_to_host_i32(dout, out, n));
        for (int64_t i = 0; i < n; i++) {
            int64_t mirror = x[n - 1 - i] * 3 + salt, ahead = x[(i + 256) % n] * 3 + salt;
            wrong += out[i] != (int32_t)(mirror - ahead);
        }
    }
    CHECK(wrong == 0);

    /* The same kernel by name, with pyk_arg values, and raw. */
    pyk_module *module;
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_cooperative_kernels, &module));
    pyk_kernel *kernel;
    EXPECT_OK(ctx, pyk_module_kernel(module, "two_phase", &kernel));
    CHECK(pyk_kernel_is_cooperative(kernel));
    pyk_launch_config cfg = pyk_config_1d(n, 256);
    pyk_arg args[] = {pyk_arg_array(pyk_untyped_const_i32(dx)),
                      pyk_arg_array(pyk_untyped_const_i32(dpartial)),
                      pyk_arg_array(pyk_untyped_const_i32(dout)), pyk_arg_i32(1000)};
    EXPECT_OK(ctx, pyk_launch(kernel, &cfg, args, 4));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(dout, out, n));
    CHECK(out[0] == (int32_t)((int64_t)x[n - 1] * 3 - (int64_t)x[256 % n] * 3));

    uint64_t px = pyk_array_device_pointer(pyk_untyped_i32(dx));
    uint64_t pp = pyk_array_device_pointer(pyk_untyped_i32(dpartial));
    uint64_t po = pyk_array_device_pointer(pyk_untyped_i32(dout));
    int64_t one = 1;
    int32_t salt = 7;
    void *params[] = {&px, &n, &one, &pp, &n, &one, &po, &n, &one, &salt};
    EXPECT_OK(ctx, pyk_copy_from_host_i32(dout, x, n));   /* poison */
    EXPECT_OK(ctx, pyk_launch_raw(kernel, &cfg, params));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(dout, out, n));
    CHECK(out[n - 1] == (int32_t)((int64_t)x[0] * 3 - (int64_t)x[(n - 1 + 256) % n] * 3));
    pyk_array_free_i32(dx);
    pyk_array_free_i32(dpartial);
    pyk_array_free_i32(dout);
    free(x);
    free(out);
}

/* smooth and scramble, each on half the co-resident blocks, in two
 * streams, launched alternately; then both compared with the CPU. */
static void test_two_streams(pyk_context *ctx)
{
    const int64_t n = 65537, rounds = 4;
    const int launches = 50;
    unsigned half = max_blocks(ctx) / 2;
    int64_t *a1 = random_values(n, 21), *a2 = random_values(n, 23), *b = malloc((size_t)n * sizeof *b);
    int64_t *got = malloc((size_t)n * sizeof *got);
    pyk_array_i64 *d1, *e1, *d2, *e2;
    EXPECT_OK(ctx, pyk_to_device_i64(ctx, a1, 1, &n, &d1));
    EXPECT_OK(ctx, pyk_to_device_i64(ctx, a2, 1, &n, &d2));
    EXPECT_OK(ctx, pyk_device_array_i64(ctx, 1, &n, &e1));
    EXPECT_OK(ctx, pyk_device_array_i64(ctx, 1, &n, &e2));
    pyk_stream *s1, *s2;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s1));
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s2));
    pyk_launch_config c1 = {{half, 1, 1}, {256, 1, 1}, 0, s1}, c2 = {{half, 1, 1}, {256, 1, 1}, 0, s2};
    for (int launch = 0; launch < launches; launch++) {
        EXPECT_OK(ctx, smooth_launch(ctx, &c1, d1, e1, rounds, launch));
        EXPECT_OK(ctx, scramble_launch(ctx, &c2, d2, e2, rounds, 2 * launch + 1));
    }
    for (int launch = 0; launch < launches; launch++) {
        cpu_smooth(a1, b, n, rounds, launch);
        cpu_scramble(a2, b, n, rounds, 2 * launch + 1);
    }
    EXPECT_OK(ctx, pyk_stream_synchronize(s1));
    EXPECT_OK(ctx, pyk_stream_synchronize(s2));
    EXPECT_OK(ctx, pyk_copy_to_host_i64(d1, got, n));
    CHECK(mismatches(a1, got, n) == 0);
    EXPECT_OK(ctx, pyk_copy_to_host_i64(d2, got, n));
    CHECK(mismatches(a2, got, n) == 0);
    pyk_stream_destroy(s1);
    pyk_stream_destroy(s2);
    pyk_array_free_i64(d1);
    pyk_array_free_i64(e1);
    pyk_array_free_i64(d2);
    pyk_array_free_i64(e2);
    free(a1);
    free(a2);
    free(b);
    free(got);
}

/* One block more than fits: refused before the driver runs anything, with
 * the largest grid in the message; the largest runs. A kernel that takes
 * the grid group without syncing is limited alike; a plain kernel of the
 * module is not. */
static void test_too_large(pyk_context *ctx)
{
    unsigned most = max_blocks(ctx);
    const int64_t n = 4096, rounds = 1;
    int64_t *a = random_values(n, 31), *got = malloc((size_t)n * sizeof *got);
    pyk_array_i64 *da, *db;
    EXPECT_OK(ctx, pyk_to_device_i64(ctx, a, 1, &n, &da));
    EXPECT_OK(ctx, pyk_device_array_i64(ctx, 1, &n, &db));
    pyk_launch_config too_many = {{most + 1, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, smooth_launch(ctx, &too_many, da, db, rounds, 0), PYK_ERROR_LAUNCH_CONFIG);
    char want[256];
    snprintf(want, sizeof want, "launch at most %u blocks (pyk_kernel_max_cooperative_blocks)", most);
    CHECK_CONTAINS(pyk_last_error(ctx),
                   "kernel 'smooth' synchronises its whole grid (cuda.cg.this_grid().sync()), so all "
                   "its blocks must be resident on the device at once, but the launch has");
    CHECK_CONTAINS(pyk_last_error(ctx), want);
    EXPECT_OK(ctx, pyk_copy_to_host_i64(da, got, n));
    CHECK(mismatches(a, got, n) == 0);   /* nothing ran */

    /* As a 2-D grid, the same count. */
    pyk_launch_config too_many_2d = {{(most + 2) / 2, 2, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, smooth_launch(ctx, &too_many_2d, da, db, rounds, 0), PYK_ERROR_LAUNCH_CONFIG);

    /* Dynamic shared memory counts: the largest grid shrinks with it. */
    size_t big = pyk_context_properties(ctx)->shared_mem_per_block_optin / 2;
    unsigned fewer = 0;
    EXPECT_OK(ctx, smooth_max_cooperative_blocks(ctx, (pyk_dim3){256, 1, 1}, big, &fewer));
    CHECK(fewer > 0 && fewer < most);
    pyk_launch_config shared = {{fewer + 1, 1, 1}, {256, 1, 1}, big, NULL};
    EXPECT_STATUS(ctx, smooth_launch(ctx, &shared, da, db, rounds, 0), PYK_ERROR_LAUNCH_CONFIG);
    shared.grid.x = fewer;
    EXPECT_OK(ctx, smooth_launch(ctx, &shared, da, db, rounds, 0));

    pyk_launch_config exact = {{most, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, smooth_launch(ctx, &exact, da, db, rounds, 0));
    EXPECT_OK(ctx, pyk_synchronize(ctx));

    int32_t *out = malloc((size_t)most * 512 * sizeof *out);
    int64_t m = (int64_t)most * 512;
    pyk_array_i32 *dout;
    EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &m, &dout));
    pyk_launch_config wide = pyk_config_1d(m, 256);   /* 2 * most blocks, covering m */
    /* taken_only's own limit: its registers, not smooth's, decide how many
     * of its blocks fit (2 * most may fit when it needs fewer) */
    unsigned taken_most = 0;
    EXPECT_OK(ctx, taken_only_max_cooperative_blocks(ctx, (pyk_dim3){256, 1, 1}, 0, &taken_most));
    unsigned past_blocks = taken_most + 1 > wide.grid.x ? taken_most + 1 : wide.grid.x;   /* still covering m */
    pyk_launch_config past = {{past_blocks, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, taken_only_launch(ctx, &past, dout), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'taken_only' synchronises its whole grid");
    EXPECT_OK(ctx, fill_launch(ctx, &wide, dout, 5));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(dout, out, m));
    int64_t unfilled = 0;
    for (int64_t i = 0; i < m; i++)
        unfilled += out[i] != 5;
    CHECK(unfilled == 0);
    int64_t few = (int64_t)most * 256, thousand = 1000;
    pyk_array_i32 *dfew, *dthousand;
    EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &few, &dfew));
    EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &thousand, &dthousand));
    pyk_launch_config fits = pyk_config_1d(few, 256);   /* most blocks */
    EXPECT_OK(ctx, taken_only_launch(ctx, &fits, dfew));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(dfew, out, few));
    CHECK(out[0] == 0 && out[few - 1] == (int32_t)(few - 1));
    EXPECT_OK(ctx, taken_only_launch_1d(ctx, thousand, NULL, dthousand));   /* a small grid: fits */
    EXPECT_OK(ctx, pyk_copy_to_host_i32(dthousand, out, thousand));
    CHECK(out[0] == 0 && out[999] == 999);
    pyk_array_free_i32(dfew);
    pyk_array_free_i32(dthousand);
    pyk_array_free_i32(dout);
    pyk_array_free_i64(da);
    pyk_array_free_i64(db);
    free(out);
    free(a);
    free(got);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    const pyk_device_properties *p = pyk_context_properties(ctx);
    if (!p->cooperative_launch) {
        /* every launch is refused, by name */
        const int64_t n = 16;
        pyk_array_i32 *out;
        EXPECT_OK(ctx, pyk_device_array_i32(ctx, 1, &n, &out));
        pyk_launch_config cfg = pyk_config_1d(n, 16);
        EXPECT_STATUS(ctx, taken_only_launch(ctx, &cfg, out), PYK_ERROR_LAUNCH_CONFIG);
        CHECK_CONTAINS(pyk_last_error(ctx), "CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH is 0");
        pyk_array_free_i32(out);
    } else {
        test_repeated_launches(ctx);
        test_two_phase(ctx);
        test_two_streams(ctx);
        test_too_large(ctx);
    }
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_context_destroy(ctx);
    return check_summary();
}
