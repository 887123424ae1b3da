/* The cmath module on the device, typed as numba-cuda types it:
 *
 * - cmathdecl.py's ConcreteTemplates: acos asin asinh atan atanh cos exp
 *   sin sqrt tan and log (one argument or two) take a number, converted
 *   to complex64 or complex128 by Numba's overload rating (a float32 or a
 *   narrow integer gives complex64, a float64 or an int64 complex128), and
 *   return that type; isnan isinf isfinite return a bool.
 * - cmathimpl.py's @overload functions take a complex and keep its type
 *   into what their Python code computes (a float or int argument is a
 *   typing error there): cosh and sinh return it; tanh, acosh and log10
 *   compute with float64 literals or constants and return complex128 even
 *   for a complex64; phase is the parts' float and polar a pair of it;
 *   rect(r, phi) takes two floats (float32 or float64) and returns
 *   complex64 only when both are float32.
 * - constants: pi e tau inf nan (float64), infj nanj (complex128).
 *
 * The call's builtin records the function and the arguments are converted
 * to the signature's types; codegen/cg_cmath.c lowers it. */
#include <math.h>

#include "sema_internal.h"
#include "type_shorthands.h"

typedef enum CmathForm {
    FORM_CONCRETE,     /* cT(cT) by overload rating */
    FORM_PREDICATE,    /* bool(cT) */
    FORM_LOG,          /* cT(cT) or cT(cT, cT) */
    FORM_OVERLOAD,     /* a complex, typed by the function's code */
    FORM_RECT,         /* two floats */
} CmathForm;

static const struct { Builtin id; CmathForm form; } functions[] = {
    {BUILTIN_CMATH_ACOS, FORM_CONCRETE}, {BUILTIN_CMATH_ASIN, FORM_CONCRETE},
    {BUILTIN_CMATH_ASINH, FORM_CONCRETE}, {BUILTIN_CMATH_ATAN, FORM_CONCRETE},
    {BUILTIN_CMATH_ATANH, FORM_CONCRETE}, {BUILTIN_CMATH_COS, FORM_CONCRETE},
    {BUILTIN_CMATH_EXP, FORM_CONCRETE}, {BUILTIN_CMATH_SIN, FORM_CONCRETE},
    {BUILTIN_CMATH_SQRT, FORM_CONCRETE}, {BUILTIN_CMATH_TAN, FORM_CONCRETE},
    {BUILTIN_CMATH_ISNAN, FORM_PREDICATE}, {BUILTIN_CMATH_ISINF, FORM_PREDICATE},
    {BUILTIN_CMATH_ISFINITE, FORM_PREDICATE}, {BUILTIN_CMATH_LOG, FORM_LOG},
    {BUILTIN_CMATH_LOG10, FORM_OVERLOAD}, {BUILTIN_CMATH_PHASE, FORM_OVERLOAD},
    {BUILTIN_CMATH_POLAR, FORM_OVERLOAD}, {BUILTIN_CMATH_COSH, FORM_OVERLOAD},
    {BUILTIN_CMATH_SINH, FORM_OVERLOAD}, {BUILTIN_CMATH_TANH, FORM_OVERLOAD},
    {BUILTIN_CMATH_ACOSH, FORM_OVERLOAD}, {BUILTIN_CMATH_RECT, FORM_RECT},
};

enum { FUNCTION_COUNT = (int)(sizeof functions / sizeof functions[0]) };

static int find_function(int id)
{
    for (int i = 0; i < FUNCTION_COUNT; i++)
        if ((int)functions[i].id == id)
            return i;
    return -1;
}

bool sema_is_cmath_builtin(int id)
{
    return find_function(id) >= 0;
}

static Value float_constant(double f)
{
    Value v = sema_value_runtime(&type_float64_t);
    v.konst = (ConstValue){.kind = CONST_FLOAT, .f = f};
    return v;
}

static Value complex_constant(double im)
{
    Value v = sema_value_runtime(&type_complex128_t);
    v.konst = (ConstValue){.kind = CONST_COMPLEX, .c = {0.0, im}};
    return v;
}

/* cmath.NAME: a function of the table or a constant; VAL_ERROR if none. */
Value sema_cmath_attribute(Str name)
{
    /* Python's values, to double precision. */
    if (str_eq_cstr(name, "pi")) return float_constant(3.141592653589793);
    if (str_eq_cstr(name, "e")) return float_constant(2.718281828459045);
    if (str_eq_cstr(name, "tau")) return float_constant(6.283185307179586);
    if (str_eq_cstr(name, "inf")) return float_constant(INFINITY);
    if (str_eq_cstr(name, "nan")) return float_constant(NAN);
    if (str_eq_cstr(name, "infj")) return complex_constant(INFINITY);
    if (str_eq_cstr(name, "nanj")) return complex_constant(NAN);
    for (int i = 0; i < FUNCTION_COUNT; i++)
        if (str_eq_cstr(name, sema_builtin_spelling(functions[i].id) + sizeof "cmath." - 1))
            return (Value){.kind = VAL_BUILTIN, .id = (int)functions[i].id};
    return sema_value_error();
}

