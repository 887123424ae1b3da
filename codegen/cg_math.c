/* math.NAME calls, lowered as numba-cuda lowers them (cuda/mathimpl.py): a
 * call of libdevice's __nv_NAMEf for float32 or __nv_NAME for float64, an
 * int64 or uint64 argument converted to float64 first (sema converted
 * narrower ones to those); pow(float, int32) calls __nv_powi[f]; frexp and
 * modf get their second result through a pointer to a local. float ** float
 * calls __nv_pow[f] too (Numba lowers it through math.pow).
 *
 * Where libdevice's function is a single instruction under numba-cuda's
 * options (fabs, floor, ceil, trunc, copysign; sqrt with -prec-sqrt=1; the
 * isnan family's compare of |x| with infinity), the LLVM intrinsic or compare
 * is emitted instead: it selects the same PTX instruction, so the results
 * are the same bits, and the module needs no libdevice. degrees and radians
 * multiply by a constant of the result type, as Numba's mathimpl does; on
 * an integer, isnan and isinf are False and isfinite True.
 *
 * In a fastmath=True function, float32 cos sin tan exp log log2 log10 pow
 * (and float32 ** float32) call the __nv_fast_* variants and float32 sqrt
 * is sqrt.approx.ftz, as under numba-cuda's fastmath. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cg_internal.h"

typedef enum Lowering {
    LOWER_LIBDEVICE,    /* __nv_<name>[f](x[, y]) */
    LOWER_INTRINSIC,    /* <name>.f32/.f64 */
    LOWER_SCALE,        /* x * (180 / pi) or x * (pi / 180) */
    LOWER_PREDICATE,    /* isnan, isinf, isfinite */
    LOWER_TWO_RESULTS,  /* frexp, modf */
    LOWER_POW,          /* __nv_pow[f], or __nv_powi[f] for an int32 exponent */
} Lowering;

/* Every function not listed calls libdevice under its own name. */
static const struct { Builtin id; Lowering how; const char *name; } lowerings[] = {
    {BUILTIN_MATH_FABS, LOWER_INTRINSIC, "llvm.fabs"},
    {BUILTIN_MATH_FLOOR, LOWER_INTRINSIC, "llvm.floor"},
    {BUILTIN_MATH_CEIL, LOWER_INTRINSIC, "llvm.ceil"},
    {BUILTIN_MATH_TRUNC, LOWER_INTRINSIC, "llvm.trunc"},
    {BUILTIN_MATH_SQRT, LOWER_INTRINSIC, "llvm.sqrt"},
    {BUILTIN_MATH_COPYSIGN, LOWER_INTRINSIC, "llvm.copysign"},
    {BUILTIN_MATH_GAMMA, LOWER_LIBDEVICE, "tgamma"},
    {BUILTIN_MATH_DEGREES, LOWER_SCALE, NULL},
    {BUILTIN_MATH_RADIANS, LOWER_SCALE, NULL},
    {BUILTIN_MATH_ISNAN, LOWER_PREDICATE, NULL},
    {BUILTIN_MATH_ISINF, LOWER_PREDICATE, NULL},
    {BUILTIN_MATH_ISFINITE, LOWER_PREDICATE, NULL},
    {BUILTIN_MATH_FREXP, LOWER_TWO_RESULTS, "frexp"},
    {BUILTIN_MATH_MODF, LOWER_TWO_RESULTS, "modf"},
    {BUILTIN_MATH_POW, LOWER_POW, "pow"},
};

static Lowering lowering_of(Builtin id, const char **name)
{
    for (size_t i = 0; i < sizeof lowerings / sizeof lowerings[0]; i++)
        if (lowerings[i].id == id) {
            *name = lowerings[i].name;
            return lowerings[i].how;
        }
    *name = sema_builtin_spelling(id) + strlen("math.");
    return LOWER_LIBDEVICE;
}

/* __nv_<stem>f for float32, __nv_<stem> for float64, returning type t;
 * parameter types are the arguments'. `what` names the Python construct in
 * the error if libdevice is missing. */
