/* Device arrays: round trips of every dtype with sizes that are multiples
 * of nothing, 2-D arrays, zero-sized arrays, device-to-device copies,
 * asynchronous copies through pinned buffers on a stream, and the errors:
 * size mismatches and out-of-memory saying how many bytes, misaligned
 * wraps, non-contiguous copies. Host buffers are poisoned before each copy
 * back, so a copy that does nothing cannot pass. */
#include "gpu_test.h"

static void round_trip(pyk_context *ctx, pyk_dtype dtype, int64_t n, uint32_t *seed)
{
    size_t bytes = (size_t)n * pyk_dtype_size(dtype);
    unsigned char *host = malloc(bytes + 1), *back = malloc(bytes + 1);
    for (size_t i = 0; i < bytes; i++)
        host[i] = (unsigned char)test_random(seed);
    if (dtype == PYK_BOOL)
        for (size_t i = 0; i < bytes; i++)
            host[i] &= 1;
    memset(back, 0xA5, bytes + 1);
    pyk_array *a;
    EXPECT_OK(ctx, pyk_to_device(ctx, host, dtype, 1, &n, &a));
    CHECK(pyk_array_size(a) == n && pyk_array_nbytes(a) == bytes && pyk_array_dtype(a) == dtype);
    CHECK(pyk_array_ndim(a) == 1 && pyk_array_shape(a)[0] == n && pyk_array_strides(a)[0] == 1);
    EXPECT_OK(ctx, pyk_copy_to_host(a, back, bytes));
    CHECK(memcmp(host, back, bytes) == 0);
    CHECK(back[bytes] == 0xA5); /* not a byte more */
    pyk_array_free(a);
    free(host);
    free(back);
}

static void test_round_trips(pyk_context *ctx)
{
    uint32_t seed = 12345;
    const int64_t sizes[] = {1, 3, 7, 1000, 1000003, 4194305};
    const pyk_dtype dtypes[] = {PYK_BOOL, PYK_INT8, PYK_INT16, PYK_INT32, PYK_INT64, PYK_UINT8,
                                PYK_UINT16, PYK_UINT32, PYK_UINT64, PYK_FLOAT16, PYK_FLOAT32,
                                PYK_FLOAT64};
    for (size_t d = 0; d < sizeof dtypes / sizeof dtypes[0]; d++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            round_trip(ctx, dtypes[d], sizes[s], &seed);

    /* 2-D: C order, strides (cols, 1). */
    double m[7 * 13], back[7 * 13];
    for (int i = 0; i < 7 * 13; i++)
        m[i] = i * 0.5 - 3.0;
    memset(back, 0xFF, sizeof back);
    pyk_array *a;
    EXPECT_OK(ctx, pyk_to_device(ctx, m, PYK_FLOAT64, 2, (int64_t[]){7, 13}, &a));
    CHECK(pyk_array_strides(a)[0] == 13 && pyk_array_strides(a)[1] == 1);
    CHECK(pyk_array_is_c_contiguous(a));
    EXPECT_OK(ctx, pyk_copy_to_host(a, back, sizeof back));
    CHECK(memcmp(m, back, sizeof m) == 0);

    /* Device to device, then back. */
    pyk_array *copy;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT64, 2, (int64_t[]){7, 13}, &copy));
    EXPECT_OK(ctx, pyk_copy_device(copy, a));
    memset(back, 0xFF, sizeof back);
    EXPECT_OK(ctx, pyk_copy_to_host(copy, back, sizeof back));
    CHECK(memcmp(m, back, sizeof m) == 0);
    pyk_array_free(copy);
    pyk_array_free(a);

    /* Zero-sized arrays allocate nothing and copy nothing. */
    pyk_array *empty;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_INT32, 2, (int64_t[]){0, 5}, &empty));
    CHECK(pyk_array_size(empty) == 0 && pyk_array_nbytes(empty) == 0);
    EXPECT_OK(ctx, pyk_copy_to_host(empty, NULL, 0));
    pyk_array_free(empty);
}

