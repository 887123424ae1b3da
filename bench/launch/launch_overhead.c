/* Launch overhead of pykc's typed launchers against a raw cuLaunchKernel
 * (bench/launch/README.md). One process, one context, one
 * kernel (empty.pyk: vecadd's parameters, no work); each round times a
 * batch of launches of each path, in alternating order, and the medians
 * over the rounds are compared. The raw path is the floor: the same PTX
 * loaded through the driver API directly (libcuda dlopen'ed here, as
 * libpykrt does), its parameters prepared once, and nothing but
 * cuLaunchKernel in the loop.
 *
 * Per-launch time = host time of a batch of launches and the
 * synchronisation that ends it, divided by the batch size. The kernel is
 * empty and the grid small (4 blocks), so the GPU keeps up with the host
 * and the figure is the submission cost. */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "empty.h" /* generated at build time: pykc compile --emit=header */

#define ELEMENTS 1024 /* 4 blocks of 256 threads */
#define BLOCK 256
#define DEFAULT_ROUNDS 20
#define DEFAULT_LAUNCHES 10000

/* The driver entry points the raw path needs, under the (versioned) names
 * cuda.h binds them to. */
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
typedef struct Raw {
    __typeof__(cuModuleLoadData) *module_load;
    __typeof__(cuModuleGetFunction) *get_function;
    __typeof__(cuModuleUnload) *module_unload;
    __typeof__(cuLaunchKernel) *launch;
    __typeof__(cuCtxSynchronize) *synchronize;
    CUmodule module;
    CUfunction function;
} Raw;

static int die(const char *what, const char *message)
{
    fprintf(stderr, "launch_overhead: %s: %s\n", what, message);
    return 1;
}

/* The libcuda libpykrt loaded is already in the process: dlopen only
 * takes another reference to it. */
static int raw_open(Raw *raw)
{
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cuda)
        return die("dlopen libcuda.so.1", dlerror());
    struct { void **slot; const char *name; } wanted[] = {
        {(void **)&raw->module_load, STRINGIFY(cuModuleLoadData)},
        {(void **)&raw->get_function, STRINGIFY(cuModuleGetFunction)},
        {(void **)&raw->module_unload, STRINGIFY(cuModuleUnload)},
        {(void **)&raw->launch, STRINGIFY(cuLaunchKernel)},
        {(void **)&raw->synchronize, STRINGIFY(cuCtxSynchronize)},
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++)
        if (!(*wanted[i].slot = dlsym(cuda, wanted[i].name)))
            return die("dlsym", wanted[i].name);
    /* pyk_init made the device's primary context current on this thread. */
    if (raw->module_load(&raw->module, pykc_ptx_empty) != CUDA_SUCCESS)
        return die("cuModuleLoadData", "the driver refused the PTX");
    if (raw->get_function(&raw->function, raw->module, "empty") != CUDA_SUCCESS)
        return die("cuModuleGetFunction", "no kernel 'empty'");
    return 0;
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

typedef struct Bench {
    pyk_context *ctx;
    pyk_array_f32 *x, *y, *out;
    Raw raw;
    void *params[9]; /* the ABI's flattening: per array data, shape[0], strides[0] */
    uint64_t slots[9];
    int launches;
} Bench;

enum Path { TYPED, TYPED_1D, RAW, PATHS };
static const char *const path_names[PATHS] = {
    "typed empty_launch (pykrt)", "typed empty_launch_1d (pykrt)", "raw cuLaunchKernel"};

