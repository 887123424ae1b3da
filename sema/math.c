/* math.NAME(...) calls: the typing table of numba-cuda's cudamath.py, which
 * the CUDA target uses instead of CPU Numba's (so math.floor is a float and
 * math.sin(int64) a float64). Each function belongs to one of cudamath's
 * templates; a call picks the template's best signature by Numba's overload
 * rating, as operators do (operators.c), converts each argument to it, and
 * records the function in the Call's builtin. Codegen (cg_math.c) lowers it. */
#include "sema_internal.h"
#include "type_shorthands.h"

#include <string.h>

/* cudamath.py's templates: each lists its signatures (Form below). */
typedef enum MathForm {
    FORM_UNARY,         /* Math_unary: acos ... tan */
    FORM_UNARY_FP16,    /* Math_unary_with_fp16: sin ... trunc, exp2 */
    FORM_INT_BINARY,    /* Math_atan2, Math_hypot */
    FORM_FLOAT_BINARY,  /* Math_binary, Math_remainder */
    FORM_POW,           /* Math_pow */
    FORM_FREXP,         /* Math_frexp: (mantissa, int32 exponent) */
    FORM_LDEXP,         /* Math_ldexp */
    FORM_MODF,          /* Math_modf: (fraction, integral part) */
    FORM_PREDICATE,     /* Math_isnan: isnan, isinf, isfinite */
} MathForm;

static const struct { Builtin id; MathForm form; } functions[] = {
    {BUILTIN_MATH_ACOS, FORM_UNARY}, {BUILTIN_MATH_ACOSH, FORM_UNARY},
    {BUILTIN_MATH_ASIN, FORM_UNARY}, {BUILTIN_MATH_ASINH, FORM_UNARY},
    {BUILTIN_MATH_ATAN, FORM_UNARY}, {BUILTIN_MATH_ATANH, FORM_UNARY},
    {BUILTIN_MATH_COSH, FORM_UNARY}, {BUILTIN_MATH_DEGREES, FORM_UNARY},
    {BUILTIN_MATH_ERF, FORM_UNARY}, {BUILTIN_MATH_ERFC, FORM_UNARY},
    {BUILTIN_MATH_EXPM1, FORM_UNARY}, {BUILTIN_MATH_GAMMA, FORM_UNARY},
    {BUILTIN_MATH_LGAMMA, FORM_UNARY}, {BUILTIN_MATH_LOG1P, FORM_UNARY},
    {BUILTIN_MATH_RADIANS, FORM_UNARY}, {BUILTIN_MATH_SINH, FORM_UNARY},
    {BUILTIN_MATH_TANH, FORM_UNARY}, {BUILTIN_MATH_TAN, FORM_UNARY},
    {BUILTIN_MATH_SIN, FORM_UNARY_FP16}, {BUILTIN_MATH_COS, FORM_UNARY_FP16},
    {BUILTIN_MATH_CEIL, FORM_UNARY_FP16}, {BUILTIN_MATH_FLOOR, FORM_UNARY_FP16},
    {BUILTIN_MATH_SQRT, FORM_UNARY_FP16}, {BUILTIN_MATH_LOG, FORM_UNARY_FP16},
    {BUILTIN_MATH_LOG2, FORM_UNARY_FP16}, {BUILTIN_MATH_LOG10, FORM_UNARY_FP16},
    {BUILTIN_MATH_EXP, FORM_UNARY_FP16}, {BUILTIN_MATH_FABS, FORM_UNARY_FP16},
    {BUILTIN_MATH_TRUNC, FORM_UNARY_FP16}, {BUILTIN_MATH_EXP2, FORM_UNARY_FP16},
    {BUILTIN_MATH_ATAN2, FORM_INT_BINARY}, {BUILTIN_MATH_HYPOT, FORM_INT_BINARY},
    {BUILTIN_MATH_COPYSIGN, FORM_FLOAT_BINARY}, {BUILTIN_MATH_FMOD, FORM_FLOAT_BINARY},
    {BUILTIN_MATH_NEXTAFTER, FORM_FLOAT_BINARY}, {BUILTIN_MATH_REMAINDER, FORM_FLOAT_BINARY},
    {BUILTIN_MATH_POW, FORM_POW}, {BUILTIN_MATH_FREXP, FORM_FREXP},
    {BUILTIN_MATH_LDEXP, FORM_LDEXP}, {BUILTIN_MATH_MODF, FORM_MODF},
    {BUILTIN_MATH_ISNAN, FORM_PREDICATE}, {BUILTIN_MATH_ISINF, FORM_PREDICATE},
    {BUILTIN_MATH_ISFINITE, FORM_PREDICATE},
};

enum { FUNCTION_COUNT = (int)(sizeof functions / sizeof functions[0]) };

/* One signature of a template. For FORM_FREXP and FORM_MODF `result` is the
 * float of the tuple the call returns. */
typedef OpSignature MathCase;

/* In cudamath.py's order, which breaks ties. */
static const MathCase unary_cases[] = {{F64, {I64}, 1}, {F64, {U64}, 1}, {F32, {F32}, 1}, {F64, {F64}, 1}};
static const MathCase int_binary_cases[] = {
    {F64, {I64, I64}, 2}, {F64, {U64, U64}, 2}, {F32, {F32, F32}, 2}, {F64, {F64, F64}, 2},
};
static const MathCase float_binary_cases[] = {{F32, {F32, F32}, 2}, {F64, {F64, F64}, 2}};
static const MathCase pow_cases[] = {
    {F32, {F32, F32}, 2}, {F64, {F64, F64}, 2}, {F32, {F32, I32}, 2}, {F64, {F64, I32}, 2},
};
static const MathCase frexp_cases[] = {{F32, {F32}, 1}, {F64, {F64}, 1}};
static const MathCase ldexp_cases[] = {{F32, {F32, I32}, 2}, {F64, {F64, I32}, 2}};
static const MathCase modf_cases[] = {{F64, {F64}, 1}, {F32, {F32}, 1}};
static const MathCase predicate_cases[] = {{B, {I64}, 1}, {B, {U64}, 1}, {B, {F32}, 1}, {B, {F64}, 1}};

