/* Streams and events: work on two streams, event timing of a region that
 * really covers the kernels (the elapsed time grows with the work), and
 * pyk_time_region, which synchronises before reading the clock. */
#include "gpu_test.h"

typedef struct Work {
    pyk_module *module;
    pyk_array *a;
    pyk_stream *stream;
    int repeats;
} Work;

/* repeats launches of scale over the whole array, on the work's stream. */
static pyk_status scale_many(void *user)
{
    Work *w = user;
    pyk_launch_config config = pyk_config_1d(pyk_array_size(w->a), 256);
    config.stream = w->stream;
    pyk_arg args[] = {pyk_arg_array(w->a), pyk_arg_f32(1.0f)};
    for (int i = 0; i < w->repeats; i++) {
        pyk_status status = pyk_launch_by_name(w->module, "scale", &config, args, 2);
        if (status != PYK_OK)
            return status;
    }
    return PYK_OK;
}

int main(void)
{
    pyk_context *ctx = open_device0();
    pyk_module *m = load_or_die(ctx, PTX_BASIC);
    const int64_t n = 1 << 24;
    pyk_array *a, *b;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &a));
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &b));
    pyk_stream *s1, *s2;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s1));
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s2));

    /* Region timing: 1 and 20 passes; more work must take longer. A first
     * untimed pass takes the kernel's one-time lookup and loading. */
    Work one = {m, a, s1, 1}, twenty = {m, a, s1, 20};
    EXPECT_OK(ctx, scale_many(&one));
    EXPECT_OK(ctx, pyk_stream_synchronize(s1));
    float ms_one = 0, ms_twenty = 0;
    EXPECT_OK(ctx, pyk_time_region(ctx, s1, scale_many, &one, &ms_one));
    EXPECT_OK(ctx, pyk_time_region(ctx, s1, scale_many, &twenty, &ms_twenty));
    printf("1 pass: %.3f ms, 20 passes: %.3f ms\n", (double)ms_one, (double)ms_twenty);
    CHECK(ms_one > 0.0f);
    CHECK(ms_twenty > 5.0f * ms_one);

    /* Events by hand on the second stream, concurrently with the first. */
    pyk_event *start, *stop;
    EXPECT_OK(ctx, pyk_event_create(ctx, &start));
    EXPECT_OK(ctx, pyk_event_create(ctx, &stop));
    Work other = {m, b, s2, 5};
    EXPECT_OK(ctx, pyk_event_record(start, s2));
    EXPECT_OK(ctx, scale_many(&other));
    EXPECT_OK(ctx, scale_many(&twenty)); /* on s1 meanwhile */
    EXPECT_OK(ctx, pyk_event_record(stop, s2));
    float ms = 0;
    EXPECT_OK(ctx, pyk_event_elapsed_ms(start, stop, &ms));
    CHECK(ms > 0.0f);
    EXPECT_OK(ctx, pyk_stream_synchronize(s1));
    EXPECT_OK(ctx, pyk_stream_synchronize(s2));
    EXPECT_OK(ctx, pyk_event_synchronize(stop));

    /* A region that fails returns its status and no time. */
    Work broken = {m, a, s1, 1};
    pyk_array *m2;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 2, (int64_t[]){2, 2}, &m2));
    broken.a = m2;
    ms = 1.0f;
    EXPECT_STATUS(ctx, pyk_time_region(ctx, s1, scale_many, &broken, &ms), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK(ms == 0.0f);
    pyk_array_free(m2);

    pyk_event_destroy(start);
    pyk_event_destroy(stop);
    pyk_stream_destroy(s1);
    pyk_stream_destroy(s2);
    pyk_array_free(a);
    pyk_array_free(b);
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
