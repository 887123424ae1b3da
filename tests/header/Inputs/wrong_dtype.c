/* A float64 array passed where vecadd declares float32: must not compile
 * (header_wrong_dtype.test). */
#include "kernels.h"

pyk_status wrong(pyk_context *ctx, pyk_array_f64 *x, pyk_array_f32 *y);
pyk_status wrong(pyk_context *ctx, pyk_array_f64 *x, pyk_array_f32 *y)
{
    return vecadd_launch_1d(ctx, 100, NULL, x, y, y);
}
