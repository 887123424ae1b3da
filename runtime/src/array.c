/* Device arrays (pointer, dtype, shape, element strides: the ABI's view of
 * an array), transfers in both directions, and pinned host buffers. Every
 * size is checked before the driver sees it, and every failure says how
 * many bytes were involved. */
#include <stdlib.h>
#include <string.h>

#include "launch_check.h"
#include "rt.h"

/* Validates dtype/ndim/shape and fills the array's layout (C order). */
static pyk_status describe(pyk_context *ctx, pyk_array *a, pyk_dtype dtype, int ndim,
                           const int64_t *shape, const int64_t *strides, const char *caller)
{
    if (!pyk_dtype_size(dtype))
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: invalid dtype %d", caller, (int)dtype);
    if (ndim < 1 || ndim > PYK_MAX_NDIM || !shape)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "%s: ndim is %d; an array has 1 to %d dimensions and a shape", caller,
                        ndim, PYK_MAX_NDIM);
    a->ctx = ctx;
    a->dtype = dtype;
    a->ndim = ndim;
    a->size = 1;
    int64_t limit = INT64_MAX / (int64_t)pyk_dtype_size(dtype);
    for (int i = ndim - 1; i >= 0; i--) {
        if (shape[i] < 0)
            return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: shape[%d] is %lld; extents are >= 0",
                            caller, i, (long long)shape[i]);
        if (shape[i] > 0 && a->size > limit / shape[i])
            return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: the shape's size overflows", caller);
        a->shape[i] = shape[i];
        a->strides[i] = strides ? strides[i] : a->size;
        a->size *= shape[i];
    }
    return PYK_OK;
}

static pyk_status out_of_memory(pyk_context *ctx, const pyk_array *a, size_t bytes, CUresult result)
{
    size_t free_bytes = 0, total = 0;
    ctx->cu->cuMemGetInfo(&free_bytes, &total);
    char shape[160];
    const char *name = "?";
    ctx->cu->cuGetErrorName(result, &name);
    return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY,
                    "out of device memory: an array of shape %s of %s needs %zu bytes, but "
                    "device %d has %zu bytes free of %zu (%s)",
                    rt_shape_text(a->ndim, a->shape, shape, sizeof shape), pyk_dtype_name(a->dtype),
                    bytes, ctx->properties.ordinal, free_bytes, total, name);
}

pyk_status pyk_device_array(pyk_context *ctx, pyk_dtype dtype, int ndim, const int64_t *shape,
                            pyk_array **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_device_array", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_device_array: the array pointer is NULL");
    pyk_array *a = calloc(1, sizeof *a);
    if (!a)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_device_array: out of host memory");
    pyk_status status = describe(ctx, a, dtype, ndim, shape, NULL, "pyk_device_array");
    if (status == PYK_OK)
        status = rt_make_current(ctx);
    size_t bytes = pyk_array_nbytes(a);
    if (status == PYK_OK && bytes > 0) {
        CUresult result = ctx->cu->cuMemAlloc(&a->pointer, bytes);
        if (result == CUDA_ERROR_OUT_OF_MEMORY)
            status = out_of_memory(ctx, a, bytes, result);
        else
            status = rt_check(ctx, result, "cuMemAlloc", NULL);
    }
    if (status != PYK_OK) {
        free(a);
        return status;
    }
    a->owns_memory = true;
    *out = a;
    return PYK_OK;
}

pyk_status pyk_array_wrap(pyk_context *ctx, uint64_t pointer, pyk_dtype dtype, int ndim,
                          const int64_t *shape, const int64_t *strides, pyk_array **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_array_wrap", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_array_wrap: the array pointer is NULL");
    pyk_array *a = calloc(1, sizeof *a);
    if (!a)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_array_wrap: out of host memory");
    pyk_status status = describe(ctx, a, dtype, ndim, shape, strides, "pyk_array_wrap");
    if (status == PYK_OK && pointer % pyk_dtype_size(dtype) != 0)
        status = rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                          "pyk_array_wrap: pointer 0x%llx is not aligned to %s's %zu bytes",
                          (unsigned long long)pointer, pyk_dtype_name(dtype), pyk_dtype_size(dtype));
    if (status != PYK_OK) {
        free(a);
        return status;
    }
    a->pointer = (CUdeviceptr)pointer;
    *out = a;
    return PYK_OK;
}

void pyk_array_free(pyk_array *a)
{
    if (!a)
        return;
    if (a->owns_memory && a->pointer && rt_make_current(a->ctx) == PYK_OK)
        a->ctx->cu->cuMemFree(a->pointer);
    free(a);
}

