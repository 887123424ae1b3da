/* Semantic analysis: resolves names through imports and aliases, finds each
 * function's signature (decorator string, annotations or --sig), types every
 * expression with Numba's rules, folds constants and checks the dialect.
 *
 * Input: the module tree from the parser. Output: the same tree annotated
 * (see ast.h) and a SemaModule listing the functions to generate. Errors go to
 * the Diag; sema goes on after an error where it can, to report several. */
#ifndef PYKC_SEMA_SEMA_H
#define PYKC_SEMA_SEMA_H

#include "../base/diag.h"
#include "../parser/ast.h"
#include "types.h"

typedef enum Builtin {
#define BUILTIN(id, spelling) BUILTIN_##id,
#include "builtins.def"
#undef BUILTIN
    BUILTIN_COUNT
} Builtin;

const char *sema_builtin_spelling(Builtin builtin);

/* The alignment= of a checked cuda.shared.array / cuda.local.array call
 * (keyword or third argument), or 0 when absent or None (shared.c). */
int64_t sema_array_alignment(const Node *call);

/* The array a checked array-method call works on: x in x.sum() and
 * x.reshape(...), the first argument in np.sum(x) and np.reshape(x, ...);
 * *first is the index of the call's first argument after it (0 or 1).
 * NULL if the call has none (sema reported it). array_methods.c. */
const Node *sema_array_method_receiver(const Node *call, int *first);

/* How an array reduction (a BUILTIN_REDUCE_*) computes, as Numba's
 * implementations (numba/cuda/np/arraymath.py) type their locals: the
 * accumulator and the type each arithmetic step computes in (Numba
 * computes in the result type; every operand is converted to it first).
 * A type the reduction does not use is NULL. sema/reductions.c types the
 * call with it and codegen generates the loop with it, so both agree. */
typedef struct ReductionPlan {
    const Type *result;   /* the call's value */
    const Type *acc;      /* the accumulator: sum, prod, mean, the nan*
                             forms; var's sum of squared deviations */
    const Type *step;     /* acc + element (acc * element for the products;
                             acc + square for the variances) computes in it */
    const Type *finish;   /* mean and var: acc / count; ptp: max - min */
    const Type *mean;     /* var, std (and nan forms): the mean's type */
    const Type *dev;      /* element - mean */
    const Type *square;   /* dev * dev */
    const Type *power;    /* std: var ** 0.5 */
} ReductionPlan;

/* The plan of reduction `id` over elements of type `dtype`; sum_type is
 * sum's dtype= (NULL: Numba's default, the machine-width integer). False if
 * Numba's rules give no type (sema reports it). Scalar types only. */
bool sema_reduction_plan(Builtin id, const Type *dtype, const Type *sum_type, ReductionPlan *out);

typedef struct Scope Scope;   /* sema/scope.h */
typedef struct SigOverride SigOverride;
typedef struct Ufunc Ufunc;

/* A NumPy array a module binds, computed when compiling (sema/np_*.c) as
 * the host builds it at import: a kernel reads it as a constant, which is
 * how Numba freezes a global array, placed in constant memory
 * (codegen/cg_const_array.c; docs/abi.md, "Constant arrays"). */
typedef struct ConstArray {
    const Type *type;                 /* readonly array(dtype, Nd, layout), MEM_CONST */
    int64_t shape[TYPE_MAX_NDIM];
    int64_t strides[TYPE_MAX_NDIM];   /* in elements, as the ABI counts them */
    const uint8_t *data;              /* the elements in memory order, as stored */
    int64_t nbytes;
    Str name;                         /* the module name bound to it */
    void *cg;                         /* codegen's global */
} ConstArray;

typedef enum SymbolKind {
    SYM_LOCAL,        /* a variable or parameter of a function */
    SYM_CONST,        /* a module-level constant: value is known */
    SYM_MODULE,       /* cuda, math, numba, numpy, or a part of one */
    SYM_TYPE,         /* float32, np.int64, ...: usable as a cast or dtype */
    SYM_BUILTIN,      /* range, min, ...: builtin is set */
    SYM_FUNCTION,     /* a @cuda.jit function of this module */
    SYM_SCOPE,        /* a class, or a module of the project's: scope */
    SYM_HOST,         /* bound by host code to what a kernel cannot use: why */
} SymbolKind;

