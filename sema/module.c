/* The module level: imports, constants and the @cuda.jit functions.
 *
 * Module statements are processed in order, as Python runs them, so a
 * constant may use the ones above it. Function bodies are checked after the
 * whole module, when every name and every function signature is known (a
 * kernel may call a device function defined below it). */
#include "sema_internal.h"

#include <string.h>

static Str first_component(Str dotted)
{
    for (int i = 0; i < dotted.len; i++)
        if (dotted.ptr[i] == '.')
            return (Str){dotted.ptr, i};
    return dotted;
}

static void bind_value(Sema *sema, Str name, Value v, Span at)
{
    SymbolKind kind = v.kind == VAL_NAMESPACE ? SYM_MODULE
                    : v.kind == VAL_TYPE      ? SYM_TYPE
                    : v.kind == VAL_RUNTIME   ? SYM_CONST
                    : v.kind == VAL_FUNCTION  ? SYM_FUNCTION
                                              : SYM_BUILTIN;
    Symbol *sym = sema_define_global(sema, kind, name, at);
    sym->func = v.func;
    sym->id = v.id;
    sym->type = v.type;
    sym->value = v.konst;
}

/* import a.b [as c]: without an alias, `import numba.cuda` binds `numba`. */
static void check_import(Sema *sema, Node *node)
{
    Str module = node->import.module;
    Value v;
    if (!sema_import_module(sema, module, &v)) {
        diag_error(sema->diag, node->span, "module '%.*s' cannot be used in kernels "
                   "(supported: numba, numba.cuda, numba.types, numpy, math)", STR_ARG(module));
        return;
    }
    if (node->import.alias.len) {
        bind_value(sema, node->import.alias, v, node->span);
        return;
    }
    Str top = first_component(module);
    sema_import_module(sema, top, &v);
    bind_value(sema, top, v, node->span);
}

/* from a.b import x [as y] */
static void check_import_from(Sema *sema, Node *node)
{
    Str module = node->import_from.module, name = node->import_from.name;
    Value base;
    if (!sema_import_module(sema, module, &base)) {
        diag_error(sema->diag, node->span, "module '%.*s' cannot be used in kernels "
                   "(supported: numba, numba.cuda, numba.types, numpy, math)", STR_ARG(module));
        return;
    }
    Value v = sema_resolve_attribute(sema, base, name);
    if (v.kind == VAL_ERROR) {
        diag_error(sema->diag, node->span, "cannot import name '%.*s' from '%.*s'",
                   STR_ARG(name), STR_ARG(module));
        return;
    }
    if (v.kind == VAL_UNSUPPORTED) {
        diag_error(sema->diag, node->span, "'%s' is not supported by pykc yet", v.what);
        return;
    }
    if (v.kind == VAL_RUNTIME && v.konst.kind == CONST_NONE) {   /* cuda.laneid: a register */
        diag_error(sema->diag, node->span, "'%.*s' cannot be imported (Numba does not type it as a "
                   "global): read it as cuda.%.*s", STR_ARG(name), STR_ARG(name));
        return;
    }
    bind_value(sema, node->import_from.alias.len ? node->import_from.alias : name, v, node->span);
}

/* NAME = constant expression (or a type alias such as f32 = numba.float32). */
static void check_constant(Sema *sema, Node *node)
{
    if (node->assign.targets.count != 1 || node->assign.targets.items[0]->kind != NODE_NAME) {
        diag_error(sema->diag, node->span, "a module-level assignment must bind one name to a constant");
        return;
    }
    Node *target = node->assign.targets.items[0];
    FuncCtx ctx = {.sema = sema, .final = true};
    Value v = sema_check_expr(&ctx, node->assign.value);
    if (v.kind == VAL_RUNTIME && v.type->kind == TYPE_TUPLE) {
        diag_error(sema->diag, node->assign.value->span,
                   "module-level tuples such as '%.*s' are not supported by pykc yet",
                   STR_ARG(target->name.id));
        v = sema_value_error();
    } else if (v.kind == VAL_RUNTIME && (v.konst.kind == CONST_NONE || !type_is_scalar(v.type))) {
        diag_error(sema->diag, node->assign.value->span,
                   "module-level '%.*s' must be a constant number or bool: kernels see globals as "
                   "constants frozen at compile time", STR_ARG(target->name.id));
        v = sema_value_error();
    }
    if (v.kind == VAL_ERROR) {
        /* Defined, but without a value: its uses stay silent, the error said it all. */
        sema_define_global(sema, SYM_CONST, target->name.id, target->span);
        return;
    }
    target->type = v.type;
    bind_value(sema, target->name.id, v, target->span);
}


static void check_module_statement(Sema *sema, Node *node)
{
    switch (node->kind) {
    case NODE_IMPORT: check_import(sema, node); break;
    case NODE_IMPORT_FROM: check_import_from(sema, node); break;
    case NODE_ASSIGN: check_constant(sema, node); break;
    case NODE_FUNCDEF: sema_declare_function(sema, node); break;
    case NODE_PASS: break;
    case NODE_EXPR_STMT:
        if (node->expr_stmt.value->kind == NODE_STRING)
            break;  /* a docstring */
        /* fall through */
    default:
        diag_error(sema->diag, node->span, "only imports, constants and function definitions "
                   "can appear at module level in a kernel file");
    }
}

/* Every --sig must name a function of the file. */
static void check_sig_names(Sema *sema)
{
    for (int i = 0; i < sema->options->sig_count; i++) {
        Str name = sema->options->sigs[i].name;
        Symbol *sym = sema_lookup_global(sema, name);
        if (!sym || sym->kind != SYM_FUNCTION || !sym->func)
            diag_error_plain(sema->diag, "--sig names '%.*s', but there is no @cuda.jit function '%.*s'",
                             STR_ARG(name), STR_ARG(name));
    }
}

bool sema_check_module(Arena *arena, Diag *diag, Node *module, const SemaOptions *options,
                       SemaModule *out)
{
    static const SemaOptions no_options;
    Sema sema = {.arena = arena, .diag = diag, .options = options ? options : &no_options};
    sema.types = types_new(arena);
    int errors = diag->errors;
    NodeList *body = &module->module.body;
    for (int i = 0; i < body->count; i++)
        check_module_statement(&sema, body->items[i]);
    check_sig_names(&sema);
    for (int i = 0; i < sema.func_count; i++)
        if (sema.funcs[i]->param_types)
            sema_check_function(&sema, sema.funcs[i]);
    memset(out, 0, sizeof *out);
    sema_collect_generated(&sema, module, out);
    out->types = sema.types;
    return diag->errors == errors;
}
