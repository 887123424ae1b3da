/* Preparing a compiled function (decorators.c declared it): its decorator's
 * options and its signature, read when it is compiled or first called, so
 * that a function no kernel reaches is never checked.
 *
 * The signature comes from, in this order: --sig; the decorator (one
 * signature, a list of them, a string with or without a return type, a
 * tuple of types, a call such as void(float32[:]) built from imported
 * types); the parameters' annotations. A --sig given for a function that
 * has a signature already must agree with it (with one of a list: that
 * overload alone is compiled). Annotations are Python's, which Numba
 * ignores: they count only when there is no other signature, and a --sig
 * that contradicts annotations that are all Numba types is an error. */
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

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

static bool has_annotations(const Node *def)
{
    for (int i = 0; i < def->funcdef.params.count; i++)
        if (def->funcdef.params.items[i]->param.annotation)
            return true;
    const Node *returns = def->funcdef.returns;
    return returns && returns->kind != NODE_NONE;
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
               "with --sig '%.*s=void(...)', or in a file of such lines given with --sig-file",
               STR_ARG(func->name), STR_ARG(func->qualname));
}

bool sema_read_one_signature(Sema *sema, FuncInfo *func, Node *sig)
{
    if (sig->kind == NODE_STRING)
        return sema_signature_from_string(sema, string_source(sema, sig), func);
    return sema_signature_from_expr(sema, sig, func);
}

static bool same_signature(const FuncInfo *a, const FuncInfo *b)
{
    if (a->param_count != b->param_count)
        return false;
    for (int i = 0; i < a->param_count; i++)
        if (a->param_types[i] != b->param_types[i])
            return false;
    return a->is_kernel || !a->return_type || !b->return_type || a->return_type == b->return_type;
}

static const char *params_text(Sema *sema, const FuncInfo *f)
{
    const char *text = "";
    for (int i = 0; i < f->param_count; i++)
        text = arena_printf(sema->arena, "%s%s%s", text, i ? ", " : "", f->param_types[i]->name);
    return text;
}

/* A scratch FuncInfo to read another source of the signature into. */
static FuncInfo scratch_of(const FuncInfo *func)
{
    FuncInfo scratch = {0};
    scratch.def = func->def;
    scratch.name = func->name;
    scratch.is_kernel = func->is_kernel;
    scratch.return_type = &type_none_t;
    return scratch;
}

/* --sig and a decorator with signatures: the one that agrees. */
static bool agree_with_decorator(Sema *sema, FuncInfo *func)
{
    int count = func->signatures ? func->signatures->count : 1;
    Node **sigs = func->signatures ? func->signatures->items : &func->signature;
    for (int i = 0; i < count; i++) {
        FuncInfo other = scratch_of(func);
        if (!sema_read_one_signature(sema, &other, sigs[i]))
            return false;
        if (same_signature(func, &other))
            return true;
    }
    diag_error(sema->diag, func->def->span, "--sig gives '%.*s' the parameters (%s), which %s of its decorator: give the decorator's "
               "types, or leave --sig out", STR_ARG(func->qualname), params_text(sema, func),
               count == 1 ? "contradicts the signature" : "match no signature");
    return false;
}

/* --sig and annotations: when the annotations are all Numba types, they
 * must say the same. */
static bool agree_with_annotations(Sema *sema, FuncInfo *func)
{
    Diag quiet;
    diag_init_quiet(&quiet);
    Diag *loud = sema->diag;
    sema->diag = &quiet;
    FuncInfo other = scratch_of(func);
    bool typed = signature_from_annotations(sema, &other);
    sema->diag = loud;
    if (!typed || same_signature(func, &other))
        return true;
    diag_error(sema->diag, func->def->span, "--sig gives '%.*s' the parameters (%s), but its "
               "annotations say (%s)", STR_ARG(func->qualname), params_text(sema, func),
               params_text(sema, &other));
    return false;
}

static void read_cli_signature(Sema *sema, FuncInfo *func)
{
    if (!sema_signature_from_string(sema, func->cli_sig->sig, func))
        return;
    if (func->signature || func->signatures)
        agree_with_decorator(sema, func);
    else if (has_annotations(func->def))
        agree_with_annotations(sema, func);
}

/* A device function's signature held in a name that only host code binds
 * (cuda.jit(sigs, device=True)(f) in a helper that takes sigs): pykc types
 * the function at each call instead, as if it had none. */
static bool is_host_signature(Sema *sema, const FuncInfo *func)
{
    Node *sig = func->signature;
    if (func->is_kernel || !sig || (sig->kind != NODE_NAME && sig->kind != NODE_ATTRIBUTE))
        return false;
    Value v = sema_resolve_static(sema, sig);
    if (v.kind != VAL_HOST)
        return false;
    /* The types may differ from the signature's (float32 arithmetic
     * declared, float64 inferred): say so. */
    diag_warning(sema->diag, sig->span, "host-signature", "the signature of '%.*s' is a value only host "
                 "code gives: pykc types '%.*s' from its calls instead, whose types may differ from it",
                 STR_ARG(func->name), STR_ARG(func->name));
    if (v.sym && v.sym->def.src)
        diag_note(sema->diag, v.sym->def, "'%.*s' is bound here", STR_ARG(v.sym->name));
    if (v.sym && v.sym->bind_as.len)
        diag_note(sema->diag, (Span){0}, "to use the signature, give its value with --bind "
                  "'%.*s=\"SIGNATURE\"'", STR_ARG(v.sym->bind_as));
    return true;
}

