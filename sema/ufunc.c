/* Numba's CUDA ufunc builders: @cuda.vectorize(sigs) and
 * @cuda.guvectorize(sigs, layout) (numba.vectorize / numba.guvectorize with
 * target="cuda"), or the same given with --vectorize / --guvectorize.
 *
 * numba-cuda compiles the def once per signature as a device function (the
 * "core") and writes a kernel around it, which it execs from a string:
 *
 *     def __vectorized_f(a0, a1, __out__):        # vectorize
 *         __tid__ = __cuda__.grid(1)
 *         if __tid__ < __out__.shape[0]:
 *             __out__[__tid__] = __core__(a0[__tid__], a1[__tid__])
 *
 *     def __gufunc_f(arg0, arg1):                  # guvectorize, "(n)->()"
 *         __tid__ = __cuda__.grid(1)
 *         if __tid__ < min(arg0.shape[0], arg1.shape[0]):
 *             __core__(arg0[__tid__, :], arg1[__tid__])
 *
 * pykc builds the same kernel as a syntax tree (spans: the decorator's),
 * in a scope of its own that binds __cuda__ and __core__ over the module's
 * globals, as Numba's exec does, and checks and generates it like any
 * kernel. Its parameters are Numba's: vectorize's 1-D arrays of each
 * argument's type and of the return type (layout A: Numba types the kernel
 * from the launch's arrays, pykc takes any strides), guvectorize's arrays of
 * one more dimension than the layout gives (scalars as 1-D arrays of
 * layout A). Broadcasting is the host's (0 strides); the kernel indexes.
 * Several signatures give overloads, named as a signature list's are
 * (docs/abi.md). This file reads the builders and declares the kernels;
 * ufunc_kernel.c builds each kernel's tree and parameters. */
#include "scope.h"
#include "ufunc.h"

#include "../parser/parser.h"

#include <string.h>

/* ======================= the decorator ======================= */

static int builder_kind(Sema *sema, Node *expr)
{
    Value v = sema_resolve_static(sema, expr);
    return v.kind == VAL_BUILTIN && v.id >= CALLABLE_CUDA_VECTORIZE && v.id <= CALLABLE_NUMBA_GUVECTORIZE ? v.id : 0;
}

static Node *keyword(Node *call, const char *name)
{
    for (int i = 0; i < call->call.keywords.count; i++)
        if (str_eq_cstr(call->call.keywords.items[i]->keyword.name, name))
            return call->call.keywords.items[i]->keyword.value;
    return NULL;
}

/* numba.vectorize builds a CPU ufunc unless target="cuda": host code. */
static bool targets_cuda(Node *call)
{
    Node *target = keyword(call, "target");
    return target && target->kind == NODE_STRING && str_eq_cstr(target->string.value, "cuda");
}

/* Whether `d` (a decorator, or what is applied to a def) builds a CUDA
 * ufunc: cuda.vectorize(...), numba.vectorize(..., target="cuda"), ... */
static bool builder_of(Sema *sema, Node *d, Builder *out)
{
    int id = builder_kind(sema, d->kind == NODE_CALL ? d->call.func : d);
    if (!id)
        return false;
    bool numba = id == CALLABLE_NUMBA_VECTORIZE || id == CALLABLE_NUMBA_GUVECTORIZE;
    if (numba && (d->kind != NODE_CALL || !targets_cuda(d)))
        return false;
    out->decorator = d;
    out->kind = id == CALLABLE_CUDA_GUVECTORIZE || id == CALLABLE_NUMBA_GUVECTORIZE ? UFUNC_GUVECTORIZE
                                                                                    : UFUNC_VECTORIZE;
    return true;
}

/* The innermost ufunc builder among a def's decorators, if any. */
static bool find_builder(Sema *sema, Node *def, Builder *out)
{
    NodeList *decorators = &def->funcdef.decorators;
    for (int i = decorators->count - 1; i >= 0; i--)
        if (builder_of(sema, decorators->items[i], out))
            return true;
    return false;
}

static const char *builder_name(UfuncKind kind)
{
    return kind == UFUNC_VECTORIZE ? "vectorize" : "guvectorize";
}

