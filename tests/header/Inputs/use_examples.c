/* Includes the headers of every examples/NAME.pyk and of Inputs/grid_nd.pyk in
 * one translation unit and calls their nd launchers, so that the strictest
 * warning sets of GCC and Clang see every launcher kind
 * (header_warnings_gcc.test, header_warnings_clang.test). Never run. */
#include "histogram.h"
#include "matmul.h"
#include "reduce.h"
#include "saxpy.h"
#include "stencil.h"
#include "transpose.h"
#include "vecadd.h"
#include "grid_nd.h"

int use(pyk_context *ctx, pyk_stream *stream, const pyk_array_f32 *m, const pyk_array_f64 *d,
        const pyk_array_f32 *cube);
int use(pyk_context *ctx, pyk_stream *stream, const pyk_array_f32 *m, const pyk_array_f64 *d,
        const pyk_array_f32 *cube)
{
    int failures = 0;
    failures += matmul_naive_launch_2d(ctx, stream, m, m, m) != PYK_OK;
    failures += matmul_tiled_launch_2d(ctx, stream, m, m, m) != PYK_OK;
    failures += jacobi_step_launch_2d(ctx, stream, d, d) != PYK_OK;
    failures += scale3_launch_3d(ctx, stream, cube, 0.5f) != PYK_OK;
    failures += fill2_launch_2d(ctx, stream, m, 3, 4) != PYK_OK;
    failures += saxpy_launch_1d(ctx, 10, stream, 2.0f, m, m, m) != PYK_OK;
    return failures;
}
