/* What names mean: the module scope's symbols, the modules a kernel may
 * import (numba, numba.cuda, numba.types, numpy, math, cmath, operator) and the attributes
 * of each, and Python's builtins. Names Numba has but pykc does not support
 * yet resolve to VAL_UNSUPPORTED, so the error can say so by name instead of
 * "not defined". */
#include "scope.h"
#include "enums.h"
#include "sema_internal.h"

#include <math.h>
#include <string.h>

Value sema_value_runtime(const Type *type) { return (Value){.kind = VAL_RUNTIME, .type = type}; }
Value sema_value_error(void) { return (Value){.kind = VAL_ERROR}; }

static Value value_namespace(Namespace ns) { return (Value){.kind = VAL_NAMESPACE, .id = (int)ns}; }
static Value value_builtin(int id) { return (Value){.kind = VAL_BUILTIN, .id = id}; }
static Value value_type(const Type *type) { return (Value){.kind = VAL_TYPE, .type = type}; }
static Value value_unsupported(const char *what) { return (Value){.kind = VAL_UNSUPPORTED, .what = what}; }

static Value value_float_const(double f)
{
    Value v = sema_value_runtime(&type_float64_t);
    v.konst = (ConstValue){.kind = CONST_FLOAT, .f = f};
    return v;
}

const char *sema_namespace_name(int ns)
{
    static const char *const names[] = {
        [NS_NUMBA] = "numba", [NS_NUMBA_TYPES] = "numba.types", [NS_CUDA] = "numba.cuda",
        [NS_CUDA_SHARED] = "numba.cuda.shared", [NS_CUDA_ATOMIC] = "numba.cuda.atomic",
        [NS_NUMPY] = "numpy", [NS_MATH] = "math", [NS_THREADIDX] = "cuda.threadIdx",
        [NS_BLOCKIDX] = "cuda.blockIdx", [NS_BLOCKDIM] = "cuda.blockDim",
        [NS_GRIDDIM] = "cuda.gridDim", [NS_CUDA_LOCAL] = "numba.cuda.local",
        [NS_CUDA_LIBDEVICE] = "numba.cuda.libdevice", [NS_OPERATOR] = "operator",
        [NS_CUDA_FP16] = "numba.cuda.fp16", [NS_CMATH] = "cmath",
        [NS_CUDA_CG] = "numba.cuda.cg", [NS_NUMBA_SPECIAL] = "numba.misc.special",
        [NS_CUDA_CONST] = "numba.cuda.const", [NS_CUDA_BF16] = "numba.cuda.bf16",
        [NS_NUMBA_EXTENDING] = "numba.extending",
        [NS_CUDA_INTERNAL] = "numba.cuda._internal",
        [NS_CUDA_BF16_INTERNAL] = "numba.cuda._internal.cuda_bf16", [NS_ML_DTYPES] = "ml_dtypes",
        [NS_CUDA_FP8_INTERNAL] = "numba.cuda._internal.cuda_fp8",
        [NS_FP8_SATURATION] = "numba.cuda._internal.cuda_fp8.saturation_t",
        [NS_FP8_INTERPRETATION] = "numba.cuda._internal.cuda_fp8.fp8_interpretation_t",
        [NS_CUDA_BINDINGS_RUNTIME] = "cuda.bindings.runtime",
        [NS_CUDA_ROUND_MODE] = "cuda.bindings.runtime.cudaRoundMode",
    };
    return names[ns];
}

Symbol *sema_lookup_global(Sema *sema, Str name)
{
    return sema_scope_lookup(sema, sema->scope, name);
}

