/* libpykrt against the fake driver (fake_driver/fake_cuda.c, found through
 * LD_LIBRARY_PATH): every failure leaves the out-parameter NULL (or 0) and
 * sets a precise message, whether the caller passed a NULL context or
 * handle or the driver failed (FAKE_CUDA_FAIL, set between calls).
 *   fake_driver_test init        pyk_init and pyk_device_count, printed for
 *                                lit (the driver loads once per process, so
 *                                each cuInit outcome is its own run)
 *   fake_driver_test calls PATH  everything else; PATH: a scratch PTX file
 * Ends with "N passed, M failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "pykrt.h"

/* A non-NULL value an out-parameter holds before a call that must clear it. */
#define STALE(type) ((type)(uintptr_t)0x5a5a)

/* The call returned `want` and pyk_last_error(ctx) is exactly `message`. */
#define EXPECT_FAIL(ctx, call, want, message)                                                     \
    expect_fail((ctx), (call), (want), (message), #call, __LINE__)

static void expect_fail(const pyk_context *ctx, pyk_status got, pyk_status want, const char *message,
                        const char *call, int line)
{
    const char *text = pyk_last_error(ctx);
    if (got == want && strcmp(text, message) == 0) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL line %d: %s\n  gave %s: %s\n  want %s: %s\n", line, call, pyk_status_name(got), text,
           pyk_status_name(want), message);
}

/* The call returned `want` (its message is checked apart). */
#define EXPECT_STATUS(call, want) check_true((call) == (want), #call " == " #want, __FILE__, __LINE__)

/* Makes the fake driver fail these calls from now on ("" : none). */
static void driver_fails(const char *spec) { setenv("FAKE_CUDA_FAIL", spec, 1); }

/* The launch facts are all libpykrt reads of the text; the fake JIT ignores it. */
static const char PTX[] = "// pykc.kernel scale(x: array(float32, 1d, C), n: int64)\n";

static int run_init(void)
{
    pyk_context *ctx = STALE(pyk_context *);
    pyk_status status = pyk_init(&ctx, 0);
    printf("init: %s: %s\n", pyk_status_name(status), status ? pyk_last_error(NULL) : "ok");
    CHECK(status == PYK_OK ? ctx != NULL : ctx == NULL);
    int count = -1;
    status = pyk_device_count(&count);
    printf("count: %s: %d\n", pyk_status_name(status), count);
    pyk_context_destroy(ctx);
    return check_summary();
}

/* Finding: with ctx == NULL the out-parameter kept its old value and
 * pyk_last_error(NULL) an older message. */
