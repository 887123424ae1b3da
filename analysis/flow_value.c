/* Abstract evaluation of expressions for the flow analysis (flow.h): an
 * integer's range, linear form and thread dependence, and the facts a
 * condition gives. Array accesses met on the way go to flow_check_access;
 * barriers to flow_check_barrier, grid syncs to flow_check_grid_sync. */
#include "flow.h"

#include <string.h>

/* flow_eval's cases live in functions of their own, kept out of line, so
 * that the frame each level of a nested expression costs holds only that
 * case's values: one frame holding every case's AbsVals was ~9 KB, and a
 * 900-term `n + n + ... + n` overflowed the stack (docs/limits.md). Chains that
 * grow to the left (a + b + c, a and b and c), the deep ones the parser
 * allows, are walked in a loop. */
#define FLOW_OUT_OF_LINE __attribute__((noinline))

AbsVal flow_unknown(bool varying)
{
    return (AbsVal){.linear = flow_linear_invalid(), .varying = varying};
}

bool flow_differs_in_grid(const AbsVal *v)
{
    return v->varying || v->block_dependent || v->grid_varying;
}

static AbsVal constant(Arena *arena, int64_t value)
{
    const Bound *b = flow_bound_const(arena, value);
    return (AbsVal){.linear = flow_linear_const(value), .lo = b, .hi = b};
}

void flow_reserve(Arena *arena, void *items, int count, int *cap, size_t size)
{
    if (count < *cap)
        return;
    int grown = *cap ? 2 * *cap : 8;
    void *copy = arena_alloc(arena, size * (size_t)grown);
    void **slot = items;
    if (count)
        memcpy(copy, *slot, size * (size_t)count);
    *slot = copy;
    *cap = grown;
}

int flow_local_index(const Flow *flow, const Symbol *sym)
{
    for (int i = 0; i < flow->fi->local_count; i++)
        if (flow->fi->locals[i] == sym)
            return i;
    return -1;
}

const char *flow_source_text(Arena *arena, Span span)
{
    return arena_strndup(arena, span.src->text + span.begin, span.end - span.begin);
}

int flow_line(Span span)
{
    return source_locate(span.src, span.begin).line;
}

bool flow_reported(Flow *flow, const void *key)
{
    flow = flow->root;   /* a problem in a helper is reported once per kernel */
    for (int i = 0; i < flow->reported_count; i++)
        if (flow->reported[i] == key)
            return true;
    flow_reserve(flow->arena, &flow->reported, flow->reported_count, &flow->reported_cap,
                 sizeof *flow->reported);
    flow->reported[flow->reported_count++] = key;
    return false;
}

void flow_add_fact(Flow *flow, FlowState *state, Fact fact)
{
    if (!fact.subject.valid || (!fact.hi && !fact.lo))
        return;
    flow_reserve(flow->arena, &state->facts, state->fact_count, &state->fact_cap, sizeof *state->facts);
    state->facts[state->fact_count++] = fact;
}

/* Narrows v's range by every fact about its linear form (or the same form
 * shifted by a constant: a fact on i gives one on i + 1). */
static AbsVal apply_facts(Flow *flow, const FlowState *state, AbsVal v)
{
    for (int i = 0; i < state->fact_count; i++) {
        const Fact *f = &state->facts[i];
        int64_t delta;
        if (!flow_linear_same_terms(&v.linear, &f->subject, &delta))
            continue;
        /* the fact's own bounds when unshifted: no allocation per fact */
        const Bound *shift = delta ? flow_bound_const(flow->arena, delta) : NULL;
        if (f->hi)
            v.hi = flow_bound_min(flow->arena, v.hi, shift ? flow_bound_add(flow->arena, f->hi, shift) : f->hi);
        if (f->lo)
            v.lo = flow_bound_max(flow->arena, v.lo, shift ? flow_bound_add(flow->arena, f->lo, shift) : f->lo);
    }
    return v;
}

static void merge_dependence(AbsVal *into, const AbsVal *from)
{
    into->varying |= from->varying;
    into->block_dependent |= from->block_dependent;
    into->grid_varying |= from->grid_varying;
    into->thread_axes |= from->thread_axes;
    if (!into->origin.what && from->origin.what)
        into->origin = from->origin;
}

