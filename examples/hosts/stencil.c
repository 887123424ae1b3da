/* Host of examples/stencil.pyk: one Jacobi step on a 1000 x 777 float64
 * grid (16 x 16 blocks do not divide it) into a poisoned dst. Grid: x covers
 * the rows, y the columns (i, j = grid(2)).
 * Compared bit for bit: each interior point is 0.25 * (((n + s) + w) + e),
 * the same IEEE float64 operations in the same order on both sides (Python
 * adds left to right, as C does; a multiply by 0.25 is exact and leaves no
 * add to fuse with), and boundary points are copies. */
#define EXAMPLE "stencil"
#include "example.h"
#include "stencil.pyk.h"

enum { ROWS = 1000, COLS = 777 };

int main(void)
{
    uint32_t seed = 31337;
    double *src = example_alloc(ROWS * COLS * sizeof(double));
    for (int i = 0; i < ROWS * COLS; i++)
        src[i] = (double)example_uniform(&seed, -1.0f, 1.0f);

    pyk_context *ctx = example_open_device();
    const int64_t shape[2] = {ROWS, COLS};
    pyk_array_f64 *dsrc, *ddst;
    CHECK(ctx, pyk_to_device_f64(ctx, src, 2, shape, &dsrc));
    CHECK(ctx, pyk_device_array_f64(ctx, 2, shape, &ddst));
    example_poison_device(ctx, pyk_untyped_f64(ddst));
    pyk_launch_config config = {.grid = {example_blocks(ROWS, 16), example_blocks(COLS, 16), 1},
                                .block = {16, 16, 1}};
    CHECK(ctx, jacobi_step_launch(ctx, &config, dsrc, ddst));
    double *dst = example_poisoned(ROWS * COLS * sizeof(double));
    CHECK(ctx, pyk_copy_to_host_f64(ddst, dst, ROWS * COLS));

    int64_t bad = 0;
    char first[200] = "";
    for (int i = 0; i < ROWS; i++) {
        for (int j = 0; j < COLS; j++) {
            const double *s = &src[i * COLS + j];
            double want = *s;
            if (i > 0 && i < ROWS - 1 && j > 0 && j < COLS - 1)
                want = 0.25 * (s[-COLS] + s[COLS] + s[-1] + s[1]);
            if (memcmp(&dst[i * COLS + j], &want, sizeof want) != 0 && bad++ == 0)
                snprintf(first, sizeof first, "[%d, %d]: got %.17g, expected %.17g", i, j,
                         dst[i * COLS + j], want);
        }
    }
    int failed = example_verdict("jacobi_step", bad, (int64_t)ROWS * COLS, first);

    pyk_array_free_f64(dsrc);
    pyk_array_free_f64(ddst);
    pyk_context_destroy(ctx);
    free(src);
    free(dst);
    return failed;
}
