/* The cost of checked mode (pykc compile --check) on the example kernels
 * (bench/checked/README.md). The PTX of each examples/NAME.pyk is built
 * twice at build time, NAME.ptx (plain) and NAME.check.ptx (--check), and
 * both are loaded here into one context and launched on the same arrays.
 *
 *   checked_overhead PTXDIR [ROUNDS [LAUNCHES]]
 *       each round times LAUNCHES launches of every kernel in both builds
 *       (pyk_time_region: CUDA events around the batch), the order of the
 *       two builds alternating per round; prints per kernel the median,
 *       min and max over the rounds of the time per launch, and the ratio
 *       of the medians (check / plain). Defaults: 15 rounds, 20 launches.
 *   checked_overhead PTXDIR --wall KERNEL plain|check LAUNCHES
 *       sets up KERNEL only and launches it LAUNCHES times, then waits:
 *       the program run.sh times as a whole, with and without
 *       compute-sanitizer.
 *
 * Ends with "N passed, M failed" (a kernel passes when every launch and
 * synchronisation of both builds returned PYK_OK: the examples guard their
 * accesses, so checked mode must find nothing). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pykrt.h>

#define DEFAULT_ROUNDS 15
#define DEFAULT_LAUNCHES 20
#define MAX_ROUNDS 1000

typedef struct Case {
    const char *file;    /* examples/FILE.pyk */
    const char *kernel;
    pyk_launch_config config;
    pyk_arg args[4];
    int nargs;
    pyk_kernel *variant[2]; /* 0: plain, 1: --check */
    float ms[2][MAX_ROUNDS];
    bool failed;
} Case;

static pyk_context *ctx;

static void fail(const char *what, pyk_status status)
{
    printf("FAIL %s: %s: %s\n", what, pyk_status_name(status), pyk_last_error(ctx));
}

