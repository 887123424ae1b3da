/* What a name bound by a file's code stands for, evaluated the first time
 * code looks it up (scope.h): a module (numba, math, a helper module of the
 * project), a type, a constant (number, bool, tuple), a builtin, a
 * @cuda.jit function, a class; or a host binding, when pykc cannot know the
 * value at compile time.
 *
 * Values are computed as Numba sees globals: frozen when the kernel is
 * compiled. pykc computes them by checking the value's expression in the
 * scope that binds it, quietly: an error there (a call of host code, a name
 * only host code binds) makes a host binding that says why, reported only
 * if a kernel uses the name. A name bound more than once to the same value
 * (an import repeated in `if __name__ == "__main__":`) is that value; to
 * different values, a host binding, since which one a kernel would see
 * depends on when Numba compiles it. */
#include "../parser/parser.h"
#include "modules.h"
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

static Symbol *new_symbol(Sema *sema, SymbolKind kind, Str name, Span def)
{
    Symbol *sym = ARENA_NEW(sema->arena, Symbol);
    sym->kind = kind;
    sym->name = name;
    sym->def = def;
    sym->param_index = -1;
    return sym;
}

Symbol *sema_host_symbol(Sema *sema, Str name, Span def, const char *why)
{
    Symbol *sym = new_symbol(sema, SYM_HOST, name, def);
    sym->why = why;
    return sym;
}

/* A compile-time value as a symbol; NULL for values no symbol holds. */
static Symbol *symbol_of_value(Sema *sema, Str name, Span def, Value v)
{
    SymbolKind kind;
    switch (v.kind) {
    case VAL_NAMESPACE: kind = SYM_MODULE; break;
    case VAL_TYPE: kind = SYM_TYPE; break;
    case VAL_RUNTIME: kind = SYM_CONST; break;
    case VAL_FUNCTION: kind = SYM_FUNCTION; break;
    case VAL_BUILTIN: kind = SYM_BUILTIN; break;
    case VAL_SCOPE: kind = SYM_SCOPE; break;
    default: return NULL;
    }
    Symbol *sym = new_symbol(sema, kind, name, def);
    sym->func = v.func;
    sym->id = v.id;
    sym->type = v.type;
    sym->value = v.konst;
    sym->scope = v.scope;
    return sym;
}

/* ======================= constants ======================= */

/* Module-level tuples (SHAPE = (16, 16)) are folded here into a tree of
 * Tuple nodes whose leaves are constants: a Convert node carrying the
 * element's type and value (over a literal of the same), so that checking
 * the leaf again keeps its type, whatever it is (float32, uint8, -1).
 * Each use of the name in a function becomes a fresh copy of that tree
 * (sema_expand_module_tuple), so the tuple is a literal tuple there: its
 * constant elements index, unpack, iterate and give array shapes. */
Node *sema_constant_leaf(Arena *arena, const Type *type, ConstValue konst, Span at)
{
    NodeKind kind = konst.kind == CONST_BOOL ? NODE_BOOL : konst.kind == CONST_INT ? NODE_INT
                    : konst.kind == CONST_COMPLEX ? NODE_IMAG : NODE_FLOAT;   /* a complex: its imaginary part */
    Node *literal = ast_new(arena, kind, at);
    if (kind == NODE_BOOL)
        literal->bool_lit.value = konst.b;
    else if (kind == NODE_INT)
        literal->int_lit.value = (uint64_t)konst.i;
    else
        literal->float_lit.value = kind == NODE_IMAG ? konst.c.im : konst.f;
    literal->type = type;
    literal->konst = konst;
    Node *leaf = ast_new(arena, NODE_CONVERT, at);
    leaf->convert.operand = literal;
    leaf->type = type;
    leaf->konst = konst;
    return leaf;
}

static bool is_constant_scalar(const Node *node)
{
    return node->type && type_is_scalar(node->type) && node->konst.kind != CONST_NONE;
}

/* A copy of a folded tuple (or of a checked tuple expression whose scalar
 * elements all have constant values) with every node spanning `at`; NULL
 * if some element is not a constant. */
Node *sema_constant_tuple(Arena *arena, const Node *tuple, Span at)
{
    if (sema_is_const_tuple_element(tuple))
        return sema_copy_const_tuple_element(arena, tuple, at);
    if (tuple->kind != NODE_TUPLE)
        return is_constant_scalar(tuple) ? sema_constant_leaf(arena, tuple->type, tuple->konst, at) : NULL;
    Node *copy = ast_new(arena, NODE_TUPLE, at);
    copy->type = tuple->type;
    for (int i = 0; i < tuple->tuple.elts.count; i++) {
        Node *elt = sema_constant_tuple(arena, tuple->tuple.elts.items[i], at);
        if (!elt)
            return NULL;
        ast_list_push(arena, &copy->tuple.elts, elt);
    }
    return copy;
}