struct Symbol {
    SymbolKind kind;
    Str name;
    Span def;                 /* where it was first defined */
    const Type *type;         /* LOCAL: unified over all assignments; CONST, TYPE */
    ConstValue value;         /* CONST */
    Node *tuple;              /* CONST of a tuple type: its folded value (module.c) */
    ConstArray *array;        /* CONST of an array type: a global NumPy array */
    bool tuple_element;       /* CONST array: an element of a global tuple of
                                 arrays, reached through its leaf's node only
                                 (sema/const_tuples.c) */
    const void *np;           /* the value as NumPy computes it, for module
                                 code that builds arrays from it (np_eval.h) */
    int id;                   /* MODULE: which (sema-private); BUILTIN: a Builtin */
    FuncInfo *func;           /* FUNCTION */
    Scope *scope;             /* SCOPE */
    const char *why;          /* HOST: what binds it ("a parameter of 'f'") */
    Str bind_as;              /* HOST: its --bind name (outer.name), in the compiled file */
    int param_index;          /* LOCAL: index of the parameter, or -1 */
    int assign_count;         /* LOCAL: assignments in the body; a local assigned
                                 once, a constant, has that constant in value */
    bool assigned;            /* LOCAL: may have been assigned at this point of
                                 sema's walk (reading it otherwise is an error) */
    bool assign_failed;       /* LOCAL: an assignment's value had an error that
                                 was reported (reads then stay silent) */
    void *cg;                 /* codegen's storage for a local (its alloca) */
};

/* A static shared array: one per cuda.shared.array call site. */
typedef struct SharedArray {
    Node *call;               /* the CALL node; call->type is the array type */
    Str name;                 /* the variable it was assigned to, for messages */
    int64_t shape[TYPE_MAX_NDIM];
    int64_t bytes;
} SharedArray;

/* The options of a function's @cuda.jit (decorators.c). Read by codegen,
 * and by the runtime's launch facts (launch_*, max_registers). */
typedef struct JitOptions {
    bool fastmath;            /* .ftz, approximate f32 div and sqrt, __nv_fast_* */
    bool lineinfo;            /* .loc line tables (also --lineinfo) */
    bool opt_off;             /* opt=False: optnone noinline */
    bool always_inline;       /* inline="always" or forceinline=True */
    int max_registers;        /* .maxnreg N; 0 = absent */
    int launch_max_threads;   /* launch_bounds[0]: .maxntid N, 1, 1; 0 = absent */
    int launch_min_blocks;    /* launch_bounds[1]: .minnctapersm; 0 = absent */
    int launch_max_cluster;   /* launch_bounds[2]: .maxclusterrank; 0 = absent */
} JitOptions;

/* What the analyses derived for a kernel's launches (analysis/flow*.c); the
 * launch facts carry it to the runtime (docs/abi.md). */
typedef struct BlockLimit {
    int max;                  /* most threads along the axis; 0: no limit */
    Str array;                /* the shared array that imposes it */
    int line;                 /* where that array is indexed */
} BlockLimit;

/* The grid must have at least `extent` threads along `axis`: the kernel
 * handles one element per thread (an index from cuda.grid, no grid-stride
 * loop). extent is "PARAM.shape[K]" or "PARAM" (an integer parameter). */
typedef struct GridCover {
    int axis;
    const char *extent;
    Str array;
    int line;
} GridCover;

typedef struct LaunchNeeds {
    BlockLimit block[3];
    GridCover *covers;
    int cover_count;
} LaunchNeeds;

struct FuncInfo {
    Node *def;                /* the FUNCDEF */
    Str name;                 /* its name in the PTX; its Python name until
                                 sema_collect_generated makes names unique */
    Str qualname;             /* Outer.inner: enclosing classes and functions */
    int line;                 /* of its first decorator, or of `def` */
    Scope *scope;             /* where it is defined (its globals) */
    Scope *decorator_scope;   /* where its jit decorator or application is
                                 (cuda.jit(sigs)(f) inside another function) */
    bool from_njit;           /* @numba.jit / @njit: a device function here */
    /* Where its signature and options come from (decorators.c); read by
     * sema_prepare_function when it is compiled or called. */
    Node *decorator;          /* the jit decorator (a call, if it has arguments) */
    Node *second_jit;         /* a second jit decorator (an error) */
    Node *signature;          /* the decorator's one signature */
    NodeList *signatures;     /* the decorator's list of signatures */
    const SigOverride *cli_sig;   /* a --sig naming it */
    bool has_signature;       /* one of those, or annotations */
    bool prepared, prepare_ok;
    bool checked;             /* its body was checked (module.c) */
    bool is_kernel;           /* false for @cuda.jit(device=True) */
    const Type **param_types;
    Symbol **params;
    int param_count;
    const Type *return_type;  /* TYPE_NONE for kernels */
    Symbol **locals;          /* every local, parameters first */
    int local_count;
    SharedArray *shared;
    int shared_count;
    void *cg;                 /* codegen's LLVM function */

