/* The flow analysis behind diagnostics a-e of docs/diagnostics.md: one walk
 * over a kernel's typed body, in execution order, that keeps for every
 * integer value
 *   - its range, as bounds that may depend on the block's dimensions
 *     (threadIdx.x lies in [0, blockDim.x - 1]), so one bound answers "is
 *     this shared index in range?" for every block at once;
 *   - a linear form over thread geometry and opaque values (tid.x +
 *     blockIdx.x*blockDim.x, 16*t + tid.y), which names the value: guards
 *     (`if i < n`) are facts about a linear form, and two indices are the
 *     same element when their forms are equal;
 *   - whether it varies between the threads of a block (and between
 *     blocks: blockIdx, cuda.grid),
 * and for every statement whether all threads of the block, and of the
 * grid, reach it. Loops
 * are walked until the values they change stop changing (bounds that keep
 * moving are widened to unbounded). The analysis only proves; what it
 * cannot follow becomes "unknown", which silences the checks rather than
 * raising them. */
#ifndef PYKC_SEMA_FLOW_H
#define PYKC_SEMA_FLOW_H

#include "analysis.h"

/* ---- bounds: integers symbolic in the block's dimensions (flow_bound.c) */

typedef enum BoundKind {
    BOUND_CONST,     /* value */
    BOUND_BLOCKDIM,  /* blockDim along axis */
    BOUND_RUNTIME,   /* finite but only known at run time (n, x.size) */
    BOUND_ADD, BOUND_MUL, BOUND_MIN, BOUND_MAX,  /* of a and b */
    BOUND_DIV,       /* floor(a / value), value > 0 */
} BoundKind;

typedef struct Bound Bound;
struct Bound {
    BoundKind kind;
    int64_t value;
    int axis;
    const Bound *a, *b;
};

/* Evaluations saturate at +-FLOW_INF; a runtime value evaluates to
 * +FLOW_INF as an upper bound and -FLOW_INF as a lower one. */
#define FLOW_INF ((int64_t)1 << 50)

const Bound *flow_bound_const(Arena *arena, int64_t value);
const Bound *flow_bound_blockdim(Arena *arena, int axis);
const Bound *flow_bound_runtime(Arena *arena);
/* Each returns NULL (unbounded) when an operand is NULL. */
const Bound *flow_bound_add(Arena *arena, const Bound *a, const Bound *b);
const Bound *flow_bound_scale(Arena *arena, const Bound *a, int64_t k);   /* a * k */
const Bound *flow_bound_mul(Arena *arena, const Bound *a, const Bound *b);/* both >= 0 */
const Bound *flow_bound_div(Arena *arena, const Bound *a, int64_t k);     /* k > 0 */
/* min of two upper bounds: NULL means +infinity, so the other one wins */
const Bound *flow_bound_min(Arena *arena, const Bound *a, const Bound *b);
/* max of two lower bounds: NULL means -infinity, so the other one wins */
const Bound *flow_bound_max(Arena *arena, const Bound *a, const Bound *b);
/* the other way round, for joins: NULL wins */
const Bound *flow_bound_join_upper(Arena *arena, const Bound *a, const Bound *b);
const Bound *flow_bound_join_lower(Arena *arena, const Bound *a, const Bound *b);
bool flow_bound_is_const(const Bound *b, int64_t *value);
/* The value for a block of block[0] x block[1] x block[2] threads. `upper`
 * says which way a runtime value goes. */
int64_t flow_bound_eval(const Bound *b, const int block[3], bool upper);
/* Do two bounds agree on a few sample blocks (a cheap equality for the
 * loop fixpoint)? */
bool flow_bound_same(const Bound *a, const Bound *b, bool upper);

/* ---- linear forms (flow_linear.c) */

