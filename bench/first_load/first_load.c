/* One process's first load of a module, the figure --emit=cubin is for:
 *   first_load FILE KERNEL...
 * creates a context, loads FILE (PTX, cubin or fatbin, by
 * pyk_module_load_file) and launches each KERNEL once (one thread; every
 * array parameter a zeroed 64-per-axis array of its dtype, every scalar 0;
 * a kernel with a tuple parameter is looked up, not launched), then
 * synchronises, and prints
 *   FILE init_ms=... load_ms=... launch_ms=... total_ms=...
 * (wall-clock: context creation; the load, where PTX is JIT-compiled; the
 * kernels' lookups, first launches and synchronisation). run.sh runs it
 * in fresh processes. Exit status 1 when anything fails. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pykrt.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int fail(pyk_context *ctx, const char *what)
{
    fprintf(stderr, "first_load: %s: %s\n", what, pyk_last_error(ctx));
    return 1;
}

/* One launch of `k` with placeholder arguments; arrays go to `owned`. */
static pyk_status launch_once(pyk_context *ctx, pyk_kernel *k, pyk_array **owned, int *owned_count)
{
    int count = pyk_kernel_param_count(k);
    if (count < 0)
        return PYK_OK;   /* no facts: the arguments are unknown */
    pyk_arg *args = calloc((size_t)count + 1, sizeof *args);
    for (int i = 0; i < count; i++) {
        pyk_param_info info;
        pyk_status status = pyk_kernel_param(k, i, &info);
        if (status != PYK_OK || info.member_count > 0) {
            free(args);
            return status;   /* a tuple: looked up only */
        }
        if (info.ndim == 0) {
            args[i].dtype = info.dtype;   /* value 0 */
            continue;
        }
        int64_t shape[8];
        for (int d = 0; d < info.ndim; d++)
            shape[d] = info.ndim <= 2 ? 64 : 16;
        pyk_array *a;
        if ((status = pyk_device_array(ctx, info.dtype, info.ndim, shape, &a)) != PYK_OK) {
            free(args);
            return status;
        }
        owned[(*owned_count)++] = a;
        args[i] = pyk_arg_array(a);
    }
    pyk_launch_config one = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
    pyk_status status = pyk_launch(k, &one, args, count);
    free(args);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: first_load FILE KERNEL...\n");
        return 2;
    }
    double t0 = now_ms();
    pyk_context *ctx;
    if (pyk_init(&ctx, 0) != PYK_OK)
        return fail(NULL, "pyk_init");
    double t1 = now_ms();
    pyk_module *module;
    if (pyk_module_load_file(ctx, argv[1], &module) != PYK_OK)
        return fail(ctx, argv[1]);
    double t2 = now_ms();
    pyk_array *owned[256];
    int owned_count = 0;
    for (int i = 2; i < argc; i++) {
        pyk_kernel *k;
        if (pyk_module_kernel(module, argv[i], &k) != PYK_OK)
            return fail(ctx, argv[i]);
        if (owned_count < 200 && launch_once(ctx, k, owned, &owned_count) != PYK_OK)
            return fail(ctx, argv[i]);
    }
    if (pyk_synchronize(ctx) != PYK_OK)
        return fail(ctx, "synchronising");
    double t3 = now_ms();
    printf("%s init_ms=%.2f load_ms=%.2f launch_ms=%.2f total_ms=%.2f\n", argv[1], t1 - t0, t2 - t1,
           t3 - t2, t3 - t0);
    for (int i = 0; i < owned_count; i++)
        pyk_array_free(owned[i]);
    pyk_module_unload(module);
    pyk_context_destroy(ctx);
    return 0;
}
