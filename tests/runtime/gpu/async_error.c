/* A kernel that faults on the device (poke reading through a bogus pointer)
 * launches without error, and the illegal address comes back at the next
 * synchronisation, naming the kernel. Last in its own program: such a
 * fault leaves the context unusable. */
#include "gpu_test.h"

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_POKE);
    pyk_stream *s;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s));
    /* A correct launch first, so the record is really of the last one. */
    pyk_array *good, *bogus;
    int32_t zero = 0;
    EXPECT_OK(ctx, pyk_to_device(ctx, &zero, PYK_INT32, 1, (int64_t[]){1}, &good));
    pyk_launch_config config = pyk_config_1d(1, 32);
    config.stream = s;
    pyk_arg ok[] = {pyk_arg_array(good)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "nofacts", &config, ok, 1));
    EXPECT_OK(ctx, pyk_stream_synchronize(s));
    /* Address 256, in the never-mapped first page: a bogus pointer. */
    EXPECT_OK(ctx, pyk_array_wrap(ctx, 256, PYK_INT32, 1, (int64_t[]){1}, NULL, &bogus));
    pyk_arg bad[] = {pyk_arg_array(bogus)};
    EXPECT_OK(ctx, pyk_launch_by_name(m, "poke", &config, bad, 1));
    pyk_status status = pyk_stream_synchronize(s);
    EXPECT_STATUS(ctx, status, PYK_ERROR_LAUNCH_FAILED);
    printf("fault: %s\n", pyk_last_error(ctx));
    CHECK_CONTAINS(pyk_last_error(ctx), "a kernel failed on the device: kernel 'poke' was the last "
                                        "launched before it");
    CHECK_CONTAINS(pyk_last_error(ctx), "CUDA_ERROR_ILLEGAL_ADDRESS");
    /* Later synchronising calls keep saying so (the error is sticky). */
    EXPECT_STATUS(ctx, pyk_synchronize(ctx), PYK_ERROR_LAUNCH_FAILED);
    CHECK_CONTAINS(pyk_last_error(ctx), "kernel 'poke'");
    pyk_array_free(bogus);
    pyk_array_free(good);
    pyk_stream_destroy(s);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
