/* The checks at each array access and barrier (docs/diagnostics.md, items
 * a, b, d and e): a global array indexed by a thread index nothing bounds,
 * a shared array indexed by a global index, a barrier (or grid sync) only
 * some threads reach, a shared element read before the barrier that publishes another
 * thread's write, and an element every thread writes at once. Shared
 * indices that depend on threadIdx are collected for flow_block.c. */
#include "flow.h"

#include <string.h>

static const SharedArray *shared_array_of(const Flow *flow, const Symbol *sym)
{
    for (int i = 0; i < flow->fi->shared_count; i++)
        if (str_eq(flow->fi->shared[i].name, sym->name))
            return &flow->fi->shared[i];
    return NULL;
}

ArrayRef flow_resolve_array(const Flow *flow, const Node *array)
{
    const Symbol *sym = array->kind == NODE_NAME ? array->name.sym : NULL;
    if (!sym || sym->kind != SYM_LOCAL)
        return (ArrayRef){0};
    if (sym->param_index >= 0)
        return flow->param_arrays ? flow->param_arrays[sym->param_index]
                                  : (ArrayRef){.sym = sym, .kernel_param = array->type->space == MEM_GLOBAL};
    return (ArrayRef){.sym = sym, .shared = shared_array_of(flow, sym)};
}

/* Is `sym` a parameter of the kernel (not of a helper it calls)? */
static bool is_kernel_param(const Flow *flow, const Symbol *sym)
{
    const FuncInfo *kernel = flow->root->fi;
    for (int i = 0; i < kernel->param_count; i++)
        if (kernel->params[i] == sym)
            return true;
    return false;
}

static bool reporting(const Flow *flow)
{
    return flow->quiet == 0;
}

static const char *axis_name(int axis)
{
    return axis == 0 ? "x" : axis == 1 ? "y" : "z";
}

/* "a global thread index from cuda.grid(1) (line 6)" */
static const char *describe_origin(Flow *flow, const AbsVal *v, bool global)
{
    if (!v->origin.what)
        return global ? "a value that depends on the block" : "a value that depends on the thread";
    bool grid = strncmp(v->origin.what, "cuda.grid", 9) == 0 || flow_linear_grid_axis(&v->linear) >= 0;
    return arena_printf(flow->arena, "%s from %s (line %d)",
                        grid ? "a global thread index"
                        : global && v->block_dependent ? "an index that depends on the block"
                                                       : "a thread index",
                        v->origin.what, flow_line(v->origin.at));
}

/* The unique key of (sym, tag) for flow_reported. */
static const void *key_of(const void *object, int tag)
{
    return (const char *)object + tag;
}

/* a: a global array indexed by a thread index with no bound at all; kept
 * until the statement ends (flow_report_unbounded). */
static void check_global_bound(Flow *flow, Node *site, const Symbol *array, int dim, Node *index,
                               const AbsVal *v, AccessKind kind)
{
    /* blockIdx alone is not reported: per-block outputs sized by the grid
     * (partial[cuda.blockIdx.x]) are the launch's business */
    if (!v->thread_axes || v->hi || !reporting(flow))
        return;
    if (flow_reported(flow, key_of(array, dim)))
        return;
    flow = flow->root;   /* reported at the end of the kernel's statement */
    flow_reserve(flow->arena, &flow->unbounded, flow->unbounded_count, &flow->unbounded_cap,
                 sizeof *flow->unbounded);
    flow->unbounded[flow->unbounded_count++] =
        (UnboundedIndex){site, array, dim, flow_source_text(flow->arena, index->span), *v, kind != ACCESS_READ};
}

/* "'x'", "'out' and 'x'", "'out', 'x' and 'y'" */
static const char *name_list(Flow *flow, const UnboundedIndex **group, int count)
{
    const char *list = "";
    for (int i = 0; i < count; i++)
        list = arena_printf(flow->arena, "%s%s'%.*s'", list, i == 0 ? "" : i + 1 == count ? " and " : ", ",
                            STR_ARG(group[i]->array->name));
    return list;
}

