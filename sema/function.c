/* Checking one function body. Locals are typed as Numba types them, by
 * unification over all their assignments (acc = 0 then acc += f32 makes
 * acc float64): the body is typed in passes, each widening locals' types,
 * until none changes; then a final pass reports errors, folds constants and
 * inserts the Convert nodes codegen relies on. */
#include "scope.h"
#include "sema_internal.h"

#include <stdarg.h>
#include <string.h>

/* Unification only widens, and each widening moves one local up a lattice of
 * bounded height, but one pass may widen only one local of a chain (x0 = x1,
 * x1 = x2, ...): the bound grows with the number of locals. Reaching it
 * means a bug, reported as an internal error. */
enum { PASSES_PER_LOCAL = 16, MIN_INFERENCE_PASSES = 32 };

void sema_report(FuncCtx *ctx, Span at, const char *fmt, ...)
{
    if (!ctx->final)
        return;
    char message[1024];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    diag_error(ctx->sema->diag, at, "%s", message);
    FuncInfo *func = ctx->func;
    if (func && func->generic)
        diag_note(ctx->sema->diag, func->call_site, "in '%.*s' called with (%s) here",
                  STR_ARG(func->generic->name), func->spec_types);
}

Symbol *sema_lookup_local(FuncCtx *ctx, Str name)
{
    FuncInfo *func = ctx->func;
    if (!func)
        return NULL;
    for (int i = 0; i < func->local_count; i++)
        if (str_eq(func->locals[i]->name, name))
            return func->locals[i];
    return NULL;
}

const char *sema_space_name(MemSpace space)
{
    return space == MEM_SHARED ? "shared" : space == MEM_LOCAL ? "local" : space == MEM_CONST ? "constant" : "global";
}

/* Arrays that differ in memory space: pykc keeps spaces apart in the type
 * (so loads are ld.shared or ld.global), where Numba does not. */
bool sema_spaces_differ(const Type *a, const Type *b)
{
    return a->kind == TYPE_ARRAY && b->kind == TYPE_ARRAY && a->space != b->space;
}

bool sema_unify_local(FuncCtx *ctx, Symbol *sym, const Type *type, Span at)
{
    if (!type)
        return false;
    if (!sym->type) {
        sym->type = type;
        ctx->changed = true;
        return true;
    }
    const Type *unified = type_unify(ctx->sema->types, sym->type, type);
    if (!unified) {
        if (sema_spaces_differ(sym->type, type)) {
            sema_report(ctx, at, "'%.*s' would hold both a %s-memory array and a %s-memory array: "
                        "pykc does not mix memory spaces in one variable yet", STR_ARG(sym->name),
                        sema_space_name(sym->type->space), sema_space_name(type->space));
            return false;
        }
        sema_report(ctx, at, "'%.*s' is assigned a value of type '%s' here, but it is '%s' elsewhere, "
                    "and the two types do not unify", STR_ARG(sym->name), type->name, sym->type->name);
        return false;
    }
    if (unified != sym->type) {
        sym->type = unified;
        ctx->changed = true;
    }
    return true;
}

/* A parameter given a type, a builtin or a function (TYPE_STATIC) stands
 * for that value in the body, as Numba's typeref and Function arguments;
 * one given None is the constant None. */
static void bind_static_param(Symbol *sym, const Type *type)
{
    if (type->kind == TYPE_NONE) {   /* None passed (or a default): `x is None` folds */
        sym->kind = SYM_CONST;
        sym->type = type;
        sym->value = (ConstValue){0};
        return;
    }
    if (type->kind != TYPE_STATIC)
        return;
    switch ((ValueKind)type->static_kind) {
    case VAL_RUNTIME:   /* a literal integer or tuple: a constant in the body */
        sym->kind = SYM_CONST;
        sym->type = type->static_ptr;
        sym->value = sym->type->kind == TYPE_BOOL ? (ConstValue){.kind = CONST_BOOL, .b = type->static_value != 0}
                                                  : (ConstValue){.kind = CONST_INT, .i = type->static_value};
        sym->tuple = (Node *)type->static_tuple;
        if (sym->tuple)
            sym->value = (ConstValue){0};
        break;
    case VAL_TYPE: sym->kind = SYM_TYPE; sym->type = type->static_ptr; break;
    case VAL_BUILTIN: sym->kind = SYM_BUILTIN; sym->id = type->static_id; break;
    default: sym->kind = SYM_FUNCTION; sym->func = (FuncInfo *)type->static_ptr; break;
    }
}

