/* pykrt.h: the C runtime of pykc (libpykrt). Loads the PTX that pykc writes,
 * moves arrays between host and device, and launches kernels with their
 * arguments and launch configuration checked before the driver sees them.
 *
 * Conventions that hold for every function below:
 * - Every fallible function returns a pyk_status. PYK_OK is 0; anything else
 *   is an error, and pyk_last_error(ctx) then describes it in one or more
 *   lines of English (what, which kernel/parameter, how much, how to fix).
 * - Handles are opaque. A function that creates one stores it in its last
 *   parameter (`**out`) and only on success; on every failure, a NULL
 *   context or handle included, *out is set to NULL (when `out` is not
 *   NULL itself). Other out-parameters get their empty value on failure:
 *   0 for counts, sizes and times, a zeroed pyk_param_info.
 * - A call given a NULL context, or a NULL handle where one is required,
 *   returns PYK_ERROR_INVALID_ARGUMENT and, having no context to own the
 *   message, leaves it for pyk_last_error(NULL): "FUNCTION: the context is
 *   NULL" ("pyk_launch: the kernel is NULL", ...).
 *   The caller owns what it creates and releases it with the matching
 *   destroy/free/unload function; those accept NULL and do nothing then.
 * - A context, and every object made from it, must be used by one thread at
 *   a time (like an SQLite connection): the context owns the error message.
 *   Different contexts may be used from different threads concurrently.
 * - The library never prints and never exits. The only process-wide state is
 *   the CUDA driver, loaded once with dlopen("libcuda.so.1") by the first
 *   pyk_init (libpykrt has no link-time dependency on libcuda).
 * - Arrays follow pykc's kernel ABI (docs/abi.md): a data pointer, a shape
 *   and strides counted in ELEMENTS (not bytes), all int64.
 */
#ifndef PYKRT_H
#define PYKRT_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h> /* bool: the host type of bool arrays and scalars */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libpykrt.so; everything else in the library is hidden. */
#if defined(PYKRT_BUILDING) && defined(__GNUC__)
#define PYKRT_API __attribute__((visibility("default")))
#else
#define PYKRT_API
#endif

#define PYKRT_VERSION_MAJOR 0
/* 0.2: tuple arguments (pyk_arg and pyk_param_info grew), cooperative
 * launches, complex64/complex128 (dtypes appended, pyk_arg's value grew). */
/* 0.3: interop with CUDA runtime code (pyk_init_current, pyk_stream_wrap,
 * pyk_stream_handle). */
#define PYKRT_VERSION_MINOR 3
/* The kernel calling convention this runtime implements (docs/abi.md). */
#define PYKRT_ABI_VERSION 1
/* Casts that C and C++ both accept without a warning (C++'s
 * -Wold-style-cast): the generated headers and the inline functions below
 * use them. */
#ifdef __cplusplus
#define PYK_STATIC_CAST(T, x) (static_cast<T>(x))
#define PYK_REINTERPRET_CAST(T, x) (reinterpret_cast<T>(x))
#else
#define PYK_STATIC_CAST(T, x) ((T)(x))
#define PYK_REINTERPRET_CAST(T, x) ((T)(x))
#endif
/* Most dimensions an array may have: pykc's limit too (Numba has none of
 * its own). */
#define PYK_MAX_NDIM 8

/* ------------------------------------------------------------------------ */
/* Status and errors                                                          */

typedef enum pyk_status {
    PYK_OK = 0,
    PYK_ERROR_NO_DRIVER,         /* libcuda.so.1 missing, or too old (an entry point absent) */
    PYK_ERROR_NO_DEVICE,         /* no CUDA device, or the ordinal is out of range */
    PYK_ERROR_INVALID_ARGUMENT,  /* a NULL handle, a bad dtype/ndim/shape, ... (caller bug) */
    PYK_ERROR_OUT_OF_MEMORY,     /* device or pinned host allocation failed */
    PYK_ERROR_SIZE_MISMATCH,     /* a copy between buffers of different byte sizes */
    PYK_ERROR_IO,                /* a PTX file could not be read */
    PYK_ERROR_PTX_REJECTED,      /* the driver's JIT refused the PTX, or its launch facts are malformed */
    PYK_ERROR_NOT_FOUND,         /* no kernel of that name in the module */
    PYK_ERROR_LAUNCH_CONFIG,     /* grid/block/shared memory outside the device's or kernel's limits */
    PYK_ERROR_ARGUMENT_MISMATCH, /* arguments do not match the kernel's signature */
    PYK_ERROR_LAUNCH_FAILED,     /* a kernel faulted on the device (illegal address, trap, ...):
                                    the context is unusable from then on */
    PYK_ERROR_DRIVER,            /* any other error the CUDA driver reported */
    PYK_ERROR_CHECK_FAILED       /* checked mode (pykc compile --check): a kernel indexed an
                                    array out of bounds; the message names the file:line:col,
                                    array, index, extent, block and thread. The access was
                                    skipped and the context stays usable */
} pyk_status;

/* A static, never-NULL name for a status: "PYK_ERROR_NO_DRIVER". */
PYKRT_API const char *pyk_status_name(pyk_status status);

typedef struct pyk_context pyk_context;
typedef struct pyk_module pyk_module;
typedef struct pyk_kernel pyk_kernel;
typedef struct pyk_array pyk_array;
typedef struct pyk_stream pyk_stream;
typedef struct pyk_event pyk_event;

/* The message of the most recent call on `ctx` (or on an object made from
 * it) that failed. Owned by the context: valid until the next failing call
 * on that context or until it is destroyed. "no error" if none failed yet.
 * With ctx == NULL: the message of this thread's most recent failure that
 * no context could own (kept thread-locally): a failed pyk_init or
 * pyk_device_count, or a call given a NULL context or handle, whose message
 * names the function and what was NULL: "pyk_stream_create: the context is
 * NULL". Never returns NULL. */
