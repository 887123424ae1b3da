/* pyk_init_current, pyk_stream_wrap and pyk_stream_handle against the fake
 * driver (fake_driver/fake_cuda.c, found through LD_LIBRARY_PATH): the
 * interop with CUDA runtime code, its error paths first. The test plays the
 * CUDA runtime's part with the fake's own cuCtxSetCurrent and
 * cuStreamCreate, reached with dlopen as libpykrt reaches them, so both see
 * one driver state. Ends with "N passed, M failed". */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "pykrt.h"

#define STALE(type) ((type)(uintptr_t)0x5a5a)

/* The call returned `want` and the message (of ctx, or NULL's) is exactly `message`. */
#define EXPECT_FAIL(ctx, call, want, message)                                                     \
    do {                                                                                          \
        pyk_status got_ = (call);                                                                 \
        check_true(got_ == (want), #call " == " #want, __FILE__, __LINE__);                        \
        check_true(strcmp(pyk_last_error(ctx), (message)) == 0, #call ": message", __FILE__,       \
                   __LINE__);                                                                      \
        if (strcmp(pyk_last_error(ctx), (message)) != 0)                                          \
            printf("  gave: %s\n  want: %s\n", pyk_last_error(ctx), (message));                     \
    } while (0)

static void driver_fails(const char *spec) { setenv("FAKE_CUDA_FAIL", spec, 1); }

/* The fake's entry points the "CUDA runtime" of this test calls. */
static CUresult (*set_current)(CUcontext);
static CUresult (*get_current)(CUcontext *);
static CUresult (*retain_primary)(CUcontext *, CUdevice);
static CUresult (*create_stream)(CUstream *, unsigned);
static int *streams_destroyed;

static int load_fake(void)
{
    void *fake = dlopen("libcuda.so.1", RTLD_NOW);
    if (!fake)
        return printf("FAIL: the fake libcuda.so.1 is not on LD_LIBRARY_PATH\n"), 0;
    *(void **)&set_current = dlsym(fake, "cuCtxSetCurrent");
    *(void **)&get_current = dlsym(fake, "cuCtxGetCurrent");
    *(void **)&retain_primary = dlsym(fake, "cuDevicePrimaryCtxRetain");
    *(void **)&create_stream = dlsym(fake, "cuStreamCreate");
    streams_destroyed = dlsym(fake, "fake_cuda_streams_destroyed");
    return set_current && get_current && retain_primary && create_stream && streams_destroyed;
}

/* No current context, NULL out, and each driver call failing. */
static void init_current_failures(void)
{
    set_current(NULL);
    pyk_context *ctx = STALE(pyk_context *);
    EXPECT_FAIL(NULL, pyk_init_current(NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_init_current: the context pointer is NULL");
    EXPECT_FAIL(NULL, pyk_init_current(&ctx), PYK_ERROR_NO_DEVICE,
                "pyk_init_current: no CUDA context is current on this thread; make one current "
                "first (cudaSetDevice, cuCtxSetCurrent) or open a device with pyk_init");
    CHECK(ctx == NULL);

    CUcontext primary = NULL;
    retain_primary(&primary, 0);
    set_current(primary);
    ctx = STALE(pyk_context *);
    driver_fails("cuCtxGetCurrent=201");
    EXPECT_FAIL(NULL, pyk_init_current(&ctx), PYK_ERROR_DRIVER,
                "cuCtxGetCurrent failed: CUDA_ERROR_INVALID_CONTEXT: invalid device context");
    CHECK(ctx == NULL);
    driver_fails("cuCtxGetDevice=201");
    EXPECT_FAIL(NULL, pyk_init_current(&ctx), PYK_ERROR_DRIVER,
                "cuCtxGetDevice failed: CUDA_ERROR_INVALID_CONTEXT: invalid device context");
    driver_fails("cuDeviceGet=101");
    CHECK(pyk_init_current(&ctx) != PYK_OK && ctx == NULL);
    CHECK_CONTAINS(pyk_last_error(NULL), "cuDeviceGet failed");
    driver_fails("cuDeviceGetAttribute=1");
    EXPECT_FAIL(NULL, pyk_init_current(&ctx), PYK_ERROR_DRIVER,
                "cuDeviceGetAttribute failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(ctx == NULL);
    driver_fails("");
    /* A failed init leaves the caller's current context current. */
    CUcontext now = NULL;
    get_current(&now);
    CHECK(now == primary);
}

/* The runtime's primary context: adopted and retained; destroying the
 * pyk_context leaves it current (the CUDA runtime still uses it). */
static void init_current_primary(void)
{
    CUcontext primary = NULL;
    retain_primary(&primary, 0);
    set_current(primary);
    pyk_context *ctx = NULL;
    CHECK(pyk_init_current(&ctx) == PYK_OK && ctx != NULL);
    CHECK(pyk_context_properties(ctx)->ordinal == 0);
    CHECK(pyk_context_properties(ctx)->compute_major == 9);
    pyk_context_destroy(ctx);
    CUcontext now = NULL;
    get_current(&now);
    CHECK(now == primary);
}

/* Wrapping: NULL context or out, a stream the driver does not know, a
 * stream of another context, the NULL stream; destroy leaves the CUstream. */
static void wrap_streams(void)
{
    CUcontext primary = NULL;
    retain_primary(&primary, 0);
    set_current(primary);
    pyk_context *ctx = NULL;
    CHECK(pyk_init_current(&ctx) == PYK_OK);
    CUstream cu_stream = NULL;
    CHECK(create_stream(&cu_stream, 0) == CUDA_SUCCESS);

    pyk_stream *s = STALE(pyk_stream *);
    EXPECT_FAIL(NULL, pyk_stream_wrap(NULL, cu_stream, &s), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_wrap: the context is NULL");
    CHECK(s == NULL);
    EXPECT_FAIL(ctx, pyk_stream_wrap(ctx, cu_stream, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_wrap: the stream pointer is NULL");
    int not_a_stream = 0;
    s = STALE(pyk_stream *);
    EXPECT_FAIL(ctx, pyk_stream_wrap(ctx, &not_a_stream, &s), PYK_ERROR_DRIVER,
                "cuStreamGetCtx (is it a live CUstream or cudaStream_t?) failed: "
                "CUDA_ERROR_INVALID_HANDLE: invalid resource handle");
    CHECK(s == NULL);
    s = STALE(pyk_stream *);
    driver_fails("cuStreamGetCtx=201");
    EXPECT_FAIL(ctx, pyk_stream_wrap(ctx, cu_stream, &s), PYK_ERROR_DRIVER,
                "cuStreamGetCtx (is it a live CUstream or cudaStream_t?) failed: "
                "CUDA_ERROR_INVALID_CONTEXT: invalid device context");
    CHECK(s == NULL);
    driver_fails("");

    /* A stream of the primary context and the default stream: wrapped, and
     * the handle gives the CUstream back; destroying them destroys no
     * CUstream. */
    int destroyed = *streams_destroyed;
    CHECK(pyk_stream_wrap(ctx, cu_stream, &s) == PYK_OK && s != NULL);
    CHECK(pyk_stream_handle(s) == (void *)cu_stream);
    CHECK(pyk_stream_synchronize(s) == PYK_OK);
    pyk_stream *legacy = NULL;
    CHECK(pyk_stream_wrap(ctx, NULL, &legacy) == PYK_OK && legacy != NULL);
    CHECK(pyk_stream_handle(legacy) == NULL);
    pyk_stream_destroy(s);
    pyk_stream_destroy(legacy);
    CHECK(*streams_destroyed == destroyed);
    CHECK(pyk_stream_handle(NULL) == NULL);
    /* A stream pykrt created is destroyed with its handle. */
    pyk_stream *own = NULL;
    CHECK(pyk_stream_create(ctx, &own) == PYK_OK);
    CHECK(pyk_stream_handle(own) == (void *)cu_stream); /* the fake's one stream */
    pyk_stream_destroy(own);
    CHECK(*streams_destroyed == destroyed + 1);
    pyk_context_destroy(ctx);

    /* A context the caller made (not the primary one): borrowed; the
     * primary context's stream belongs to another context. */
    static int created_context;
    set_current((CUcontext)&created_context);
    CHECK(pyk_init_current(&ctx) == PYK_OK);
    s = STALE(pyk_stream *);
    EXPECT_FAIL(ctx, pyk_stream_wrap(ctx, cu_stream, &s), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_wrap: the stream belongs to another CUDA context than the pyk_context's "
                "(device 0's current context); open the pyk_context with pyk_init_current while "
                "the stream's context is current");
    CHECK(s == NULL);
    pyk_context_destroy(ctx);
    CUcontext now = NULL;
    get_current(&now);
    CHECK(now == (CUcontext)&created_context);
}

int main(void)
{
    /* Load the driver through libpykrt first, as a program would. */
    int count = 0;
    if (pyk_device_count(&count) != PYK_OK || !load_fake())
        return printf("FAIL: the fake driver did not load\n"), 1;
    init_current_failures();
    init_current_primary();
    wrap_streams();
    return check_summary();
}
