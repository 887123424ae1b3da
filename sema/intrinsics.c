/* The CUDA API's intrinsics: cuda.laneid and cuda.warpsize, the barriers
 * with a predicate, syncwarp and the memory fences, the warp shuffles,
 * votes and matches, activemask/lanemask_lt, and the integer and float
 * helpers (popc, clz, ffs, brev, fma, cbrt, selp), nanosleep and the
 * builtin breakpoint(), and x.bit_count() on integers. Each is typed as
 * numba-cuda types it: the ConcreteTemplates of cudadecl.py by Numba's
 * overload rating (as math.c does), the @intrinsic functions of
 * intrinsics.py and the wrappers of intrinsic_wrapper.py by their own rules.
 * The Call's builtin records the function; codegen/cg_intrinsics.c lowers it. */
#include "sema_internal.h"
#include "type_shorthands.h"

#include <string.h>

/* How a function is typed. */
typedef enum IntrinsicForm {
    FORM_CASES,       /* a ConcreteTemplate: the best of `cases` */
    FORM_PREDICATE,   /* syncthreads_count/_and/_or: an Integer (not bool) -> int32 */
    FORM_SHUFFLE,     /* shfl_*_sync(mask, value, lane): value int32/int64/float32/float64 */
    FORM_VOTE,        /* all/any/eq/ballot_sync(mask, predicate) */
    FORM_SELP,        /* selp(predicate, a, b): a and b of one selectable type */
} IntrinsicForm;

#define NONE &type_none_t

/* cudadecl.py's cases, in its order (which breaks ties). A NULL result in
 * match_all's cases stands for Tuple(int32, bool). */
static const OpSignature nullary_none[] = {{NONE, {0}, 0}};
static const OpSignature nullary_u32[] = {{U32, {0}, 0}};
static const OpSignature syncwarp_cases[] = {{NONE, {0}, 0}, {NONE, {I32}, 1}};
static const OpSignature match_any_cases[] = {
    {I32, {I32, I32}, 2}, {I32, {I32, I64}, 2}, {I32, {I32, F32}, 2}, {I32, {I32, F64}, 2},
};
static const OpSignature match_all_cases[] = {
    {NULL, {I32, I32}, 2}, {NULL, {I32, I64}, 2}, {NULL, {I32, F32}, 2}, {NULL, {I32, F64}, 2},
};
static const OpSignature same_int_cases[] = {   /* popc, clz */
    {I8, {I8}, 1}, {I16, {I16}, 1}, {I32, {I32}, 1}, {I64, {I64}, 1},
    {U8, {U8}, 1}, {U16, {U16}, 1}, {U32, {U32}, 1}, {U64, {U64}, 1},
};
static const OpSignature ffs_cases[] = {
    {U32, {I8}, 1}, {U32, {I16}, 1}, {U32, {I32}, 1}, {U32, {I64}, 1},
    {U32, {U8}, 1}, {U32, {U16}, 1}, {U32, {U32}, 1}, {U32, {U64}, 1},
};
static const OpSignature brev_cases[] = {{U32, {U32}, 1}, {U64, {U64}, 1}};
static const OpSignature fma_cases[] = {{F32, {F32, F32, F32}, 3}, {F64, {F64, F64, F64}, 3}};
static const OpSignature cbrt_cases[] = {{F32, {F32}, 1}, {F64, {F64}, 1}};
static const OpSignature nanosleep_cases[] = {{NONE, {U32}, 1}};

#define CASES(list) list, (int)(sizeof list / sizeof list[0])