pyk_dtype pyk_array_dtype(const pyk_array *a) { return a ? a->dtype : (pyk_dtype)0; }
int pyk_array_ndim(const pyk_array *a) { return a ? a->ndim : 0; }
const int64_t *pyk_array_shape(const pyk_array *a) { return a ? a->shape : NULL; }
const int64_t *pyk_array_strides(const pyk_array *a) { return a ? a->strides : NULL; }
int64_t pyk_array_size(const pyk_array *a) { return a ? a->size : 0; }
size_t pyk_array_nbytes(const pyk_array *a)
{
    return a ? (size_t)a->size * pyk_dtype_size(a->dtype) : 0;
}
uint64_t pyk_array_device_pointer(const pyk_array *a) { return a ? (uint64_t)a->pointer : 0; }
int pyk_array_is_c_contiguous(const pyk_array *a)
{
    return a && rt_is_contiguous(a->ndim, a->shape, a->strides, PYK_LAYOUT_C);
}

/* The checks every host<->device copy makes before calling the driver. */
static pyk_status check_host_copy(const pyk_array *a, const void *host, size_t host_bytes,
                                  const char *caller)
{
    pyk_context *ctx = a->ctx;
    char shape[160];
    if (!host && host_bytes)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: the host buffer is NULL", caller);
    if (!pyk_array_is_c_contiguous(a))
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "%s: the array (shape %s) is not C-contiguous; only contiguous arrays "
                        "are copied whole", caller, rt_shape_text(a->ndim, a->shape, shape, sizeof shape));
    if (host_bytes != pyk_array_nbytes(a))
        return rt_error(ctx, PYK_ERROR_SIZE_MISMATCH,
                        "%s: the host buffer holds %zu bytes but the array of shape %s of %s "
                        "holds %zu bytes (%lld elements of %zu bytes)",
                        caller, host_bytes, rt_shape_text(a->ndim, a->shape, shape, sizeof shape),
                        pyk_dtype_name(a->dtype), pyk_array_nbytes(a), (long long)a->size,
                        pyk_dtype_size(a->dtype));
    return rt_make_current(ctx);
}

static CUstream cu_stream_of(const pyk_stream *stream) { return stream ? stream->cu_stream : NULL; }

static pyk_status copy_to_host(const pyk_array *a, void *host, size_t host_bytes, pyk_stream *stream,
                               bool async)
{
    const char *caller = async ? "pyk_copy_to_host_async" : "pyk_copy_to_host";
    if (!a)
        return rt_null_handle(caller, "the array");
    pyk_status status = check_host_copy(a, host, host_bytes, caller);
    if (status != PYK_OK || host_bytes == 0)
        return status;
    const RtDriver *cu = a->ctx->cu;
    CUresult result = async ? cu->cuMemcpyDtoHAsync(host, a->pointer, host_bytes, cu_stream_of(stream))
                            : cu->cuMemcpyDtoH(host, a->pointer, host_bytes);
    status = rt_check(a->ctx, result, async ? "cuMemcpyDtoHAsync" : "cuMemcpyDtoH (copy to host)",
                      rt_last_kernel(a->ctx, async ? stream : NULL));
    /* A synchronous copy waited for the kernels: checked mode reports here. */
    return status == PYK_OK && !async ? rt_check_collect(a->ctx) : status;
}

pyk_status pyk_copy_to_host(const pyk_array *a, void *host, size_t host_bytes)
{
    return copy_to_host(a, host, host_bytes, NULL, false);
}

pyk_status pyk_copy_to_host_async(const pyk_array *a, void *host, size_t host_bytes,
                                  pyk_stream *stream)
{
    return copy_to_host(a, host, host_bytes, stream, true);
}

static pyk_status copy_from_host(pyk_array *a, const void *host, size_t host_bytes,
                                 pyk_stream *stream, bool async)
{
    const char *caller = async ? "pyk_copy_from_host_async" : "pyk_copy_from_host";
    if (!a)
        return rt_null_handle(caller, "the array");
    pyk_status status = check_host_copy(a, host, host_bytes, caller);
    if (status != PYK_OK || host_bytes == 0)
        return status;
    const RtDriver *cu = a->ctx->cu;
    CUresult result = async ? cu->cuMemcpyHtoDAsync(a->pointer, host, host_bytes, cu_stream_of(stream))
                            : cu->cuMemcpyHtoD(a->pointer, host, host_bytes);
    return rt_check(a->ctx, result, async ? "cuMemcpyHtoDAsync" : "cuMemcpyHtoD (copy to device)",
                    rt_last_kernel(a->ctx, async ? stream : NULL));
}

pyk_status pyk_copy_from_host(pyk_array *a, const void *host, size_t host_bytes)
{
    return copy_from_host(a, host, host_bytes, NULL, false);
}

pyk_status pyk_copy_from_host_async(pyk_array *a, const void *host, size_t host_bytes,
                                    pyk_stream *stream)
{
    return copy_from_host(a, host, host_bytes, stream, true);
}

