/* Sema's private state and the functions its files share.
 *
 * sema_check_module (module.c) resolves imports and constants, reads each
 * function's signature (signature.c), then checks each function body
 * (function.c): statements (stmt.c) and expressions (expr.c, calls.c) are
 * typed in passes until every local's unified type stops changing; a last,
 * "final" pass reports errors and makes conversions explicit. */
#ifndef PYKC_SEMA_INTERNAL_H
#define PYKC_SEMA_INTERNAL_H

#include "fold.h"
#include "operators.h"
#include "sema.h"

/* What an expression denotes. Only VAL_RUNTIME values exist at run time;
 * the others name things (a module, a type, a builtin) that calls,
 * attributes and type expressions resolve at compile time. */
typedef enum ValueKind {
    VAL_ERROR,        /* already reported (or, in a non-final pass, unknown) */
    VAL_RUNTIME,      /* a typed value; node->type is set */
    VAL_NAMESPACE,    /* numba, cuda, cuda.shared, cuda.threadIdx, ...: id is a Namespace */
    VAL_TYPE,         /* float32, np.int64, void: type */
    VAL_BUILTIN,      /* a callable: id is a Builtin or a Callable */
    VAL_FUNCTION,     /* a @cuda.jit function of this module: func */
    VAL_UNSUPPORTED,  /* a known Numba name pykc does not support yet: what */
    VAL_SCOPE,        /* a class, or a module of the project: scope */
    VAL_HOST,         /* a name host code binds, which kernels cannot use: sym */
} ValueKind;

typedef enum Namespace {
    NS_NUMBA, NS_NUMBA_TYPES, NS_CUDA, NS_CUDA_SHARED, NS_CUDA_ATOMIC, NS_NUMPY,
    NS_MATH, NS_THREADIDX, NS_BLOCKIDX, NS_BLOCKDIM, NS_GRIDDIM, NS_CUDA_LOCAL,
    NS_CUDA_LIBDEVICE, NS_OPERATOR, NS_CUDA_FP16, NS_CMATH, NS_CUDA_CG,
    NS_NUMBA_SPECIAL, NS_CUDA_CONST,
    NS_CUDA_BF16, NS_CUDA_INTERNAL, NS_CUDA_BF16_INTERNAL, NS_ML_DTYPES,   /* sema/bf16.c */
    NS_CUDA_FP8_INTERNAL,   /* numba-cuda's fp8 bindings (sema/fp8.c) */
    NS_FP8_SATURATION, NS_FP8_INTERPRETATION,   /* its enums saturation_t, fp8_interpretation_t */
    NS_CUDA_BINDINGS_RUNTIME, NS_CUDA_ROUND_MODE,   /* cuda.bindings.runtime, its cudaRoundMode */
    NS_NUMBA_EXTENDING,           /* numba.extending and its aliases (overload.c) */
} Namespace;

/* Callables that sema rewrites (to a CAST) or that only decorate. */
typedef enum Callable {
    CALLABLE_INT = BUILTIN_COUNT, /* int(x) */
    CALLABLE_FLOAT,               /* float(x) */
    CALLABLE_BOOL,                /* bool(x) */
    CALLABLE_JIT,                 /* cuda.jit, as a decorator */
    CALLABLE_NJIT,                /* numba.jit, numba.njit: device functions here */
    CALLABLE_HOST_DECORATOR,      /* staticmethod, classmethod: nothing for pykc */
    CALLABLE_UNITUPLE,            /* numba.types.UniTuple, in type expressions */
    CALLABLE_TUPLE,               /* numba.types.Tuple */
    CALLABLE_ARRAY,               /* numba.types.Array */
    CALLABLE_LITERAL_UNROLL,      /* numba.literal_unroll: only as a for loop's iterable (unroll.c) */
    CALLABLE_VECTOR_FIRST,        /* cuda.int8x1 .. cuda.float64x4: one id per vector type, */
    CALLABLE_VECTOR_LAST = CALLABLE_VECTOR_FIRST + 39,   /* as vector_types.c numbers them */
    CALLABLE_NP_DTYPE,            /* np.dtype(...): a type, records included (records.c) */
    CALLABLE_FROM_DTYPE,          /* numba.from_dtype(dt): the dtype's Numba type */
    /* ufunc builders, as decorators (ufunc.c): cuda's build for the GPU,
     * numba's only with target="cuda" */
    CALLABLE_CUDA_VECTORIZE, CALLABLE_CUDA_GUVECTORIZE,
    CALLABLE_NUMBA_VECTORIZE, CALLABLE_NUMBA_GUVECTORIZE,
    CALLABLE_OVERLOAD,            /* numba.extending.overload, as a decorator (overload.c) */
    CALLABLE_INTRINSIC,           /* numba.extending.intrinsic: reported where used (overload.c) */
} Callable;

