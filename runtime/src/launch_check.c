/* The pre-launch checks (see launch_check.h): pure functions, no driver. */
#include "launch_check.h"

#include <stdio.h>
#include <string.h>

int rt_kernel_thread_limit(const pyk_device_properties *device, const RtKernelLimits *kernel)
{
    int limit = device->max_threads_per_block;
    if (kernel->function_max_threads > 0 && kernel->function_max_threads < limit)
        limit = kernel->function_max_threads;
    if (kernel->facts_maxntid > 0 && kernel->facts_maxntid < limit)
        limit = kernel->facts_maxntid;
    return limit;
}

static unsigned dim_or_one(unsigned d) { return d ? d : 1; }

/* One line per violation; `count` says whether any came before. */
static void violation(RtText *report, int *count, const char *kernel)
{
    rt_text_append(report, "%skernel '%s': ", *count ? "\n" : "", kernel);
    (*count)++;
}

static void check_dims(const char *what, const pyk_dim3 *d, const int *max, const char *kernel,
                       RtText *report, int *count)
{
    static const char axes[] = "xyz";
    unsigned v[3] = {d->x, dim_or_one(d->y), dim_or_one(d->z)};
    if (d->x == 0) {
        violation(report, count, kernel);
        rt_text_append(report, "%s.x is 0: every launch needs at least one %s", what,
                       what[0] == 'g' ? "block" : "thread");
    }
    for (int i = 0; i < 3; i++)
        if (v[i] > (unsigned)max[i]) {
            violation(report, count, kernel);
            rt_text_append(report, "%s.%c = %u exceeds the device's maximum of %d", what,
                           axes[i], v[i], max[i]);
        }
}

/* `fixed_threads`: the block's threads once every blockmax violation is
 * corrected; when that fits, following the blockmax line fixes the launch,
 * and a second line would only send the reader to the registers. */
static void check_threads(const pyk_device_properties *device, const RtKernelLimits *kernel,
                          const pyk_dim3 *block,
                          unsigned long long fixed_threads, RtText *report, int *count)
{
    unsigned long long threads = (unsigned long long)block->x * dim_or_one(block->y) *
                                 dim_or_one(block->z);
    unsigned long long limit = (unsigned long long)rt_kernel_thread_limit(device, kernel);
    if (threads == 0 || threads <= limit || fixed_threads <= limit)
        return;
    violation(report, count, kernel->name);
    rt_text_append(report, "a block of %llu threads (%u x %u x %u) is too large: ", threads,
                   block->x, dim_or_one(block->y), dim_or_one(block->z));
    if (threads > (unsigned long long)device->max_threads_per_block)
        rt_text_append(report, "the device allows at most %d threads per block",
                       device->max_threads_per_block);
    else if (kernel->facts_maxntid > 0 && threads > (unsigned long long)kernel->facts_maxntid)
        rt_text_append(report,
                       "pykc limited this kernel to %d threads per block (maxntid in its "
                       "launch facts, e.g. a shared array indexed by the thread index)",
                       kernel->facts_maxntid);
    else
        rt_text_append(report,
                       "the kernel's register use allows at most %d threads per block on "
                       "this device",
                       kernel->function_max_threads);
}

static const char axis_names[] = "xyz";

/* The blockmax facts: one compare per constraint on every launch; the text
 * only for a violation. Returns the block's threads with each violating
 * axis cut to its maximum (for check_threads). */
static unsigned long long check_blockmax(const RtKernelFacts *facts, const pyk_dim3 *block,
                                         RtText *report, int *count)
{
    unsigned launched[3] = {block->x, dim_or_one(block->y), dim_or_one(block->z)};
    unsigned fixed[3] = {launched[0], launched[1], launched[2]};
    for (int i = 0; facts && i < facts->blockmax_count; i++) {
        const RtBlockMax *b = &facts->blockmax[i];
        if (launched[b->axis] <= b->max)
            continue;
        rt_text_append(report,
                       "%skernel '%s' launched with blocks of %u threads along %c, but its "
                       "shared array '%s' (line %d) only has room for %u: launch with "
                       "blockDim.%c <= %u, or enlarge the array",
                       *count ? "\n" : "", facts->name, launched[b->axis], axis_names[b->axis],
                       b->array, b->line, b->max, axis_names[b->axis], b->max);
        (*count)++;
        if (fixed[b->axis] > b->max)
            fixed[b->axis] = b->max;
    }
    return (unsigned long long)fixed[0] * fixed[1] * fixed[2];
}