/* The keywords numba-cuda's builders take: target (only "cuda" builds
 * for the GPU), identity (for reductions on the host), cache (not
 * supported: Numba raises), nopython (True is the only mode). Any other is
 * an error in Numba too. */
static bool check_keywords(Sema *sema, const Builder *b)
{
    Node *call = b->decorator;
    bool ok = true;
    for (int i = 0; i < call->call.keywords.count; i++) {
        Node *kw = call->call.keywords.items[i];
        Str name = kw->keyword.name;
        Node *value = kw->keyword.value;
        if (str_eq_cstr(name, "target")) {
            if (value->kind == NODE_STRING && !str_eq_cstr(value->string.value, "cuda")) {
                diag_error(sema->diag, value->span, "cuda.%s builds for target \"cuda\" only", builder_name(b->kind));
                ok = false;
            }
        } else if (str_eq_cstr(name, "cache")) {
            if (value->kind == NODE_BOOL && value->bool_lit.value) {
                diag_error(sema->diag, kw->span, "caching is not supported for CUDA ufuncs (Numba raises a TypeError)");
                ok = false;
            }
        } else if (str_eq_cstr(name, "nopython")) {
            if (value->kind == NODE_BOOL && !value->bool_lit.value) {
                diag_error(sema->diag, kw->span, "CUDA ufuncs are compiled in nopython mode only");
                ok = false;
            }
        } else if (!str_eq_cstr(name, "identity")) {
            diag_error(sema->diag, kw->span, "cuda.%s takes no option '%.*s' (Numba raises: only target, "
                       "identity, cache and nopython)", builder_name(b->kind), STR_ARG(name));
            ok = false;
        }
    }
    return ok;
}

/* The builder's positional arguments: the signatures, and guvectorize's
 * layout (cuda.vectorize's second is its target). */
static bool read_arguments(Sema *sema, Builder *b)
{
    Node *call = b->decorator;
    if (call->kind != NODE_CALL || call->call.args.count == 0) {
        diag_error(sema->diag, call->span, "'%s' needs its signatures: pykc compiles ahead of time, so write "
                   "@cuda.%s([\"float32(float32, float32)\"]%s)", builder_name(b->kind),
                   builder_name(b->kind), b->kind == UFUNC_GUVECTORIZE ? ", \"(n)->(n)\"" : "");
        return false;
    }
    b->sigs = call->call.args.items[0];
    int wanted = b->kind == UFUNC_GUVECTORIZE ? 2 : 1;
    Node *second = call->call.args.count > 1 ? call->call.args.items[1] : NULL;
    if (b->kind == UFUNC_GUVECTORIZE)
        b->layout = second;
    else if (second && second->kind == NODE_STRING && call->call.args.count == 2) {
        wanted = 2;   /* cuda.vectorize(sigs, "cuda"): its target, positionally */
        if (!str_eq_cstr(second->string.value, "cuda")) {
            diag_error(sema->diag, second->span, "cuda.vectorize builds for target \"cuda\" only");
            return false;
        }
    }
    if (call->call.args.count > wanted) {
        diag_error(sema->diag, call->call.args.items[wanted]->span, "cuda.%s takes %s", builder_name(b->kind),
                   wanted == 1 ? "one positional argument, the signatures" : "two positional arguments, the "
                   "signatures and the layout");
        return false;
    }
    if (b->kind == UFUNC_GUVECTORIZE && (!b->layout || b->layout->kind != NODE_STRING)) {
        diag_error(sema->diag, b->layout ? b->layout->span : call->span, "cuda.guvectorize needs its layout "
                   "as a string, as in \"(n),()->(n)\"");
        return false;
    }
    return check_keywords(sema, b);
}

/* ======================= the layout ======================= */

/* "(m,n),(n)->(m)": each argument's count of core dimensions, inputs then
 * outputs, as numba's parse_signature reads it (blanks ignored, a comma
 * after a group optional). */
