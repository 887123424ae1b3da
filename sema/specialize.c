/* Device functions without a signature, typed from their call sites as
 * Numba's dispatcher does: each distinct tuple of argument types gets its
 * own specialisation, a FuncInfo checked like a function with that
 * signature, over its own copy of the generic body (ast_clone: sema
 * annotates trees in place). Its return type is the unification of its
 * 'return' values (none if no return has a value).
 *
 * A specialisation is inferred (typed in passes, silently) when a caller's
 * non-final pass first needs its return type, and finished (its final pass,
 * which reports errors, each with a note at the call site) when a caller's
 * final pass calls it: one seen only with argument types a caller's
 * inference later widened is never finished, nor generated.
 *
 * Recursion: a specialisation may call itself with its own argument types.
 * Its return type comes from the returns that do not depend on the
 * recursive call: while it is unknown, the recursive call is untyped, as
 * any not-yet-typed value in a non-final pass, and the passes go on until
 * the return type settles. A recursive call with other types, or functions
 * calling each other, are errors. */
#include "sema_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum SpecState {
    SPEC_NEW, SPEC_INFERRING, SPEC_INFERRED, SPEC_FINISHING, SPEC_DONE
} SpecState;

static bool is_active(const FuncInfo *spec)
{
    return spec->spec_state == SPEC_INFERRING || spec->spec_state == SPEC_FINISHING;
}

static const char *type_list(Arena *arena, const Type **types, int count)
{
    const char *list = "";
    for (int i = 0; i < count; i++)
        list = arena_printf(arena, "%s%s%s", list, i ? ", " : "", types[i]->name);
    return list;
}

/* f__int64__float32: readable in the IR, with other characters as '_'. */
static Str spec_name(Sema *sema, FuncInfo *generic, const Type **types, int count)
{
    char *name = arena_printf(sema->arena, "%.*s", STR_ARG(generic->name));
    for (int i = 0; i < count; i++)
        name = arena_printf(sema->arena, "%s__%s", name, types[i]->name);
    for (char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_')
            *c = '_';
    for (int i = 0; i < generic->spec_count; i++)
        if (str_eq_cstr(generic->specs[i]->name, name)) {
            name = arena_printf(sema->arena, "%s__%d", name, generic->spec_count);
            break;
        }
    return (Str){name, (int)strlen(name)};
}

static FuncInfo *find_spec(FuncInfo *generic, const Type **types, int count)
{
    for (int i = 0; i < generic->spec_count; i++) {
        FuncInfo *spec = generic->specs[i];
        if (!memcmp(spec->param_types, types, sizeof *types * (size_t)count))
            return spec;
    }
    return NULL;
}

static FuncInfo *add_spec(Sema *sema, FuncInfo *generic, const Type **types, int count)
{
    FuncInfo *spec = ARENA_NEW(sema->arena, FuncInfo);
    spec->generic = generic;
    spec->jit = generic->jit;
    spec->scope = generic->scope;
    spec->qualname = generic->qualname;
    spec->line = generic->line;
    spec->prepared = spec->prepare_ok = true;
    spec->name = spec_name(sema, generic, types, count);
    spec->def = ast_clone(sema->arena, generic->def);
    spec->def->funcdef.name = spec->name;
    spec->def->funcdef.info = spec;
    spec->param_types = ARENA_ARRAY(sema->arena, const Type *, count + 1);
    memcpy(spec->param_types, types, sizeof *types * (size_t)count);
    spec->param_count = count;
    spec->spec_types = type_list(sema->arena, types, count);
    FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, generic->spec_count + 1);
    if (generic->spec_count)
        memcpy(grown, generic->specs, sizeof *grown * (size_t)generic->spec_count);
    grown[generic->spec_count++] = spec;
    generic->specs = grown;
    return spec;
}

static void infer_spec(Sema *sema, FuncInfo *spec)
{
    if (spec->spec_state != SPEC_NEW)
        return;
    spec->spec_state = SPEC_INFERRING;
    sema_infer_function(sema, spec);
    if (!spec->return_type && !spec->returns_value)
        spec->return_type = &type_none_t;
    spec->spec_state = SPEC_INFERRED;
}

/* A specialisation a trial uses is listed with the one on trial, whose
 * diagnostics then come with its own. */