static void test_async(pyk_context *ctx)
{
    const int64_t n = 3000017;
    size_t bytes = (size_t)n * sizeof(float);
    float *pinned_in, *pinned_out;
    EXPECT_OK(ctx, pyk_host_alloc(ctx, bytes, (void **)&pinned_in));
    EXPECT_OK(ctx, pyk_host_alloc(ctx, bytes, (void **)&pinned_out));
    for (int64_t i = 0; i < n; i++)
        pinned_in[i] = (float)i * 0.25f;
    memset(pinned_out, 0xFF, bytes);
    pyk_stream *s;
    EXPECT_OK(ctx, pyk_stream_create(ctx, &s));
    pyk_array *a, *b;
    EXPECT_OK(ctx, pyk_to_device_async(ctx, pinned_in, PYK_FLOAT32, 1, &n, s, &a));
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_FLOAT32, 1, &n, &b));
    EXPECT_OK(ctx, pyk_copy_device_async(b, a, s));
    EXPECT_OK(ctx, pyk_copy_to_host_async(b, pinned_out, bytes, s));
    EXPECT_OK(ctx, pyk_stream_synchronize(s));
    CHECK(memcmp(pinned_in, pinned_out, bytes) == 0);
    /* copy_from_host_async into an existing array, back synchronously. */
    for (int64_t i = 0; i < n; i++)
        pinned_in[i] = -(float)i;
    EXPECT_OK(ctx, pyk_copy_from_host_async(a, pinned_in, bytes, s));
    EXPECT_OK(ctx, pyk_stream_synchronize(s));
    memset(pinned_out, 0xFF, bytes);
    EXPECT_OK(ctx, pyk_copy_to_host(a, pinned_out, bytes));
    CHECK(memcmp(pinned_in, pinned_out, bytes) == 0);
    pyk_array_free(a);
    pyk_array_free(b);
    pyk_stream_destroy(s);
    pyk_host_free(ctx, pinned_in);
    pyk_host_free(ctx, pinned_out);
}

static void test_errors(pyk_context *ctx)
{
    int32_t host[1000];
    pyk_array *a;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_INT32, 1, (int64_t[]){1000}, &a));
    /* The seed's bug: copying back only half. */
    EXPECT_STATUS(ctx, pyk_copy_to_host(a, host, 500 * sizeof(int32_t)), PYK_ERROR_SIZE_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "pyk_copy_to_host: the host buffer holds 2000 bytes but the "
                                        "array of shape (1000,) of int32 holds 4000 bytes");
    EXPECT_STATUS(ctx, pyk_copy_from_host(a, host, sizeof host + 4), PYK_ERROR_SIZE_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "the host buffer holds 4004 bytes");
    pyk_array *other;
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_INT32, 1, (int64_t[]){999}, &other));
    EXPECT_STATUS(ctx, pyk_copy_device(other, a), PYK_ERROR_SIZE_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "the destination is int32 of shape (999,) (3996 bytes) but "
                                        "the source is int32 of shape (1000,) (4000 bytes)");
    pyk_array_free(other);

    /* A strided view (every other element) is not copied whole. */
    pyk_array *view;
    EXPECT_OK(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(a), PYK_INT32, 1,
                                  (int64_t[]){500}, (int64_t[]){2}, &view));
    CHECK(!pyk_array_is_c_contiguous(view));
    EXPECT_STATUS(ctx, pyk_copy_to_host(view, host, 2000), PYK_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(pyk_last_error(ctx), "is not C-contiguous");
    pyk_array_free(view); /* frees the handle only */
    EXPECT_STATUS(ctx, pyk_array_wrap(ctx, pyk_array_device_pointer(a) + 2, PYK_INT32, 1,
                                      (int64_t[]){4}, NULL, &view), PYK_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(pyk_last_error(ctx), "is not aligned to int32's 4 bytes");
    EXPECT_OK(ctx, pyk_copy_to_host(a, host, sizeof host)); /* a still owns its memory */
    pyk_array_free(a);

    /* Out of memory: 2^50 bytes; the message says asked and free. */
    pyk_array *huge = (pyk_array *)&huge;
    EXPECT_STATUS(ctx, pyk_device_array(ctx, PYK_FLOAT64, 2, (int64_t[]){1 << 20, 1 << 27}, &huge),
                  PYK_ERROR_OUT_OF_MEMORY);
    CHECK(huge == NULL);
    printf("out of memory: %s\n", pyk_last_error(ctx));
    CHECK_CONTAINS(pyk_last_error(ctx), "out of device memory: an array of shape (1048576, 134217728) "
                                        "of float64 needs 1125899906842624 bytes, but device 0 has ");
    CHECK_CONTAINS(pyk_last_error(ctx), "bytes free of");

    EXPECT_STATUS(ctx, pyk_device_array(ctx, PYK_INT32, 1, (int64_t[]){-1}, &a), PYK_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(pyk_last_error(ctx), "shape[0] is -1");
    EXPECT_STATUS(ctx, pyk_device_array(ctx, (pyk_dtype)99, 1, (int64_t[]){1}, &a), PYK_ERROR_INVALID_ARGUMENT);
    EXPECT_STATUS(ctx, pyk_device_array(ctx, PYK_INT32, 0, (int64_t[]){1}, &a), PYK_ERROR_INVALID_ARGUMENT);
    /* The context is still fine after all that. */
    EXPECT_OK(ctx, pyk_synchronize(ctx));
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_round_trips(ctx);
    test_async(ctx);
    test_errors(ctx);
    pyk_context_destroy(ctx);
    return check_summary();
}