static AbsVal geometry(Flow *flow, Node *node, int builtin)
{
    Arena *arena = flow->arena;
    int axis = (builtin - BUILTIN_THREADIDX_X) % 3;
    AbsVal v = flow_unknown(false);
    Atom atom = {.axis = axis};
    if (builtin <= BUILTIN_THREADIDX_Z) {
        atom.kind = ATOM_THREAD;
        v.lo = flow_bound_const(arena, 0);
        v.hi = flow_bound_add(arena, flow_bound_blockdim(arena, axis), flow_bound_const(arena, -1));
        v.varying = true;
        v.thread_axes = 1u << axis;
        flow->root->thread_axes_used |= 1u << axis;
        v.origin = (Origin){node->span, sema_builtin_spelling(builtin)};
    } else if (builtin <= BUILTIN_BLOCKIDX_Z) {
        atom.kind = ATOM_BLOCK;
        v.lo = flow_bound_const(arena, 0);   /* no upper bound: the grid is the launch's */
        v.block_dependent = true;
        v.origin = (Origin){node->span, sema_builtin_spelling(builtin)};
    } else if (builtin <= BUILTIN_BLOCKDIM_Z) {
        atom.kind = ATOM_BLOCKDIM;
        v.lo = v.hi = flow_bound_blockdim(arena, axis);
    } else {
        atom.kind = ATOM_GRIDDIM;
        v.lo = flow_bound_const(arena, 1);
    }
    v.linear = flow_linear_atom(atom);
    return v;
}

/* cuda.grid(n): threadIdx + blockIdx * blockDim along each axis. */
static AbsVal grid_axis(Flow *flow, Node *call, int axis)
{
    AbsVal v = flow_unknown(true);
    v.linear = flow_linear_add(flow_linear_atom((Atom){.kind = ATOM_THREAD, .axis = axis}),
                               flow_linear_atom((Atom){.kind = ATOM_BLOCKBASE, .axis = axis}), 1);
    v.lo = flow_bound_const(flow->arena, 0);
    v.block_dependent = true;
    v.thread_axes = 1u << axis;
    flow->root->thread_axes_used |= 1u << axis;
    v.origin = (Origin){call->span, arena_printf(flow->arena, "cuda.grid(%d)", (int)call->call.args.items[0]->konst.i)};
    return v;
}

static AbsVal grid_call(Flow *flow, Node *call, bool size)
{
    int n = call->call.args.count == 1 && call->call.args.items[0]->konst.kind == CONST_INT
                ? (int)call->call.args.items[0]->konst.i : 1;
    if (n < 1 || n > 3)
        return flow_unknown(!size);
    AbsVal axes[3];
    for (int a = 0; a < n; a++) {
        if (size) {
            axes[a] = flow_unknown(false);
            axes[a].lo = flow_bound_const(flow->arena, 1);
        } else {
            axes[a] = grid_axis(flow, call, a);
        }
    }
    if (n == 1)
        return axes[0];
    AbsVal tuple = flow_unknown(!size);
    tuple.elts = ARENA_ARRAY(flow->arena, AbsVal, n);
    memcpy(tuple.elts, axes, sizeof axes[0] * (size_t)n);
    tuple.count = n;
    for (int a = 0; a < n; a++)
        merge_dependence(&tuple, &axes[a]);
    return tuple;
}

/* x.shape[k] (k = -1: the whole tuple) of an array; a kernel parameter's
 * extent is an atom of the linear forms (guards name it). */
static AbsVal shape_of(Flow *flow, Node *array, int k)
{
    const Type *t = array->type;
    ArrayRef ref = flow_resolve_array(flow, array);
    if (k < 0) {
        AbsVal tuple = flow_unknown(false);
        tuple.count = t->ndim;
        tuple.elts = ARENA_ARRAY(flow->arena, AbsVal, t->ndim);
        for (int d = 0; d < t->ndim; d++)
            tuple.elts[d] = shape_of(flow, array, d);
        return tuple;
    }
    AbsVal v = flow_unknown(false);
    v.lo = flow_bound_const(flow->arena, 0);
    v.hi = flow_bound_runtime(flow->arena);
    if (ref.kernel_param)
        v.linear = flow_linear_atom((Atom){.kind = ATOM_SHAPE, .axis = k, .sym = ref.sym});
    return v;
}

