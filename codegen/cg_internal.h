/* Codegen's private interface: the state one compilation shares across the
 * codegen files, and the cg_ functions they call in each other. Only files
 * in codegen/ include it; the public entry points are in codegen.h.
 *
 * Value representation (what cg_type gives): bool is i1 in registers and i8
 * in memory; a complex is {F re, F im} (F: float or double); an array value
 * is {ptr data, [d x i64] shape, [d x i64] strides} with the data pointer in
 * the address space of the array's memory; a tuple is a literal struct of
 * its elements' register types. */
#ifndef PYKC_CODEGEN_CG_INTERNAL_H
#define PYKC_CODEGEN_CG_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "../base/arena.h"
#include "codegen.h"
#include "module_facts.h"
#include "../sema/np_ufuncs.h"

/* NVPTX address spaces. */
enum { CG_AS_GENERIC = 0, CG_AS_GLOBAL = 1, CG_AS_SHARED = 3, CG_AS_CONST = 4, CG_AS_LOCAL = 5 };

/* The targets of 'break' and 'continue' of the innermost loop. */
typedef struct CgLoop {
    LLVMBasicBlockRef break_bb;
    LLVMBasicBlockRef continue_bb;
    struct CgLoop *outer;
} CgLoop;

/* The global made for one cuda.shared.array call site. */
typedef struct CgShared {
    const Node *call;
    LLVMValueRef global;
    struct CgShared *next;
} CgShared;

/* The global made for one global NumPy array (cg_const_array.c). */
typedef struct CgConstArray {
    const ConstArray *array;
    LLVMValueRef global;
    struct CgConstArray *next;
} CgConstArray;

typedef struct CgLibdevice CgLibdevice;   /* cg_libdevice.c's state */
typedef struct CgDebug CgDebug;           /* cg_debuginfo.c's state */
typedef struct CgCheck CgCheck;           /* cg_check.c's state */

typedef struct Cg {
    const CgOptions *options;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMBuilderRef b;            /* where code goes */
    LLVMBuilderRef alloca_b;     /* the end of the entry block: allocas only */
    LLVMTargetDataRef layout;
    Diag *diag;
    Arena arena;                 /* NUL-terminated names for LLVM */
    int errors_at_start;
    /* the function being generated */
    FuncInfo *func;
    LLVMValueRef fn;
    CgLoop *loop;
    CgShared *shared;            /* static shared arrays made so far */
    LLVMValueRef dynamic_smem;   /* the module's extern shared array, or NULL */
    CgConstArray *const_arrays;  /* global NumPy arrays emitted so far */
    CgLibdevice *libdevice;      /* NULL until a call needs libdevice */
    CgDebug *debug;              /* NULL until a function needs line tables */
    CgCheck *check;              /* --check: NULL until the first check site */
    const Node *nsw_step;        /* the `i += STEP` of the while loop being
                                    emitted that cannot wrap (cg_stride_loop.c) */
    bool late_unroll;            /* a loop is marked for cg_late_unroll */
    LLVMModuleRef module_before_lsr; /* mod before cg_lsr.c put its copy in
                                        its place, or NULL */
} Cg;

/* cg_types.c: types, constants, conversions */
LLVMTypeRef cg_type(Cg *cg, const Type *t);          /* register type */
LLVMTypeRef cg_mem_type(Cg *cg, const Type *t);      /* in memory: bool is i8 */
LLVMTypeRef cg_i64(Cg *cg);
LLVMValueRef cg_const_int(Cg *cg, const Type *t, int64_t bits);
LLVMValueRef cg_const_i64(Cg *cg, int64_t v);
LLVMValueRef cg_const_float(Cg *cg, const Type *t, double v);
LLVMValueRef cg_const_value(Cg *cg, const Type *t, ConstValue k);
LLVMValueRef cg_zero(Cg *cg, const Type *t);
LLVMValueRef cg_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);
LLVMValueRef cg_truth(Cg *cg, LLVMValueRef v, const Type *t);
LLVMValueRef cg_to_mem(Cg *cg, LLVMValueRef v, const Type *t);
LLVMValueRef cg_from_mem(Cg *cg, LLVMValueRef v, const Type *t);
unsigned cg_align_of(Cg *cg, const Type *t);

