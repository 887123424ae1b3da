/* Host of examples/saxpy.pyk: out = a * x + y in float32. Launched with far
 * fewer threads than elements (37 blocks of 128) so that the kernel's
 * grid-stride loop has to cover the rest.
 * Tolerance: the GPU may compute a * x + y as one fused multiply-add (one
 * rounding) or as a rounded product plus y (two roundings), as Numba's PTX
 * does; the exact value is (double)a * x + y (the float32 product is exact in
 * double). Two roundings to float32 err by at most u * |a*x| + u * |a*x + y|
 * with u = 2^-24; FLT_EPSILON (2u) per term leaves room for the double
 * reference's own rounding. */
#define EXAMPLE "saxpy"
#include <float.h>

#include "example.h"
#include "saxpy.pyk.h"

int main(void)
{
    const int64_t n = 1000003;
    const float a = 2.5f;
    uint32_t seed = 271828;
    float *x = example_alloc(n * sizeof(float));
    float *y = example_alloc(n * sizeof(float));
    for (int64_t i = 0; i < n; i++) {
        x[i] = example_uniform(&seed, -100.0f, 100.0f);
        y[i] = example_uniform(&seed, -100.0f, 100.0f);
    }

    pyk_context *ctx = example_open_device();
    pyk_array_f32 *dx, *dy, *dout;
    CHECK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    CHECK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    CHECK(ctx, pyk_device_array_f32(ctx, 1, &n, &dout));
    example_poison_device(ctx, pyk_untyped_f32(dout));
    pyk_launch_config config = {.grid = {37, 1, 1}, .block = {128, 1, 1}};
    CHECK(ctx, saxpy_launch(ctx, &config, a, dx, dy, dout));
    float *out = example_poisoned(n * sizeof(float));
    CHECK(ctx, pyk_copy_to_host_f32(dout, out, n));

    int64_t bad = 0;
    char first[200] = "";
    for (int64_t i = 0; i < n; i++) {
        double product = (double)a * (double)x[i];
        double want = product + (double)y[i];
        double tolerance = (double)FLT_EPSILON * (fabs(product) + fabs(want));
        if (!(fabs((double)out[i] - want) <= tolerance) && bad++ == 0)
            snprintf(first, sizeof first, "[%lld]: got %.9g, expected %.9g (tolerance %.3g)",
                     (long long)i, (double)out[i], want, tolerance);
    }
    int failed = example_verdict("saxpy", bad, n, first);

    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    pyk_context_destroy(ctx);
    free(x);
    free(y);
    free(out);
    return failed;
}
