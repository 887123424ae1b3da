/* Building scopes: one walk over a module's tree that records, for the
 * module, each class and each function, which names its statements bind
 * and how (scope.h). Nothing is evaluated here; lookups (below) evaluate a
 * name the first time code asks for it (bind.c). Function scopes take their
 * parameters, assignments, loop targets, imports, defs, classes, `with ...
 * as`, `except ... as`, match captures and := targets; comprehensions and
 * lambdas have scopes of their own that no kernel can see into. */
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

enum { MAX_BINDINGS_OF_ONE_NAME = 64 };

static Scope *new_scope(Sema *sema, ScopeKind kind, Scope *parent, Str name, Node *node)
{
    Scope *scope = ARENA_NEW(sema->arena, Scope);
    scope->kind = kind;
    scope->parent = parent;
    scope->name = name;
    scope->node = node;
    if (parent && parent->qualname.len) {
        char *qualname = arena_printf(sema->arena, "%.*s.%.*s", STR_ARG(parent->qualname), STR_ARG(name));
        scope->qualname = str_from_cstr(qualname);
    } else if (parent) {
        scope->qualname = name;
    }
    if (parent) {
        Scope **grown = ARENA_ARRAY(sema->arena, Scope *, parent->child_count + 1);
        if (parent->child_count)
            memcpy(grown, parent->children, sizeof *grown * (size_t)parent->child_count);
        grown[parent->child_count++] = scope;
        parent->children = grown;
    }
    return scope;
}

static bool is_declared_elsewhere(const Scope *scope, Str name);
static bool is_declared_nonlocal(const Scope *scope, Str name);

/* Where a function's `global x` (or `nonlocal x`) sends its bindings of
 * x: the module (or the enclosing function). */
static Scope *declared_scope(Scope *scope, Str name)
{
    if (!is_declared_nonlocal(scope, name))
        return sema_scope_module(scope);
    Scope *outer = scope->parent;
    while (outer && outer->kind != SCOPE_FUNCTION)
        outer = outer->parent;
    return outer ? outer : sema_scope_module(scope);
}

static Binding *add_binding(Sema *sema, Scope *scope, BindingKind kind, Str name, Span at, Node *node)
{
    /* Assigned by a function that declares it global: which value a
     * kernel sees depends on whether that function ran before Numba
     * compiled the kernel. */
    if (is_declared_elsewhere(scope, name)) {
        Scope *owner = declared_scope(scope, name);
        Binding *binding = add_binding(sema, owner, BIND_HOST, name, at, NULL);
        binding->why = arena_printf(sema->arena, "assigned by '%.*s', which declares it %s", STR_ARG(scope->qualname),
                                    is_declared_nonlocal(scope, name) ? "nonlocal" : "global");
        return binding;
    }
    if (scope->binding_count == scope->binding_capacity) {
        int capacity = scope->binding_capacity ? scope->binding_capacity * 2 : 16;
        Binding *grown = ARENA_ARRAY(sema->arena, Binding, capacity);
        if (scope->binding_count)
            memcpy(grown, scope->bindings, sizeof *grown * (size_t)scope->binding_count);
        scope->bindings = grown;
        scope->binding_capacity = capacity;
    }
    Binding *binding = &scope->bindings[scope->binding_count++];
    memset(binding, 0, sizeof *binding);
    binding->kind = kind;
    binding->name = name;
    binding->at = at;
    binding->node = node;
    return binding;
}

static void add_host(Sema *sema, Scope *scope, Node *name, const char *why)
{
    add_binding(sema, scope, BIND_HOST, name->name.id, name->span, NULL)->why = why;
}

static Str *grow_names(Sema *sema, Str *names, int count, Str name)
{
    Str *grown = ARENA_ARRAY(sema->arena, Str, count + 1);
    if (count)
        memcpy(grown, names, sizeof *grown * (size_t)count);
    grown[count] = name;
    return grown;
}

/* Every name a target binds (a, b in `a, *b = ...`), as host bindings. */
static void bind_target_names(Sema *sema, Scope *scope, Node *target, const char *why)
{
    switch (target->kind) {
    case NODE_NAME: add_host(sema, scope, target, why); break;
    case NODE_TUPLE: case NODE_LIST:
        for (int i = 0; i < target->tuple.elts.count; i++)
            bind_target_names(sema, scope, target->tuple.elts.items[i], why);
        break;
    case NODE_STARRED: bind_target_names(sema, scope, target->starred.value, why); break;
    default: break;   /* a.x = ..., a[i] = ...: no name is bound */
    }
}

static bool is_plain_sequence(const Node *node)
{
    if (node->kind != NODE_TUPLE && node->kind != NODE_LIST)
        return false;
    for (int i = 0; i < node->tuple.elts.count; i++)
        if (node->tuple.elts.items[i]->kind == NODE_STARRED)
            return false;
    return true;
}