void flow_report_unbounded(Flow *flow)
{
    if (flow->caller)
        return;   /* a helper's statements are part of the kernel's */
    int count = flow->unbounded_count;
    flow->unbounded_count = 0;
    bool *done = ARENA_ARRAY(flow->arena, bool, count ? count : 1);
    memset(done, 0, sizeof *done * (size_t)(count ? count : 1));
    const UnboundedIndex **group = ARENA_ARRAY(flow->arena, const UnboundedIndex *, count ? count : 1);
    for (int i = 0; i < count; i++) {
        if (done[i])
            continue;
        /* the arrays this index reaches, in source order; the caret at the
         * first, the guard suggested for an array written (the output) */
        int n = 0;
        const UnboundedIndex *first = &flow->unbounded[i], *guard = NULL;
        for (int j = i; j < count; j++) {
            const UnboundedIndex *u = &flow->unbounded[j];
            if (done[j] || strcmp(u->text, first->text) != 0)
                continue;
            done[j] = true;
            int at = n++;
            while (at > 0 && group[at - 1]->site->span.begin > u->site->span.begin) {
                group[at] = group[at - 1];
                at--;
            }
            group[at] = u;
            if (u->written && !guard)
                guard = u;
        }
        guard = guard ? guard : group[0];
        Diag *diag = flow->sema->diag;
        diag_warning(diag, group[0]->site->span, "missing-bounds-check",
                     "%s %s indexed by '%s', %s, and no condition keeps it below %s", name_list(flow, group, n),
                     n == 1 ? "is" : "are", first->text, describe_origin(flow, &first->value, true),
                     n == 1 ? "the array's extent" : "their extents");
        diag_note(diag, (Span){0},
                  "threads past the end %s read or write out of bounds (the grid is rarely an exact "
                  "multiple of the data); guard the %s with 'if %s < %.*s.shape[%d]:'",
                  n == 1 ? arena_printf(flow->arena, "of '%.*s'", STR_ARG(guard->array->name))
                         : "of these arrays",
                  n == 1 ? "access" : "accesses", first->text, STR_ARG(guard->array->name), guard->dim);
    }
}

/* b: a shared array indexed by something that grows with blockIdx. */
/* blockIdx.a * blockDim.a and blockIdx.a * k in one form cancel for
 * blockDim.a = k (y - cuda.blockIdx.y * 16 is threadIdx.y in blocks 16
 * high): right for one block size, so not reported as always wrong. */
static bool block_terms_may_cancel(const Linear *l)
{
    for (int i = 0; l->valid && i < l->count; i++)
        for (int j = 0; j < l->count; j++)
            if (l->atoms[i].kind == ATOM_BLOCKBASE && l->atoms[j].kind == ATOM_BLOCK &&
                l->atoms[i].axis == l->atoms[j].axis)
                return true;
    return false;
}

static void check_shared_global(Flow *flow, Node *site, const Symbol *array, int64_t extent, int dim,
                                Node *index, const AbsVal *v)
{
    static const int largest[3] = {1024, 1024, 64};
    if (!v->block_dependent || block_terms_may_cancel(&v->linear) || !reporting(flow))
        return;
    if (flow_bound_eval(v->hi, largest, true) < extent && flow_bound_eval(v->lo, largest, false) >= -extent)
        return;
    if (flow_reported(flow, key_of(array, TYPE_MAX_NDIM)))   /* after the per-dimension keys */
        return;
    /* Right for a grid of one block (numba-cuda's own tests launch such
     * kernels so): a warning, as the kernel is not wrong for every launch. */
    Diag *diag = flow->sema->diag;
    diag_warning(diag, site->span, "shared-global-index",
               "shared array '%.*s' (%lld elements along axis %d) is indexed by '%s', %s; shared memory "
               "is per block, so every block after the first indexes past its end",
               STR_ARG(array->name), (long long)extent, dim, flow_source_text(flow->arena, index->span),
               describe_origin(flow, v, true));
    diag_note(diag, (Span){0}, "index it with cuda.threadIdx.%s, and size it by the block",
              axis_name(v->thread_axes & 2 ? 1 : v->thread_axes & 4 ? 2 : 0));
}