PYKRT_API const char *pyk_last_error(const pyk_context *ctx);

/* ------------------------------------------------------------------------ */
/* Element types                                                              */

/* The dtypes of pykc's kernels, named as in Numba. 0 is no valid dtype, so
 * zero-initialised structures are caught. */
typedef enum pyk_dtype {
    PYK_BOOL = 1, /* 1 byte, 0 or 1 */
    PYK_INT8, PYK_INT16, PYK_INT32, PYK_INT64,
    PYK_UINT8, PYK_UINT16, PYK_UINT32, PYK_UINT64,
    PYK_FLOAT16, PYK_FLOAT32, PYK_FLOAT64,
    PYK_COMPLEX64,  /* 8 bytes: a float real part, then a float imaginary part */
    PYK_COMPLEX128, /* 16 bytes: two doubles, real then imaginary */
    PYK_BFLOAT16    /* 2 bytes: bfloat16 bit patterns (numba-cuda's __nv_bfloat16) */
} pyk_dtype;

/* The host types of complex64 and complex128 elements and scalars: the
 * real part, then the imaginary part, which is also the layout of C99's
 * float _Complex / double _Complex, C++'s std::complex<float> /
 * std::complex<double> and NumPy's complex64 / complex128 (a pointer to
 * an array of those may be cast to a pointer to these). */
typedef struct pyk_complex64 {
    float re, im;
} pyk_complex64;
typedef struct pyk_complex128 {
    double re, im;
} pyk_complex128;

static inline pyk_complex64 pyk_c64(float re, float im)
{ pyk_complex64 z; z.re = re; z.im = im; return z; }
static inline pyk_complex128 pyk_c128(double re, double im)
{ pyk_complex128 z; z.re = re; z.im = im; return z; }

/* Size in bytes of one element; 0 for an invalid dtype. */
PYKRT_API size_t pyk_dtype_size(pyk_dtype dtype);
/* Numba's spelling ("float32", "bool"); "invalid" for an invalid dtype. */
PYKRT_API const char *pyk_dtype_name(pyk_dtype dtype);

/* ------------------------------------------------------------------------ */
/* Contexts and devices                                                       */

/* Number of CUDA devices. Loads the driver if needed. On failure *count is 0
 * and pyk_last_error(NULL) says why (no driver, driver error). */
PYKRT_API pyk_status pyk_device_count(int *count);

/* Opens device `device` (an ordinal, 0 = first) by retaining its primary
 * context, the one the CUDA runtime and other libraries share, and reads the
 * device's properties once. The first call in a process loads libcuda.so.1
 * and calls cuInit. Several contexts may be open at once, on one device or
 * several. Errors: PYK_ERROR_NO_DRIVER ("CUDA driver library libcuda.so.1
 * not found: is the NVIDIA driver installed?"), PYK_ERROR_NO_DEVICE,
 * PYK_ERROR_INVALID_ARGUMENT (ctx NULL), PYK_ERROR_DRIVER, with the message
 * in pyk_last_error(NULL). Release with pyk_context_destroy. */
PYKRT_API pyk_status pyk_init(pyk_context **ctx, int device);

/* Opens the context current on the calling thread: the one the CUDA runtime
 * (cudart, cuBLAS, ...) or the caller's own driver code has made current,
 * so that pykc's kernels run beside theirs. The CUDA runtime uses each
 * device's primary context, which pyk_init retains too: after
 * cudaSetDevice(d) (or any runtime call on device d), pyk_init(&ctx, d) and
 * pyk_init_current(&ctx) give the same context. pyk_init_current also
 * takes a context the caller made with cuCtxCreate: that one is borrowed,
 * not retained, and must outlive the pyk_context. A primary context is
 * retained, and released by pyk_context_destroy, as pyk_init's is.
 * Destroying either kind leaves the thread's current context as it is
 * (pyk_context_destroy of a pyk_init context makes none current if its
 * was: prefer pyk_init_current beside CUDA runtime code).
 * Errors as pyk_init's, and PYK_ERROR_NO_DEVICE when no context is current
 * ("pyk_init_current: no CUDA context is current on this thread ...").
 * Since libpykrt 0.3. */
PYKRT_API pyk_status pyk_init_current(pyk_context **ctx);

/* Releases the primary context retained by pyk_init. Objects made from the
 * context (modules, arrays, streams, events) must be destroyed first; the
 * memory they hold is otherwise released with the primary context when its
 * last user lets go. NULL: no-op. */
PYKRT_API void pyk_context_destroy(pyk_context *ctx);

/* What the runtime checks launches against. Read once by pyk_init. */
typedef struct pyk_device_properties {
    int ordinal;
    char name[256];
    int compute_major, compute_minor;   /* compute capability, e.g. 9.0 */
    int sm_count;                       /* streaming multiprocessors */
    int warp_size;
    int max_threads_per_block;
    int max_block_dim[3];               /* x, y, z */
    int max_grid_dim[3];                /* x, y, z */
    size_t shared_mem_per_block;        /* without opt-in (48 KiB) */
    size_t shared_mem_per_block_optin;  /* the most one block may opt in to */
    size_t total_memory;                /* bytes of device memory */
    int cooperative_launch;             /* CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH: 1 if the
                                           device runs cooperative kernels (grid syncs) */
} pyk_device_properties;

/* The properties of the context's device; owned by the context. */
PYKRT_API const pyk_device_properties *pyk_context_properties(const pyk_context *ctx);

/* Waits for all work of the context, on every stream. A kernel fault that
 * happened meanwhile comes back as PYK_ERROR_LAUNCH_FAILED naming the kernel
 * launched last in this context. */
PYKRT_API pyk_status pyk_synchronize(pyk_context *ctx);