void sema_expand_module_tuple(FuncCtx *ctx, Node *name)
{
    Symbol *local = name->kind == NODE_NAME && ctx->func ? sema_lookup_local(ctx, name->name.id) : NULL;
    if (name->kind != NODE_NAME || (local && local->kind == SYM_LOCAL))
        return;
    Symbol *sym = ctx->func ? sema_lookup_local(ctx, name->name.id) : NULL;
    if (!sym)
        sym = sema_lookup_global(ctx->sema, name->name.id);
    if (!sym || sym->kind != SYM_CONST || !sym->tuple)
        return;
    *name = *sema_constant_tuple(ctx->sema->arena, sym->tuple, name->span);
}

/* `M = pytest.importorskip("M")`: the module M, as an import of it (what
 * importorskip returns when the test runs at all); NULL if the binding is
 * not that, or M is no module pykc knows. */
static Symbol *import_or_skip(Sema *sema, Scope *scope, Binding *binding)
{
    Node *call = binding->node;
    if (call->kind != NODE_CALL || call->call.args.count < 1 ||
        call->call.func->kind != NODE_ATTRIBUTE || !str_eq_cstr(call->call.func->attribute.attr, "importorskip") ||
        call->call.func->attribute.value->kind != NODE_NAME ||
        !str_eq_cstr(call->call.func->attribute.value->name.id, "pytest"))
        return NULL;
    Node *module = call->call.args.items[0];
    Value v;
    if (module->kind != NODE_STRING || !sema_import_module(sema, scope, module->string.value, 0, &v))
        return NULL;
    return symbol_of_value(sema, binding->name, binding->at, v);
}

/* The value of `name = value`, checked in `scope` with errors kept quiet.
 * NumPy's arrays are computed first (np_eval.c): they are not values
 * sema's typing of expressions knows. */
static Symbol *evaluate_value(Sema *sema, Scope *scope, Binding *binding)
{
    Symbol *array = sema_np_binding(sema, scope, binding);
    if (array)
        return array;
    Value path;   /* --bind NAME=package.module.function (bind_path.c) */
    if (binding->from_option && sema_bind_module_path(sema, scope, binding->node, &path)) {
        if (path.kind == VAL_HOST)
            return path.sym;
        if (path.kind == VAL_FUNCTION || path.kind == VAL_SCOPE || path.kind == VAL_TYPE)
            return symbol_of_value(sema, binding->name, binding->at, path);
    }
    Symbol *module = import_or_skip(sema, scope, binding);
    if (module)
        return module;
    Diag quiet;
    diag_init_quiet(&quiet);
    Diag *loud = sema->diag;
    Scope *outer = sema->scope;
    bool prelude = sema->prelude;
    sema->diag = &quiet;
    sema->scope = scope;
    sema->prelude = binding->from_option;
    FuncCtx ctx = {.sema = sema, .final = true};
    Value v = sema_check_expr(&ctx, binding->node);
    sema->diag = loud;
    sema->scope = outer;
    sema->prelude = prelude;
    Node *tuple = NULL;
    if (quiet.errors == 0 && v.kind == VAL_RUNTIME && v.type->kind == TYPE_TUPLE) {
        tuple = sema_constant_tuple(sema->arena, binding->node, binding->node->span);
        if (!tuple)
            return sema_host_symbol(sema, binding->name, binding->at,
                                    "a tuple whose elements are not all compile-time constants (kernels "
                                    "see globals as constants frozen when they are compiled)");
    } else if (quiet.errors == 0 && v.kind == VAL_RUNTIME && !is_constant_scalar(binding->node) &&
               v.type->kind != TYPE_NONE) {   /* None is a constant: `X is None` folds */
        return sema_host_symbol(sema, binding->name, binding->at,
                                "bound to a value that is not a compile-time constant (kernels see "
                                "globals as constants frozen when they are compiled)");
    }
    Symbol *sym = quiet.errors ? NULL : symbol_of_value(sema, binding->name, binding->at, v);
    if (!sym)
        return sema_host_symbol(sema, binding->name, binding->at,
                                quiet.first_error[0] ? arena_printf(sema->arena, "bound to a value pykc cannot compute: %s",
                                                                    quiet.first_error)
                                                     : "bound to a value kernels cannot use");
    sym->tuple = tuple;
    sym->np = binding->np;
    if (binding->target && v.kind == VAL_RUNTIME)
        binding->target->type = v.type;   /* for --dump-types */
    return sym;
}

