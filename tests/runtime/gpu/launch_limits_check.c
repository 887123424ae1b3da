/* The launch checks that use what pykc derives (blockmax and covers in the
 * launch facts), and shared memory above the 48 KiB default, on a real
 * device: an over-large block and a too-small grid are refused with their
 * whole messages and launch nothing (outputs stay poisoned), correct
 * launches run and give exact results; static plus dynamic shared memory
 * up to the device's opt-in maximum runs, one byte more is refused.
 * PTX: launch_limits_kernels.h.
 *
 * `launch_limits_check --dump-ptx FOLDER` (no GPU) writes the PTX texts into
 * FOLDER and parses their facts lines, for launch_limits_ptx.test. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "gpu_test.h"
#include "launch_facts.h"
#include "launch_limits_kernels.h"

static void check_message(pyk_context *ctx, const char *want, const char *file, int line)
{
    const char *got = pyk_last_error(ctx);
    if (strcmp(got, want) == 0) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: expected the message\n  %s\nbut got\n  %s\n", file, line, want, got);
}

#define CHECK_MESSAGE(ctx, want) check_message((ctx), (want), __FILE__, __LINE__)

/* How many of `n` int32 still hold the poison 0xEEEEEEEE. */
static int64_t poisoned(const int32_t *values, int64_t n)
{
    int64_t count = 0;
    for (int64_t i = 0; i < n; i++)
        count += values[i] == (int32_t)0xEEEEEEEE;
    return count;
}

/* How many of the first n elements `add` got wrong (out = 2 * x + 1). */
static int wrong_sums(const int32_t *in, const int32_t *out, int n)
{
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += out[i] != 2 * in[i] + 1;
    return wrong;
}

