/* Signature lists: @cuda.jit(["void(float32[::1])", "void(float64[::1])"])
 * compiles the function once per signature, as Numba's dispatcher does
 * with eager signatures. Each signature gets an overload: a FuncInfo over
 * its own copy of the def (ast_clone, as specialize.c does for call
 * sites: sema annotates trees in place), checked and generated like a
 * function with that one signature.
 *
 * Names (docs/abi.md): an overload is NAME__ followed by one code per
 * parameter joined by '_': b1 i8 ... u64 f16 f32 f64 c64 c128 for scalars, the
 * dtype's code, 'a', ndim and the layout for arrays (f32a1C, c64a2F), 't',
 * the count and the members' codes for tuples (t2i64f32, t2c64f32; each
 * code ends where the next lowercase letter starts, so the members need no
 * separator). Two
 * signatures giving one name are an error, as is a name another function
 * of the module already has.
 *
 * A call of a device function with a signature list picks an overload by
 * Numba's rule for a dispatcher with fixed signatures (resolve_overload):
 * each overload is rated by its arguments' conversions, the fewest
 * (unsafe, safe, promote) wins, the first listed on a tie. */
#include "sema_internal.h"

#include <string.h>

/* b1 i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64 c64 c128 (a letter and the
 * width, as the type's name has it); NULL for other types. */
static const char *scalar_code(Arena *arena, const Type *t)
{
    switch (t->kind) {
    case TYPE_BOOL: return "b1";
    case TYPE_INT: return arena_printf(arena, "%c%d", t->is_signed ? 'i' : 'u', t->bits);
    case TYPE_FLOAT: return arena_printf(arena, "f%d", t->bits);
    case TYPE_COMPLEX: return arena_printf(arena, "c%d", t->bits);
    case TYPE_BFLOAT16: return "bf16";   /* arrays only: no bfloat16 scalar parameter */
    case TYPE_DATETIME: case TYPE_TIMEDELTA:   /* NumPy's codes: M8D, m8ns; M8 for the generic unit */
    {
        const char *unit = strchr(t->name, '[') + 1;
        return arena_printf(arena, "%c8%.*s", t->kind == TYPE_DATETIME ? 'M' : 'm', (int)strlen(unit) - 1, unit);
    }
    default: return NULL;
    }
}

const char *sema_type_code(Arena *arena, const Type *t)
{
    if (t->kind == TYPE_TUPLE) {
        const char *code = arena_printf(arena, "t%d", t->count);
        for (int i = 0; i < t->count && code; i++) {
            const char *member = sema_type_code(arena, t->elts[i]);
            code = member ? arena_printf(arena, "%s%s", code, member) : NULL;
        }
        return code;
    }
    if (t->kind != TYPE_ARRAY)
        return scalar_code(arena, t);
    const char *dtype = scalar_code(arena, t->dtype);
    static const char layouts[] = {[LAYOUT_C] = 'C', [LAYOUT_F] = 'F', [LAYOUT_A] = 'A'};
    return dtype ? arena_printf(arena, "%sa%d%c", dtype, t->ndim, layouts[t->layout]) : NULL;
}

/* NAME__code_code...; NULL after reporting a parameter type without a code. */
static const char *mangled_name(Sema *sema, FuncInfo *ov, Span at)
{
    const char *name = arena_printf(sema->arena, "%.*s__", STR_ARG(ov->overload_of->name));
    for (int i = 0; i < ov->param_count; i++) {
        const char *code = sema_type_code(sema->arena, ov->param_types[i]);
        if (!code) {
            diag_error(sema->diag, at, "an overload taking '%s' has no PTX name: signature lists take "
                       "numbers, bools, arrays and tuples of them", ov->param_types[i]->name);
            return NULL;
        }
        name = arena_printf(sema->arena, "%s%s%s", name, i ? "_" : "", code);
    }
    return name;
}