pyk_status rt_check_config(const pyk_device_properties *device, const RtKernelLimits *kernel,
                           const RtKernelFacts *derived, const pyk_launch_config *config,
                           RtText *report)
{
    int count = 0;
    check_dims("block", &config->block, device->max_block_dim, kernel->name, report, &count);
    check_dims("grid", &config->grid, device->max_grid_dim, kernel->name, report, &count);
    unsigned long long fixed_threads = check_blockmax(derived, &config->block, report, &count);
    check_threads(device, kernel, &config->block, fixed_threads, report, &count);
    size_t total = kernel->static_shared_bytes + config->dynamic_shared_bytes;
    if (config->dynamic_shared_bytes > device->shared_mem_per_block_optin ||
        total > device->shared_mem_per_block_optin) {
        violation(report, &count, kernel->name);
        rt_text_append(report,
                       "%zu bytes of dynamic shared memory plus the kernel's %zu static bytes "
                       "exceed the device's maximum of %zu bytes per block",
                       config->dynamic_shared_bytes, kernel->static_shared_bytes,
                       device->shared_mem_per_block_optin);
    }
    return count ? PYK_ERROR_LAUNCH_CONFIG : PYK_OK;
}

pyk_status rt_check_cooperative(const pyk_device_properties *device, const char *kernel,
                                const pyk_launch_config *config, int per_sm, RtText *report)
{
    static const char why[] = "synchronises its whole grid (cuda.cg.this_grid().sync())";
    if (!device->cooperative_launch) {
        rt_text_append(report,
                       "kernel '%s' %s, which needs a cooperative launch, and device %d (%s) does not "
                       "support one (CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH is 0)",
                       kernel, why, device->ordinal, device->name);
        return PYK_ERROR_LAUNCH_CONFIG;
    }
    const pyk_dim3 *g = &config->grid, *b = &config->block;
    unsigned long long blocks = (unsigned long long)g->x * dim_or_one(g->y) * dim_or_one(g->z);
    unsigned long long threads = (unsigned long long)b->x * dim_or_one(b->y) * dim_or_one(b->z);
    unsigned long long fit = (unsigned long long)(per_sm > 0 ? per_sm : 0) *
                             (unsigned long long)(device->sm_count > 0 ? device->sm_count : 0);
    if (blocks <= fit)
        return PYK_OK;
    rt_text_append(report, "kernel '%s' %s, so all its blocks must be resident on the device at once, "
                           "but ", kernel, why);
    if (fit == 0)
        rt_text_append(report,
                       "not one block of %llu threads with %zu bytes of dynamic shared memory fits on "
                       "a multiprocessor of this device: launch smaller blocks or with less shared "
                       "memory", threads, config->dynamic_shared_bytes);
    else
        rt_text_append(report,
                       "the launch has %llu blocks (%u x %u x %u) and at most %llu blocks of %llu "
                       "threads with %zu bytes of dynamic shared memory fit (%d per multiprocessor x "
                       "%d multiprocessors): launch at most %llu blocks "
                       "(pyk_kernel_max_cooperative_blocks)",
                       blocks, g->x, dim_or_one(g->y), dim_or_one(g->z), fit, threads,
                       config->dynamic_shared_bytes, per_sm, device->sm_count, fit);
    return PYK_ERROR_LAUNCH_CONFIG;
}

/* The extent a covers fact asks for in this launch, or 0 when there is
 * nothing to check (an empty array, a negative scalar, an argument that is
 * not what the facts declare: rt_check_args reports those). */
static uint64_t covers_extent(const RtCovers *k, const pyk_arg *arg)
{
    if (k->dim >= 0) {
        const pyk_array *a = arg->array;
        return a && k->dim < a->ndim && a->shape[k->dim] > 0 ? (uint64_t)a->shape[k->dim] : 0;
    }
    if (arg->array)
        return 0;
    int64_t v;
    switch (arg->dtype) {
    case PYK_INT8: v = (int8_t)arg->value.u8; break;
    case PYK_INT16: v = (int16_t)arg->value.u16; break;
    case PYK_INT32: v = (int32_t)arg->value.u32; break;
    case PYK_INT64: v = (int64_t)arg->value.u64; break;
    case PYK_UINT8: return arg->value.u8;
    case PYK_UINT16: return arg->value.u16;
    case PYK_UINT32: return arg->value.u32;
    case PYK_UINT64: return arg->value.u64;
    default: return 0; /* not an integer */
    }
    return v > 0 ? (uint64_t)v : 0;
}