typedef enum AtomKind {
    ATOM_THREAD,      /* threadIdx.axis */
    ATOM_BLOCK,       /* blockIdx.axis */
    ATOM_BLOCKBASE,   /* blockIdx.axis * blockDim.axis */
    ATOM_BLOCKDIM,    /* blockDim.axis */
    ATOM_GRIDDIM,     /* gridDim.axis */
    ATOM_SHAPE,       /* sym.shape[axis], sym an array parameter */
    ATOM_SIZE,        /* sym.size, sym an array parameter of 2 or more
                         dimensions (no extent a launch fact can name) */
    ATOM_VALUE,       /* an opaque value: sym at a version (parameters:
                         version 0), or version -1 with id an expression */
} AtomKind;

typedef struct Atom {
    AtomKind kind;
    int axis;
    const Symbol *sym;
    int version;
} Atom;

#define LINEAR_MAX_TERMS 6

typedef struct Linear {
    bool valid;                     /* false: not a linear form */
    int count;
    Atom atoms[LINEAR_MAX_TERMS];
    int64_t coefs[LINEAR_MAX_TERMS];
    int64_t constant;
} Linear;

Linear flow_linear_invalid(void);
Linear flow_linear_const(int64_t value);
Linear flow_linear_atom(Atom atom);
Linear flow_linear_add(Linear a, Linear b, int64_t b_scale);
Linear flow_linear_scale(Linear a, int64_t k);
/* Equal but for the constant: *delta = a.constant - b.constant. */
bool flow_linear_same_terms(const Linear *a, const Linear *b, int64_t *delta);
bool flow_linear_equal(const Linear *a, const Linear *b);
/* The grid axis when `l` is exactly threadIdx.a + blockIdx.a*blockDim.a
 * (what cuda.grid gives), else -1. */
int flow_linear_grid_axis(const Linear *l);
/* The one atom of `l` when it is exactly 1*atom + 0. */
const Atom *flow_linear_single_atom(const Linear *l);
bool flow_linear_has(const Linear *l, AtomKind kind);

/* ---- abstract values (flow_value.c) */

/* Where a thread-dependent value came from, for messages. */
typedef struct Origin {
    Span at;                 /* the cuda.grid call or threadIdx attribute */
    const char *what;        /* "cuda.grid(1)", "cuda.threadIdx.x" */
} Origin;

typedef struct AbsVal {
    Linear linear;
    const Bound *lo, *hi;    /* NULL: unbounded that way */
    bool varying;            /* may differ between threads of a block */
    bool block_dependent;    /* depends on blockIdx */
    bool grid_varying;       /* may differ between blocks otherwise: set on
                                paths that different blocks may take */
    unsigned thread_axes;    /* bit a: depends on threadIdx.a */
    Origin origin;           /* set when thread- or block-dependent */
    struct AbsVal *elts;     /* a tuple's elements (cuda.grid(2), a.shape) */
    int count;
    /* a bool from a comparison: the facts it gives when true and false,
     * so `inside = i < n` ... `if inside:` guards as `if i < n:` does */
    const struct Fact *if_true, *if_false;
    int if_true_count, if_false_count;
} AbsVal;

/* A guard known to hold: subject <= hi, or subject >= lo. */
typedef struct Fact Fact;
struct Fact {
    Linear subject;
    const Bound *hi, *lo;
    Linear bound_of;         /* the bounding value's form, for `i < x.shape[0]` */
    int64_t bound_offset;    /* hi = bound_of + bound_offset */
};

/* The most dimensions of a shared array whose writes the race check
 * (flow_access.c, item e) follows; a read of an array with more is not
 * judged (no warning), as every SharedWrite would otherwise carry
 * TYPE_MAX_NDIM linear forms through every branch's copy of the state. */
#define FLOW_RACE_MAX_NDIM 3

/* A shared-array write since the last barrier (flow_access.c). */
typedef struct SharedWrite {
    const Symbol *array;
    Linear index[FLOW_RACE_MAX_NDIM];
    const char *index_text[FLOW_RACE_MAX_NDIM];   /* for indices that are not linear forms */
    int ndim;
    bool varying_index;      /* each thread writes its own element */
    const struct Divergence *diverged;  /* written by only some threads */
    bool warp_synced;        /* a cuda.syncwarp() came after it: only the
                                threads of other warps may miss it */
    Node *stmt;
} SharedWrite;