static void add_callee(Sema *sema, FuncInfo *spec)
{
    FuncInfo *caller = sema->finishing;
    if (!caller || !sema->trials)
        return;
    for (int i = 0; i < caller->spec_callee_count; i++)
        if (caller->spec_callees[i] == spec)
            return;
    FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, caller->spec_callee_count + 1);
    if (caller->spec_callee_count)
        memcpy(grown, caller->spec_callees, sizeof *grown * (size_t)caller->spec_callee_count);
    grown[caller->spec_callee_count++] = spec;
    caller->spec_callees = grown;
    caller->spec_failed |= spec->spec_failed;
}

/* A trial's held text lives as long as the compilation, like the rest of
 * sema: most trials are never used, so nothing would free a malloc'd one. */
static void keep_in_arena(Sema *sema, HeldDiags *held)
{
    if (!held->text)
        return;
    char *copy = arena_strndup(sema->arena, held->text, strlen(held->text));
    free(held->text);
    held->text = copy;
}

/* The final pass, which reports errors, with a note at the call site. On
 * trial, its diagnostics are held (diag_hold) until a call uses it. */
static void finish_spec(Sema *sema, FuncInfo *spec, Span call_site)
{
    infer_spec(sema, spec);
    if (spec->spec_state != SPEC_INFERRED)
        return;
    spec->spec_state = SPEC_FINISHING;
    spec->call_site = call_site;
    Diag *outer = sema->diag, held;
    if (sema->trials) {
        diag_hold(&held, outer);
        sema->diag = &held;
    }
    FuncInfo *caller = sema->finishing;
    sema->finishing = spec;
    int errors = sema->diag->errors;
    sema_finish_function(sema, spec);
    /* Untyped returns without an error in the body: only recursive calls. */
    if (!spec->return_type && sema->diag->errors == errors) {
        diag_error(sema->diag, spec->def->span, "cannot infer the return type of '%.*s' for (%s): every "
                   "'return' with a value depends on a recursive call; add a 'return' that does not "
                   "(a base case), as Numba needs one to type a recursive function",
                   STR_ARG(spec->generic->name), spec->spec_types);
        diag_note(sema->diag, call_site, "in '%.*s' called with (%s) here",
                  STR_ARG(spec->generic->name), spec->spec_types);
    }
    spec->spec_failed |= sema->diag->errors != errors;
    sema->finishing = caller;
    if (sema->trials) {
        spec->spec_diags = diag_end_hold(&held);
        keep_in_arena(sema, &spec->spec_diags);
        sema->diag = outer;
    }
    spec->spec_state = SPEC_DONE;
}

/* A call outside any trial uses the specialisation: what it held is
 * printed, with what the specialisations it used held. */
static void show_held(Sema *sema, FuncInfo *spec)
{
    if (spec->spec_diags_shown)
        return;
    spec->spec_diags_shown = true;
    diag_replay(sema->diag, &spec->spec_diags);
    for (int i = 0; i < spec->spec_callee_count; i++)
        show_held(sema, spec->spec_callees[i]);
}

static FuncInfo *active_spec(const FuncInfo *generic)
{
    for (int i = 0; i < generic->spec_count; i++)
        if (is_active(generic->specs[i]))
            return generic->specs[i];
    return NULL;
}

/* A call of a generic function while one of its specialisations is being
 * checked: self-recursion with the same types is fine, anything else is
 * reported. Returns false if the call cannot be typed. */
static bool check_recursion(FuncCtx *ctx, Node *call, FuncInfo *active, const Type **types, int count)
{
    FuncInfo *current = ctx->func;
    FuncInfo *generic = active->generic;
    if (active != current) {
        Str caller = current->generic ? current->generic->name : current->name;
        sema_report(ctx, call->span, "'%.*s' and '%.*s' call each other: mutual recursion between device "
                    "functions is not supported", STR_ARG(caller), STR_ARG(generic->name));
        return false;
    }
    if (memcmp(active->param_types, types, sizeof *types * (size_t)count) != 0) {
        sema_report(ctx, call->span, "recursive call of '%.*s' with (%s), but this specialisation takes "
                    "(%s): a recursive call must pass the same argument types", STR_ARG(generic->name),
                    type_list(ctx->sema->arena, types, count), active->spec_types);
        return false;
    }
    return true;
}

/* An integer or a tuple of integers known at compile time, as its literal
 * type; anything else as it is. */