static unsigned axis_of(const pyk_dim3 *d, int axis)
{
    return axis == 0 ? d->x : dim_or_one(axis == 1 ? d->y : d->z);
}

/* The report's line for a covers fact the launch does not meet. */
static void report_uncovered(const RtKernelFacts *facts, const RtCovers *k, uint64_t extent,
                             unsigned grid, unsigned block, RtText *report, int *count)
{
    char axis = axis_names[k->axis];
    uint64_t threads = (uint64_t)grid * block;
    const char *param = facts->params[k->param].name;
    rt_text_append(report,
                   "%skernel '%s' launched with %llu thread%s along %c (%u block%s of %u), but ",
                   *count ? "\n" : "", facts->name, (unsigned long long)threads,
                   threads == 1 ? "" : "s", axis, grid, grid == 1 ? "" : "s", block);
    if (k->dim < 0)
        rt_text_append(report,
                       "it processes %s = %llu elements along %c, one per thread (array '%s', "
                       "line %d)",
                       param, (unsigned long long)extent, axis, k->array, k->line);
    else if (strcmp(param, k->array) == 0)
        rt_text_append(report,
                       "array '%s' has %llu elements along axis %d and each thread handles one "
                       "(line %d)",
                       param, (unsigned long long)extent, k->dim, k->line);
    else
        rt_text_append(report,
                       "array '%s' has %llu elements along axis %d and each thread handles one "
                       "(array '%s', line %d)",
                       param, (unsigned long long)extent, k->dim, k->array, k->line);
    uint64_t blocks = extent / block + (extent % block != 0);
    rt_text_append(report, ": %llu would never be processed; launch at least %llu blocks of %u",
                   (unsigned long long)(extent - threads), (unsigned long long)blocks, block);
    (*count)++;
}

pyk_status rt_check_coverage(const RtKernelFacts *facts, const pyk_launch_config *config,
                             const pyk_arg *args, int nargs, RtText *report)
{
    int count = 0;
    for (int i = 0; i < facts->covers_count; i++) {
        const RtCovers *k = &facts->covers[i];
        if (k->param >= nargs)
            continue;
        uint64_t extent = covers_extent(k, &args[k->param]);
        unsigned grid = axis_of(&config->grid, k->axis), block = axis_of(&config->block, k->axis);
        if (extent == 0 || grid == 0 || block == 0 || (uint64_t)grid * block >= extent)
            continue;
        report_uncovered(facts, k, extent, grid, block, report, &count);
    }
    return count ? PYK_ERROR_LAUNCH_CONFIG : PYK_OK;
}

bool rt_is_contiguous(int ndim, const int64_t *shape, const int64_t *strides, pyk_layout layout)
{
    if (layout != PYK_LAYOUT_C && layout != PYK_LAYOUT_F)
        return true;
    for (int i = 0; i < ndim; i++)
        if (shape[i] == 0)
            return true;
    int64_t expected = 1;
    for (int k = 0; k < ndim; k++) {
        int i = layout == PYK_LAYOUT_C ? ndim - 1 - k : k;
        if (shape[i] != 1 && strides[i] != expected)
            return false;
        expected *= shape[i];
    }
    return true;
}

static const char *array_type_text(const pyk_array *a, char *buffer, size_t cap)
{
    bool c = rt_is_contiguous(a->ndim, a->shape, a->strides, PYK_LAYOUT_C);
    bool f = rt_is_contiguous(a->ndim, a->shape, a->strides, PYK_LAYOUT_F);
    RtParamFacts as_param = {.dtype = a->dtype, .ndim = a->ndim,
                             .layout = c ? PYK_LAYOUT_C : f ? PYK_LAYOUT_F : PYK_LAYOUT_A};
    return rt_param_type_name(&as_param, buffer, cap);
}

/* What is wrong with an argument, and where: the parameter or the member
 * of a tuple parameter at fault, its argument, and the path of member
 * indices from the parameter down to it. */