/* cg_util.c: blocks, names, intrinsics, errors */
char *cg_cstr(Cg *cg, Str s);
LLVMBasicBlockRef cg_block(Cg *cg, const char *name);
void cg_enter(Cg *cg, LLVMBasicBlockRef bb);
bool cg_is_terminated(Cg *cg);
void cg_branch(Cg *cg, LLVMBasicBlockRef bb);
LLVMValueRef cg_alloca(Cg *cg, LLVMTypeRef t, const char *name);
LLVMValueRef cg_intrinsic(Cg *cg, const char *name, LLVMTypeRef *overloads,
                          unsigned n_overloads, LLVMValueRef *args, unsigned n_args);
LLVMValueRef cg_contract(LLVMValueRef float_op);
/* An enum attribute (noinline, convergent, ...) on function fn, by name. */
void cg_add_fn_attribute(Cg *cg, LLVMValueRef fn, const char *name);
/* Inline PTX `text` of type ret(args) (at most 3), with LLVM's constraint
 * string; no side effects, so LLVM may move or drop it like arithmetic. */
LLVMValueRef cg_inline_ptx(Cg *cg, LLVMTypeRef ret, const char *text, const char *constraints,
                           LLVMValueRef *args, unsigned n);
LLVMValueRef cg_unsupported(Cg *cg, const Node *node, const char *what);
/* Ends the thread where cond holds (PTX exit), continuing where it does
 * not: what a kernel does where Numba raises an exception, since numba-cuda
 * without debug=True returns from the kernel there. The blocks are named
 * fail_name and ok_name. */
void cg_exit_if(Cg *cg, LLVMValueRef cond, const char *fail_name, const char *ok_name);

/* cg_func.c: functions and their parameters */
void cg_declare_func(Cg *cg, FuncInfo *fi);
void cg_define_func(Cg *cg, FuncInfo *fi);
void cg_append_param_types(Cg *cg, const Type *t, bool is_kernel,
                           LLVMTypeRef *out, unsigned *n);
unsigned cg_param_slot_count(const Type *t);
void cg_set_ftz(Cg *cg, LLVMValueRef fn);    /* fastmath's float32 flush to zero */
void cg_limit_slp(Cg *cg);                     /* the SLP vectorizer skips huge functions (cg_budget.c) */

/* cg_debuginfo.c: line tables (lineinfo=True or --lineinfo): a
 * DISubprogram per function, and the builder's debug location set to each
 * statement's line as it is lowered (cg_debug_at, a no-op in a function
 * without line tables). cg_debug_finish completes the metadata before
 * verification; cg_debug_dispose frees the DIBuilder. */
void cg_debug_begin_function(Cg *cg, FuncInfo *fi);
void cg_debug_end_function(Cg *cg);
void cg_debug_at(Cg *cg, const Node *node);
void cg_debug_finish(Cg *cg);
void cg_debug_dispose(Cg *cg);
void cg_append_args(Cg *cg, LLVMValueRef v, const Type *t, LLVMValueRef *out, unsigned *n);

/* cg_stmt.c and cg_loop.c: statements */
void cg_emit_block(Cg *cg, const NodeList *stmts);
void cg_emit_store(Cg *cg, const Node *target, LLVMValueRef v, const Type *from);
void cg_emit_while(Cg *cg, const Node *node);
void cg_emit_for(Cg *cg, const Node *node);
void cg_emit_break(Cg *cg, const Node *node);
void cg_emit_continue(Cg *cg, const Node *node);
void cg_emit_raise(Cg *cg, const Node *node);       /* cg_raise.c: ends the thread */
void cg_push_loop(Cg *cg, CgLoop *loop, LLVMBasicBlockRef brk, LLVMBasicBlockRef cont);

/* The blocks of a for loop, range or iterable: cg_for_begin makes them and
 * leaves the builder in `cond`, which must branch to `body` or `else_bb`;
 * cg_for_body emits the body (with break and continue) from `body`, where
 * the target was just stored, and leaves the builder in `latch`, which must
 * advance and branch back to `cond`; cg_emit_else_and_end finishes. */
typedef struct ForBlocks {
    LLVMBasicBlockRef cond, body, latch, end, else_bb;
} ForBlocks;
ForBlocks cg_for_begin(Cg *cg, const Node *node);
void cg_for_body(Cg *cg, const Node *node, const ForBlocks *blocks);
void cg_emit_else_and_end(Cg *cg, const NodeList *else_body, LLVMBasicBlockRef else_bb,
                          LLVMBasicBlockRef end_bb);

/* cg_loop.c: the bounds of range(...), evaluated once, in its element type;
 * the test that iv lies before stop, and iv + step. */