static LLVMValueRef call_libdevice(Cg *cg, const Node *at, const char *what, const char *stem,
                                   const Type *t, LLVMValueRef *args, unsigned n)
{
    char name[64];
    snprintf(name, sizeof name, "__nv_%s%s", stem, t->bits == 32 ? "f" : "");
    LLVMTypeRef params[2];
    for (unsigned i = 0; i < n && i < 2; i++)
        params[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef fn_type = LLVMFunctionType(cg_type(cg, t), params, n, false);
    LLVMValueRef fn = cg_libdevice_function(cg, at, what, name, fn_type);
    if (!fn)
        return LLVMGetPoison(cg_type(cg, t));
    return LLVMBuildCall2(cg->b, fn_type, fn, args, n, "");
}

/* fastmath=True: float32 cos sin tan exp log log2 log10 pow call
 * libdevice's __nv_fast_* (numba-cuda's mathimpl.py unarys_fastmath and
 * binarys_fastmath); the stem of the function to call. */
static const char *fast_stem(Cg *cg, const char *stem, const Type *t)
{
    static const char *const fast[] = {"cos", "sin", "tan", "exp", "log", "log2", "log10", "pow"};
    if (t != &type_float32_t || !cg->func || !cg->func->jit.fastmath)
        return stem;
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++)
        if (strcmp(stem, fast[i]) == 0)
            return arena_printf(&cg->arena, "fast_%s", stem);
    return stem;
}

/* fastmath float32 x / y: Numba calls __nv_fast_fdividef, which under
 * NVVM's -ftz=1 is div.approx.ftz.f32; the intrinsic needs no libdevice. */
LLVMValueRef cg_fast_fdividef(Cg *cg, LLVMValueRef x, LLVMValueRef y)
{
    LLVMValueRef args[2] = {x, y};
    return cg_intrinsic(cg, "llvm.nvvm.div.approx.ftz.f", NULL, 0, args, 2);
}

/* fastmath float32 math.sqrt: libdevice's __nv_sqrtf under -ftz=1
 * -prec-sqrt=0 is sqrt.approx.ftz.f32. */
static LLVMValueRef fast_sqrt(Cg *cg, LLVMValueRef x)
{
    return cg_intrinsic(cg, "llvm.nvvm.sqrt.approx.ftz.f", NULL, 0, &x, 1);
}

static const char *quoted_name(Cg *cg, Builtin id)
{
    return arena_printf(&cg->arena, "'%s'", sema_builtin_spelling(id));
}

/* x ** y for floats of type t (both already of it). */
LLVMValueRef cg_float_pow(Cg *cg, LLVMValueRef base, LLVMValueRef exp, const Type *t, const Node *at)
{
    LLVMValueRef args[2] = {base, exp};
    return call_libdevice(cg, at, "'**' with a float exponent", fast_stem(cg, "pow", t), t, args, 2);
}

/* math.isnan(x), isinf(x), isfinite(x): |x| compared with infinity, as
 * libdevice's __nv_isnan[fd], __nv_isinf[fd], __nv_finitef/__nv_isfinited. */
static LLVMValueRef emit_predicate(Cg *cg, Builtin id, LLVMValueRef x, const Type *t)
{
    LLVMTypeRef i1 = LLVMInt1TypeInContext(cg->ctx);
    if (!type_is_float(t))
        return LLVMConstInt(i1, id == BUILTIN_MATH_ISFINITE, false);
    if (id == BUILTIN_MATH_ISNAN)
        return LLVMBuildFCmp(cg->b, LLVMRealUNO, x, x, "isnan");
    LLVMTypeRef ft = cg_type(cg, t);
    LLVMValueRef magnitude = cg_intrinsic(cg, "llvm.fabs", &ft, 1, &x, 1);
    LLVMValueRef inf = LLVMConstReal(ft, (double)INFINITY);
    if (id == BUILTIN_MATH_ISINF)
        return LLVMBuildFCmp(cg->b, LLVMRealOEQ, magnitude, inf, "isinf");
    return LLVMBuildFCmp(cg->b, LLVMRealOLT, magnitude, inf, "isfinite");
}

/* math.frexp(x) -> (mantissa, int32 exponent), math.modf(x) -> (fraction,
 * integral part): libdevice returns the first and stores the second. */