typedef struct VarState {
    AbsVal value;
    int version;
} VarState;

/* Why the current statement may be reached by only some threads. */
typedef struct Divergence {
    Span at;
    const char *why;         /* "this condition varies between threads" */
} Divergence;

/* The state at one point of the walk. Copied at branches, joined after. */
typedef struct FlowState {
    VarState *vars;          /* indexed like fi->locals */
    Fact *facts;
    int fact_count, fact_cap;
    SharedWrite *writes;
    int write_count, write_cap;
    const Divergence *diverged;   /* NULL: every thread of the block is here */
    const Divergence *grid_diverged;   /* NULL: every thread of the grid is here
                                          (set whenever diverged is) */
    bool dead;               /* after return/break/continue: not reached */
    bool one_thread;         /* under a condition that at most one thread of
                                the block passes ('tid == 0') */
} FlowState;

/* The states that leave the loop being walked: by break, and by continue
 * (back to its head). */
typedef struct LoopFrame {
    FlowState *exits, *nexts;
    int exit_count, next_count, exit_cap, next_cap;
    const Divergence *diverged;       /* a varying break or continue */
    const Divergence *grid_diverged;  /* one that differs between blocks */
    struct LoopFrame *outer;
} LoopFrame;

/* A shared-array index the block must fit (item c), for flow_block.c. */
typedef struct SharedIndex {
    const Symbol *array;
    int64_t extent;
    int dim;
    const Bound *lo, *hi;
    Node *at;
} SharedIndex;

/* A global array indexed by an unbounded thread index, waiting for the end
 * of its statement so that the arrays one index reaches are reported in
 * one warning (flow_access.c). */
typedef struct UnboundedIndex {
    Node *site;
    const Symbol *array;
    int dim;
    const char *text;        /* the index as written */
    AbsVal value;
    bool written;
} UnboundedIndex;

/* An array as the function that declared it names it: a device function's
 * array parameter stands for the caller's array (flow_resolve_array). */
typedef struct ArrayRef {
    const Symbol *sym;          /* NULL: not followed (a view, an expression) */
    const SharedArray *shared;  /* a static shared array: its shape */
    bool kernel_param;          /* a global array parameter of the kernel */
} ArrayRef;

/* The analysis of a kernel, or of a device function it calls: a call is
 * walked with the caller's argument values, state and divergence, so
 * bounds, races and barriers inside helpers are checked as the kernel
 * uses them (flow_walk_call). What the kernel gets (reports, block limits,
 * coverage) goes to the root's lists. */
typedef struct Flow {
    Sema *sema;
    Arena *arena;
    FuncInfo *fi;
    struct Flow *root;                /* the kernel's analysis (itself there) */
    const struct Flow *caller;        /* a device function's: who called it */
    int depth;
    const ArrayRef *param_arrays;     /* a device function's, per parameter */
    const struct Divergence *entry_diverged;  /* how the call was reached */
    const struct Divergence *entry_grid_diverged;
    FlowState *returns;               /* a device function's return states */
    int return_count, return_cap;
    AbsVal result;                    /* ... and the values they return */
    bool has_result;
    int next_version;
    LoopFrame *loop;                  /* the innermost loop being walked */
    const Divergence *returned;       /* a varying return happened */
    Span returned_at;                 /* ... there */
    const Divergence *grid_returned;  /* a return some blocks take */
    Span grid_returned_at;
    bool uses_gridsize;               /* a grid-stride loop is likely */
    unsigned thread_axes_used;        /* threadIdx axes the kernel reads */
    int quiet;                        /* >0: a loop's early passes, or a
                                         re-evaluation: report nothing */
    SharedIndex *shared_indices;
    int shared_index_count, shared_index_cap;
    UnboundedIndex *unbounded;
    int unbounded_count, unbounded_cap;
    /* what was reported, so each problem is reported once */
    const void **reported;
    int reported_count, reported_cap;
} Flow;

/* Room for one more item in an arena array of *cap items of `size` bytes
 * holding `count`: doubles it (copying) when full. */