/* ======================= imports ======================= */

static Str first_component(Str dotted)
{
    for (int i = 0; i < dotted.len; i++)
        if (dotted.ptr[i] == '.')
            return (Str){dotted.ptr, i};
    return dotted;
}

/* import a.b [as c]: without an alias, `import numba.cuda` binds `numba`. */
static Symbol *evaluate_import(Sema *sema, Scope *scope, Binding *binding)
{
    Node *node = binding->node;
    Str module = node->import.alias.len ? node->import.module : first_component(node->import.module);
    Value v;
    if (!sema_import_module(sema, scope, module, 0, &v))
        return sema_host_symbol(sema, binding->name, binding->at, sema_module_refusal(sema, module));
    return symbol_of_value(sema, binding->name, binding->at, v);
}

static Str joined(Sema *sema, Str package, Str name)
{
    if (!package.len)
        return name;
    return str_from_cstr(arena_printf(sema->arena, "%.*s.%.*s", STR_ARG(package), STR_ARG(name)));
}

/* from a.b import x [as y]: an attribute of a.b, or its submodule a.b.x */
static Symbol *evaluate_import_from(Sema *sema, Scope *scope, Binding *binding)
{
    Node *node = binding->node;
    Str module = node->import_from.module, name = node->import_from.name;
    int level = node->import_from.level;
    Value base, v = {.kind = VAL_ERROR};
    bool imported = sema_import_module(sema, scope, module, level, &base);
    if (imported)
        v = sema_resolve_attribute(sema, base, name);
    if (v.kind == VAL_ERROR && sema_import_module(sema, scope, joined(sema, module, name), level, &v))
        return symbol_of_value(sema, binding->name, binding->at, v);
    if (!imported)
        return sema_host_symbol(sema, binding->name, binding->at, sema_module_refusal(sema, module));
    if (v.kind == VAL_NAMESPACE || v.kind == VAL_TYPE || v.kind == VAL_BUILTIN || v.kind == VAL_FUNCTION ||
        v.kind == VAL_SCOPE || (v.kind == VAL_RUNTIME && v.konst.kind != CONST_NONE))
        return symbol_of_value(sema, binding->name, binding->at, v);
    if (v.kind == VAL_HOST)
        return v.sym;
    if (v.kind == VAL_UNSUPPORTED)
        return sema_host_symbol(sema, binding->name, binding->at,
                                arena_printf(sema->arena, "'%s', which pykc does not support yet", v.what));
    if (v.kind == VAL_RUNTIME)   /* cuda.laneid: a register, which Numba does not type as a global */
        return sema_host_symbol(sema, binding->name, binding->at,
                                arena_printf(sema->arena, "'%.*s' imported from '%.*s' (Numba does not type it "
                                             "as a global: read it as cuda.%.*s)", STR_ARG(name),
                                             STR_ARG(module), STR_ARG(name)));
    return sema_host_symbol(sema, binding->name, binding->at,
                            arena_printf(sema->arena, "'%.*s' imported from '%.*s', which kernels cannot use",
                                         STR_ARG(name), STR_ARG(module)));
}

/* ======================= --bind ======================= */

static bool names_binding(Str wanted, const Scope *scope, Str name)
{
    if (!scope->qualname.len)
        return str_eq(wanted, name);
    return wanted.len == scope->qualname.len + 1 + name.len &&
           memcmp(wanted.ptr, scope->qualname.ptr, (size_t)scope->qualname.len) == 0 &&
           wanted.ptr[scope->qualname.len] == '.' &&
           memcmp(wanted.ptr + scope->qualname.len + 1, name.ptr, (size_t)name.len) == 0;
}

/* A kernel factory's parameter, or a loop variable a kernel captures, has
 * no value pykc can know: --bind gives it one, an expression evaluated
 * where the name is bound (--bind 'make.op=math.sin'). */