/* e: a read of a shared element that another thread wrote since the last
 * barrier. */
/* Do two indices name the same element for every thread? Linear forms
 * compare exactly; other indices (t % 64) by their spelling, which is
 * right when they are written the same way and otherwise only says they
 * differ for some thread. */
static bool same_index(const Linear *a, const char *a_text, const Linear *b, const char *b_text)
{
    if (a->valid && b->valid)
        return flow_linear_equal(a, b);
    return a_text && b_text && strcmp(a_text, b_text) == 0;
}

/* Can no thread's `write` index equal any thread's `read` index? Both are
 * c*t + uniform terms + a constant: they meet only if the constants differ
 * by a multiple of the gcd of the thread coefficients (s[2*t] and
 * s[2*t + 1] never do). */
static bool never_meet(const Linear *read, const Linear *write)
{
    int64_t delta, g = 0;
    if (!flow_linear_same_terms(read, write, &delta) || delta == 0)
        return false;
    for (int i = 0; i < read->count; i++)
        if (read->atoms[i].kind == ATOM_THREAD) {
            int64_t c = read->coefs[i];
            if (c == INT64_MIN)
                return false;   /* no magnitude in int64: not judged */
            c = c < 0 ? -c : c;
            while (c) {
                int64_t r = g % c;
                g = c;
                c = r;
            }
        }
    return g > 1 && delta % g != 0;
}

static void check_shared_read(Flow *flow, FlowState *state, Node *site, const Symbol *array,
                              const Linear *index, const char *const *text, int ndim)
{
    if (!reporting(flow))
        return;
    for (int w = 0; w < state->write_count; w++) {
        const SharedWrite *write = &state->writes[w];
        if (write->array != array || write->ndim != ndim)
            continue;
        bool same = true, own_row = false, disjoint = false;
        for (int d = 0; d < ndim; d++) {
            bool equal = same_index(&index[d], text[d], &write->index[d], write->index_text[d]);
            disjoint |= never_meet(&index[d], &write->index[d]);
            same &= equal;
            /* the same thread index on one axis (cache[t, j] then cache[t, k]):
             * each thread reads back its own row */
            own_row |= equal && index[d].valid && flow_linear_has(&index[d], ATOM_THREAD);
        }
        if ((own_row && write->varying_index) || disjoint)
            continue;
        bool other_thread = (write->varying_index && !same) ||
                            (!write->varying_index && write->diverged && same &&
                             write->diverged != state->diverged);
        if (!other_thread || flow_reported(flow, site))
            continue;
        Diag *diag = flow->sema->diag;
        if (write->warp_synced) {
            diag_warning(diag, site->span, "shared-race",
                         "'%s' reads shared array '%.*s' where another thread of the block wrote at line %d, "
                         "with only cuda.syncwarp() between, which orders the threads of one warp: correct "
                         "only when the block is one warp (at most 32 threads)",
                         flow_source_text(flow->arena, site->span), STR_ARG(array->name),
                         flow_line(write->stmt->span));
            diag_note(diag, write->stmt->span, "the write");
            diag_note(diag, (Span){0},
                      "say so with launch_bounds=32 (or compile with --block), or call cuda.syncthreads()");
            return;
        }
        diag_warning(diag, site->span, "shared-race",
                     "'%s' reads shared array '%.*s' where another thread of the block wrote at line %d, "
                     "with no cuda.syncthreads() between: it may see the old value",
                     flow_source_text(flow->arena, site->span), STR_ARG(array->name),
                     flow_line(write->stmt->span));
        diag_note(diag, write->stmt->span, "the write");
        diag_note(diag, (Span){0}, "call cuda.syncthreads() after the write, where every thread of the block reaches it");
        return;
    }
}

