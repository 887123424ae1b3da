/* A user's host program: adds two vectors on device 0 with the typed
 * launcher of the header pykc_add_kernels generates from vecadd.pyk, and
 * checks the sum. Prints "PASS user_vecadd" or the runtime's message. */
#include <pykrt.h>
#include <stdio.h>

#include "vecadd.pyk.h"

enum { N = 1000 };

static int fail(pyk_context *ctx, const char *what)
{
    printf("FAIL user_vecadd: %s: %s\n", what, pyk_last_error(ctx));
    return 1;
}

int main(void)
{
    static float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 0.5f * (float)i;
        out[i] = -1.0f;
    }
    const int64_t n = N;
    pyk_context *ctx;
    if (pyk_init(&ctx, 0) != PYK_OK)
        return fail(NULL, "pyk_init");
    pyk_array_f32 *dx, *dy, *dout;
    if (pyk_to_device_f32(ctx, x, 1, &n, &dx) != PYK_OK ||
        pyk_to_device_f32(ctx, y, 1, &n, &dy) != PYK_OK ||
        pyk_device_array_f32(ctx, 1, &n, &dout) != PYK_OK)
        return fail(ctx, "allocating");
    if (vecadd_launch_1d(ctx, n, NULL, dx, dy, dout) != PYK_OK)
        return fail(ctx, "vecadd_launch_1d");
    if (pyk_copy_to_host_f32(dout, out, n) != PYK_OK)
        return fail(ctx, "pyk_copy_to_host_f32");
    for (int i = 0; i < N; i++)
        if (out[i] != 1.5f * (float)i) {
            printf("FAIL user_vecadd: out[%d] = %g, expected %g\n", i, (double)out[i],
                   (double)(1.5f * (float)i));
            return 1;
        }
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
    pyk_context_destroy(ctx);
    printf("PASS user_vecadd\n");
    return 0;
}
