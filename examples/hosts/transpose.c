/* Host of examples/transpose.pyk: out = in.T for a 1000 x 777 float32
 * matrix (32 x 32 tiles do not divide it) into a poisoned 777 x 1000 out.
 * Grid: x covers the input's columns, y its rows (the kernel reads
 * inp[blockIdx.y * TILE + ty, blockIdx.x * TILE + tx]). The kernel only
 * moves values: compared bit for bit. */
#define EXAMPLE "transpose"
#include "example.h"
#include "transpose.pyk.h"

#define TILE 32 /* examples/transpose.pyk's TILE: blocks are TILE x TILE */

enum { ROWS = 1000, COLS = 777 };

int main(void)
{
    uint32_t seed = 2024;
    float *in = example_alloc(ROWS * COLS * sizeof(float));
    for (int i = 0; i < ROWS * COLS; i++)
        in[i] = example_uniform(&seed, -1000.0f, 1000.0f);

    pyk_context *ctx = example_open_device();
    const int64_t in_shape[2] = {ROWS, COLS}, out_shape[2] = {COLS, ROWS};
    pyk_array_f32 *din, *dout;
    CHECK(ctx, pyk_to_device_f32(ctx, in, 2, in_shape, &din));
    CHECK(ctx, pyk_device_array_f32(ctx, 2, out_shape, &dout));
    example_poison_device(ctx, pyk_untyped_f32(dout));
    pyk_launch_config config = {.grid = {example_blocks(COLS, TILE), example_blocks(ROWS, TILE), 1},
                                .block = {TILE, TILE, 1}};
    CHECK(ctx, transpose_launch(ctx, &config, din, dout));
    float *out = example_poisoned(ROWS * COLS * sizeof(float));
    CHECK(ctx, pyk_copy_to_host_f32(dout, out, ROWS * COLS));

    int64_t bad = 0;
    char first[160] = "";
    for (int r = 0; r < COLS; r++) {
        for (int c = 0; c < ROWS; c++) {
            const float *want = &in[c * COLS + r];
            if (memcmp(&out[r * ROWS + c], want, sizeof *want) != 0 && bad++ == 0)
                snprintf(first, sizeof first, "[%d, %d]: got %.9g, expected %.9g", r, c,
                         (double)out[r * ROWS + c], (double)*want);
        }
    }
    int failed = example_verdict("transpose", bad, (int64_t)ROWS * COLS, first);

    pyk_array_free_f32(din);
    pyk_array_free_f32(dout);
    pyk_context_destroy(ctx);
    free(in);
    free(out);
    return failed;
}
