/* The launch constraints pykc derives, end to end on a GPU: the seed's
 * "incorrect launch" kernel (tests/seeds/seed000_incorrect_launch.pyk,
 * one element per thread, no bounds check) and the reduction example
 * (examples/reduce.pyk, a 256-element shared array indexed by threadIdx.x)
 * are compiled by pykc into headers (pykc compile --emit=header), so the
 * facts libpykrt checks are the ones the analyses wrote (covers.x and
 * blockmax.x), not hand-written ones (launch_limits_check.c has those).
 * A refused launch runs nothing (outputs stay poisoned); the launches the
 * message suggests run and match the CPU. */
#include "gpu_test.h"
#include "reduce_example.h"
#include "seed_incorrect_launch.h"

static const float poison_value = -12345.0f;

/* The seed launches one block for 1000 elements: libpykrt refuses it,
 * naming out, its extent, the threads launched and the launch to use. */
static void test_seed_incorrect_launch(pyk_context *ctx)
{
    const int64_t n = 1000;
    float x[1000], out[1000];
    for (int64_t i = 0; i < n; i++) {
        x[i] = (float)(i % 97) - 48.0f;
        out[i] = poison_value;
    }
    pyk_array_f32 *dx, *dout;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, out, 1, &n, &dout));

    pyk_launch_config one_block = {{1, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, incorrect_launch_launch(ctx, &one_block, dx, dout), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx),
                   "kernel 'incorrect_launch' launched with 256 threads along x (1 block of 256), but array "
                   "'out' has 1000 elements along axis 0 and each thread handles one (line 19): 744 would "
                   "never be processed; launch at least 4 blocks of 256");
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    int64_t untouched = 0;
    for (int64_t i = 0; i < n; i++)
        untouched += out[i] == poison_value;
    CHECK(untouched == n);

    /* Exactly enough threads (the kernel has no guard: not one more). */
    pyk_launch_config exact = {{4, 1, 1}, {250, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, incorrect_launch_launch(ctx, &exact, dx, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, n));
    int64_t wrong = 0;
    for (int64_t i = 0; i < n; i++)
        wrong += out[i] != x[i] * 2.0f;   /* exact: small integers */
    CHECK(wrong == 0);
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dout);
}

/* block_sum's shared partial sums have 256 slots: a block of 512 threads
 * is refused by libpykrt's blockmax check (the PTX has no .maxntid: the
 * driver alone would run it and overrun the array), 256 works. */
static void test_reduce_block_limit(pyk_context *ctx)
{
    const int64_t n = 100000, one = 1;
    float *x = malloc((size_t)n * sizeof *x);
    double want = 0;
    for (int64_t i = 0; i < n; i++) {
        x[i] = (float)(i % 7);
        want += (double)x[i];
    }
    float total = 0;
    pyk_array_f32 *dx, *dtotal;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, &total, 1, &one, &dtotal));

    pyk_launch_config too_big = {{64, 1, 1}, {512, 1, 1}, 0, NULL};
    EXPECT_STATUS(ctx, block_sum_launch(ctx, &too_big, dx, dtotal), PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(pyk_last_error(ctx),
                   "kernel 'block_sum' launched with blocks of 512 threads along x, but its shared array "
                   "'partial' (line 16) only has room for 256: launch with blockDim.x <= 256, or enlarge "
                   "the array");
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dtotal, &total, 1));
    CHECK(total == 0.0f);

    pyk_launch_config fits = {{64, 1, 1}, {256, 1, 1}, 0, NULL};
    EXPECT_OK(ctx, block_sum_launch(ctx, &fits, dx, dtotal));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dtotal, &total, 1));
    CHECK((double)total == want);   /* integers below 2^24: exact in any order */
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dtotal);
    free(x);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_seed_incorrect_launch(ctx);
    test_reduce_block_limit(ctx);
    EXPECT_OK(ctx, pyk_synchronize(ctx));
    pyk_context_destroy(ctx);
    return check_summary();
}