/* Checked mode. A module compiled with `pykc compile --check` bounds-checks
 * every array element access; the first out-of-bounds index of its
 * launches is recorded on the device, the access skipped (a load gives 0)
 * and the kernel goes on. The synchronising calls (pyk_synchronize,
 * pyk_stream_synchronize, pyk_event_synchronize and so pyk_event_elapsed_ms
 * and pyk_time_region, the synchronous pyk_copy_to_host) then read the
 * record of every checked module launched since the last read, reset it,
 * and return PYK_ERROR_CHECK_FAILED after doing their own work, with a
 * message like a compiler diagnostic:
 *   kernel.pyk:7:5: out-of-bounds index 1000 on axis 0 of array 'out'
 *   (extent 1000) in kernel 'add', block (3, 0, 0) thread (232, 0, 0)
 * and a second line saying how many more accesses were skipped. The
 * context stays usable. Modules without check sites cost nothing here.
 * (docs/runtime.md, "Checked mode"; the PTX format: docs/abi.md, "Check
 * sites".) */

/* ------------------------------------------------------------------------ */
/* Modules and kernels                                                        */

/* Loads PTX text (NUL-terminated) into the context, JIT-compiling it for the
 * device, and reads the launch facts lines pykc writes into it (docs/abi.md,
 * "Launch facts"). The text is copied as needed; the caller keeps ownership.
 * Errors: PYK_ERROR_PTX_REJECTED with the driver's JIT error log in the
 * message (or the line and column of a malformed launch-facts line),
 * PYK_ERROR_INVALID_ARGUMENT, PYK_ERROR_DRIVER. Unload with pyk_module_unload.
 * `ptx` may instead point to a cubin or fatbin (`pykc compile --emit=cubin`,
 * `--emit=fatbin`), told apart by their first bytes (ELF's \x7fELF, the
 * fatbin magic 0xBA55ED50) and loaded as they are, without a JIT where they
 * hold this GPU's SASS; their launch facts are read from the module's
 * __pykc_facts global (docs/abi.md, "Launch facts in a cubin or fatbin"),
 * and a binary without one loads with no facts (unchecked launches). A
 * fatbin must be 8-byte aligned. A binary the GPU cannot run (no SASS for
 * it and no PTX) gives PYK_ERROR_PTX_REJECTED naming the GPU's compute
 * capability. */
PYKRT_API pyk_status pyk_module_load_ptx(pyk_context *ctx, const char *ptx, pyk_module **module);

/* Like pyk_module_load_ptx, with the PTX (or cubin, or fatbin) read from the
 * file at `path`. Errors as above, plus PYK_ERROR_IO when the file cannot be
 * read or is larger than 256 MiB (docs/limits.md). */
PYKRT_API pyk_status pyk_module_load_file(pyk_context *ctx, const char *path, pyk_module **module);

/* The module of PTX text `ptx`, loaded into the context on the first call
 * and cached there, keyed by the POINTER `ptx` (not its contents): later
 * calls with the same pointer return the same module without looking at
 * the text. Meant for PTX embedded in the program (the generated headers
 * of `pykc compile --emit=header`, PTX or a fatbin: any image
 * pyk_module_load_ptx takes), whose address is fixed; the text must
 * stay valid and unchanged while the context lives. The module is owned
 * by the context and unloaded by pyk_context_destroy: do not pass it to
 * pyk_module_unload. Errors: those of pyk_module_load_ptx (a failed load
 * is not cached: the next call tries again). */
PYKRT_API pyk_status pyk_context_module(pyk_context *ctx, const char *ptx, pyk_module **module);

/* Unloads the module; its kernels become invalid. Work already launched must
 * be finished (synchronise first). NULL: no-op. */
PYKRT_API void pyk_module_unload(pyk_module *module);

/* Finds kernel `name` (the Python function name). The kernel is owned by the
 * module (valid until pyk_module_unload) and looked up once: later calls
 * return the same handle. Error: PYK_ERROR_NOT_FOUND naming the kernels the
 * module's launch facts declare. */
PYKRT_API pyk_status pyk_module_kernel(pyk_module *module, const char *name, pyk_kernel **kernel);

/* The kernel's name, owned by the kernel. */
PYKRT_API const char *pyk_kernel_name(const pyk_kernel *kernel);

/* How a kernel parameter is declared (from the launch facts). */
typedef enum pyk_layout {
    PYK_LAYOUT_C = 1, /* C-contiguous (row-major), Numba's float32[:, ::1] */
    PYK_LAYOUT_F,     /* Fortran-contiguous (column-major), float32[::1, :] */
    PYK_LAYOUT_A      /* any strides, float32[:, :] */
} pyk_layout;

typedef struct pyk_param_info {
    const char *name;  /* Python parameter name, owned by the kernel */
    pyk_dtype dtype;   /* the scalar's type, or the array's element type; 0 for a tuple */
    int ndim;          /* 0 for a scalar or a tuple */
    pyk_layout layout; /* arrays only; 0 otherwise */
    int member_count;  /* a tuple: its number of members (1 or more); 0 otherwise */
    const char *type;  /* the type as the launch facts spell it, owned by the kernel:
                          "int64", "array(float32, 2d, C)", "UniTuple(int64 x 2)",
                          "Tuple(int32, array(float32, 1d, A))" */
} pyk_param_info;

/* Number of parameters the launch facts declare, or -1 when the PTX carries
 * no facts for this kernel (then launches are unchecked: see pyk_launch). */
PYKRT_API int pyk_kernel_param_count(const pyk_kernel *kernel);

/* Parameter `index` (0-based) of the kernel's signature. Errors:
 * PYK_ERROR_INVALID_ARGUMENT (index out of range, or no facts). */
PYKRT_API pyk_status pyk_kernel_param(const pyk_kernel *kernel, int index, pyk_param_info *info);

/* Most threads per block the kernel may be launched with: the device limit,
 * narrowed by the kernel's registers (as the driver reports) and by the
 * `maxntid` of its launch facts. */
PYKRT_API int pyk_kernel_max_threads(const pyk_kernel *kernel);