typedef struct RangeBounds {
    const Type *type;
    LLVMValueRef start, stop, step;
    const Node *step_node;     /* NULL when the step is the default 1 */
} RangeBounds;
RangeBounds cg_range_bounds(Cg *cg, const Node *iter);
LLVMValueRef cg_range_test(Cg *cg, const RangeBounds *r, LLVMValueRef iv);
LLVMValueRef cg_range_next(Cg *cg, const RangeBounds *r, LLVMValueRef iv);

/* cg_stride_loop.c: loops with a run-time step, shaped for LLVM's runtime
 * unroller. cg_int_bounds: compile-time bounds of an integer expression
 * (constants, thread geometry, array extents, their sums and products, and
 * locals of `funcdef` that cg_local_bounds bounds; funcdef may be NULL);
 * cg_int_bounds_at: the same, `depth` names deep;
 * cg_emit_counted_for: a range loop with a run-time step, counted;
 * cg_while_stride_step: the last statement `i += STEP` of a `while i <
 * BOUND` loop when it provably cannot wrap, else NULL. */
bool cg_int_bounds(const Node *funcdef, const Node *n, int64_t *lo, int64_t *hi);
bool cg_int_bounds_at(const Node *funcdef, int depth, const Node *n, int64_t *lo, int64_t *hi);
void cg_emit_counted_for(Cg *cg, const Node *node, const RangeBounds *r);
const Node *cg_while_stride_step(const Node *funcdef, const Node *loop);

/* cg_local_bounds.c: cg_stores_to: whether a subtree may store to sym (or
 * binds names in a way not looked into); cg_local_bounds: the bounds of a
 * local that one top-level assignment of funcdef decides, else false. */
bool cg_stores_to(const Node *subtree, const Symbol *sym);
bool cg_local_bounds(const Node *funcdef, const Symbol *sym, int depth, int64_t *lo, int64_t *hi);

/* codegen.c: runs an LLVM pass pipeline over the module; a failure is an
 * internal compiler error naming `what` ran. cg_forget_annotations: drops
 * what NVPTX cached of mod's kernels, which only printing it does (unless
 * this is the process's last module). */
bool cg_run_passes(Cg *cg, LLVMTargetMachineRef tm, const char *pipeline, const char *what);
void cg_forget_annotations(Cg *cg, LLVMTargetMachineRef tm, LLVMModuleRef mod);

/* cg_unroll.c: cg_mark_unroll: marks the loop closed by `backedge` to be
 * unrolled by 4 after default<On>, unless `body` holds another loop or
 * stores to an element;
 * cg_late_unroll: unrolls the marked loops (false: an error reported). */
void cg_mark_unroll(Cg *cg, LLVMValueRef backedge, const NodeList *body);
bool cg_late_unroll(Cg *cg, LLVMTargetMachineRef tm);

/* cg_warp_aggregate.c: after default<On>, at -O1 and above on sm_80 and
 * newer, each relaxed, non-volatile 32- or 64-bit integer atomic of a
 * kernel (add, sub, and, or, xor, min, max, umin, umax) on global memory,
 * whose result is unused and whose address is computed without reading
 * memory, becomes one atomic per warp where every active lane (an i64:
 * all 32) has the same address; always true. */
bool cg_warp_aggregate(Cg *cg);

/* cg_load_order.c: in each block, loads move up above the pure arithmetic
 * before them (ptxas does not move them above a sqrt's or division's slow
 * path); at -O2 and above, just before PTX is printed. */
void cg_order_loads(Cg *cg);

/* cg_sign_select.c: at -O2 and above, just before PTX is printed, the
 * 64-bit selects of Python's `%` and `//` fixes stay selects on compares
 * (NVPTX would make a sign mask of them). */
void cg_keep_sign_selects(Cg *cg);

/* cg_natural_loops.c: the innermost natural loops of fn, found from its
 * control-flow graph (all from arena A; the count returned). Each loop: its
 * header, its blocks (the header first), and a bitmap of them by block
 * index for cg_loop_contains. */
typedef struct CgLoopBlocks {
    LLVMBasicBlockRef header;
    LLVMBasicBlockRef *blocks;
    int count;
    char *member;
} CgLoopBlocks;
typedef struct CgLoops {
    struct CgGraph *graph;
    CgLoopBlocks *loops;
    int count;
} CgLoops;
int cg_innermost_loops(Arena *A, LLVMValueRef fn, CgLoops *out);
bool cg_loop_contains(const CgLoops *loops, const CgLoopBlocks *loop, LLVMBasicBlockRef bb);

