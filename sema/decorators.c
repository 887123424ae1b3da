/* Which functions of a file are compiled, and their signatures.
 *
 * A function is compiled when it is decorated with @cuda.jit (in any
 * spelling: cuda.jit, numba.cuda.jit, jit imported from numba.cuda, with or
 * without arguments), with @numba.jit or @njit (numba-cuda compiles those
 * for the GPU when a kernel calls them: here they are device functions), or
 * made one by an assignment (`gpu_add = cuda.jit(device=True)(add)`), or
 * named by --sig or --kernel (the `cuda.jit(sig)(f)` idiom, where f itself
 * is a plain Python function). Functions anywhere in the file count: in
 * classes (static methods), inside other functions (closures over their
 * constants), in `if __name__ == "__main__":`.
 *
 * Declaring one only looks at its decorators: nothing is reported then,
 * since a function no kernel reaches is host code as far as pykc is
 * concerned. Its options and signature are read (and their errors
 * reported) by sema_prepare_function, when it is compiled or called. */
#include "modules.h"
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

typedef struct Jit {
    Node *decorator;          /* the @cuda.jit expression, or the call of it */
    Node *second;             /* another jit decorator above it */
    Node *signature;          /* its positional argument, if any */
    NodeList *signatures;     /* a list or tuple of several signatures, if so */
    bool njit;                /* @numba.jit / @njit */
} Jit;

/* The jit a decorator expression names: cuda.jit (CALLABLE_JIT), numba's
 * CPU jit (CALLABLE_NJIT), or 0. */
static int jit_kind(Sema *sema, const Node *expr)
{
    Value v = sema_resolve_static(sema, expr);
    if (v.kind != VAL_BUILTIN)
        return 0;
    return v.id == CALLABLE_JIT || v.id == CALLABLE_NJIT ? v.id : 0;
}

static int decorator_jit(Sema *sema, Node *d)
{
    return jit_kind(sema, d->kind == NODE_CALL ? d->call.func : d);
}

/* A signature or a list of them held in a name (SIG = "void(f4[:])" and
 * @cuda.jit(SIG)): the value of the name's one assignment (or of --bind),
 * seen from where the decorator is, when that is a string or a list or
 * tuple; the node as it is otherwise (a type expression, read where it
 * is used). */
Node *sema_signature_value(Sema *sema, Node *arg)
{
    Scope *scope = sema->scope;
    Node *value = arg;
    for (int depth = 0; value->kind == NODE_NAME && depth < 8; depth++) {
        Binding *binding = sema_scope_find_single(scope, value->name.id, &scope);
        Binding *given = binding ? sema_bind_option(sema, scope, value->name.id) : NULL;
        if (given)
            binding = given;
        if (!binding || binding->kind != BIND_VALUE)
            return arg;
        value = binding->node;
    }
    return value->kind == NODE_STRING || value->kind == NODE_LIST || value->kind == NODE_TUPLE ? value : arg;
}

/* The same for each element of a list of signatures: a new list, when a
 * name stands for one of them. */
static NodeList *signature_values(Sema *sema, NodeList *elts)
{
    NodeList *values = NULL;
    for (int i = 0; i < elts->count; i++) {
        Node *value = sema_signature_value(sema, elts->items[i]);
        if (value->kind != NODE_STRING || value == elts->items[i])
            continue;
        if (!values) {
            values = ARENA_NEW(sema->arena, NodeList);
            for (int k = 0; k < elts->count; k++)
                ast_list_push(sema->arena, values, elts->items[k]);
        }
        values->items[i] = value;
    }
    return values ? values : elts;
}

/* A list or tuple of signature strings or calls is a signature list; a
 * list of one is that signature; anything else (a tuple of types) is one
 * signature. */
static void read_signature_list(Sema *sema, Node *arg, Jit *jit)
{
    arg = sema_signature_value(sema, arg);
    jit->signature = arg;
    if (arg->kind != NODE_TUPLE && arg->kind != NODE_LIST)
        return;
    NodeList *elts = signature_values(sema, &arg->tuple.elts);
    for (int i = 0; i < elts->count; i++)
        if (elts->items[i]->kind != NODE_STRING && !sema_is_signature_call(elts->items[i]))
            return;
    if (elts->count == 1)
        jit->signature = elts->items[0];
    else if (elts->count > 1)
        jit->signatures = elts;
}

/* The positional argument of @cuda.jit(...): a signature (a keyword
 * argument `signature_or_function=` is the same). */