/* Bytes of static shared memory the kernel declares (cuda.shared.array of
 * constant size); dynamic shared memory comes on top of it. */
PYKRT_API size_t pyk_kernel_static_shared_bytes(const pyk_kernel *kernel);

/* A block size for 1-D launches that maximises occupancy (the driver's
 * occupancy calculator), given `dynamic_shared_bytes` per block, capped by
 * pyk_kernel_max_threads. Errors: PYK_ERROR_DRIVER. */
PYKRT_API pyk_status pyk_kernel_suggest_block_size(pyk_kernel *kernel, size_t dynamic_shared_bytes,
                                         int *block_size);

/* ------------------------------------------------------------------------ */
/* Device arrays and host buffers                                             */

/* Allocates an uninitialised C-contiguous device array. `shape` has `ndim`
 * (1..PYK_MAX_NDIM) non-negative extents; a 0-sized array allocates nothing.
 * Errors: PYK_ERROR_OUT_OF_MEMORY saying how many bytes were asked and how
 * many are free; PYK_ERROR_INVALID_ARGUMENT. Free with pyk_array_free. */
PYKRT_API pyk_status pyk_device_array(pyk_context *ctx, pyk_dtype dtype, int ndim, const int64_t *shape,
                            pyk_array **array);

/* pyk_device_array, then copies the C-contiguous host data (product of shape
 * times dtype size bytes from `host`) into it. Synchronous. */
PYKRT_API pyk_status pyk_to_device(pyk_context *ctx, const void *host, pyk_dtype dtype, int ndim,
                         const int64_t *shape, pyk_array **array);

/* As pyk_to_device, but the copy is queued on `stream` (NULL: the context's
 * default stream); `host` must stay valid and unchanged until the stream has
 * reached that point, and is only truly asynchronous if it is pinned
 * (pyk_host_alloc). */
PYKRT_API pyk_status pyk_to_device_async(pyk_context *ctx, const void *host, pyk_dtype dtype, int ndim,
                               const int64_t *shape, pyk_stream *stream, pyk_array **array);

/* Wraps device memory the caller owns (from another library, or a strided
 * view into a pyk_array) as a non-owning array: pyk_array_free frees the
 * handle only. `strides` in elements; NULL means C-contiguous. `pointer` is a
 * CUdeviceptr of the context's device, aligned to the dtype's size. */
PYKRT_API pyk_status pyk_array_wrap(pyk_context *ctx, uint64_t pointer, pyk_dtype dtype, int ndim,
                          const int64_t *shape, const int64_t *strides, pyk_array **array);

/* Frees the array (and its device memory if it owns it). Memory is freed
 * once all work queued before it has finished. NULL: no-op. */
PYKRT_API void pyk_array_free(pyk_array *array);

PYKRT_API pyk_dtype pyk_array_dtype(const pyk_array *array);
PYKRT_API int pyk_array_ndim(const pyk_array *array);
PYKRT_API const int64_t *pyk_array_shape(const pyk_array *array);   /* ndim extents, owned by the array */
PYKRT_API const int64_t *pyk_array_strides(const pyk_array *array); /* ndim strides in elements */
PYKRT_API int64_t pyk_array_size(const pyk_array *array);           /* number of elements */
PYKRT_API size_t pyk_array_nbytes(const pyk_array *array);          /* size * dtype size */
PYKRT_API uint64_t pyk_array_device_pointer(const pyk_array *array); /* the CUdeviceptr */
/* 1 if the elements are laid out C-contiguously (row-major, no gaps). */
PYKRT_API int pyk_array_is_c_contiguous(const pyk_array *array);

/* Copies the whole array to `host`, which holds exactly `host_bytes` bytes
 * (must equal pyk_array_nbytes: a different size is PYK_ERROR_SIZE_MISMATCH,
 * the seed's "copied only half" bug). Waits for the copy, and therefore for
 * the kernels before it on the default stream; a kernel fault is reported
 * here (PYK_ERROR_LAUNCH_FAILED). The array must be C-contiguous. */
PYKRT_API pyk_status pyk_copy_to_host(const pyk_array *array, void *host, size_t host_bytes);

/* Copies `host_bytes` bytes (must equal pyk_array_nbytes) from `host` into
 * the existing array. Synchronous. */
PYKRT_API pyk_status pyk_copy_from_host(pyk_array *array, const void *host, size_t host_bytes);

/* Copies `src` into `dst`, device to device: same dtype and shape, both
 * C-contiguous, same context. Ordered on the default stream. */
PYKRT_API pyk_status pyk_copy_device(pyk_array *dst, const pyk_array *src);

/* Asynchronous variants, queued on `stream` (NULL: the default stream).
 * Nothing is checked on the device until the stream is synchronised; the
 * host buffer must stay valid until then. */
PYKRT_API pyk_status pyk_copy_to_host_async(const pyk_array *array, void *host, size_t host_bytes,
                                  pyk_stream *stream);
PYKRT_API pyk_status pyk_copy_from_host_async(pyk_array *array, const void *host, size_t host_bytes,
                                    pyk_stream *stream);
PYKRT_API pyk_status pyk_copy_device_async(pyk_array *dst, const pyk_array *src, pyk_stream *stream);

/* Page-locked ("pinned") host memory, which asynchronous copies need to
 * overlap with kernels. Errors: PYK_ERROR_OUT_OF_MEMORY. Free with
 * pyk_host_free (NULL: no-op). */
PYKRT_API pyk_status pyk_host_alloc(pyk_context *ctx, size_t bytes, void **host);
PYKRT_API void pyk_host_free(pyk_context *ctx, void *host);

/* ------------------------------------------------------------------------ */
/* Streams, events and timing                                                 */

/* A stream orders work; work on different streams may overlap. NULL where a
 * pyk_stream * is expected means the context's default (legacy NULL)
 * stream, which synchronises with all other streams of the context. */
