/* The checks pyk_launch runs before calling the driver, as pure functions
 * over a kernel's launch facts, the arguments and the device's limits (no
 * driver call), so tests/runtime unit-tests them without a GPU. Each writes
 * its findings into an RtText and returns the status to report. */
#ifndef RT_LAUNCH_CHECK_H
#define RT_LAUNCH_CHECK_H

#include "rt.h"
#include "text.h"

/* What one kernel allows, besides the device's limits. */
typedef struct RtKernelLimits {
    const char *name;
    int function_max_threads;   /* CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK; 0: unknown */
    int facts_maxntid;          /* the facts' maxntid; 0: none */
    size_t static_shared_bytes; /* CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES */
} RtKernelLimits;

/* A looked-up kernel's limits (module.c). */
RtKernelLimits rt_kernel_limits(const pyk_kernel *kernel);

/* Most threads per block: the device's limit narrowed by the kernel's. */
int rt_kernel_thread_limit(const pyk_device_properties *device, const RtKernelLimits *kernel);

/* Grid and block dimensions against the device's and kernel's limits, the
 * block against the blockmax facts of `derived` (NULL: not checked, as for
 * pyk_launch_raw), and static + dynamic shared memory against the device's
 * opt-in maximum. Returns PYK_OK or PYK_ERROR_LAUNCH_CONFIG (every
 * violation listed). */
pyk_status rt_check_config(const pyk_device_properties *device, const RtKernelLimits *kernel,
                           const RtKernelFacts *derived, const pyk_launch_config *config,
                           RtText *report);

/* The covers facts: along each covered axis, gridDim * blockDim must reach
 * the extent, read from the arguments (an array's shape[K], an integer
 * scalar's value; an empty array or a negative value: nothing to check).
 * Run after rt_check_args accepted the arguments. Returns PYK_OK or
 * PYK_ERROR_LAUNCH_CONFIG (every shortfall listed). Costs a few compares per
 * covers fact when the launch passes. */
pyk_status rt_check_coverage(const RtKernelFacts *facts, const pyk_launch_config *config,
                             const pyk_arg *args, int nargs, RtText *report);

/* A cooperative kernel's launch (cooperative=grid in its facts): the device
 * must support cooperative launches, and every block of the grid must be
 * resident at once: at most `per_sm` blocks of this launch's block and
 * dynamic shared memory per multiprocessor (what the driver's occupancy
 * calculator says, cuOccupancyMaxActiveBlocksPerMultiprocessor) times the
 * device's multiprocessors. Returns PYK_OK or PYK_ERROR_LAUNCH_CONFIG,
 * whose report names the largest grid that fits. */
pyk_status rt_check_cooperative(const pyk_device_properties *device, const char *kernel,
                                const pyk_launch_config *config, int per_sm, RtText *report);

/* The arguments against the kernel's signature: count, scalar dtypes, array
 * dtype, ndim and contiguity, and that arrays belong to `ctx` (NULL: not
 * checked); a tuple's member count and its members alike, recursively.
 * Returns PYK_OK or PYK_ERROR_ARGUMENT_MISMATCH (the count error alone, or
 * every parameter that does not match, with the first member at fault of
 * a tuple). */
pyk_status rt_check_args(const RtKernelFacts *facts, const pyk_context *ctx, const pyk_arg *args,
                         int nargs, RtText *report);

/* Whether shape/strides (elements) describe a C- (row-major) or
 * F-contiguous (column-major) block without gaps; extents of 1 may have any
 * stride, and any empty array is contiguous. PYK_LAYOUT_A: always true. */
bool rt_is_contiguous(int ndim, const int64_t *shape, const int64_t *strides, pyk_layout layout);

/* Most 8-byte parameter slots one launch may use (PTX allows 4 KiB of
 * kernel parameters on every architecture pykc targets). */
#define RT_MAX_PARAM_SLOTS 512

/* Flattens arguments per the ABI into cuLaunchKernel's kernelParams: an
 * array gives data, shape[ndim], strides[ndim]; a scalar its value, in the
 * low bytes of its slot; a complex its real and imaginary parts, a slot
 * each; a tuple its members, in order. `slots` and `params` have
 * RT_MAX_PARAM_SLOTS entries. Returns the number of parameters, or -1
 * (with the report written) when the arguments need more slots, an
 * argument or member is neither an array, a tuple nor a scalar, or tuples
 * nest more than RT_FACTS_MAX_TUPLE_DEPTH deep. */
int rt_flatten_args(const pyk_arg *args, int nargs, uint64_t *slots, void **params,
                    const char *kernel_name, RtText *report);

#endif