Binding *sema_bind_option(Sema *sema, Scope *scope, Str name)
{
    if (sema_scope_module(scope) != sema->module_scope)
        return NULL;
    for (int i = 0; i < sema->options->bind_count; i++) {
        const SigOverride *option = &sema->options->binds[i];
        if (!names_binding(option->name, scope, name))
            continue;
        Node *value = parse_expression(sema->arena, sema->diag, option->sig);
        if (!value)
            return NULL;
        if (value->kind == NODE_NAME && str_eq(value->name.id, name))
            return NULL;   /* NAME=NAME: what the scope itself binds (an import in the function) */
        Binding *binding = ARENA_NEW(sema->arena, Binding);
        binding->kind = BIND_VALUE;
        binding->name = name;
        binding->at = value->span;
        binding->node = value;
        binding->from_option = true;
        return binding;
    }
    return NULL;
}

/* ======================= one binding, then all of a name ======================= */

static Symbol *evaluate(Sema *sema, Scope *scope, Binding *binding)
{
    switch (binding->kind) {
    case BIND_VALUE:
        sema_declare_binding(sema, scope, binding);
        if (binding->func)
            return symbol_of_value(sema, binding->name, binding->at,
                                   (Value){.kind = VAL_FUNCTION, .func = binding->func});
        return evaluate_value(sema, scope, binding);
    case BIND_IMPORT: return evaluate_import(sema, scope, binding);
    case BIND_IMPORT_FROM: return evaluate_import_from(sema, scope, binding);
    case BIND_DEF:
        sema_declare_binding(sema, scope, binding);
        if (binding->func)
            return symbol_of_value(sema, binding->name, binding->at,
                                   (Value){.kind = VAL_FUNCTION, .func = binding->func});
        if (sema_extension_why(sema, scope, binding))
            return sema_host_symbol(sema, binding->name, binding->at,
                                    sema_extension_why(sema, scope, binding));
        return sema_host_symbol(sema, binding->name, binding->at,
                                "a Python function, not compiled for the GPU: decorate it with "
                                "@cuda.jit(device=True) or @numba.jit to call it from kernels");
    case BIND_CLASS:
        return symbol_of_value(sema, binding->name, binding->at,
                               (Value){.kind = VAL_SCOPE, .scope = binding->inner});
    case BIND_HOST:
        break;
    }
    return sema_host_symbol(sema, binding->name, binding->at, binding->why);
}

static bool same_value(const Symbol *a, const Symbol *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case SYM_CONST:
        return a->type == b->type && !a->tuple && !b->tuple && a->value.kind == b->value.kind &&
               memcmp(&a->value, &b->value, sizeof a->value) == 0;
    case SYM_TYPE: return a->type == b->type;
    case SYM_MODULE: case SYM_BUILTIN: return a->id == b->id && a->scope == b->scope;
    case SYM_FUNCTION: return a->func == b->func;
    case SYM_SCOPE: return a->scope == b->scope;
    default: return false;
    }
}

static int line_of(Span at)
{
    return source_locate(at.src, at.begin).line;
}

/* Each binding once, in order; a cycle (a = b; b = a) is a host binding. */
Symbol *sema_bind_name(Sema *sema, Scope *scope, Str name, Binding **bindings, int count)
{
    Symbol *first = NULL;
    for (int i = 0; i < count; i++) {
        if (bindings[i]->evaluating)
            return sema_host_symbol(sema, name, bindings[i]->at, "bound to a value that refers to itself");
        bindings[i]->evaluating = true;
        Symbol *sym = evaluate(sema, scope, bindings[i]);
        bindings[i]->evaluating = false;
        if (!first) {
            first = sym;
        } else if (!same_value(first, sym)) {
            const char *why = arena_printf(sema->arena, "bound %s at lines %d and %d: which value a "
                                           "kernel sees depends on when it is compiled",
                                           first->kind == SYM_HOST || sym->kind == SYM_HOST
                                               ? "more than once" : "to different values",
                                           line_of(first->def), line_of(sym->def));
            return sema_host_symbol(sema, name, bindings[i]->at, why);
        }
    }
    return first;
}

/* A kernel uses a name that only host code gives a value. */
void sema_report_host_use(FuncCtx *ctx, Span use, const Symbol *sym)
{
    if (!ctx->final)
        return;
    sema_report(ctx, use, "'%.*s' cannot be used in a kernel: it is %s", STR_ARG(sym->name), sym->why);
    if (sym->def.src)
        diag_note(ctx->sema->diag, sym->def, "'%.*s' is bound here", STR_ARG(sym->name));
    if (sym->bind_as.len)
        diag_note(ctx->sema->diag, (Span){0}, "to compile the kernel for one value of it, give that "
                  "value with --bind '%.*s=VALUE'", STR_ARG(sym->bind_as));
}
