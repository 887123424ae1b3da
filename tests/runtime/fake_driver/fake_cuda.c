/* A stand-in for libcuda.so.1, so that libpykrt's error paths run without a
 * GPU. It defines exactly the entry points runtime/src/driver_api.def lists
 * (cuda.h's macros give them their versioned names, cuMemAlloc_v2, as
 * dlsym looks them up), each succeeding with a plausible answer: one
 * device of compute capability 9.0, "device" memory that is host memory
 * (so copies round-trip), handles that are addresses of statics.
 *
 * FAKE_CUDA_FAIL makes calls fail: "cuMemAlloc=2,cuLaunchKernel=701" makes
 * every call of cuMemAlloc return CUresult 2 and of cuLaunchKernel 701. It
 * is read at every call, so a test may change it between calls (setenv).
 * A failing cuModuleLoadDataEx also writes a line into the JIT error log.
 * FAKE_CUDA_BLOCK_SIZE sets the block size cuOccupancyMaxPotentialBlockSize
 * suggests (256 by default).
 *
 * Built as BUILD/runtime-tests/fake-driver/libcuda.so.1; tests point
 * libpykrt's dlopen("libcuda.so.1") at it with LD_LIBRARY_PATH. Built with
 * FAKE_CUDA_OMIT_COOPERATIVE (fake-driver-old/), it lacks
 * cuLaunchCooperativeKernel, as a driver older than the runtime would. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CUresult FAKE_CUDA_FAIL sets for `call`, else CUDA_SUCCESS. */
static CUresult fake_result(const char *call)
{
    const char *spec = getenv("FAKE_CUDA_FAIL");
    size_t len = strlen(call);
    for (const char *p = spec; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, call, len) == 0 && p[len] == '=')
            return (CUresult)atoi(p + len + 1);
    return CUDA_SUCCESS;
}

#define FAKE_FAIL_OR_GO_ON(call)                                                                   \
    do {                                                                                           \
        CUresult fake_r = fake_result(call);                                                       \
        if (fake_r != CUDA_SUCCESS)                                                                \
            return fake_r;                                                                         \
    } while (0)

/* The results the tests use, with the real driver's names and texts. */
static const struct { CUresult result; const char *name, *text; } known[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
};

static CUresult describe(CUresult result, const char **out, int text)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].result == result)
            return *out = text ? known[i].text : known[i].name, CUDA_SUCCESS;
    return CUDA_ERROR_INVALID_VALUE; /* the real driver leaves *out alone too */
}

CUresult CUDAAPI cuGetErrorName(CUresult error, const char **pStr) { return describe(error, pStr, 0); }
CUresult CUDAAPI cuGetErrorString(CUresult error, const char **pStr) { return describe(error, pStr, 1); }