typedef struct Value {
    ValueKind kind;
    const Type *type;
    int id;
    FuncInfo *func;
    const char *what;
    ConstValue konst;           /* VAL_RUNTIME: a compile-time value, if any */
    Scope *scope;               /* VAL_SCOPE */
    Symbol *sym;                /* VAL_HOST */
} Value;

typedef struct LoadedModule LoadedModule;   /* modules.c */

typedef struct Sema {
    Arena *arena;
    Diag *diag;                 /* quiet while a host binding is tried (bind.c) */
    TypeTable *types;
    const SemaOptions *options;
    Scope *module_scope;        /* the file compiled */
    Scope *scope;               /* where names are looked up now (scope.h) */
    const char *main_dir;       /* the source's directory: modules are found there */
    LoadedModule *loaded;       /* project modules read (modules.c) */
    int loaded_count;
    FuncInfo **funcs;           /* every @cuda.jit function declared */
    int func_count;
    int trials;                 /* >0: a specialisation is tried (specialize.c) */
    FuncInfo *finishing;        /* the specialisation whose final pass runs */
    int call_depth;             /* device calls being typed inside each other (specialize.c) */
    bool prelude;               /* a --bind value is checked: numba, np, cuda,
                                   math, cmath and operator are always known */
    ConstArray **const_arrays;  /* the global NumPy arrays kernels read, each once */
    int const_array_count;
    int64_t const_bytes;        /* their size, against constant memory's 64 KiB */
} Sema;

/* The state of checking one function body. */
typedef struct FuncCtx {
    Sema *sema;
    FuncInfo *func;
    bool final;                 /* report errors and insert Converts */
    bool changed;               /* a local's type changed in this pass */
    int loop_depth;
    Str assigning;              /* the variable being assigned, for naming */
} FuncCtx;

/* namespaces.c */
Value sema_value_runtime(const Type *type);
/* `node` typed `type` (and its constant `konst`): its value as a check
 * returns it. */
static inline Value sema_typed(Node *node, const Type *type)
{
    node->type = type;
    return sema_value_runtime(type);
}
static inline Value sema_typed_const(Node *node, const Type *type, ConstValue konst)
{
    node->type = type;
    node->konst = konst;
    Value v = sema_value_runtime(type);
    v.konst = konst;
    return v;
}
Value sema_value_error(void);
/* A name as the code being checked sees it (sema->scope, scope.h). */
Symbol *sema_lookup_global(Sema *sema, Str name);
/* numba, numba.cuda, math, ...: the namespaces pykc knows. */
bool sema_known_module(Str dotted, Value *out);
/* In a --bind value: the modules it may name without an import (numba,
 * numpy as np, numba.cuda as cuda, math, cmath, operator). */
bool sema_prelude_module(Str name, Value *out);
/* What kind of type Numba has under this name that pykc does not support
 * yet ("complex numbers", "CUDA vector types", ...), or NULL. */
const char *sema_unsupported_type_kind(Str name);
Value sema_resolve_attribute(Sema *sema, Value base, Str attr);
Value sema_symbol_value(const Symbol *sym);
Value sema_lookup_builtin_name(Str name);
Value sema_resolve_static(Sema *sema, const Node *node);
const char *sema_namespace_name(int ns);

/* bind.c: a name of a module-level tuple constant becomes (in place) a
 * copy of the folded tuple; anything else is left as it is. */
void sema_expand_module_tuple(FuncCtx *ctx, Node *name);
/* A copy of a tuple expression whose elements are all constants, as a
 * tree of constant leaves (module tuples are kept so); NULL otherwise. */
Node *sema_constant_tuple(Arena *arena, const Node *tuple, Span at);
/* bind_path.c: a --bind value written as the full path of something a
 * project module binds (pkg.module.name), looked up as an import would;
 * false when it is not such a path. */
