/* The host of the line-information GPU test (run.sh): loads the PTX given
 * (oob_write.pyk compiled with --lineinfo), launches shift_right over 1000
 * elements, whose last thread writes one float32 past the end of 'out',
 * and waits. Under compute-sanitizer --tool memcheck the write is
 * reported with the .pyk file and line; without it the write usually
 * lands in the allocation's padding unnoticed. Prints the status it got
 * and exits 0 when everything up to the launch worked: the verdict is
 * run.sh's, from the sanitizer's report. */
#include <stdio.h>
#include <stdlib.h>

#include <pykrt.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s oob_write.ptx\n", argv[0]);
        return 2;
    }
    const int64_t n = 1000;
    float *host = calloc((size_t)n, sizeof *host);
    pyk_context *ctx = NULL;
    pyk_module *module;
    pyk_array_f32 *x, *out;
    if (!host || pyk_init(&ctx, 0) != PYK_OK) {
        printf("oob_host: pyk_init failed: %s\n", pyk_last_error(NULL));
        return 1;
    }
    pyk_launch_config config = pyk_config_1d(n, 256);
    pyk_status status = pyk_module_load_file(ctx, argv[1], &module);
    if (status == PYK_OK)
        status = pyk_to_device_f32(ctx, host, 1, &n, &x);
    if (status == PYK_OK)
        status = pyk_to_device_f32(ctx, host, 1, &n, &out);
    if (status == PYK_OK) {
        pyk_arg args[2] = {pyk_arg_array(pyk_untyped_f32(x)), pyk_arg_array(pyk_untyped_f32(out))};
        status = pyk_launch_by_name(module, "shift_right", &config, args, 2);
    }
    if (status != PYK_OK) {
        printf("oob_host: setting up or launching failed: %s: %s\n", pyk_status_name(status),
               pyk_last_error(ctx));
        return 1;
    }
    status = pyk_synchronize(ctx); /* under memcheck: an error, which is expected */
    printf("oob_host: launched; synchronising gave %s\n", pyk_status_name(status));
    free(host);
    return 0; /* the context may be unusable after a fault: not destroyed */
}
