/* Item c of docs/diagnostics.md: shared arrays indexed by threadIdx that
 * are smaller than the block. Each such index has a range that depends on
 * the block's dimensions (flow.h); given the block (--block, or the
 * launch_bounds of a kernel that only uses threadIdx.x) a range that does
 * not fit is an error. Otherwise the largest block each axis may have is
 * found by trying every size, and left in the kernel's LaunchNeeds: the
 * launch facts, which libpykrt checks and explains. A derived limit is
 * never written as the PTX's .maxntid: the driver would enforce it for
 * every host, CuPy's too, with no message naming the array, and a limit
 * the analysis got wrong would refuse a correct launch everywhere; only a
 * launch_bounds the user wrote becomes .maxntid. */
#include "flow.h"

#include <string.h>

static const int axis_limit[3] = {1024, 1024, 64};

/* The index expression of a site's dimension `dim`. */
static Node *index_node(Node *at, int dim)
{
    Node *index = at->kind == NODE_SUBSCRIPT ? at->subscript.index : at->call.args.items[1];
    return index->kind == NODE_TUPLE ? index->tuple.elts.items[dim] : index;
}

/* threadIdx, blockDim and constants under + - *, as written. */
static bool is_thread_arithmetic(const Node *node)
{
    switch (node->kind) {
    case NODE_INT: return true;
    case NODE_CONVERT: return is_thread_arithmetic(node->convert.operand);
    case NODE_UNARY: return node->unary.op == UNARY_NEG && is_thread_arithmetic(node->unary.operand);
    case NODE_BINOP:
        return (node->binop.op == BINOP_ADD || node->binop.op == BINOP_SUB || node->binop.op == BINOP_MUL) &&
               is_thread_arithmetic(node->binop.left) && is_thread_arithmetic(node->binop.right);
    case NODE_ATTRIBUTE: {
        int b = node->attribute.builtin;
        return (b >= BUILTIN_THREADIDX_X && b <= BUILTIN_THREADIDX_Z) ||
               (b >= BUILTIN_BLOCKDIM_X && b <= BUILTIN_BLOCKDIM_Z);
    }
    default: return false;
    }
}

/* Does the index take every value of its range in some thread, whatever
 * the data: threadIdx and blockDim terms and constants, nothing else (a
 * linear form of them, or such arithmetic written out)? A loop variable
 * or a value a guard correlates with the thread (shr[tid + s] under
 * `if tid % (2 * s) == 0`) has a range wider than the values it takes:
 * limits derived from it would refuse launches that are right. */
static bool is_exact(const AbsVal *index, const Node *expr)
{
    const Linear *l = &index->linear;
    if (!l->valid)
        return is_thread_arithmetic(expr);
    for (int i = 0; i < l->count; i++)
        if (l->atoms[i].kind != ATOM_THREAD && l->atoms[i].kind != ATOM_BLOCKDIM)
            return false;
    return true;
}

void flow_note_shared_index(Flow *flow, const Symbol *array, int64_t extent, int dim,
                            const AbsVal *index, Node *at)
{
    /* an index that also depends on run-time values (t + offset) cannot
     * be decided by the block alone: nothing is claimed about it */
    static const int one[3] = {1, 1, 1};
    if (!is_exact(index, index_node(at, dim)))
        return;
    if (flow_bound_eval(index->hi, one, true) >= FLOW_INF || flow_bound_eval(index->lo, one, false) <= -FLOW_INF)
        return;
    flow = flow->root;
    flow_reserve(flow->arena, &flow->shared_indices, flow->shared_index_count, &flow->shared_index_cap,
                 sizeof *flow->shared_indices);
    flow->shared_indices[flow->shared_index_count++] =
        (SharedIndex){array, extent, dim, index->lo, index->hi, at};
}

static bool fits(const SharedIndex *s, const int block[3])
{
    return flow_bound_eval(s->hi, block, true) < s->extent &&
           flow_bound_eval(s->lo, block, false) >= -s->extent;
}

/* The first index that does not fit `block`, or NULL. */
static const SharedIndex *first_misfit(const Flow *flow, const int block[3])
{
    for (int i = 0; i < flow->shared_index_count; i++)
        if (!fits(&flow->shared_indices[i], block))
            return &flow->shared_indices[i];
    return NULL;
}