PYKRT_API pyk_status pyk_stream_create(pyk_context *ctx, pyk_stream **stream);
/* Waits for the stream's work. A kernel fault comes back as
 * PYK_ERROR_LAUNCH_FAILED naming the kernel launched last on the stream. */
PYKRT_API pyk_status pyk_stream_synchronize(pyk_stream *stream);
/* Destroys the stream once its queued work has finished. NULL: no-op. A
 * wrapped stream (pyk_stream_wrap): only the handle is freed. */
PYKRT_API void pyk_stream_destroy(pyk_stream *stream);
/* A pyk_stream over an existing CUstream of ctx's context: a cudaStream_t
 * is one (cast it to void *), so that pykc's kernels and copies queue on
 * the same stream as the caller's cuBLAS calls or CUDA C++ kernels. Not
 * owning: pyk_stream_destroy frees the handle only, and the CUstream must
 * outlive it. NULL is the context's legacy default stream (the same as
 * passing a NULL pyk_stream *). Errors: PYK_ERROR_INVALID_ARGUMENT when
 * the stream belongs to another context (cuStreamGetCtx), PYK_ERROR_DRIVER
 * when the driver cannot tell (not a stream, or destroyed). Since 0.3. */
PYKRT_API pyk_status pyk_stream_wrap(pyk_context *ctx, void *cu_stream, pyk_stream **stream);
/* The CUstream under a stream (created or wrapped), as a void * that casts
 * to CUstream or cudaStream_t: for handing a pykc stream to cuBLAS
 * (cublasSetStream) or to a CUDA C++ launch. NULL for NULL. */
PYKRT_API void *pyk_stream_handle(const pyk_stream *stream);

/* Events mark a point in a stream; two of them time what lies between. */
PYKRT_API pyk_status pyk_event_create(pyk_context *ctx, pyk_event **event);
PYKRT_API pyk_status pyk_event_record(pyk_event *event, pyk_stream *stream);
PYKRT_API pyk_status pyk_event_synchronize(pyk_event *event);
/* Milliseconds between two recorded events. Waits for `stop` first, so the
 * figure covers the work, not just its submission (the timing pitfall of
 * reading a host clock around an asynchronous launch). */
PYKRT_API pyk_status pyk_event_elapsed_ms(pyk_event *start, pyk_event *stop, float *ms);
PYKRT_API void pyk_event_destroy(pyk_event *event);

/* Times `region(user)` on `stream`: records an event, calls the region
 * (which queues work on that stream and returns a status), records a second
 * event, waits for it, and stores the device time between the two in *ms.
 * A region's failure is returned as is and *ms is then 0. */
typedef pyk_status (*pyk_region_fn)(void *user);
PYKRT_API pyk_status pyk_time_region(pyk_context *ctx, pyk_stream *stream, pyk_region_fn region,
                           void *user, float *ms);

/* ------------------------------------------------------------------------ */
/* Launching                                                                  */

typedef struct pyk_dim3 {
    unsigned x, y, z; /* 0 in y or z counts as 1; 0 in x is an error */
} pyk_dim3;

typedef struct pyk_launch_config {
    pyk_dim3 grid;               /* blocks */
    pyk_dim3 block;              /* threads per block */
    size_t dynamic_shared_bytes; /* cuda.shared.array(0, dtype)'s size */
    pyk_stream *stream;          /* NULL: the context's default stream */
} pyk_launch_config;

/* A configuration of ceil(n / block_size) blocks of block_size threads:
 * every one of the n elements gets a thread (the seed's "too few blocks"
 * launch cannot happen). block_size 0 picks 256. */
PYKRT_API pyk_launch_config pyk_config_1d(int64_t n, unsigned block_size);

/* A configuration for a kernel indexed by cuda.grid(dims), dims 2 or 3 (the
 * typed KERNEL_launch_2d/_3d of generated headers use it): a block of the
 * occupancy calculator's size (pyk_kernel_suggest_block_size) shaped
 * square-ish over the dims axes, x taking the larger power-of-two share
 * (256 threads: 16x16 in 2-D, 8x8x4 in 3-D; 512: 32x16; 128: 16x8). An
 * axis with a `limit` (non-zero; the launchers pass the kernel's blockmax
 * facts: a shared array sized for that many threads, as a tile is) gets
 * exactly that many threads, the other axes sharing the rest; no axis
 * exceeds the device's maximum. Then enough blocks that extent[a] threads
 * run along each axis a < dims (an extent of 0 or less: one block). No
 * dynamic shared memory, the default stream. On failure *config is
 * zeroed. Since 0.3. */
PYKRT_API pyk_status pyk_kernel_config_nd(pyk_kernel *kernel, int dims, const int64_t *extent,
                                          pyk_dim3 limit, pyk_launch_config *config);

/* *extent = the larger of *extent and the array's extent along dimension
 * `dim`; a NULL array, or one with no such dimension, changes nothing
 * (pyk_launch then reports it). For the typed nd launchers. */
static inline void pyk_cover_extent(int64_t *extent, const pyk_array *array, int dim);

/* One kernel argument, tagged with what it is: an array (`array` set), a
 * tuple (`members` set) or a scalar (`dtype` set). Build them with the
 * pyk_arg_* helpers below rather than by hand. */
typedef struct pyk_arg {
    pyk_dtype dtype;        /* a scalar's type; 0 for an array or a tuple */
    const pyk_array *array; /* non-NULL for an array argument */
    union {
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
        float f32;
        double f64;
        pyk_complex64 c64;
        pyk_complex128 c128;
    } value;
    const struct pyk_arg *members; /* non-NULL for a tuple argument: its members, in order */
    int member_count;
} pyk_arg;

