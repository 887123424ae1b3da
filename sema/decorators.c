/* A function definition at module level: its decorators (@cuda.jit with an
 * optional signature and options) and its signature, from exactly one of
 * the decorator, the parameters' annotations, or a --sig option. A def
 * without @cuda.jit is host code: it is not compiled, and calling it from a
 * kernel is an error. */
#include "sema_internal.h"

#include <string.h>

typedef struct Jit {
    Node *decorator;          /* the @cuda.jit expression */
    Node *signature;          /* its positional argument, if any */
    NodeList *signatures;     /* a list or tuple of several signatures, if so */
    bool device;
    JitOptions options;       /* the keywords: options.c */
} Jit;

static bool is_jit(Sema *sema, const Node *expr)
{
    Value v = sema_resolve_static(sema, expr);
    return v.kind == VAL_BUILTIN && v.id == CALLABLE_JIT;
}

/* A list or tuple of signature strings or calls is a signature list (a
 * tuple of types, Numba's other form, is one signature, reported by
 * signature.c as unsupported); a list of one is that signature. */
static bool read_signature_list(Sema *sema, Node *arg, Jit *jit)
{
    jit->signature = arg;
    if (arg->kind != NODE_TUPLE)
        return true;
    NodeList *elts = &arg->tuple.elts;
    for (int i = 0; i < elts->count; i++)
        if (elts->items[i]->kind != NODE_STRING && elts->items[i]->kind != NODE_CALL)
            return true;
    if (elts->count == 0) {
        diag_error(sema->diag, arg->span, "an empty list of signatures: give at least one, as in "
                   "[\"void(float32[::1])\"]");
        return false;
    }
    if (elts->count == 1)
        jit->signature = elts->items[0];
    else
        jit->signatures = elts;
    return true;
}

/* @cuda.jit, or @cuda.jit(signature, device=..., ...). */
static bool read_jit_call(Sema *sema, Node *call, Jit *jit)
{
    bool ok = true;
    if (call->call.args.count > 1) {
        diag_error(sema->diag, call->call.args.items[1]->span,
                   "@cuda.jit takes one signature, or a list of signatures: write [\"sig1\", \"sig2\"]");
        ok = false;
    }
    if (call->call.args.count > 0)
        ok &= read_signature_list(sema, call->call.args.items[0], jit);
    ok &= sema_read_jit_options(sema, call, &jit->options, &jit->device);
    return ok;
}

/* False if the def is not a @cuda.jit function (or its decorators are bad:
 * then an error was reported). */
static bool read_decorators(Sema *sema, Node *def, Jit *jit, bool *ok)
{
    NodeList *decorators = &def->funcdef.decorators;
    for (int i = 0; i < decorators->count; i++) {
        Node *d = decorators->items[i];
        bool call = d->kind == NODE_CALL;
        if (!is_jit(sema, call ? d->call.func : d)) {
            diag_error(sema->diag, d->span, "unsupported decorator: pykc compiles @cuda.jit functions");
            *ok = false;
            continue;
        }
        if (jit->decorator) {
            diag_error(sema->diag, d->span, "'%.*s' has more than one @cuda.jit decorator",
                       STR_ARG(def->funcdef.name));
            *ok = false;
        }
        jit->decorator = d;
        if (call)
            *ok &= read_jit_call(sema, d, jit);
    }
    return jit->decorator != NULL;
}

/* The text between a string literal's quotes, as a sub-source of the file
 * when it is written without escapes (so errors point into the file). */
static const Source *string_source(Sema *sema, const Node *string)
{
    const Source *src = string->span.src;
    const char *text = src->text;
    uint32_t begin = string->span.begin, end = string->span.end;
    while (begin < end && text[begin] != '\'' && text[begin] != '"')
        begin++;
    uint32_t quotes = end - begin >= 6 && text[begin + 1] == text[begin] && text[begin + 2] == text[begin] ? 3 : 1;
    Str value = string->string.value;
    uint32_t inner = begin + quotes;
    if (end >= inner + quotes && end - quotes - inner == (uint32_t)value.len &&
        memcmp(text + inner, value.ptr, (size_t)value.len) == 0)
        return source_sub(sema->arena, src, inner, (uint32_t)value.len);
    return source_from_text(sema->arena, "<signature>", value.ptr, (uint32_t)value.len);
}

static const SigOverride *find_cli_sig(Sema *sema, Str name)
{
    for (int i = 0; i < sema->options->sig_count; i++)
        if (str_eq(sema->options->sigs[i].name, name))
            return &sema->options->sigs[i];
    return NULL;
}

static bool has_annotations(const Node *def)
{
    for (int i = 0; i < def->funcdef.params.count; i++)
        if (def->funcdef.params.items[i]->param.annotation)
            return true;
    return def->funcdef.returns != NULL;
}

/* x: float32[:], n: int64 [-> float32] */
static bool signature_from_annotations(Sema *sema, FuncInfo *func)
{
    NodeList *params = &func->def->funcdef.params;
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, params->count + 1);
    bool ok = true;
    for (int i = 0; i < params->count; i++) {
        Node *param = params->items[i];
        if (!param->param.annotation) {
            diag_error(sema->diag, param->span, "parameter '%.*s' has no type annotation: annotate "
                       "every parameter of '%.*s', or give a signature", STR_ARG(param->param.name),
                       STR_ARG(func->name));
            ok = false;
        } else
            ok &= (types[i] = sema_param_type_from_expr(sema, param->param.annotation, false)) != NULL;
    }
    Node *returns = func->def->funcdef.returns;
    const Type *ret = !returns || returns->kind == NODE_NONE ? &type_none_t
                                                             : sema_type_from_expr(sema, returns, false);
    if (!ok || !ret)
        return false;
    if (func->is_kernel && ret != &type_none_t) {
        diag_error(sema->diag, returns->span, "a kernel returns nothing: write results to an array argument");
        return false;
    }
    func->return_type = ret;
    func->param_types = types;
    func->param_count = params->count;
    return true;
}

