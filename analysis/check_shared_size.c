/* A kernel's static shared memory against the 48 KiB a block can have
 * (docs/diagnostics.md, "Static shared memory over 48 KiB").
 *
 * shared.c already rejects one array over 48 KiB; several smaller ones can
 * still add up past it, in the kernel itself or in the device functions it
 * calls: every cuda.shared.array call site is one .shared variable of the
 * module, which the kernel uses when any function it reaches uses it. The
 * launch would then fail ("too many resources requested") or ptxas refuse
 * the module; this check says which arrays and how big.
 *
 * Each function reached is counted once (a specialisation or an overload is
 * a FuncInfo of its own, with its own variables). Dynamic shared memory
 * (cuda.shared.array(0, dtype)) counts 0 here: its size is given at launch,
 * where the runtime checks it. */
#include "analysis.h"

/* What a block can have without opting in to more (cudaFuncSetAttribute),
 * on every architecture pykc targets. */
#define STATIC_SHARED_LIMIT 49152

typedef struct Reached {
    Arena *arena;
    FuncInfo **funcs;       /* the kernel first, then each function it calls once */
    int count, capacity;
} Reached;

static bool already_reached(const Reached *reached, const FuncInfo *fi)
{
    for (int i = 0; i < reached->count; i++)
        if (reached->funcs[i] == fi)
            return true;
    return false;
}

static void add_reached(Reached *reached, FuncInfo *fi)
{
    if (reached->count == reached->capacity) {
        int capacity = reached->capacity ? reached->capacity * 2 : 8;
        FuncInfo **grown = ARENA_ARRAY(reached->arena, FuncInfo *, capacity);
        for (int i = 0; i < reached->count; i++)
            grown[i] = reached->funcs[i];
        reached->funcs = grown;
        reached->capacity = capacity;
    }
    reached->funcs[reached->count++] = fi;
}

static void reach(Reached *reached, FuncInfo *fi);

static void visit_calls(void *ctx, Node *node)
{
    Reached *reached = ctx;
    if (node->kind == NODE_CALL && node->call.callee)
        reach(reached, node->call.callee);
    ast_each_child(node, visit_calls, reached);
}

static void reach(Reached *reached, FuncInfo *fi)
{
    if (already_reached(reached, fi))
        return;
    add_reached(reached, fi);
    if (fi->def)
        ast_each_child(fi->def, visit_calls, reached);
}

static int64_t static_bytes(const FuncInfo *fi)
{
    int64_t bytes = 0;
    for (int i = 0; i < fi->shared_count; i++)
        bytes += fi->shared[i].bytes;
    return bytes;
}

static void note_array(Sema *sema, const FuncInfo *kernel, const FuncInfo *owner, const SharedArray *array)
{
    const Type *type = array->call->type;
    /* a specialisation's or an overload's name as the user wrote it */
    Str owner_name = owner->generic ? owner->generic->name : owner->overload_of ? owner->overload_of->name
                                                                                : owner->name;
    const char *where = owner == kernel ? ""
                        : arena_printf(sema->arena, " in device function '%.*s'", STR_ARG(owner_name));
    const char *shape = analysis_shape_text(sema->arena, array->shape, type->ndim);
    if (array->name.len)
        diag_note(sema->diag, array->call->span, "'%.*s' %s %s%s: %lld bytes", STR_ARG(array->name),
                  type->dtype->name, shape, where, (long long)array->bytes);
    else
        diag_note(sema->diag, array->call->span, "a shared array %s %s%s: %lld bytes", type->dtype->name,
                  shape, where, (long long)array->bytes);
}

/* An earlier overload of the same kernel with the same total was reported
 * already (the arrays of a def are the same in each of its overloads). */
static bool reported_for_earlier_overload(const FuncInfo *fi, int64_t total, Sema *sema)
{
    const FuncInfo *declared = fi->overload_of;
    for (int i = 0; declared && i < declared->overload_count && declared->overloads[i] != fi; i++) {
        Reached reached = {.arena = sema->arena};
        reach(&reached, declared->overloads[i]);
        int64_t other = 0;
        for (int j = 0; j < reached.count; j++)
            other += static_bytes(reached.funcs[j]);
        if (other == total)
            return true;
    }
    return false;
}

void analysis_shared_size(Sema *sema, FuncInfo *fi)
{
    if (!fi->is_kernel)
        return;
    Reached reached = {.arena = sema->arena};
    reach(&reached, fi);
    int64_t total = 0;
    for (int i = 0; i < reached.count; i++)
        total += static_bytes(reached.funcs[i]);
    if (total <= STATIC_SHARED_LIMIT || reported_for_earlier_overload(fi, total, sema))
        return;
    Str name = fi->overload_of ? fi->overload_of->name : fi->name;
    diag_error(sema->diag, fi->def->span, "kernel '%.*s' uses %lld bytes of static shared memory; a block can "
               "have at most %d (48 KiB) of static shared memory", STR_ARG(name), (long long)total,
               STATIC_SHARED_LIMIT);
    for (int i = 0; i < reached.count; i++)
        for (int j = 0; j < reached.funcs[i]->shared_count; j++)
            if (reached.funcs[i]->shared[j].bytes)
                note_array(sema, fi, reached.funcs[i], &reached.funcs[i]->shared[j]);
    diag_note(sema->diag, (Span){0}, "use smaller arrays (smaller tiles), or dynamic shared memory, "
              "cuda.shared.array(0, dtype), whose size in bytes is given at launch "
              "(kernel[grid, block, stream, bytes]) and may go past 48 KiB up to the device's opt-in limit");
}