bool sema_bind_module_path(Sema *sema, Scope *scope, const Node *node, Value *out);
/* cudasim.c: whether an if's condition is numba-cuda's ENABLE_CUDASIM
 * setting (or `not` it) as a GPU compile sees it: 1 true, 0 false; -1 when
 * the condition is something else. */
int sema_cudasim_condition(const Node *cond);
/* const_tuples.c: an array leaf of a module tuple of NumPy arrays (a Name
 * carrying its Symbol): whether a node is one, its checking, its copy. */
bool sema_is_const_tuple_element(const Node *node);
Value sema_check_const_tuple_element(FuncCtx *ctx, Node *node);
Node *sema_copy_const_tuple_element(Arena *arena, const Node *leaf, Span at);
/* A scalar constant as a tree (a literal converted to its type) spanning at. */
Node *sema_constant_leaf(Arena *arena, const Type *type, ConstValue konst, Span at);
/* A symbol for a name host code binds: `why` says how. */
Symbol *sema_host_symbol(Sema *sema, Str name, Span def, const char *why);
/* The error for a kernel's use of such a name, with a note where it is bound. */
void sema_report_host_use(FuncCtx *ctx, Span use, const Symbol *sym);

/* modules.c */
void sema_modules_init(Sema *sema, const char *main_path);

/* decorators.c: whether a binding (def f, or f2 = cuda.jit(...)(f)) makes a
 * compiled function: then its FuncInfo is declared, with its signature,
 * and added to sema->funcs. Looked at once per binding. */
typedef struct Binding Binding;
void sema_declare_binding(Sema *sema, Scope *scope, Binding *binding);
/* Every compiled function of a module's scopes, declared in source order. */
void sema_declare_scope(Sema *sema, Scope *scope);

/* decorators.c: whether a --sig or --kernel NAME ([Qual.]name[@LINE]) names
 * the function; whether a signature-list element is a signature (void(...))
 * rather than a type (UniTuple(...)). */
bool sema_names_function(Str wanted, const FuncInfo *func);
bool sema_is_signature_call(const Node *node);

/* ptx_names.c: unique PTX names for the functions compiled. */
void sema_name_functions(Sema *sema, FuncInfo **funcs, int count);

/* prepare.c: a compiled function's options and signature, read (and their
 * errors reported) once; false if something was wrong. */
bool sema_prepare_function(Sema *sema, FuncInfo *func);

/* options.c: @cuda.jit's keyword options (device among them) */
bool sema_read_jit_options(Sema *sema, Node *call, JitOptions *out, bool *device);

/* overload.c: the implementation @overload gives a plain def (NULL if
 * none pykc can prove), and why a plain def cannot be used otherwise */
Node *sema_overload_impl(Sema *sema, Scope *scope, Binding *target, Scope **impl_scope);
const char *sema_extension_why(Sema *sema, Scope *scope, Binding *binding);

/* option_host_value.c: opt given a value only host code knows (true:
 * warned about, compiled as opt=True) */
bool sema_read_host_opt(Sema *sema, Node *keyword);

/* option_carveout.c: shared_memory_carveout, accepted without effect */
bool sema_read_carveout(Sema *sema, Node *keyword);

/* overloads.c: signature lists, and the pick of an overload at a call
 * (NULL after reporting) */
void sema_read_overloads(Sema *sema, FuncInfo *func, NodeList *sigs,
                         bool (*read_one)(Sema *, FuncInfo *, Node *));
FuncInfo *sema_pick_overload(FuncCtx *ctx, Node *call, FuncInfo *func);
/* prepare.c: one signature of a decorator (a string, a call, a tuple of
 * types) read into func */
bool sema_read_one_signature(Sema *sema, FuncInfo *func, Node *sig);
/* decorators.c: the signature (or list) a name holds, seen from
 * sema->scope; the node itself otherwise. A function added to the
 * module's compiled functions. */
Node *sema_signature_value(Sema *sema, Node *arg);
void sema_add_function(Sema *sema, FuncInfo *func);
/* ufunc.c: @cuda.vectorize / @cuda.guvectorize (or --vectorize,
 * --guvectorize) on a def declares the kernel Numba generates for it
 * (false: not a ufunc); its signatures are read when it is prepared. */
