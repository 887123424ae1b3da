/* Checked mode's device-side record: found when a module with check sites
 * loads, read and reset at synchronisation points, only for the modules
 * launched since the last read (rt_check_note_launch in rt.h marks them),
 * so that unchecked programs pay one flag test per synchronisation. */
#include <string.h>

#include "rt.h"

pyk_status rt_check_module_attach(pyk_module *module)
{
    RtModuleCheck *check = &module->check;
    if (check->sites.count == 0)
        return PYK_OK;
    pyk_context *ctx = module->ctx;
    CUdeviceptr record = 0;
    size_t bytes = 0;
    CUresult result = ctx->cu->cuModuleGetGlobal(&record, &bytes, module->cu_module, RT_CHECK_RECORD_NAME);
    if (result == CUDA_ERROR_NOT_FOUND || (result == CUDA_SUCCESS && bytes < RT_RECORD_WORDS * sizeof(int64_t)))
        return rt_error(ctx, PYK_ERROR_PTX_REJECTED,
                        "the PTX has %d pykc check site%s but no %zu-byte global '" RT_CHECK_RECORD_NAME
                        "' to record violations in (docs/abi.md, \"Check sites\")",
                        check->sites.count, check->sites.count == 1 ? "" : "s",
                        RT_RECORD_WORDS * sizeof(int64_t));
    pyk_status status = rt_check(ctx, result, "cuModuleGetGlobal(" RT_CHECK_RECORD_NAME ")", NULL);
    if (status != PYK_OK)
        return status;
    check->record = (uint64_t)record;
    check->next = ctx->checked_modules;
    ctx->checked_modules = module;
    return PYK_OK;
}

void rt_check_module_detach(pyk_module *module)
{
    pyk_context *ctx = module->ctx;
    for (pyk_module **link = &ctx->checked_modules; *link; link = &(*link)->check.next)
        if (*link == module) {
            *link = module->check.next;
            break;
        }
    rt_check_sites_free(&module->check.sites);
    module->check = (RtModuleCheck){0};
}

/* Reads the record into `record` and, when it is set, zeroes it on the
 * device for the next launches. */
static pyk_status read_and_reset(pyk_module *module, int64_t record[RT_RECORD_WORDS])
{
    pyk_context *ctx = module->ctx;
    CUdeviceptr where = (CUdeviceptr)module->check.record;
    size_t bytes = RT_RECORD_WORDS * sizeof(int64_t);
    /* A synchronous copy on the legacy default stream: it waits for the
     * work of every (blocking) stream of the context, so no kernel of the
     * module is still writing the record. */
    pyk_status status = rt_check(ctx, ctx->cu->cuMemcpyDtoH(record, where, bytes),
                                 "cuMemcpyDtoH (reading the checked-mode record)", ctx->last_kernel);
    if (status != PYK_OK || record[RT_RECORD_STATE] == 0)
        return status;
    static const int64_t zero[RT_RECORD_WORDS];
    return rt_check(ctx, ctx->cu->cuMemcpyHtoD(where, zero, bytes),
                    "cuMemcpyHtoD (resetting the checked-mode record)", ctx->last_kernel);
}

pyk_status rt_check_collect(pyk_context *ctx)
{
    if (!ctx->check_pending)
        return PYK_OK;
    pyk_status status = rt_make_current(ctx);
    if (status != PYK_OK)
        return status;   /* still pending: the next synchronisation tries again */
    ctx->check_pending = false;
    for (pyk_module *m = ctx->checked_modules; m; m = m->check.next) {
        if (!m->check.launched)
            continue;
        int64_t record[RT_RECORD_WORDS];
        status = read_and_reset(m, record);
        if (status != PYK_OK) {
            ctx->check_pending = true;   /* this module's record is read next time */
            return status;
        }
        m->check.launched = false;
        if (record[RT_RECORD_STATE] == 0)
            continue;
        /* One violation per call: the other modules' records wait. */
        for (pyk_module *rest = m->check.next; rest; rest = rest->check.next)
            if (rest->check.launched)
                ctx->check_pending = true;
        char message[1024];
        rt_check_describe(&m->check.sites, record, message, sizeof message);
        return rt_error(ctx, PYK_ERROR_CHECK_FAILED, "%s", message);
    }
    return PYK_OK;
}