/* The type of an @overload function's result for a complex of type t. */
static const Type *overload_result(FuncCtx *ctx, Builtin id, const Type *t)
{
    const Type *pair[2] = {t->elem, t->elem};
    switch (id) {
    case BUILTIN_CMATH_COSH: case BUILTIN_CMATH_SINH: return t;
    case BUILTIN_CMATH_PHASE: return t->elem;
    case BUILTIN_CMATH_POLAR: return type_tuple(ctx->sema->types, pair, 2);
    default: return &type_complex128_t;   /* tanh, acosh, log10 */
    }
}

/* Types every argument; false after an error, or with fewer or more
 * arguments than min..max. */
static bool check_args(FuncCtx *ctx, Node *call, const char *name, int min, int max)
{
    bool ok = sema_check_number_args(ctx, call, name);
    if (call->call.keywords.count)   /* reported: the count is not judged */
        return false;
    int count = call->call.args.count;
    if (count < min || count > max) {
        if (min == max)
            sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", name, min, min == 1 ? "" : "s", count);
        else
            sema_report(ctx, call->span, "'%s' takes %d or %d arguments, not %d", name, min, max, count);
        return false;
    }
    return ok;
}

/* The ConcreteTemplate forms: the best of (complex64), (complex128), for
 * each argument alike. */
static const Type *concrete(FuncCtx *ctx, Node *call, const char *name, CmathForm form)
{
    static const OpSignature unary[] = {{C64, {C64}, 1}, {C128, {C128}, 1}};
    static const OpSignature binary[] = {{C64, {C64, C64}, 2}, {C128, {C128, C128}, 2}};
    static const OpSignature predicate[] = {{B, {C64}, 1}, {B, {C128}, 1}};
    NodeList *args = &call->call.args;
    OpArg offered[2];
    for (int i = 0; i < args->count; i++)
        offered[i] = (OpArg){args->items[i]->type, sema_is_literal(args->items[i])};
    const OpSignature *cases = form == FORM_PREDICATE ? predicate : args->count == 2 ? binary : unary;
    OpSignature sig;
    if (!sema_resolve_overload(cases, 2, offered, args->count, true, &sig)) {
        sema_report(ctx, call->span, "'%s' does not take '%s'", name, args->items[0]->type->name);
        return NULL;
    }
    for (int i = 0; i < args->count; i++)
        args->items[i] = sema_convert(ctx, args->items[i], sig.args[i]);
    return sig.result;
}

/* The @overload forms: numba-cuda implements them for complex arguments
 * only, whose type each keeps. */
static const Type *overloaded(FuncCtx *ctx, Node *call, const char *name, Builtin id)
{
    const Type *t = call->call.args.items[0]->type;
    if (!type_is_complex(t)) {
        sema_report(ctx, call->call.args.items[0]->span, "'%s' takes a complex number (numba-cuda implements "
                    "it for complex64 and complex128 only), not '%s'", name, t->name);
        return NULL;
    }
    return overload_result(ctx, id, t);
}

/* cmath.rect(r, phi): two floats, each kept; complex64 when both are
 * float32 (a float16 fails in numba's complex()). */
static const Type *rect(FuncCtx *ctx, Node *call, const char *name)
{
    for (int i = 0; i < 2; i++) {
        const Type *t = call->call.args.items[i]->type;
        if (t != &type_float32_t && t != &type_float64_t) {
            sema_report(ctx, call->call.args.items[i]->span, "'%s' takes two floats (float32 or float64), "
                        "not '%s'", name, t->name);
            return NULL;
        }
    }
    bool single = call->call.args.items[0]->type == &type_float32_t &&
                  call->call.args.items[1]->type == &type_float32_t;
    return single ? &type_complex64_t : &type_complex128_t;
}

Value sema_check_cmath_call(FuncCtx *ctx, Node *call, Builtin id)
{
    CmathForm form = functions[find_function((int)id)].form;
    const char *name = sema_builtin_spelling(id);
    int max = form == FORM_LOG || form == FORM_RECT ? 2 : 1;
    if (!check_args(ctx, call, name, form == FORM_RECT ? 2 : 1, max))
        return sema_value_error();
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' cannot be computed in a module constant by pykc: call it in "
                    "a kernel, or write the value", name);
        return sema_value_error();
    }
    const Type *result = form == FORM_OVERLOAD ? overloaded(ctx, call, name, id)
                         : form == FORM_RECT   ? rect(ctx, call, name)
                                               : concrete(ctx, call, name, form);
    if (!result)
        return sema_value_error();
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = result;
    return sema_value_runtime(result);
}