static void add_params(FuncCtx *ctx)
{
    FuncInfo *func = ctx->func;
    NodeList *params = &func->def->funcdef.params;
    func->params = ARENA_ARRAY(ctx->sema->arena, Symbol *, params->count + 1);
    func->locals = ARENA_ARRAY(ctx->sema->arena, Symbol *, params->count + 1);
    for (int i = 0; i < params->count; i++) {
        Node *param = params->items[i];
        Symbol *sym = ARENA_NEW(ctx->sema->arena, Symbol);
        sym->kind = SYM_LOCAL;
        sym->name = param->param.name;
        sym->def = param->span;
        sym->type = func->param_types[i];
        sym->param_index = i;
        bind_static_param(sym, func->param_types[i]);
        param->param.sym = sym;
        param->type = func->param_types[i];
        func->params[i] = sym;
        func->locals[func->local_count++] = sym;
    }
}

/* Before each walk only the parameters hold values. */
static void reset_assigned(FuncInfo *func)
{
    for (int i = 0; i < func->local_count; i++) {
        func->locals[i]->assigned = func->locals[i]->param_index >= 0;
        func->locals[i]->assign_failed = false;
    }
}

/* A body sees the globals of the scope it is defined in (a class's body is
 * not among them); the scope is switched while it is checked, since one
 * function's check may check another, defined elsewhere. */
static Scope *enter(Sema *sema, const FuncInfo *func)
{
    Scope *outer = sema->scope;
    if (func->scope)
        sema->scope = sema_scope_for_body(func->scope);
    return outer;
}

void sema_infer_function(Sema *sema, FuncInfo *func)
{
    Scope *outer = enter(sema, func);
    FuncCtx ctx = {.sema = sema, .func = func};
    NodeList *body = &func->def->funcdef.body;
    sema_drop_local_annotations(sema, func);
    sema_split_loop_targets(sema, func);
    add_params(&ctx);
    sema_collect_locals(&ctx, body);
    int pass = 0;
    do {
        ctx.changed = false;
        reset_assigned(func);
        sema_check_block(&ctx, body);
    } while (ctx.changed && ++pass < MIN_INFERENCE_PASSES + PASSES_PER_LOCAL * func->local_count);
    if (ctx.changed)
        diag_error(sema->diag, func->def->span, "internal compiler error: the types of '%.*s' "
                   "did not settle", STR_ARG(func->name));
    sema->scope = outer;
}

static bool block_always_returns(const NodeList *body);

/* Does running this statement always end in a return? Conservative, as
 * Python's own rule: a return (or raise), an if whose every branch returns, or a
 * `while True` loop without a break. */
static bool always_returns(const Node *s)
{
    switch (s->kind) {
    case NODE_RETURN: case NODE_RAISE: return true;   /* a raise never falls through */
    case NODE_IF: {
        int taken = sema_constant_branch(s);
        if (taken >= 0)
            return block_always_returns(taken ? &s->if_stmt.body : &s->if_stmt.else_body);
        return block_always_returns(&s->if_stmt.body) && block_always_returns(&s->if_stmt.else_body);
    }
    case NODE_WHILE:
        return s->while_stmt.cond->konst.kind == CONST_BOOL && s->while_stmt.cond->konst.b &&
               !sema_find_jump(&s->while_stmt.body, false);
    default: return false;
    }
}

static bool block_always_returns(const NodeList *body)
{
    for (int i = 0; i < body->count; i++)
        if (always_returns(body->items[i]))
            return true;
    return false;
}

void sema_finish_function(Sema *sema, FuncInfo *func)
{
    Scope *outer = enter(sema, func);
    FuncCtx ctx = {.sema = sema, .func = func, .final = true};
    func->shared_count = 0;
    reset_assigned(func);
    sema_check_block(&ctx, &func->def->funcdef.body);
    /* Falling off the end returns None, which a typed result cannot take
     * (Numba: no conversion from none to the return type). */
    if (func->return_type && func->return_type->kind != TYPE_NONE &&
        !block_always_returns(&func->def->funcdef.body))
        sema_report(&ctx, func->def->span, "'%.*s' can reach the end of its body without returning "
                    "a value, but it returns '%s'", STR_ARG(func->name), func->return_type->name);
    sema->scope = outer;
}

void sema_check_function(Sema *sema, FuncInfo *func)
{
    int errors = sema->diag->errors;
    sema_infer_function(sema, func);
    if (sema->diag->errors == errors)
        sema_finish_function(sema, func);
}