/* name = value, and a, b = x, y element by element (bpg, tpb = 50, 32). */
static void bind_assigned(Sema *sema, Scope *scope, Node *target, Node *value)
{
    if (target->kind == NODE_NAME) {
        add_binding(sema, scope, BIND_VALUE, target->name.id, target->span, value)->target = target;
        return;
    }
    if (is_plain_sequence(target) && value->kind == NODE_TUPLE && is_plain_sequence(value) &&
        value->tuple.elts.count == target->tuple.elts.count) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            bind_assigned(sema, scope, target->tuple.elts.items[i], value->tuple.elts.items[i]);
        return;
    }
    bind_target_names(sema, scope, target, "unpacked from a value pykc cannot split");
}

/* x := value anywhere in an expression binds x in the enclosing scope. */
static void collect_walrus(Sema *sema, Scope *scope, Node *node);

typedef struct WalrusWalk {
    Sema *sema;
    Scope *scope;
} WalrusWalk;

static void walrus_child(void *ctx, Node *child)
{
    WalrusWalk *walk = ctx;
    collect_walrus(walk->sema, walk->scope, child);
}

static void collect_walrus(Sema *sema, Scope *scope, Node *node)
{
    if (!node || node->kind == NODE_LAMBDA || node->kind == NODE_FUNCDEF || node->kind == NODE_CLASSDEF)
        return;
    if (node->kind == NODE_NAMED_EXPR)
        add_host(sema, scope, node->named_expr.target, "bound by ':='");
    WalrusWalk walk = {sema, scope};
    ast_each_child(node, walrus_child, &walk);
}

static void collect_block(Sema *sema, Scope *scope, NodeList body);

static void collect_function(Sema *sema, Scope *scope, Node *def)
{
    Binding *binding = add_binding(sema, scope, BIND_DEF, def->funcdef.name, def->span, def);
    Scope *inner = new_scope(sema, SCOPE_FUNCTION, scope, def->funcdef.name, def);
    binding->inner = inner;
    const char *why = arena_printf(sema->arena, "a parameter of '%.*s'", STR_ARG(def->funcdef.name));
    for (int i = 0; i < def->funcdef.params.count; i++) {
        Node *param = def->funcdef.params.items[i];
        add_binding(sema, inner, BIND_HOST, param->param.name, param->span, NULL)->why = why;
    }
    collect_block(sema, inner, def->funcdef.body);
}

static void collect_class(Sema *sema, Scope *scope, Node *def)
{
    Binding *binding = add_binding(sema, scope, BIND_CLASS, def->classdef.name, def->span, def);
    binding->inner = new_scope(sema, SCOPE_CLASS, scope, def->classdef.name, def);
    collect_block(sema, binding->inner, def->classdef.body);
}

/* import a.b binds a; import a.b as c binds c */
static void collect_import(Sema *sema, Scope *scope, Node *node)
{
    Str module = node->import.module, name = node->import.alias;
    if (!name.len) {
        name = module;
        for (int i = 0; i < module.len; i++)
            if (module.ptr[i] == '.') {
                name.len = i;
                break;
            }
    }
    add_binding(sema, scope, BIND_IMPORT, name, node->span, node);
}

static void collect_import_from(Sema *sema, Scope *scope, Node *node)
{
    if (str_eq_cstr(node->import_from.name, "*")) {
        scope->star_imports = grow_names(sema, scope->star_imports, scope->star_count++,
                                         node->import_from.module);
        return;
    }
    Str name = node->import_from.alias.len ? node->import_from.alias : node->import_from.name;
    add_binding(sema, scope, BIND_IMPORT_FROM, name, node->span, node);
}

/* The names a match pattern captures. */
static void collect_captures(Sema *sema, Scope *scope, Node *pattern)
{
    if (!pattern)
        return;
    switch (pattern->kind) {
    case NODE_NAME:
        if (!str_eq_cstr(pattern->name.id, "_"))
            add_host(sema, scope, pattern, "captured by a match pattern");
        return;
    case NODE_MATCH_AS:
        collect_captures(sema, scope, pattern->match_as.pattern);
        add_binding(sema, scope, BIND_HOST, pattern->match_as.name, pattern->span, NULL)->why =
            "captured by a match pattern";
        return;
    case NODE_ATTRIBUTE:
        return;   /* a value pattern */
    case NODE_CALL:
        for (int i = 0; i < pattern->call.args.count; i++)
            collect_captures(sema, scope, pattern->call.args.items[i]);
        for (int i = 0; i < pattern->call.keywords.count; i++)
            collect_captures(sema, scope, pattern->call.keywords.items[i]->keyword.value);
        return;
    case NODE_DICT:
        for (int i = 0; i < pattern->dict.items.count; i++)
            collect_captures(sema, scope, pattern->dict.items.items[i]->dict_item.value);
        return;
    case NODE_TUPLE: case NODE_LIST:
        for (int i = 0; i < pattern->tuple.elts.count; i++)
            collect_captures(sema, scope, pattern->tuple.elts.items[i]);
        return;
    case NODE_STARRED: collect_captures(sema, scope, pattern->starred.value); return;
    case NODE_BINOP:
        collect_captures(sema, scope, pattern->binop.left);
        collect_captures(sema, scope, pattern->binop.right);
        return;
    default:
        return;   /* literals */
    }
}