static void read_jit_call(Sema *sema, Node *call, Jit *jit)
{
    if (call->call.args.count > 0) {
        read_signature_list(sema, call->call.args.items[0], jit);
        return;
    }
    for (int i = 0; i < call->call.keywords.count; i++)
        if (str_eq_cstr(call->call.keywords.items[i]->keyword.name, "signature_or_function") ||
            str_eq_cstr(call->call.keywords.items[i]->keyword.name, "sigs"))
            read_signature_list(sema, call->call.keywords.items[i]->keyword.value, jit);
}

/* The innermost jit decorator of a def (the one applied to the function
 * itself), and another one above it, which prepare.c reports; false if
 * it has none. */
/* Is `name` bound in `scope` or a scope around it (a star import may bind
 * anything)? */
static bool bound_anywhere(Scope *scope, Str name)
{
    for (; scope; scope = scope->parent) {
        Binding *one;
        if (scope->star_count > 0 || sema_scope_bindings(scope, name, &one, 1) > 0)
            return true;
    }
    return false;
}

/* @cuda.jit (or @numba.cuda.jit, @numba.jit) where the file never imports
 * `cuda` (`numba`): Python stops there with a NameError when it imports
 * the file, so every run of it is wrong: an error naming the import. */
static void check_decorator_import(Sema *sema, Node *d)
{
    Node *expr = d->kind == NODE_CALL ? d->call.func : d;
    if (expr->kind != NODE_ATTRIBUTE)
        return;
    Node *base = expr;
    while (base->kind == NODE_ATTRIBUTE)
        base = base->attribute.value;
    if (base->kind != NODE_NAME || bound_anywhere(sema->scope, base->name.id))
        return;
    bool is_cuda = str_eq_cstr(base->name.id, "cuda"), is_numba = str_eq_cstr(base->name.id, "numba");
    if (!is_cuda && !is_numba)
        return;
    diag_error(sema->diag, base->span, "name '%.*s' is not defined: the file does not import it, so Python "
               "stops at this decorator", STR_ARG(base->name.id));
    diag_note(sema->diag, (Span){0}, "add '%s' at the top of the file",
              is_cuda ? "from numba import cuda" : "import numba");
}

static bool find_jit_decorator(Sema *sema, Node *def, Jit *jit)
{
    NodeList *decorators = &def->funcdef.decorators;
    for (int i = decorators->count - 1; i >= 0; i--) {
        Node *d = decorators->items[i];
        int kind = decorator_jit(sema, d);
        if (!kind)
            check_decorator_import(sema, d);
        if (!kind)
            continue;
        if (jit->decorator) {
            jit->second = d;
            break;
        }
        jit->decorator = d;
        jit->njit = kind == CALLABLE_NJIT;
        if (d->kind == NODE_CALL && !jit->njit)
            read_jit_call(sema, d, jit);
    }
    return jit->decorator != NULL;
}

/* void(float32[:]) and UniTuple(int64, 2)(int64) are signatures;
 * UniTuple(int64, 2), Tuple(...) are types. */
bool sema_is_signature_call(const Node *node)
{
    if (node->kind != NODE_CALL)
        return false;
    const Node *f = node->call.func;
    if (f->kind == NODE_CALL)
        return true;   /* a type built by a call, called with the parameters */
    Str name = f->kind == NODE_NAME ? f->name.id : f->kind == NODE_ATTRIBUTE ? f->attribute.attr : (Str){0};
    return name.len && !str_eq_cstr(name, "UniTuple") && !str_eq_cstr(name, "Tuple") &&
           !str_eq_cstr(name, "NamedUniTuple") && !str_eq_cstr(name, "NamedTuple") &&
           !str_eq_cstr(name, "Array");
}

/* ======================= names on the command line ======================= */

/* NAME, QUALNAME or either with @LINE, LINE being that of the function's
 * first decorator (Python's co_firstlineno) or of its `def`. */
static bool names_function(Str wanted, Str name, Str qualname, int line, int def_line)
{
    for (int i = 0; i < wanted.len; i++)
        if (wanted.ptr[i] == '@') {
            Str base = {wanted.ptr, i};
            int at = 0;
            for (int k = i + 1; k < wanted.len; k++) {
                if (wanted.ptr[k] < '0' || wanted.ptr[k] > '9' || at > 100000000)
                    return false;
                at = at * 10 + (wanted.ptr[k] - '0');
            }
            return (at == line || at == def_line) && (str_eq(base, name) || str_eq(base, qualname));
        }
    return str_eq(wanted, name) || str_eq(wanted, qualname);
}