/* x.size: x.shape[0] for one dimension; with more, the product, an atom of
 * its own (a guard `i < x.size` still bounds i, but names no extent). */
static AbsVal size_of(Flow *flow, Node *array)
{
    AbsVal v = shape_of(flow, array, 0);
    if (array->type->ndim > 1 && v.linear.valid)
        v.linear = flow_linear_atom((Atom){.kind = ATOM_SIZE, .sym = v.linear.atoms[0].sym});
    return v;
}

static bool is_int(const Type *t)
{
    return t && (t->kind == TYPE_INT || t->kind == TYPE_BOOL);
}

static FLOW_OUT_OF_LINE AbsVal eval_name(Flow *flow, FlowState *state, Node *node)
{
    if (node->konst.kind == CONST_INT && is_int(node->type))
        return constant(flow->arena, node->konst.i);
    int index = node->name.sym ? flow_local_index(flow, node->name.sym) : -1;
    if (index < 0)
        return flow_unknown(false);
    return apply_facts(flow, state, state->vars[index].value);
}

/* Is a lower bound at least 0 for the smallest and the largest blocks? */
static bool is_nonnegative(const Bound *lo)
{
    static const int smallest[3] = {1, 1, 1}, largest[3] = {1024, 1024, 64};
    return lo && flow_bound_eval(lo, smallest, false) >= 0 && flow_bound_eval(lo, largest, false) >= 0;
}

/* a <op> b on integers. */
static FLOW_OUT_OF_LINE AbsVal arithmetic(Flow *flow, BinOpKind op, AbsVal a, AbsVal b)
{
    Arena *arena = flow->arena;
    AbsVal v = flow_unknown(false);
    merge_dependence(&v, &a);
    merge_dependence(&v, &b);
    int64_t k;
    bool b_const = flow_bound_is_const(b.lo, &k) && b.hi == b.lo;
    bool a_nonneg = is_nonnegative(a.lo), b_nonneg = is_nonnegative(b.lo);
    switch (op) {
    case BINOP_ADD:
        v.linear = flow_linear_add(a.linear, b.linear, 1);
        v.lo = flow_bound_add(arena, a.lo, b.lo);
        v.hi = flow_bound_add(arena, a.hi, b.hi);
        break;
    case BINOP_SUB:
        v.linear = flow_linear_add(a.linear, b.linear, -1);
        v.lo = flow_bound_add(arena, a.lo, flow_bound_scale(arena, b.hi, -1));
        v.hi = flow_bound_add(arena, a.hi, flow_bound_scale(arena, b.lo, -1));
        break;
    case BINOP_MUL:
        if (b_const) {
            v.linear = flow_linear_scale(a.linear, k);
            v.lo = flow_bound_scale(arena, k >= 0 ? a.lo : a.hi, k);
            v.hi = flow_bound_scale(arena, k >= 0 ? a.hi : a.lo, k);
        } else if (flow_bound_is_const(a.lo, &k) && a.hi == a.lo) {
            return arithmetic(flow, op, b, a);
        } else {
            const Atom *x = flow_linear_single_atom(&a.linear), *y = flow_linear_single_atom(&b.linear);
            if (x && y && x->axis == y->axis &&
                ((x->kind == ATOM_BLOCK && y->kind == ATOM_BLOCKDIM) ||
                 (x->kind == ATOM_BLOCKDIM && y->kind == ATOM_BLOCK)))
                v.linear = flow_linear_atom((Atom){.kind = ATOM_BLOCKBASE, .axis = x->axis});
            if (a_nonneg && b_nonneg) {
                v.lo = flow_bound_mul(arena, a.lo, b.lo);
                v.hi = flow_bound_mul(arena, a.hi, b.hi);
            }
        }
        break;
    case BINOP_FLOORDIV:
    case BINOP_RSHIFT:
        if (b_const && op == BINOP_RSHIFT && k >= 0 && k < 62)
            k = (int64_t)1 << k;
        else if (op == BINOP_RSHIFT)
            break;
        if (b_const && k > 0) {
            v.lo = flow_bound_div(arena, a.lo, k);
            v.hi = flow_bound_div(arena, a.hi, k);
        }
        break;
    case BINOP_MOD:
        /* Python's %: the divisor's sign, and below the divisor */
        if (b_const && k > 0) {
            v.lo = flow_bound_const(arena, 0);
            v.hi = flow_bound_const(arena, k - 1);
            if (a_nonneg)
                v.hi = flow_bound_min(arena, v.hi, a.hi);
        } else if (b_nonneg && b.hi) {
            v.lo = flow_bound_const(arena, 0);
            v.hi = flow_bound_add(arena, b.hi, flow_bound_const(arena, -1));
        }
        break;
    case BINOP_BITAND:
        if (b_const && k >= 0) {
            v.lo = flow_bound_const(arena, 0);
            v.hi = flow_bound_const(arena, k);
        }
        break;
    case BINOP_LSHIFT:
        if (b_const && k >= 0 && k < 32) {
            v.linear = flow_linear_scale(a.linear, (int64_t)1 << k);
            if (a_nonneg) {
                v.lo = flow_bound_scale(arena, a.lo, (int64_t)1 << k);
                v.hi = flow_bound_scale(arena, a.hi, (int64_t)1 << k);
            }
        }
        break;
    default:
        break;
    }
    return v;
}