CUresult CUDAAPI cuInit(unsigned int flags)
{
    (void)flags;
    FAKE_FAIL_OR_GO_ON("cuInit");
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDriverGetVersion(int *version)
{
    FAKE_FAIL_OR_GO_ON("cuDriverGetVersion");
    *version = CUDA_VERSION;
    return CUDA_SUCCESS;
}

/* ---- devices and contexts ---- */
static int fake_context, fake_module, fake_function, fake_stream, fake_event;
static CUcontext current;

CUresult CUDAAPI cuDeviceGetCount(int *count)
{
    FAKE_FAIL_OR_GO_ON("cuDeviceGetCount");
    *count = 1;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal)
{
    FAKE_FAIL_OR_GO_ON("cuDeviceGet");
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice device)
{
    (void)device;
    FAKE_FAIL_OR_GO_ON("cuDeviceGetName");
    snprintf(name, (size_t)len, "pykc fake CUDA device");
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int *value, CUdevice_attribute which, CUdevice device)
{
    (void)device;
    FAKE_FAIL_OR_GO_ON("cuDeviceGetAttribute");
    switch (which) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = 9; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = 4; break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *value = 32; break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *value = 1024; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *value = 64; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *value = 2147483647; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: *value = 65535; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *value = 49152; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = 232448; break;
    case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH: *value = 1; break;
    default: *value = 0; break;
    }
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceTotalMem(size_t *bytes, CUdevice device)
{
    (void)device;
    FAKE_FAIL_OR_GO_ON("cuDeviceTotalMem");
    *bytes = (size_t)1 << 30;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device)
{
    (void)device;
    FAKE_FAIL_OR_GO_ON("cuDevicePrimaryCtxRetain");
    *context = (CUcontext)&fake_context;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice device)
{
    (void)device;
    return fake_result("cuDevicePrimaryCtxRelease");
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *context)
{
    FAKE_FAIL_OR_GO_ON("cuCtxGetCurrent");
    *context = current;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext context)
{
    FAKE_FAIL_OR_GO_ON("cuCtxSetCurrent");
    current = context;
    return CUDA_SUCCESS;
}

/* Every context is device 0's, the primary one or one a test made current. */
CUresult CUDAAPI cuCtxGetDevice(CUdevice *device)
{
    FAKE_FAIL_OR_GO_ON("cuCtxGetDevice");
    if (!current)
        return CUDA_ERROR_INVALID_CONTEXT;
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize(void) { return fake_result("cuCtxSynchronize"); }

/* ---- modules and functions ---- */
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int count,
                                    CUjit_option *options, void **values)
{
    (void)image;
    CUresult result = fake_result("cuModuleLoadDataEx");
    if (result == CUDA_SUCCESS) {
        *module = (CUmodule)&fake_module;
        return CUDA_SUCCESS;
    }
    for (unsigned i = 0; i < count; i++)
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
            strcpy(values[i], "ptxas fatal   : fake driver: rejected as FAKE_CUDA_FAIL asked");
    return result;
}

CUresult CUDAAPI cuModuleUnload(CUmodule module)
{
    (void)module;
    return fake_result("cuModuleUnload");
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name)
{
    (void)module, (void)name;
    FAKE_FAIL_OR_GO_ON("cuModuleGetFunction");
    *function = (CUfunction)&fake_function;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr *pointer, size_t *bytes, CUmodule module, const char *name)
{
    (void)pointer, (void)bytes, (void)module, (void)name;
    FAKE_FAIL_OR_GO_ON("cuModuleGetGlobal");
    return CUDA_ERROR_NOT_FOUND; /* the tests' PTX has no check record */
}

CUresult CUDAAPI cuFuncGetAttribute(int *value, CUfunction_attribute which, CUfunction function)
{
    (void)function;
    FAKE_FAIL_OR_GO_ON("cuFuncGetAttribute");
    *value = which == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024 : 0;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction function, CUfunction_attribute which, int value)
{
    (void)function, (void)which, (void)value;
    return fake_result("cuFuncSetAttribute");
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSize(int *min_grid, int *block, CUfunction function,
                                                  CUoccupancyB2DSize shared_of_block,
                                                  size_t dynamic_shared, int limit)
{
    (void)function, (void)shared_of_block, (void)dynamic_shared;
    FAKE_FAIL_OR_GO_ON("cuOccupancyMaxPotentialBlockSize");
    /* FAKE_CUDA_BLOCK_SIZE: the block the "occupancy calculator" picks
     * (256 unless set), within the kernel's limit. */
    const char *pick = getenv("FAKE_CUDA_BLOCK_SIZE");
    int best = pick && atoi(pick) > 0 ? atoi(pick) : 256;
    *block = limit > 0 && limit < best ? limit : best;
    *min_grid = 8;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunction function,
                                                             int block_size, size_t dynamic_shared)
{
    (void)function, (void)block_size, (void)dynamic_shared;
    FAKE_FAIL_OR_GO_ON("cuOccupancyMaxActiveBlocksPerMultiprocessor");
    *blocks = 2;
    return CUDA_SUCCESS;
}

/* ---- memory: "device" memory is host memory ---- */
CUresult CUDAAPI cuMemAlloc(CUdeviceptr *pointer, size_t bytes)
{
    FAKE_FAIL_OR_GO_ON("cuMemAlloc");
    void *p = malloc(bytes);
    if (!p)
        return CUDA_ERROR_OUT_OF_MEMORY;
    *pointer = (CUdeviceptr)(uintptr_t)p;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr pointer)
{
    free((void *)(uintptr_t)pointer);
    return fake_result("cuMemFree");
}

CUresult CUDAAPI cuMemGetInfo(size_t *free_bytes, size_t *total)
{
    FAKE_FAIL_OR_GO_ON("cuMemGetInfo");
    *free_bytes = (size_t)1 << 20;
    *total = (size_t)1 << 30;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAllocHost(void **pointer, size_t bytes)
{
    FAKE_FAIL_OR_GO_ON("cuMemAllocHost");
    *pointer = malloc(bytes);
    return *pointer ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult CUDAAPI cuMemFreeHost(void *pointer)
{
    free(pointer);
    return fake_result("cuMemFreeHost");
}

#define FAKE_COPY(call, dst, src, bytes)                                                           \
    do {                                                                                           \
        FAKE_FAIL_OR_GO_ON(call);                                                                  \
        memcpy((void *)(uintptr_t)(dst), (const void *)(uintptr_t)(src), bytes);                   \
        return CUDA_SUCCESS;                                                                       \
    } while (0)

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes)
{ FAKE_COPY("cuMemcpyHtoD", dst, src, bytes); }
CUresult CUDAAPI cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes)
{ FAKE_COPY("cuMemcpyDtoH", dst, src, bytes); }
CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{ FAKE_COPY("cuMemcpyDtoD", dst, src, bytes); }
CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream)
{ (void)stream; FAKE_COPY("cuMemcpyHtoDAsync", dst, src, bytes); }
CUresult CUDAAPI cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes, CUstream stream)
{ (void)stream; FAKE_COPY("cuMemcpyDtoHAsync", dst, src, bytes); }
CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream)
{ (void)stream; FAKE_COPY("cuMemcpyDtoDAsync", dst, src, bytes); }