static bool parse_layout(Sema *sema, Str text, Span at, Ufunc *u)
{
    u->dims = ARENA_ARRAY(sema->arena, int, text.len + 1);
    u->dim_count = 0;
    bool arrow = false, in_group = false, named = false;
    for (int i = 0; i < text.len; i++) {
        char c = text.ptr[i];
        if (c == ' ' || c == '\t')
            continue;
        if (!in_group && c == '-' && i + 1 < text.len && text.ptr[i + 1] == '>' && !arrow) {
            arrow = true;
            i++;
        } else if (!in_group && c == '(') {
            in_group = true;
            named = false;
            u->dims[u->dim_count++] = 0;
        } else if (in_group && c == ')') {
            in_group = false;
        } else if (in_group && (c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z') || (named && c >= '0' && c <= '9'))) {
            if (!named)
                u->dims[u->dim_count - 1]++;
            named = true;
        } else if (c == ',') {
            named = false;
        } else {
            diag_error(sema->diag, at, "bad gufunc layout '%.*s': write groups of dimension names, inputs "
                       "then outputs, as in \"(m,n),(n)->(m)\"", STR_ARG(text));
            return false;
        }
    }
    if (!arrow || in_group) {
        diag_error(sema->diag, at, "bad gufunc layout '%.*s': write groups of dimension names, inputs "
                   "then outputs, as in \"(m,n),(n)->(m)\"", STR_ARG(text));
        return false;
    }
    return true;
}

/* ======================= declaring ======================= */

/* A scope over the module's globals binding __cuda__ (numba.cuda) and
 * __core__ (the device function), as numba-cuda's exec globals do. */
static Scope *kernel_scope(Sema *sema, Scope *where, FuncInfo *kernel, FuncInfo *core, Span at)
{
    Scope *scope = ARENA_NEW(sema->arena, Scope);
    scope->kind = SCOPE_FUNCTION;
    scope->parent = sema_scope_module(where);
    scope->name = kernel->name;
    scope->qualname = kernel->qualname;
    scope->node = kernel->def;
    scope->bindings = ARENA_ARRAY(sema->arena, Binding, 2);
    scope->binding_count = scope->binding_capacity = 2;
    Binding *cuda = &scope->bindings[0];
    cuda->kind = BIND_IMPORT;
    cuda->name = str_from_cstr("__cuda__");
    cuda->at = at;
    cuda->node = ast_import(sema->arena, at, str_from_cstr("numba.cuda"), cuda->name);
    Binding *binding = &scope->bindings[1];
    binding->kind = BIND_DEF;
    binding->name = str_from_cstr("__core__");
    binding->at = at;
    binding->node = core->def;
    binding->func = core;
    binding->declared = true;
    return scope;
}

static FuncInfo *new_function(Sema *sema, Node *def, Str name, Str qualname, int line, Scope *scope)
{
    FuncInfo *func = ARENA_NEW(sema->arena, FuncInfo);
    func->def = def;
    func->name = name;
    func->qualname = qualname;
    func->line = line;
    func->scope = func->decorator_scope = scope;
    func->return_type = &type_none_t;
    func->has_signature = true;
    def->funcdef.info = func;
    return func;
}

static Str qualified(Sema *sema, const Scope *scope, Str name)
{
    if (!scope->qualname.len)
        return name;
    return str_from_cstr(arena_printf(sema->arena, "%.*s.%.*s", STR_ARG(scope->qualname), STR_ARG(name)));
}

/* A --vectorize or --guvectorize naming this def, or NULL. */
static const SigOverride *find_option(Sema *sema, const FuncInfo *probe, UfuncKind *kind)
{
    const SemaOptions *o = sema->options;
    for (int i = 0; i < o->vectorize_count; i++)
        if (sema_names_function(o->vectorizes[i].name, probe)) {
            *kind = UFUNC_VECTORIZE;
            return &o->vectorizes[i];
        }
    for (int i = 0; i < o->guvectorize_count; i++)
        if (sema_names_function(o->guvectorizes[i].name, probe)) {
            *kind = UFUNC_GUVECTORIZE;
            return &o->guvectorizes[i];
        }
    return NULL;
}

/* --guvectorize's LAYOUT:SIG: the layout, and the signature's source. */
static bool split_option(Sema *sema, const SigOverride *option, Ufunc *u)
{
    const Source *src = option->sig;
    const char *colon = memchr(src->text, ':', src->len);
    const char *arrow = colon ? strstr(src->text, "->") : NULL;
    if (!colon || !arrow || arrow > colon || memchr(src->text, '[', (size_t)(colon - src->text))) {
        diag_error_plain(sema->diag, "--guvectorize expects NAME=LAYOUT:SIGNATURE, as in --guvectorize "
                         "'sum_row=(n)->():void(int32[:], int32[:])'; got '%.*s=%.*s'", STR_ARG(option->name),
                         (int)src->len, src->text);
        return false;
    }
    uint32_t cut = (uint32_t)(colon - src->text);
    u->cli_sig = source_sub(sema->arena, src, cut + 1, src->len - cut - 1);
    return parse_layout(sema, (Str){src->text, (int)cut}, u->at, u);
}

/* The signatures of the decorator: a list or tuple of them, or one (a
 * string, a call such as float32(float32), a tuple of types). */
static void set_signatures(Sema *sema, FuncInfo *func, Node *sigs)
{
    sigs = sema_signature_value(sema, sigs);
    bool list = (sigs->kind == NODE_LIST || sigs->kind == NODE_TUPLE) && sigs->tuple.elts.count &&
                (sigs->tuple.elts.items[0]->kind == NODE_STRING || sema_is_signature_call(sigs->tuple.elts.items[0]) ||
                 sigs->tuple.elts.items[0]->kind == NODE_TUPLE);
    if (!list) {
        func->signature = sigs;
        return;
    }
    NodeList *elts = ARENA_NEW(sema->arena, NodeList);
    for (int i = 0; i < sigs->tuple.elts.count; i++)
        ast_list_push(sema->arena, elts, sema_signature_value(sema, sigs->tuple.elts.items[i]));
    if (elts->count == 1)
        func->signature = elts->items[0];
    else
        func->signatures = elts;
}

/* The builder's arguments (or the option) and the core's signatures,
 * once, when the core or the kernel is prepared, whichever comes first. */
static bool read_builder(Sema *sema, Ufunc *u)
{
    if (u->read)
        return u->read > 0;
    u->read = -1;
    Scope *outer = sema->scope;
    sema->scope = u->core->scope;   /* where the decorator's names are */
    bool ok;
    if (u->option)
        ok = u->kind == UFUNC_VECTORIZE ? (u->cli_sig = u->option->sig, true) : split_option(sema, u->option, u);
    else
        ok = read_arguments(sema, &u->builder) &&
             (u->kind == UFUNC_VECTORIZE || parse_layout(sema, u->builder.layout->string.value,
                                                         u->builder.layout->span, u));
    if (ok && u->option) {
        SigOverride *sig = ARENA_NEW(sema->arena, SigOverride);
        sig->name = u->option->name;
        sig->sig = u->cli_sig;
        u->core->cli_sig = sig;
    } else if (ok)
        set_signatures(sema, u->core, u->builder.sigs);
    sema->scope = outer;
    u->read = ok ? 1 : -1;
    return ok;
}

bool sema_ufunc_read_core(Sema *sema, FuncInfo *core)
{
    return read_builder(sema, core->ufunc);
}

/* The kernel's signatures: one overload per signature when there are
 * several, named as a signature list's. */
void sema_ufunc_read_signature(Sema *sema, FuncInfo *kernel)
{
    Ufunc *u = kernel->ufunc;
    if (!read_builder(sema, u) || !sema_prepare_function(sema, u->core))
        return;
    Scope *outer = sema->scope;
    sema->scope = u->core->scope;
    kernel->signature = u->core->signature;
    kernel->signatures = u->core->signatures;
    if (u->cli_sig || !kernel->signatures)
        sema_ufunc_kernel_signature(sema, kernel, u->cli_sig ? NULL : kernel->signature);
    else
        sema_read_overloads(sema, kernel, kernel->signatures, sema_ufunc_kernel_signature);
    sema->scope = outer;
}

static int first_line(const Node *def)
{
    const Node *first = def->funcdef.decorators.count ? def->funcdef.decorators.items[0] : def;
    return source_locate(first->span.src, first->span.begin).line;
}

/* The core and the kernel of the def `def` of `scope`, built by `b` or
 * named by `option`. */
static void declare(Sema *sema, Scope *scope, Node *def, const Builder *b, const SigOverride *option,
                    UfuncKind kind)
{
    Ufunc *u = ARENA_NEW(sema->arena, Ufunc);
    u->kind = option ? kind : b->kind;
    u->at = option ? def->span : b->decorator->span;
    u->builder = *b;
    u->option = option;
    int line = first_line(def);
    Node *core_def = ast_clone(sema->arena, def);
    core_def->funcdef.decorators = (NodeList){0};
    u->core = new_function(sema, core_def, def->funcdef.name, qualified(sema, scope, def->funcdef.name), line, scope);
    u->core->ufunc = u;
    const char *prefix = u->kind == UFUNC_VECTORIZE ? "__vectorized_" : "__gufunc_";
    Str name = str_from_cstr(arena_printf(sema->arena, "%s%.*s", prefix, STR_ARG(def->funcdef.name)));
    Node *kernel_def = ast_funcdef(sema->arena, u->at, name, (NodeList){0}, (NodeList){0}, NULL, (NodeList){0});
    FuncInfo *kernel = new_function(sema, kernel_def, name, qualified(sema, scope, name), line, NULL);
    kernel->is_kernel = true;
    kernel->ufunc = u;
    kernel->scope = kernel->decorator_scope = kernel_scope(sema, scope, kernel, u->core, u->at);
    sema_add_function(sema, u->core);   /* for its place in the output: before its kernels */
    sema_add_function(sema, kernel);
}

/* A def with a ufunc builder as its decorator (or named by --vectorize,
 * --guvectorize): its kernel, `__vectorized_NAME` or `__gufunc_NAME`, is
 * declared; the def itself is the core, a device function only the
 * kernel calls (Python code sees a ufunc object, which kernels cannot
 * call). False for any other def. */
bool sema_declare_ufunc(Sema *sema, Scope *scope, Node *def)
{
    FuncInfo probe = {.def = def, .name = def->funcdef.name,
                      .qualname = qualified(sema, scope, def->funcdef.name), .line = first_line(def)};
    Builder b = {0};
    UfuncKind kind = UFUNC_VECTORIZE;
    Scope *outer = sema->scope;
    sema->scope = scope;
    const SigOverride *option = find_option(sema, &probe, &kind);
    bool decorated = !option && find_builder(sema, def, &b);
    sema->scope = outer;
    if (option || decorated)
        declare(sema, scope, def, &b, option, kind);
    return option || decorated;
}

/* name = cuda.vectorize(sigs)(f), numba.vectorize(sigs, target="cuda")(f),
 * f a def: the kernel of f, as if f were decorated (Numba names it after
 * f). A def named by --vectorize is declared by that already. */
bool sema_declare_ufunc_application(Sema *sema, Scope *scope, Node *value)
{
    if (value->kind != NODE_CALL || value->call.args.count != 1 || value->call.keywords.count ||
        value->call.func->kind != NODE_CALL || value->call.args.items[0]->kind != NODE_NAME)
        return false;
    Builder b = {0};
    Scope *outer = sema->scope;
    sema->scope = scope;
    bool built = builder_of(sema, value->call.func, &b);
    sema->scope = outer;
    Scope *where = NULL;
    Binding *f = built ? sema_scope_find_def(scope, value->call.args.items[0]->name.id, &where) : NULL;
    if (!f)
        return false;
    Node *def = f->node;
    UfuncKind kind;
    FuncInfo probe = {.def = def, .name = def->funcdef.name,
                      .qualname = qualified(sema, where, def->funcdef.name), .line = first_line(def)};
    if (!find_option(sema, &probe, &kind))
        declare(sema, where, def, &b, NULL, b.kind);
    return true;
}

/* Each --vectorize and --guvectorize names a def of the file. */
static void check_options(Sema *sema, const char *option, const SigOverride *list, int count)
{
    for (int i = 0; i < count; i++) {
        bool found = false;
        for (int k = 0; k < sema->func_count && !found; k++)
            found = sema->funcs[k]->ufunc && sema->funcs[k]->ufunc->option == &list[i];
        if (!found)
            diag_error_plain(sema->diag, "%s names '%.*s', but there is no function '%.*s'", option,
                             STR_ARG(list[i].name), STR_ARG(list[i].name));
    }
}

void sema_check_ufunc_options(Sema *sema)
{
    check_options(sema, "--vectorize", sema->options->vectorizes, sema->options->vectorize_count);
    check_options(sema, "--guvectorize", sema->options->guvectorizes, sema->options->guvectorize_count);
}