typedef struct CaseList {
    const MathCase *items;
    int count;
    int arity;
} CaseList;

#define CASES(list, arity) ((CaseList){list, (int)(sizeof list / sizeof list[0]), arity})

static CaseList cases_of(MathForm form)
{
    switch (form) {
    case FORM_UNARY: case FORM_UNARY_FP16: return CASES(unary_cases, 1);
    case FORM_INT_BINARY: return CASES(int_binary_cases, 2);
    case FORM_FLOAT_BINARY: return CASES(float_binary_cases, 2);
    case FORM_POW: return CASES(pow_cases, 2);
    case FORM_FREXP: return CASES(frexp_cases, 1);
    case FORM_LDEXP: return CASES(ldexp_cases, 2);
    case FORM_MODF: return CASES(modf_cases, 1);
    case FORM_PREDICATE: return CASES(predicate_cases, 1);
    }
    return CASES(unary_cases, 1);
}

static int find_function(int id)
{
    for (int i = 0; i < FUNCTION_COUNT; i++)
        if ((int)functions[i].id == id)
            return i;
    return -1;
}

bool sema_is_math_builtin(int id)
{
    return find_function(id) >= 0;
}

/* math.NAME for a function of the table: a callable, or VAL_ERROR. */
Value sema_math_function(Str name)
{
    for (int i = 0; i < FUNCTION_COUNT; i++)
        if (str_eq_cstr(name, sema_builtin_spelling(functions[i].id) + strlen("math.")))
            return (Value){.kind = VAL_BUILTIN, .id = (int)functions[i].id};
    return sema_value_error();
}

/* The template's best signature for the arguments (a ConcreteTemplate
 * allows unsafe conversions), as for operators. */
static const MathCase *best_case(CaseList list, Node *const *args, MathCase *out)
{
    OpArg offered[2];
    for (int i = 0; i < list.arity; i++)
        offered[i] = (OpArg){args[i]->type, sema_is_literal(args[i])};
    return sema_resolve_overload(list.items, list.count, offered, list.arity, true, out) ? out : NULL;
}

/* Types every argument (so each reports its own errors), then checks that
 * there are `arity` of them and that they are numbers. */
static bool check_args(FuncCtx *ctx, Node *call, const char *name, int arity)
{
    bool ok = sema_check_number_args(ctx, call, name);
    if (call->call.keywords.count)   /* reported: the count is not judged */
        return false;
    if (call->call.args.count != arity) {
        sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", name, arity,
                    arity == 1 ? "" : "s", call->call.args.count);
        return false;
    }
    return ok;
}

/* The call's type: the case's float, or the tuple frexp and modf return. */
static const Type *result_type(FuncCtx *ctx, MathForm form, const MathCase *c)
{
    const Type *elts[2] = {c->result, form == FORM_FREXP ? &type_int32_t : c->result};
    if (form == FORM_FREXP || form == FORM_MODF)
        return type_tuple(ctx->sema->types, elts, 2);
    return c->result;
}

/* math.NAME(args): Numba types the call by its template's best signature;
 * each argument is converted to that signature's type (an int64 for
 * math.sin of an int32: codegen converts it on to float64, as Numba's
 * lowering does). */
Value sema_check_math_call(FuncCtx *ctx, Node *call, Builtin id)
{
    int index = find_function((int)id);
    const char *name = sema_builtin_spelling(id);
    MathForm form = functions[index].form;
    CaseList cases = cases_of(form);
    if (!check_args(ctx, call, name, cases.arity))
        return sema_value_error();
    Node **args = call->call.args.items;
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' cannot be computed in a module constant by pykc yet: "
                    "call it in a kernel, or write the value", name);
        return sema_value_error();
    }
    Builtin bf16;   /* bf16.py's overload of math.NAME: hNAME, in bfloat16 */
    if (cases.arity == 1 && args[0]->type == &type_bfloat16_t && sema_bf16_math((int)id, &bf16)) {
        call->call.builtin = (int)bf16;
        call->konst = (ConstValue){0};
        call->type = &type_bfloat16_t;
        return sema_value_runtime(call->type);
    }
    /* Math_unary_with_fp16's float16 case: computed in float16 (cg_fp16.c) */
    static const MathCase fp16_case = {&type_float16_t, {&type_float16_t}, 1};
    bool fp16 = form == FORM_UNARY_FP16 && args[0]->type == &type_float16_t;
    MathCase chosen;
    const MathCase *best = fp16 ? &fp16_case : best_case(cases, args, &chosen);
    if (!best) {
        bool complex_arg = false;
        for (int i = 0; i < cases.arity; i++)
            complex_arg |= type_is_complex(args[i]->type);
        if (complex_arg)
            sema_report(ctx, call->span, "'%s' takes real numbers, not complex ones (the cmath module has the "
                        "complex functions)", name);
        else
            sema_report(ctx, call->span, "'%s' does not take these arguments", name);
        return sema_value_error();
    }
    for (int i = 0; i < cases.arity; i++)
        args[i] = sema_convert(ctx, args[i], best->args[i]);
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = result_type(ctx, form, best);
    return sema_value_runtime(call->type);
}
