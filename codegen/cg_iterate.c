/* for loops over the iterables sema/iterate.c accepts besides a lone
 * range(): a 1-D array, a homogeneous tuple, enumerate(x[, start]) and
 * zip(a, b, ...), nested in each other. Each iterated source is evaluated once before the loop
 * and keeps its own position: a range its induction variable (cg_loop.c's
 * bounds, test and step), an array or tuple an int64 index below its
 * length. An iteration runs while every source has an element (zip stops
 * at the shortest); the latch advances them all, then enumerate's count. */
#include "cg_internal.h"

typedef enum SourceKind { SOURCE_RANGE, SOURCE_ARRAY, SOURCE_TUPLE } SourceKind;

typedef struct IterSource {
    SourceKind kind;
    const Type *elem;            /* what one iteration yields from it */
    RangeBounds range;           /* SOURCE_RANGE */
    LLVMValueRef pos;            /* slot: the range's iv, or the index */
    LLVMValueRef value;          /* SOURCE_ARRAY: the array value */
    const Type *type;            /* SOURCE_ARRAY: its type */
    LLVMValueRef items;          /* SOURCE_TUPLE: [count x elem] slot */
    int count;
    LLVMValueRef len;            /* ARRAY and TUPLE: the length, int64 */
} IterSource;

static IterSource open_source(Cg *cg, const Node *iter)
{
    IterSource s = {0};
    const Type *t = iter->type;
    if (iter->kind == NODE_CALL && iter->call.builtin == BUILTIN_RANGE) {
        s.kind = SOURCE_RANGE;
        s.range = cg_range_bounds(cg, iter);
        s.elem = s.range.type;
        s.pos = cg_alloca(cg, cg_type(cg, s.elem), "iv");
        LLVMBuildStore(cg->b, s.range.start, s.pos);
        return s;
    }
    LLVMValueRef v = cg_emit_expr(cg, iter);
    s.pos = cg_alloca(cg, cg_i64(cg), "idx");
    LLVMBuildStore(cg->b, cg_const_i64(cg, 0), s.pos);
    if (t->kind == TYPE_ARRAY) {
        s.kind = SOURCE_ARRAY;
        s.elem = t->dtype;
        s.value = v;
        s.type = t;
        s.len = cg_array_shape(cg, v, 0);
        return s;
    }
    s.kind = SOURCE_TUPLE;
    s.elem = t->elts[0];
    s.count = t->count;
    LLVMTypeRef ety = cg_type(cg, s.elem);
    s.items = cg_alloca(cg, LLVMArrayType2(ety, (unsigned)t->count), "items");
    for (int i = 0; i < t->count; i++) {
        LLVMValueRef idx[2] = {cg_const_i64(cg, 0), cg_const_i64(cg, i)};
        LLVMValueRef p = LLVMBuildInBoundsGEP2(cg->b, LLVMArrayType2(ety, (unsigned)t->count), s.items,
                                               idx, 2, "");
        LLVMBuildStore(cg->b, LLVMBuildExtractValue(cg->b, v, (unsigned)i, ""), p);
    }
    s.len = cg_const_i64(cg, t->count);
    return s;
}

static LLVMValueRef has_next(Cg *cg, const IterSource *s)
{
    if (s->kind == SOURCE_RANGE) {
        LLVMValueRef iv = LLVMBuildLoad2(cg->b, cg_type(cg, s->elem), s->pos, "iv");
        return cg_range_test(cg, &s->range, iv);
    }
    LLVMValueRef i = LLVMBuildLoad2(cg->b, cg_i64(cg), s->pos, "idx");
    return LLVMBuildICmp(cg->b, LLVMIntSLT, i, s->len, "");
}

/* The current element: the iv, a[idx] (1-D: idx * stride for layout A),
 * or the tuple's item idx. */
static LLVMValueRef current(Cg *cg, const IterSource *s)
{
    if (s->kind == SOURCE_RANGE)
        return LLVMBuildLoad2(cg->b, cg_type(cg, s->elem), s->pos, "iv");
    LLVMValueRef i = LLVMBuildLoad2(cg->b, cg_i64(cg), s->pos, "idx");
    if (s->kind == SOURCE_TUPLE) {
        LLVMTypeRef aty = LLVMArrayType2(cg_type(cg, s->elem), (unsigned)s->count);
        LLVMValueRef idx[2] = {cg_const_i64(cg, 0), i};
        LLVMValueRef p = LLVMBuildInBoundsGEP2(cg->b, aty, s->items, idx, 2, "");
        return LLVMBuildLoad2(cg->b, cg_type(cg, s->elem), p, "item");
    }
    LLVMValueRef off = s->type->layout == LAYOUT_A
        ? LLVMBuildNSWMul(cg->b, i, cg_array_stride(cg, s->value, 0), "") : i;
    LLVMValueRef p = LLVMBuildInBoundsGEP2(cg->b, cg_mem_type(cg, s->elem), cg_array_data(cg, s->value),
                                           &off, 1, "elt");
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, s->elem), p, "");
    LLVMSetAlignment(v, cg_align_of(cg, s->elem));
    return cg_from_mem(cg, v, s->elem);
}