static int def_line_of(const Node *def)
{
    return source_locate(def->span.src, def->span.begin).line;
}

static const SigOverride *find_cli_sig(Sema *sema, Str name, Str qualname, int line, int def_line)
{
    for (int i = 0; i < sema->options->sig_count; i++)
        if (names_function(sema->options->sigs[i].name, name, qualname, line, def_line))
            return &sema->options->sigs[i];
    return NULL;
}

static bool is_kernel_option(Sema *sema, Str name, Str qualname, int line, int def_line)
{
    for (int i = 0; i < sema->options->kernel_count; i++)
        if (names_function(sema->options->kernels[i], name, qualname, line, def_line))
            return true;
    return false;
}

bool sema_names_function(Str wanted, const FuncInfo *func)
{
    return names_function(wanted, func->name, func->qualname, func->line, def_line_of(func->def));
}

/* ======================= declaring ======================= */

static int first_line(const Node *def)
{
    const Node *first = def->funcdef.decorators.count ? def->funcdef.decorators.items[0] : def;
    return source_locate(first->span.src, first->span.begin).line;
}

static Str qualified(Sema *sema, const Scope *scope, Str name)
{
    if (!scope->qualname.len)
        return name;
    return str_from_cstr(arena_printf(sema->arena, "%.*s.%.*s", STR_ARG(scope->qualname), STR_ARG(name)));
}

static bool has_annotations(const Node *def)
{
    for (int i = 0; i < def->funcdef.params.count; i++)
        if (def->funcdef.params.items[i]->param.annotation)
            return true;
    const Node *returns = def->funcdef.returns;
    return returns && returns->kind != NODE_NONE;
}

/* Whether @cuda.jit(device=True): a constant keyword, read quietly now;
 * sema_prepare_function reads every option, loudly. */
static bool is_device(Sema *sema, const Jit *jit)
{
    if (jit->njit)
        return true;
    if (!jit->decorator || jit->decorator->kind != NODE_CALL)
        return false;
    Diag quiet;
    diag_init_quiet(&quiet);
    Diag *loud = sema->diag;
    sema->diag = &quiet;
    JitOptions options = {0};
    bool device = false;
    sema_read_jit_options(sema, jit->decorator, &options, &device);
    sema->diag = loud;
    return device;
}

void sema_add_function(Sema *sema, FuncInfo *func)
{
    FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, sema->func_count + 1);
    if (sema->func_count)
        memcpy(grown, sema->funcs, sizeof(FuncInfo *) * (size_t)sema->func_count);
    grown[sema->func_count++] = func;
    sema->funcs = grown;
}

/* The FuncInfo of a compiled function: `def` (the FUNCDEF, or a copy of
 * one for `name = cuda.jit(...)(f)`) named `name`, defined in `scope`. */
static FuncInfo *declare(Sema *sema, Scope *scope, Node *def, Str name, const Jit *jit, int line,
                         Scope *decorator_scope)
{
    FuncInfo *func = ARENA_NEW(sema->arena, FuncInfo);
    func->def = def;
    func->name = name;
    func->qualname = qualified(sema, decorator_scope, name);
    func->line = line;
    func->scope = scope;
    func->decorator_scope = decorator_scope;
    func->return_type = &type_none_t;
    func->from_njit = jit->njit;
    func->is_kernel = !is_device(sema, jit);
    func->decorator = jit->decorator;
    func->second_jit = jit->second;
    func->signature = jit->signature;
    func->signatures = jit->signatures;
    func->cli_sig = find_cli_sig(sema, name, func->qualname, line, def_line_of(def));
    func->has_signature = func->cli_sig ||
                          (!jit->njit && (jit->signature || jit->signatures || has_annotations(def)));
    def->funcdef.info = func;
    sema_add_function(sema, func);
    return func;
}

static void declare_def(Sema *sema, Scope *scope, Binding *binding)
{
    Node *def = binding->node;
    if (sema_declare_ufunc(sema, scope, def))
        return;
    Jit jit = {0};
    Scope *outer = sema->scope;
    sema->scope = scope;
    bool decorated = find_jit_decorator(sema, def, &jit);
    sema->scope = outer;
    int line = first_line(def);
    Str qualname = qualified(sema, scope, def->funcdef.name);
    int def_line = def_line_of(def);
    bool named = find_cli_sig(sema, def->funcdef.name, qualname, line, def_line) ||
                 is_kernel_option(sema, def->funcdef.name, qualname, line, def_line);
    if (decorated || (named && sema_scope_module(scope) == sema->module_scope)) {
        binding->func = declare(sema, scope, def, def->funcdef.name, &jit, line, scope);
        return;
    }
    Scope *impl_scope = NULL;
    Node *impl = sema_overload_impl(sema, scope, binding, &impl_scope);
    if (impl) {   /* a plain def given a compiled body by @overload (overload.c) */
        Node *copy = ast_clone(sema->arena, impl);
        copy->funcdef.name = def->funcdef.name;
        jit.njit = true;
        binding->func = declare(sema, impl_scope, copy, def->funcdef.name, &jit, first_line(impl), scope);
    }
}

