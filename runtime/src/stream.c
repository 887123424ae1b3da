/* Streams, events and the timing helper. Synchronising calls name the kernel
 * launched last on what they wait for, so that an asynchronous fault is
 * reported against a kernel rather than against the wait. */
#include <stdlib.h>

#include "rt.h"

pyk_status pyk_stream_create(pyk_context *ctx, pyk_stream **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_stream_create", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_stream_create: the stream pointer is NULL");
    pyk_stream *s = calloc(1, sizeof *s);
    if (!s)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_stream_create: out of host memory");
    s->ctx = ctx;
    pyk_status status = rt_make_current(ctx);
    /* Flags 0: the stream orders with the default stream, as Numba's do. */
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuStreamCreate(&s->cu_stream, 0), "cuStreamCreate", NULL);
    if (status != PYK_OK) {
        free(s);
        return status;
    }
    *out = s;
    return PYK_OK;
}

pyk_status pyk_stream_synchronize(pyk_stream *s)
{
    if (!s)
        return rt_null_handle("pyk_stream_synchronize", "the stream");
    pyk_status status = rt_make_current(s->ctx);
    if (status != PYK_OK)
        return status;
    status = rt_check(s->ctx, s->ctx->cu->cuStreamSynchronize(s->cu_stream), "cuStreamSynchronize",
                      s->last_kernel);
    return status == PYK_OK ? rt_check_collect(s->ctx) : status;
}

void pyk_stream_destroy(pyk_stream *s)
{
    if (!s)
        return;
    if (!s->borrowed && rt_make_current(s->ctx) == PYK_OK)
        s->ctx->cu->cuStreamDestroy(s->cu_stream);
    free(s);
}

pyk_status pyk_stream_wrap(pyk_context *ctx, void *cu_stream, pyk_stream **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_stream_wrap", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_stream_wrap: the stream pointer is NULL");
    pyk_status status = rt_make_current(ctx);
    if (status != PYK_OK)
        return status;
    /* A stream of another context would fail at the first launch with the
     * driver's "invalid resource handle", far from the mistake. The NULL
     * stream is every context's own. */
    if (cu_stream) {
        CUcontext owner = NULL;
        status = rt_check(ctx, ctx->cu->cuStreamGetCtx((CUstream)cu_stream, &owner),
                          "cuStreamGetCtx (is it a live CUstream or cudaStream_t?)", NULL);
        if (status != PYK_OK)
            return status;
        if (owner != ctx->cu_context)
            return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                            "pyk_stream_wrap: the stream belongs to another CUDA context than the "
                            "pyk_context's (device %d's %s context); open the pyk_context with "
                            "pyk_init_current while the stream's context is current",
                            ctx->properties.ordinal, ctx->adopted && !ctx->retained_primary
                                                         ? "current" : "primary");
    }
    pyk_stream *s = calloc(1, sizeof *s);
    if (!s)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_stream_wrap: out of host memory");
    s->ctx = ctx;
    s->cu_stream = (CUstream)cu_stream;
    s->borrowed = true;
    *out = s;
    return PYK_OK;
}

void *pyk_stream_handle(const pyk_stream *s)
{
    return s ? (void *)s->cu_stream : NULL;
}

pyk_status pyk_event_create(pyk_context *ctx, pyk_event **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_event_create", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_event_create: the event pointer is NULL");
    pyk_event *e = calloc(1, sizeof *e);
    if (!e)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_event_create: out of host memory");
    e->ctx = ctx;
    pyk_status status = rt_make_current(ctx);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuEventCreate(&e->cu_event, CU_EVENT_DEFAULT),
                          "cuEventCreate", NULL);
    if (status != PYK_OK) {
        free(e);
        return status;
    }
    *out = e;
    return PYK_OK;
}

pyk_status pyk_event_record(pyk_event *e, pyk_stream *stream)
{
    if (!e)
        return rt_null_handle("pyk_event_record", "the event");
    if (stream && stream->ctx != e->ctx)
        return rt_error(e->ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_event_record: the event and the stream belong to different contexts");
    pyk_status status = rt_make_current(e->ctx);
    if (status != PYK_OK)
        return status;
    return rt_check(e->ctx, e->ctx->cu->cuEventRecord(e->cu_event, stream ? stream->cu_stream : NULL),
                    "cuEventRecord", NULL);
}

pyk_status pyk_event_synchronize(pyk_event *e)
{
    if (!e)
        return rt_null_handle("pyk_event_synchronize", "the event");
    pyk_status status = rt_make_current(e->ctx);
    if (status != PYK_OK)
        return status;
    status = rt_check(e->ctx, e->ctx->cu->cuEventSynchronize(e->cu_event), "cuEventSynchronize",
                      e->ctx->last_kernel);
    return status == PYK_OK ? rt_check_collect(e->ctx) : status;
}

pyk_status pyk_event_elapsed_ms(pyk_event *start, pyk_event *stop, float *ms)
{
    if (ms)
        *ms = 0.0f;
    if (!start)
        return rt_null_handle("pyk_event_elapsed_ms", "the start event");
    if (!stop || !ms)
        return rt_error(start->ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_event_elapsed_ms: the %s is NULL",
                        stop ? "ms pointer" : "stop event");
    /* Wait for the work first: the timing seed's pitfall is reading the
     * clock while the kernel is still queued. */
    pyk_status status = pyk_event_synchronize(stop);
    if (status != PYK_OK)
        return status;
    return rt_check(start->ctx, start->ctx->cu->cuEventElapsedTime(ms, start->cu_event, stop->cu_event),
                    "cuEventElapsedTime (were both events recorded?)", NULL);
}

void pyk_event_destroy(pyk_event *e)
{
    if (!e)
        return;
    if (rt_make_current(e->ctx) == PYK_OK)
        e->ctx->cu->cuEventDestroy(e->cu_event);
    free(e);
}

pyk_status pyk_time_region(pyk_context *ctx, pyk_stream *stream, pyk_region_fn region, void *user,
                           float *ms)
{
    if (ms)
        *ms = 0.0f;
    if (!ctx)
        return rt_null_handle("pyk_time_region", "the context");
    if (!region || !ms)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_time_region: the %s is NULL",
                        region ? "ms pointer" : "region");
    pyk_event *start = NULL, *stop = NULL;
    pyk_status status = pyk_event_create(ctx, &start);
    if (status == PYK_OK)
        status = pyk_event_create(ctx, &stop);
    if (status == PYK_OK)
        status = pyk_event_record(start, stream);
    if (status == PYK_OK)
        status = region(user);
    if (status == PYK_OK)
        status = pyk_event_record(stop, stream);
    if (status == PYK_OK)
        status = pyk_event_elapsed_ms(start, stop, ms);
    pyk_event_destroy(start);
    pyk_event_destroy(stop);
    return status;
}