typedef struct ArgFault {
    const char *problem;       /* NULL: the argument fits */
    const RtParamFacts *param;
    const pyk_arg *arg;
    int path[RT_FACTS_MAX_TUPLE_DEPTH];
    int depth;
} ArgFault;

static const char *scalar_problem(const RtParamFacts *p, const pyk_arg *arg)
{
    return arg->array ? "an array" : arg->members ? "a tuple"
           : arg->dtype != p->dtype ? "a scalar of another type" : NULL;
}

static const char *array_problem(const RtParamFacts *p, const pyk_context *ctx, const pyk_arg *arg)
{
    const pyk_array *a = arg->array;
    if (!a)
        return arg->members ? "a tuple" : arg->dtype ? "a scalar" : "no array (NULL)";
    if (a->dtype != p->dtype)
        return "an array of another dtype";
    if (a->ndim != p->ndim)
        return "an array of another ndim";
    if (!rt_is_contiguous(a->ndim, a->shape, a->strides, p->layout))
        return p->layout == PYK_LAYOUT_C ? "a non-C-contiguous array" : "a non-F-contiguous array";
    if (ctx && a->ctx != ctx)
        return "an array of another context";
    return NULL;
}

/* Fills *fault for the first mismatch of `arg` with `p`, members in
 * order; false when there is one. The parameter's structure bounds the
 * walk, so tuples that contain themselves cannot loop. This runs on every
 * launch, so it only compares: the texts of a report are made by
 * report_arg, once something is wrong. */
static bool arg_fits(const RtParamFacts *p, const pyk_context *ctx, const pyk_arg *arg, int depth,
                     ArgFault *fault)
{
    const char *problem = NULL;
    if (p->member_count == 0) {
        problem = p->ndim == 0 ? scalar_problem(p, arg) : array_problem(p, ctx, arg);
    } else if (!arg->members) {
        problem = arg->array ? "an array" : arg->dtype ? "a scalar" : "no tuple (NULL members)";
    } else if (arg->member_count != p->member_count) {
        problem = "a tuple of another length";
    } else {
        for (int i = 0; i < p->member_count; i++) {
            fault->path[depth] = i;
            if (!arg_fits(&p->members[i], ctx, &arg->members[i], depth + 1, fault))
                return false;
        }
        return true;
    }
    if (!problem)
        return true;
    fault->problem = problem;   /* the path down to here is set already */
    fault->param = p;
    fault->arg = arg;
    fault->depth = depth;
    return false;
}

/* What the argument at fault is: "float64", "array(float32, 1d, C)",
 * "(3 members)". */
static const char *got_text(const pyk_arg *arg, char *buffer, size_t cap)
{
    buffer[0] = '\0';
    if (arg->array)
        array_type_text(arg->array, buffer, cap);
    else if (arg->members)
        snprintf(buffer, cap, "(%d member%s)", arg->member_count, arg->member_count == 1 ? "" : "s");
    else if (arg->dtype)
        snprintf(buffer, cap, "%s", pyk_dtype_name(arg->dtype));
    return buffer;
}

/* The report's line for a mismatch that arg_fits found:
 *   kernel 'k': parameter 'x' (argument 1) expects T but got PROBLEM GOT
 *   kernel 'k': parameter 't' (argument 2) expects T but its member [1] (M) is PROBLEM GOT */
static void report_arg(const RtKernelFacts *facts, int index, const ArgFault *fault, RtText *report,
                       int *count)
{
    const RtParamFacts *p = &facts->params[index];
    char want[256], member[256], got[64];
    rt_param_type_name(p, want, sizeof want);
    got_text(fault->arg, got, sizeof got);
    rt_text_append(report, "%skernel '%s': parameter '%s' (argument %d) expects %s but ", *count ? "\n" : "",
                   facts->name, p->name, index + 1, want);
    if (fault->depth == 0) {
        rt_text_append(report, "got ");
    } else {
        rt_text_append(report, "its member ");
        for (int d = 0; d < fault->depth; d++)
            rt_text_append(report, "[%d]", fault->path[d]);
        rt_text_append(report, " (%s) is ", rt_param_type_name(fault->param, member, sizeof member));
    }
    rt_text_append(report, "%s%s%s", fault->problem, got[0] ? " " : "", got);
    if (fault->param->ndim > 0 && fault->param->layout != PYK_LAYOUT_A && strstr(fault->problem, "contiguous"))
        rt_text_append(report, ": copy it into a contiguous array, or declare the parameter "
                               "with any layout (float32[:])");
    (*count)++;
}