static void collect_try(Sema *sema, Scope *scope, Node *node)
{
    collect_block(sema, scope, node->try_stmt.body);
    for (int i = 0; i < node->try_stmt.handlers.count; i++) {
        Node *handler = node->try_stmt.handlers.items[i];
        if (handler->except.name.len)
            add_binding(sema, scope, BIND_HOST, handler->except.name, handler->span, NULL)->why =
                "an exception caught by 'except ... as'";
        collect_block(sema, scope, handler->except.body);
    }
    collect_block(sema, scope, node->try_stmt.else_body);
    collect_block(sema, scope, node->try_stmt.finally_body);
}

static void collect_statement(Sema *sema, Scope *scope, Node *node)
{
    switch (node->kind) {
    case NODE_ASSIGN:
        /* a = b = value: each binding checks its own copy of the value */
        for (int i = 0; i < node->assign.targets.count; i++)
            bind_assigned(sema, scope, node->assign.targets.items[i],
                          i == 0 ? node->assign.value : ast_clone(sema->arena, node->assign.value));
        collect_walrus(sema, scope, node->assign.value);
        break;
    case NODE_AUG_ASSIGN:
        bind_target_names(sema, scope, node->aug_assign.target, "changed by an augmented assignment");
        break;
    case NODE_ANN_ASSIGN:
        if (node->ann_assign.value)
            bind_assigned(sema, scope, node->ann_assign.target, node->ann_assign.value);
        break;
    case NODE_FOR:
        bind_target_names(sema, scope, node->for_stmt.target, "a loop variable");
        collect_walrus(sema, scope, node->for_stmt.iter);
        collect_block(sema, scope, node->for_stmt.body);
        collect_block(sema, scope, node->for_stmt.else_body);
        break;
    case NODE_IF: case NODE_WHILE:
        if (node->kind == NODE_IF && sema_cudasim_condition(node->if_stmt.cond) >= 0) {   /* cudasim.c */
            collect_block(sema, scope, sema_cudasim_condition(node->if_stmt.cond) ? node->if_stmt.body
                                                                                  : node->if_stmt.else_body);
            break;
        }
        collect_walrus(sema, scope, node->if_stmt.cond);
        collect_block(sema, scope, node->if_stmt.body);
        collect_block(sema, scope, node->if_stmt.else_body);
        break;
    case NODE_WITH:
        for (int i = 0; i < node->with_stmt.items.count; i++) {
            Node *target = node->with_stmt.items.items[i]->with_item.target;
            if (target)
                bind_target_names(sema, scope, target, "bound by 'with ... as'");
        }
        collect_block(sema, scope, node->with_stmt.body);
        break;
    case NODE_TRY: collect_try(sema, scope, node); break;
    case NODE_MATCH:
        for (int i = 0; i < node->match.cases.count; i++) {
            Node *c = node->match.cases.items[i];
            collect_captures(sema, scope, c->match_case.pattern);
            collect_block(sema, scope, c->match_case.body);
        }
        break;
    case NODE_IMPORT: collect_import(sema, scope, node); break;
    case NODE_IMPORT_FROM: collect_import_from(sema, scope, node); break;
    case NODE_FUNCDEF: collect_function(sema, scope, node); break;
    case NODE_CLASSDEF: collect_class(sema, scope, node); break;
    case NODE_DELETE:
        for (int i = 0; i < node->delete.targets.count; i++)
            bind_target_names(sema, scope, node->delete.targets.items[i], "deleted by 'del'");
        break;
    case NODE_GLOBAL: case NODE_NONLOCAL:
        for (int i = 0; i < node->names.names.count; i++) {
            Str id = node->names.names.items[i]->name.id;
            scope->globals = grow_names(sema, scope->globals, scope->global_count++, id);
            if (node->kind == NODE_NONLOCAL)
                scope->nonlocals = grow_names(sema, scope->nonlocals, scope->nonlocal_count++, id);
        }
        break;
    case NODE_TYPE_ALIAS: add_host(sema, scope, node->type_alias.name, "a type alias"); break;
    case NODE_EXPR_STMT: collect_walrus(sema, scope, node->expr_stmt.value); break;
    default: break;
    }
}