static void record_write(Flow *flow, FlowState *state, Node *site, const Symbol *array,
                         const Linear *index, const char *const *text, int ndim, bool varying_index)
{
    flow_reserve(flow->arena, &state->writes, state->write_count, &state->write_cap, sizeof *state->writes);
    SharedWrite *w = &state->writes[state->write_count++];
    *w = (SharedWrite){.array = array, .ndim = ndim, .varying_index = varying_index,
                       .diverged = state->diverged, .stmt = site};
    for (int d = 0; d < ndim; d++) {
        w->index[d] = index[d];
        w->index_text[d] = text[d];
    }
}

/* The threadIdx axis a varying linear form pins when it equals a value
 * uniform in the block (its one threadIdx term; blockIdx, blockDim, shapes
 * and opaque values count as uniform, which can only silence a warning),
 * as a bit; 0 when it has none or several. */
static unsigned pinned_axis(const Linear *l)
{
    if (!l->valid)
        return 0;
    unsigned axes = 0;
    for (int i = 0; i < l->count; i++) {
        if (l->coefs[i] == 0 || l->atoms[i].kind != ATOM_THREAD)
            continue;
        if (axes)
            return 0;
        axes = 1u << l->atoms[i].axis;
    }
    return axes;
}

/* The threadIdx axes `cond` pins when it holds (`truth`) or fails: an
 * `==` (or a failing `!=`) of a thread index with a uniform value, and
 * conjunctions (disjunctions when failing) of those. */
static unsigned pinned_axes(Flow *flow, FlowState *state, Node *cond, bool truth)
{
    if (cond->kind == NODE_BOOLOP && (cond->boolop.op == BOOLOP_AND) == truth)
        return pinned_axes(flow, state, cond->boolop.left, truth) |
               pinned_axes(flow, state, cond->boolop.right, truth);
    if (cond->kind == NODE_UNARY && cond->unary.op == UNARY_NOT)
        return pinned_axes(flow, state, cond->unary.operand, !truth);
    if (cond->kind != NODE_COMPARE || cond->compare.operands.count != 2 ||
        cond->compare.ops[0] != (truth ? CMP_EQ : CMP_NE))
        return 0;
    flow->quiet++;   /* evaluated again: its diagnostics came the first time */
    AbsVal a = flow_eval(flow, state, cond->compare.operands.items[0]);
    AbsVal b = flow_eval(flow, state, cond->compare.operands.items[1]);
    flow->quiet--;
    if (a.varying == b.varying)
        return 0;
    return pinned_axis(a.varying ? &a.linear : &b.linear);
}

bool flow_one_thread_condition(Flow *flow, FlowState *state, Node *cond, bool truth)
{
    unsigned used = flow->root->thread_axes_used;
    unsigned pinned = pinned_axes(flow, state, cond, truth);
    return pinned && (pinned & used) == used;
}

static int known_block_threads(const Flow *flow);

/* e: every thread of the block writes one element; under a condition that
 * more than one thread passes, updates only (a guarded plain write, as
 * 'found[0] = i', may well want any one of the values). */