Value sema_symbol_value(const Symbol *sym)
{
    switch (sym->kind) {
    case SYM_MODULE: return value_namespace((Namespace)sym->id);
    case SYM_TYPE: return value_type(sym->type);
    case SYM_BUILTIN: return value_builtin(sym->id);
    case SYM_FUNCTION: return (Value){.kind = VAL_FUNCTION, .func = sym->func};
    case SYM_SCOPE: return (Value){.kind = VAL_SCOPE, .scope = sym->scope};
    case SYM_HOST: return (Value){.kind = VAL_HOST, .sym = (Symbol *)sym};
    case SYM_CONST: {
        if (!sym->type)
            return sema_value_error();   /* a constant whose definition failed */
        Value v = sema_value_runtime(sym->type);
        v.konst = sym->value;
        return v;
    }
    case SYM_LOCAL: return sema_value_runtime(sym->type);
    }
    return sema_value_error();
}

bool sema_known_module(Str dotted, Value *out)
{
    static const struct { const char *name; Namespace ns; } modules[] = {
        {"numba", NS_NUMBA}, {"numba.cuda", NS_CUDA}, {"numba.types", NS_NUMBA_TYPES},
        {"numba.cuda.types", NS_NUMBA_TYPES},
        {"numba.core.types", NS_NUMBA_TYPES}, {"numpy", NS_NUMPY}, {"math", NS_MATH},
        {"operator", NS_OPERATOR}, {"numba.cuda.libdevice", NS_CUDA_LIBDEVICE},
        {"numba.cuda.fp16", NS_CUDA_FP16}, {"cmath", NS_CMATH},
        {"numba.cuda.cg", NS_CUDA_CG}, {"numba.misc.special", NS_NUMBA_SPECIAL},
        {"numba.cuda.misc.special", NS_NUMBA_SPECIAL},
        {"numba.cuda.bf16", NS_CUDA_BF16}, {"numba.cuda._internal", NS_CUDA_INTERNAL},
        {"numba.cuda._internal.cuda_bf16", NS_CUDA_BF16_INTERNAL}, {"ml_dtypes", NS_ML_DTYPES},
        {"numba.cuda._internal.cuda_fp8", NS_CUDA_FP8_INTERNAL}, {"numba.cuda.fp8", NS_CUDA_FP8_INTERNAL},
        {"numba.extending", NS_NUMBA_EXTENDING}, {"numba.core.extending", NS_NUMBA_EXTENDING},
        {"numba.cuda.extending", NS_NUMBA_EXTENDING}, {"cuda.bindings.runtime", NS_CUDA_BINDINGS_RUNTIME},
    };
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
        if (str_eq_cstr(dotted, modules[i].name)) {
            *out = value_namespace(modules[i].ns);
            return true;
        }
    return false;
}

bool sema_prelude_module(Str name, Value *out)
{
    if (str_eq_cstr(name, "np"))
        return sema_known_module(str_from_cstr("numpy"), out);
    if (str_eq_cstr(name, "cuda"))
        return sema_known_module(str_from_cstr("numba.cuda"), out);
    return sema_known_module(name, out);
}

/* Names of numba.cuda that later versions of pykc will support. */
static const char *const cuda_not_yet[] = {
    "fp8", "random", "declare_device", NULL,
};

/* CUDA's vector types, as numba.cuda spells them: float32x4, int8x2, ...
 * and the aliases of CUDA C (float4, uchar2, longlong3, ...). */
static bool is_vector_type_name(Str name)
{
    static const char *const bases[] = {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "char", "uchar", "short", "ushort", "int",
        "uint", "long", "ulong", "longlong", "ulonglong", "float", "double", NULL,
    };
    for (int i = 0; bases[i]; i++) {
        int n = (int)strlen(bases[i]);
        if (name.len < n + 1 || memcmp(name.ptr, bases[i], (size_t)n) != 0)
            continue;
        Str rest = {name.ptr + n, name.len - n};
        bool numba_style = rest.len == 2 && rest.ptr[0] == 'x' && rest.ptr[1] >= '1' && rest.ptr[1] <= '4';
        bool c_style = rest.len == 1 && rest.ptr[0] >= '1' && rest.ptr[0] <= '4';
        if (numba_style || c_style)
            return true;
    }
    return false;
}