/* Names the overload; false after reporting a name that is taken. */
static bool name_overload(Sema *sema, FuncInfo *func, FuncInfo *ov, Span at)
{
    const char *name = mangled_name(sema, ov, at);
    if (!name)
        return false;
    for (int i = 0; i < func->overload_count; i++)
        if (str_eq_cstr(func->overloads[i]->name, name)) {
            diag_error(sema->diag, at, "this signature gives '%.*s' the PTX name '%s', as signature %d "
                       "does: give each signature different parameter types", STR_ARG(func->name), name, i + 1);
            return false;
        }
    ov->name = (Str){name, (int)strlen(name)};
    ov->def->funcdef.name = ov->name;
    return true;
}

static void add_overload(Sema *sema, FuncInfo *func, FuncInfo *ov)
{
    FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, func->overload_count + 1);
    if (func->overload_count)
        memcpy(grown, func->overloads, sizeof *grown * (size_t)func->overload_count);
    grown[func->overload_count++] = ov;
    func->overloads = grown;
}

/* Each signature's overload, over its own copy of the def (the first over
 * the def itself). read_one reads a signature into an overload. The
 * overloads that were read and named are returned, in order, in
 * func->overloads; the caller adds them to the module's functions. */
void sema_read_overloads(Sema *sema, FuncInfo *func, NodeList *sigs,
                         bool (*read_one)(Sema *, FuncInfo *, Node *))
{
    Node **copies = ARENA_ARRAY(sema->arena, Node *, sigs->count + 1);
    for (int i = 1; i < sigs->count; i++)
        copies[i] = ast_clone(sema->arena, func->def);
    copies[0] = func->def;
    for (int i = 0; i < sigs->count; i++) {
        FuncInfo *ov = ARENA_NEW(sema->arena, FuncInfo);
        ov->def = copies[i];
        ov->def->funcdef.info = ov;
        ov->name = func->name;
        ov->is_kernel = func->is_kernel;
        ov->jit = func->jit;
        ov->return_type = &type_none_t;
        ov->overload_of = func;
        if (read_one(sema, ov, sigs->items[i]) && name_overload(sema, func, ov, sigs->items[i]->span))
            add_overload(sema, func, ov);
    }
}

/* Numba's rating of one overload; a memory space that differs (a shared
 * array for a global parameter) rejects it, as no conversion bridges it. */
static bool rate(const FuncInfo *ov, const Type **types, int count, ConversionRating *out)
{
    if (ov->param_count != count)
        return false;
    for (int i = 0; i < count; i++)
        if (sema_spaces_differ(types[i], ov->param_types[i]))
            return false;
    return sema_rate_conversions(types, ov->param_types, count, true, out);
}

static const char *signature_list(Sema *sema, const FuncInfo *func)
{
    const char *list = "";
    for (int i = 0; i < func->overload_count; i++) {
        const FuncInfo *ov = func->overloads[i];
        const char *params = "";
        for (int k = 0; k < ov->param_count; k++)
            params = arena_printf(sema->arena, "%s%s%s", params, k ? ", " : "", ov->param_types[k]->name);
        list = arena_printf(sema->arena, "%s%s(%s)", list, i ? ", " : "", params);
    }
    return list;
}

FuncInfo *sema_pick_overload(FuncCtx *ctx, Node *call, FuncInfo *func)
{
    int count = call->call.args.count;
    const Type **types = ARENA_ARRAY(ctx->sema->arena, const Type *, count + 1);
    const char *offered = "";
    for (int i = 0; i < count; i++) {
        types[i] = sema_check_value(ctx, call->call.args.items[i]);
        if (!types[i])
            return NULL;
        offered = arena_printf(ctx->sema->arena, "%s%s%s", offered, i ? ", " : "", types[i]->name);
    }
    FuncInfo *best = NULL;
    ConversionRating best_rating = {0, 0, 0};
    for (int i = 0; i < func->overload_count; i++) {
        ConversionRating r;
        if (rate(func->overloads[i], types, count, &r) && (!best || sema_rating_better(r, best_rating))) {
            best = func->overloads[i];
            best_rating = r;
        }
    }
    if (!best)
        sema_report(ctx, call->span, "no signature of '%.*s' takes (%s): its signatures take %s",
                    STR_ARG(func->name), offered, signature_list(ctx->sema, func));
    return best;
}