/* cg_lsr.c: loop strength reduction, in place of the back end's, for each
 * function where it does not fan an innermost loop's addresses out; just
 * before PTX is printed (false: an error reported). */
bool cg_reduce_loop_strength(Cg *cg, LLVMTargetMachineRef tm);

/* cg_iterate.c: for over an array, a tuple, enumerate(...) or zip(...) */
void cg_emit_for_iterable(Cg *cg, const Node *node);

/* cg_builtins_py.c: round(x), divmod(a, b) */
LLVMValueRef cg_emit_round(Cg *cg, const Node *node);
LLVMValueRef cg_emit_round_ndigits(Cg *cg, const Node *node);   /* cg_round.c */
LLVMValueRef cg_emit_divmod(Cg *cg, const Node *node);

/* cg_const_array.c: a global NumPy array's value (sema/const_arrays.c) */
LLVMValueRef cg_const_array(Cg *cg, const ConstArray *array);

/* cg_print.c: print(...) as one vprintf call; returns NULL (None) */
LLVMValueRef cg_emit_print(Cg *cg, const Node *node);

/* cg_expr.c and cg_compare.c: expressions */
LLVMValueRef cg_emit_expr(Cg *cg, const Node *node);
LLVMValueRef cg_emit_cond(Cg *cg, const Node *node);   /* truth value, i1 */
LLVMValueRef cg_emit_compare(Cg *cg, const Node *node);
/* l op r for two scalars already of type t (<, ==, ...: Python's, as a
 * Compare node computes them; float16 as cuda_fp16.h does). */
LLVMValueRef cg_compare(Cg *cg, CmpOpKind op, LLVMValueRef l, LLVMValueRef r, const Type *t, const Node *at);
LLVMValueRef cg_emit_boolop(Cg *cg, const Node *node);
LLVMValueRef cg_emit_ifexp(Cg *cg, const Node *node);

/* cg_arith.c and cg_pow.c: Python's arithmetic */
LLVMValueRef cg_binop(Cg *cg, BinOpKind op, LLVMValueRef l, LLVMValueRef r,
                      const Type *lt, const Type *rt, const Node *rhs_node);
LLVMValueRef cg_unary(Cg *cg, UnaryOpKind op, LLVMValueRef v, const Type *t);
LLVMValueRef cg_pow(Cg *cg, LLVMValueRef base, LLVMValueRef exp,
                    const Type *bt, const Type *et, const Node *exp_node);

/* cg_complex.c: complex numbers as numba-cuda computes them (its
 * cpython/numbers.py): parts, conversions, truth, + - * / (CPython's
 * division, whose zero divisor ends the thread as Numba's
 * ZeroDivisionError does), negation, == and !=, abs and conjugate.
 * Operands are already of the operation's complex type t. */
LLVMValueRef cg_complex_make(Cg *cg, const Type *t, LLVMValueRef re, LLVMValueRef im);
LLVMValueRef cg_complex_real(Cg *cg, LLVMValueRef z);
LLVMValueRef cg_complex_imag(Cg *cg, LLVMValueRef z);
LLVMValueRef cg_complex_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);
LLVMValueRef cg_complex_truth(Cg *cg, LLVMValueRef z, const Type *t);
LLVMValueRef cg_complex_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b,
                              const Type *t, const Node *at);
LLVMValueRef cg_complex_neg(Cg *cg, LLVMValueRef z, const Type *t);
LLVMValueRef cg_complex_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef cg_complex_abs(Cg *cg, LLVMValueRef z, const Type *t, const Node *at);
/* z.real, z.imag and z.conjugate() of any number (an int's .imag is 0) */
LLVMValueRef cg_emit_number_attr(Cg *cg, const Node *node);
LLVMValueRef cg_emit_conjugate(Cg *cg, const Node *node);

/* cg_num.c: typed numbers for the algorithms numba-cuda writes in Python
 * (complex division and power, cmath), computed in the types Numba gives
 * each step: float32 op float32 stays float32, float32 op float64 (a
 * Python float or int literal is a float64) is float64, a float with a
 * complex is that complex, complex64 with float64 is complex128. */