static inline pyk_arg pyk_arg_array(const pyk_array *a)
{ pyk_arg r = {PYK_STATIC_CAST(pyk_dtype, 0), a, {0}, NULL, 0}; return r; }
/* A tuple parameter (UniTuple(int64, 2), Tuple((int32, float32)), nested
 * tuples) takes its members as pyk_args of their own, in order, one per
 * member: `members` is not copied and must stay valid until pyk_launch
 * returns (it reads them before the launch is queued):
 *     pyk_arg pair[] = {pyk_arg_i64(3), pyk_arg_i64(4)};
 *     pyk_arg args[] = {pyk_arg_array(out), pyk_arg_tuple(pair, 2)};
 * A member may itself be an array or a tuple. */
static inline pyk_arg pyk_arg_tuple(const pyk_arg *members, int count)
{ pyk_arg r = {PYK_STATIC_CAST(pyk_dtype, 0), NULL, {0}, members, count}; return r; }
static inline pyk_arg pyk_arg_bool(int v)
{ pyk_arg r = {PYK_BOOL, NULL, {0}, NULL, 0}; r.value.u8 = v ? 1 : 0; return r; }
static inline pyk_arg pyk_arg_i8(int8_t v)
{ pyk_arg r = {PYK_INT8, NULL, {0}, NULL, 0}; r.value.u8 = PYK_STATIC_CAST(uint8_t, v); return r; }
static inline pyk_arg pyk_arg_i16(int16_t v)
{ pyk_arg r = {PYK_INT16, NULL, {0}, NULL, 0}; r.value.u16 = PYK_STATIC_CAST(uint16_t, v); return r; }
static inline pyk_arg pyk_arg_i32(int32_t v)
{ pyk_arg r = {PYK_INT32, NULL, {0}, NULL, 0}; r.value.u32 = PYK_STATIC_CAST(uint32_t, v); return r; }
static inline pyk_arg pyk_arg_i64(int64_t v)
{ pyk_arg r = {PYK_INT64, NULL, {0}, NULL, 0}; r.value.u64 = PYK_STATIC_CAST(uint64_t, v); return r; }
static inline pyk_arg pyk_arg_u8(uint8_t v)
{ pyk_arg r = {PYK_UINT8, NULL, {0}, NULL, 0}; r.value.u8 = v; return r; }
static inline pyk_arg pyk_arg_u16(uint16_t v)
{ pyk_arg r = {PYK_UINT16, NULL, {0}, NULL, 0}; r.value.u16 = v; return r; }
static inline pyk_arg pyk_arg_u32(uint32_t v)
{ pyk_arg r = {PYK_UINT32, NULL, {0}, NULL, 0}; r.value.u32 = v; return r; }
static inline pyk_arg pyk_arg_u64(uint64_t v)
{ pyk_arg r = {PYK_UINT64, NULL, {0}, NULL, 0}; r.value.u64 = v; return r; }
/* float16 travels as its IEEE binary16 bit pattern. */
static inline pyk_arg pyk_arg_f16_bits(uint16_t bits)
{ pyk_arg r = {PYK_FLOAT16, NULL, {0}, NULL, 0}; r.value.u16 = bits; return r; }
static inline pyk_arg pyk_arg_f32(float v)
{ pyk_arg r = {PYK_FLOAT32, NULL, {0}, NULL, 0}; r.value.f32 = v; return r; }
static inline pyk_arg pyk_arg_f64(double v)
{ pyk_arg r = {PYK_FLOAT64, NULL, {0}, NULL, 0}; r.value.f64 = v; return r; }
/* A complex scalar, alone or as a tuple's member: the kernel receives it as
 * two parameters, its real then its imaginary part (docs/abi.md). */
static inline pyk_arg pyk_arg_c64(pyk_complex64 v)
{ pyk_arg r = {PYK_COMPLEX64, NULL, {0}, NULL, 0}; r.value.c64 = v; return r; }
static inline pyk_arg pyk_arg_c128(pyk_complex128 v)
{ pyk_arg r = {PYK_COMPLEX128, NULL, {0}, NULL, 0}; r.value.c128 = v; return r; }

/* Launches `kernel` with `nargs` arguments, one per Python parameter (a
 * tuple parameter takes one pyk_arg_tuple).
 * Before the driver is called, checks (each failure names the kernel and,
 * for arguments, the parameter; all argument violations are listed):
 * - the launch configuration: block and grid dimensions within the device's
 *   limits, threads per block within pyk_kernel_max_threads (the device,
 *   the kernel's registers, its `maxntid` fact), dynamic plus static shared
 *   memory within the device's opt-in maximum (PYK_ERROR_LAUNCH_CONFIG);
 * - what pykc derived from the kernel's source (PYK_ERROR_LAUNCH_CONFIG):
 *   blockDim along an axis within a shared array's room (`blockmax` facts),
 *   and gridDim * blockDim along an axis at least the extent a kernel
 *   handling one element per thread needs, read from the arrays' shapes or
 *   an integer argument (`covers` facts; checked after the arguments).
 *   A context made while the environment variable PYKRT_NO_DERIVED_CHECKS
 *   is set (and not "0") skips these two: for a user who knows better than
 *   the analysis;
 * - the arguments against the kernel's launch facts: their count, each
 *   scalar's exact dtype (no implicit conversion: pass pyk_arg_i64 to an
 *   int64 parameter), each array's dtype and ndim, and contiguity for
 *   parameters declared C or F, each tuple's member count and, member by
 *   member, the same (the message names a member by its path, "[1][0]")
 *   (PYK_ERROR_ARGUMENT_MISMATCH); arrays must belong to the kernel's
 *   context.
 * A kernel whose PTX carries no launch facts is launched unchecked: its
 * arguments are flattened per the ABI (an array becomes data, shape[ndim],
 * strides[ndim]; a complex its real and imaginary parts; a tuple its
 * members, in order) and only the configuration is checked.
 * A cooperative kernel (facts: cooperative=grid, a kernel that takes
 * cuda.cg.this_grid()) is launched with cuLaunchCooperativeKernel, after
 * checking that the device supports it (CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)
 * and that every block of the grid can be resident at once
 * (PYK_ERROR_LAUNCH_CONFIG naming the largest grid that can; see
 * pyk_kernel_max_cooperative_blocks).
 * Dynamic shared memory above the 48 KiB default is opted in to
 * automatically. The launch is asynchronous: faults on the device come back
 * from the next synchronising call (PYK_ERROR_LAUNCH_FAILED). */
