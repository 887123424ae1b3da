/* Checked mode (`pykc compile --check`): the check sites pykc writes into
 * the PTX as comment lines
 *     // pykc.check_source kernel.pyk
 *     // pykc.check 2 kernel add 7:5 1 out
 * and the module's device-side record __pykc_check_record, where the first
 * out-of-bounds access of a launch is written (format and layout:
 * docs/abi.md, "Check sites"). The parser and the message are pure (no
 * driver) and unit-tested in tests/runtime/check_sites_test.c; the rest
 * reads the record at synchronisation points (context.c, stream.c,
 * array.c) for modules launched since the last read. */
#ifndef RT_CHECK_RECORD_H
#define RT_CHECK_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pykrt.h"

#define RT_CHECK_PREFIX "// pykc.check "
#define RT_CHECK_SOURCE_PREFIX "// pykc.check_source "
#define RT_CHECK_RECORD_NAME "__pykc_check_record"

/* The record's int64 words, in order (docs/abi.md). */
enum {
    RT_RECORD_STATE,    /* 0: no violation since the last read; 1: the rest is set */
    RT_RECORD_SITE,     /* the check site's number */
    RT_RECORD_INDEX,    /* the index after wraparound, as a signed int64 */
    RT_RECORD_EXTENT,   /* the extent of that axis */
    RT_RECORD_AXIS,     /* the axis (dimension) it indexed, 0-based */
    RT_RECORD_BLOCK_X,  /* blockIdx x, y, z */
    RT_RECORD_THREAD_X = RT_RECORD_BLOCK_X + 3, /* threadIdx x, y, z */
    RT_RECORD_COUNT = RT_RECORD_THREAD_X + 3,   /* violations counted, the first included */
    RT_RECORD_WORDS
};

typedef struct RtCheckSite {
    int id;
    bool in_kernel;   /* false: in a device function */
    char *function;   /* the kernel's entry name, or the device function's */
    int line, col;
    int ndim;
    char *array;      /* the array expression as written in the source */
} RtCheckSite;

typedef struct RtCheckSites {
    char *source;     /* the .pyk file, as pykc was given it; NULL: no sites */
    int count;
    RtCheckSite *sites;
} RtCheckSites;

/* Parses one `// pykc.check ` line (`len` bytes, no newline). On failure
 * writes "column C: what was expected" into `error`, returns false and
 * leaves nothing to free. */
bool rt_check_site_parse_line(const char *line, size_t len, RtCheckSite *site, char *error,
                              size_t error_cap);

/* Parses every check-site line of a PTX text. Returns false, with "line L,
 * column C: ..." in `error` and *sites empty, on a malformed line, two
 * sites of one number, two source lines, or sites without a source line.
 * A PTX without them gives count 0. */
bool rt_check_sites_parse(const char *ptx, RtCheckSites *sites, char *error, size_t error_cap);

const RtCheckSite *rt_check_site_find(const RtCheckSites *sites, int64_t id);
void rt_check_sites_free(RtCheckSites *sites);

/* The diagnostic for a record whose state is set, like a compiler's:
 * "kernel.pyk:7:5: out-of-bounds index 1000 on axis 0 of array 'out'
 * (extent 1000) in kernel 'add', block (3, 0, 0) thread (232, 0, 0)",
 * then a line saying that the access was skipped (and how many more). */
void rt_check_describe(const RtCheckSites *sites, const int64_t record[RT_RECORD_WORDS], char *out,
                       size_t cap);

/* A module's checked-mode state (in struct pyk_module). */
typedef struct RtModuleCheck {
    RtCheckSites sites;
    uint64_t record;        /* CUdeviceptr of __pykc_check_record; 0: not a checked module */
    bool launched;          /* a kernel of it was launched since the record was last read */
    pyk_module *next;       /* the context's list of checked modules */
} RtModuleCheck;

/* After the module's JIT load: finds its record and lists it in the
 * context, if the PTX has check sites (else nothing). */
pyk_status rt_check_module_attach(pyk_module *module);
/* Before unloading: takes it off the context's list; frees the sites. */
void rt_check_module_detach(pyk_module *module);

/* At a synchronisation that succeeded: reads (and resets) the record of
 * each checked module launched since the last read, and returns
 * PYK_ERROR_CHECK_FAILED with rt_check_describe's message for the first
 * one set (the others are read at the next synchronisation). Costs nothing
 * when no checked module was launched. */
pyk_status rt_check_collect(pyk_context *ctx);

#endif
