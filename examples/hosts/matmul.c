/* Host of examples/matmul.pyk: C = A @ B for float32 matrices of 300 x 217
 * and 217 x 333 (no size a multiple of the 16 x 16 block), through both
 * kernels, matmul_naive and matmul_tiled (shared-memory tiles), each into a
 * poisoned C. Grid: x covers C's rows, y its columns (row, col = grid(2)).
 * Tolerance: each element is a K-term float32 dot product accumulated in
 * order k = 0..K-1 (products possibly fused into the sums). Summing K terms
 * in float32 errs by at most gamma_K * sum_k |a_ik * b_kj|, gamma_K =
 * K*u / (1 - K*u) with u = 2^-24 (Higham, "Accuracy and Stability of
 * Numerical Algorithms", 3.1); K * FLT_EPSILON = 2 K u bounds it. The
 * reference is computed in double (exact products, negligible error). */
#define EXAMPLE "matmul"
#include <float.h>

#include "example.h"
#include "matmul.pyk.h"

#define TPB 16 /* examples/matmul.pyk's TPB: the tiled kernel needs TPB x TPB blocks */

enum { M = 300, K = 217, N = 333 };

typedef pyk_status (*matmul_launcher)(pyk_context *ctx, const pyk_launch_config *config,
                                      pyk_array_f32 *a, pyk_array_f32 *b, pyk_array_f32 *c);

/* Runs one kernel into a fresh poisoned C and checks it; 1 on failure. */
static int run_matmul(pyk_context *ctx, const char *kernel, matmul_launcher launch,
                      pyk_array_f32 *da, pyk_array_f32 *db, const float *a, const float *b)
{
    const int64_t c_shape[2] = {M, N};
    pyk_array_f32 *dc;
    CHECK(ctx, pyk_device_array_f32(ctx, 2, c_shape, &dc));
    example_poison_device(ctx, pyk_untyped_f32(dc));
    pyk_launch_config config = {.grid = {example_blocks(M, TPB), example_blocks(N, TPB), 1},
                                .block = {TPB, TPB, 1}};
    CHECK(ctx, launch(ctx, &config, da, db, dc));
    float *c = example_poisoned(M * N * sizeof(float));
    CHECK(ctx, pyk_copy_to_host_f32(dc, c, M * N));

    int64_t bad = 0;
    char first[200] = "";
    for (int i = 0; i < M; i++) {
        for (int j = 0; j < N; j++) {
            double want = 0, magnitude = 0;
            for (int k = 0; k < K; k++) {
                double product = (double)a[i * K + k] * (double)b[k * N + j];
                want += product;
                magnitude += fabs(product);
            }
            double tolerance = K * (double)FLT_EPSILON * magnitude;
            double got = (double)c[i * N + j];
            if (!(fabs(got - want) <= tolerance) && bad++ == 0)
                snprintf(first, sizeof first, "[%d, %d]: got %.9g, expected %.9g (tolerance %.3g)",
                         i, j, got, want, tolerance);
        }
    }
    pyk_array_free_f32(dc);
    free(c);
    return example_verdict(kernel, bad, (int64_t)M * N, first);
}

/* The generated launchers take their arrays as typed handles; wrapping them
 * in one type of function lets both kernels share run_matmul. */
static pyk_status launch_naive(pyk_context *ctx, const pyk_launch_config *config, pyk_array_f32 *a,
                               pyk_array_f32 *b, pyk_array_f32 *c)
{
    return matmul_naive_launch(ctx, config, a, b, c);
}

static pyk_status launch_tiled(pyk_context *ctx, const pyk_launch_config *config, pyk_array_f32 *a,
                               pyk_array_f32 *b, pyk_array_f32 *c)
{
    return matmul_tiled_launch(ctx, config, a, b, c);
}

/* The same kernels through their 2-D launchers, which pick the block (the
 * occupancy calculator's, the tiled kernel's 16 x 16 from its blockmax
 * facts) and the grid (C's extents, from its covers facts) themselves. */
static pyk_status launch_naive_2d(pyk_context *ctx, const pyk_launch_config *config,
                                  pyk_array_f32 *a, pyk_array_f32 *b, pyk_array_f32 *c)
{
    (void)config;
    return matmul_naive_launch_2d(ctx, NULL, a, b, c);
}

static pyk_status launch_tiled_2d(pyk_context *ctx, const pyk_launch_config *config,
                                  pyk_array_f32 *a, pyk_array_f32 *b, pyk_array_f32 *c)
{
    (void)config;
    return matmul_tiled_launch_2d(ctx, NULL, a, b, c);
}

int main(void)
{
    uint32_t seed = 4242;
    float *a = example_alloc(M * K * sizeof(float));
    float *b = example_alloc(K * N * sizeof(float));
    for (int i = 0; i < M * K; i++)
        a[i] = example_uniform(&seed, -1.0f, 1.0f);
    for (int i = 0; i < K * N; i++)
        b[i] = example_uniform(&seed, -1.0f, 1.0f);

    pyk_context *ctx = example_open_device();
    const int64_t a_shape[2] = {M, K}, b_shape[2] = {K, N};
    pyk_array_f32 *da, *db;
    CHECK(ctx, pyk_to_device_f32(ctx, a, 2, a_shape, &da));
    CHECK(ctx, pyk_to_device_f32(ctx, b, 2, b_shape, &db));
    int failed = run_matmul(ctx, "matmul_naive", launch_naive, da, db, a, b);
    failed |= run_matmul(ctx, "matmul_tiled", launch_tiled, da, db, a, b);
    failed |= run_matmul(ctx, "matmul_naive_launch_2d", launch_naive_2d, da, db, a, b);
    failed |= run_matmul(ctx, "matmul_tiled_launch_2d", launch_tiled_2d, da, db, a, b);

    pyk_array_free_f32(da);
    pyk_array_free_f32(db);
    pyk_context_destroy(ctx);
    free(a);
    free(b);
    return failed;
}
