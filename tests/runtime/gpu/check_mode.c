/* Checked mode (pykc compile --check) on a GPU, through the typed launchers
 * of Inputs/check_kernels.pyk (built with --check --emit=header): planted
 * out-of-bounds reads and writes come back from the next synchronisation
 * (a copy to the host, pyk_stream_synchronize, pyk_synchronize, an event
 * synchronisation) as PYK_ERROR_CHECK_FAILED with the .pyk file:line:col,
 * the array, the index, its extent and axis, the block and the thread; the
 * faulting accesses were skipped (a load gives 0), so every in-bounds
 * output is right (outputs poisoned first, compared bitwise with the CPU),
 * the record is reset after each report, and the context goes on working.
 *
 * The planted lines of Inputs/check_kernels.pyk (AT_*; the column is the
 * array's first character). tests/runtime/check_kernels_lines.test checks
 * these against the PTX pykc writes. */
#include <inttypes.h>

#include "check_kernels.h"
#include "gpu_test.h"

#define AT_VECADD_X "Inputs/check_kernels.pyk:12:14: out-of-bounds index "
#define AT_TILE_WRITE "Inputs/check_kernels.pyk:28:9: out-of-bounds index "
#define AT_FILL2D "Inputs/check_kernels.pyk:39:9: out-of-bounds index "

static const float poison_value = -12345.0f;

static float *random_floats(int64_t n, uint32_t seed)
{
    float *v = malloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++)
        v[i] = (float)(test_random(&seed) % 100000) / 8.0f - 5000.0f;
    return v;
}

static void fill(float *v, int64_t n, float value)
{
    for (int64_t i = 0; i < n; i++)
        v[i] = value;
}

static int64_t count_mismatches(const float *want, const float *got, int64_t n)
{
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++)
        wrong += memcmp(&want[i], &got[i], sizeof *want) != 0;
    return wrong;
}

/* The index the message reports after `at` (file:line:col: ...), or -1. */
static long long reported_index(const char *message, const char *at)
{
    const char *p = strstr(message, at);
    long long index = -1;
    if (!p || sscanf(p + strlen(at), "%lld", &index) != 1)
        return -1;
    return index;
}

static pyk_launch_config config_1d(unsigned blocks, unsigned threads, pyk_stream *stream)
{
    pyk_launch_config cfg = {{blocks, 1, 1}, {threads, 1, 1}, 0, stream};
    return cfg;
}

/* vecadd without its guard, over 4 blocks of 256 threads for 1000
 * elements: threads 1000..1023 read x first (site x), then y, then write
 * out: 24 * 3 = 72 violations, reported at the copy to the host. */
