/* Host of examples/histogram.pyk: counts a million int32 values into 1000
 * bins with atomic adds; about 1.4% of the values lie outside [0, 1000) and
 * must be ignored. counts must start at zero (it is the accumulator), so
 * only the host copy of it is poisoned. Integers: compared exactly. */
#define EXAMPLE "histogram"
#include "example.h"
#include "histogram.pyk.h"

int main(void)
{
    const int64_t n = 1000003, bins = 1000;
    uint32_t seed = 99;
    int32_t *values = example_alloc(n * sizeof(int32_t));
    int32_t *want = calloc((size_t)bins, sizeof(int32_t));
    int32_t *zeros = calloc((size_t)bins, sizeof(int32_t));
    if (!want || !zeros) {
        printf("FAIL histogram: out of host memory\n");
        return 1;
    }
    for (int64_t i = 0; i < n; i++) {
        values[i] = (int32_t)(example_random(&seed) % (uint32_t)(bins + 14)) - 7; /* -7 .. 1006 */
        if (values[i] >= 0 && values[i] < bins)
            want[values[i]]++;
    }

    pyk_context *ctx = example_open_device();
    pyk_array_i32 *dvalues, *dcounts;
    CHECK(ctx, pyk_to_device_i32(ctx, values, 1, &n, &dvalues));
    CHECK(ctx, pyk_to_device_i32(ctx, zeros, 1, &bins, &dcounts));
    CHECK(ctx, histogram_launch_1d(ctx, n, NULL, dvalues, dcounts));
    int32_t *counts = example_poisoned(bins * sizeof(int32_t));
    CHECK(ctx, pyk_copy_to_host_i32(dcounts, counts, bins));

    int64_t bad = 0;
    char first[160] = "";
    for (int64_t b = 0; b < bins; b++)
        if (counts[b] != want[b] && bad++ == 0)
            snprintf(first, sizeof first, "bin %lld: got %d, expected %d", (long long)b,
                     (int)counts[b], (int)want[b]);
    int failed = example_verdict("histogram", bad, bins, first);

    pyk_array_free_i32(dvalues);
    pyk_array_free_i32(dcounts);
    pyk_context_destroy(ctx);
    free(values);
    free(want);
    free(zeros);
    free(counts);
    return failed;
}