/* A value whose linear form uses only threadIdx and blockDim is that form
 * exactly: its range and dependence follow from it, even where interval
 * arithmetic lost them (cuda.grid(1) - blockIdx.x * blockDim.x is
 * threadIdx.x, in [0, blockDim.x - 1], and no longer depends on the block). */
static AbsVal exact_from_form(Flow *flow, AbsVal v)
{
    if (!v.linear.valid)
        return v;
    Arena *arena = flow->arena;
    const Bound *lo = flow_bound_const(arena, v.linear.constant), *hi = lo;
    unsigned axes = 0;
    for (int i = 0; i < v.linear.count; i++) {
        const Atom *atom = &v.linear.atoms[i];
        int64_t k = v.linear.coefs[i];
        const Bound *dim = flow_bound_blockdim(arena, atom->axis);
        if (atom->kind == ATOM_BLOCKDIM) {
            lo = flow_bound_add(arena, lo, flow_bound_scale(arena, dim, k));
            hi = flow_bound_add(arena, hi, flow_bound_scale(arena, dim, k));
        } else if (atom->kind == ATOM_THREAD) {
            const Bound *last = flow_bound_scale(arena, flow_bound_add(arena, dim, flow_bound_const(arena, -1)), k);
            lo = k < 0 ? flow_bound_add(arena, lo, last) : lo;
            hi = k > 0 ? flow_bound_add(arena, hi, last) : hi;
            axes |= 1u << atom->axis;
        } else {
            return v;
        }
    }
    v.lo = flow_bound_max(arena, v.lo, lo);
    v.hi = flow_bound_min(arena, v.hi, hi);
    v.block_dependent = false;
    v.thread_axes = axes;
    v.varying = axes != 0;
    return v;
}

AbsVal flow_binop(Flow *flow, BinOpKind op, const Type *type, AbsVal a, AbsVal b)
{
    if (!is_int(type)) {
        AbsVal v = flow_unknown(false);
        merge_dependence(&v, &a);
        merge_dependence(&v, &b);
        return v;
    }
    return exact_from_form(flow, arithmetic(flow, op, a, b));
}

