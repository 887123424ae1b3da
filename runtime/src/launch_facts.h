/* Launch facts: the signature and launch constraints of each kernel, which
 * pykc writes into the PTX as one comment line per kernel
 *     // pykc.kernel vecadd(x: array(float32, 1d, C), n: int64) maxntid=256
 *     // pykc.kernel add(out: array(float32, 1d, C)) covers.x=out.shape[0],out,7
 *     // pykc.kernel rows(m: array(int32, 2d, C)) cooperative=grid
 * (format: docs/abi.md, "Launch facts"). This parser is pure (no driver):
 * module.c runs it over a module's PTX when it loads, the launch checks read
 * its results, and tests/runtime unit-tests it without a GPU. */
#ifndef RT_LAUNCH_FACTS_H
#define RT_LAUNCH_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "pykrt.h"
#include "text.h"

#define RT_FACTS_PREFIX "// pykc.kernel "

/* The most a tuple parameter may nest and hold (docs/abi.md): more is a
 * malformed line, so that a line cannot make the parser allocate without
 * bound. pykc writes no facts for such a kernel. */
#define RT_FACTS_MAX_TUPLE_DEPTH 16
#define RT_FACTS_MAX_TUPLE_VALUES 512   /* scalars and arrays, tuples flattened */

/* A parameter, or a member of a tuple parameter. */
typedef struct RtParamFacts {
    char *name;        /* NULL for a tuple's member */
    pyk_dtype dtype;   /* scalar type, or array element type; 0 for a tuple */
    int ndim;          /* 0: scalar or tuple */
    pyk_layout layout; /* arrays: C, F or A; otherwise 0 */
    int member_count;  /* a tuple: its members, 1 or more; 0 otherwise */
    struct RtParamFacts *members;
    char *type;        /* a parameter's type as spelled (pyk_param_info); NULL for members */
} RtParamFacts;

/* blockmax.AXIS=N,ARRAY,LINE: the kernel is correct only for blocks of at
 * most N threads along AXIS, because shared array ARRAY, indexed by the
 * thread index at source line LINE, has room for no more. */
typedef struct RtBlockMax {
    int axis;     /* 0: x, 1: y, 2: z */
    unsigned max; /* most threads per block along the axis */
    char *array;  /* the shared array's name in the source */
    int line;
} RtBlockMax;

/* covers.AXIS=EXTENT,ARRAY,LINE: one element per thread along AXIS (an index
 * from cuda.grid, no grid-stride loop), so a launch needs at least EXTENT
 * threads along AXIS (gridDim * blockDim). EXTENT is PARAM.shape[K] or the
 * value of the integer scalar PARAM. */
typedef struct RtCovers {
    int axis;    /* 0: x, 1: y, 2: z */
    int param;   /* index of PARAM in the kernel's parameters */
    int dim;     /* K of PARAM.shape[K]; -1: PARAM is an integer scalar */
    char *array; /* the array indexed one element per thread */
    int line;
} RtCovers;

typedef struct RtKernelFacts {
    char *name;
    int param_count;
    RtParamFacts *params;
    int maxntid; /* most threads per block pykc allows; 0: no constraint */
    int blockmax_count;
    RtBlockMax *blockmax;
    int covers_count;
    RtCovers *covers;
    bool cooperative; /* cooperative=grid: it syncs its grid, so it is launched with
                         cuLaunchCooperativeKernel and its blocks must fit at once */
} RtKernelFacts;

typedef struct RtModuleFacts {
    int count;
    RtKernelFacts *kernels;
} RtModuleFacts;

/* Parses one facts line (`line`, `len` bytes, no newline; it starts with
 * RT_FACTS_PREFIX). On success fills *facts (free with rt_kernel_facts_free)
 * and returns true; on failure writes "column C: what was expected" into
 * `error` and returns false, leaving nothing to free. */
bool rt_facts_parse_line(const char *line, size_t len, RtKernelFacts *facts, char *error,
                         size_t error_cap);

/* Parses every facts line of a PTX text. Returns false on the first
 * malformed line, or on two lines for one kernel, with "line L, column C:
 * ..." in `error`; *facts is then empty. A PTX without facts lines gives an
 * empty table. Allocation failure is reported as an error too. */
bool rt_facts_parse_module(const char *ptx, RtModuleFacts *facts, char *error, size_t error_cap);

/* The facts of kernel `name`, or NULL. */
const RtKernelFacts *rt_facts_find(const RtModuleFacts *facts, const char *name);

void rt_kernel_facts_free(RtKernelFacts *facts);
void rt_module_facts_free(RtModuleFacts *facts);

/* launch_facts_type.c: a parameter's type. rt_facts_parse_type reads one
 * at the cursor into *out (all but its name), returning false with the
 * cursor's error set and nothing allocated on failure. */
bool rt_facts_parse_type(RtCursor *c, RtParamFacts *out);

/* Frees a parameter's name, type text and members (recursively). */
void rt_param_facts_free(RtParamFacts *param);

/* A parameter's type as the facts line spells it ("array(float32, 1d, C)",
 * "int64", "UniTuple(int64 x 2)", "Tuple(int32, float32)"), written into
 * `buffer` (cut short with "..." if it does not fit), or malloc'd whole
 * (rt_param_type_text; NULL when out of memory). */
const char *rt_param_type_name(const RtParamFacts *param, char *buffer, size_t cap);
char *rt_param_type_text(const RtParamFacts *param);

/* The dtype Numba spells `name` (length `len`), or 0. */
pyk_dtype rt_dtype_from_name(const char *name, size_t len);

#endif
