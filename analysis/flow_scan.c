/* Questions about a whole function body, callees included, that the flow
 * analysis asks before or instead of walking it (flow.h): does it wait at
 * a barrier, read a thread's identity, use the grid's size, take the grid
 * group? One walker serves them all; each question is a predicate on a
 * node. */
#include "flow.h"

typedef struct BodyScan {
    bool (*matches)(const Node *node);
    int depth;
    bool found;
} BodyScan;

static void scan_node(void *ctx, Node *child)
{
    BodyScan *scan = ctx;
    if (!child || scan->found)
        return;
    if (scan->matches(child)) {
        scan->found = true;
        return;
    }
    /* a device function's body counts as part of its caller's; 8 calls
     * deep is far past any real helper chain and stops recursion */
    if (child->kind == NODE_CALL && child->call.callee && child->call.callee->def && scan->depth < 8) {
        scan->depth++;
        ast_each_child(child->call.callee->def, scan_node, scan);
        scan->depth--;
    }
    ast_each_child(child, scan_node, scan);
}

bool flow_body_has(const Node *def, bool (*matches)(const Node *node))
{
    BodyScan scan = {.matches = matches};
    ast_each_child(def, scan_node, &scan);
    return scan.found;
}

bool flow_is_barrier(int builtin)
{
    return builtin == BUILTIN_SYNCTHREADS || builtin == BUILTIN_SYNCTHREADS_COUNT ||
           builtin == BUILTIN_SYNCTHREADS_AND || builtin == BUILTIN_SYNCTHREADS_OR;
}

bool flow_is_barrier_call(const Node *node)
{
    return node->kind == NODE_CALL && flow_is_barrier(node->call.builtin);
}

bool flow_reads_thread_identity(const Node *node)
{
    if (node->kind == NODE_ATTRIBUTE) {
        int b = node->attribute.builtin;
        return (b >= BUILTIN_THREADIDX_X && b <= BUILTIN_THREADIDX_Z) || b == BUILTIN_LANEID;
    }
    if (node->kind != NODE_CALL)
        return false;
    int b = node->call.builtin;
    return b == BUILTIN_GRID || (b >= BUILTIN_ATOMIC_ADD && b <= BUILTIN_ATOMIC_COMPARE_AND_SWAP) ||
           (b >= BUILTIN_SHFL_SYNC && b <= BUILTIN_LANEMASK_LT);
}

bool flow_uses_grid_size(const Node *node)
{
    if (node->kind == NODE_CALL)
        return node->call.builtin == BUILTIN_GRIDSIZE;
    return node->kind == NODE_ATTRIBUTE && node->attribute.builtin >= BUILTIN_GRIDDIM_X &&
           node->attribute.builtin <= BUILTIN_GRIDDIM_Z;
}

bool flow_is_grid_sync_call(const Node *node)
{
    return node->kind == NODE_CALL && node->call.builtin == BUILTIN_GRID_SYNC;
}

bool flow_uses_grid_group(const Node *node)
{
    return node->kind == NODE_CALL &&
           (node->call.builtin == BUILTIN_THIS_GRID || node->call.builtin == BUILTIN_GRID_SYNC);
}