static uint32_t next_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* A device array of `count` values: random floats in [-1, 1), random ints
 * in [-7, 1007) (the histogram's values), or zeros. */
enum Fill { FILL_FLOAT, FILL_INT, FILL_ZERO };
static pyk_array *make_array(pyk_dtype dtype, int ndim, const int64_t *shape, enum Fill fill)
{
    int64_t count = 1;
    for (int k = 0; k < ndim; k++)
        count *= shape[k];
    size_t item = pyk_dtype_size(dtype);
    unsigned char *host = calloc((size_t)count, item);
    uint32_t seed = 2026;
    for (int64_t i = 0; host && i < count && fill != FILL_ZERO; i++) {
        uint32_t r = next_random(&seed);
        if (dtype == PYK_FLOAT32) {
            float v = (float)(r >> 8) / 8388608.0f - 1.0f;
            memcpy(host + i * item, &v, item);
        } else if (dtype == PYK_FLOAT64) {
            double v = (double)(r >> 8) / 8388608.0 - 1.0;
            memcpy(host + i * item, &v, item);
        } else {
            int32_t v = (int32_t)(r % 1014u) - 7;
            memcpy(host + i * item, &v, item);
        }
    }
    pyk_array *a = NULL;
    pyk_status status = host ? pyk_to_device(ctx, host, dtype, ndim, shape, &a) : PYK_ERROR_OUT_OF_MEMORY;
    if (status != PYK_OK) {
        fail("allocating the benchmark's arrays", status);
        exit(1);
    }
    free(host);
    return a;
}

static unsigned blocks(int64_t n, unsigned per) { return (unsigned)((n + per - 1) / per); }

/* The sizes: large enough that each launch runs for tens of microseconds
 * to milliseconds, so the figure is the kernel's work, not its launch. */
#define N1 (1 << 24)
#define MATMUL 1024
#define SQUARE 4096

static void setup(Case *c)
{
    const int64_t n1 = N1, bins = 1000;
    const int64_t mm[2] = {MATMUL, MATMUL}, sq[2] = {SQUARE, SQUARE};
    pyk_launch_config one_d = {{blocks(N1, 256), 1, 1}, {256, 1, 1}, 0, NULL};
    if (strcmp(c->kernel, "vecadd") == 0 || strcmp(c->kernel, "saxpy") == 0) {
        bool saxpy = c->kernel[0] == 's';
        int k = 0;
        if (saxpy)
            c->args[k++] = pyk_arg_f32(2.5f);
        c->args[k++] = pyk_arg_array(make_array(PYK_FLOAT32, 1, &n1, FILL_FLOAT));
        c->args[k++] = pyk_arg_array(make_array(PYK_FLOAT32, 1, &n1, FILL_FLOAT));
        c->args[k++] = pyk_arg_array(make_array(PYK_FLOAT32, 1, &n1, FILL_ZERO));
        c->nargs = k;
        c->config = one_d;
    } else if (strcmp(c->kernel, "histogram") == 0) {
        c->args[0] = pyk_arg_array(make_array(PYK_INT32, 1, &n1, FILL_INT));
        c->args[1] = pyk_arg_array(make_array(PYK_INT32, 1, &bins, FILL_ZERO));
        c->nargs = 2;
        c->config = one_d;
    } else if (strcmp(c->kernel, "block_sum") == 0) {
        const int64_t one = 1;
        c->args[0] = pyk_arg_array(make_array(PYK_FLOAT32, 1, &n1, FILL_FLOAT));
        c->args[1] = pyk_arg_array(make_array(PYK_FLOAT32, 1, &one, FILL_ZERO));
        c->nargs = 2;
        c->config = (pyk_launch_config){{528, 1, 1}, {256, 1, 1}, 0, NULL}; /* reduce.pyk's TPB */
    } else if (strncmp(c->kernel, "matmul", 6) == 0) {
        for (int k = 0; k < 3; k++)
            c->args[k] = pyk_arg_array(make_array(PYK_FLOAT32, 2, mm, k < 2 ? FILL_FLOAT : FILL_ZERO));
        c->nargs = 3;
        c->config = (pyk_launch_config){{blocks(MATMUL, 16), blocks(MATMUL, 16), 1}, {16, 16, 1}, 0, NULL};
    } else if (strcmp(c->kernel, "transpose") == 0) {
        c->args[0] = pyk_arg_array(make_array(PYK_FLOAT32, 2, sq, FILL_FLOAT));
        c->args[1] = pyk_arg_array(make_array(PYK_FLOAT32, 2, sq, FILL_ZERO));
        c->nargs = 2;
        c->config = (pyk_launch_config){{blocks(SQUARE, 32), blocks(SQUARE, 32), 1}, {32, 32, 1}, 0, NULL};
    } else { /* jacobi_step */
        c->args[0] = pyk_arg_array(make_array(PYK_FLOAT64, 2, sq, FILL_FLOAT));
        c->args[1] = pyk_arg_array(make_array(PYK_FLOAT64, 2, sq, FILL_ZERO));
        c->nargs = 2;
        c->config = (pyk_launch_config){{blocks(SQUARE, 16), blocks(SQUARE, 16), 1}, {16, 16, 1}, 0, NULL};
    }
}

static bool load(Case *c, const char *dir, int variant)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s.ptx", dir, c->file, variant ? ".check" : "");
    pyk_module *module;
    pyk_status status = pyk_module_load_file(ctx, path, &module);
    if (status == PYK_OK)
        status = pyk_module_kernel(module, c->kernel, &c->variant[variant]);
    if (status != PYK_OK) {
        fail(path, status);
        return false;
    }
    return true;
}

typedef struct Batch {
    Case *c;
    int variant, launches;
} Batch;

static pyk_status launch_batch(void *user)
{
    Batch *b = user;
    for (int i = 0; i < b->launches; i++) {
        pyk_status status = pyk_launch(b->c->variant[b->variant], &b->c->config, b->c->args, b->c->nargs);
        if (status != PYK_OK)
            return status;
    }
    return PYK_OK;
}

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static float median(float *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_floats);
    return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