/* Microseconds per launch of one batch on `path`; negative on failure. */
static double batch(Bench *b, enum Path path)
{
    pyk_launch_config cfg = pyk_config_1d(ELEMENTS, BLOCK);
    double start = now_us();
    for (int i = 0; i < b->launches; i++) {
        int failed;
        switch (path) {
        case TYPED: failed = empty_launch(b->ctx, &cfg, b->x, b->y, b->out) != PYK_OK; break;
        case TYPED_1D: failed = empty_launch_1d(b->ctx, ELEMENTS, NULL, b->x, b->y, b->out) != PYK_OK; break;
        default:
            failed = b->raw.launch(b->raw.function, ELEMENTS / BLOCK, 1, 1, BLOCK, 1, 1, 0, NULL,
                                   b->params, NULL) != CUDA_SUCCESS;
        }
        if (failed) {
            fprintf(stderr, "launch_overhead: %s failed: %s\n", path_names[path], pyk_last_error(b->ctx));
            return -1;
        }
    }
    if (path == RAW ? b->raw.synchronize() != CUDA_SUCCESS : pyk_synchronize(b->ctx) != PYK_OK)
        return -1;
    return (now_us() - start) / b->launches;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int n)
{
    qsort(values, (size_t)n, sizeof *values, compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static int setup(Bench *b)
{
    if (pyk_init(&b->ctx, 0) != PYK_OK)
        return die("pyk_init", pyk_last_error(NULL));
    const int64_t shape[1] = {ELEMENTS};
    if (pyk_device_array_f32(b->ctx, 1, shape, &b->x) != PYK_OK ||
        pyk_device_array_f32(b->ctx, 1, shape, &b->y) != PYK_OK ||
        pyk_device_array_f32(b->ctx, 1, shape, &b->out) != PYK_OK)
        return die("pyk_device_array_f32", pyk_last_error(b->ctx));
    pyk_array_f32 *arrays[3] = {b->x, b->y, b->out};
    for (int a = 0; a < 3; a++) {
        b->slots[3 * a] = pyk_array_device_pointer(pyk_untyped_f32(arrays[a]));
        b->slots[3 * a + 1] = ELEMENTS; /* shape[0] */
        b->slots[3 * a + 2] = 1;        /* strides[0], in elements */
    }
    for (int i = 0; i < 9; i++)
        b->params[i] = &b->slots[i];
    return raw_open(&b->raw);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : DEFAULT_ROUNDS;
    Bench b;
    memset(&b, 0, sizeof b);
    b.launches = argc > 2 ? atoi(argv[2]) : DEFAULT_LAUNCHES;
    if (rounds < 1 || rounds > 1000 || b.launches < 1) {
        fprintf(stderr, "usage: launch_overhead [ROUNDS (default %d) [LAUNCHES_PER_ROUND (default %d)]]\n",
                DEFAULT_ROUNDS, DEFAULT_LAUNCHES);
        return 2;
    }
    if (setup(&b) != 0)
        return 1;
    /* One warm-up batch of each: module JIT, kernel lookup, occupancy query. */
    for (int p = 0; p < PATHS; p++)
        if (batch(&b, (enum Path)p) < 0)
            return 1;
    double samples[PATHS][1000];
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < PATHS; k++) {
            int p = (r + k) % PATHS; /* rotate the order from round to round */
            if ((samples[p][r] = batch(&b, (enum Path)p)) < 0)
                return 1;
        }
    const pyk_device_properties *props = pyk_context_properties(b.ctx);
    printf("device: %s (sm_%d%d)\n", props->name, props->compute_major, props->compute_minor);
    printf("%d rounds x %d launches per path, interleaved; grid %d x %d threads; "
           "per launch = (batch + synchronise) / launches\n",
           rounds, b.launches, ELEMENTS / BLOCK, BLOCK);
    double medians[PATHS];
    for (int p = 0; p < PATHS; p++) {
        double lo = samples[p][0], hi = samples[p][0];
        for (int r = 1; r < rounds; r++) {
            lo = samples[p][r] < lo ? samples[p][r] : lo;
            hi = samples[p][r] > hi ? samples[p][r] : hi;
        }
        medians[p] = median(samples[p], rounds);
        printf("%-30s median %.3f us/launch (min %.3f, max %.3f)\n", path_names[p], medians[p], lo, hi);
    }
    printf("ratio typed/raw: %.3f (empty_launch), %.3f (empty_launch_1d); target <= 1.10\n",
           medians[TYPED] / medians[RAW], medians[TYPED_1D] / medians[RAW]);
    b.raw.module_unload(b.raw.module);
    pyk_array_free_f32(b.x);
    pyk_array_free_f32(b.y);
    pyk_array_free_f32(b.out);
    pyk_context_destroy(b.ctx);
    return 0;
}