typedef struct CgNum {
    LLVMValueRef v;
    const Type *t;          /* float32, float64, complex64 or complex128 */
} CgNum;
CgNum cg_num(LLVMValueRef v, const Type *t);
CgNum cg_num_lit(Cg *cg, double v);                       /* a Python literal */
CgNum cg_num_const(Cg *cg, const Type *t, double v);      /* a constant of type t */
const Type *cg_num_unify(const Type *a, const Type *b);
CgNum cg_num_to(Cg *cg, CgNum a, const Type *t);
CgNum cg_num_op(Cg *cg, BinOpKind op, CgNum a, CgNum b);  /* + - * / */
CgNum cg_num_neg(Cg *cg, CgNum a);
CgNum cg_num_abs(Cg *cg, CgNum a);                        /* floats only */
LLVMValueRef cg_num_cmp(Cg *cg, CmpOpKind op, CgNum a, CgNum b);
LLVMValueRef cg_num_truth(Cg *cg, CgNum a);
LLVMValueRef cg_num_isnan(Cg *cg, CgNum a);
LLVMValueRef cg_num_isinf(Cg *cg, CgNum a);
LLVMValueRef cg_num_isfinite(Cg *cg, CgNum a);
/* math.NAME (a BUILTIN_MATH_* id) of one or two floats, the two in the
 * wider float (Numba's (f32, f32) or (f64, f64) signature) */
CgNum cg_num_math(Cg *cg, const Node *at, Builtin id, CgNum a);
CgNum cg_num_math2(Cg *cg, const Node *at, Builtin id, CgNum a, CgNum b);
/* complex(re, im): complex64 when both are float32, else complex128 */
CgNum cg_num_complex(Cg *cg, CgNum re, CgNum im);
CgNum cg_num_real(Cg *cg, CgNum z);
CgNum cg_num_imag(Cg *cg, CgNum z);
CgNum cg_num_select(Cg *cg, LLVMValueRef cond, CgNum a, CgNum b);   /* same type */
/* if/else whose arms each give a value of one type: cg_num_if enters the
 * then-arm; cg_num_else ends it with its value and enters the else-arm;
 * cg_num_join ends that with its value and joins the two with a phi. */
typedef struct CgNumIf {
    LLVMBasicBlockRef else_bb, end_bb, then_end;
    CgNum then_value;
} CgNumIf;
CgNumIf cg_num_if(Cg *cg, LLVMValueRef cond, const char *name);
void cg_num_else(Cg *cg, CgNumIf *branch, CgNum then_value);
CgNum cg_num_join(Cg *cg, CgNumIf *branch, CgNum else_value);

/* cg_complex_pow.c: complex ** complex, numba-cuda's cpow (its
 * cuda/mathimpl.py), in the operands' complex type t */
LLVMValueRef cg_complex_pow(Cg *cg, LLVMValueRef a, LLVMValueRef b, const Type *t, const Node *at);

/* cg_cmath.c and cg_cmath_inverse.c: cmath.NAME calls, with numba-cuda's
 * cmathimpl.py algorithms; each function takes and returns a CgNum in the
 * types Numba gives it (cmath.tanh of a complex64 is a complex128) */