static const Type *literal_argument(FuncCtx *ctx, Node *arg, const Type *type)
{
    if (type_is_int(type) && arg->konst.kind == CONST_INT)
        return type_literal_int(ctx->sema->types, VAL_RUNTIME, type, arg->konst.i);
    if (type->kind == TYPE_BOOL && arg->konst.kind == CONST_BOOL)
        return type_literal_int(ctx->sema->types, VAL_RUNTIME, type, arg->konst.b);
    Node *tuple = type->kind == TYPE_TUPLE ? sema_constant_tuple(ctx->sema->arena, arg, arg->span) : NULL;
    if (!tuple)
        return type;
    const char *name = "";
    for (int i = 0; i < tuple->tuple.elts.count; i++)
        name = arena_printf(ctx->sema->arena, "%s%s%lld", name, i ? ", " : "",
                            (long long)tuple->tuple.elts.items[i]->konst.i);
    name = arena_printf(ctx->sema->arena, "Literal[tuple](%s)", name);
    return type_literal_tuple(ctx->sema->types, VAL_RUNTIME, type, name, tuple);
}

/* The argument types with every constant integer, bool and tuple of
 * integers as its literal type; NULL when no argument is such a constant. */
static const Type **literal_types(FuncCtx *ctx, Node *call, const Type **types)
{
    int count = call->call.args.count;
    const Type **literal = ARENA_ARRAY(ctx->sema->arena, const Type *, count + 1);
    bool any = false;
    for (int i = 0; i < count; i++) {
        literal[i] = literal_argument(ctx, call->call.args.items[i], types[i]);
        any |= literal[i] != types[i];
    }
    return any ? literal : NULL;
}

/* The argument types, after Numba's typeof: literals as their plain types.
 * NULL if one is not yet typed or cannot be passed. */
static const Type **argument_types(FuncCtx *ctx, Node *call, FuncInfo *generic)
{
    int count = call->call.args.count;
    const Type **types = ARENA_ARRAY(ctx->sema->arena, const Type *, count + 1);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        Node *arg = call->call.args.items[i];
        types[i] = sema_check_argument(ctx, arg);
        if (types[i] && types[i]->kind == TYPE_RANGE) {
            sema_report(ctx, arg->span, "a value of type '%s' cannot be passed to '%.*s'",
                        types[i]->name, STR_ARG(generic->name));
            types[i] = NULL;
        }
        ok &= types[i] != NULL;
    }
    return ok ? types : NULL;
}

/* A function with parameter types but no return type given: the
 * arguments convert to those types, which the specialisation is for. */
static bool convert_to_declared(FuncCtx *ctx, Node *call, FuncInfo *generic, const Type **types)
{
    bool ok = true;
    for (int i = 0; i < generic->param_count; i++) {
        const Type *want = generic->param_types[i];
        Node **arg = &call->call.args.items[i];
        if (type_can_convert(types[i], want) == CONV_NONE) {
            sema_report(ctx, (*arg)->span, "argument %d of '%.*s' must be '%s', not '%s'", i + 1,
                        STR_ARG(generic->name), want->name, types[i]->name);
            ok = false;
            continue;
        }
        *arg = sema_convert(ctx, *arg, want);
        types[i] = want;
    }
    return ok;
}

/* Whether a specialisation types without error, its own body and the
 * functions it calls; it is finished now if it was not, with its
 * diagnostics held. */
static bool trial_succeeds(Sema *sema, FuncInfo *spec, Span call_site)
{
    sema->trials++;
    finish_spec(sema, spec, call_site);
    sema->trials--;
    return !spec->spec_failed;
}

static FuncInfo *find_or_add_spec(Sema *sema, FuncInfo *generic, const Type **types, int count)
{
    FuncInfo *spec = find_spec(generic, types, count);
    return spec ? spec : add_spec(sema, generic, types, count);
}

/* The specialisation for a call. Numba types a call with its arguments'
 * plain types first, and when that fails retries with constants as
 * literals (Literal[int](32), Literal[bool](False)): a shared array's
 * shape given as an argument, a branch on a flag. pykc does the same when
 * some argument is a constant: the plain specialisation is tried, and if
 * it has errors, the literal one; if both have errors, the plain one's
 * are those reported. */
static FuncInfo *choose_spec(FuncCtx *ctx, Node *call, FuncInfo *generic, const Type **types)
{
    int count = call->call.args.count;
    FuncInfo *plain = find_or_add_spec(ctx->sema, generic, types, count);
    const Type **literal = literal_types(ctx, call, types);
    if (!literal || trial_succeeds(ctx->sema, plain, call->span))
        return plain;
    FuncInfo *retry = find_or_add_spec(ctx->sema, generic, literal, count);
    return trial_succeeds(ctx->sema, retry, call->span) ? retry : plain;
}