static void test_unguarded_vecadd(pyk_context *ctx)
{
    const int64_t n = 1000;
    float *x = random_floats(n, 3), *y = random_floats(n, 5);
    float *want = malloc(n * sizeof *want), *out = malloc(n * sizeof *out);
    for (int64_t i = 0; i < n; i++)
        want[i] = x[i] + y[i];
    fill(out, n, poison_value);
    pyk_array_f32 *dx, *dy, *dout;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 1, &n, &dout)); /* poisoned */

    pyk_launch_config cfg = config_1d(4, 256, NULL);
    EXPECT_OK(ctx, vecadd_unguarded_launch(ctx, &cfg, dx, dy, dout));
    EXPECT_STATUS(ctx, pyk_copy_to_host_f32(dout, out, n), PYK_ERROR_CHECK_FAILED);
    const char *message = pyk_last_error(ctx);
    CHECK_CONTAINS(message, AT_VECADD_X);
    CHECK_CONTAINS(message, " on axis 0 of array 'x' (extent 1000) in kernel 'vecadd_unguarded', "
                            "block (3, 0, 0) thread (");
    long long index = reported_index(message, AT_VECADD_X);
    CHECK(index >= 1000 && index < 1024);
    char thread[64];
    snprintf(thread, sizeof thread, "thread (%lld, 0, 0)", index - 768);
    CHECK_CONTAINS(message, thread);
    CHECK_CONTAINS(message, "71 more out-of-bounds accesses since the last synchronisation were skipped");
    /* The copy was made: every element in bounds is right. */
    CHECK(count_mismatches(want, out, n) == 0);

    /* The record was reset: nothing more to report. */
    EXPECT_OK(ctx, pyk_synchronize(ctx));

    /* The context works on: the guarded kernel, same module, same arrays. */
    fill(out, n, poison_value);
    EXPECT_OK(ctx, pyk_copy_from_host_f32(dout, out, n));
    EXPECT_OK(ctx, vecadd_launch(ctx, &cfg, dx, dy, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    CHECK(count_mismatches(want, out, n) == 0);

    /* Through an event synchronisation (as pyk_time_region makes). */
    EXPECT_OK(ctx, vecadd_unguarded_launch(ctx, &cfg, dx, dy, dout));
    pyk_event *done;
    EXPECT_OK(ctx, pyk_event_create(ctx, &done));
    EXPECT_OK(ctx, pyk_event_record(done, NULL));
    EXPECT_STATUS(ctx, pyk_event_synchronize(done), PYK_ERROR_CHECK_FAILED);
    CHECK_CONTAINS(pyk_last_error(ctx), AT_VECADD_X);
    pyk_event_destroy(done);

    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    free(x);
    free(y);
    free(want);
    free(out);
}

/* A shared array of 128 floats, written and read at tile[slot[t]] by
 * blocks of 128 threads, on a stream, with slot[t] = t + 32: the writes of
 * threads 96..127 are skipped and their reads give 0, so out[i] is
 * x[i] + x[i] for threads 0..95 (each reads the slot it wrote) and 0 for
 * the others. 1000 elements: 7 full blocks (32 writes and 32 reads past
 * the end each) and one of 104 threads (8 each): 464 violations. A write
 * is always the one recorded: a block's reads come after its own writes.
 * The index comes from data, so the compiler cannot see the overrun. */
static void test_shared_overrun(pyk_context *ctx)
{
    const int64_t n = 1000, slots = 128;
    float *x = random_floats(n, 9), *want = malloc(n * sizeof *want), *out = malloc(n * sizeof *out);
    int32_t slot[128];
    for (int t = 0; t < 128; t++)
        slot[t] = t + 32;
    for (int64_t i = 0; i < n; i++)
        want[i] = i % 128 < 96 ? x[i] + x[i] : 0.0f;
    fill(out, n, poison_value);
    pyk_array_f32 *dx, *dout;
    pyk_array_i32 *dslot;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, slot, 1, &slots, &dslot));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 1, &n, &dout));
    pyk_stream *stream;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &stream));
    pyk_launch_config cfg = config_1d(8, 128, stream);
    /* Raw, with the ABI's parameters (data, shape, stride per array): the
     * launch checks, whatever facts they get, are not the subject here. */
    pyk_module *module;
    pyk_kernel *kernel;
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_check_kernels, &module));
    EXPECT_OK(ctx, pyk_module_kernel(module, "shared_overrun", &kernel));
    uint64_t px = pyk_array_device_pointer(pyk_untyped_f32(dx));
    uint64_t pslot = pyk_array_device_pointer(pyk_untyped_i32(dslot));
    uint64_t pout = pyk_array_device_pointer(pyk_untyped_f32(dout));
    int64_t extent = n, slot_extent = slots, stride = 1;
    void *params[9] = {&px, &extent, &stride, &pslot, &slot_extent, &stride, &pout, &extent, &stride};
    EXPECT_OK(ctx, pyk_launch_raw(kernel, &cfg, params));
    EXPECT_STATUS(ctx, pyk_stream_synchronize(stream), PYK_ERROR_CHECK_FAILED);
    const char *message = pyk_last_error(ctx);
    CHECK_CONTAINS(message, AT_TILE_WRITE);
    CHECK_CONTAINS(message, " on axis 0 of array 'tile' (extent 128) in kernel 'shared_overrun', block (");
    long long index = reported_index(message, AT_TILE_WRITE);
    CHECK(index >= 128 && index < 160);
    char thread[64];
    snprintf(thread, sizeof thread, "thread (%lld, 0, 0)", index - 32);
    CHECK_CONTAINS(message, thread);
    CHECK_CONTAINS(message, "463 more out-of-bounds accesses");
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    CHECK(count_mismatches(want, out, n) == 0);
    pyk_stream_destroy(stream);
    pyk_array_free_f32(dx);
    pyk_array_free_i32(dslot);
    pyk_array_free_f32(dout);
    free(x);
    free(want);
    free(out);
}

/* A 50 x 70 array filled by a 64 x 80 grid whose rows are guarded and
 * columns not: 50 rows * 10 columns past the end, all on axis 1. */
static void test_fill2d(pyk_context *ctx)
{
    const int64_t shape[2] = {50, 70}, n = 50 * 70;
    float *want = malloc(n * sizeof *want), *out = malloc(n * sizeof *out);
    for (int64_t r = 0; r < 50; r++)
        for (int64_t c = 0; c < 70; c++)
            want[r * 70 + c] = (float)(r * 1000 + c);
    fill(out, n, poison_value);
    pyk_array_f32 *dm;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 2, shape, &dm));
    pyk_launch_config cfg = {{4, 5, 1}, {16, 16, 1}, 0, NULL};
    EXPECT_OK(ctx, fill2d_launch(ctx, &cfg, dm));
    EXPECT_STATUS(ctx, pyk_synchronize(ctx), PYK_ERROR_CHECK_FAILED);
    const char *message = pyk_last_error(ctx);
    CHECK_CONTAINS(message, AT_FILL2D);
    CHECK_CONTAINS(message, " on axis 1 of array 'm' (extent 70) in kernel 'fill2d', block (");
    long long index = reported_index(message, AT_FILL2D);
    CHECK(index >= 70 && index < 80);
    CHECK_CONTAINS(message, "499 more out-of-bounds accesses");
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dm, out, n));
    CHECK(count_mismatches(want, out, n) == 0);
    pyk_array_free_f32(dm);
    free(want);
    free(out);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_unguarded_vecadd(ctx);
    test_shared_overrun(ctx);
    test_fill2d(ctx);
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_context_destroy(ctx);
    return check_summary();
}