static pyk_status to_device(pyk_context *ctx, const void *host, pyk_dtype dtype, int ndim,
                            const int64_t *shape, pyk_stream *stream, bool async, pyk_array **out)
{
    const char *caller = async ? "pyk_to_device_async" : "pyk_to_device";
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle(caller, "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: the array pointer is NULL", caller);
    pyk_status status = pyk_device_array(ctx, dtype, ndim, shape, out);
    if (status != PYK_OK)
        return status;
    status = copy_from_host(*out, host, pyk_array_nbytes(*out), stream, async);
    if (status != PYK_OK) {
        pyk_array_free(*out);
        *out = NULL;
    }
    return status;
}

pyk_status pyk_to_device(pyk_context *ctx, const void *host, pyk_dtype dtype, int ndim,
                         const int64_t *shape, pyk_array **out)
{
    return to_device(ctx, host, dtype, ndim, shape, NULL, false, out);
}

pyk_status pyk_to_device_async(pyk_context *ctx, const void *host, pyk_dtype dtype, int ndim,
                               const int64_t *shape, pyk_stream *stream, pyk_array **out)
{
    return to_device(ctx, host, dtype, ndim, shape, stream, true, out);
}

static pyk_status copy_device(pyk_array *dst, const pyk_array *src, pyk_stream *stream, bool async)
{
    const char *caller = async ? "pyk_copy_device_async" : "pyk_copy_device";
    if (!dst)
        return rt_null_handle(caller, "the destination array");
    if (!src)
        return rt_error(dst->ctx, PYK_ERROR_INVALID_ARGUMENT, "%s: the source array is NULL", caller);
    pyk_context *ctx = dst->ctx;
    char a[160], b[160];
    bool same_shape = dst->ndim == src->ndim &&
                      memcmp(dst->shape, src->shape, sizeof dst->shape[0] * (size_t)dst->ndim) == 0;
    if (src->ctx != ctx)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_copy_device: the arrays belong to different contexts");
    if (dst->dtype != src->dtype || !same_shape)
        return rt_error(ctx, PYK_ERROR_SIZE_MISMATCH,
                        "pyk_copy_device: the destination is %s of shape %s (%zu bytes) but the "
                        "source is %s of shape %s (%zu bytes)",
                        pyk_dtype_name(dst->dtype), rt_shape_text(dst->ndim, dst->shape, a, sizeof a),
                        pyk_array_nbytes(dst), pyk_dtype_name(src->dtype),
                        rt_shape_text(src->ndim, src->shape, b, sizeof b), pyk_array_nbytes(src));
    if (!pyk_array_is_c_contiguous(dst) || !pyk_array_is_c_contiguous(src))
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_copy_device: both arrays must be C-contiguous");
    pyk_status status = rt_make_current(ctx);
    size_t bytes = pyk_array_nbytes(src);
    if (status != PYK_OK || bytes == 0)
        return status;
    CUresult result = async ? ctx->cu->cuMemcpyDtoDAsync(dst->pointer, src->pointer, bytes, cu_stream_of(stream))
                            : ctx->cu->cuMemcpyDtoD(dst->pointer, src->pointer, bytes);
    return rt_check(ctx, result, async ? "cuMemcpyDtoDAsync" : "cuMemcpyDtoD",
                    rt_last_kernel(ctx, async ? stream : NULL));
}

pyk_status pyk_copy_device(pyk_array *dst, const pyk_array *src)
{
    return copy_device(dst, src, NULL, false);
}

pyk_status pyk_copy_device_async(pyk_array *dst, const pyk_array *src, pyk_stream *stream)
{
    return copy_device(dst, src, stream, true);
}

pyk_status pyk_host_alloc(pyk_context *ctx, size_t bytes, void **host)
{
    if (host)
        *host = NULL;
    if (!ctx)
        return rt_null_handle("pyk_host_alloc", "the context");
    if (!host)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_host_alloc: the host pointer is NULL");
    pyk_status status = rt_make_current(ctx);
    if (status != PYK_OK)
        return status;
    void *pinned = NULL;
    CUresult result = ctx->cu->cuMemAllocHost(&pinned, bytes ? bytes : 1);
    if (result == CUDA_ERROR_OUT_OF_MEMORY)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY,
                        "out of pinned host memory: %zu bytes were asked (cuMemAllocHost)", bytes);
    if ((status = rt_check(ctx, result, "cuMemAllocHost", NULL)) == PYK_OK)
        *host = pinned; /* only on success: the driver may write there when it fails */
    return status;
}

void pyk_host_free(pyk_context *ctx, void *host)
{
    if (ctx && host && rt_make_current(ctx) == PYK_OK)
        ctx->cu->cuMemFreeHost(host);
}