/* The def a name stands for where `scope` sees it: one of the scope's own,
 * or one imported from a module of the project (`from .usecases import f`,
 * then cuda.jit(device=True)(f)). */
static Binding *applied_def(Sema *sema, Scope *scope, Str name, Scope **where)
{
    Binding *def = sema_scope_find_def(scope, name, where);
    if (def)
        return def;
    Binding *import = sema_scope_find_single(scope, name, where);
    if (!import || import->kind != BIND_IMPORT_FROM)
        return NULL;
    const Node *node = import->node;
    Value module;
    if (!sema_import_module(sema, *where, node->import_from.module, node->import_from.level, &module) ||
        module.kind != VAL_SCOPE)
        return NULL;
    return sema_scope_find_def(module.scope, node->import_from.name, where);
}

/* name = J(f) or name = J(options...)(f), J a jit and f a plain def: the
 * compiled function `name`, over a copy of f's def. */
static void declare_application(Sema *sema, Scope *scope, Binding *binding)
{
    Node *value = binding->node;
    if (value->kind != NODE_CALL || value->call.args.count != 1 || value->call.keywords.count ||
        sema_declare_ufunc_application(sema, scope, value))
        return;
    Node *applied = value->call.func;
    Node *target = value->call.args.items[0];
    Jit jit = {0};
    Scope *outer = sema->scope;
    bool prelude = sema->prelude;
    sema->scope = scope;
    sema->prelude = binding->from_option;
    int kind = jit_kind(sema, applied);
    if (!kind && applied->kind == NODE_CALL && (kind = jit_kind(sema, applied->call.func)) != 0) {
        jit.decorator = applied;
        if (kind == CALLABLE_JIT)
            read_jit_call(sema, applied, &jit);
    }
    sema->scope = outer;
    sema->prelude = prelude;
    Scope *where = NULL;
    Binding *f = kind && target->kind == NODE_NAME ? applied_def(sema, scope, target->name.id, &where) : NULL;
    if (!f)
        return;
    sema_declare_binding(sema, where, f);
    if (f->func)
        return;   /* cuda.jit(k) of a function already compiled */
    jit.njit = kind == CALLABLE_NJIT;
    Node *copy = ast_clone(sema->arena, f->node);
    copy->funcdef.name = binding->name;
    copy->funcdef.decorators = (NodeList){0};
    binding->func = declare(sema, where, copy, binding->name, &jit,
                            source_locate(binding->at.src, binding->at.begin).line, scope);
}

FuncInfo *sema_device_variant(Sema *sema, FuncInfo *kernel)
{
    if (kernel->device_variant)
        return kernel->device_variant;
    FuncInfo *device = ARENA_NEW(sema->arena, FuncInfo);
    device->def = ast_clone(sema->arena, kernel->def);
    device->def->funcdef.info = device;
    device->name = kernel->name;
    device->qualname = kernel->qualname;
    device->line = kernel->line;
    device->scope = kernel->scope;
    device->decorator_scope = kernel->decorator_scope;
    device->jit = kernel->jit;
    device->return_type = &type_none_t;
    device->prepared = device->prepare_ok = true;
    device->is_generic = true;
    kernel->device_variant = device;
    return device;
}

void sema_declare_binding(Sema *sema, Scope *scope, Binding *binding)
{
    if (binding->declared)
        return;
    binding->declared = true;
    if (binding->kind == BIND_DEF)
        declare_def(sema, scope, binding);
    else if (binding->kind == BIND_VALUE)
        declare_application(sema, scope, binding);
}

void sema_declare_scope(Sema *sema, Scope *scope)
{
    for (int i = 0; i < scope->binding_count; i++) {
        Binding *binding = &scope->bindings[i];
        sema_declare_binding(sema, scope, binding);
        /* the functions and classes inside a host function or a class;
         * a def inside a compiled function belongs to its body */
        if (binding->inner && !binding->func)
            sema_declare_scope(sema, binding->inner);
    }
}