PYKRT_API pyk_status pyk_launch(pyk_kernel *kernel, const pyk_launch_config *config, const pyk_arg *args,
                      int nargs);

/* pyk_module_kernel + pyk_launch: launches the kernel `name` of `module`. */
PYKRT_API pyk_status pyk_launch_by_name(pyk_module *module, const char *name,
                              const pyk_launch_config *config, const pyk_arg *args, int nargs);

/* The fast path for generated typed launchers, whose C types already
 * guarantee the signature: checks only the configuration (the device's and
 * the driver's limits and maxntid, not the blockmax and covers facts; for
 * a cooperative kernel, that its grid fits at once, as pyk_launch does),
 * then passes `params` (the ABI's flattened parameters, as cuLaunchKernel's
 * kernelParams) to the driver unchanged, through cuLaunchCooperativeKernel
 * for a cooperative kernel. */
PYKRT_API pyk_status pyk_launch_raw(pyk_kernel *kernel, const pyk_launch_config *config, void **params);

/* Cooperative kernels. A kernel that takes cuda.cg.this_grid() (its launch
 * facts say cooperative=grid) may wait at grid syncs, which only work when
 * every block of the grid is resident on the device at once: pyk_launch
 * launches it cooperatively and refuses a larger grid. */

/* 1 if the kernel's launch facts say it is cooperative (cooperative=grid),
 * else 0 (also for a kernel without facts, or NULL). */
PYKRT_API int pyk_kernel_is_cooperative(const pyk_kernel *kernel);

/* The most blocks a cooperative launch of `kernel` may have with blocks of
 * `block` (its x * y * z threads; 0 in y or z counts as 1) and
 * `dynamic_shared_bytes` of dynamic shared memory, on this context's
 * device: the blocks one multiprocessor holds at once (the driver's
 * cuOccupancyMaxActiveBlocksPerMultiprocessor) times the device's
 * multiprocessors; what Numba's
 * kernel.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize)
 * gives. Any kernel may be asked. *blocks is 0 when no such block can run
 * at all (more threads than pyk_kernel_max_threads, more shared memory
 * than the device has). The device must also support cooperative launches
 * (pyk_device_properties.cooperative_launch) for the number to be of use.
 * May opt the kernel in to the dynamic shared memory asked, as a launch
 * would. Errors: PYK_ERROR_INVALID_ARGUMENT (NULL, a block of no thread),
 * PYK_ERROR_DRIVER. */
PYKRT_API pyk_status pyk_kernel_max_cooperative_blocks(pyk_kernel *kernel, pyk_dim3 block,
                                                       size_t dynamic_shared_bytes, unsigned *blocks);

/* ------------------------------------------------------------------------ */
/* Typed array handles                                                        */

/* One distinct handle type per dtype, so that the typed launchers of the
 * generated headers (`pykc compile --emit=header`) only accept arrays of the
 * dtype each parameter declares: passing a pyk_array_f64 * where a
 * pyk_array_f32 * is expected is a compile-time error in C++, and in C an
 * incompatible-pointer-types diagnostic (an error with GCC 14 and Clang 16
 * on, and with -Werror or -Werror=incompatible-pointer-types before).
 * A typed handle IS the untyped pyk_array underneath: pyk_untyped_SFX
 * views it as one (no copy), pyk_as_SFX checks the dtype the other way.
 * For each suffix SFX and host element type T below:
 *
 *   pyk_status pyk_device_array_SFX(ctx, int ndim, const int64_t *shape,
 *                                   pyk_array_SFX **out);
 *   pyk_status pyk_to_device_SFX(ctx, const T *host, int ndim,
 *                                const int64_t *shape, pyk_array_SFX **out);
 *   pyk_status pyk_to_device_async_SFX(ctx, const T *host, int ndim,
 *                                      const int64_t *shape, pyk_stream *stream,
 *                                      pyk_array_SFX **out);
 *   pyk_status pyk_copy_to_host_SFX(const pyk_array_SFX *a, T *host, int64_t count);
 *   pyk_status pyk_copy_from_host_SFX(pyk_array_SFX *a, const T *host, int64_t count);
 *       (count: elements in the host buffer; must equal pyk_array_size)
 *   pyk_array *pyk_untyped_SFX(pyk_array_SFX *a);
 *   const pyk_array *pyk_untyped_const_SFX(const pyk_array_SFX *a);
 *   pyk_array_SFX *pyk_as_SFX(pyk_array *a);   NULL if a is NULL or of another dtype
 *   void pyk_array_free_SFX(pyk_array_SFX *a);
 *
 *   SFX   dtype         T (host element)
 *   bool  PYK_BOOL      bool (one byte, 0 or 1)
 *   i8    PYK_INT8      int8_t        u8   PYK_UINT8    uint8_t
 *   i16   PYK_INT16     int16_t       u16  PYK_UINT16   uint16_t
 *   i32   PYK_INT32     int32_t       u32  PYK_UINT32   uint32_t
 *   i64   PYK_INT64     int64_t       u64  PYK_UINT64   uint64_t
 *   f16   PYK_FLOAT16   uint16_t (IEEE binary16 bit patterns)
 *   f32   PYK_FLOAT32   float         f64  PYK_FLOAT64  double
 *   c64   PYK_COMPLEX64 pyk_complex64 c128 PYK_COMPLEX128 pyk_complex128
 *   bf16  PYK_BFLOAT16  uint16_t (bfloat16 bit patterns: a float's top half)
 *
 * The functions are static inline over the untyped API: errors, ownership
 * and messages are those of the functions they call.
 *
 * In C, GCC and Clang only warn about incompatible pointer types before
 * GCC 14 / Clang 16, so that the promise "a wrong dtype does not compile"
 * holds everywhere, this header makes that diagnostic an error for the
 * translation units that include it. Define PYK_ALLOW_INCOMPATIBLE_POINTERS
 * before including it to keep the compiler's own setting. */