static void check_same_element(Flow *flow, FlowState *state, Node *site, const Symbol *array,
                               AccessKind kind, const AbsVal *stored, bool varying_index)
{
    if (varying_index || state->one_thread || !reporting(flow) || known_block_threads(flow) == 1)
        return;
    if (state->diverged && kind != ACCESS_UPDATE)
        return;
    if (kind == ACCESS_WRITE && (!stored || !stored->varying))
        return;   /* the same value from every thread: harmless */
    if (flow_reported(flow, site))
        return;
    Diag *diag = flow->sema->diag;
    const char *text = flow_source_text(flow->arena, site->span);
    if (state->diverged)
        diag_warning(diag, site->span, "same-element-write",
                     "every thread that passes '%s' (line %d) updates '%s' at once: the index does not "
                     "depend on the thread, and the read-modify-write is not atomic, so updates are lost",
                     flow_source_text(flow->arena, state->diverged->at), flow_line(state->diverged->at), text);
    else if (kind == ACCESS_UPDATE)
        diag_warning(diag, site->span, "same-element-write",
                     "every thread of the block updates '%s' at once: the index does not depend on the "
                     "thread, and the read-modify-write is not atomic, so updates are lost",
                     text);
    else
        diag_warning(diag, site->span, "same-element-write",
                     "every thread of the block writes its own value to '%s': the index does not depend "
                     "on the thread, so all but one write are lost",
                     text);
    diag_note(diag, (Span){0},
              "combine the values with cuda.atomic.add(%.*s, ...) (or another atomic), or let one thread "
              "write: 'if cuda.threadIdx.x == 0:'",
              STR_ARG(array->name));
}

/* The integer of `grid` axis that `v` is, and the extent a guard or the
 * array gives it, recorded as what the launch must cover (item 3). */
static void note_grid_cover(Flow *flow, FlowState *state, Node *site, const Symbol *array, int dim,
                            const AbsVal *v, AccessKind kind)
{
    if (flow->uses_gridsize || !reporting(flow))
        return;
    int axis = flow_linear_grid_axis(&v->linear);
    if (axis < 0)
        return;
    const char *extent = NULL;
    Str named = array->name;
    /* the guard's bound is the extent only when it is the one bound: under
     * 'i < n and i < x.shape[0]' the kernel processes min(n, x.shape[0]),
     * which no attribute can say */
    const Fact *guard = NULL;
    for (int i = 0; i < state->fact_count; i++) {
        const Fact *f = &state->facts[i];
        int64_t delta;
        if (!f->hi || !flow_linear_same_terms(&v->linear, &f->subject, &delta))
            continue;
        if (guard && !(flow_linear_equal(&guard->bound_of, &f->bound_of) &&
                       guard->bound_offset == f->bound_offset && delta == 0))
            return;
        if (f->bound_offset != -1 || delta != 0)
            return;   /* a guard this format cannot say: no check */
        guard = f;
    }
    if (guard) {
        const Atom *atom = flow_linear_single_atom(&guard->bound_of);
        if (atom && atom->kind == ATOM_SHAPE) {
            extent = arena_printf(flow->arena, "%.*s.shape[%d]", STR_ARG(atom->sym->name), atom->axis);
            named = atom->sym->name;
        } else if (atom && atom->kind == ATOM_VALUE && atom->version == 0 && is_kernel_param(flow, atom->sym)) {
            extent = arena_printf(flow->arena, "%.*s", STR_ARG(atom->sym->name));
        } else {
            return;
        }
    }
    /* unguarded, the launch must cover what the kernel writes (a read-only
     * array may well be larger: a table) */
    if (!extent && !v->hi && kind != ACCESS_READ)
        extent = arena_printf(flow->arena, "%.*s.shape[%d]", STR_ARG(array->name), dim);
    if (!extent)
        return;
    LaunchNeeds *needs = &flow->root->fi->launch;
    for (int i = 0; i < needs->cover_count; i++)
        if (needs->covers[i].axis == axis && strcmp(needs->covers[i].extent, extent) == 0)
            return;
    GridCover *grown = ARENA_ARRAY(flow->arena, GridCover, needs->cover_count + 1);
    if (needs->cover_count)
        memcpy(grown, needs->covers, sizeof *grown * (size_t)needs->cover_count);
    grown[needs->cover_count++] = (GridCover){axis, extent, named, flow_line(site->span)};
    needs->covers = grown;
}