bool sema_declare_ufunc(Sema *sema, Scope *scope, Node *def);
/* name = cuda.vectorize(sigs)(f) (false: not that form) */
bool sema_declare_ufunc_application(Sema *sema, Scope *scope, Node *value);
void sema_ufunc_read_signature(Sema *sema, FuncInfo *kernel);
/* The same for the def's own signatures (false after reporting). */
bool sema_ufunc_read_core(Sema *sema, FuncInfo *core);
/* Reports a --vectorize or --guvectorize that names no def. */
void sema_check_ufunc_options(Sema *sema);

/* signature.c: type expressions, from annotations or signature strings. */
const Type *sema_type_from_expr(Sema *sema, Node *expr, bool numba_scope);
const Type *sema_param_type_from_expr(Sema *sema, Node *expr, bool numba_scope);
bool sema_signature_from_string(Sema *sema, const Source *text, FuncInfo *func);
bool sema_signature_from_expr(Sema *sema, Node *expr, FuncInfo *func);

/* type_ctors.c: UniTuple(...), Tuple(...), Array(...) in type expressions.
 * sema_type_constructor: the constructor a name of numba.types stands for
 * (VAL_ERROR if none); sema_type_from_constructor: the type a call of one
 * makes (NULL after reporting); sema_param_type_problem: why a parameter
 * cannot have this type (none, an empty tuple, in it), or NULL. */
Value sema_type_constructor(Str name);
bool sema_is_type_constructor(int id);
const Type *sema_type_from_constructor(Sema *sema, Node *call, bool numba_scope);
const char *sema_param_type_problem(const Type *t);
Value sema_report_type_constructor_call(FuncCtx *ctx, Node *call, int id);

/* function.c: sema_check_function = sema_infer_function (the passes that
 * widen types), then sema_finish_function (the final pass). */
