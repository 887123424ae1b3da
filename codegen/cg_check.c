/* Checked mode (pykc compile --check): every array element access tests
 * each index, after Numba's negative-index wraparound, against its extent
 * (0 <= i < extent, one unsigned comparison). A violation is not a trap:
 * the first one of a launch is written into the module's record
 * __pykc_check_record by __pykc_check_fail (a compare-and-swap on its
 * state word decides which thread's wins), the access is skipped (a skipped
 * load gives zero of its type) and the kernel goes on, so the context
 * survives and libpykrt reports the violation at the next synchronisation
 * like a compiler diagnostic. Each access is a numbered check site whose
 * static facts (function, line:col, array as written, ndim) travel in the
 * PTX as comment lines; the format and the record's layout are in
 * docs/abi.md, "Check sites"; runtime/src/check_record.c reads both.
 *
 * Without --check nothing here emits anything: the IR is unchanged. */
#include <stdlib.h>
#include <string.h>

#include "cg_internal.h"

/* The record's words (int64 each), as docs/abi.md lays them out. */
enum {
    RECORD_STATE, RECORD_SITE, RECORD_INDEX, RECORD_EXTENT, RECORD_AXIS,
    RECORD_BLOCK_X, RECORD_THREAD_X = RECORD_BLOCK_X + 3, RECORD_COUNT = RECORD_THREAD_X + 3,
    RECORD_WORDS
};

#define RECORD_NAME "__pykc_check_record"
#define FAIL_NAME "__pykc_check_fail"

typedef struct CgCheckSite {
    int id;
    const char *function;   /* the LLVM function: a kernel's entry name */
    bool in_kernel;
    int line, col, ndim;
    const char *array;      /* the array expression as written, one line */
    struct CgCheckSite *next;
} CgCheckSite;

/* An open guard: the failed test branches from `fail` to `join`. */
typedef struct CgCheckGuard {
    LLVMBasicBlockRef fail, join;   /* both NULL: nothing was tested */
    struct CgCheckGuard *outer;
} CgCheckGuard;

struct CgCheck {
    LLVMValueRef record;
    LLVMValueRef fail_fn;
    LLVMTypeRef fail_type;
    const char *source;             /* the .pyk file's name, as given */
    CgCheckSite *sites, **tail;
    int count;
    CgCheckGuard *guards;           /* innermost first */
    int depth;
};

static LLVMTypeRef i32_type(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }

static LLVMValueRef record_word(Cg *cg, LLVMBuilderRef b, int word)
{
    LLVMValueRef index = cg_const_i64(cg, word);
    return LLVMBuildInBoundsGEP2(b, cg_i64(cg), cg->check->record, &index, 1, "");
}

static LLVMValueRef read_sreg(Cg *cg, LLVMBuilderRef b, const char *reg, int axis)
{
    char name[64];
    snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[axis]);
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(cg->mod, id, NULL, 0);
    LLVMTypeRef fty = LLVMIntrinsicGetType(cg->ctx, id, NULL, 0);
    return LLVMBuildZExt(b, LLVMBuildCall2(b, fty, fn, NULL, 0, ""), cg_i64(cg), "");
}

/* void __pykc_check_fail(i32 site, i64 index, i64 extent, i32 axis):
 * counts the violation; the first thread to swap the state from 0 to 1
 * writes the rest. Out of line and cold: only failing accesses call it. */