static LLVMValueRef emit_two_results(Cg *cg, const Node *node, const char *stem, LLVMValueRef x)
{
    const Type *t = node->type->elts[0];
    LLVMTypeRef second_type = cg_type(cg, node->type->elts[1]);
    LLVMValueRef second = cg_alloca(cg, second_type, stem);
    LLVMValueRef args[2] = {x, second};
    LLVMValueRef first = call_libdevice(cg, node, quoted_name(cg, node->call.builtin), stem, t, args, 2);
    LLVMValueRef stored = LLVMBuildLoad2(cg->b, second_type, second, "");
    LLVMValueRef tuple = LLVMBuildInsertValue(cg->b, LLVMGetUndef(cg_type(cg, node->type)), first, 0, "");
    return LLVMBuildInsertValue(cg->b, tuple, stored, 1, "");
}

/* x * (180 / pi) for degrees, x * (pi / 180) for radians, the constant
 * rounded to the result type (Numba: context.get_constant). */
static LLVMValueRef emit_scale(Cg *cg, Builtin id, LLVMValueRef x, const Type *t)
{
    const double pi = 3.141592653589793;
    double factor = id == BUILTIN_MATH_DEGREES ? 180.0 / pi : pi / 180.0;
    return cg_contract(LLVMBuildFMul(cg->b, x, cg_const_float(cg, t, factor), ""));
}

static LLVMValueRef emit_intrinsic(Cg *cg, const char *name, LLVMValueRef *args, unsigned n,
                                   const Type *t)
{
    LLVMTypeRef ft = cg_type(cg, t);
    return cg_intrinsic(cg, name, &ft, 1, args, n);
}

/* The arguments, evaluated in order. An integer (an int64 or uint64 after
 * sema) becomes a float64, except pow's and ldexp's int32 exponent and the
 * argument of a predicate, which needs no value. */
static unsigned emit_args(Cg *cg, const Node *node, Lowering how, LLVMValueRef *out, const Type **types)
{
    const NodeList *args = &node->call.args;
    unsigned n = 0;
    for (int i = 0; i < args->count && i < 2; i++, n++) {
        const Node *a = args->items[i];
        out[i] = cg_emit_expr(cg, a);
        types[i] = a->type;
        bool exponent = i == 1 && a->type == &type_int32_t;
        if (type_is_int(a->type) && !exponent && how != LOWER_PREDICATE) {
            out[i] = cg_convert(cg, out[i], a->type, &type_float64_t);
            types[i] = &type_float64_t;
        }
    }
    return n;
}

LLVMValueRef cg_math_apply(Cg *cg, const Node *at, const char *what, Builtin id, const Type *t,
                           LLVMValueRef *args, unsigned n)
{
    const char *name;
    Lowering how = lowering_of(id, &name);
    if (!what)
        what = quoted_name(cg, id);
    switch (how) {
    case LOWER_PREDICATE: return emit_predicate(cg, id, args[0], t);
    case LOWER_SCALE: return emit_scale(cg, id, args[0], t);
    case LOWER_INTRINSIC:
        if (id == BUILTIN_MATH_SQRT && t == &type_float32_t && cg->func && cg->func->jit.fastmath)
            return fast_sqrt(cg, args[0]);
        return emit_intrinsic(cg, name, args, n, t);
    case LOWER_POW:
    case LOWER_LIBDEVICE:
        return call_libdevice(cg, at, what, fast_stem(cg, name, t), t, args, n);
    case LOWER_TWO_RESULTS: break;
    }
    return cg_unsupported(cg, at, "this call");
}

LLVMValueRef cg_emit_math_call(Cg *cg, const Node *node)
{
    Builtin id = (Builtin)node->call.builtin;
    if (strncmp(sema_builtin_spelling(id), "math.", strlen("math.")) != 0 || node->call.args.count < 1)
        return cg_unsupported(cg, node, "this call");
    const char *name;
    Lowering how = lowering_of(id, &name);
    LLVMValueRef args[2];
    const Type *types[2];
    unsigned n = emit_args(cg, node, how, args, types);
    if (node->type == &type_float16_t)
        return cg_fp16_math(cg, id, args[0]);   /* numba-cuda's fp16.py: hsin ... */
    if (how == LOWER_TWO_RESULTS)
        return emit_two_results(cg, node, name, args[0]);
    if (how == LOWER_PREDICATE)
        return emit_predicate(cg, id, args[0], types[0]);
    if (how == LOWER_POW && type_is_int(types[1]))
        return call_libdevice(cg, node, quoted_name(cg, id), "powi", node->type, args, n);
    return cg_math_apply(cg, node, NULL, id, node->type, args, n);
}
