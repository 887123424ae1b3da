/* Modules and kernels: PTX JIT-loaded, or a cubin or fatbin loaded, with
 * the driver's error log captured; launch facts parsed from the PTX text,
 * or from a binary's __pykc_facts global (module_image.h); kernels looked
 * up once by name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_check.h"
#include "module_image.h"
#include "read_file.h"
#include "rt.h"

#define RT_JIT_LOG_CAP 16384

/* Loads `image` (JIT-compiling PTX); on rejection the message carries the
 * driver's log. `origin` names it: "the PTX given in memory", "the cubin
 * file 'k.cubin'". */
static pyk_status jit_load(pyk_context *ctx, const char *image, const char *origin,
                           CUmodule *out)
{
    char *log = calloc(1, RT_JIT_LOG_CAP);
    if (!log)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "loading %s: out of host memory", origin);
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, (void *)(uintptr_t)RT_JIT_LOG_CAP};
    CUresult result = ctx->cu->cuModuleLoadDataEx(out, image, 2, options, values);
    pyk_status status = PYK_OK;
    if (result != CUDA_SUCCESS) {
        const char *name = "?", *text = "?";
        ctx->cu->cuGetErrorName(result, &name);
        ctx->cu->cuGetErrorString(result, &text);
        status = rt_check(ctx, result, "cuModuleLoadDataEx", NULL);
        /* A binary without this GPU's SASS or a PTX to JIT: say which GPU. */
        char hint[128] = "";
        if (result == CUDA_ERROR_NO_BINARY_FOR_GPU)
            snprintf(hint, sizeof hint, " (it holds no SASS for this GPU, compute capability %d.%d, "
                     "and no PTX it can compile)", ctx->properties.compute_major,
                     ctx->properties.compute_minor);
        if (status == PYK_ERROR_PTX_REJECTED || log[0])
            status = rt_error(ctx, status, "the CUDA driver rejected %s: %s: %s%s%s%s",
                              origin, name, text, hint, log[0] ? "\n" : "", log);
    }
    free(log);
    return status;
}

/* The facts text of a loaded cubin or fatbin: its __pykc_facts global,
 * copied from the device; an empty text when it has none (a binary not
 * made by pykc: its kernels launch unchecked). */
static pyk_status binary_facts_text(pyk_context *ctx, CUmodule cu_module, const char *origin, char **out)
{
    CUdeviceptr where;
    size_t size = 0;
    CUresult result = ctx->cu->cuModuleGetGlobal(&where, &size, cu_module, RT_FACTS_GLOBAL);
    if (result == CUDA_ERROR_NOT_FOUND)
        return (*out = calloc(1, 1)) ? PYK_OK
                                     : rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "loading %s: out of host memory", origin);
    pyk_status status = rt_check(ctx, result, "cuModuleGetGlobal(" RT_FACTS_GLOBAL ")", NULL);
    if (status != PYK_OK)
        return status;
    unsigned char *bytes = malloc(size ? size : 1);
    if (!bytes)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "loading %s: out of host memory", origin);
    status = rt_check(ctx, ctx->cu->cuMemcpyDtoH(bytes, where, size), "cuMemcpyDtoH(" RT_FACTS_GLOBAL ")", NULL);
    char why[256];
    if (status == PYK_OK && !(*out = rt_facts_text_from_global(bytes, size, why, sizeof why)))
        status = rt_error(ctx, PYK_ERROR_PTX_REJECTED, "%s: malformed pykc launch facts: %s", origin, why);
    free(bytes);
    return status;
}

/* Parses the launch facts and check sites of `text` into the module. */
static pyk_status parse_facts(pyk_module *module, const char *text, const char *origin)
{
    char why[512];
    if (!rt_facts_parse_module(text, &module->facts, why, sizeof why))
        return rt_error(module->ctx, PYK_ERROR_PTX_REJECTED, "%s: malformed pykc launch facts at %s",
                        origin, why);
    if (!rt_check_sites_parse(text, &module->check.sites, why, sizeof why)) {
        rt_module_facts_free(&module->facts);
        return rt_error(module->ctx, PYK_ERROR_PTX_REJECTED, "%s: malformed pykc check site at %s",
                        origin, why);
    }
    return PYK_OK;
}

/* A binary's facts, read once it is loaded. */
static pyk_status parse_binary_facts(pyk_module *module, const char *origin)
{
    char *text = NULL;
    pyk_status status = binary_facts_text(module->ctx, module->cu_module, origin, &text);
    if (status == PYK_OK)
        status = parse_facts(module, text, origin);
    free(text);
    return status;
}

/* PTX is parsed before the JIT (a malformed line costs no compilation); a
 * binary's facts are in the loaded module. */
/* `path` is the file the image came from, NULL for one given in memory;
 * messages name it by its kind: "the PTX given in memory", "the cubin
 * file 'k.cubin'". */
