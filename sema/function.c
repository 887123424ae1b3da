/* Checking one function body. Locals are typed as Numba types them, by
 * unification over all their assignments (acc = 0 then acc += f32 makes
 * acc float64): the body is typed in passes, each widening locals' types,
 * until none changes; then a final pass reports errors, folds constants and
 * inserts the Convert nodes codegen relies on. */
#include "sema_internal.h"

#include <stdarg.h>
#include <string.h>

/* Unification only widens, so this many passes are far more than enough;
 * reaching the limit means a bug, reported as an internal error. */
enum { MAX_INFERENCE_PASSES = 32 };

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
    return space == MEM_SHARED ? "shared" : space == MEM_LOCAL ? "local" : "global";
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
        param->param.sym = sym;
        param->type = sym->type;
        func->params[i] = sym;
        func->locals[func->local_count++] = sym;
    }
}

/* Before each walk only the parameters hold values. */
static void reset_assigned(FuncInfo *func)
{
    for (int i = 0; i < func->local_count; i++)
        func->locals[i]->assigned = func->locals[i]->param_index >= 0;
}

void sema_infer_function(Sema *sema, FuncInfo *func)
{
    FuncCtx ctx = {.sema = sema, .func = func};
    NodeList *body = &func->def->funcdef.body;
    add_params(&ctx);
    sema_collect_locals(&ctx, body);
    int pass = 0;
    do {
        ctx.changed = false;
        reset_assigned(func);
        sema_check_block(&ctx, body);
    } while (ctx.changed && ++pass < MAX_INFERENCE_PASSES);
    if (ctx.changed)
        diag_error(sema->diag, func->def->span, "internal compiler error: the types of '%.*s' "
                   "did not settle", STR_ARG(func->name));
}

void sema_finish_function(Sema *sema, FuncInfo *func)
{
    FuncCtx ctx = {.sema = sema, .func = func, .final = true};
    func->shared_count = 0;
    reset_assigned(func);
    sema_check_block(&ctx, &func->def->funcdef.body);
}

void sema_check_function(Sema *sema, FuncInfo *func)
{
    int errors = sema->diag->errors;
    sema_infer_function(sema, func);
    if (sema->diag->errors == errors)
        sema_finish_function(sema, func);
}