/* One parameter against one argument; appends a line per mismatch. */
static void check_arg(const RtKernelFacts *facts, int index, const pyk_context *ctx,
                      const pyk_arg *arg, RtText *report, int *count)
{
    ArgFault fault;
    if (!arg_fits(&facts->params[index], ctx, arg, 0, &fault))
        report_arg(facts, index, &fault, report, count);
}

pyk_status rt_check_args(const RtKernelFacts *facts, const pyk_context *ctx, const pyk_arg *args,
                         int nargs, RtText *report)
{
    if (nargs != facts->param_count) {
        rt_text_append(report, "kernel '%s' takes %d argument%s (", facts->name,
                       facts->param_count, facts->param_count == 1 ? "" : "s");
        for (int i = 0; i < facts->param_count; i++)
            rt_text_append(report, "%s%s", i ? ", " : "", facts->params[i].name);
        rt_text_append(report, ") but %d %s given", nargs, nargs == 1 ? "was" : "were");
        return PYK_ERROR_ARGUMENT_MISMATCH;
    }
    int count = 0;
    for (int i = 0; i < nargs; i++)
        check_arg(facts, i, ctx, &args[i], report, &count);
    return count ? PYK_ERROR_ARGUMENT_MISMATCH : PYK_OK;
}

/* Appends one argument's parameters (tuples member by member, a complex
 * as its two parts) at *n; false with the report written when they do not
 * fit or an argument is neither an array, a tuple nor a scalar. */
static bool flatten_arg(const pyk_arg *arg, int depth, uint64_t *slots, void **params, int *n,
                        const char *kernel_name, int index, RtText *report)
{
    if (arg->members) {
        if (depth >= RT_FACTS_MAX_TUPLE_DEPTH || arg->member_count < 0) {
            rt_text_append(report, "kernel '%s': argument %d %s", kernel_name, index + 1,
                           arg->member_count < 0 ? "is a tuple of a negative member count"
                                                 : "nests tuples more than 16 deep");
            return false;
        }
        for (int i = 0; i < arg->member_count; i++)
            if (!flatten_arg(&arg->members[i], depth + 1, slots, params, n, kernel_name, index, report))
                return false;
        return true;
    }
    const pyk_array *a = arg->array;
    bool complex = !a && (arg->dtype == PYK_COMPLEX64 || arg->dtype == PYK_COMPLEX128);
    int need = a ? 1 + 2 * a->ndim : complex ? 2 : 1;
    if (*n + need > RT_MAX_PARAM_SLOTS) {
        rt_text_append(report, "kernel '%s': the arguments need more than %d parameters", kernel_name,
                       RT_MAX_PARAM_SLOTS);
        return false;
    }
    uint64_t *slot = &slots[*n];
    if (a) {
        slot[0] = (uint64_t)a->pointer;
        for (int d = 0; d < a->ndim; d++) {
            slot[1 + d] = (uint64_t)a->shape[d];
            slot[1 + a->ndim + d] = (uint64_t)a->strides[d];
        }
    } else {
        if (!arg->dtype || !pyk_dtype_size(arg->dtype)) {
            rt_text_append(report, "kernel '%s': argument %d %s neither an array, a tuple nor a "
                           "scalar (a NULL array?)", kernel_name, index + 1,
                           depth ? "holds a member that is" : "is");
            return false;
        }
        /* a complex is two parameters, its real then its imaginary part */
        size_t part = pyk_dtype_size(arg->dtype) / (size_t)need;
        for (int k = 0; k < need; k++) {
            slot[k] = 0;
            memcpy(&slot[k], (const char *)&arg->value + (size_t)k * part, part);
        }
    }
    for (int k = 0; k < need; k++)
        params[*n + k] = &slot[k];
    *n += need;
    return true;
}

int rt_flatten_args(const pyk_arg *args, int nargs, uint64_t *slots, void **params,
                    const char *kernel_name, RtText *report)
{
    int n = 0;
    for (int i = 0; i < nargs; i++)
        if (!flatten_arg(&args[i], 0, slots, params, &n, kernel_name, i, report))
            return -1;
    return n;
}