static pyk_status load(pyk_context *ctx, const char *image, const char *path, pyk_module **out)
{
    char origin[512];
    RtImageKind kind = rt_image_kind(image);
    if (path)
        snprintf(origin, sizeof origin, "the %s file '%s'", rt_image_kind_name(kind), path);
    else
        snprintf(origin, sizeof origin, "the %s given in memory", rt_image_kind_name(kind));
    pyk_module *module = calloc(1, sizeof *module);
    if (!module)
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "loading %s: out of host memory", origin);
    module->ctx = ctx;
    pyk_status status = kind == RT_IMAGE_PTX ? parse_facts(module, image, origin) : PYK_OK;
    if (status != PYK_OK) {
        free(module);
        return status;
    }
    bool loaded = false;
    if ((status = rt_make_current(ctx)) == PYK_OK)
        loaded = (status = jit_load(ctx, image, origin, &module->cu_module)) == PYK_OK;
    bool parsed = kind == RT_IMAGE_PTX;
    if (status == PYK_OK && kind != RT_IMAGE_PTX)
        parsed = (status = parse_binary_facts(module, origin)) == PYK_OK;
    if (status == PYK_OK)
        status = rt_check_module_attach(module);
    if (status != PYK_OK) {
        if (loaded)
            ctx->cu->cuModuleUnload(module->cu_module);
        if (parsed) {
            rt_check_sites_free(&module->check.sites);
            rt_module_facts_free(&module->facts);
        }
        free(module);
        return status;
    }
    *out = module;
    return PYK_OK;
}

pyk_status pyk_module_load_ptx(pyk_context *ctx, const char *ptx, pyk_module **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_module_load_ptx", "the context");
    if (!out)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_module_load_ptx: the module pointer is NULL");
    if (!ptx)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_module_load_ptx: the PTX text is NULL");
    return load(ctx, ptx, NULL, out);
}

pyk_status pyk_module_load_file(pyk_context *ctx, const char *path, pyk_module **out)
{
    if (out)
        *out = NULL;
    if (!ctx)
        return rt_null_handle("pyk_module_load_file", "the context");
    if (!out || !path)
        return rt_error(ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_module_load_file: the %s is NULL",
                        out ? "path" : "module pointer");
    char why[256];
    size_t len;
    bool too_large;
    char *ptx = rt_read_file(path, RT_PTX_FILE_MAX_BYTES, &len, &too_large, why, sizeof why);
    if (!ptx)
        return rt_error(ctx, PYK_ERROR_IO, "cannot read the module file '%s': %s", path, why);
    pyk_status status = load(ctx, ptx, path, out);
    free(ptx);
    return status;
}

void pyk_module_unload(pyk_module *module)
{
    if (!module)
        return;
    if (rt_make_current(module->ctx) == PYK_OK)
        module->ctx->cu->cuModuleUnload(module->cu_module);
    for (pyk_kernel *k = module->kernels, *next; k; k = next) {
        next = k->next;
        free(k->name);
        free(k);
    }
    rt_check_module_detach(module);
    rt_module_facts_free(&module->facts);
    free(module);
}

static pyk_status not_found(pyk_module *module, const char *name)
{
    char known[512] = "";
    RtText list = rt_text_over(known, sizeof known);
    for (int i = 0; i < module->facts.count; i++)
        rt_text_append(&list, "%s'%s'", i ? ", " : "", module->facts.kernels[i].name);
    if (module->facts.count)
        return rt_error(module->ctx, PYK_ERROR_NOT_FOUND,
                        "no kernel named '%s' in the module; its kernels are %s", name, known);
    return rt_error(module->ctx, PYK_ERROR_NOT_FOUND,
                    "no kernel named '%s' in the module (a kernel is the Python function's "
                    "name, a '.visible .entry' of the PTX)", name);
}

static pyk_status kernel_attributes(pyk_kernel *k)
{
    pyk_context *ctx = k->module->ctx;
    int threads = 0, shared = 0;
    pyk_status status = rt_check(ctx, ctx->cu->cuFuncGetAttribute(
                                          &threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k->function),
                                 "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK)", NULL);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuFuncGetAttribute(
                                   &shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, k->function),
                          "cuFuncGetAttribute(SHARED_SIZE_BYTES)", NULL);
    k->function_max_threads = threads;
    k->static_shared_bytes = (size_t)shared;
    k->dynamic_shared_opted = ctx->properties.shared_mem_per_block > k->static_shared_bytes
                                  ? ctx->properties.shared_mem_per_block - k->static_shared_bytes
                                  : 0;
    return status;
}