void sema_check_function(Sema *sema, FuncInfo *func);
void sema_infer_function(Sema *sema, FuncInfo *func);
void sema_finish_function(Sema *sema, FuncInfo *func);
void sema_report(FuncCtx *ctx, Span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "a" or "an" before the number n spelled in digits ("an 8-d array"). */
static inline const char *sema_a_or_an(int n)
{
    return n == 8 || n == 11 || n == 18 || (n >= 80 && n < 90) ? "an" : "a";
}
bool sema_unify_local(FuncCtx *ctx, Symbol *sym, const Type *type, Span at);
Symbol *sema_lookup_local(FuncCtx *ctx, Str name);
const char *sema_space_name(MemSpace space);
bool sema_spaces_differ(const Type *a, const Type *b);

/* datetime.c: operators on datetime64/timedelta64 (Numba's npdatetime
 * templates), and datetime64[D] / timedelta64[ns] in signatures (true when
 * expr is one; *out NULL after an error). */
Value sema_check_datetime_binop(FuncCtx *ctx, Node *node, const Type *l, const Type *r);
const Type *sema_check_datetime_aug_assign(FuncCtx *ctx, Node *node, const Type *l, const Type *r);
bool sema_check_datetime_compare(FuncCtx *ctx, Node *node, int i, ConstValue *result);
bool sema_datetime_type_from_subscript(Sema *sema, Node *expr, bool numba_scope, const Type **out);

/* unsupported.c: "with statements are not supported in kernels" */
void sema_report_unsupported(FuncCtx *ctx, const Node *node);

/* stmt.c */
void sema_check_block(FuncCtx *ctx, NodeList *body);
void sema_collect_locals(FuncCtx *ctx, NodeList *body);
/* The first break (and, if `continues`, continue) of a loop body that
 * leaves its own loop (not a nested one); NULL if none. */
const Node *sema_find_jump(const NodeList *body, bool continues);
/* prune.c: the branch of an `if` that Numba keeps when it prunes the
 * other before typing: 1 its body, 0 its else, -1 both are typed. */
int sema_constant_branch(const Node *node);

/* expr.c */
Value sema_check_expr(FuncCtx *ctx, Node *node);
const Type *sema_check_value(FuncCtx *ctx, Node *node);      /* runtime value or NULL */
const Type *sema_check_value_of(FuncCtx *ctx, Node *node, Value v);
/* A device function's argument: a runtime value's type, or a TYPE_STATIC
 * for a type, builtin or function passed as a value (NULL after reporting). */
const Type *sema_check_argument(FuncCtx *ctx, Node *node);
Node *sema_convert(FuncCtx *ctx, Node *node, const Type *to);
bool sema_is_literal(const Node *node);
void sema_check_condition(FuncCtx *ctx, Node *cond);
/* unroll.c: `for x in literal_unroll(t)` over a tuple of several types
 * becomes (in place) an `if True:` holding one copy of the body per
 * element; true if the loop was rewritten or cannot be yet, false if it
 * is an ordinary loop (its iterable then the tuple or array itself). */
bool sema_unroll_literal_loop(FuncCtx *ctx, Node *node);
/* call_arguments.c: a device function's call rewritten (in place) to one
 * positional argument per parameter: keywords by name, then defaults;
 * false if it cannot be (reported). */
bool sema_bind_call_arguments(FuncCtx *ctx, Node *call, const FuncInfo *callee);
/* calls.c: a call of a math-like function, no keywords: each argument
 * typed (reporting its own errors) and a number; false otherwise. The
 * caller checks the count, whose message is its own. */
bool sema_check_number_args(FuncCtx *ctx, Node *call, const char *name);
/* calls.c: a call of a fixed-signature intrinsic (float16's, bfloat16's):
 * no keywords, `arity` arguments, each typed and taken by `takes` (else
 * "'NAME' takes T values, and 'U' does not convert to T", T being `to`),
 * and in a kernel, not a module constant; false when reported. */
bool sema_check_intrinsic_args(FuncCtx *ctx, Node *call, const char *name, int arity, const Type *to,
                               bool (*takes)(const Type *arg, const Type *to));
/* decorators.c: a kernel called from device code as numba-cuda compiles
 * it for such a call: a device function without a signature, typed at
 * each call, over a copy of the kernel's def (made once). */
FuncInfo *sema_device_variant(Sema *sema, FuncInfo *kernel);

/* indexing.c: a[index] (an element or a view), the index of a store or an
 * atomic (one integer per dimension), and a.shape, a.strides, a.T, ... */
Value sema_check_array_subscript(FuncCtx *ctx, Node *node, const Type *array);
const Type *sema_index_type(FuncCtx *ctx, Node **index, int ndim, Span at);
Value sema_check_array_attribute(FuncCtx *ctx, Node *node, const Type *array);

/* array_methods.c, reshape.c, reductions.c: x.reshape(...), the
 * reductions (x.sum(), np.nanmean(x), ...) */
Value sema_array_method(Str name);            /* x.NAME of an array: VAL_BUILTIN, or VAL_ERROR */
Value sema_numpy_array_function(Str name);    /* np.NAME: VAL_BUILTIN, or VAL_ERROR */
bool sema_is_array_method_builtin(int id);
Value sema_check_array_method(FuncCtx *ctx, Node *call, Builtin id);
Value sema_check_reshape(FuncCtx *ctx, Node *call, const Type *array, int first);
Value sema_check_reduction(FuncCtx *ctx, Node *call, Builtin id, const Type *array, int first);

/* pyfold.c */
bool sema_python_fold(FuncCtx *ctx, Node *node, bool *failed);

/* compare.c */
Value sema_check_compare(FuncCtx *ctx, Node *node);
bool sema_has_effects(const Node *node);

/* calls.c */
Value sema_check_call(FuncCtx *ctx, Node *call);
/* Types the arguments of a refused call, so their own errors show; VAL_ERROR */
Value sema_check_args_only(FuncCtx *ctx, Node *call);

/* specialize.c: device functions typed from their call sites */
Value sema_check_generic_call(FuncCtx *ctx, Node *call, FuncInfo *generic);
void sema_check_inferred_return(FuncCtx *ctx, Node *node);
bool sema_spec_is_done(const FuncInfo *spec);
/* The functions codegen generates (funcs: what was checked, in order),
 * named uniquely for the PTX. */
void sema_collect_generated(Sema *sema, Node *module, FuncInfo **funcs, int count, SemaModule *out);

/* shared.c: cuda.shared.array and cuda.local.array */
Value sema_check_shared_array(FuncCtx *ctx, Node *call);
Value sema_check_local_array(FuncCtx *ctx, Node *call);

/* math.c: math.NAME functions, typed by numba-cuda's cudamath.py table */
Value sema_math_function(Str name);           /* VAL_BUILTIN, or VAL_ERROR */
bool sema_is_math_builtin(int id);
Value sema_check_math_call(FuncCtx *ctx, Node *call, Builtin id);

/* np_ufuncs.c: np.sin(x), np.add(a, b, out), ... */
/* isinstance.c: isinstance(x, T), a constant */
Value sema_check_isinstance(FuncCtx *ctx, Node *call);
Value sema_numpy_ufunc(Str name);             /* VAL_BUILTIN, or VAL_ERROR */
Value sema_check_np_ufunc_call(FuncCtx *ctx, Node *call, Builtin id);

/* atomics.c: cuda.atomic.NAME, typed as numba-cuda's cudadecl.py does */
Value sema_atomic_function(Str name);         /* VAL_BUILTIN, or VAL_ERROR */
bool sema_is_atomic_builtin(int id);
Value sema_check_atomic(FuncCtx *ctx, Node *call, Builtin id);

/* intrinsics.c: cuda.laneid, cuda.warpsize and the intrinsic functions of
 * cuda (syncwarp, shfl_sync, popc, ...), typed as numba-cuda does */
Value sema_cuda_intrinsic(Str name);          /* VAL_BUILTIN, an int32 value, or VAL_ERROR */
bool sema_is_intrinsic_builtin(int id);
Value sema_check_intrinsic_call(FuncCtx *ctx, Node *call, Builtin id);
bool sema_check_bit_count(FuncCtx *ctx, Node *call, Value *out);   /* x.bit_count() */

/* iterate.c: a for loop's iterable; the type each iteration yields, or
 * NULL after reporting. enumerate() and zip() elsewhere are errors. */
const Type *sema_check_iterable(FuncCtx *ctx, Node *iter);
Value sema_check_iterator_call(FuncCtx *ctx, Node *call, Builtin id);

/* builtins_py.c: round, pow (rewritten into `**`), divmod */
Value sema_check_round(FuncCtx *ctx, Node *call);
Value sema_check_pow(FuncCtx *ctx, Node *call);
Value sema_check_divmod(FuncCtx *ctx, Node *call);

/* const_arrays.c: global NumPy arrays in kernels. cuda.const.array_like
 * (NS_CUDA_CONST's one function); a kernel's use of an array, counted
 * against constant memory's 64 KiB; the error for storing into one (false
 * after reporting it). */
Value sema_const_function(Str name);          /* VAL_BUILTIN, or VAL_ERROR */
Value sema_check_const_array_like(FuncCtx *ctx, Node *call);
void sema_use_const_array(FuncCtx *ctx, Span at, ConstArray *array);
bool sema_check_writable(FuncCtx *ctx, const Type *array, Span at, const char *what);

/* print.c: print(...), a vprintf call; its value is None */
Value sema_check_print(FuncCtx *ctx, Node *call);

/* libdevice.c: cuda.libdevice.NAME, typed by numba-cuda's libdevicefuncs.py */
Value sema_libdevice_function(Str name);      /* VAL_BUILTIN, or VAL_ERROR */
bool sema_is_libdevice_builtin(int id);
Value sema_check_libdevice_call(FuncCtx *ctx, Node *call, Builtin id);

/* cache_hints.c: cuda.ldca/ldcg/ldcs/ldlu/ldcv and cuda.stcg/stcs/stwb/stwt */
Value sema_cache_hint_function(Str name);     /* VAL_BUILTIN, or VAL_ERROR */
bool sema_is_cache_hint_builtin(int id);
Value sema_check_cache_hint(FuncCtx *ctx, Node *call, Builtin id);

/* operator_module.c: operator.NAME calls become the operator's node */
Value sema_operator_function(Str name);       /* VAL_BUILTIN, VAL_UNSUPPORTED or VAL_ERROR */
bool sema_is_operator_builtin(int id);
Value sema_check_operator_call(FuncCtx *ctx, Node *call, Builtin id);

/* complex.c: x.real and x.imag of a number (node an Attribute whose base
 * has type `type`), x.conjugate() (false if the call is not that), and
 * complex(x), complex(re, im) */
Value sema_check_number_attribute(FuncCtx *ctx, Node *node, const Type *type);
bool sema_check_conjugate(FuncCtx *ctx, Node *call, Value *out);
Value sema_check_complex_call(FuncCtx *ctx, Node *call);

/* cmath.c: cmath.NAME, typed as numba-cuda's cmathdecl.py and cmathimpl.py
 * type it */
Value sema_cmath_attribute(Str name);         /* VAL_BUILTIN, a constant, or VAL_ERROR */
bool sema_is_cmath_builtin(int id);
Value sema_check_cmath_call(FuncCtx *ctx, Node *call, Builtin id);

/* bf16.c: numba.cuda.bf16.NAME, numba.cuda._internal.cuda_bf16.NAME (the
 * type, or a function of bf16.def), and the type's operators */
Value sema_bf16_attribute(int ns, Str name);   /* VAL_TYPE, VAL_BUILTIN, or VAL_ERROR */
bool sema_is_bf16_builtin(int id);
Value sema_check_bf16_call(FuncCtx *ctx, Node *call, Builtin id);
/* math.NAME(x) of a bfloat16 x: bf16.py's overload, hNAME(x); false if
 * there is none for this function */
bool sema_bf16_math(int math_id, Builtin *out);

/* fp8.c: numba.cuda._internal.cuda_fp8.NAME: fp8_e4m3, fp8_e5m2 and
 * fp8_e8m0 (a VAL_TYPE), its enums (a namespace), its cvt_* functions (a
 * VAL_BUILTIN), or VAL_ERROR for a name pykc does not compile */
Value sema_fp8_attribute(Str name);
/* ENUM.NAME of saturation_t, fp8_interpretation_t or cudaRoundMode: an
 * int64 constant, or VAL_ERROR */
Value sema_fp8_enum_member(int ns, Str name);
/* fp8_cvt.c: cvt_float_to_fp8(x, saturation_t.X, fp8_interpretation_t.Y)
 * and its siblings */
bool sema_is_fp8_cvt_builtin(int id);
Value sema_check_fp8_cvt_call(FuncCtx *ctx, Node *call, Builtin id);

/* float_string.c: float("nan") and friends, a float64 constant; false if
 * the call is no float() of one string literal */
bool sema_float_of_string(FuncCtx *ctx, Node *call, Value *out);

/* fp16.c: cuda.fp16.NAME and cuda.is_float16_supported() */
Value sema_fp16_function(Str name);           /* VAL_BUILTIN, or VAL_ERROR */
bool sema_is_fp16_builtin(int id);
Value sema_check_fp16_call(FuncCtx *ctx, Node *call, Builtin id);

/* vector_types.c: CUDA's vector types. cuda.NAME for a vector type's name
 * or alias (VAL_BUILTIN, or VAL_ERROR); a constructor's call; v.NAME of a
 * vector v; the error for a store into v.NAME (any other attribute store
 * too: target an Attribute node). */
Value sema_vector_type_function(Str name);
bool sema_is_vector_ctor(int id);
Value sema_check_vector_ctor(FuncCtx *ctx, Node *call, int id);
Value sema_check_vector_attribute(FuncCtx *ctx, Node *node, const Type *vector);
/* `target` (an attribute, `base` its object, already checked) assigned: an error,
 * a vector's members being read-only. */
void sema_report_attribute_store(FuncCtx *ctx, Node *target, Value base);

/* loop_targets.c: a name several for loops bind and only their bodies
 * read becomes one local per loop (renamed in place: v.loop2, ...), as
 * Numba's SSA versions make it; before a body's locals are collected. */
void sema_split_loop_targets(Sema *sema, FuncInfo *func);
/* local_annotations.c: `x: T = v` in a body is `x = v`, `x: T` is pass */
void sema_drop_local_annotations(Sema *sema, FuncInfo *func);
/* suggest.c: the nearest spelling that exists, or NULL ("did you mean") */
const char *sema_suggest_local(FuncCtx *ctx, Str wrong);
const char *sema_suggest_attribute(Sema *sema, Value base, Str wrong);

/* tuple_builtin.c: tuple() and tuple(t) */
Value sema_check_tuple_call(FuncCtx *ctx, Node *call);

/* grid_group.c: cuda.cg.this_grid() and a GridGroup's sync() */
Value sema_grid_group_function(Str name);     /* cuda.cg.NAME: VAL_BUILTIN, or VAL_ERROR */
Value sema_grid_group_attribute(FuncCtx *ctx, Node *node);   /* g.NAME of a GridGroup g */
bool sema_is_grid_group_builtin(int id);
Value sema_check_grid_group_call(FuncCtx *ctx, Node *call, Builtin id);

#endif