bool cg_is_cmath_call(int id);
LLVMValueRef cg_emit_cmath_call(Cg *cg, const Node *node);
/* cmath's function of one complex number (a BUILTIN_CMATH_* id) */
CgNum cg_cmath_unary(Cg *cg, const Node *at, Builtin id, CgNum z);
CgNum cg_cmath_sqrt(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_acos(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_acosh(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_asin(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_asinh(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_atan(Cg *cg, const Node *at, CgNum z);
CgNum cg_cmath_atanh(Cg *cg, const Node *at, CgNum z);

/* cg_fmod.c: an exact fmod (NVPTX's frem is not) */
LLVMValueRef cg_fmod(Cg *cg, LLVMValueRef x, LLVMValueRef y, const Type *t);

/* cg_array.c: array values */
LLVMValueRef cg_array_data(Cg *cg, LLVMValueRef arr);
LLVMValueRef cg_array_shape(Cg *cg, LLVMValueRef arr, int k);
LLVMValueRef cg_array_stride(Cg *cg, LLVMValueRef arr, int k);
LLVMValueRef cg_array_make(Cg *cg, const Type *t, LLVMValueRef data,
                           LLVMValueRef *shape, LLVMValueRef *strides);
LLVMValueRef cg_array_size(Cg *cg, LLVMValueRef arr, const Type *t);
LLVMValueRef cg_element_ptr(Cg *cg, const Node *array, const Node *index,
                            LLVMValueRef *arr_out);
LLVMValueRef cg_array_index(Cg *cg, LLVMValueRef v, const Type *t, const Node *node,
                            LLVMValueRef arr, int k);
LLVMValueRef cg_array_offset(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx);
/* The address of element idx (one i64 per dimension) of array value arr of type t */
LLVMValueRef cg_element_address(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx);

/* cg_walk.c: nested loops over every element of an array, in Numba's
 * order: memory order (np.nditer: C order, F order for an F array of 2 or
 * more dimensions) or C order (a.flat). cg_walk_begin leaves the builder in
 * the loop body, where cg_walk_element loads the current element (its
 * register type) and cg_walk_position gives how many came before it; the
 * body may branch to w->done to stop early, and must leave the builder in
 * an open block; cg_walk_end closes the loops and continues in w->done. */
typedef struct CgWalk {
    LLVMValueRef arr;
    const Type *type;
    int order[TYPE_MAX_NDIM];                  /* dimensions, outermost first */
    LLVMValueRef index[TYPE_MAX_NDIM];         /* per dimension: its i64 slot */
    LLVMBasicBlockRef cond[TYPE_MAX_NDIM];     /* per loop level */
    LLVMBasicBlockRef latch[TYPE_MAX_NDIM];
    LLVMValueRef position;                     /* i64 slot */
    LLVMBasicBlockRef done;
} CgWalk;
void cg_walk_begin(Cg *cg, CgWalk *w, LLVMValueRef arr, const Type *t, bool memory_order);
/* the same, in C order, or in F order (the first index fastest) */
void cg_walk_begin_order(Cg *cg, CgWalk *w, LLVMValueRef arr, const Type *t, bool fortran);
LLVMValueRef cg_walk_element(Cg *cg, const CgWalk *w);
LLVMValueRef cg_walk_position(Cg *cg, const CgWalk *w);
void cg_walk_end(Cg *cg, CgWalk *w);

/* cg_reshape.c: x.reshape(...), np.reshape(x, shape); cg_reduce.c and
 * cg_reduce_pick.c: the reductions (BUILTIN_REDUCE_*) */
LLVMValueRef cg_emit_reshape(Cg *cg, const Node *node);
LLVMValueRef cg_emit_reduction(Cg *cg, const Node *node);
LLVMValueRef cg_emit_reduction_pick(Cg *cg, const Node *node, LLVMValueRef arr, const Type *t);
/* cg_reduce.c, for cg_reduce_pick.c: ends the thread if the array has no
 * element (where Numba raises ValueError: an empty array's min, ...; see
 * cg_exit_if) and returns its size; and isnan of a value of type t (false
 * for integers and bools). */
LLVMValueRef cg_reduce_exit_if_empty(Cg *cg, LLVMValueRef arr, const Type *t, const char *what);
LLVMValueRef cg_reduce_is_nan(Cg *cg, LLVMValueRef v, const Type *t);

/* cg_module_facts.c: fills CgOptions.facts after optimisation. */
void cg_collect_module_facts(Cg *cg, CgModuleFacts *facts);

/* cg_check.c: checked mode (--check; docs/abi.md, "Check sites"). An
 * element access is bracketed: cg_check_mark before cg_element_ptr, which
 * in checked mode tests every index against its extent and opens a guard
 * (the builder continues in the in-bounds block), and cg_check_close after
 * the access, which joins the skipped path (a load's value then zero).
 * Without --check both are no-ops and the IR is unchanged. */
typedef int CgCheckMark;
CgCheckMark cg_check_mark(Cg *cg);
/* The sites into facts (cg_module_facts.c, for --emit=json). */
void cg_check_export_sites(Cg *cg, CgModuleFacts *facts);
void cg_check_open(Cg *cg, const Node *array, LLVMValueRef arr, int ndim, LLVMValueRef *idx);
LLVMValueRef cg_check_close(Cg *cg, CgCheckMark mark, LLVMValueRef value);
/* A view's integer indices (is_index[k]): on a violation, recorded like an
 * access, and the view gets extent 0 in every dimension so that nothing is
 * accessed through it. Rewrites shape[0..view_ndim-1]; no-op unchecked. */
void cg_check_view(Cg *cg, const Node *array, LLVMValueRef arr, int ndim, LLVMValueRef *idx,
                   const bool *is_index, LLVMValueRef *shape, int view_ndim);
/* The check-site comment lines appended to the PTX text (malloc'd; it may
 * be reallocated); no-op when the module has no site. */
char *cg_check_append_sites(Cg *cg, char *ptx, size_t *len);

/* cg_slice.c: a[index] that makes a view (slices, or fewer integers than
 * dimensions); cg_array_attrs.c: a.strides, a.itemsize, a.nbytes, a.T */
LLVMValueRef cg_emit_array_view(Cg *cg, const Node *node);

/* Records (cg_record.c): a record value is a generic pointer to its bytes. */
LLVMValueRef cg_record_ref(Cg *cg, LLVMValueRef ptr);
LLVMValueRef cg_emit_record_field(Cg *cg, const Node *node);
void cg_store_record_field(Cg *cg, const Node *target, LLVMValueRef v, const Type *from);
void cg_copy_record(Cg *cg, LLVMValueRef dst, LLVMValueRef src, const Type *record);
LLVMValueRef cg_emit_array_attr(Cg *cg, const Node *node);

/* cg_builtin.c: cuda.* and Python builtins */
LLVMValueRef cg_emit_builtin_call(Cg *cg, const Node *node);
LLVMValueRef cg_emit_builtin_attr(Cg *cg, const Node *node);

/* cg_atomics.c: cuda.atomic.* */
bool cg_is_atomic_builtin(int id);
LLVMValueRef cg_emit_atomic(Cg *cg, const Node *node);

/* cg_shared.c: cuda.shared.array */
LLVMValueRef cg_emit_shared_array(Cg *cg, const Node *node);

/* cg_intrinsics.c: cuda.local.array and the CUDA intrinsics (syncwarp,
 * shfl_sync, popc, ...); cuda.laneid and cuda.warpsize */
bool cg_is_intrinsic_call(const Node *node);
LLVMValueRef cg_emit_intrinsic_call(Cg *cg, const Node *node);
LLVMValueRef cg_emit_intrinsic_attr(Cg *cg, const Node *node);

/* cg_libdevice_call.c: cuda.libdevice.NAME calls */
bool cg_is_libdevice_call(int id);
LLVMValueRef cg_emit_libdevice_call(Cg *cg, const Node *node);

/* cg_cache_hints.c: cuda.ldca ... cuda.stwt */
/* cg_np_ufunc.c: NumPy ufunc calls (sema/np_ufuncs.c), on numbers or over
 * whole arrays; cg_np_ufunc_ops.c: one element of a loop, its inputs
 * already in the loop's input types, each result in its output type */
LLVMValueRef cg_emit_np_ufunc(Cg *cg, const Node *node);
void cg_np_ufunc_element(Cg *cg, const Node *at, int id, const NpUfuncLoop *loop, const LLVMValueRef *in,
                         LLVMValueRef *out);

bool cg_is_cache_hint_call(int id);
LLVMValueRef cg_emit_cache_hint(Cg *cg, const Node *node);

/* cg_grid_sync.c: cuda.cg.this_grid() (the grid workspace's address) and
 * GridGroup.sync() (a call of the module's __pykc_grid_sync barrier) */
bool cg_is_grid_group_call(int id);
LLVMValueRef cg_emit_grid_group_call(Cg *cg, const Node *node);

/* cg_vector_types.c: a CUDA vector type's constructor (a BUILTIN_VECTOR_MAKE
 * call) and v.x .. v.w (BUILTIN_VECTOR_X..W attributes) */
LLVMTypeRef cg_vector_type(Cg *cg, const Type *t);
LLVMValueRef cg_emit_vector_make(Cg *cg, const Node *node);
LLVMValueRef cg_emit_vector_member(Cg *cg, const Node *node);

/* cg_math.c: math.NAME calls, and float ** float */
LLVMValueRef cg_emit_math_call(Cg *cg, const Node *node);
/* math.NAME (a BUILTIN_MATH_* id) of float arguments of type t, lowered as
 * a call of it is; `what` names the construct if libdevice is missing
 * ("'cmath.exp'"; NULL: the math function itself) */
LLVMValueRef cg_math_apply(Cg *cg, const Node *at, const char *what, Builtin id, const Type *t,
                           LLVMValueRef *args, unsigned n);
LLVMValueRef cg_float_pow(Cg *cg, LLVMValueRef base, LLVMValueRef exp, const Type *t, const Node *at);
LLVMValueRef cg_fast_fdividef(Cg *cg, LLVMValueRef x, LLVMValueRef y);   /* fastmath float32 / */

/* cg_fp16.c: float16 as numba-cuda computes it (through cuda_fp16.h):
 * + - * / and unary -, comparisons, conversions to and from float16,
 * math.NAME of a float16 (id a BUILTIN_MATH_*), cuda.fp16.NAME calls */
LLVMValueRef cg_fp16_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef cg_fp16_neg(Cg *cg, LLVMValueRef v);
LLVMValueRef cg_fp16_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef cg_fp16_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);
LLVMValueRef cg_fp16_math(Cg *cg, int id, LLVMValueRef x);
bool cg_is_fp16_call(const Node *node);
LLVMValueRef cg_emit_fp16_call(Cg *cg, const Node *node);

/* cg_bf16.c: bfloat16 as numba-cuda computes it (through cuda_bf16.h):
 * the functions of sema/bf16.def, + - * / and unary -, comparisons, and
 * conversions to and from bfloat16 (an i16 of its bits) */
bool cg_bf16_check_arch(Cg *cg, const Node *at);   /* sm_80 or newer, else an error */
bool cg_is_bf16_call(int id);
LLVMValueRef cg_emit_bf16_call(Cg *cg, const Node *node);
LLVMValueRef cg_bf16_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b, const Node *at);
LLVMValueRef cg_bf16_neg(Cg *cg, LLVMValueRef v);
LLVMValueRef cg_bf16_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef cg_bf16_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);

/* cg_datetime.c: datetime64/timedelta64 + - and comparisons, operands of
 * their own types (l of lt, r of rt), NaT as numba-cuda handles it. */
LLVMValueRef cg_datetime_binop(Cg *cg, BinOpKind op, LLVMValueRef l, const Type *lt, LLVMValueRef r,
                               const Type *rt, const Type *result);
LLVMValueRef cg_datetime_compare(Cg *cg, CmpOpKind op, LLVMValueRef l, const Type *lt, LLVMValueRef r,
                                 const Type *rt, const Type *compared);

/* cg_fp8.c: fp8_e4m3 / fp8_e5m2 (an i8 of bits) as cuda_fp8.hpp converts
 * them: to fp8 rounded to nearest even, saturating to the largest finite
 * value; back exactly (to an integer toward zero, saturating, as
 * __half2*_rz: NaN 0, or 1 << 63 for 64 bits). */
LLVMValueRef cg_fp8_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);
/* __nv_cvt_double_to_fp8 / __nv_cvt_float_to_fp8 (uint8 bits) with the
 * modes as i64 values of saturation_t and fp8_interpretation_t */
LLVMValueRef cg_fp8_double_to_fp8(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef interpretation);
LLVMValueRef cg_fp8_float_to_fp8(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef interpretation);
/* cg_fp8_e8m0.c: fp8_e8m0 to and from the numbers and bfloat16 (one of
 * from, to is fp8_e8m0), and the header's e8m0 conversions it uses, with
 * the modes as i64 values of saturation_t and cudaRoundMode; raw is the
 * i16 of a bfloat16's bits */
LLVMValueRef cg_fp8_e8m0_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to);
LLVMValueRef cg_fp8_bf16raw_to_e8m0(Cg *cg, LLVMValueRef raw, LLVMValueRef saturate, LLVMValueRef rounding);
LLVMValueRef cg_fp8_float_to_e8m0(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef rounding);
LLVMValueRef cg_fp8_double_to_e8m0(Cg *cg, LLVMValueRef x, LLVMValueRef saturate, LLVMValueRef rounding);
LLVMValueRef cg_fp8_e8m0_to_bf16raw(Cg *cg, LLVMValueRef x);
/* cg_fp8_cvt.c: the cvt_* functions of numba.cuda._internal.cuda_fp8 */
bool cg_is_fp8_cvt_call(int id);
LLVMValueRef cg_emit_fp8_cvt_call(Cg *cg, const Node *node);

/* cg_libdevice.c: libdevice, read at the first call that needs it (`what`
 * names that call in the error if it cannot be: "'math.sin'"), linked by
 * cg_libdevice_link before optimisation. cg_libdevice_function returns the
 * declaration of `name` in the module, or NULL after reporting an error. */
LLVMValueRef cg_libdevice_function(Cg *cg, const Node *at, const char *what, const char *name,
                                   LLVMTypeRef fn_type);
bool cg_libdevice_link(Cg *cg);
void cg_libdevice_dispose(Cg *cg);

#endif