static FLOW_OUT_OF_LINE AbsVal eval_call(Flow *flow, FlowState *state, Node *call)
{
    int b = call->call.builtin;
    NodeList *args = &call->call.args;
    if (b == BUILTIN_GRID || b == BUILTIN_GRIDSIZE)
        return grid_call(flow, call, b == BUILTIN_GRIDSIZE);
    if (b == BUILTIN_LEN && args->count == 1 && args->items[0]->type &&
        args->items[0]->type->kind == TYPE_ARRAY)
        return shape_of(flow, args->items[0], 0);
    if (b >= BUILTIN_ATOMIC_ADD && b <= BUILTIN_ATOMIC_COMPARE_AND_SWAP) {
        for (int i = 2; i < args->count; i++)
            flow_eval(flow, state, args->items[i]);   /* for the accesses in the operands */
        if (args->count >= 2 && b != BUILTIN_ATOMIC_COMPARE_AND_SWAP)
            flow_check_access(flow, state, call, args->items[0], args->items[1], ACCESS_ATOMIC, NULL);
        return flow_unknown(true);   /* the old value: each thread sees its own */
    }
    AbsVal v = flow_unknown(false);
    AbsVal first = flow_unknown(false), second = flow_unknown(false);
    AbsVal *values = ARENA_ARRAY(flow->arena, AbsVal, args->count ? args->count : 1);
    for (int i = 0; i < args->count; i++) {
        AbsVal arg = values[i] = flow_eval(flow, state, args->items[i]);
        if (i == 0)
            first = arg;
        if (i == 1)
            second = arg;
        merge_dependence(&v, &arg);
    }
    for (int i = 0; i < call->call.keywords.count; i++) {
        AbsVal arg = flow_eval(flow, state, call->call.keywords.items[i]->keyword.value);
        merge_dependence(&v, &arg);
    }
    if (flow_is_barrier(b)) {
        flow_check_barrier(flow, state, call);
        return flow_unknown(false);   /* _count/_and/_or give every thread one value */
    }
    if (b == BUILTIN_SYNCWARP)
        flow_note_syncwarp(flow, state);
    if (b == BUILTIN_GRID_SYNC) {
        if (call->call.func->kind == NODE_ATTRIBUTE)
            flow_eval(flow, state, call->call.func->attribute.value);   /* the GridGroup */
        flow_check_grid_sync(flow, state, call);
        return flow_unknown(false);   /* 0 in every thread */
    }
    if (b == BUILTIN_CAST && args->count == 1 && is_int(call->type) && is_int(args->items[0]->type))
        return first;
    if ((b == BUILTIN_MIN || b == BUILTIN_MAX) && args->count == 2 && is_int(call->type)) {
        v.lo = b == BUILTIN_MIN ? flow_bound_join_lower(flow->arena, first.lo, second.lo)
                                : flow_bound_max(flow->arena, first.lo, second.lo);
        v.hi = b == BUILTIN_MIN ? flow_bound_min(flow->arena, first.hi, second.hi)
                                : flow_bound_join_upper(flow->arena, first.hi, second.hi);
        return v;
    }
    if (b >= BUILTIN_SHFL_SYNC && b <= BUILTIN_LANEMASK_LT)
        v.varying = true;
    if (call->call.callee) {
        flow_check_barrier(flow, state, call);   /* a barrier inside the callee */
        flow_check_grid_sync(flow, state, call);
        AbsVal returned;
        if (flow_walk_call(flow, state, call, values, &returned))
            return returned;
        if (flow_body_has(call->call.callee->def, flow_reads_thread_identity))
            v.varying = true;
    }
    if (b == BUILTIN_SHARED_ARRAY || b == BUILTIN_LOCAL_ARRAY)
        return flow_unknown(false);
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_subscript(Flow *flow, FlowState *state, Node *node)
{
    Node *base = node->subscript.value;
    const Type *bt = base->type;
    if (bt && bt->kind == TYPE_ARRAY) {
        bool varying = flow_eval(flow, state, base).varying;
        varying |= flow_check_access(flow, state, node, base, node->subscript.index, ACCESS_READ, NULL);
        /* a local array holds one thread's values */
        return flow_unknown(varying || bt->space == MEM_LOCAL);
    }
    AbsVal tuple = flow_eval(flow, state, base);
    Node *index = node->subscript.index;
    AbsVal at = flow_eval(flow, state, index);
    if (tuple.elts && index->konst.kind == CONST_INT) {
        int64_t k = index->konst.i < 0 ? index->konst.i + tuple.count : index->konst.i;
        if (k >= 0 && k < tuple.count)
            return apply_facts(flow, state, tuple.elts[k]);
    }
    AbsVal v = flow_unknown(tuple.varying);
    merge_dependence(&v, &at);
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_attribute(Flow *flow, FlowState *state, Node *node)
{
    int b = node->attribute.builtin;
    if (b >= BUILTIN_THREADIDX_X && b <= BUILTIN_GRIDDIM_Z)
        return apply_facts(flow, state, geometry(flow, node, b));
    if (b == BUILTIN_LANEID) {
        AbsVal v = flow_unknown(true);
        v.lo = flow_bound_const(flow->arena, 0);
        v.hi = flow_bound_const(flow->arena, 31);
        v.origin = (Origin){node->span, "cuda.laneid"};
        return v;
    }
    if (node->konst.kind == CONST_INT)
        return constant(flow->arena, node->konst.i);
    Node *base = node->attribute.value;
    if (base->type && base->type->kind == TYPE_ARRAY) {
        if (b == BUILTIN_ARRAY_SHAPE)
            return shape_of(flow, base, -1);
        if (b == BUILTIN_ARRAY_SIZE)
            return apply_facts(flow, state, size_of(flow, base));
    }
    return flow_unknown(flow_eval(flow, state, base).varying);
}

/* Evaluates `node` in a copy of the state in which `cond` is (not) true:
 * the right operand of `and`, a branch of `a if c else b`. */
static AbsVal eval_assuming(Flow *flow, FlowState *state, Node *cond, bool truth, Node *node)
{
    int facts = state->fact_count;
    flow_assume(flow, state, cond, truth);
    AbsVal v = flow_eval(flow, state, node);
    state->fact_count = facts;
    return v;
}


static bool is_int_constant(const Node *node)
{
    return node->konst.kind == CONST_INT && is_int(node->type) && node->kind != NODE_CALL;
}

/* The nodes of a chain growing to the left, innermost first: `node`, its
 * left operand while that is a link too (`is_link`), and so on. */
typedef bool (*IsLink)(const Node *node, const Node *top);

static Node **left_spine(Arena *arena, Node *node, IsLink is_link, Node **small, int small_count,
                         int *count)
{
    int n = 0;
    for (Node *at = node; is_link(at, node); at = at->kind == NODE_BINOP ? at->binop.left : at->boolop.left)
        n++;
    Node **spine = n <= small_count ? small : ARENA_ARRAY(arena, Node *, n);
    int i = n;
    for (Node *at = node; i > 0; at = at->kind == NODE_BINOP ? at->binop.left : at->boolop.left)
        spine[--i] = at;
    *count = n;
    return spine;
}

static bool is_binop_link(const Node *node, const Node *top)
{
    (void)top;
    return node->kind == NODE_BINOP && !is_int_constant(node);
}

static bool is_boolop_link(const Node *node, const Node *top)
{
    return node->kind == NODE_BOOLOP && node->boolop.op == top->boolop.op && !is_int_constant(node);
}

/* ((a op b) op c) op d: each operator applied to the value so far. */
static FLOW_OUT_OF_LINE AbsVal eval_binop_chain(Flow *flow, FlowState *state, Node *node)
{
    Node *small[16] = {0};
    int count;
    Node **spine = left_spine(flow->arena, node, is_binop_link, small, 16, &count);
    AbsVal value = flow_eval(flow, state, spine[0]->binop.left);
    for (int i = 0; i < count; i++) {
        AbsVal right = flow_eval(flow, state, spine[i]->binop.right);
        value = apply_facts(flow, state, flow_binop(flow, spine[i]->binop.op, spine[i]->type, value, right));
    }
    return value;
}

/* a and b and c: each operand evaluated where the ones before it were true
 * (`or`: false), as flow_assume of the chain so far would give. */
static FLOW_OUT_OF_LINE AbsVal eval_boolop_chain(Flow *flow, FlowState *state, Node *node)
{
    Node *small[16] = {0};
    int count;
    Node **spine = left_spine(flow->arena, node, is_boolop_link, small, 16, &count);
    bool truth = node->boolop.op == BOOLOP_AND;
    int facts = state->fact_count;
    AbsVal v = flow_unknown(false);
    AbsVal operand = flow_eval(flow, state, spine[0]->boolop.left);
    merge_dependence(&v, &operand);
    for (int i = 0; i < count; i++) {
        Node *before = i == 0 ? spine[0]->boolop.left : spine[i - 1]->boolop.right;
        flow_assume(flow, state, before, truth);
        operand = flow_eval(flow, state, spine[i]->boolop.right);
        merge_dependence(&v, &operand);
    }
    state->fact_count = facts;
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_convert(Flow *flow, FlowState *state, Node *node)
{
    AbsVal v = flow_eval(flow, state, node->convert.operand);
    if (is_int(node->type) && is_int(node->convert.operand->type))
        return v;
    AbsVal converted = flow_unknown(false);
    merge_dependence(&converted, &v);
    return converted;
}

static FLOW_OUT_OF_LINE AbsVal eval_unary(Flow *flow, FlowState *state, Node *node)
{
    AbsVal a = flow_eval(flow, state, node->unary.operand);
    if (node->unary.op == UNARY_NEG && is_int(node->type))
        return arithmetic(flow, BINOP_MUL, a, constant(flow->arena, -1));
    if (node->unary.op == UNARY_POS)
        return a;
    AbsVal v = flow_unknown(false);
    merge_dependence(&v, &a);
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_compare(Flow *flow, FlowState *state, Node *node)
{
    AbsVal v = flow_unknown(false);
    for (int i = 0; i < node->compare.operands.count; i++) {
        AbsVal operand = flow_eval(flow, state, node->compare.operands.items[i]);
        merge_dependence(&v, &operand);
    }
    v.linear = flow_linear_invalid();
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_ifexp(Flow *flow, FlowState *state, Node *node)
{
    AbsVal c = flow_eval(flow, state, node->ifexp.cond);
    AbsVal a = eval_assuming(flow, state, node->ifexp.cond, true, node->ifexp.body);
    AbsVal b = eval_assuming(flow, state, node->ifexp.cond, false, node->ifexp.orelse);
    AbsVal v = flow_unknown(c.varying || a.varying || b.varying);
    v.grid_varying = flow_differs_in_grid(&c);   /* blocks may pick differently */
    v.lo = flow_bound_join_lower(flow->arena, a.lo, b.lo);
    v.hi = flow_bound_join_upper(flow->arena, a.hi, b.hi);
    merge_dependence(&v, &a);
    merge_dependence(&v, &b);
    return v;
}

static FLOW_OUT_OF_LINE AbsVal eval_tuple(Flow *flow, FlowState *state, Node *node)
{
    AbsVal tuple = flow_unknown(false);
    tuple.count = node->tuple.elts.count;
    tuple.elts = ARENA_ARRAY(flow->arena, AbsVal, tuple.count ? tuple.count : 1);
    for (int i = 0; i < tuple.count; i++) {
        tuple.elts[i] = flow_eval(flow, state, node->tuple.elts.items[i]);
        merge_dependence(&tuple, &tuple.elts[i]);
    }
    return tuple;
}

AbsVal flow_eval(Flow *flow, FlowState *state, Node *node)
{
    if (!node)
        return flow_unknown(false);
    if (is_int_constant(node))
        return constant(flow->arena, node->konst.i);
    switch (node->kind) {
    case NODE_NAME:
        return eval_name(flow, state, node);
    case NODE_ATTRIBUTE:
        return eval_attribute(flow, state, node);
    case NODE_CALL:
        return eval_call(flow, state, node);
    case NODE_SUBSCRIPT:
        return eval_subscript(flow, state, node);
    case NODE_CONVERT:
        return eval_convert(flow, state, node);
    case NODE_BINOP:
        return eval_binop_chain(flow, state, node);
    case NODE_UNARY:
        return eval_unary(flow, state, node);
    case NODE_BOOLOP:
        return eval_boolop_chain(flow, state, node);
    case NODE_COMPARE:
        return eval_compare(flow, state, node);
    case NODE_IFEXP:
        return eval_ifexp(flow, state, node);
    case NODE_TUPLE:
        return eval_tuple(flow, state, node);
    default:
        /* literals and anything else: nothing known */
        return flow_unknown(false);
    }
}

/* ---- conditions */

static CmpOpKind negate(CmpOpKind op)
{
    switch (op) {
    case CMP_LT: return CMP_GE;
    case CMP_LE: return CMP_GT;
    case CMP_GT: return CMP_LE;
    case CMP_GE: return CMP_LT;
    case CMP_EQ: return CMP_NE;
    case CMP_NE: return CMP_EQ;
    default: return op;
    }
}

/* Facts of `a op b` about a (and, mirrored, about b). */
static void assume_compare(Flow *flow, FlowState *state, AbsVal a, CmpOpKind op, AbsVal b)
{
    Arena *arena = flow->arena;
    const Bound *one = flow_bound_const(arena, 1), *minus_one = flow_bound_const(arena, -1);
    switch (op) {
    case CMP_LT:
        flow_add_fact(flow, state, (Fact){.subject = a.linear, .hi = flow_bound_add(arena, b.hi, minus_one),
                                          .bound_of = b.linear, .bound_offset = -1});
        flow_add_fact(flow, state, (Fact){.subject = b.linear, .lo = flow_bound_add(arena, a.lo, one)});
        break;
    case CMP_LE:
        flow_add_fact(flow, state, (Fact){.subject = a.linear, .hi = b.hi, .bound_of = b.linear});
        flow_add_fact(flow, state, (Fact){.subject = b.linear, .lo = a.lo});
        break;
    case CMP_GT:
        assume_compare(flow, state, b, CMP_LT, a);
        break;
    case CMP_GE:
        assume_compare(flow, state, b, CMP_LE, a);
        break;
    case CMP_EQ:
        assume_compare(flow, state, a, CMP_LE, b);
        assume_compare(flow, state, b, CMP_LE, a);
        break;
    default:
        break;
    }
}

void flow_assume(Flow *flow, FlowState *state, Node *cond, bool truth)
{
    /* facts come from evaluating operands again: quietly, they were checked */
    flow->quiet++;
    switch (cond->kind) {
    case NODE_COMPARE: {
        NodeList *ops = &cond->compare.operands;
        if (!truth && ops->count != 2)
            break;   /* not (a < b < c) is a disjunction */
        for (int i = 0; i + 1 < ops->count; i++) {
            CmpOpKind op = truth ? cond->compare.ops[i] : negate(cond->compare.ops[i]);
            AbsVal a = flow_eval(flow, state, ops->items[i]);
            AbsVal b = flow_eval(flow, state, ops->items[i + 1]);
            assume_compare(flow, state, a, op, b);
        }
        break;
    }
    case NODE_BOOLOP:
        if ((cond->boolop.op == BOOLOP_AND) == truth) {
            /* each operand of the chain, in order, without a recursion per
             * operand */
            Node *small[16] = {0};
            int count;
            Node **spine = left_spine(flow->arena, cond, is_boolop_link, small, 16, &count);
            flow_assume(flow, state, spine[0]->boolop.left, truth);
            for (int i = 0; i < count; i++)
                flow_assume(flow, state, spine[i]->boolop.right, truth);
        }
        break;
    case NODE_UNARY:
        if (cond->unary.op == UNARY_NOT)
            flow_assume(flow, state, cond->unary.operand, !truth);
        break;
    case NODE_CONVERT:
        flow_assume(flow, state, cond->convert.operand, truth);
        break;
    case NODE_NAME: {
        int index = cond->name.sym ? flow_local_index(flow, cond->name.sym) : -1;
        if (index < 0)
            break;
        const AbsVal *v = &state->vars[index].value;
        const Fact *facts = truth ? v->if_true : v->if_false;
        int count = truth ? v->if_true_count : v->if_false_count;
        for (int i = 0; i < count; i++)
            flow_add_fact(flow, state, facts[i]);
        break;
    }
    default:
        break;
    }
    flow->quiet--;
}

/* The facts `cond` gives when it is `truth`, as an array of *count. */
static const Fact *facts_of(Flow *flow, FlowState *state, Node *cond, bool truth, int *count)
{
    int before = state->fact_count;
    flow_assume(flow, state, cond, truth);
    *count = state->fact_count - before;
    Fact *facts = ARENA_ARRAY(flow->arena, Fact, *count ? *count : 1);
    if (*count)
        memcpy(facts, state->facts + before, sizeof *facts * (size_t)*count);
    state->fact_count = before;
    return facts;
}

void flow_remember_condition(Flow *flow, FlowState *state, Node *cond, AbsVal *value)
{
    if (!cond->type || cond->type->kind != TYPE_BOOL)
        return;
    value->if_true = facts_of(flow, state, cond, true, &value->if_true_count);
    value->if_false = facts_of(flow, state, cond, false, &value->if_false_count);
}
