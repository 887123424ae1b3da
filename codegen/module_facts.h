/* What code generation learns about a module that the typed tree does not
 * say: each entry's static shared memory, and (with --check) the check
 * sites. cg_compile fills a CgModuleFacts when CgOptions.facts points to
 * one; `pykc compile --emit=json` (driver/emit_json.c) writes it out
 * together with the launch facts, so nothing has to read the PTX again. */
#ifndef PYKC_CODEGEN_MODULE_FACTS_H
#define PYKC_CODEGEN_MODULE_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"

/* One check site, as the "// pykc.check" line says it (docs/abi.md). */
typedef struct CgSiteFacts {
    int id;
    const char *function;     /* the entry's (or device function's) PTX name */
    bool in_kernel;
    int line, col, ndim;
    const char *array;        /* the array expression as written, one line */
} CgSiteFacts;

typedef struct CgEntryFacts {
    const char *entry;        /* the .entry's name */
    int64_t static_shared_bytes;  /* its .shared variables and its callees', each
                                     placed at its alignment */
    bool dynamic_shared;      /* it uses the extern (dynamic) shared array */
} CgEntryFacts;

typedef struct CgModuleFacts {
    Arena *arena;             /* the caller's: where every text is copied */
    const char *check_source; /* NULL: no check sites */
    CgSiteFacts *sites;
    int site_count;
    CgEntryFacts *entries;    /* in the module's order */
    int entry_count;
} CgModuleFacts;

/* The facts of entry `name`, or NULL (no such entry). */
const CgEntryFacts *cg_module_facts_entry(const CgModuleFacts *facts, const char *name);

#endif