bool flow_check_access(Flow *flow, FlowState *state, Node *site, Node *array, Node *index,
                       AccessKind kind, const AbsVal *stored)
{
    const Type *t = array->type;
    Node *parts[TYPE_MAX_NDIM];
    int count = 0;
    if (index && index->kind == NODE_TUPLE) {
        for (int i = 0; i < index->tuple.elts.count && count < TYPE_MAX_NDIM; i++)
            parts[count++] = index->tuple.elts.items[i];
    } else if (index) {
        parts[count++] = index;
    }
    AbsVal values[TYPE_MAX_NDIM];
    Linear linear[FLOW_RACE_MAX_NDIM];
    const char *text[FLOW_RACE_MAX_NDIM] = {0};
    bool varying_index = false, element = count == t->ndim;
    for (int i = 0; i < count; i++) {
        if (parts[i]->kind == NODE_SLICE) {
            element = false;
            values[i] = flow_unknown(false);
            continue;
        }
        values[i] = flow_eval(flow, state, parts[i]);
        varying_index |= values[i].varying;
        if (i < FLOW_RACE_MAX_NDIM) {
            linear[i] = values[i].linear;
            if (!linear[i].valid)
                text[i] = flow_source_text(flow->arena, parts[i]->span);
        }
    }
    ArrayRef ref = flow_resolve_array(flow, array);
    const Symbol *sym = ref.sym;
    if (!element || !sym)
        return varying_index;
    if (t->space == MEM_GLOBAL && ref.kernel_param) {
        for (int d = 0; d < count; d++) {
            check_global_bound(flow, site, sym, d, parts[d], &values[d], kind);
            note_grid_cover(flow, state, site, sym, d, &values[d], kind);
        }
    }
    const SharedArray *shared = t->space == MEM_SHARED ? ref.shared : NULL;
    bool races_followed = count <= FLOW_RACE_MAX_NDIM;
    if (shared && shared->shape[0] > 0) {
        for (int d = 0; d < count; d++) {
            check_shared_global(flow, site, sym, shared->shape[d], d, parts[d], &values[d]);
            if (!values[d].block_dependent && values[d].thread_axes && reporting(flow))
                flow_note_shared_index(flow, sym, shared->shape[d], d, &values[d], site);
        }
        if (races_followed && (kind == ACCESS_READ || kind == ACCESS_UPDATE))
            check_shared_read(flow, state, site, sym, linear, text, count);
    }
    if (kind == ACCESS_WRITE || kind == ACCESS_UPDATE) {
        if (t->space != MEM_LOCAL)
            check_same_element(flow, state, site, sym, kind, stored, varying_index);
    }
    if (shared && races_followed && kind != ACCESS_READ)
        record_write(flow, state, site, sym, linear, text, count, varying_index);
    return varying_index;
}

/* The name a function has in the source (not a specialisation's). */
static Str source_name(const FuncInfo *fi)
{
    return fi->generic ? fi->generic->name : fi->overload_of ? fi->overload_of->name : fi->name;
}

