/* The module facts of module_facts.h, read from the optimised LLVM module:
 * what the PTX will hold, without reading the PTX. An entry's static shared
 * memory is that of the addrspace(3) globals its code uses, directly or
 * through the functions it calls (after inlining, mostly directly); the
 * extern zero-length array of dynamic shared memory is not counted but
 * flagged. ptxas lays the variables out itself, so its own figure may
 * differ by alignment padding. */
#include <string.h>

#include "cg_internal.h"
#include "module_facts.h"

/* Values already visited (functions and shared globals), in visit order. */
typedef struct Seen {
    LLVMValueRef *items;
    int count, cap;
    Arena *arena;
} Seen;

static bool seen_add(Seen *s, LLVMValueRef v)
{
    for (int i = 0; i < s->count; i++)
        if (s->items[i] == v)
            return false;
    if (s->count == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        LLVMValueRef *grown = ARENA_ARRAY(s->arena, LLVMValueRef, cap);
        if (s->count)
            memcpy(grown, s->items, sizeof *grown * (size_t)s->count);
        s->items = grown;
        s->cap = cap;
    }
    s->items[s->count++] = v;
    return true;
}

typedef struct Walk {
    Seen functions, globals;
} Walk;

static void walk_function(Walk *w, LLVMValueRef fn);

/* An operand: a shared global, a function called, or a constant
 * expression (a GEP or address-space cast of a global) to look into. */
static void walk_value(Walk *w, LLVMValueRef v, int depth)
{
    if (!v || depth > 16)
        return;
    if (LLVMIsAGlobalVariable(v)) {
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == CG_AS_SHARED)
            seen_add(&w->globals, v);
        return;
    }
    if (LLVMIsAFunction(v)) {
        walk_function(w, v);
        return;
    }
    if (LLVMIsAConstantExpr(v))
        for (int i = 0; i < LLVMGetNumOperands(v); i++)
            walk_value(w, LLVMGetOperand(v, (unsigned)i), depth + 1);
}

static void walk_function(Walk *w, LLVMValueRef fn)
{
    if (!seen_add(&w->functions, fn))
        return;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            for (int k = 0; k < LLVMGetNumOperands(i); k++)
                walk_value(w, LLVMGetOperand(i, (unsigned)k), 0);
}

static CgEntryFacts entry_facts(Cg *cg, Arena *arena, LLVMValueRef fn)
{
    Walk w = {{.arena = &cg->arena}, {.arena = &cg->arena}};
    walk_function(&w, fn);
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    CgEntryFacts facts = {arena_strndup(arena, name, len), 0, false};
    /* the module's order, so that the sum does not depend on the walk's */
    for (LLVMValueRef g = LLVMGetFirstGlobal(cg->mod); g; g = LLVMGetNextGlobal(g)) {
        bool used = false;
        for (int i = 0; i < w.globals.count && !used; i++)
            used = w.globals.items[i] == g;
        if (!used)
            continue;
        int64_t size = (int64_t)LLVMABISizeOfType(cg->layout, LLVMGlobalGetValueType(g));
        if (size == 0) {
            facts.dynamic_shared = true;
            continue;
        }
        int64_t align = LLVMGetAlignment(g) ? LLVMGetAlignment(g) : 1;
        facts.static_shared_bytes = (facts.static_shared_bytes + align - 1) / align * align + size;
    }
    return facts;
}

void cg_collect_module_facts(Cg *cg, CgModuleFacts *facts)
{
    int count = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        count += !LLVMIsDeclaration(fn) && LLVMGetLinkage(fn) == LLVMExternalLinkage;
    facts->entries = ARENA_ARRAY(facts->arena, CgEntryFacts, count + 1);
    facts->entry_count = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(cg->mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && LLVMGetLinkage(fn) == LLVMExternalLinkage)
            facts->entries[facts->entry_count++] = entry_facts(cg, facts->arena, fn);
    cg_check_export_sites(cg, facts);
}

const CgEntryFacts *cg_module_facts_entry(const CgModuleFacts *facts, const char *name)
{
    for (int i = 0; i < facts->entry_count; i++)
        if (strcmp(facts->entries[i].entry, name) == 0)
            return &facts->entries[i];
    return NULL;
}