static void test_blockmax(pyk_context *ctx, pyk_module *m)
{
    enum { N = 100000 };
    static int32_t host[N];
    uint32_t seed = 12345;
    int64_t sum = 0;
    for (int i = 0; i < N; i++) {
        host[i] = (int32_t)(test_random(&seed) % 1000);
        sum += host[i];
    }
    const int64_t n = N, one = 1;
    pyk_array *x, *total;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, &n, &x));
    int32_t zero = 0, got = -1;
    EXPECT_OK(ctx, pyk_to_device(ctx, &zero, PYK_INT32, 1, &one, &total));
    pyk_arg args[] = {pyk_arg_array(x), pyk_arg_array(total)};

    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "block_sum", &k));
    /* pykc writes no .maxntid for a limit it derives: the driver's limit is
     * the registers', and only libpykrt's blockmax check refuses 512. */
    CHECK(pyk_kernel_max_threads(k) > 256);
    CHECK(pyk_kernel_static_shared_bytes(k) == 1024);

    /* 512 threads along x: refused by the facts, with the array named. */
    pyk_launch_config over = pyk_config_1d(n, 512);
    EXPECT_STATUS(ctx, pyk_launch(k, &over, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_MESSAGE(ctx, "kernel 'block_sum' launched with blocks of 512 threads along x, but its "
                       "shared array 'partial' (line 14) only has room for 256: launch with "
                       "blockDim.x <= 256, or enlarge the array");
    pyk_launch_config one_over = pyk_config_1d(n, 257);
    EXPECT_STATUS(ctx, pyk_launch(k, &one_over, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "blocks of 257 threads along x, but its shared array "
                                        "'partial' (line 14) only has room for 256");
    EXPECT_OK(ctx, pyk_copy_to_host(total, &got, sizeof got));
    CHECK(got == 0); /* nothing ran */

    /* At the limit, and below it: the sum is exact (integers). */
    pyk_launch_config at = pyk_config_1d(n, 256);
    EXPECT_OK(ctx, pyk_launch(k, &at, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(total, &got, sizeof got));
    CHECK(got == sum);
    pyk_launch_config below = pyk_config_1d(n, 128);
    EXPECT_OK(ctx, pyk_launch(k, &below, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(total, &got, sizeof got));
    CHECK(got == 2 * sum);
    if (got != 2 * sum)
        printf("  block_sum: got %d, expected %lld\n", got, (long long)(2 * sum));
    pyk_array_free(x);
    pyk_array_free(total);
}

static void test_covers_shape(pyk_context *ctx, pyk_module *m)
{
    const int64_t n = 1000;
    int32_t in[1000], out_host[1000];
    for (int i = 0; i < 1000; i++)
        in[i] = i * 7 - 3000;
    memset(out_host, 0xEE, sizeof out_host);
    pyk_array *x, *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, in, PYK_INT32, 1, &n, &x));
    EXPECT_OK(ctx, pyk_to_device(ctx, out_host, PYK_INT32, 1, &n, &out));
    pyk_arg args[] = {pyk_arg_array(x), pyk_arg_array(out)};

    pyk_launch_config short_grid = {{1, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "add", &short_grid, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_MESSAGE(ctx, "kernel 'add' launched with 256 threads along x (1 block of 256), but array "
                       "'out' has 1000 elements along axis 0 and each thread handles one (line 7): "
                       "744 would never be processed; launch at least 4 blocks of 256");
    short_grid.grid.x = 3;
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "add", &short_grid, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx), "768 threads along x (3 blocks of 256)");
    EXPECT_OK(ctx, pyk_copy_to_host(out, out_host, sizeof out_host));
    CHECK(poisoned(out_host, n) == n);

    /* Exactly enough threads (1000 = 8 x 125), then more than enough. */
    pyk_launch_config exact = {{8, 1, 1}, {125, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "add", &exact, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(out, out_host, sizeof out_host));
    CHECK(wrong_sums(in, out_host, 1000) == 0);
    memset(out_host, 0xEE, sizeof out_host);
    EXPECT_OK(ctx, pyk_copy_from_host(out, out_host, sizeof out_host));
    pyk_launch_config plenty = pyk_config_1d(n, 256);
    EXPECT_OK(ctx, pyk_launch_by_name(m, "add", &plenty, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(out, out_host, sizeof out_host));
    CHECK(wrong_sums(in, out_host, 1000) == 0);
    pyk_array_free(x);
    pyk_array_free(out);
}

static void test_covers_scalar(pyk_context *ctx, pyk_module *m)
{
    const int64_t size = 1024;
    int32_t host[1024];
    memset(host, 0xEE, sizeof host);
    pyk_array *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, &size, &out));
    pyk_arg args[] = {pyk_arg_array(out), pyk_arg_i64(1000)};

    pyk_launch_config short_grid = {{1, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "add_n", &short_grid, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_MESSAGE(ctx, "kernel 'add_n' launched with 256 threads along x (1 block of 256), but it "
                       "processes n = 1000 elements along x, one per thread (array 'out', line 7): "
                       "744 would never be processed; launch at least 4 blocks of 256");
    /* A negative n is not checked (the kernel does nothing with it). */
    args[1] = pyk_arg_i64(-1);
    EXPECT_OK(ctx, pyk_launch_by_name(m, "add_n", &short_grid, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, sizeof host));
    CHECK(poisoned(host, size) == size);

    args[1] = pyk_arg_i64(1000);
    pyk_launch_config enough = {{4, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "add_n", &enough, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, sizeof host));
    int wrong = 0;
    for (int i = 0; i < 1000; i++)
        wrong += host[i] != i;
    CHECK(wrong == 0);
    CHECK(poisoned(host + 1000, 24) == 24); /* i >= n untouched */
    pyk_array_free(out);
}

static void test_covers_two_axes(pyk_context *ctx, pyk_module *m)
{
    enum { ROWS = 300, COLS = 200 };
    static int32_t host[ROWS * COLS];
    memset(host, 0xEE, sizeof host);
    pyk_array *c;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 2, (int64_t[]){ROWS, COLS}, &c));
    pyk_arg args[] = {pyk_arg_array(c), pyk_arg_i32(ROWS)};

    pyk_launch_config small = {{12, 18, 1}, {16, 16, 1}, 0, NULL};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "fill_rows", &small, args, 2), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_MESSAGE(ctx, "kernel 'fill_rows' launched with 288 threads along y (18 blocks of 16), but "
                       "it processes rows = 300 elements along y, one per thread (array 'c', line "
                       "12): 12 would never be processed; launch at least 19 blocks of 16\n"
                       "kernel 'fill_rows' launched with 192 threads along x (12 blocks of 16), but "
                       "array 'c' has 200 elements along axis 1 and each thread handles one (line "
                       "12): 8 would never be processed; launch at least 13 blocks of 16");
    EXPECT_OK(ctx, pyk_copy_to_host(c, host, sizeof host));
    CHECK(poisoned(host, ROWS * COLS) == ROWS * COLS);

    pyk_launch_config enough = {{13, 19, 1}, {16, 16, 1}, 0, NULL};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "fill_rows", &enough, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(c, host, sizeof host));
    int wrong = 0;
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < COLS; x++)
            wrong += host[y * COLS + x] != 1000 * y + x;
    CHECK(wrong == 0);
    pyk_array_free(c);
}

/* far_end with `dynamic` bytes: expects success and checks the values. */
static void run_far_end(pyk_context *ctx, pyk_kernel *k, size_t dynamic)
{
    enum { THREADS = 256 };
    int32_t host[THREADS];
    memset(host, 0xEE, sizeof host);
    pyk_array *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, (int64_t[]){THREADS}, &out));
    pyk_launch_config config = {{1, 1, 1}, {THREADS, 1, 1}, dynamic, NULL};
    pyk_arg args[] = {pyk_arg_array(out)};
    EXPECT_OK(ctx, pyk_launch(k, &config, args, 1));
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, sizeof host));
    int wrong = 0;
    for (int t = 0; t < THREADS; t++)
        wrong += host[t] != 3 * (THREADS - 1 - t) + 5;
    CHECK(wrong == 0);
    if (wrong)
        printf("  far_end with %zu dynamic bytes: %d wrong values\n", dynamic, wrong);
    pyk_array_free(out);
}