static Case cases[] = {
    {.file = "vecadd", .kernel = "vecadd"},       {.file = "saxpy", .kernel = "saxpy"},
    {.file = "matmul", .kernel = "matmul_naive"}, {.file = "matmul", .kernel = "matmul_tiled"},
    {.file = "reduce", .kernel = "block_sum"},    {.file = "histogram", .kernel = "histogram"},
    {.file = "stencil", .kernel = "jacobi_step"}, {.file = "transpose", .kernel = "transpose"},
};
#define CASES (int)(sizeof cases / sizeof cases[0])

static int run_wall(const char *dir, const char *kernel, int variant, int launches)
{
    for (int i = 0; i < CASES; i++) {
        Case *c = &cases[i];
        if (strcmp(c->kernel, kernel) != 0)
            continue;
        setup(c);
        if (!load(c, dir, variant))
            return 1;
        Batch b = {c, variant, launches};
        pyk_status status = launch_batch(&b);
        if (status == PYK_OK)
            status = pyk_synchronize(ctx);
        if (status != PYK_OK) {
            fail(kernel, status);
            return 1;
        }
        return 0;
    }
    printf("FAIL: no kernel %s in the benchmark\n", kernel);
    return 1;
}

static int run_table(const char *dir, int rounds, int launches)
{
    int passed = 0, failed = 0;
    for (int i = 0; i < CASES; i++) {
        Case *c = &cases[i];
        setup(c);
        c->failed = !load(c, dir, 0) || !load(c, dir, 1);
    }
    for (int r = -1; r < rounds; r++) /* round -1: warm-up (JIT, caches), not counted */
        for (int i = 0; i < CASES; i++)
            for (int j = 0; j < 2 && !cases[i].failed; j++) {
                int variant = (r + j + i) % 2 == 0 ? 0 : 1; /* alternate which build goes first */
                Batch b = {&cases[i], variant, launches};
                float ms = 0.0f;
                pyk_status status = pyk_time_region(ctx, NULL, launch_batch, &b, &ms);
                if (status != PYK_OK) {
                    fail(cases[i].kernel, status);
                    cases[i].failed = true;
                } else if (r >= 0) {
                    cases[i].ms[variant][r] = ms / (float)launches;
                }
            }
    printf("%-14s %14s %14s %8s   (ms per launch: median [min, max] over %d rounds of %d launches)\n",
           "kernel", "plain", "--check", "ratio", rounds, launches);
    for (int i = 0; i < CASES; i++) {
        Case *c = &cases[i];
        if (c->failed) {
            failed++;
            continue;
        }
        double med[2], lo[2], hi[2];
        for (int v = 0; v < 2; v++) {
            med[v] = (double)median(c->ms[v], rounds); /* sorts them */
            lo[v] = (double)c->ms[v][0];
            hi[v] = (double)c->ms[v][rounds - 1];
        }
        printf("%-14s %14.4f %14.4f %7.3fx   [%.4f, %.4f] [%.4f, %.4f]\n", c->kernel, med[0], med[1],
               med[1] / med[0], lo[0], hi[0], lo[1], hi[1]);
        passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PTXDIR [ROUNDS [LAUNCHES]] | PTXDIR --wall KERNEL plain|check LAUNCHES\n",
                argv[0]);
        return 2;
    }
    pyk_status status = pyk_init(&ctx, 0);
    if (status != PYK_OK) {
        printf("FAIL pyk_init: %s\n0 passed, 1 failed\n", pyk_last_error(NULL));
        return 1;
    }
    int result;
    if (argc == 6 && strcmp(argv[2], "--wall") == 0) {
        result = run_wall(argv[1], argv[3], strcmp(argv[4], "check") == 0, atoi(argv[5]));
    } else {
        int rounds = argc > 2 ? atoi(argv[2]) : DEFAULT_ROUNDS;
        int launches = argc > 3 ? atoi(argv[3]) : DEFAULT_LAUNCHES;
        if (rounds < 1 || rounds > MAX_ROUNDS || launches < 1) {
            fprintf(stderr, "checked_overhead: ROUNDS must be 1 to %d, LAUNCHES at least 1\n", MAX_ROUNDS);
            return 2;
        }
        result = run_table(argv[1], rounds, launches);
    }
    pyk_context_destroy(ctx); /* arrays and modules go with the process */
    return result;
}