static const struct {
    Builtin id;
    IntrinsicForm form;
    const OpSignature *cases;
    int case_count;
    const char *takes;          /* for the message when no case fits */
} intrinsics[] = {
    {BUILTIN_SYNCTHREADS_COUNT, FORM_PREDICATE, NULL, 0, "an integer"},
    {BUILTIN_SYNCTHREADS_AND, FORM_PREDICATE, NULL, 0, "an integer"},
    {BUILTIN_SYNCTHREADS_OR, FORM_PREDICATE, NULL, 0, "an integer"},
    {BUILTIN_SYNCWARP, FORM_CASES, CASES(syncwarp_cases), "an optional int32 mask"},
    {BUILTIN_THREADFENCE, FORM_CASES, CASES(nullary_none), "no arguments"},
    {BUILTIN_THREADFENCE_BLOCK, FORM_CASES, CASES(nullary_none), "no arguments"},
    {BUILTIN_THREADFENCE_SYSTEM, FORM_CASES, CASES(nullary_none), "no arguments"},
    {BUILTIN_SHFL_SYNC, FORM_SHUFFLE, NULL, 0, NULL},
    {BUILTIN_SHFL_UP_SYNC, FORM_SHUFFLE, NULL, 0, NULL},
    {BUILTIN_SHFL_DOWN_SYNC, FORM_SHUFFLE, NULL, 0, NULL},
    {BUILTIN_SHFL_XOR_SYNC, FORM_SHUFFLE, NULL, 0, NULL},
    {BUILTIN_ALL_SYNC, FORM_VOTE, NULL, 0, NULL},
    {BUILTIN_ANY_SYNC, FORM_VOTE, NULL, 0, NULL},
    {BUILTIN_EQ_SYNC, FORM_VOTE, NULL, 0, NULL},
    {BUILTIN_BALLOT_SYNC, FORM_VOTE, NULL, 0, NULL},
    {BUILTIN_MATCH_ANY_SYNC, FORM_CASES, CASES(match_any_cases), "a mask and an int32, int64, float32 or float64"},
    {BUILTIN_MATCH_ALL_SYNC, FORM_CASES, CASES(match_all_cases), "a mask and an int32, int64, float32 or float64"},
    {BUILTIN_ACTIVEMASK, FORM_CASES, CASES(nullary_u32), "no arguments"},
    {BUILTIN_LANEMASK_LT, FORM_CASES, CASES(nullary_u32), "no arguments"},
    {BUILTIN_POPC, FORM_CASES, CASES(same_int_cases), "an integer"},
    {BUILTIN_CLZ, FORM_CASES, CASES(same_int_cases), "an integer"},
    {BUILTIN_FFS, FORM_CASES, CASES(ffs_cases), "an integer"},
    {BUILTIN_BREV, FORM_CASES, CASES(brev_cases), "a uint32 or a uint64"},
    {BUILTIN_FMA, FORM_CASES, CASES(fma_cases), "three float32 or three float64"},
    {BUILTIN_CBRT, FORM_CASES, CASES(cbrt_cases), "a float32 or a float64"},
    {BUILTIN_SELP, FORM_SELP, NULL, 0, NULL},
    {BUILTIN_NANOSLEEP, FORM_CASES, CASES(nanosleep_cases), "a uint32 number of nanoseconds"},
    {BUILTIN_BREAKPOINT, FORM_CASES, CASES(nullary_none), "no arguments"},
};

enum { INTRINSIC_COUNT = (int)(sizeof intrinsics / sizeof intrinsics[0]) };

static int find_intrinsic(int id)
{
    for (int i = 0; i < INTRINSIC_COUNT; i++)
        if ((int)intrinsics[i].id == id)
            return i;
    return -1;
}

bool sema_is_intrinsic_builtin(int id)
{
    return find_intrinsic(id) >= 0;
}

/* cuda.NAME: an intrinsic function (VAL_BUILTIN), laneid or warpsize (an
 * int32 value whose id is the builtin), or VAL_ERROR. */
Value sema_cuda_intrinsic(Str name)
{
    Value v = sema_value_error();
    if (str_eq_cstr(name, "laneid") || str_eq_cstr(name, "warpsize")) {
        v = sema_value_runtime(&type_int32_t);
        v.id = name.ptr[0] == 'l' ? BUILTIN_LANEID : BUILTIN_WARPSIZE;
        return v;
    }
    for (int i = 0; i < INTRINSIC_COUNT; i++) {
        const char *spelling = sema_builtin_spelling(intrinsics[i].id);
        if (strncmp(spelling, "cuda.", strlen("cuda.")) == 0 && str_eq_cstr(name, spelling + strlen("cuda.")))
            return (Value){.kind = VAL_BUILTIN, .id = (int)intrinsics[i].id};
    }
    return v;
}

/* Types every argument (each reports its own errors) and checks their
 * count, which is between min and max; no keywords (the templates take
 * none). */