static void read_signature(Sema *sema, FuncInfo *func)
{
    if (func->ufunc && func->is_kernel)
        sema_ufunc_read_signature(sema, func);   /* @cuda.vectorize's kernel */
    else if (func->ufunc && !sema_ufunc_read_core(sema, func))
        return;                                  /* its def: the decorator's signatures */
    else if ((func->from_njit && !func->cli_sig) || (!func->cli_sig && is_host_signature(sema, func)))
        func->is_generic = true;  /* numba.jit: typed at each call, as numba-cuda does */
    else if (func->cli_sig)
        read_cli_signature(sema, func);
    else if (func->signatures)
        sema_read_overloads(sema, func, func->signatures, sema_read_one_signature);
    else if (func->signature)
        sema_read_one_signature(sema, func, func->signature);
    else if (has_annotations(func->def))
        signature_from_annotations(sema, func);
    else if (!func->is_kernel)
        func->is_generic = true;  /* typed at each call site: specialize.c */
    else
        report_no_signature(sema, func);
}

static bool check_params(Sema *sema, Node *def)
{
    NodeList *params = &def->funcdef.params;
    bool ok = true;
    for (int i = 0; i < params->count; i++) {
        Node *param = params->items[i];
        if (param->param.kind == PARAM_VARARGS || param->param.kind == PARAM_VARKW ||
            param->param.kind == PARAM_KWONLY) {
            diag_error(sema->diag, param->span, "%s are not supported in kernels",
                       param->param.kind == PARAM_VARARGS ? "'*' parameters"
                       : param->param.kind == PARAM_VARKW ? "'**' parameters"
                                                          : "keyword-only parameters");
            ok = false;
        }
        /* A default value is used only by a call that omits the argument:
         * a launch passes every parameter (docs/abi.md), and calls of
         * device functions fill it in (calls.c). */
    }
    return ok;
}

/* A PTX name is ASCII letters, digits and underscores, and more than '_'. */
static bool check_ptx_name(Sema *sema, FuncInfo *func)
{
    Str name = func->name;
    bool ascii = true;
    for (int i = 0; i < name.len; i++)
        ascii &= (unsigned char)name.ptr[i] < 0x80;
    if (str_eq_cstr(name, "_") || !ascii) {
        diag_error(sema->diag, func->def->span, "a compiled function cannot be named '%.*s': a PTX name "
                   "is ASCII letters, digits and underscores, with a letter or a digit after an underscore",
                   STR_ARG(name));
        return false;
    }
    return true;
}

/* Decorators applied before the jit (listed below it) change the Python
 * function Numba compiles; pykc compiles the def as written. */
static void warn_inner_decorators(Sema *sema, FuncInfo *func)
{
    NodeList *decorators = &func->def->funcdef.decorators;
    bool inner = false;
    for (int i = 0; i < decorators->count; i++) {
        Node *d = decorators->items[i];
        if (d == func->decorator) {
            inner = true;
            continue;
        }
        Value v = sema_resolve_static(sema, d->kind == NODE_CALL ? d->call.func : d);
        if (inner && !(v.kind == VAL_BUILTIN && v.id == CALLABLE_HOST_DECORATOR))
            diag_warning(sema->diag, d->span, "ignored-decorator", "pykc compiles '%.*s' as its def is "
                         "written: this decorator, applied before the jit, is ignored",
                         STR_ARG(func->qualname));
    }
}

/* @cuda.jit(signature, device=..., ...): one positional argument, and
 * options (options.c). numba.jit's options (nopython, cache, ...) mean
 * nothing on the GPU. */
static void read_options(Sema *sema, FuncInfo *func, bool *ok)
{
    if (func->second_jit) {
        diag_error(sema->diag, func->second_jit->span, "'%.*s' has more than one @cuda.jit decorator",
                   STR_ARG(func->name));
        *ok = false;
    }
    warn_inner_decorators(sema, func);
    Node *call = func->decorator;
    if (!call || call->kind != NODE_CALL || func->from_njit)
        return;
    if (call->call.args.count > 1) {
        diag_error(sema->diag, call->call.args.items[1]->span,
                   "@cuda.jit takes one signature, or a list of signatures: write [\"sig1\", \"sig2\"]");
        *ok = false;
    }
    Node *sig = func->signature;
    if (sig && (sig->kind == NODE_LIST || sig->kind == NODE_TUPLE) && sig->tuple.elts.count == 0) {
        diag_error(sema->diag, sig->span, "an empty list of signatures: give at least one, as in "
                   "[\"void(float32[::1])\"]");
        *ok = false;
    }
    bool device = !func->is_kernel;
    *ok &= sema_read_jit_options(sema, call, &func->jit, &device);
}

bool sema_prepare_function(Sema *sema, FuncInfo *func)
{
    if (func->prepared)
        return func->prepare_ok;
    func->prepared = true;
    Scope *outer = sema->scope;
    sema->scope = func->decorator_scope ? func->decorator_scope : func->scope;
    int errors = sema->diag->errors;
    bool ok = check_ptx_name(sema, func);
    read_options(sema, func, &ok);
    ok &= check_params(sema, func->def);
    if (ok)
        read_signature(sema, func);
    for (int i = 0; i < func->overload_count; i++) {
        func->overloads[i]->scope = func->scope;
        func->overloads[i]->qualname = func->qualname;
        func->overloads[i]->line = func->line;
        func->overloads[i]->prepared = func->overloads[i]->prepare_ok = true;
    }
    sema->scope = outer;
    func->prepare_ok = sema->diag->errors == errors;
    return func->prepare_ok;
}