static void collect_block(Sema *sema, Scope *scope, NodeList body)
{
    for (int i = 0; i < body.count; i++)
        collect_statement(sema, scope, body.items[i]);
}

Scope *sema_scope_build(Sema *sema, Node *module, Str name, const char *path, bool qualified)
{
    Scope *scope = new_scope(sema, SCOPE_MODULE, NULL, name, module);
    scope->path = path;
    if (qualified)
        scope->qualname = name;
    collect_block(sema, scope, module->module.body);
    return scope;
}

/* ======================= lookups ======================= */

static bool is_declared_elsewhere(const Scope *scope, Str name)
{
    for (int i = 0; i < scope->global_count; i++)
        if (str_eq(scope->globals[i], name))
            return true;
    return false;
}

static bool is_declared_nonlocal(const Scope *scope, Str name)
{
    for (int i = 0; i < scope->nonlocal_count; i++)
        if (str_eq(scope->nonlocals[i], name))
            return true;
    return false;
}

int sema_scope_bindings(Scope *scope, Str name, Binding **out, int max)
{
    int count = 0;
    for (int i = 0; i < scope->binding_count && count < max; i++)
        if (str_eq(scope->bindings[i].name, name))
            out[count++] = &scope->bindings[i];
    return count;
}

static Symbol *find_evaluated(const Scope *scope, Str name)
{
    for (int i = 0; i < scope->symbol_count; i++)
        if (str_eq(scope->symbols[i]->name, name))
            return scope->symbols[i];
    return NULL;
}

static void remember(Sema *sema, Scope *scope, Symbol *sym)
{
    if (scope->symbol_count == scope->symbol_capacity) {
        int capacity = scope->symbol_capacity ? scope->symbol_capacity * 2 : 16;
        Symbol **grown = ARENA_ARRAY(sema->arena, Symbol *, capacity);
        if (scope->symbol_count)
            memcpy(grown, scope->symbols, sizeof *grown * (size_t)scope->symbol_count);
        scope->symbols = grown;
        scope->symbol_capacity = capacity;
    }
    scope->symbols[scope->symbol_count++] = sym;
}

Symbol *sema_scope_member(Sema *sema, Scope *scope, Str name)
{
    Symbol *sym = find_evaluated(scope, name);
    if (sym || is_declared_elsewhere(scope, name))
        return sym;
    Binding *bindings[MAX_BINDINGS_OF_ONE_NAME];
    int count = sema_scope_bindings(scope, name, bindings, MAX_BINDINGS_OF_ONE_NAME);
    Binding *given = count ? sema_bind_option(sema, scope, name) : NULL;
    if (given) {
        bindings[0] = given;   /* --bind replaces what host code binds */
        count = 1;
    }
    if (count == 0)
        return NULL;
    sym = sema_bind_name(sema, scope, name, bindings, count);
    /* a parameter, a loop variable, a name bound twice: --bind can give it one value */
    bool bindable = count > 1 || bindings[0]->kind == BIND_HOST;
    if (bindable && sym->kind == SYM_HOST && sema_scope_module(scope) == sema->module_scope && !sym->bind_as.len)
        sym->bind_as = scope->qualname.len
            ? str_from_cstr(arena_printf(sema->arena, "%.*s.%.*s", STR_ARG(scope->qualname), STR_ARG(name)))
            : name;
    remember(sema, scope, sym);
    return sym;
}

Scope *sema_scope_for_body(Scope *scope)
{
    while (scope && scope->kind == SCOPE_CLASS)
        scope = scope->parent;
    return scope;
}

Symbol *sema_scope_lookup(Sema *sema, Scope *scope, Str name)
{
    for (Scope *s = scope; s; s = s->parent) {
        if (s->kind == SCOPE_CLASS && s != scope)
            continue;   /* a class body is not visible to the functions inside it */
        Symbol *sym = sema_scope_member(sema, s, name);
        if (sym)
            return sym;
    }
    return NULL;
}

Scope *sema_scope_module(Scope *scope)
{
    while (scope->parent)
        scope = scope->parent;
    return scope;
}

Binding *sema_scope_find_single(Scope *scope, Str name, Scope **where)
{
    for (Scope *s = scope; s; s = s->parent) {
        if (s->kind == SCOPE_CLASS && s != scope)
            continue;
        Binding *bindings[2];
        int count = sema_scope_bindings(s, name, bindings, 2);
        if (count == 0)
            continue;
        if (count > 1)
            return NULL;
        *where = s;
        return bindings[0];
    }
    return NULL;
}

Binding *sema_scope_find_def(Scope *scope, Str name, Scope **where)
{
    Binding *binding = sema_scope_find_single(scope, name, where);
    return binding && binding->kind == BIND_DEF ? binding : NULL;
}