static bool check_args(FuncCtx *ctx, Node *call, const char *name, int min, int max)
{
    bool ok = sema_check_number_args(ctx, call, name);
    if (call->call.keywords.count)   /* reported: the count is not judged */
        return false;
    int count = call->call.args.count;
    if (count >= min && count <= max)
        return ok;
    if (min == max)
        sema_report(ctx, call->span, "'%s' takes %d argument%s, not %d", name, min, min == 1 ? "" : "s", count);
    else
        sema_report(ctx, call->span, "'%s' takes %d to %d arguments, not %d", name, min, max, count);
    return false;
}

static Value finish(Node *call, Builtin id, const Type *type)
{
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = type;
    return sema_value_runtime(type);
}

static void arity_range(int index, int *min, int *max)
{
    static const int fixed[] = {[FORM_PREDICATE] = 1, [FORM_SHUFFLE] = 3, [FORM_VOTE] = 2, [FORM_SELP] = 3};
    IntrinsicForm form = intrinsics[index].form;
    if (form != FORM_CASES) {
        *min = *max = fixed[form];
        return;
    }
    *min = 3;
    *max = 0;
    for (int i = 0; i < intrinsics[index].case_count; i++) {
        int n = intrinsics[index].cases[i].arg_count;
        *min = n < *min ? n : *min;
        *max = n > *max ? n : *max;
    }
}

/* A ConcreteTemplate: the best case of the call's arity (unsafe conversions
 * allowed), each argument converted to it. */
static Value check_cases(FuncCtx *ctx, Node *call, int index)
{
    Builtin id = intrinsics[index].id;
    Node **args = call->call.args.items;
    int count = call->call.args.count;
    OpSignature fitting[8], chosen;
    int n = 0;
    for (int i = 0; i < intrinsics[index].case_count; i++)
        if (intrinsics[index].cases[i].arg_count == count)
            fitting[n++] = intrinsics[index].cases[i];
    OpArg offered[3] = {0};
    for (int i = 0; i < count; i++)
        offered[i] = (OpArg){args[i]->type, sema_is_literal(args[i])};
    if (!sema_resolve_overload(fitting, n, offered, count, true, &chosen)) {
        sema_report(ctx, call->span, "'%s' takes %s, not '%s'", sema_builtin_spelling(id),
                    intrinsics[index].takes, count ? args[count - 1]->type->name : "nothing");
        return sema_value_error();
    }
    for (int i = 0; i < count; i++)
        args[i] = sema_convert(ctx, args[i], chosen.args[i]);
    const Type *result = chosen.result;
    if (!result) {
        const Type *elts[2] = {&type_int32_t, &type_bool_t};
        result = type_tuple(ctx->sema->types, elts, 2);
    }
    return finish(call, id, result);
}

/* syncthreads_count(p) and friends: intrinsics.py accepts an Integer only,
 * so a bool predicate must be written int(p); it is passed as an int32. */
static Value check_predicate(FuncCtx *ctx, Node *call, Builtin id)
{
    Node **arg = &call->call.args.items[0];
    if (!type_is_int((*arg)->type)) {
        sema_report(ctx, (*arg)->span, "'%s' takes an integer predicate, not '%s' (for a bool, write int(p))",
                    sema_builtin_spelling(id), (*arg)->type->name);
        return sema_value_error();
    }
    *arg = sema_convert(ctx, *arg, &type_int32_t);
    return finish(call, id, &type_int32_t);
}

/* shfl_sync(mask, value, lane) and the up/down/xor forms: the value must be
 * exactly int32, int64, float32 or float64 (an integer literal is int64),
 * and the call has its type. The mask and the lane are integers that the
 * lowering truncates to 32 bits. */
static Value check_shuffle(FuncCtx *ctx, Node *call, Builtin id)
{
    Node **args = call->call.args.items;
    const Type *value = args[1]->type;
    if (value != &type_int32_t && value != &type_int64_t && value != &type_float32_t &&
        value != &type_float64_t) {
        sema_report(ctx, args[1]->span, "'%s' shuffles an int32, int64, float32 or float64, not '%s'",
                    sema_builtin_spelling(id), value->name);
        return sema_value_error();
    }
    for (int i = 0; i < 3; i += 2) {
        if (!type_is_int(args[i]->type)) {
            sema_report(ctx, args[i]->span, "'%s' takes an integer %s, not '%s'", sema_builtin_spelling(id),
                        i == 0 ? "mask" : "lane", args[i]->type->name);
            return sema_value_error();
        }
        args[i] = sema_convert(ctx, args[i], &type_int32_t);
    }
    return finish(call, id, value);
}