/* ---- streams and events ---- */
CUresult CUDAAPI cuStreamCreate(CUstream *stream, unsigned int flags)
{
    (void)flags;
    FAKE_FAIL_OR_GO_ON("cuStreamCreate");
    *stream = (CUstream)&fake_stream;
    return CUDA_SUCCESS;
}

/* How many times cuStreamDestroy was called: a wrapped stream
 * (pyk_stream_wrap) must not be destroyed with its handle. Not a driver
 * entry point; tests find it with dlsym. */
int fake_cuda_streams_destroyed;

CUresult CUDAAPI cuStreamDestroy(CUstream stream)
{
    (void)stream;
    fake_cuda_streams_destroyed++;
    return fake_result("cuStreamDestroy");
}

/* The one stream cuStreamCreate gives belongs to the primary context; any
 * other handle is none the driver knows. */
CUresult CUDAAPI cuStreamGetCtx(CUstream stream, CUcontext *context)
{
    FAKE_FAIL_OR_GO_ON("cuStreamGetCtx");
    if (stream != (CUstream)&fake_stream)
        return CUDA_ERROR_INVALID_HANDLE;
    *context = (CUcontext)&fake_context;
    return CUDA_SUCCESS;
}
CUresult CUDAAPI cuStreamSynchronize(CUstream stream) { (void)stream; return fake_result("cuStreamSynchronize"); }

CUresult CUDAAPI cuEventCreate(CUevent *event, unsigned int flags)
{
    (void)flags;
    FAKE_FAIL_OR_GO_ON("cuEventCreate");
    *event = (CUevent)&fake_event;
    return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent event, CUstream stream)
{
    (void)event, (void)stream;
    return fake_result("cuEventRecord");
}

CUresult CUDAAPI cuEventSynchronize(CUevent event) { (void)event; return fake_result("cuEventSynchronize"); }
CUresult CUDAAPI cuEventDestroy(CUevent event) { (void)event; return fake_result("cuEventDestroy"); }

CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent start, CUevent stop)
{
    (void)start, (void)stop;
    FAKE_FAIL_OR_GO_ON("cuEventElapsedTime");
    *ms = 1.5f;
    return CUDA_SUCCESS;
}

/* ---- launches ---- */
CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                unsigned by, unsigned bz, unsigned shared, CUstream stream,
                                void **params, void **extra)
{
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared;
    (void)stream, (void)params, (void)extra;
    return fake_result("cuLaunchKernel");
}

#ifndef FAKE_CUDA_OMIT_COOPERATIVE
CUresult CUDAAPI cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                           unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                           CUstream stream, void **params)
{
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared;
    (void)stream, (void)params;
    return fake_result("cuLaunchCooperativeKernel");
}
#endif