static void advance(Cg *cg, const IterSource *s)
{
    if (s->kind == SOURCE_RANGE) {
        LLVMValueRef iv = LLVMBuildLoad2(cg->b, cg_type(cg, s->elem), s->pos, "iv");
        LLVMBuildStore(cg->b, cg_range_next(cg, &s->range, iv), s->pos);
        return;
    }
    LLVMValueRef i = LLVMBuildLoad2(cg->b, cg_i64(cg), s->pos, "idx");
    LLVMBuildStore(cg->b, LLVMBuildNSWAdd(cg->b, i, cg_const_i64(cg, 1), "idx.next"), s->pos);
}

/* An iterable as a tree: a source, or enumerate() over one iterable (with
 * its count) or zip() over several, which may nest (enumerate(zip(x, y))). */
typedef struct Iter {
    int builtin;                 /* BUILTIN_ENUMERATE, BUILTIN_ZIP; else a source */
    IterSource source;
    struct Iter *parts;          /* enumerate: 1; zip: count */
    int count;
    LLVMValueRef counter;        /* enumerate: slot of the count, int64 */
    const Type *type;            /* what one iteration yields */
} Iter;

static bool is_combinator(const Node *iter)
{
    return iter->kind == NODE_CALL &&
           (iter->call.builtin == BUILTIN_ENUMERATE || iter->call.builtin == BUILTIN_ZIP);
}

/* The sources in order, each evaluated once; enumerate's start after its
 * iterable, as Python evaluates the call's arguments. */
static void open_iter(Cg *cg, const Node *iter, Iter *it)
{
    if (!is_combinator(iter)) {
        it->source = open_source(cg, iter);
        it->type = it->source.elem;
        return;
    }
    const NodeList *args = &iter->call.args;
    it->builtin = iter->call.builtin;
    it->type = iter->type;
    it->count = it->builtin == BUILTIN_ENUMERATE ? 1 : args->count;
    it->parts = ARENA_ARRAY(&cg->arena, Iter, it->count);
    for (int i = 0; i < it->count; i++)
        open_iter(cg, args->items[i], &it->parts[i]);
    if (it->builtin == BUILTIN_ENUMERATE) {
        it->counter = cg_alloca(cg, cg_i64(cg), "count");
        LLVMValueRef start = args->count == 2
            ? cg_convert(cg, cg_emit_expr(cg, args->items[1]), args->items[1]->type, &type_int64_t)
            : cg_const_i64(cg, 0);
        LLVMBuildStore(cg->b, start, it->counter);
    }
}

/* Whether every source has an element (zip stops at the shortest). */
static LLVMValueRef iter_has_next(Cg *cg, const Iter *it)
{
    if (!it->builtin)
        return has_next(cg, &it->source);
    LLVMValueRef more = iter_has_next(cg, &it->parts[0]);
    for (int i = 1; i < it->count; i++)
        more = LLVMBuildAnd(cg->b, more, iter_has_next(cg, &it->parts[i]), "");
    return more;
}

/* What one iteration yields: the element, or enumerate's (count, item),
 * or zip's tuple of items. */
static LLVMValueRef iter_current(Cg *cg, const Iter *it)
{
    if (!it->builtin)
        return current(cg, &it->source);
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, it->type));
    unsigned k = 0;
    if (it->builtin == BUILTIN_ENUMERATE)
        v = LLVMBuildInsertValue(cg->b, v, LLVMBuildLoad2(cg->b, cg_i64(cg), it->counter, "count"), k++, "");
    for (int i = 0; i < it->count; i++)
        v = LLVMBuildInsertValue(cg->b, v, iter_current(cg, &it->parts[i]), k++, "");
    return v;
}

/* The latch: every source advances, then enumerate's count. */
static void iter_advance(Cg *cg, const Iter *it)
{
    if (!it->builtin) {
        advance(cg, &it->source);
        return;
    }
    for (int i = 0; i < it->count; i++)
        iter_advance(cg, &it->parts[i]);
    if (it->counter) {
        LLVMValueRef c = LLVMBuildLoad2(cg->b, cg_i64(cg), it->counter, "count");
        LLVMBuildStore(cg->b, LLVMBuildAdd(cg->b, c, cg_const_i64(cg, 1), "count.next"), it->counter);
    }
}

/* for target in iterable: body [else: else_body] */
void cg_emit_for_iterable(Cg *cg, const Node *node)
{
    Iter it = {0};
    open_iter(cg, node->for_stmt.iter, &it);
    ForBlocks blocks = cg_for_begin(cg, node);
    LLVMBuildCondBr(cg->b, iter_has_next(cg, &it), blocks.body, blocks.else_bb);
    cg_enter(cg, blocks.body);
    cg_emit_store(cg, node->for_stmt.target, iter_current(cg, &it), it.type);
    cg_for_body(cg, node, &blocks);
    iter_advance(cg, &it);
    LLVMBuildBr(cg->b, blocks.cond);
    cg_emit_else_and_end(cg, &node->for_stmt.else_body, blocks.else_bb, blocks.end);
}