pyk_status pyk_module_kernel(pyk_module *module, const char *name, pyk_kernel **out)
{
    if (out)
        *out = NULL;
    if (!module)
        return rt_null_handle("pyk_module_kernel", "the module");
    if (!name || !out)
        return rt_error(module->ctx, PYK_ERROR_INVALID_ARGUMENT, "pyk_module_kernel: the %s is NULL",
                        out ? "name" : "kernel pointer");
    for (pyk_kernel *k = module->kernels; k; k = k->next)
        if (strcmp(k->name, name) == 0)
            return *out = k, PYK_OK;
    pyk_context *ctx = module->ctx;
    pyk_status status = rt_make_current(ctx);
    if (status != PYK_OK)
        return status;
    CUfunction function;
    CUresult result = ctx->cu->cuModuleGetFunction(&function, module->cu_module, name);
    if (result == CUDA_ERROR_NOT_FOUND)
        return not_found(module, name);
    if ((status = rt_check(ctx, result, "cuModuleGetFunction", NULL)) != PYK_OK)
        return status;
    pyk_kernel *k = calloc(1, sizeof *k);
    size_t len = strlen(name);
    if (!k || !(k->name = malloc(len + 1))) {
        free(k);
        return rt_error(ctx, PYK_ERROR_OUT_OF_MEMORY, "pyk_module_kernel: out of host memory");
    }
    memcpy(k->name, name, len + 1);
    k->name_len = len;
    k->module = module;
    k->function = function;
    k->facts = rt_facts_find(&module->facts, name);
    if ((status = kernel_attributes(k)) != PYK_OK) {
        free(k->name);
        free(k);
        return status;
    }
    k->next = module->kernels;
    module->kernels = k;
    *out = k;
    return PYK_OK;
}

const char *pyk_kernel_name(const pyk_kernel *kernel) { return kernel ? kernel->name : NULL; }

int pyk_kernel_param_count(const pyk_kernel *kernel)
{
    return kernel && kernel->facts ? kernel->facts->param_count : -1;
}

pyk_status pyk_kernel_param(const pyk_kernel *kernel, int index, pyk_param_info *info)
{
    if (info)
        memset(info, 0, sizeof *info);
    if (!kernel)
        return rt_null_handle("pyk_kernel_param", "the kernel");
    if (!info)
        return rt_error(kernel->module->ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_param: the info pointer is NULL");
    if (!kernel->facts || index < 0 || index >= kernel->facts->param_count)
        return rt_error(kernel->module->ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_param: kernel '%s' has %s%d parameter%s, no index %d",
                        kernel->name, kernel->facts ? "" : "no launch facts, so ",
                        kernel->facts ? kernel->facts->param_count : 0,
                        kernel->facts && kernel->facts->param_count == 1 ? "" : "s", index);
    const RtParamFacts *p = &kernel->facts->params[index];
    info->name = p->name;
    info->dtype = p->dtype;
    info->ndim = p->ndim;
    info->layout = p->layout;
    info->member_count = p->member_count;
    info->type = p->type;
    return PYK_OK;
}

RtKernelLimits rt_kernel_limits(const pyk_kernel *kernel)
{
    RtKernelLimits limits = {kernel->name, kernel->function_max_threads,
                             kernel->facts ? kernel->facts->maxntid : 0,
                             kernel->static_shared_bytes};
    return limits;
}

int pyk_kernel_max_threads(const pyk_kernel *kernel)
{
    if (!kernel)
        return 0;
    RtKernelLimits limits = rt_kernel_limits(kernel);
    return rt_kernel_thread_limit(&kernel->module->ctx->properties, &limits);
}

size_t pyk_kernel_static_shared_bytes(const pyk_kernel *kernel)
{
    return kernel ? kernel->static_shared_bytes : 0;
}

pyk_status pyk_kernel_suggest_block_size(pyk_kernel *kernel, size_t dynamic_shared_bytes,
                                         int *block_size)
{
    if (block_size)
        *block_size = 0;
    if (!kernel)
        return rt_null_handle("pyk_kernel_suggest_block_size", "the kernel");
    if (!block_size)
        return rt_error(kernel->module->ctx, PYK_ERROR_INVALID_ARGUMENT,
                        "pyk_kernel_suggest_block_size: the block_size pointer is NULL");
    /* The typed 1-D launchers ask on every launch: the answer for no
     * dynamic shared memory never changes, so it is asked once. */
    if (dynamic_shared_bytes == 0 && kernel->suggested_block_size > 0)
        return *block_size = kernel->suggested_block_size, PYK_OK;
    pyk_context *ctx = kernel->module->ctx;
    int min_grid = 0, block = 0;
    int limit = pyk_kernel_max_threads(kernel);
    pyk_status status = rt_make_current(ctx);
    if (status == PYK_OK)
        status = rt_check(ctx, ctx->cu->cuOccupancyMaxPotentialBlockSize(
                                   &min_grid, &block, kernel->function, NULL,
                                   dynamic_shared_bytes, limit),
                          "cuOccupancyMaxPotentialBlockSize", NULL);
    *block_size = status == PYK_OK ? block : 0;
    if (status == PYK_OK && dynamic_shared_bytes == 0)
        kernel->suggested_block_size = block;
    return status;
}
