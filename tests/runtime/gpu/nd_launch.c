/* The generated KERNEL_launch_2d / _launch_3d (Inputs/nd_launch_kernels.pyk,
 * built into nd_launch_kernels.h by pykc compile --emit=header) end to end:
 * on poisoned outputs of sizes no block shape divides, every element gets
 * its own value (the grid covers the extents the covers facts name: array
 * shapes, or integer parameters), on the default stream and on a stream of
 * its own; the tiled kernel gets its 16 x 16 block (its blockmax facts)
 * whatever the occupancy calculator suggests, or its sums come out wrong. */
#include "gpu_test.h"
#include "nd_launch_kernels.h"

#define POISON (-0x5a5a5a5a)

static pyk_array_i32 *poisoned_i32(pyk_context *ctx, int ndim, const int64_t *shape, int32_t **host)
{
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= shape[d];
    *host = malloc((size_t)n * sizeof **host);
    for (int64_t i = 0; i < n; i++)
        (*host)[i] = POISON;
    pyk_array_i32 *a = NULL;
    EXPECT_OK(ctx, pyk_to_device_i32(ctx, *host, ndim, shape, &a));
    return a;
}

static void check_mark2(pyk_context *ctx, pyk_array_i32 *a, int32_t *host, int64_t rows,
                        int64_t cols, int64_t filled_rows, int64_t filled_cols, const char *what)
{
    EXPECT_OK(ctx, pyk_copy_to_host_i32(a, host, rows * cols));
    int64_t wrong = 0;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            int32_t want = i < filled_rows && j < filled_cols ? (int32_t)(i * 1000 + j) : POISON;
            wrong += host[i * cols + j] != want;
        }
    if (wrong)
        printf("FAIL %s: %lld of %lld elements wrong\n", what, (long long)wrong,
               (long long)(rows * cols));
    CHECK(wrong == 0);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_stream *stream = NULL;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &stream));

    /* 2-D over a 1001 x 77 array, default stream and own stream. */
    const int64_t s2[2] = {1001, 77};
    int32_t *h2;
    pyk_array_i32 *a2 = poisoned_i32(ctx, 2, s2, &h2);
    EXPECT_OK(ctx, mark2_launch_2d(ctx, NULL, a2));
    check_mark2(ctx, a2, h2, s2[0], s2[1], s2[0], s2[1], "mark2_launch_2d");
    free(h2);
    pyk_array_i32 *b2 = poisoned_i32(ctx, 2, s2, &h2);
    EXPECT_OK(ctx, mark2_launch_2d(ctx, stream, b2));
    EXPECT_OK(ctx, pyk_stream_synchronize(stream));
    check_mark2(ctx, b2, h2, s2[0], s2[1], s2[0], s2[1], "mark2_launch_2d on a stream");
    free(h2);

    /* 2-D sized by integer parameters: only rows x cols of the array. */
    pyk_array_i32 *c2 = poisoned_i32(ctx, 2, s2, &h2);
    EXPECT_OK(ctx, mark_sized_launch_2d(ctx, NULL, c2, 999, 70));
    check_mark2(ctx, c2, h2, s2[0], s2[1], 999, 70, "mark_sized_launch_2d");

    /* 3-D over 37 x 45 x 53. */
    const int64_t s3[3] = {37, 45, 53};
    int32_t *h3;
    pyk_array_i32 *a3 = poisoned_i32(ctx, 3, s3, &h3);
    EXPECT_OK(ctx, mark3_launch_3d(ctx, NULL, a3));
    EXPECT_OK(ctx, pyk_copy_to_host_i32(a3, h3, s3[0] * s3[1] * s3[2]));
    int64_t wrong = 0;
    for (int64_t i = 0; i < s3[0]; i++)
        for (int64_t j = 0; j < s3[1]; j++)
            for (int64_t k = 0; k < s3[2]; k++)
                wrong += h3[(i * s3[1] + j) * s3[2] + k] != (int32_t)((i * 100 + j) * 100 + k);
    if (wrong)
        printf("FAIL mark3_launch_3d: %lld elements wrong\n", (long long)wrong);
    CHECK(wrong == 0);

    /* The tiled kernel: 16-wide row sums of each tile, right only with
     * 16 x 16 blocks. Summed in the kernel's order, so exactly equal. */
    const int64_t st[2] = {100, 83};
    float *ha = malloc((size_t)(st[0] * st[1]) * sizeof *ha);
    float *hout = malloc((size_t)(st[0] * st[1]) * sizeof *hout);
    uint32_t seed = 2718;
    for (int64_t i = 0; i < st[0] * st[1]; i++)
        ha[i] = (float)(test_random(&seed) % 1000) / 8.0f;
    pyk_array_f32 *ta = NULL, *tout = NULL;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, ha, 2, st, &ta));
    EXPECT_OK(ctx, pyk_device_array_f32(ctx, 2, st, &tout));
    EXPECT_OK(ctx, tile_sum_launch_2d(ctx, NULL, ta, tout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(tout, hout, st[0] * st[1]));
    wrong = 0;
    for (int64_t i = 0; i < st[0]; i++)
        for (int64_t j = 0; j < st[1]; j++) {
            float want = 0.0f;
            for (int64_t k = j / 16 * 16; k < j / 16 * 16 + 16; k++)
                want += k < st[1] ? ha[i * st[1] + k] : 0.0f;
            wrong += hout[i * st[1] + j] != want;
        }
    if (wrong)
        printf("FAIL tile_sum_launch_2d: %lld elements wrong (not a 16 x 16 block?)\n",
               (long long)wrong);
    CHECK(wrong == 0);

    pyk_array_free_i32(a2);
    pyk_array_free_i32(b2);
    pyk_array_free_i32(c2);
    pyk_array_free_i32(a3);
    pyk_array_free_f32(ta);
    pyk_array_free_f32(tout);
    pyk_stream_destroy(stream);
    pyk_context_destroy(ctx);
    free(h2);
    free(h3);
    free(ha);
    free(hout);
    return check_summary();
}