void flow_reserve(Arena *arena, void *items, int count, int *cap, size_t size);

int flow_local_index(const Flow *flow, const Symbol *sym);
ArrayRef flow_resolve_array(const Flow *flow, const Node *array);
/* Walks device-function call `call` with its arguments' values `args`;
 * false when it is not followed (recursion, depth, keywords). */
bool flow_walk_call(Flow *flow, FlowState *state, Node *call, const AbsVal *args, AbsVal *result);
AbsVal flow_unknown(bool varying);
/* May `v` differ between threads of the grid (of a block, or blocks)? */
bool flow_differs_in_grid(const AbsVal *v);
AbsVal flow_eval(Flow *flow, FlowState *state, Node *node);
/* a op b computed in `type` (an integer type gives ranges and forms). */
AbsVal flow_binop(Flow *flow, BinOpKind op, const Type *type, AbsVal a, AbsVal b);
/* Records the facts `cond` (if `truth`) or `not cond` gives. */
void flow_assume(Flow *flow, FlowState *state, Node *cond, bool truth);
void flow_add_fact(Flow *flow, FlowState *state, Fact fact);
/* A bool `value` computed by `cond` keeps the facts `cond` gives. */
void flow_remember_condition(Flow *flow, FlowState *state, Node *cond, AbsVal *value);
bool flow_reported(Flow *flow, const void *key);   /* marks it, says if it was */
/* Does `cond` (when true, or when false with `truth` false) let at most one
 * thread of the block through? */
bool flow_one_thread_condition(Flow *flow, FlowState *state, Node *cond, bool truth);
const char *flow_source_text(Arena *arena, Span span);
int flow_line(Span span);

/* ---- whole-body questions, callees included (flow_scan.c) */

bool flow_body_has(const Node *def, bool (*matches)(const Node *node));
bool flow_is_barrier(int builtin);                 /* syncthreads and its _count/_and/_or */
bool flow_is_barrier_call(const Node *node);
bool flow_reads_thread_identity(const Node *node); /* threadIdx, laneid, grid, atomics, warp ops */
bool flow_uses_grid_size(const Node *node);        /* gridsize, gridDim: a grid-stride loop */
bool flow_is_grid_sync_call(const Node *node);     /* g.sync() of a GridGroup */
bool flow_uses_grid_group(const Node *node);       /* cuda.cg.this_grid(), g.sync() */

/* ---- checks (flow_access.c, flow_block.c) */

/* How an access uses its element: `a[i]` read, `a[i] = v`, `a[i] += v`,
 * cuda.atomic.*(a, i, v). */
typedef enum AccessKind { ACCESS_READ, ACCESS_WRITE, ACCESS_UPDATE, ACCESS_ATOMIC } AccessKind;
/* Checks the access `site` (a SUBSCRIPT, or an atomic's CALL) of `array`
 * at `index` (evaluating the index). `stored` is the value written (WRITE,
 * UPDATE); returns whether the index varies between threads. */
bool flow_check_access(Flow *flow, FlowState *state, Node *site, Node *array, Node *index,
                       AccessKind kind, const AbsVal *stored);
void flow_check_barrier(Flow *flow, FlowState *state, Node *call);
/* cuda.syncwarp(): a barrier for a block of one warp (--block,
 * launch_bounds), else it orders the writes within each warp only. */
void flow_note_syncwarp(Flow *flow, FlowState *state);
/* g.sync(), or a device call that waits at one: reports it when only some
 * threads of the grid reach it (the block's check's twin, one level up). */
void flow_check_grid_sync(Flow *flow, FlowState *state, Node *call);
/* Reports the unbounded indices met since the last call, one warning per
 * index expression (called between statements). */
void flow_report_unbounded(Flow *flow);
/* After the walk: the block limits shared arrays impose (item c). */
void flow_finish_block_limits(Flow *flow);
void flow_note_shared_index(Flow *flow, const Symbol *array, int64_t extent, int dim,
                            const AbsVal *index, Node *at);

#endif