/* How deep device functions may call each other: each level of the chain
 * is a recursion of sema through the callee's body (specialised at its
 * first call), and a chain of 3,260 overflowed the 8 MiB stack of the
 * release build (docs/limits.md has the measurements). */
enum { SEMA_MAX_CALL_DEPTH = 500 };

/* f(a, b) where f is @cuda.jit(device=True) without a signature. */
Value sema_check_generic_call(FuncCtx *ctx, Node *call, FuncInfo *generic)
{
    int count = call->call.args.count;
    int params = generic->def->funcdef.params.count;
    if (count != params) {
        sema_report(ctx, call->span, "'%.*s' takes %d argument%s, not %d", STR_ARG(generic->name),
                    params, params == 1 ? "" : "s", count);
        return sema_value_error();
    }
    const Type **types = argument_types(ctx, call, generic);
    if (!types || (generic->declared_params && !convert_to_declared(ctx, call, generic, types)))
        return sema_value_error();
    FuncInfo *spec = active_spec(generic);
    if (spec && !check_recursion(ctx, call, spec, types, count))
        return sema_value_error();
    if (!spec && ctx->sema->call_depth >= SEMA_MAX_CALL_DEPTH) {
        sema_report(ctx, call->span, "device functions call each other more than %d deep "
                    "(docs/limits.md)", SEMA_MAX_CALL_DEPTH);
        return sema_value_error();
    }
    if (!spec) {
        ctx->sema->call_depth++;
        spec = choose_spec(ctx, call, generic, types);
        if (ctx->final)
            finish_spec(ctx->sema, spec, call->span);
        else
            infer_spec(ctx->sema, spec);
        if (ctx->final && ctx->sema->trials)
            add_callee(ctx->sema, spec);
        else if (ctx->final)
            show_held(ctx->sema, spec);
        ctx->sema->call_depth--;
    }
    if (!spec->return_type)
        return sema_value_error();
    call->call.callee = spec;
    call->type = spec->return_type;
    return sema_value_runtime(spec->return_type);
}

static bool is_returnable(const Type *t)
{
    if (t->kind == TYPE_ARRAY || t->kind == TYPE_RANGE)
        return false;
    for (int i = 0; t->kind == TYPE_TUPLE && i < t->count; i++)
        if (!is_returnable(t->elts[i]))
            return false;
    return true;
}

/* `return value` in a specialisation: the return type is the unification
 * of every returned value's type. */
void sema_check_inferred_return(FuncCtx *ctx, Node *node)
{
    FuncInfo *func = ctx->func;
    Node *value = node->return_stmt.value;
    if (!value || value->kind == NODE_NONE) {
        if (func->returns_value)
            sema_report(ctx, node->span, "'%.*s' returns a value elsewhere: returning nothing here would "
                        "make its return type optional, which pykc does not support",
                        STR_ARG(func->generic->name));
        return;
    }
    func->returns_value = true;
    const Type *type = sema_check_value(ctx, value);
    if (!type)
        return;
    if (!is_returnable(type)) {
        sema_report(ctx, value->span, "'%.*s' returns a value of type '%s': device functions that return "
                    "arrays are not supported by pykc yet", STR_ARG(func->generic->name), type->name);
        return;
    }
    if (!func->return_type) {
        func->return_type = type;
        ctx->changed = true;
        return;
    }
    const Type *unified = type_unify(ctx->sema->types, func->return_type, type);
    if (!unified)
        sema_report(ctx, value->span, "cannot unify the return types of '%.*s': '%s' here, '%s' elsewhere",
                    STR_ARG(func->generic->name), type->name, func->return_type->name);
    else if (unified != func->return_type) {
        func->return_type = unified;
        ctx->changed = true;
    }
}

bool sema_spec_is_done(const FuncInfo *spec)
{
    return spec->spec_state == SPEC_DONE && spec->return_type;
}

/* The functions codegen generates, checked ones only. Specialisations'
 * trees are appended to the module, so --dump-types shows them. */
void sema_collect_generated(Sema *sema, Node *module, FuncInfo **funcs, int count, SemaModule *out)
{
    out->funcs = ARENA_ARRAY(sema->arena, FuncInfo *, count + 1);
    for (int i = 0; i < count; i++) {
        FuncInfo *func = funcs[i];
        if (func->generic)
            ast_list_push(sema->arena, &module->module.body, func->def);
        out->funcs[out->func_count++] = func;
    }
    sema_name_functions(sema, out->funcs, out->func_count);
}