#if !defined(__cplusplus) && defined(__GNUC__) && !defined(PYK_ALLOW_INCOMPATIBLE_POINTERS)
#pragma GCC diagnostic error "-Wincompatible-pointer-types"
#endif
#define PYK_TYPED_ARRAY(SFX, T, DTYPE)                                                           \
    typedef struct pyk_array_##SFX pyk_array_##SFX;                                              \
    static inline pyk_array *pyk_untyped_##SFX(pyk_array_##SFX *a)                               \
    { return PYK_REINTERPRET_CAST(pyk_array *, a); }                                             \
    static inline const pyk_array *pyk_untyped_const_##SFX(const pyk_array_##SFX *a)             \
    { return PYK_REINTERPRET_CAST(const pyk_array *, a); }                                       \
    static inline pyk_array_##SFX *pyk_as_##SFX(pyk_array *a)                                    \
    { return a && pyk_array_dtype(a) == (DTYPE) ? PYK_REINTERPRET_CAST(pyk_array_##SFX *, a)     \
                                               : NULL; }                                         \
    static inline pyk_status pyk_device_array_##SFX(pyk_context *ctx, int ndim,                  \
                                                    const int64_t *shape, pyk_array_##SFX **out) \
    {                                                                                            \
        pyk_array *a = NULL;                                                                     \
        pyk_status s = pyk_device_array(ctx, (DTYPE), ndim, shape, out ? &a : NULL);             \
        if (out) *out = PYK_REINTERPRET_CAST(pyk_array_##SFX *, a);                              \
        return s;                                                                                \
    }                                                                                            \
    static inline pyk_status pyk_to_device_##SFX(pyk_context *ctx, const T *host, int ndim,      \
                                                 const int64_t *shape, pyk_array_##SFX **out)    \
    {                                                                                            \
        pyk_array *a = NULL;                                                                     \
        pyk_status s = pyk_to_device(ctx, host, (DTYPE), ndim, shape, out ? &a : NULL);          \
        if (out) *out = PYK_REINTERPRET_CAST(pyk_array_##SFX *, a);                              \
        return s;                                                                                \
    }                                                                                            \
    static inline pyk_status pyk_to_device_async_##SFX(pyk_context *ctx, const T *host,          \
                                                       int ndim, const int64_t *shape,           \
                                                       pyk_stream *stream,                       \
                                                       pyk_array_##SFX **out)                    \
    {                                                                                            \
        pyk_array *a = NULL;                                                                     \
        pyk_status s = pyk_to_device_async(ctx, host, (DTYPE), ndim, shape, stream,              \
                                           out ? &a : NULL);                                     \
        if (out) *out = PYK_REINTERPRET_CAST(pyk_array_##SFX *, a);                              \
        return s;                                                                                \
    }                                                                                            \
    static inline pyk_status pyk_copy_to_host_##SFX(const pyk_array_##SFX *a, T *host,           \
                                                    int64_t count)                               \
    {                                                                                            \
        return pyk_copy_to_host(PYK_REINTERPRET_CAST(const pyk_array *, a), host,                \
                                count < 0 ? PYK_STATIC_CAST(size_t, -1)                          \
                                  : PYK_STATIC_CAST(size_t, count) * sizeof(T));                 \
    }                                                                                            \
    static inline pyk_status pyk_copy_from_host_##SFX(pyk_array_##SFX *a, const T *host,         \
                                                      int64_t count)                             \
    {                                                                                            \
        return pyk_copy_from_host(PYK_REINTERPRET_CAST(pyk_array *, a), host,                    \
                                  count < 0 ? PYK_STATIC_CAST(size_t, -1)                        \
                                    : PYK_STATIC_CAST(size_t, count) * sizeof(T));               \
    }                                                                                            \
    static inline void pyk_array_free_##SFX(pyk_array_##SFX *a)                                  \
    { pyk_array_free(PYK_REINTERPRET_CAST(pyk_array *, a)); }

PYK_TYPED_ARRAY(bool, bool, PYK_BOOL)
PYK_TYPED_ARRAY(i8, int8_t, PYK_INT8)
PYK_TYPED_ARRAY(i16, int16_t, PYK_INT16)
PYK_TYPED_ARRAY(i32, int32_t, PYK_INT32)
PYK_TYPED_ARRAY(i64, int64_t, PYK_INT64)
PYK_TYPED_ARRAY(u8, uint8_t, PYK_UINT8)
PYK_TYPED_ARRAY(u16, uint16_t, PYK_UINT16)
PYK_TYPED_ARRAY(u32, uint32_t, PYK_UINT32)
PYK_TYPED_ARRAY(u64, uint64_t, PYK_UINT64)
PYK_TYPED_ARRAY(f16, uint16_t, PYK_FLOAT16)
PYK_TYPED_ARRAY(f32, float, PYK_FLOAT32)
PYK_TYPED_ARRAY(f64, double, PYK_FLOAT64)
PYK_TYPED_ARRAY(c64, pyk_complex64, PYK_COMPLEX64)
PYK_TYPED_ARRAY(c128, pyk_complex128, PYK_COMPLEX128)
PYK_TYPED_ARRAY(bf16, uint16_t, PYK_BFLOAT16)

static inline void pyk_cover_extent(int64_t *extent, const pyk_array *array, int dim)
{
    const int64_t *shape = pyk_array_shape(array);
    if (shape && dim >= 0 && dim < pyk_array_ndim(array) && shape[dim] > *extent)
        *extent = shape[dim];
}

#ifdef __cplusplus
}
#endif
#endif /* PYKRT_H */