static void report_no_signature(Sema *sema, FuncInfo *func)
{
    diag_error(sema->diag, func->def->span,
               "'%.*s' has no signature: pykc compiles ahead of time, so give the types in the "
               "decorator (@cuda.jit(\"void(float32[:], int64)\")), as annotations (x: float32[:]), "
               "or with --sig '%.*s=void(...)'", STR_ARG(func->name), STR_ARG(func->name));
}

static bool read_one_signature(Sema *sema, FuncInfo *func, Node *sig)
{
    if (sig->kind == NODE_STRING)
        return sema_signature_from_string(sema, string_source(sema, sig), func);
    return sema_signature_from_expr(sema, sig, func);
}

static void read_signature(Sema *sema, FuncInfo *func, const Jit *jit)
{
    const SigOverride *cli = find_cli_sig(sema, func->name);
    Node *sig = jit->signature;
    int sources = (sig != NULL) + (cli != NULL) + has_annotations(func->def);
    if (sources > 1) {
        diag_error(sema->diag, func->def->span, "'%.*s' has more than one signature (from %s): keep one",
                   STR_ARG(func->name),
                   sig && cli ? "its decorator and --sig" : cli ? "annotations and --sig" : "its decorator and annotations");
        return;
    }
    if (jit->signatures) {
        sema_read_overloads(sema, func, jit->signatures, read_one_signature);
        return;
    }
    if (sources == 0 && !func->is_kernel) {
        func->is_generic = true;  /* typed at each call site: specialize.c */
        return;
    }
    if (sources == 0) {
        report_no_signature(sema, func);
        return;
    }
    if (cli)
        sema_signature_from_string(sema, cli->sig, func);
    else if (sig)
        read_one_signature(sema, func, sig);
    else
        signature_from_annotations(sema, func);
}

static bool check_params(Sema *sema, Node *def)
{
    NodeList *params = &def->funcdef.params;
    bool ok = true;
    for (int i = 0; i < params->count; i++) {
        Node *param = params->items[i];
        if (param->param.default_value) {
            diag_error(sema->diag, param->param.default_value->span,
                       "default parameter values are not supported in kernels");
            ok = false;
        }
        for (int j = 0; j < i; j++)
            if (str_eq(params->items[j]->param.name, param->param.name)) {
                diag_error(sema->diag, param->span, "duplicate parameter '%.*s' in function definition",
                           STR_ARG(param->param.name));
                ok = false;
            }
    }
    return ok;
}

/* Every compiled function's name is its PTX name: an overload's
 * NAME__f32 may meet a function written with that name. (Two functions
 * of one name are reported as defined twice.) */
static bool check_unique_name(Sema *sema, FuncInfo *func)
{
    for (int i = 0; i < sema->func_count; i++)
        if ((func->overload_of || sema->funcs[i]->overload_of) && str_eq(sema->funcs[i]->name, func->name)) {
            diag_error(sema->diag, func->def->span, "two functions would have the PTX name '%.*s': rename "
                       "one", STR_ARG(func->name));
            diag_note(sema->diag, sema->funcs[i]->def->span, "the other is here");
            return false;
        }
    return true;
}

static void add_function(Sema *sema, FuncInfo *func)
{
    if (!check_unique_name(sema, func))
        return;
    FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, sema->func_count + 1);
    if (sema->func_count)
        memcpy(grown, sema->funcs, sizeof(FuncInfo *) * (size_t)sema->func_count);
    grown[sema->func_count++] = func;
    sema->funcs = grown;
}

void sema_declare_function(Sema *sema, Node *def)
{
    Str name = def->funcdef.name;
    FuncInfo *func = ARENA_NEW(sema->arena, FuncInfo);
    func->def = def;
    func->name = name;
    func->return_type = &type_none_t;
    def->funcdef.info = func;

    Jit jit = {0};
    bool ok = true;
    bool compiled = read_decorators(sema, def, &jit, &ok);
    Symbol *previous = sema_lookup_global(sema, name);
    if (compiled && previous && previous->kind == SYM_FUNCTION && previous->func) {
        diag_error(sema->diag, def->span, "'%.*s' is defined twice", STR_ARG(name));
        diag_note(sema->diag, previous->def, "the first definition is here");
        ok = false;
    }
    Symbol *sym = sema_define_global(sema, SYM_FUNCTION, name, def->span);
    if (!compiled)
        return;  /* host code: its symbol has no FuncInfo */
    if (str_eq_cstr(name, "_")) {
        diag_error(sema->diag, def->span, "a compiled function cannot be named '_': a PTX name "
                   "needs a letter or a digit after an underscore");
        ok = false;
    }
    sym->func = func;
    func->is_kernel = !jit.device;
    func->jit = jit.options;
    ok &= check_params(sema, def);
    if (ok)
        read_signature(sema, func, &jit);
    if (!func->overloads) {
        add_function(sema, func);
        return;
    }
    for (int i = 0; i < func->overload_count; i++)
        add_function(sema, func->overloads[i]);
}
