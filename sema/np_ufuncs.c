/* NumPy ufuncs called in kernels: np.sin(x), np.add(a, b, out), ...
 *
 * numba-cuda types a ufunc call by NumPy's loops (sema/np_ufuncs.def): the
 * first loop, in NumPy's order, whose input types every argument casts to
 * safely, and whose output casts "same kind" to each output array given
 * (numba/cuda/np/numpy_support.py, ufunc_find_matching_loop). Where the
 * inputs mix integers with floats or complex numbers, any integer counts
 * as casting to any float, so np.power(float32, int32) runs in float32
 * while np.sqrt(int32) runs in float64.
 *
 * numba-cuda types every ufunc but compiles only those its CUDA target
 * implements (numba/cuda/ufuncs.py); a call of another is refused, with
 * what to write instead (np.sqrt(x) fails in Numba's lowering, for every
 * argument type: math.sqrt(x) is the kernel's spelling).
 *
 * On numbers the call is a number of the loop's output type. With arrays
 * it runs the loop over every element of its output arrays, which must be
 * given (a new array would need Numba's memory manager, which kernels do
 * not have), broadcasting the inputs; the call's value is the output
 * array. Codegen finds the same loop again from the arguments' types. */
#include "np_ufuncs.h"

#include "sema_internal.h"

#include <string.h>

static const NpUfunc table[] = {
#define UFUNC(name, nin, nout, loops, instead) {#name, nin, nout, loops, instead},
#include "np_ufuncs.def"
#undef UFUNC
};

enum { UFUNC_COUNT = (int)(sizeof table / sizeof table[0]) };

/* Other names NumPy binds to the same ufunc objects (NumPy 2's array-API
 * names among them), which Numba therefore types alike. */
static const struct { const char *alias, *name; } aliases[] = {
    {"abs", "absolute"}, {"conj", "conjugate"}, {"mod", "remainder"}, {"divide", "true_divide"},
    {"bitwise_not", "invert"}, {"bitwise_invert", "invert"}, {"pow", "power"},
    {"acos", "arccos"}, {"asin", "arcsin"}, {"atan", "arctan"}, {"atan2", "arctan2"},
    {"acosh", "arccosh"}, {"asinh", "arcsinh"}, {"atanh", "arctanh"},
    {"bitwise_left_shift", "left_shift"}, {"bitwise_right_shift", "right_shift"},
};

bool np_ufunc_is_builtin(int id)
{
    return id > BUILTIN_NP_UFUNC_FIRST && id < BUILTIN_NP_UFUNC_LAST;
}

const NpUfunc *np_ufunc_of(int id)
{
    return np_ufunc_is_builtin(id) ? &table[id - BUILTIN_NP_UFUNC_FIRST - 1] : NULL;
}

/* np.NAME: the ufunc's builtin, or VAL_ERROR. */
Value sema_numpy_ufunc(Str name)
{
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (str_eq_cstr(name, aliases[i].alias))
            name = str_from_cstr(aliases[i].name);
    for (int i = 0; i < UFUNC_COUNT; i++)
        if (str_eq_cstr(name, table[i].name))
            return (Value){.kind = VAL_BUILTIN, .id = BUILTIN_NP_UFUNC_FIRST + 1 + i};
    return sema_value_error();
}

/* ---- NumPy's casting rules ------------------------------------------- */

/* A type character of a loop (Linux's long is 64 bits, as NumPy's 'l'). */
static const Type *loop_type(char c)
{
    switch (c) {
    case '?': return &type_bool_t;
    case 'b': return &type_int8_t;
    case 'B': return &type_uint8_t;
    case 'h': return &type_int16_t;
    case 'H': return &type_uint16_t;
    case 'i': return &type_int32_t;
    case 'I': return &type_uint32_t;
    case 'l': case 'q': return &type_int64_t;
    case 'L': case 'Q': return &type_uint64_t;
    case 'f': return &type_float32_t;
    case 'd': return &type_float64_t;
    case 'F': return &type_complex64_t;
    case 'D': return &type_complex128_t;
    default: return NULL;
    }
}