static void test_shared_memory(pyk_context *ctx)
{
    pyk_module *m = load_or_die(ctx, PTX_FAR_END);
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "far_end", &k));
    const pyk_device_properties *p = pyk_context_properties(ctx);
    size_t static_bytes = pyk_kernel_static_shared_bytes(k), optin = p->shared_mem_per_block_optin;
    CHECK(static_bytes == 4096);
    CHECK(optin > 48 * 1024); /* every GPU since Volta; H100/H200: 227 KiB */
    if (optin <= 48 * 1024 || static_bytes >= optin) {
        pyk_module_unload(m);
        return;
    }
    run_far_end(ctx, k, 40 * 1024);             /* within the default */
    run_far_end(ctx, k, 100 * 1024);            /* needs the opt-in */
    run_far_end(ctx, k, 64 * 1024);             /* smaller again: no new opt-in needed */
    run_far_end(ctx, k, optin - static_bytes);  /* the most there is */

    int32_t host[256];
    memset(host, 0xEE, sizeof host);
    pyk_array *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, PYK_INT32, 1, (int64_t[]){256}, &out));
    pyk_launch_config over = {{1, 1, 1}, {256, 1, 1}, optin - static_bytes + 1, NULL};
    pyk_arg args[] = {pyk_arg_array(out)};
    EXPECT_STATUS(ctx, pyk_launch(k, &over, args, 1), PYK_ERROR_LAUNCH_CONFIG);
    char want[256];
    snprintf(want, sizeof want,
             "kernel 'far_end': %zu bytes of dynamic shared memory plus the kernel's %zu static "
             "bytes exceed the device's maximum of %zu bytes per block",
             optin - static_bytes + 1, static_bytes, optin);
    CHECK_MESSAGE(ctx, want);
    /* The same through the unchecked-arguments path. */
    void *params[] = {NULL, NULL, NULL};
    EXPECT_STATUS(ctx, pyk_launch_raw(k, &over, params), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_MESSAGE(ctx, want);
    EXPECT_OK(ctx, pyk_copy_to_host(out, host, sizeof host));
    CHECK(poisoned(host, 256) == 256);
    pyk_array_free(out);
    pyk_module_unload(m);
}

static int write_text(const char *folder, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.ptx", folder, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "launch_limits_check: cannot write %s\n", path);
        return 1;
    }
    RtModuleFacts facts;
    char why[256];
    if (!rt_facts_parse_module(text, &facts, why, sizeof why)) {
        fprintf(stderr, "launch_limits_check: %s: malformed facts at %s\n", name, why);
        return 1;
    }
    for (int i = 0; i < facts.count; i++)
        printf("%s: %s blockmax=%d covers=%d\n", name, facts.kernels[i].name,
               facts.kernels[i].blockmax_count, facts.kernels[i].covers_count);
    rt_module_facts_free(&facts);
    return 0;
}

/* PYKRT_NO_DERIVED_CHECKS=1 when a context is made: pyk_launch runs the
 * short grid it refused above (the user takes the blame: the tail of `out`
 * stays poisoned), but the argument checks still hold. */
static void test_derived_checks_skipped(void)
{
    setenv("PYKRT_NO_DERIVED_CHECKS", "1", 1);
    pyk_context *ctx = open_device0();
    unsetenv("PYKRT_NO_DERIVED_CHECKS");
    pyk_module *m = load_or_die(ctx, PTX_LIMITS);
    const int64_t n = 1000;
    int32_t in[1000], out_host[1000];
    for (int i = 0; i < 1000; i++)
        in[i] = i - 500;
    memset(out_host, 0xEE, sizeof out_host);
    pyk_array *x, *out;
    EXPECT_OK(ctx, pyk_to_device(ctx, in, PYK_INT32, 1, &n, &x));
    EXPECT_OK(ctx, pyk_to_device(ctx, out_host, PYK_INT32, 1, &n, &out));
    pyk_arg args[] = {pyk_arg_array(x), pyk_arg_array(out)};
    pyk_launch_config short_grid = {{1, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "add", &short_grid, args, 2));
    EXPECT_OK(ctx, pyk_copy_to_host(out, out_host, sizeof out_host));
    CHECK(wrong_sums(in, out_host, 256) == 0);
    CHECK(poisoned(out_host + 256, n - 256) == n - 256);
    pyk_arg one_arg[] = {pyk_arg_array(x)};
    EXPECT_STATUS(ctx, pyk_launch_by_name(m, "add", &short_grid, one_arg, 1), PYK_ERROR_ARGUMENT_MISMATCH);
    pyk_array_free(x);
    pyk_array_free(out);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--dump-ptx") == 0)
        return write_text(argv[2], "limits", PTX_LIMITS) | write_text(argv[2], "far_end", PTX_FAR_END);
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_LIMITS);
    test_blockmax(ctx, m);
    test_covers_shape(ctx, m);
    test_covers_scalar(ctx, m);
    test_covers_two_axes(ctx, m);
    test_shared_memory(ctx);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    test_derived_checks_skipped();
    return check_summary();
}