    /* A device function without a signature is generic: it is never checked
     * or generated itself; each call site's tuple of argument types gets a
     * specialisation (specialize.c), a FuncInfo of its own whose def is a
     * copy of the generic FUNCDEF named e.g. f__int64__float32, and whose
     * return_type is inferred from its returns (NULL until known). */
    bool is_generic;
    bool declared_params;     /* generic with parameter types given ("(int64, int64)",
                                 no return type): arguments convert to them, and
                                 each specialisation is for them */
    FuncInfo **specs;         /* generic: its specialisations */
    int spec_count;
    FuncInfo *generic;        /* specialisation: the function it specialises */
    const char *spec_types;   /* specialisation: "int64, float32", for messages */
    int spec_state;           /* specialisation: sema-private progress */
    bool returns_value;       /* specialisation: some 'return' has a value */
    Span call_site;           /* specialisation: the call that first needed it */
    /* A specialisation tried for a call with constant arguments (Numba's
     * retry with literals, specialize.c) keeps its diagnostics, and those
     * of the specialisations it used, until a call uses it. */
    bool spec_failed;         /* errors in its body or in a callee's */
    HeldDiags spec_diags;     /* its own, held while on trial (text in the arena) */
    bool spec_diags_shown;
    FuncInfo **spec_callees;  /* the specialisations it used while on trial */
    int spec_callee_count;

    JitOptions jit;           /* its decorator's options (a specialisation's
                                 or an overload's: those of its function) */
    /* A signature list (@cuda.jit(["void(f4[:])", "void(f8[:])"])): the
     * declared function is never checked or generated itself; each
     * signature gets an overload, a FuncInfo over its own copy of the def,
     * named NAME__<codes> (docs/abi.md) when there are several. */
    FuncInfo **overloads;
    int overload_count;
    FuncInfo *overload_of;    /* overload: the declared function */
    LaunchNeeds launch;       /* kernels: derived by the analyses */
    FuncInfo *device_variant; /* kernels called from device code: the generic
                                 device function over a copy of the def that
                                 numba-cuda compiles for such calls */
    bool cooperative;         /* calls cuda.cg.this_grid(), itself or through
                                 device functions (diagnose.c): a kernel must be
                                 launched with cuLaunchCooperativeKernel */
    Ufunc *ufunc;             /* @cuda.vectorize or @cuda.guvectorize (ufunc.c):
                                 the kernel pykc writes for it, or the def */
};

typedef struct SemaModule {
    FuncInfo **funcs;         /* in source order */
    int func_count;
    TypeTable *types;
    ConstArray **const_arrays;   /* the global NumPy arrays kernels read */
    int const_array_count;
} SemaModule;

/* --dump-types: each global NumPy array kernels read, as codegen emits it
 * (type, shape, strides in elements, the elements in memory order). */
void sema_dump_const_arrays(FILE *out, const SemaModule *module);

/* A --sig 'name=void(float32[:], int64)' given on the command line; the
 * name may be qualified (Class.method, outer.inner) and end in @LINE. */
struct SigOverride {
    Str name;
    const Source *sig;        /* the text after '=' */
};

typedef struct SemaOptions {
    const SigOverride *sigs;
    int sig_count;
    const SigOverride *binds; /* --bind NAME=VALUE: a value for a name host code
                                 binds (a kernel factory's parameter) */
    int bind_count;
    const SigOverride *vectorizes;     /* --vectorize NAME=SIG (ufunc.c) */
    int vectorize_count;
    const SigOverride *guvectorizes;   /* --guvectorize NAME=LAYOUT:SIG */
    int guvectorize_count;
    const Str *kernels;       /* --kernel NAME: compile only these (and what
                                 they call); none: every function with a signature */
    int kernel_count;
    const char *const *include_dirs;   /* -I DIR: where helper modules are looked up */
    int include_count;
    /* Every file read (the source, helper modules), for -MD; may be NULL. */
    void (*file_read)(void *ctx, const char *path);
    void *file_read_ctx;
    bool weak_scalars;        /* --weak-scalars (sema/weak_scalars.c) */
    int block[3];             /* --block: the launch's block, or all 0 if unknown */
} SemaOptions;

/* The code of a parameter type in overload names (docs/abi.md, "Overload
 * names"): "i64", "f32a2C", "t2i32f32"; NULL for a type without one. */
const char *sema_type_code(Arena *arena, const Type *t);

/* Returns false if any error was reported. */
bool sema_check_module(Arena *arena, Diag *diag, Node *module,
                       const SemaOptions *options, SemaModule *out);

#endif