const char *sema_unsupported_type_kind(Str name)
{
    static const struct { const char *name; const char *kind; } names[] = {
        {"clongdouble", "extended-precision complex numbers"},
        {"Record", "records (structured dtypes)"}, {"from_dtype", "records (structured dtypes)"},
        {"NPDatetime", "datetime64 and timedelta64"}, {"NPTimedelta", "datetime64 and timedelta64"},
        {"datetime64", "datetime64 and timedelta64"}, {"timedelta64", "datetime64 and timedelta64"},
        {"CPointer", "pointers"}, {"voidptr", "pointers"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (str_eq_cstr(name, names[i].name))
            return names[i].kind;
    return is_vector_type_name(name) ? "CUDA vector types" : NULL;
}

static const char *find_name(const char *const *names, Str attr)
{
    for (int i = 0; names[i]; i++)
        if (str_eq_cstr(attr, names[i]))
            return names[i];
    return NULL;
}

static Value unsupported_attr(Sema *sema, const char *prefix, Str attr)
{
    return value_unsupported(arena_printf(sema->arena, "%s.%.*s", prefix, STR_ARG(attr)));
}

static Value resolve_cuda(Sema *sema, Str attr)
{
    if (str_eq_cstr(attr, "grid")) return value_builtin(BUILTIN_GRID);
    if (str_eq_cstr(attr, "gridsize")) return value_builtin(BUILTIN_GRIDSIZE);
    if (str_eq_cstr(attr, "syncthreads")) return value_builtin(BUILTIN_SYNCTHREADS);
    if (str_eq_cstr(attr, "threadIdx")) return value_namespace(NS_THREADIDX);
    if (str_eq_cstr(attr, "blockIdx")) return value_namespace(NS_BLOCKIDX);
    if (str_eq_cstr(attr, "blockDim")) return value_namespace(NS_BLOCKDIM);
    if (str_eq_cstr(attr, "gridDim")) return value_namespace(NS_GRIDDIM);
    if (str_eq_cstr(attr, "shared")) return value_namespace(NS_CUDA_SHARED);
    if (str_eq_cstr(attr, "atomic")) return value_namespace(NS_CUDA_ATOMIC);
    if (str_eq_cstr(attr, "jit")) return value_builtin(CALLABLE_JIT);
    if (str_eq_cstr(attr, "vectorize")) return value_builtin(CALLABLE_CUDA_VECTORIZE);
    if (str_eq_cstr(attr, "guvectorize")) return value_builtin(CALLABLE_CUDA_GUVECTORIZE);
    if (str_eq_cstr(attr, "local")) return value_namespace(NS_CUDA_LOCAL);
    if (str_eq_cstr(attr, "libdevice")) return value_namespace(NS_CUDA_LIBDEVICE);
    if (str_eq_cstr(attr, "fp16")) return value_namespace(NS_CUDA_FP16);
    if (str_eq_cstr(attr, "bf16")) return value_namespace(NS_CUDA_BF16);
    if (str_eq_cstr(attr, "_internal")) return value_namespace(NS_CUDA_INTERNAL);
    if (str_eq_cstr(attr, "types")) return value_namespace(NS_NUMBA_TYPES);
    if (str_eq_cstr(attr, "cg")) return value_namespace(NS_CUDA_CG);
    if (str_eq_cstr(attr, "const")) return value_namespace(NS_CUDA_CONST);
    if (str_eq_cstr(attr, "is_float16_supported")) return value_builtin(BUILTIN_IS_FLOAT16_SUPPORTED);
    Value hinted = sema_cache_hint_function(attr);
    if (hinted.kind != VAL_ERROR) return hinted;
    Value intrinsic = sema_cuda_intrinsic(attr);
    if (intrinsic.kind != VAL_ERROR) return intrinsic;
    Value vector = sema_vector_type_function(attr);
    if (vector.kind != VAL_ERROR) return vector;
    if (find_name(cuda_not_yet, attr))
        return unsupported_attr(sema, "cuda", attr);
    /* numba.cuda re-exports numba.cuda.types: from numba.cuda import float32, void */
    if (str_eq_cstr(attr, "types")) return value_namespace(NS_NUMBA_TYPES);
    return sema_resolve_attribute(sema, value_namespace(NS_NUMBA_TYPES), attr);
}

static Value resolve_dim3(Namespace ns, Str attr)
{
    static const Builtin first[] = {
        [NS_THREADIDX] = BUILTIN_THREADIDX_X, [NS_BLOCKIDX] = BUILTIN_BLOCKIDX_X,
        [NS_BLOCKDIM] = BUILTIN_BLOCKDIM_X, [NS_GRIDDIM] = BUILTIN_GRIDDIM_X,
    };
    if (attr.len != 1 || attr.ptr[0] < 'x' || attr.ptr[0] > 'z')
        return sema_value_error();
    Value v = sema_value_runtime(&type_int32_t);
    v.id = (int)first[ns] + (attr.ptr[0] - 'x');
    return v;
}

/* math's constants and functions; numpy shares the constants only (its
 * functions are ufuncs, typed differently: sema/np_ufuncs.c). */
static Value resolve_math(Sema *sema, Str attr, const char *module)
{
    /* Python's values, to double precision. */
    if (str_eq_cstr(attr, "pi")) return value_float_const(3.141592653589793);
    if (str_eq_cstr(attr, "e")) return value_float_const(2.718281828459045);
    if (str_eq_cstr(attr, "tau")) return value_float_const(6.283185307179586);
    if (str_eq_cstr(attr, "inf")) return value_float_const(INFINITY);
    if (str_eq_cstr(attr, "nan")) return value_float_const(NAN);
    Value function = sema_math_function(attr);
    if (function.kind == VAL_BUILTIN && strcmp(module, "math") == 0)
        return function;
    return unsupported_attr(sema, module, attr);
}

/* A NumPy scalar type name. NumPy and numba.types share most names, but not
 * all: np.byte is int8 where numba.byte is uint8, and the short codes (f4,
 * i8, b1) exist only in numba.types. */
static const Type *numpy_type(Str name)
{
    static const struct { const char *name; const Type *type; } numpy_only[] = {
        {"byte", &type_int8_t}, {"ubyte", &type_uint8_t}, {"short", &type_int16_t},
        {"ushort", &type_uint16_t}, {"intc", &type_int32_t}, {"uintc", &type_uint32_t},
        {"int_", &type_int64_t}, {"uint", &type_uint64_t}, {"longlong", &type_int64_t},
        {"ulonglong", &type_uint64_t}, {"single", &type_float32_t}, {"double", &type_float64_t},
        {"half", &type_float16_t},
    };
    for (size_t i = 0; i < sizeof numpy_only / sizeof numpy_only[0]; i++)
        if (str_eq_cstr(name, numpy_only[i].name))
            return numpy_only[i].type;
    bool short_code = name.len >= 2 && name.ptr[1] >= '0' && name.ptr[1] <= '9';   /* f4, c16 */
    const Type *type = short_code ? NULL : type_scalar_by_name(name);
    return type == &type_none_t ? NULL : type;
}

/* base.attr for a compile-time base. A runtime value's attributes (array
 * .shape and friends) are resolved in expr.c. VAL_ERROR if there is none. */
Value sema_resolve_attribute(Sema *sema, Value base, Str attr)
{
    if (base.kind == VAL_SCOPE) {
        Symbol *member = sema_scope_member(sema, base.scope, attr);
        return member ? sema_enum_member(sema, base.scope, attr, sema_symbol_value(member)) : sema_value_error();
    }
    if (base.kind != VAL_NAMESPACE)
        return sema_value_error();
    Namespace ns = (Namespace)base.id;
    const Type *type = type_scalar_by_name(attr);
    switch (ns) {
    case NS_NUMBA:
        if (str_eq_cstr(attr, "cuda")) return value_namespace(NS_CUDA);
        if (str_eq_cstr(attr, "types")) return value_namespace(NS_NUMBA_TYPES);
        /* numba exports every scalar type but float16, which lives only in
         * numba.types (numba 0.68: `from numba import float16` fails). */
        if (type && type != &type_float16_t) return value_type(type);
        if (str_eq_cstr(attr, "jit") || str_eq_cstr(attr, "njit")) return value_builtin(CALLABLE_NJIT);
        if (str_eq_cstr(attr, "vectorize")) return value_builtin(CALLABLE_NUMBA_VECTORIZE);
        if (str_eq_cstr(attr, "guvectorize")) return value_builtin(CALLABLE_NUMBA_GUVECTORIZE);
        if (str_eq_cstr(attr, "literal_unroll")) return value_builtin(CALLABLE_LITERAL_UNROLL);
        if (str_eq_cstr(attr, "from_dtype")) return value_builtin(CALLABLE_FROM_DTYPE);
        if (sema_unsupported_type_kind(attr))
            return unsupported_attr(sema, "numba", attr);
        return sema_value_error();
    case NS_NUMBA_TYPES:
        if (type) return value_type(type);
        if (str_eq_cstr(attr, "bfloat16")) return value_type(&type_bfloat16_t);
        if (sema_type_constructor(attr).kind != VAL_ERROR) return sema_type_constructor(attr);
        return sema_unsupported_type_kind(attr) ? unsupported_attr(sema, "numba.types", attr)
                                                : sema_value_error();
    case NS_CUDA:
        return resolve_cuda(sema, attr);
    case NS_CUDA_SHARED:
        return str_eq_cstr(attr, "array") ? value_builtin(BUILTIN_SHARED_ARRAY) : sema_value_error();
    case NS_CUDA_LOCAL:
        return str_eq_cstr(attr, "array") ? value_builtin(BUILTIN_LOCAL_ARRAY) : sema_value_error();
    case NS_CUDA_ATOMIC:
        return sema_atomic_function(attr);
    case NS_NUMPY:
        if ((type = numpy_type(attr)) != NULL) return value_type(type);
        if (str_eq_cstr(attr, "dtype")) return value_builtin(CALLABLE_NP_DTYPE);
        if (sema_numpy_array_function(attr).kind == VAL_BUILTIN) return sema_numpy_array_function(attr);
        if (sema_numpy_ufunc(attr).kind == VAL_BUILTIN) return sema_numpy_ufunc(attr);
        if (sema_unsupported_type_kind(attr)) return unsupported_attr(sema, "numpy", attr);
        return resolve_math(sema, attr, "numpy");
    case NS_MATH:
        return resolve_math(sema, attr, "math");
    case NS_CUDA_LIBDEVICE:
        return sema_libdevice_function(attr);
    case NS_OPERATOR:
        return sema_operator_function(attr);
    case NS_CUDA_FP16:
        return sema_fp16_function(attr);
    case NS_CMATH:
        return sema_cmath_attribute(attr);
    case NS_CUDA_CG:
        return sema_grid_group_function(attr);
    case NS_NUMBA_SPECIAL:
        return str_eq_cstr(attr, "literal_unroll") ? value_builtin(CALLABLE_LITERAL_UNROLL) : sema_value_error();
    case NS_CUDA_CONST:
        return sema_const_function(attr);
    case NS_CUDA_INTERNAL:
        if (str_eq_cstr(attr, "cuda_fp8")) return value_namespace(NS_CUDA_FP8_INTERNAL);
        return str_eq_cstr(attr, "cuda_bf16") ? value_namespace(NS_CUDA_BF16_INTERNAL) : sema_value_error();
    case NS_CUDA_FP8_INTERNAL: {   /* the fp8 types, enums and cvt_* functions (sema/fp8.c) */
        Value fp8 = sema_fp8_attribute(attr);
        return fp8.kind != VAL_ERROR ? fp8 : unsupported_attr(sema, "numba.cuda._internal.cuda_fp8", attr);
    }
    case NS_FP8_SATURATION: case NS_FP8_INTERPRETATION: case NS_CUDA_ROUND_MODE:
        return sema_fp8_enum_member(ns, attr);
    case NS_CUDA_BINDINGS_RUNTIME:   /* only the enum the fp8 conversions take */
        if (str_eq_cstr(attr, "cudaRoundMode")) return value_namespace(NS_CUDA_ROUND_MODE);
        return unsupported_attr(sema, "cuda.bindings.runtime", attr);
    case NS_CUDA_BF16: case NS_CUDA_BF16_INTERNAL: case NS_ML_DTYPES:
        return sema_bf16_attribute(ns, attr);
    case NS_NUMBA_EXTENDING:   /* register_jitable compiles as numba.njit does */
        if (str_eq_cstr(attr, "register_jitable")) return value_builtin(CALLABLE_NJIT);
        if (str_eq_cstr(attr, "overload")) return value_builtin(CALLABLE_OVERLOAD);
        if (str_eq_cstr(attr, "intrinsic")) return value_builtin(CALLABLE_INTRINSIC);
        return sema_value_error();
    case NS_THREADIDX: case NS_BLOCKIDX: case NS_BLOCKDIM: case NS_GRIDDIM:
        return resolve_dim3(ns, attr);
    }
    return sema_value_error();
}

/* A compile-time name or attribute chain (decorators, annotations): a
 * global, a builtin, or an attribute of one. VAL_ERROR if it is none of
 * these; nothing is reported. */
Value sema_resolve_static(Sema *sema, const Node *node)
{
    if (node->kind == NODE_NAME) {
        Symbol *sym = sema_lookup_global(sema, node->name.id);
        Value v = sym ? sema_symbol_value(sym) : sema_lookup_builtin_name(node->name.id);
        if (!sym && v.kind == VAL_ERROR && sema->prelude)
            sema_prelude_module(node->name.id, &v);
        return v;
    }
    if (node->kind == NODE_ATTRIBUTE)
        return sema_resolve_attribute(sema, sema_resolve_static(sema, node->attribute.value),
                                      node->attribute.attr);
    return sema_value_error();
}

Value sema_lookup_builtin_name(Str name)
{
    static const struct { const char *name; int id; } builtins[] = {
        {"range", BUILTIN_RANGE}, {"len", BUILTIN_LEN}, {"min", BUILTIN_MIN},
        {"max", BUILTIN_MAX}, {"abs", BUILTIN_ABS}, {"int", CALLABLE_INT},
        {"float", CALLABLE_FLOAT}, {"bool", CALLABLE_BOOL}, {"enumerate", BUILTIN_ENUMERATE},
        {"zip", BUILTIN_ZIP}, {"round", BUILTIN_ROUND}, {"pow", BUILTIN_POW},
        {"divmod", BUILTIN_DIVMOD}, {"print", BUILTIN_PRINT}, {"breakpoint", BUILTIN_BREAKPOINT},
        {"complex", BUILTIN_COMPLEX}, {"tuple", BUILTIN_TUPLE},
        {"isinstance", BUILTIN_ISINSTANCE},
        {"staticmethod", CALLABLE_HOST_DECORATOR}, {"classmethod", CALLABLE_HOST_DECORATOR},
    };
    static const char *const not_yet[] = {
        "sum", "any", "all", "iter", "next", "slice", NULL,
    };
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (str_eq_cstr(name, builtins[i].name))
            return value_builtin(builtins[i].id);
    const char *what = find_name(not_yet, name);
    return what ? value_unsupported(what) : sema_value_error();
}