static void define_fail_function(Cg *cg)
{
    CgCheck *c = cg->check;
    LLVMTypeRef i64 = cg_i64(cg), i32 = i32_type(cg);
    LLVMTypeRef params[4] = {i32, i64, i64, i32};
    c->fail_type = LLVMFunctionType(LLVMVoidTypeInContext(cg->ctx), params, 4, false);
    c->fail_fn = LLVMAddFunction(cg->mod, FAIL_NAME, c->fail_type);
    LLVMSetLinkage(c->fail_fn, LLVMInternalLinkage);
    cg_add_fn_attribute(cg, c->fail_fn, "noinline");
    cg_add_fn_attribute(cg, c->fail_fn, "cold");
    cg_add_fn_attribute(cg, c->fail_fn, "nounwind");

    LLVMBuilderRef b = LLVMCreateBuilderInContext(cg->ctx);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cg->ctx, c->fail_fn, "entry");
    LLVMBasicBlockRef write = LLVMAppendBasicBlockInContext(cg->ctx, c->fail_fn, "first");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(cg->ctx, c->fail_fn, "done");
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpAdd, record_word(cg, b, RECORD_COUNT), cg_const_i64(cg, 1),
                       LLVMAtomicOrderingMonotonic, false);
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(b, record_word(cg, b, RECORD_STATE), cg_const_i64(cg, 0),
                                               cg_const_i64(cg, 1), LLVMAtomicOrderingMonotonic,
                                               LLVMAtomicOrderingMonotonic, false);
    LLVMBuildCondBr(b, LLVMBuildExtractValue(b, pair, 1, "won"), write, done);

    LLVMPositionBuilderAtEnd(b, write);
    LLVMValueRef values[RECORD_COUNT] = {
        [RECORD_SITE] = LLVMBuildZExt(b, LLVMGetParam(c->fail_fn, 0), i64, ""),
        [RECORD_INDEX] = LLVMGetParam(c->fail_fn, 1),
        [RECORD_EXTENT] = LLVMGetParam(c->fail_fn, 2),
        [RECORD_AXIS] = LLVMBuildZExt(b, LLVMGetParam(c->fail_fn, 3), i64, ""),
    };
    for (int axis = 0; axis < 3; axis++) {
        values[RECORD_BLOCK_X + axis] = read_sreg(cg, b, "ctaid", axis);
        values[RECORD_THREAD_X + axis] = read_sreg(cg, b, "tid", axis);
    }
    for (int word = RECORD_SITE; word < RECORD_COUNT; word++)
        LLVMBuildStore(b, values[word], record_word(cg, b, word));
    LLVMBuildBr(b, done);
    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
}

/* The record (a visible global, so cuModuleGetGlobal finds it) and the
 * fail function, made at the module's first check site. */
static CgCheck *require(Cg *cg, const Node *at)
{
    if (cg->check)
        return cg->check;
    CgCheck *c = cg->check = ARENA_NEW(&cg->arena, CgCheck);
    c->tail = &c->sites;
    LLVMTypeRef ty = LLVMArrayType2(cg_i64(cg), RECORD_WORDS);
    c->record = LLVMAddGlobalInAddressSpace(cg->mod, ty, RECORD_NAME, CG_AS_GLOBAL);
    LLVMSetInitializer(c->record, LLVMConstNull(ty));
    LLVMSetAlignment(c->record, 8);
    c->source = at->span.src ? source_locate(at->span.src, at->span.begin).root->name : "?";
    define_fail_function(cg);
    return c;
}