static const char *index_text(Flow *flow, const SharedIndex *s)
{
    return flow_source_text(flow->arena, index_node(s->at, s->dim)->span);
}

/* The block is known: every index must fit it. */
static void check_known_block(Flow *flow, const int block[3], const char *given)
{
    for (int i = 0; i < flow->shared_index_count; i++) {
        const SharedIndex *s = &flow->shared_indices[i];
        if (fits(s, block) || flow_reported(flow, (const char *)s->array + 4 + s->dim))
            continue;
        Diag *diag = flow->sema->diag;
        diag_error(diag, s->at->span,
                   "shared array '%.*s' has %lld elements along axis %d, but its index '%s' reaches %lld "
                   "in a block of %dx%dx%d threads (%s): the threads past %lld index past its end",
                   STR_ARG(s->array->name), (long long)s->extent, s->dim, index_text(flow, s),
                   (long long)flow_bound_eval(s->hi, block, true), block[0], block[1], block[2], given,
                   (long long)(s->extent - 1));
        diag_note(diag, (Span){0}, "size the array by the block, or launch smaller blocks");
    }
}

/* An index that fails even for a block of one thread is out of bounds for
 * every launch. */
static bool report_always_out(Flow *flow)
{
    static const int one[3] = {1, 1, 1};
    const SharedIndex *s = first_misfit(flow, one);
    if (!s)
        return false;
    diag_error(flow->sema->diag, s->at->span,
               "shared array '%.*s' has %lld elements along axis %d, but its index '%s' reaches %lld "
               "even in a block of one thread",
               STR_ARG(s->array->name), (long long)s->extent, s->dim, index_text(flow, s),
               (long long)flow_bound_eval(s->hi, one, true));
    return true;
}

/* The largest size along `axis`, the others as in `block`, for which
 * every index fits; *limiting is the index that fails one past it, NULL
 * when every size up to the axis's limit fits. */
static int largest_fit(Flow *flow, int block[3], int axis, const SharedIndex **limiting)
{
    int saved = block[axis];
    int best = 0;
    *limiting = NULL;
    for (int size = 1; size <= axis_limit[axis]; size++) {
        block[axis] = size;
        const SharedIndex *bad = first_misfit(flow, block);
        if (bad) {
            *limiting = bad;
            break;
        }
        best = size;
    }
    block[axis] = saved;
    return best;
}

static void derive_limits(Flow *flow)
{
    LaunchNeeds *needs = &flow->fi->launch;
    int caps[3] = {1, 1, 1};
    const SharedIndex *limiting[3] = {0};
    for (int axis = 0; axis < 3; axis++) {
        int block[3] = {1, 1, 1};
        caps[axis] = largest_fit(flow, block, axis, &limiting[axis]);
    }
    /* Each cap is found with the other axes at 1: a block past it fails
     * whatever the other axes are (indices grow with every blockDim), so
     * libpykrt never refuses a block that fits. Indices that mix axes
     * (ty * blockDim.x + tx) may also fail for blocks within every cap;
     * per-axis limits cannot say which, so those are left to --block and
     * to checked mode. */
    for (int axis = 0; axis < 3; axis++)
        if (limiting[axis])
            needs->block[axis] = (BlockLimit){caps[axis], limiting[axis]->array->name,
                                              flow_line(limiting[axis]->at->span)};
}

void flow_finish_block_limits(Flow *flow)
{
    if (flow->shared_index_count == 0)
        return;
    const int *given = flow->sema->options->block;
    if (given[0] > 0) {
        check_known_block(flow, given, arena_printf(flow->arena, "--block %dx%dx%d", given[0], given[1], given[2]));
        return;
    }
    int bounds = flow->fi->jit.launch_max_threads;
    if (bounds > 0 && flow->thread_axes_used == 1) {
        int block[3] = {bounds, 1, 1};
        check_known_block(flow, block, arena_printf(flow->arena, "launch_bounds allows %d", bounds));
        return;
    }
    if (report_always_out(flow))
        return;
    derive_limits(flow);
}