void flow_check_barrier(Flow *flow, FlowState *state, Node *call)
{
    bool direct = !call->call.callee;
    if (!direct && !flow_body_has(call->call.callee->def, flow_is_barrier_call))
        return;
    const Divergence *d = state->diverged;
    /* in a helper, the divergence it was called under is reported at the
     * call (the caller's check of the call); only its own is reported here */
    if (flow->caller && d == flow->entry_diverged)
        d = NULL;
    if (d && reporting(flow) && !flow_reported(flow, call)) {
        Diag *diag = flow->sema->diag;
        const char *what = direct ? sema_builtin_spelling((Builtin)call->call.builtin) : NULL;
        const char *cond = flow_source_text(flow->arena, d->at);
        const char *depends = d->why ? arena_printf(flow->arena, "it depends on %s", d->why)
                                     : "it depends on values that differ between threads";
        /* Right for launches where the condition holds for every thread
         * (a block no larger than the data): a warning. */
        if (direct)
            diag_warning(diag, call->span, "divergent-barrier",
                       "%s() is reached by only some threads of the block: '%s' (line %d) varies between "
                       "them (%s); the threads that skip this barrier leave the others waiting forever, "
                       "or with shared memory not yet written",
                       what, cond, flow_line(d->at), depends);
        else
            diag_warning(diag, call->span, "divergent-barrier",
                       "'%.*s' waits at cuda.syncthreads(), but this call is reached by only some threads "
                       "of the block: '%s' (line %d) varies between them (%s)",
                       STR_ARG(source_name(call->call.callee)), cond, flow_line(d->at), depends);
        if (flow->returned == d)
            diag_note(diag, flow->returned_at, "threads that left here never arrive at the barrier");
        diag_note(diag, (Span){0},
                  "every thread of the block must reach the same barriers: move the barrier out of the "
                  "branch (compute the condition, synchronise, then act on it)");
        diag_note(diag, (Span){0}, "as written, the kernel is correct only for launches where '%s' gives every "
                  "thread of a block the same answer", cond);
    }
    if (direct)
        state->write_count = 0;   /* writes before a barrier are visible after it */
}

/* The block's thread count as --block or launch_bounds give it; 0 when
 * neither does. */
static int known_block_threads(const Flow *flow)
{
    const int *block = flow->sema->options->block;
    if (block[0] > 0)
        return block[0] * block[1] * block[2];
    return flow->root->fi->jit.launch_max_threads;
}

void flow_note_syncwarp(Flow *flow, FlowState *state)
{
    int threads = known_block_threads(flow);
    if (threads > 0 && threads <= 32) {
        state->write_count = 0;   /* one warp: syncwarp is the block's barrier */
        return;
    }
    for (int w = 0; w < state->write_count; w++)
        state->writes[w].warp_synced = true;
}

/* The block's barrier check one level up: a grid sync waits for every
 * thread of the grid, so a condition that differs between blocks (one on
 * blockIdx, a global index) deadlocks it as surely as one that differs
 * between the threads of a block. */
void flow_check_grid_sync(Flow *flow, FlowState *state, Node *call)
{
    bool direct = call->call.builtin == BUILTIN_GRID_SYNC;
    if (!direct && !flow_body_has(call->call.callee->def, flow_is_grid_sync_call))
        return;
    const Divergence *d = state->grid_diverged;
    if (flow->caller && d == flow->entry_grid_diverged)
        d = NULL;   /* reported at the call, as for the block's barrier */
    if (d && reporting(flow) && !flow_reported(flow, call)) {
        Diag *diag = flow->sema->diag;
        const char *cond = flow_source_text(flow->arena, d->at);
        const char *depends = d->why ? arena_printf(flow->arena, "it depends on %s", d->why)
                                     : "it depends on values that differ between blocks or threads";
        /* Right for a grid the condition holds in everywhere: a warning. */
        if (direct)
            diag_warning(diag, call->span, "divergent-grid-sync",
                       "%s() is reached by only some threads of the grid: '%s' (line %d) differs "
                       "between them (%s); the threads that skip this grid sync leave all the others "
                       "waiting forever",
                       flow_source_text(flow->arena, call->call.func->span), cond, flow_line(d->at),
                       depends);
        else
            diag_warning(diag, call->span, "divergent-grid-sync",
                       "'%.*s' waits at a grid sync (GridGroup.sync()), but this call is reached by "
                       "only some threads of the grid: '%s' (line %d) differs between them (%s)",
                       STR_ARG(source_name(call->call.callee)), cond, flow_line(d->at), depends);
        if (flow->grid_returned == d)
            diag_note(diag, flow->grid_returned_at, "threads that left here never arrive at the grid sync");
        diag_note(diag, (Span){0},
                  "every thread of every block must reach the same grid syncs: move the sync out of "
                  "the branch (compute the condition, synchronise, then act on it)");
    }
    if (direct)
        state->write_count = 0;   /* a grid sync is also a barrier of the block */
}
