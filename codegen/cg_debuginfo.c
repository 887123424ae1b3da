/* Line tables, for lineinfo=True (one function) or --lineinfo (every
 * function): the PTX gets `.file` naming the .pyk file and `.loc file line
 * col` before the instructions of each statement, which profilers and
 * compute-sanitizer map back to the source, as nvcc -lineinfo and Numba's
 * lineinfo=True give. No variables, types or scopes: only lines.
 *
 * Made with LLVM's DIBuilder: one compile unit for the module (made at the
 * first function that needs it), a DISubprogram per such function, and the
 * builder's debug location moved to each statement as cg_stmt.c lowers it
 * (every instruction cg->b builds takes the current location). */
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "cg_internal.h"

/* DICompileUnit::DebugDirectivesOnly, which llvm-c's LLVMDWARFEmissionKind
 * does not name (the C API passes the value through): the NVPTX back end
 * then emits only .file and .loc, as nvcc -lineinfo does, where
 * LineTablesOnly would add .debug_info and .debug_abbrev sections. */
#define EMISSION_DEBUG_DIRECTIVES_ONLY ((LLVMDWARFEmissionKind)3)

/* NVPTX's DWARF, as clang's CUDA device code uses. */
enum { DWARF_VERSION = 2 };

struct CgDebug {
    LLVMDIBuilderRef builder;
    LLVMMetadataRef file;
    LLVMMetadataRef scope;      /* the current function's subprogram, or NULL */
};

static void add_flag(Cg *cg, const char *name, unsigned value)
{
    LLVMMetadataRef v = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(cg->ctx), value, false));
    LLVMAddModuleFlag(cg->mod, LLVMModuleFlagBehaviorWarning, name, strlen(name), v);
}

/* The compile unit, over the file that `root` is (its name as given). */
static CgDebug *require(Cg *cg, const Source *root)
{
    if (cg->debug)
        return cg->debug;
    CgDebug *d = cg->debug = ARENA_NEW(&cg->arena, CgDebug);
    d->builder = LLVMCreateDIBuilder(cg->mod);
    const char *path = root->name;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dir_len = slash ? (size_t)(slash - path) : 0;
    d->file = LLVMDIBuilderCreateFile(d->builder, base, strlen(base), path, dir_len);
    bool optimized = cg->options->opt_level > 0;
    LLVMDIBuilderCreateCompileUnit(d->builder, LLVMDWARFSourceLanguagePython, d->file, "pykc",
                                   strlen("pykc"), optimized, "", 0, 0, "", 0,
                                   EMISSION_DEBUG_DIRECTIVES_ONLY, 0, false, false, "", 0, "", 0);
    add_flag(cg, "Debug Info Version", LLVMDebugMetadataVersion());
    add_flag(cg, "Dwarf Version", DWARF_VERSION);
    return d;
}

void cg_debug_begin_function(Cg *cg, FuncInfo *fi)
{
    if (!fi->jit.lineinfo && !cg->options->lineinfo)
        return;
    SourceLoc loc = source_locate(fi->def->span.src, fi->def->span.begin);
    CgDebug *d = require(cg, loc.root);
    LLVMMetadataRef type = LLVMDIBuilderCreateSubroutineType(d->builder, d->file, NULL, 0, LLVMDIFlagZero);
    size_t len = 0;
    const char *name = LLVMGetValueName2(cg->fn, &len);
    d->scope = LLVMDIBuilderCreateFunction(d->builder, d->file, name, len, name, len, d->file,
                                           (unsigned)loc.line, type, !fi->is_kernel, true,
                                           (unsigned)loc.line, LLVMDIFlagZero,
                                           cg->options->opt_level > 0);
    LLVMSetSubprogram(cg->fn, d->scope);
    cg_debug_at(cg, fi->def);
}

void cg_debug_at(Cg *cg, const Node *node)
{
    CgDebug *d = cg->debug;
    if (!d || !d->scope || !node->span.src)
        return;
    SourceLoc loc = source_locate(node->span.src, node->span.begin);
    LLVMMetadataRef at = LLVMDIBuilderCreateDebugLocation(cg->ctx, (unsigned)loc.line, (unsigned)loc.col,
                                                          d->scope, NULL);
    LLVMSetCurrentDebugLocation2(cg->b, at);
}

/* The next function must not inherit this one's locations. */
void cg_debug_end_function(Cg *cg)
{
    CgDebug *d = cg->debug;
    if (!d || !d->scope)
        return;
    LLVMSetCurrentDebugLocation2(cg->b, NULL);
    LLVMDIBuilderFinalizeSubprogram(d->builder, d->scope);
    d->scope = NULL;
}

void cg_debug_finish(Cg *cg)
{
    if (cg->debug)
        LLVMDIBuilderFinalize(cg->debug->builder);
}

void cg_debug_dispose(Cg *cg)
{
    if (cg->debug)
        LLVMDisposeDIBuilder(cg->debug->builder);
}