/* The array expression's source text on one line (blanks collapsed). */
static const char *array_text(Cg *cg, const Node *array)
{
    const Source *src = array->span.src;
    if (!src || array->span.end <= array->span.begin)
        return "?";
    const char *text = src->text + array->span.begin;
    size_t len = array->span.end - array->span.begin;
    char *out = arena_alloc(&cg->arena, len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        bool blank = text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' ||
                     text[i] == '\\';
        if (!blank)
            out[n++] = text[i];
        else if (n > 0 && out[n - 1] != ' ')
            out[n++] = ' ';
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    return n ? out : "?";
}

static int add_site(Cg *cg, const Node *array, int ndim)
{
    CgCheck *c = require(cg, array);
    CgCheckSite *s = ARENA_NEW(&cg->arena, CgCheckSite);
    size_t len = 0;
    const char *fn = LLVMGetValueName2(cg->fn, &len);
    SourceLoc loc = array->span.src ? source_locate(array->span.src, array->span.begin)
                                    : (SourceLoc){NULL, 0, 0, 0};
    *s = (CgCheckSite){c->count++, arena_strndup(&cg->arena, fn, len), cg->func && cg->func->is_kernel,
                       loc.line, loc.col, ndim, array_text(cg, array), NULL};
    *c->tail = s;
    c->tail = &s->next;
    return s->id;
}

/* The conjunction of idx[k] < shape[k] (unsigned: a negative index left
 * after wraparound fails too) over the tested dimensions, each test in
 * oks[k]; NULL when no dimension is tested. */
static LLVMValueRef in_bounds(Cg *cg, LLVMValueRef arr, int ndim, LLVMValueRef *idx,
                              const bool *is_index, LLVMValueRef *oks)
{
    LLVMValueRef ok = NULL;
    for (int k = 0; k < ndim; k++) {
        oks[k] = NULL;
        if (is_index && !is_index[k])
            continue;
        oks[k] = LLVMBuildICmp(cg->b, LLVMIntULT, idx[k], cg_array_shape(cg, arr, k), "inb");
        ok = ok ? LLVMBuildAnd(cg->b, ok, oks[k], "inb") : oks[k];
    }
    return ok;
}

/* Branches on ok to ok_bb, or to a new block that records the first failing
 * dimension (the lowest axis whose test failed) and goes on to fail_to.
 * Returns that block; the builder is left nowhere (the caller enters). */
static LLVMBasicBlockRef branch_on(Cg *cg, const Node *array, LLVMValueRef arr, int ndim,
                                   LLVMValueRef *idx, LLVMValueRef *oks, LLVMValueRef ok,
                                   LLVMBasicBlockRef ok_bb, LLVMBasicBlockRef fail_to)
{
    int site = add_site(cg, array, ndim);
    LLVMBasicBlockRef fail = cg_block(cg, "check.fail");
    LLVMBuildCondBr(cg->b, ok, ok_bb, fail);
    cg_enter(cg, fail);
    LLVMValueRef index = NULL, extent = NULL, axis = NULL;
    for (int k = ndim - 1; k >= 0; k--) {
        if (!oks[k])
            continue;
        LLVMValueRef kth_extent = cg_array_shape(cg, arr, k);
        LLVMValueRef kth_axis = LLVMConstInt(i32_type(cg), (unsigned long long)k, false);
        if (!index) {
            index = idx[k], extent = kth_extent, axis = kth_axis;
            continue;
        }
        index = LLVMBuildSelect(cg->b, oks[k], index, idx[k], "");
        extent = LLVMBuildSelect(cg->b, oks[k], extent, kth_extent, "");
        axis = LLVMBuildSelect(cg->b, oks[k], axis, kth_axis, "");
    }
    LLVMValueRef args[4] = {LLVMConstInt(i32_type(cg), (unsigned long long)site, false), index, extent, axis};
    LLVMBuildCall2(cg->b, cg->check->fail_type, cg->check->fail_fn, args, 4, "");
    LLVMBuildBr(cg->b, fail_to);
    return fail;
}

CgCheckMark cg_check_mark(Cg *cg)
{
    return cg->check ? cg->check->depth : 0;
}

void cg_check_open(Cg *cg, const Node *array, LLVMValueRef arr, int ndim, LLVMValueRef *idx)
{
    if (!cg->options->check)
        return;
    CgCheck *c = require(cg, array);
    CgCheckGuard *g = ARENA_NEW(&cg->arena, CgCheckGuard);
    *g = (CgCheckGuard){NULL, NULL, c->guards};
    c->guards = g;
    c->depth++;
    LLVMValueRef *oks = ARENA_ARRAY(&cg->arena, LLVMValueRef, ndim + 1);
    LLVMValueRef ok = in_bounds(cg, arr, ndim, idx, NULL, oks);
    if (!ok)
        return;   /* a 0-d array: nothing to test */
    LLVMBasicBlockRef access = cg_block(cg, "check.ok");
    g->join = cg_block(cg, "check.join");
    g->fail = branch_on(cg, array, arr, ndim, idx, oks, ok, access, g->join);
    cg_enter(cg, access);
}

LLVMValueRef cg_check_close(Cg *cg, CgCheckMark mark, LLVMValueRef value)
{
    CgCheck *c = cg->check;
    while (c && c->depth > mark) {
        CgCheckGuard *g = c->guards;
        c->guards = g->outer;
        c->depth--;
        if (!g->join)
            continue;
        LLVMBasicBlockRef end = LLVMGetInsertBlock(cg->b);
        bool live = !cg_is_terminated(cg);
        if (live)
            LLVMBuildBr(cg->b, g->join);
        cg_enter(cg, g->join);
        if (!value)
            continue;
        LLVMValueRef zero = LLVMConstNull(LLVMTypeOf(value));
        if (!live) {
            value = zero;
            continue;
        }
        LLVMValueRef phi = LLVMBuildPhi(cg->b, LLVMTypeOf(value), "checked");
        LLVMValueRef values[2] = {value, zero};
        LLVMBasicBlockRef blocks[2] = {end, g->fail};
        LLVMAddIncoming(phi, values, blocks, 2);
        value = phi;
    }
    return value;
}

void cg_check_view(Cg *cg, const Node *array, LLVMValueRef arr, int ndim, LLVMValueRef *idx,
                   const bool *is_index, LLVMValueRef *shape, int view_ndim)
{
    if (!cg->options->check)
        return;
    require(cg, array);
    LLVMValueRef *oks = ARENA_ARRAY(&cg->arena, LLVMValueRef, ndim + 1);
    LLVMValueRef ok = in_bounds(cg, arr, ndim, idx, is_index, oks);
    if (!ok)
        return;
    LLVMBasicBlockRef cont = cg_block(cg, "check.view");
    branch_on(cg, array, arr, ndim, idx, oks, ok, cont, cont);
    cg_enter(cg, cont);
    for (int j = 0; j < view_ndim; j++)
        shape[j] = LLVMBuildSelect(cg->b, ok, shape[j], cg_const_i64(cg, 0), "shape");
}

/* Appends `text` to the malloc'd buffer, growing it. */
static char *append(char *buffer, size_t *len, const char *text)
{
    size_t n = strlen(text);
    char *grown = realloc(buffer, *len + n + 1);
    if (!grown) {
        fputs("pykc: out of memory\n", stderr);
        abort();
    }
    memcpy(grown + *len, text, n + 1);
    *len += n;
    return grown;
}

char *cg_check_append_sites(Cg *cg, char *ptx, size_t *len)
{
    CgCheck *c = cg->check;
    if (!c || !c->sites)
        return ptx;
    if (*len > 0 && ptx[*len - 1] != '\n')
        ptx = append(ptx, len, "\n");
    ptx = append(ptx, len, arena_printf(&cg->arena, "// pykc.check_source %s\n", c->source));
    for (const CgCheckSite *s = c->sites; s; s = s->next)
        ptx = append(ptx, len, arena_printf(&cg->arena, "// pykc.check %d %s %s %d:%d %d %s\n", s->id,
                                            s->in_kernel ? "kernel" : "device", s->function,
                                            s->line, s->col, s->ndim, s->array));
    return ptx;
}

void cg_check_export_sites(Cg *cg, CgModuleFacts *facts)
{
    CgCheck *c = cg->check;
    facts->check_source = NULL;
    facts->sites = NULL;
    facts->site_count = 0;
    if (!c || !c->sites)
        return;
    facts->check_source = arena_strndup(facts->arena, c->source, strlen(c->source));
    facts->sites = ARENA_ARRAY(facts->arena, CgSiteFacts, c->count);
    for (const CgCheckSite *s = c->sites; s; s = s->next)
        facts->sites[facts->site_count++] = (CgSiteFacts){
            s->id, arena_strndup(facts->arena, s->function, strlen(s->function)), s->in_kernel,
            s->line, s->col, s->ndim, arena_strndup(facts->arena, s->array, strlen(s->array))};
}