static void null_context(void)
{
    CHECK(pyk_init(NULL, 0) == PYK_ERROR_INVALID_ARGUMENT); /* the older message */
    const int64_t n = 4;
    float host[4] = {0};
    pyk_module *m = STALE(pyk_module *);
    EXPECT_FAIL(NULL, pyk_module_load_ptx(NULL, PTX, &m), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_module_load_ptx: the context is NULL");
    CHECK(m == NULL);
    m = STALE(pyk_module *);
    EXPECT_FAIL(NULL, pyk_module_load_file(NULL, "k.ptx", &m), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_module_load_file: the context is NULL");
    CHECK(m == NULL);
    m = STALE(pyk_module *);
    EXPECT_FAIL(NULL, pyk_context_module(NULL, PTX, &m), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_context_module: the context is NULL");
    CHECK(m == NULL);
    pyk_kernel *k = STALE(pyk_kernel *);
    EXPECT_FAIL(NULL, pyk_module_kernel(NULL, "scale", &k), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_module_kernel: the module is NULL");
    CHECK(k == NULL);
    pyk_array *a = STALE(pyk_array *);
    EXPECT_FAIL(NULL, pyk_device_array(NULL, PYK_FLOAT32, 1, &n, &a), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_device_array: the context is NULL");
    CHECK(a == NULL);
    a = STALE(pyk_array *);
    EXPECT_FAIL(NULL, pyk_to_device(NULL, host, PYK_FLOAT32, 1, &n, &a), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_to_device: the context is NULL");
    CHECK(a == NULL);
    a = STALE(pyk_array *);
    EXPECT_FAIL(NULL, pyk_to_device_async(NULL, host, PYK_FLOAT32, 1, &n, NULL, &a),
                PYK_ERROR_INVALID_ARGUMENT, "pyk_to_device_async: the context is NULL");
    CHECK(a == NULL);
    a = STALE(pyk_array *);
    EXPECT_FAIL(NULL, pyk_array_wrap(NULL, 0, PYK_FLOAT32, 1, &n, NULL, &a),
                PYK_ERROR_INVALID_ARGUMENT, "pyk_array_wrap: the context is NULL");
    CHECK(a == NULL);
    pyk_array_f32 *typed = STALE(pyk_array_f32 *);
    EXPECT_FAIL(NULL, pyk_device_array_f32(NULL, 1, &n, &typed), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_device_array: the context is NULL");
    CHECK(typed == NULL);
    void *pinned = STALE(void *);
    EXPECT_FAIL(NULL, pyk_host_alloc(NULL, 64, &pinned), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_host_alloc: the context is NULL");
    CHECK(pinned == NULL);
    pyk_stream *s = STALE(pyk_stream *);
    EXPECT_FAIL(NULL, pyk_stream_create(NULL, &s), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_create: the context is NULL");
    CHECK(s == NULL);
    pyk_event *e = STALE(pyk_event *);
    EXPECT_FAIL(NULL, pyk_event_create(NULL, &e), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_event_create: the context is NULL");
    CHECK(e == NULL);
    float ms = 7.0f;
    EXPECT_FAIL(NULL, pyk_event_elapsed_ms(NULL, NULL, &ms), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_event_elapsed_ms: the start event is NULL");
    CHECK(ms == 0.0f);
    ms = 7.0f;
    EXPECT_FAIL(NULL, pyk_time_region(NULL, NULL, NULL, NULL, &ms), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_time_region: the context is NULL");
    CHECK(ms == 0.0f);
    int block = 7;
    EXPECT_FAIL(NULL, pyk_kernel_suggest_block_size(NULL, 0, &block), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_kernel_suggest_block_size: the kernel is NULL");
    CHECK(block == 0);
    unsigned blocks = 7;
    pyk_dim3 dim = {32, 1, 1};
    EXPECT_FAIL(NULL, pyk_kernel_max_cooperative_blocks(NULL, dim, 0, &blocks),
                PYK_ERROR_INVALID_ARGUMENT, "pyk_kernel_max_cooperative_blocks: the kernel is NULL");
    CHECK(blocks == 0);
    pyk_param_info info = {"stale", PYK_INT8, 1, PYK_LAYOUT_C, 1, "stale"};
    EXPECT_FAIL(NULL, pyk_kernel_param(NULL, 0, &info), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_kernel_param: the kernel is NULL");
    CHECK(info.name == NULL && info.type == NULL && info.dtype == 0 && info.ndim == 0);
    /* Calls without an out-parameter say which handle was NULL too. */
    pyk_launch_config config = pyk_config_1d(4, 32);
    EXPECT_FAIL(NULL, pyk_launch(NULL, &config, NULL, 0), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_launch: the kernel is NULL");
    EXPECT_FAIL(NULL, pyk_synchronize(NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_synchronize: the context is NULL");
    EXPECT_FAIL(NULL, pyk_copy_to_host(NULL, host, sizeof host), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_copy_to_host: the array is NULL");
    EXPECT_FAIL(NULL, pyk_stream_synchronize(NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_synchronize: the stream is NULL");
}

/* A NULL out-parameter with a context: the context owns the message. */
static void null_out(pyk_context *ctx)
{
    const int64_t n = 4;
    EXPECT_FAIL(ctx, pyk_module_load_ptx(ctx, PTX, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_module_load_ptx: the module pointer is NULL");
    EXPECT_FAIL(ctx, pyk_module_load_file(ctx, NULL, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_module_load_file: the module pointer is NULL");
    EXPECT_FAIL(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_device_array: the array pointer is NULL");
    EXPECT_FAIL(ctx, pyk_to_device(ctx, NULL, PYK_FLOAT32, 1, &n, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_to_device: the array pointer is NULL");
    EXPECT_FAIL(ctx, pyk_host_alloc(ctx, 8, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_host_alloc: the host pointer is NULL");
    EXPECT_FAIL(ctx, pyk_stream_create(ctx, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_stream_create: the stream pointer is NULL");
    EXPECT_FAIL(ctx, pyk_event_create(ctx, NULL), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_event_create: the event pointer is NULL");
}

static void module_failures(pyk_context *ctx, const char *path)
{
    pyk_module *m = STALE(pyk_module *);
    driver_fails("cuModuleLoadDataEx=218");
    EXPECT_FAIL(ctx, pyk_module_load_ptx(ctx, PTX, &m), PYK_ERROR_PTX_REJECTED,
                "the CUDA driver rejected the PTX given in memory: CUDA_ERROR_INVALID_PTX: a PTX JIT "
                "compilation failed\nptxas fatal   : fake driver: rejected as FAKE_CUDA_FAIL asked");
    CHECK(m == NULL);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(PTX, f) >= 0 && fclose(f) == 0);
    m = STALE(pyk_module *);
    EXPECT_STATUS(pyk_module_load_file(ctx, path, &m), PYK_ERROR_PTX_REJECTED);
    CHECK(m == NULL);
    CHECK_CONTAINS(pyk_last_error(ctx), "the CUDA driver rejected the PTX file '");
    m = STALE(pyk_module *);
    EXPECT_STATUS(pyk_context_module(ctx, PTX, &m), PYK_ERROR_PTX_REJECTED);
    CHECK(m == NULL);
    CHECK_CONTAINS(pyk_last_error(ctx), "the CUDA driver rejected the PTX given in memory: ");
    driver_fails("");
    m = STALE(pyk_module *);
    EXPECT_FAIL(ctx, pyk_module_load_file(ctx, "/nonexistent/k.ptx", &m), PYK_ERROR_IO,
                "cannot read the module file '/nonexistent/k.ptx': No such file or directory");
    CHECK(m == NULL);
    m = STALE(pyk_module *);
    EXPECT_FAIL(ctx, pyk_module_load_ptx(ctx, "// pykc.kernel k(x: quux)\n", &m),
                PYK_ERROR_PTX_REJECTED,
                "the PTX given in memory: malformed pykc launch facts at line 1, column 21: "
                "unknown type: expected bool, int8..int64, uint8..uint64, float16, float32, "
                "float64, complex64, complex128, array(...), UniTuple(...) or Tuple(...)");
    CHECK(m == NULL);
}

/* Lookup and introspection failures; returns the kernel 'scale' found at last. */
static pyk_kernel *kernel_failures(pyk_context *ctx, pyk_module *m)
{
    pyk_kernel *k = STALE(pyk_kernel *);
    driver_fails("cuModuleGetFunction=500");
    EXPECT_FAIL(ctx, pyk_module_kernel(m, "nope", &k), PYK_ERROR_NOT_FOUND,
                "no kernel named 'nope' in the module; its kernels are 'scale'");
    CHECK(k == NULL);
    k = STALE(pyk_kernel *);
    driver_fails("cuFuncGetAttribute=1");
    EXPECT_FAIL(ctx, pyk_module_kernel(m, "scale", &k), PYK_ERROR_DRIVER,
                "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK) failed: CUDA_ERROR_INVALID_VALUE: "
                "invalid argument");
    CHECK(k == NULL);
    driver_fails("");
    if (pyk_module_kernel(m, "scale", &k) != PYK_OK)
        return NULL;
    pyk_param_info info = {"stale", PYK_INT8, 1, PYK_LAYOUT_C, 1, "stale"};
    EXPECT_FAIL(ctx, pyk_kernel_param(k, 5, &info), PYK_ERROR_INVALID_ARGUMENT,
                "pyk_kernel_param: kernel 'scale' has 2 parameters, no index 5");
    CHECK(info.name == NULL && info.type == NULL && info.dtype == 0);
    int block = 7;
    driver_fails("cuOccupancyMaxPotentialBlockSize=1");
    EXPECT_FAIL(ctx, pyk_kernel_suggest_block_size(k, 0, &block), PYK_ERROR_DRIVER,
                "cuOccupancyMaxPotentialBlockSize failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(block == 0);
    unsigned blocks = 7;
    pyk_dim3 dim = {32, 1, 1};
    driver_fails("cuOccupancyMaxActiveBlocksPerMultiprocessor=1");
    EXPECT_STATUS(pyk_kernel_max_cooperative_blocks(k, dim, 0, &blocks), PYK_ERROR_DRIVER);
    CHECK(blocks == 0);
    driver_fails("");
    return k;
}

/* Launch failures, before and at the driver, and a fault found later. */
static void launch_failures(pyk_context *ctx, pyk_kernel *k)
{
    const int64_t n = 64;
    pyk_array *x = NULL;
    EXPECT_STATUS(pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &x), PYK_OK);
    pyk_arg args[] = {pyk_arg_array(x), pyk_arg_i64(n)};
    pyk_launch_config config = pyk_config_1d(n, 32);
    /* Finding: a negative count was reported as "args is NULL". */
    EXPECT_FAIL(ctx, pyk_launch(k, &config, args, -1), PYK_ERROR_INVALID_ARGUMENT,
                "launch of kernel 'scale': nargs is -1; the argument count cannot be negative");
    EXPECT_FAIL(ctx, pyk_launch(k, &config, NULL, 1), PYK_ERROR_INVALID_ARGUMENT,
                "launch of kernel 'scale': 1 argument but args is NULL");
    driver_fails("cuLaunchKernel=701");
    EXPECT_FAIL(ctx, pyk_launch(k, &config, args, 2), PYK_ERROR_LAUNCH_CONFIG,
                "cuLaunchKernel of kernel 'scale' failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too "
                "many resources requested for launch");
    driver_fails("");
    EXPECT_STATUS(pyk_launch(k, &config, args, 2), PYK_OK);
    driver_fails("cuCtxSynchronize=700");
    EXPECT_FAIL(ctx, pyk_synchronize(ctx), PYK_ERROR_LAUNCH_FAILED,
                "a kernel failed on the device: kernel 'scale' was the last launched before it: "
                "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered (reported by "
                "cuCtxSynchronize); the context can no longer be used");
    driver_fails("");
    pyk_array_free(x);
}

/* Allocation, copy, stream and event failures leave nothing behind. */
static void resource_failures(pyk_context *ctx)
{
    const int64_t n = 1000;
    static float host[1000];
    pyk_array *a = STALE(pyk_array *);
    driver_fails("cuMemAlloc=2");
    EXPECT_FAIL(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &a), PYK_ERROR_OUT_OF_MEMORY,
                "out of device memory: an array of shape (1000,) of float32 needs 4000 bytes, but "
                "device 0 has 1048576 bytes free of 1073741824 (CUDA_ERROR_OUT_OF_MEMORY)");
    CHECK(a == NULL);
    a = STALE(pyk_array *);
    driver_fails("cuMemcpyHtoD=1");
    EXPECT_FAIL(ctx, pyk_to_device(ctx, host, PYK_FLOAT32, 1, &n, &a), PYK_ERROR_DRIVER,
                "cuMemcpyHtoD (copy to device) failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(a == NULL);
    void *pinned = STALE(void *);
    driver_fails("cuMemAllocHost=2");
    EXPECT_FAIL(ctx, pyk_host_alloc(ctx, 64, &pinned), PYK_ERROR_OUT_OF_MEMORY,
                "out of pinned host memory: 64 bytes were asked (cuMemAllocHost)");
    CHECK(pinned == NULL);
    pyk_stream *s = STALE(pyk_stream *);
    driver_fails("cuStreamCreate=1");
    EXPECT_FAIL(ctx, pyk_stream_create(ctx, &s), PYK_ERROR_DRIVER,
                "cuStreamCreate failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(s == NULL);
    pyk_event *e = STALE(pyk_event *);
    driver_fails("cuEventCreate=1");
    EXPECT_FAIL(ctx, pyk_event_create(ctx, &e), PYK_ERROR_DRIVER,
                "cuEventCreate failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(e == NULL);
    driver_fails("");
    pyk_event *start = NULL, *stop = NULL;
    EXPECT_STATUS(pyk_event_create(ctx, &start), PYK_OK);
    EXPECT_STATUS(pyk_event_create(ctx, &stop), PYK_OK);
    float ms = 7.0f;
    driver_fails("cuEventElapsedTime=1");
    EXPECT_FAIL(ctx, pyk_event_elapsed_ms(start, stop, &ms), PYK_ERROR_DRIVER,
                "cuEventElapsedTime (were both events recorded?) failed: CUDA_ERROR_INVALID_VALUE: "
                "invalid argument");
    CHECK(ms == 0.0f);
    driver_fails("");
    pyk_event_destroy(start);
    pyk_event_destroy(stop);
    /* The fake's "device" memory is host memory: a round trip works. */
    float in[4] = {1, 2, 3, 4}, out[4] = {0};
    const int64_t four = 4;
    EXPECT_STATUS(pyk_to_device(ctx, in, PYK_FLOAT32, 1, &four, &a), PYK_OK);
    EXPECT_STATUS(pyk_copy_to_host(a, out, sizeof out), PYK_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    pyk_array_free(a);
}

/* pyk_init's own failures after cuInit succeeded: the message moves to the
 * thread's, and *ctx is NULL. */
static void init_failures(void)
{
    pyk_context *ctx = STALE(pyk_context *);
    EXPECT_FAIL(NULL, pyk_init(&ctx, 3), PYK_ERROR_NO_DEVICE,
                "pyk_init: device 3 requested, but this machine has 1 CUDA device (ordinals 0 to 0)");
    CHECK(ctx == NULL);
    ctx = STALE(pyk_context *);
    driver_fails("cuDevicePrimaryCtxRetain=1");
    EXPECT_FAIL(NULL, pyk_init(&ctx, 0), PYK_ERROR_DRIVER,
                "cuDevicePrimaryCtxRetain failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
    CHECK(ctx == NULL);
    driver_fails("");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "init") == 0)
        return run_init();
    if (argc != 3 || strcmp(argv[1], "calls") != 0) {
        fprintf(stderr, "usage: fake_driver_test init | calls SCRATCH.ptx\n");
        return 2;
    }
    null_context();
    driver_fails("");
    pyk_context *ctx = NULL;
    if (pyk_init(&ctx, 0) != PYK_OK) {
        printf("FAIL pyk_init on the fake driver: %s\n", pyk_last_error(NULL));
        return check_summary() + 1;
    }
    null_out(ctx);
    module_failures(ctx, argv[2]);
    pyk_module *m = NULL;
    pyk_kernel *k = NULL;
    if (pyk_module_load_ptx(ctx, PTX, &m) != PYK_OK || !(k = kernel_failures(ctx, m))) {
        printf("FAIL the fake module's kernel: %s\n", pyk_last_error(ctx));
        return check_summary() + 1;
    }
    launch_failures(ctx, k);
    resource_failures(ctx);
    init_failures();
    pyk_module_unload(m);
    pyk_context_destroy(ctx);
    return check_summary();
}