/* all_sync(mask, p), any_sync, eq_sync -> bool; ballot_sync -> int32:
 * intrinsic_wrapper.py passes them to vote_sync_intrinsic(int32, int32,
 * bool), which converts the mask to int32 and the predicate to bool. */
static Value check_vote(FuncCtx *ctx, Node *call, Builtin id)
{
    Node **args = call->call.args.items;
    args[0] = sema_convert(ctx, args[0], &type_int32_t);
    args[1] = sema_convert(ctx, args[1], &type_bool_t);
    return finish(call, id, id == BUILTIN_BALLOT_SYNC ? &type_int32_t : &type_bool_t);
}

/* selp(p, a, b): cudadecl.py's Cuda_selp wants a and b of one type among
 * float64, float32, (u)int16, (u)int32, (u)int64. Its lowering is LLVM's
 * select, which needs an i1, so pykc asks for a bool predicate (Numba
 * types an integer one too, then fails to lower it). */
static Value check_selp(FuncCtx *ctx, Node *call)
{
    static const Type *const selectable[] = {F64, F32, I16, U16, I32, U32, I64, U64};
    Node **args = call->call.args.items;
    if (args[0]->type != &type_bool_t) {
        sema_report(ctx, args[0]->span, "'cuda.selp' takes a bool predicate, not '%s'", args[0]->type->name);
        return sema_value_error();
    }
    const Type *type = args[1]->type;
    bool ok = type == args[2]->type;
    for (size_t i = 0; ok && i < sizeof selectable / sizeof selectable[0]; i++)
        if (selectable[i] == type)
            return finish(call, BUILTIN_SELP, type);
    sema_report(ctx, call->span, "'cuda.selp' selects between two values of one type among float64, float32, "
                "int16, uint16, int32, uint32, int64 and uint64, not '%s' and '%s'", type->name,
                args[2]->type->name);
    return sema_value_error();
}

Value sema_check_intrinsic_call(FuncCtx *ctx, Node *call, Builtin id)
{
    int index = find_intrinsic((int)id);
    int min, max;
    arity_range(index, &min, &max);
    if (!check_args(ctx, call, sema_builtin_spelling(id), min, max))
        return sema_value_error();
    if (!ctx->func) {
        sema_report(ctx, call->span, "'%s' can only be called in a kernel or a device function",
                    sema_builtin_spelling(id));
        return sema_value_error();
    }
    switch (intrinsics[index].form) {
    case FORM_CASES: return check_cases(ctx, call, index);
    case FORM_PREDICATE: return check_predicate(ctx, call, id);
    case FORM_SHUFFLE: return check_shuffle(ctx, call, id);
    case FORM_VOTE: return check_vote(ctx, call, id);
    case FORM_SELP: return check_selp(ctx, call);
    }
    return sema_value_error();
}

/* x.bit_count() on an integer: intrinsics.py overloads it as cuda.popc(x),
 * of x's type. The call keeps its form (no arguments, x the attribute's
 * base); codegen reads x from there. False if the callee is not X.bit_count
 * of an integer X, for the caller to check the call as usual. */
bool sema_check_bit_count(FuncCtx *ctx, Node *call, Value *out)
{
    Node *func = call->call.func;
    if (func->kind != NODE_ATTRIBUTE || !str_eq_cstr(func->attribute.attr, "bit_count"))
        return false;
    Value base = sema_check_expr(ctx, func->attribute.value);
    if (base.kind == VAL_ERROR) {     /* reported once, here */
        *out = base;
        return true;
    }
    if (base.kind != VAL_RUNTIME || !type_is_int(base.type))
        return false;
    if (call->call.args.count || call->call.keywords.count) {
        sema_report(ctx, call->span, "'bit_count' takes no arguments");
        *out = sema_value_error();
    } else
        *out = finish(call, BUILTIN_BIT_COUNT, base.type);
    return true;
}