/* NumPy's kinds in the order "same_kind" casting climbs: b < u < i < f < c. */
static int kind_order(const Type *t)
{
    switch (t->kind) {
    case TYPE_BOOL: return 0;
    case TYPE_INT: return t->is_signed ? 2 : 1;
    case TYPE_FLOAT: return 3;
    default: return 4;
    }
}

/* np.can_cast(from, to, "safe"): no value is lost. A float32 holds every
 * 16-bit integer, a float64 every 32-bit one (and NumPy counts the 64-bit
 * ones too); complex types as their parts. */
static bool can_cast_safely(const Type *from, const Type *to)
{
    if (from == to || from->kind == TYPE_BOOL)
        return true;
    int part_bits = to->kind == TYPE_COMPLEX ? to->bits / 2 : to->bits;
    switch (to->kind) {
    case TYPE_INT:
        if (from->kind != TYPE_INT)
            return false;
        if (from->is_signed == to->is_signed)
            return to->bits >= from->bits;
        return !from->is_signed && to->bits > from->bits;
    case TYPE_FLOAT:
    case TYPE_COMPLEX:
        if (from->kind == TYPE_INT)
            return part_bits == 64 || from->bits <= 16;
        if (from->kind == TYPE_FLOAT)
            return part_bits >= from->bits;
        return from->kind == TYPE_COMPLEX && to->kind == TYPE_COMPLEX && to->bits >= from->bits;
    default:
        return false;
    }
}

/* numba's ufunc_can_cast: NumPy's rule, except that with mixed inputs any
 * integer casts to any float or complex type. */
static bool ufunc_can_cast(const Type *from, const Type *to, bool mixed_inputs, bool same_kind)
{
    if (mixed_inputs && from->kind == TYPE_INT && (to->kind == TYPE_FLOAT || to->kind == TYPE_COMPLEX))
        return true;
    return can_cast_safely(from, to) || (same_kind && kind_order(from) <= kind_order(to));
}

bool np_ufunc_find_loop(const NpUfunc *u, const Type *const *in, const Type *const *out, int nout,
                        NpUfuncLoop *loop)
{
    bool any_int = false, any_inexact = false;
    for (int i = 0; i < u->nin; i++) {
        any_int |= in[i]->kind == TYPE_INT;
        any_inexact |= in[i]->kind == TYPE_FLOAT || in[i]->kind == TYPE_COMPLEX;
    }
    bool mixed = any_int && any_inexact;
    for (const char *p = u->loops; *p;) {
        while (*p == ' ')
            p++;
        const char *arrow = strstr(p, "->");   /* "ff->f": inputs, arrow, outputs */
        const char *outputs = arrow + 2;
        bool fits = true;
        for (int i = 0; i < u->nin; i++) {
            loop->in[i] = loop_type(p[i]);
            fits &= ufunc_can_cast(in[i], loop->in[i], mixed, false);
        }
        for (int k = 0; k < u->nout; k++) {
            loop->out[k] = loop_type(outputs[k]);
            if (k < nout)
                fits &= ufunc_can_cast(loop->out[k], out[k], mixed, true);
        }
        if (fits)
            return true;
        p = outputs + u->nout;
    }
    return false;
}

/* ---- calls ------------------------------------------------------------- */

static const Type *scalar_of(const Type *t)
{
    return t->kind == TYPE_ARRAY ? t->dtype : t;
}

static bool is_ufunc_operand(const Type *t)
{
    const Type *s = scalar_of(t);
    return s->kind == TYPE_BOOL || type_is_number(s);
}

/* "(float32, array(int64, 1d, C))" for the message that no loop fits. */
static const char *type_list(FuncCtx *ctx, Node *const *args, int count)
{
    char *text = arena_printf(ctx->sema->arena, "(");
    for (int i = 0; i < count; i++)
        text = arena_printf(ctx->sema->arena, "%s%s%s", text, i ? ", " : "", args[i]->type->name);
    return arena_printf(ctx->sema->arena, "%s)", text);
}

/* Types every argument; checks their number, that each is a number or an
 * array of numbers and that outputs are writable arrays. */
