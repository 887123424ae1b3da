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
 * other header lies inside it. */
#include <stdlib.h>

#include "cg_internal.h"

typedef struct BlockIndex {
    LLVMBasicBlockRef block;
    int index;
} BlockIndex;

typedef struct Graph {
    int count;
    LLVMBasicBlockRef *blocks;
    BlockIndex *sorted;          /* blocks by address, for lookups */
    int **succ, *succ_count;
    int **pred, *pred_count;
} Graph;

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

/* is_latch[i]: block i ends in a back edge; header_of_latch[i] its target
 * (one per latch: a block with two back edges closes nested loops, whose
 * inner one is what matters and is found from the inner header's side). */
static void find_back_edges(Arena *A, const Graph *g, int *header_of_latch)
{
    enum { UNSEEN, ON_STACK, DONE };
    char *state = ARENA_ARRAY(A, char, g->count);
    int *stack = ARENA_ARRAY(A, int, g->count);
    int *next_succ = ARENA_ARRAY(A, int, g->count);
    for (int i = 0; i < g->count; i++)
        header_of_latch[i] = -1;
    if (g->count == 0)
        return;
    int depth = 0;
    stack[depth++] = 0;
    state[0] = ON_STACK;
    while (depth > 0) {
        int at = stack[depth - 1];
        if (next_succ[at] == g->succ_count[at]) {
            state[at] = DONE;
            depth--;
            continue;
        }
        int to = g->succ[at][next_succ[at]++];
        if (state[to] == ON_STACK)
            header_of_latch[at] = to;
        else if (state[to] == UNSEEN) {
            state[to] = ON_STACK;
            stack[depth++] = to;
        }
    }
}

/* Marks in `in_loop` the loop of `header`: the blocks that reach one of its
 * latches backwards without crossing the header. */
static void collect_body(Arena *A, const Graph *g, int header, const int *header_of_latch, char *in_loop)
{
    int *work = ARENA_ARRAY(A, int, g->count);
    int pending = 0;
    in_loop[header] = 1;
    for (int i = 0; i < g->count; i++)
        if (header_of_latch[i] == header && !in_loop[i]) {
            in_loop[i] = 1;
            work[pending++] = i;
        }
    while (pending > 0) {
        int at = work[--pending];
        for (int p = 0; p < g->pred_count[at]; p++) {
            int from = g->pred[at][p];
            if (!in_loop[from]) {
                in_loop[from] = 1;
                work[pending++] = from;
            }
        }
    }
}

int cg_innermost_loops(Arena *A, LLVMValueRef fn, CgLoopBlocks **out)
{
    Graph g = {0};
    build_graph(A, fn, &g);
    int *header_of_latch = ARENA_ARRAY(A, int, g.count);
    find_back_edges(A, &g, header_of_latch);
    char *is_header = ARENA_ARRAY(A, char, g.count);
    for (int i = 0; i < g.count; i++)
        if (header_of_latch[i] >= 0)
            is_header[header_of_latch[i]] = 1;

    CgLoopBlocks *loops = ARENA_ARRAY(A, CgLoopBlocks, g.count);
    int count = 0;
    for (int h = 0; h < g.count; h++) {
        if (!is_header[h])
            continue;
        char *in_loop = ARENA_ARRAY(A, char, g.count);
        collect_body(A, &g, h, header_of_latch, in_loop);
        bool innermost = true;
        int size = 0;
        for (int i = 0; i < g.count; i++) {
            size += in_loop[i];
            if (in_loop[i] && is_header[i] && i != h)
                innermost = false;
        }
        if (!innermost)
            continue;
        CgLoopBlocks *loop = &loops[count++];
        loop->header = g.blocks[h];
        loop->blocks = ARENA_ARRAY(A, LLVMBasicBlockRef, size);
        for (int i = 0; i < g.count; i++)
            if (in_loop[i])
                loop->blocks[loop->count++] = g.blocks[i];
    }
    *out = loops;
    return count;
}

bool cg_loop_contains(const CgLoopBlocks *loop, LLVMBasicBlockRef bb)
{
    for (int i = 0; i < loop->count; i++)
        if (loop->blocks[i] == bb)
            return true;
    return false;
}
