/* Error plumbing: status names, the context-owned message, this thread's
 * init message, and rt_check, the single gate every driver result passes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

const char *pyk_status_name(pyk_status status)
{
    switch (status) {
    case PYK_OK: return "PYK_OK";
    case PYK_ERROR_NO_DRIVER: return "PYK_ERROR_NO_DRIVER";
    case PYK_ERROR_NO_DEVICE: return "PYK_ERROR_NO_DEVICE";
    case PYK_ERROR_INVALID_ARGUMENT: return "PYK_ERROR_INVALID_ARGUMENT";
    case PYK_ERROR_OUT_OF_MEMORY: return "PYK_ERROR_OUT_OF_MEMORY";
    case PYK_ERROR_SIZE_MISMATCH: return "PYK_ERROR_SIZE_MISMATCH";
    case PYK_ERROR_IO: return "PYK_ERROR_IO";
    case PYK_ERROR_PTX_REJECTED: return "PYK_ERROR_PTX_REJECTED";
    case PYK_ERROR_NOT_FOUND: return "PYK_ERROR_NOT_FOUND";
    case PYK_ERROR_LAUNCH_CONFIG: return "PYK_ERROR_LAUNCH_CONFIG";
    case PYK_ERROR_ARGUMENT_MISMATCH: return "PYK_ERROR_ARGUMENT_MISMATCH";
    case PYK_ERROR_LAUNCH_FAILED: return "PYK_ERROR_LAUNCH_FAILED";
    case PYK_ERROR_DRIVER: return "PYK_ERROR_DRIVER";
    case PYK_ERROR_CHECK_FAILED: return "PYK_ERROR_CHECK_FAILED";
    }
    return "PYK_ERROR_UNKNOWN";
}

/* Failures before a context exists have no owner but the thread. */
static _Thread_local char init_message[512] = "no error";

const char *pyk_last_error(const pyk_context *ctx)
{
    if (!ctx)
        return init_message;
    return ctx->message ? ctx->message : "no error";
}

pyk_status rt_init_error(pyk_status status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(init_message, sizeof init_message, format, args);
    va_end(args);
    return status;
}

pyk_status rt_null_handle(const char *caller, const char *what)
{
    return rt_init_error(PYK_ERROR_INVALID_ARGUMENT, "%s: %s is NULL", caller, what);
}

pyk_status rt_error(pyk_context *ctx, pyk_status status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int needed = vsnprintf(ctx->message, ctx->message ? ctx->message_cap : 0, format, args);
    va_end(args);
    if (needed < 0)
        return status;
    if ((size_t)needed >= ctx->message_cap) {
        /* JIT logs can be long: grow to fit rather than cut them. */
        char *grown = realloc(ctx->message, (size_t)needed + 1);
        if (!grown) {
            if (ctx->message && ctx->message_cap > 0)
                ctx->message[ctx->message_cap - 1] = '\0';
            return status;
        }
        ctx->message = grown;
        ctx->message_cap = (size_t)needed + 1;
        va_start(args, format);
        vsnprintf(ctx->message, ctx->message_cap, format, args);
        va_end(args);
    }
    return status;
}

/* Errors the device raises while a kernel runs: they surface at the next
 * synchronising call and leave the context unusable. */
static bool is_device_fault(CUresult result)
{
    switch (result) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
        return true;
    default:
        return false;
    }
}

static pyk_status status_of(CUresult result)
{
    switch (result) {
    case CUDA_ERROR_OUT_OF_MEMORY: return PYK_ERROR_OUT_OF_MEMORY;
    case CUDA_ERROR_NO_DEVICE:
    case CUDA_ERROR_INVALID_DEVICE: return PYK_ERROR_NO_DEVICE;
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    case CUDA_ERROR_INVALID_IMAGE:
    case CUDA_ERROR_NO_BINARY_FOR_GPU: return PYK_ERROR_PTX_REJECTED;
    case CUDA_ERROR_NOT_FOUND: return PYK_ERROR_NOT_FOUND;
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
    case CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE: return PYK_ERROR_LAUNCH_CONFIG;
    default: return is_device_fault(result) ? PYK_ERROR_LAUNCH_FAILED : PYK_ERROR_DRIVER;
    }
}

pyk_status rt_check(pyk_context *ctx, CUresult result, const char *what, const char *last_kernel)
{
    if (result == CUDA_SUCCESS)
        return PYK_OK;
    const char *name = "CUDA_ERROR_UNKNOWN", *text = "unknown error";
    ctx->cu->cuGetErrorName(result, &name);
    ctx->cu->cuGetErrorString(result, &text);
    if (is_device_fault(result))
        return rt_error(ctx, PYK_ERROR_LAUNCH_FAILED,
                        "a kernel failed on the device%s%s%s: %s: %s (reported by %s); the "
                        "context can no longer be used",
                        last_kernel && *last_kernel ? ": kernel '" : "",
                        last_kernel && *last_kernel ? last_kernel : "",
                        last_kernel && *last_kernel ? "' was the last launched before it" : "",
                        name, text, what);
    return rt_error(ctx, status_of(result), "%s failed: %s: %s", what, name, text);
}

pyk_status rt_make_current(pyk_context *ctx)
{
    CUcontext current = NULL;
    if (ctx->cu->cuCtxGetCurrent(&current) == CUDA_SUCCESS && current == ctx->cu_context)
        return PYK_OK;
    return rt_check(ctx, ctx->cu->cuCtxSetCurrent(ctx->cu_context), "cuCtxSetCurrent", NULL);
}

const char *rt_last_kernel(const pyk_context *ctx, const pyk_stream *stream)
{
    return stream ? stream->last_kernel : ctx->last_kernel;
}

const char *rt_shape_text(int ndim, const int64_t *shape, char *buffer, size_t cap)
{
    size_t len = 0;
    buffer[0] = '\0';
    for (int i = 0; i < ndim && len + 1 < cap; i++) {
        int n = snprintf(buffer + len, cap - len, "%s%lld%s", i ? ", " : "(", (long long)shape[i],
                         i == ndim - 1 ? (ndim == 1 ? ",)" : ")") : "");
        if (n < 0)
            break;
        len += (size_t)n;
    }
    return buffer;
}
