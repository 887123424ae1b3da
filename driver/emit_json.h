/* `pykc compile --emit=json` and `--metadata FILE`: the module's kernels as
 * JSON (schema in docs/abi.md, "Metadata"): per kernel its overloads' PTX
 * entry names, parameters (dtype, ndim, layout) and how each flattens into
 * PTX parameters, the launch facts, static shared memory, and with --check
 * the check sites. Made from sema's typed functions and codegen's module
 * facts (codegen/module_facts.h), never by reading the PTX back. */
#ifndef PYKC_DRIVER_EMIT_JSON_H
#define PYKC_DRIVER_EMIT_JSON_H

#include <stdbool.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../codegen/module_facts.h"
#include "../sema/sema.h"
#include "options.h"

/* The version of the JSON's schema: raised only when a field changes
 * meaning or goes away (new fields keep it). */
#define PYKC_METADATA_SCHEMA_VERSION 1

/* Writes the metadata of `module` (compiled with `options`, facts filled by
 * cg_compile) to `path` ("-": standard output). False after an error,
 * reported to diag. */
bool emit_json_write(Arena *arena, Diag *diag, const SemaModule *module, const Options *options,
                     const CgModuleFacts *facts, const char *path);

#endif
