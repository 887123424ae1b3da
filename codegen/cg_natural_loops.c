/* The innermost loops of a function, found from its control-flow graph.
 *
 * LLVM's C API has no LoopInfo, and cg_lsr.c needs to know which blocks
 * make up each innermost loop after the optimiser has reshaped them. A
 * depth-first walk from the entry marks an edge whose target is still on
 * the walk's stack as a back edge; the target is a loop header, and the
 * loop is the header with every block that reaches one of its back edges'
 * sources without passing through the header. On a reducible graph (every
 * graph pykc builds: Python has no goto, and LLVM's passes keep it so)
 * these are exactly LoopInfo's natural loops. A loop is innermost when no
 * other header lies inside it. Each loop keeps a bitmap of its blocks by
 * index, so that membership costs a lookup, not a scan: a kernel may have
 * hundreds of loops. */
#include <stdlib.h>

#include "cg_internal.h"

typedef struct BlockIndex {
    LLVMBasicBlockRef block;
    int index;
} BlockIndex;

struct CgGraph {
    int count;
    LLVMBasicBlockRef *blocks;
    BlockIndex *sorted;          /* blocks by address, for lookups */
    int **succ, *succ_count;
    int **pred, *pred_count;
};
typedef struct CgGraph Graph;

static int compare_block(const void *a, const void *b)
{
    const BlockIndex *x = a, *y = b;
    return (x->block > y->block) - (x->block < y->block);
}

static int block_index(const Graph *g, LLVMBasicBlockRef bb)
{
    BlockIndex key = {bb, 0};
    const BlockIndex *hit = bsearch(&key, g->sorted, (size_t)g->count, sizeof key, compare_block);
    return hit ? hit->index : -1;
}

static void build_graph(Arena *A, LLVMValueRef fn, Graph *g)
{
    g->count = (int)LLVMCountBasicBlocks(fn);
    g->blocks = ARENA_ARRAY(A, LLVMBasicBlockRef, g->count);
    g->sorted = ARENA_ARRAY(A, BlockIndex, g->count);
    LLVMGetBasicBlocks(fn, g->blocks);
    for (int i = 0; i < g->count; i++)
        g->sorted[i] = (BlockIndex){g->blocks[i], i};
    qsort(g->sorted, (size_t)g->count, sizeof *g->sorted, compare_block);

    g->succ = ARENA_ARRAY(A, int *, g->count);
    g->succ_count = ARENA_ARRAY(A, int, g->count);
    g->pred = ARENA_ARRAY(A, int *, g->count);
    g->pred_count = ARENA_ARRAY(A, int, g->count);
    for (int i = 0; i < g->count; i++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(g->blocks[i]);
        int n = term ? (int)LLVMGetNumSuccessors(term) : 0;
        g->succ[i] = ARENA_ARRAY(A, int, n);
        for (int s = 0; s < n; s++) {
            int to = block_index(g, LLVMGetSuccessor(term, (unsigned)s));
            g->succ[i][g->succ_count[i]++] = to;
            g->pred_count[to]++;
        }
    }
    int *filled = ARENA_ARRAY(A, int, g->count);
    for (int i = 0; i < g->count; i++)
        g->pred[i] = ARENA_ARRAY(A, int, g->pred_count[i]);
    for (int i = 0; i < g->count; i++)
        for (int s = 0; s < g->succ_count[i]; s++) {
            int to = g->succ[i][s];
            g->pred[to][filled[to]++] = i;
        }
}

/* header_of_latch[i]: the header block i's back edge goes to, or -1. A
 * block with back edges to two headers closes nested loops; it is kept as
 * the latch of the inner one, the header deeper on the walk's stack. */
static void find_back_edges(Arena *A, const Graph *g, int *header_of_latch)
{
    int *stack = ARENA_ARRAY(A, int, g->count);
    int *depth_of = ARENA_ARRAY(A, int, g->count);   /* 0: unseen; -1: done */
    int *next_succ = ARENA_ARRAY(A, int, g->count);
    for (int i = 0; i < g->count; i++)
        header_of_latch[i] = -1;
    if (g->count == 0)
        return;
    int depth = 0;
    stack[depth++] = 0;
    depth_of[0] = depth;
    while (depth > 0) {
        int at = stack[depth - 1];
        if (next_succ[at] == g->succ_count[at]) {
            depth_of[at] = -1;
            depth--;
            continue;
        }
        int to = g->succ[at][next_succ[at]++];
        if (depth_of[to] > 0) {
            int known = header_of_latch[at];
            if (known < 0 || depth_of[to] > depth_of[known])
                header_of_latch[at] = to;
        } else if (depth_of[to] == 0) {
            stack[depth++] = to;
            depth_of[to] = depth;
        }
    }
}

/* Marks in `in_loop` the loop of `header` (the blocks that reach one of
 * its latches backwards without crossing the header), listing them in
 * `body`; returns their count. */
static int collect_body(const Graph *g, int header, const int *header_of_latch, char *in_loop, int *body)
{
    int count = 0, scanned = 0;
    in_loop[header] = 1;
    body[count++] = header;
    for (int i = 0; i < g->count; i++)
        if (header_of_latch[i] == header && !in_loop[i]) {
            in_loop[i] = 1;
            body[count++] = i;
        }
    for (scanned = 1; scanned < count; scanned++) {
        int at = body[scanned];
        for (int p = 0; p < g->pred_count[at]; p++) {
            int from = g->pred[at][p];
            if (!in_loop[from]) {
                in_loop[from] = 1;
                body[count++] = from;
            }
        }
    }
    return count;
}

int cg_innermost_loops(Arena *A, LLVMValueRef fn, CgLoops *out)
{
    Graph *g = ARENA_NEW(A, Graph);
    build_graph(A, fn, g);
    int *header_of_latch = ARENA_ARRAY(A, int, g->count);
    find_back_edges(A, g, header_of_latch);
    char *is_header = ARENA_ARRAY(A, char, g->count);
    int headers = 0;
    for (int i = 0; i < g->count; i++)
        if (header_of_latch[i] >= 0 && !is_header[header_of_latch[i]]) {
            is_header[header_of_latch[i]] = 1;
            headers++;
        }

    out->graph = g;
    out->loops = ARENA_ARRAY(A, CgLoopBlocks, headers);
    out->count = 0;
    char *in_loop = ARENA_ARRAY(A, char, g->count);   /* cleared after each loop */
    int *body = ARENA_ARRAY(A, int, g->count);
    for (int h = 0; h < g->count; h++) {
        if (!is_header[h])
            continue;
        int size = collect_body(g, h, header_of_latch, in_loop, body);
        bool innermost = true;
        for (int i = 0; i < size; i++)
            if (is_header[body[i]] && body[i] != h)
                innermost = false;
        if (innermost) {
            CgLoopBlocks *loop = &out->loops[out->count++];
            loop->header = g->blocks[h];
            loop->count = size;
            loop->blocks = ARENA_ARRAY(A, LLVMBasicBlockRef, size);
            loop->member = ARENA_ARRAY(A, char, g->count);
            for (int i = 0; i < size; i++) {
                loop->blocks[i] = g->blocks[body[i]];
                loop->member[body[i]] = 1;
            }
        }
        for (int i = 0; i < size; i++)
            in_loop[body[i]] = 0;
    }
    return out->count;
}

bool cg_loop_contains(const CgLoops *loops, const CgLoopBlocks *loop, LLVMBasicBlockRef bb)
{
    int i = block_index(loops->graph, bb);
    return i >= 0 && loop->member[i];
}
