/* Host of examples/reduce.pyk: block_sum adds a million float32 values;
 * each block reduces its part in shared memory, then adds it to total[0]
 * with an atomic add. Launched with TPB threads per block (the kernel's
 * shared array has TPB slots) and fewer blocks than the data needs, so the
 * grid-stride loop runs several times per thread. total must start at zero:
 * it is the accumulator, so only the host copy of it is poisoned.
 * Tolerance: every float32 addition rounds with relative error u = 2^-24;
 * a sum computed along a tree whose paths have at most L additions errs by
 * at most gamma_L * sum |x_i| ~ L * u * sum |x_i| (Higham, 4.2), whatever
 * the order. Here L = (elements per thread) + log2(TPB) (the shared-memory
 * tree) + (blocks) (the atomic adds, in any order); L * FLT_EPSILON = 2 L u
 * bounds it. */
#define EXAMPLE "reduce"
#include <float.h>

#include "example.h"
#include "reduce.pyk.h"

#define TPB 256 /* examples/reduce.pyk's TPB */

int main(void)
{
    const int64_t n = 1000003;
    uint32_t seed = 777;
    float *x = example_alloc(n * sizeof(float));
    double want = 0, magnitude = 0;
    for (int64_t i = 0; i < n; i++) {
        x[i] = example_uniform(&seed, -1.0f, 1.0f);
        want += (double)x[i];
        magnitude += fabs((double)x[i]);
    }

    pyk_context *ctx = example_open_device();
    const int64_t one = 1;
    const float zero = 0.0f;
    pyk_array_f32 *dx, *dtotal;
    CHECK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    CHECK(ctx, pyk_to_device_f32(ctx, &zero, 1, &one, &dtotal));
    /* Four blocks per multiprocessor, at most one per TPB elements. */
    unsigned blocks = 4u * (unsigned)pyk_context_properties(ctx)->sm_count;
    if (blocks > example_blocks(n, TPB))
        blocks = example_blocks(n, TPB);
    pyk_launch_config config = {.grid = {blocks, 1, 1}, .block = {TPB, 1, 1}};
    CHECK(ctx, block_sum_launch(ctx, &config, dx, dtotal));
    float *total = example_poisoned(sizeof(float));
    CHECK(ctx, pyk_copy_to_host_f32(dtotal, total, 1));

    int64_t per_thread = (n + (int64_t)blocks * TPB - 1) / ((int64_t)blocks * TPB);
    int64_t path = per_thread + 8 /* log2(TPB) */ + blocks;
    double tolerance = (double)path * (double)FLT_EPSILON * magnitude;
    double got = (double)total[0];
    char first[200] = "";
    int64_t bad = !(fabs(got - want) <= tolerance);
    if (bad)
        snprintf(first, sizeof first, "total: got %.9g, expected %.9g (tolerance %.3g)", got, want,
                 tolerance);
    int failed = example_verdict("block_sum", bad, 1, first);

    pyk_array_free_f32(dx);
    pyk_array_free_f32(dtotal);
    pyk_context_destroy(ctx);
    free(x);
    free(total);
    return failed;
}
