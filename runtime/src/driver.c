/* Loading the CUDA driver: dlopen("libcuda.so.1") and dlsym of every entry
 * point in driver_api.def, then cuInit, once per process under
 * pthread_once. This table is libpykrt's only process-wide state; it is
 * written once and read-only afterwards. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "rt.h"

#define RT_STRINGIFY_(x) #x
#define RT_STRINGIFY(x) RT_STRINGIFY_(x)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static RtDriver driver;
static pyk_status load_status;
static char load_message[256];

static bool resolve(void *library)
{
    /* dlsym returns void *; POSIX guarantees it converts to a function pointer. */
#define RT_DRIVER_FN(name)                                                                   \
    *(void **)&driver.name = dlsym(library, RT_STRINGIFY(name));                             \
    if (!driver.name) {                                                                      \
        snprintf(load_message, sizeof load_message,                                          \
                 "the CUDA driver library libcuda.so.1 lacks %s: the NVIDIA driver is "      \
                 "older than this runtime needs (built against CUDA %d.%d); update it",       \
                 RT_STRINGIFY(name), CUDA_VERSION / 1000, CUDA_VERSION % 1000 / 10);          \
        return false;                                                                        \
    }
#include "driver_api.def"
#undef RT_DRIVER_FN
    return true;
}

static void load(void)
{
    void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        load_status = PYK_ERROR_NO_DRIVER;
        snprintf(load_message, sizeof load_message,
                 "CUDA driver library libcuda.so.1 not found: is the NVIDIA driver installed?");
        return;
    }
    if (!resolve(library)) {
        load_status = PYK_ERROR_NO_DRIVER;
        return;
    }
    CUresult result = driver.cuInit(0);
    if (result == CUDA_SUCCESS) {
        load_status = PYK_OK;
        return;
    }
    const char *name = "?", *text = "?";
    driver.cuGetErrorName(result, &name);
    driver.cuGetErrorString(result, &text);
    load_status = result == CUDA_ERROR_NO_DEVICE ? PYK_ERROR_NO_DEVICE : PYK_ERROR_DRIVER;
    snprintf(load_message, sizeof load_message, "%s: cuInit failed: %s: %s",
             result == CUDA_ERROR_NO_DEVICE ? "no CUDA device found" : "the CUDA driver failed to start",
             name, text);
}

pyk_status rt_driver_load(const RtDriver **loaded, const char **message)
{
    pthread_once(&load_once, load);
    *loaded = load_status == PYK_OK ? &driver : NULL;
    *message = load_message;
    return load_status;
}
