/* Host of examples/vecadd.pyk: out = x + y over a million float32 values,
 * launched with the 1-D helper (block size from the occupancy API, enough
 * blocks for n). One IEEE addition per element, rounded the same way on
 * both sides: the results must equal the CPU's bit for bit. */
#define EXAMPLE "vecadd"
#include "example.h"
#include "vecadd.pyk.h"

int main(void)
{
    const int64_t n = 1000003; /* prime: no block size divides it */
    uint32_t seed = 12345;
    float *x = example_alloc(n * sizeof(float));
    float *y = example_alloc(n * sizeof(float));
    for (int64_t i = 0; i < n; i++) {
        x[i] = example_uniform(&seed, -1000.0f, 1000.0f);
        y[i] = example_uniform(&seed, -1000.0f, 1000.0f);
    }

    pyk_context *ctx = example_open_device();
    pyk_array_f32 *dx, *dy, *dout;
    CHECK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    CHECK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    CHECK(ctx, pyk_device_array_f32(ctx, 1, &n, &dout));
    example_poison_device(ctx, pyk_untyped_f32(dout));
    CHECK(ctx, vecadd_launch_1d(ctx, n, NULL, dx, dy, dout));
    float *out = example_poisoned(n * sizeof(float));
    CHECK(ctx, pyk_copy_to_host_f32(dout, out, n));

    int64_t bad = 0;
    char first[160] = "";
    for (int64_t i = 0; i < n; i++) {
        float want = x[i] + y[i];
        if (memcmp(&out[i], &want, sizeof want) != 0 && bad++ == 0)
            snprintf(first, sizeof first, "[%lld]: got %.9g, expected %.9g", (long long)i,
                     (double)out[i], (double)want);
    }
    int failed = example_verdict("vecadd", bad, n, first);

    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    pyk_context_destroy(ctx);
    free(x);
    free(y);
    free(out);
    return failed;
}
