/* The module level: imports, constants and the @cuda.jit functions.
 *
 * Module statements are processed in order, as Python runs them, so a
 * constant may use the ones above it. Function bodies are checked after the
 * whole module, when every name and every function signature is known (a
 * kernel may call a device function defined below it). */
#include "diagnose.h"
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

/* Modules Numba supports on the device that pykc does not yet: an error
 * naming them, rather than "cannot be used in kernels". */
static bool refuse_not_yet_module(Sema *sema, const Node *node, Str module)
{
    if (!str_eq_cstr(module, "cmath"))
        return false;
    diag_error(sema->diag, node->span, "the cmath module (complex numbers) is not supported by pykc yet");
    return true;
}

/* import a.b [as c]: without an alias, `import numba.cuda` binds `numba`. */
static void check_import(Sema *sema, Node *node)
{
    Str module = node->import.module;
    Value v;
    if (refuse_not_yet_module(sema, node, module))
        return;
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
    if (refuse_not_yet_module(sema, node, module))
        return;
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

/* Module-level tuples (SHAPE = (16, 16)) are folded here into a tree of
 * Tuple nodes whose leaves are constants: a Convert node carrying the
 * element's type and value (over a literal of the same), so that checking
 * the leaf again keeps its type, whatever it is (float32, uint8, -1).
 * Each use of the name in a function becomes a fresh copy of that tree
 * (sema_expand_module_tuple), so the tuple is a literal tuple there: its
 * constant elements index, unpack, iterate and give array shapes. */
static Node *constant_leaf(Arena *arena, const Type *type, ConstValue konst, Span at)
{
    NodeKind kind = konst.kind == CONST_BOOL ? NODE_BOOL : konst.kind == CONST_INT ? NODE_INT : NODE_FLOAT;
    Node *literal = ast_new(arena, kind, at);
    if (kind == NODE_BOOL)
        literal->bool_lit.value = konst.b;
    else if (kind == NODE_INT)
        literal->int_lit.value = (uint64_t)konst.i;
    else
        literal->float_lit.value = konst.f;
    literal->type = type;
    literal->konst = konst;
    Node *leaf = ast_new(arena, NODE_CONVERT, at);
    leaf->convert.operand = literal;
    leaf->type = type;
    leaf->konst = konst;
    return leaf;
}

/* A copy of a folded tuple (or of a checked tuple expression whose scalar
 * elements all have constant values) with every node spanning `at`; NULL
 * if some element is not a constant. */
static Node *copy_constant_tuple(Arena *arena, const Node *tuple, Span at)
{
    if (tuple->kind == NODE_CONVERT && tuple->type && type_is_scalar(tuple->type)
        && tuple->konst.kind != CONST_NONE)
        return constant_leaf(arena, tuple->type, tuple->konst, at);
    if (tuple->kind != NODE_TUPLE) {
        if (!tuple->type || !type_is_scalar(tuple->type) || tuple->konst.kind == CONST_NONE)
            return NULL;
        return constant_leaf(arena, tuple->type, tuple->konst, at);
    }
    Node *copy = ast_new(arena, NODE_TUPLE, at);
    copy->type = tuple->type;
    for (int i = 0; i < tuple->tuple.elts.count; i++) {
        Node *elt = copy_constant_tuple(arena, tuple->tuple.elts.items[i], at);
        if (!elt)
            return NULL;
        ast_list_push(arena, &copy->tuple.elts, elt);
    }
    return copy;
}

/* The first element of a tuple expression that is not a constant. */
static const Node *first_non_constant(const Node *tuple)
{
    if (tuple->kind != NODE_TUPLE)
        return tuple->type && type_is_scalar(tuple->type) && tuple->konst.kind != CONST_NONE ? NULL : tuple;
    for (int i = 0; i < tuple->tuple.elts.count; i++) {
        const Node *bad = first_non_constant(tuple->tuple.elts.items[i]);
        if (bad)
            return bad;
    }
    return NULL;
}

void sema_expand_module_tuple(FuncCtx *ctx, Node *name)
{
    if (name->kind != NODE_NAME || (ctx->func && sema_lookup_local(ctx, name->name.id)))
        return;
    Symbol *sym = sema_lookup_global(ctx->sema, name->name.id);
    if (!sym || sym->kind != SYM_CONST || !sym->tuple)
        return;
    *name = *copy_constant_tuple(ctx->sema->arena, sym->tuple, name->span);
}

/* NAME = (a, b, ...): every element a constant, or a tuple of them. */
static Value check_constant_tuple(Sema *sema, Node *value, Str name, Node **folded)
{
    const Node *bad = value->kind == NODE_TUPLE ? first_non_constant(value) : value;
    if (bad) {
        diag_error(sema->diag, bad->span, "module-level tuple '%.*s' must be built from constants "
                   "(numbers, bools, module constants and tuples of them): kernels see globals as "
                   "constants frozen at compile time", STR_ARG(name));
        return sema_value_error();
    }
    *folded = copy_constant_tuple(sema->arena, value, value->span);
    return sema_value_runtime(value->type);
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
    Node *tuple = NULL;
    Value v = sema_check_expr(&ctx, node->assign.value);
    if (v.kind == VAL_RUNTIME && v.type->kind == TYPE_TUPLE) {
        v = check_constant_tuple(sema, node->assign.value, target->name.id, &tuple);
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
    if (tuple)
        sema_lookup_global(sema, target->name.id)->tuple = tuple;
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
    if (diag->errors == errors)
        sema_diagnose_module(&sema, out);
    return diag->errors == errors;
}