static bool check_operands(FuncCtx *ctx, Node *call, const char *name, const NpUfunc *u)
{
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "'%s' with keyword arguments is not supported by "
                    "pykc yet: pass its output array as the last positional argument", name);
        return false;
    }
    bool ok = true;
    Node **args = call->call.args.items;
    int count = call->call.args.count;
    for (int i = 0; i < count; i++) {
        const Type *t = sema_check_value(ctx, args[i]);
        if (t && !is_ufunc_operand(t)) {
            sema_report(ctx, args[i]->span, "'%s' takes numbers and arrays of numbers, not '%s'", name, t->name);
            t = NULL;
        }
        if (t && i >= u->nin && t->kind != TYPE_ARRAY) {
            sema_report(ctx, args[i]->span, "'%s' writes its result into an array given after its %d input%s, "
                        "and '%s' is not an array", name, u->nin, u->nin == 1 ? "" : "s", t->name);
            t = NULL;
        }
        if (t && i >= u->nin)
            ok &= sema_check_writable(ctx, t, args[i]->span, "the output array of a ufunc is");
        ok &= t != NULL;
    }
    if (count < u->nin || count > u->nin + u->nout) {
        sema_report(ctx, call->span, "'%s' takes %d input%s and up to %d output array%s, not %d argument%s", name,
                    u->nin, u->nin == 1 ? "" : "s", u->nout, u->nout == 1 ? "" : "s", count, count == 1 ? "" : "s");
        return false;
    }
    return ok;
}

/* The array form needs its outputs, with at least as many dimensions as
 * every input (the loop runs over the first output's shape). */
static bool check_array_form(FuncCtx *ctx, Node *call, const char *name, const NpUfunc *u)
{
    Node **args = call->call.args.items;
    int count = call->call.args.count;
    if (count < u->nin + u->nout) {
        sema_report(ctx, call->span, "'%s' of an array makes a new array, which kernels cannot allocate: pass the "
                    "array to write the result into as its last argument", name);
        return false;
    }
    const Type *first_out = args[u->nin]->type;
    for (int i = 0; i < count; i++) {
        const Type *t = args[i]->type;
        if (t->kind == TYPE_ARRAY && t->ndim > first_out->ndim) {
            sema_report(ctx, args[i]->span, "'%s' runs over the elements of its output array, which has fewer "
                        "dimensions (%d) than this argument (%d)", name, first_out->ndim, t->ndim);
            return false;
        }
    }
    return true;
}

Value sema_check_np_ufunc_call(FuncCtx *ctx, Node *call, Builtin id)
{
    const NpUfunc *u = np_ufunc_of((int)id);
    const char *name = sema_builtin_spelling(id);
    if (u->instead) {
        sema_check_args_only(ctx, call);
        sema_report(ctx, call->call.func->span, "'%s' is not compiled for the GPU by numba-cuda either (its CUDA "
                    "target has no implementation of this ufunc): write %s", name, u->instead);
        return sema_value_error();
    }
    if (!check_operands(ctx, call, name, u))
        return sema_value_error();
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' cannot be computed in a module constant by pykc yet: "
                    "call it in a kernel, or write the value", name);
        return sema_value_error();
    }
    Node **args = call->call.args.items;
    int count = call->call.args.count;
    bool arrays = false;
    for (int i = 0; i < count; i++)
        arrays |= args[i]->type->kind == TYPE_ARRAY;
    if (arrays && !check_array_form(ctx, call, name, u))
        return sema_value_error();
    const Type *in[NP_UFUNC_MAX_ARGS] = {0}, *out[NP_UFUNC_MAX_ARGS] = {0};
    for (int i = 0; i < count; i++) {
        if (i < u->nin)
            in[i] = scalar_of(args[i]->type);
        else
            out[i - u->nin] = scalar_of(args[i]->type);
    }
    NpUfuncLoop loop;
    if (!np_ufunc_find_loop(u, in, out, count - u->nin, &loop)) {
        sema_report(ctx, call->span, "'%s' has no loop for the types %s (NumPy's loops for it: %s)", name,
                    type_list(ctx, args, count), u->loops);
        return sema_value_error();
    }
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    if (arrays)
        return sema_typed(call, args[u->nin]->type);
    for (int i = 0; i < u->nin; i++)
        args[i] = sema_convert(ctx, args[i], loop.in[i]);
    return sema_typed(call, loop.out[0]);
}
