/* A file: its scopes (scope.c), the functions it compiles (decorators.c),
 * which of them are compiled (the roots), and the checking of those and of
 * everything they call.
 *
 * The roots are the functions --kernel names, or, without --kernel, every
 * function of the file that has a signature: kernels and device functions
 * alike, as Numba compiles eager signatures at import. A kernel without a
 * signature is an error when nothing else in the file can be compiled, and
 * a warning otherwise (the user compiles the kernels they give types for).
 * Device functions without a signature are compiled for each call (their
 * specialisations), device functions with one when a root calls them.
 * Nothing else of the file is checked: host code is Python pykc reads only
 * to find kernels and the values they capture. */
#include "../analysis/analysis.h"
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

typedef struct FuncList {
    FuncInfo **items;
    int count, capacity;
} FuncList;

static void list_add(Sema *sema, FuncList *list, FuncInfo *func)
{
    for (int i = 0; i < list->count; i++)
        if (list->items[i] == func)
            return;
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 16;
        FuncInfo **grown = ARENA_ARRAY(sema->arena, FuncInfo *, capacity);
        if (list->count)
            memcpy(grown, list->items, sizeof *grown * (size_t)list->count);
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = func;
}

static bool in_main_file(Sema *sema, const FuncInfo *func)
{
    return sema_scope_module(func->scope) == sema->module_scope;
}

/* ======================= names on the command line ======================= */

static const char *candidates(Sema *sema, Str wanted)
{
    const char *list = "";
    for (int i = 0; i < sema->func_count; i++)
        if (in_main_file(sema, sema->funcs[i]) && sema_names_function(wanted, sema->funcs[i]))
            list = arena_printf(sema->arena, "%s%s'%.*s' at line %d", list, *list ? ", " : "",
                                STR_ARG(sema->funcs[i]->qualname), sema->funcs[i]->line);
    return list;
}

/* Every --sig and --kernel names exactly one function of the file. */
static void check_cli_name(Sema *sema, const char *option, Str wanted)
{
    int matches = 0;
    for (int i = 0; i < sema->func_count; i++)
        matches += in_main_file(sema, sema->funcs[i]) && sema_names_function(wanted, sema->funcs[i]);
    if (matches == 0)
        diag_error_plain(sema->diag, "%s names '%.*s', but there is no function '%.*s'", option,
                         STR_ARG(wanted), STR_ARG(wanted));
    else if (matches > 1)
        diag_error_plain(sema->diag, "%s names '%.*s', which is %d functions (%s): name one by its "
                         "qualified name (Class.method, outer.inner) or as NAME@LINE", option,
                         STR_ARG(wanted), matches, candidates(sema, wanted));
}

static void check_cli_names(Sema *sema)
{
    for (int i = 0; i < sema->options->sig_count; i++)
        check_cli_name(sema, "--sig", sema->options->sigs[i].name);
    for (int i = 0; i < sema->options->kernel_count; i++)
        check_cli_name(sema, "--kernel", sema->options->kernels[i]);
    sema_check_ufunc_options(sema);
}

/* ======================= roots ======================= */

static bool is_chosen(Sema *sema, const FuncInfo *func)
{
    for (int i = 0; i < sema->options->kernel_count; i++)
        if (sema_names_function(sema->options->kernels[i], func))
            return true;
    return false;
}

static void warn_unsigned(Sema *sema, FuncInfo *func)
{
    diag_warning(sema->diag, func->def->span, "unsigned-kernel",
                 "kernel '%.*s' has no signature and is not compiled: give one with --sig "
                 "'%.*s=void(...)', or choose the kernels to compile with --kernel",
                 STR_ARG(func->qualname), STR_ARG(func->qualname));
}

/* The roots; the kernels without a signature that are not (with roots,
 * warned about once checking shows which ones device code calls). */
static void select_roots(Sema *sema, FuncList *roots, FuncList *unsigned_kernels)
{
    bool chosen = sema->options->kernel_count > 0;
    for (int i = 0; i < sema->func_count; i++) {
        FuncInfo *func = sema->funcs[i];
        if (!in_main_file(sema, func) || (chosen && !is_chosen(sema, func)))
            continue;
        if (chosen || func->has_signature)
            list_add(sema, roots, func);
        else if (func->is_kernel)
            list_add(sema, unsigned_kernels, func);
    }
    for (int i = 0; i < unsigned_kernels->count && !roots->count; i++)
        sema_prepare_function(sema, unsigned_kernels->items[i]);   /* reports it */
    /* Likely a misspelt or unimported decorator (`cuda` never imported):
     * the output would be silently empty. */
    if (!roots->count && !unsigned_kernels->count)
        diag_warning(sema->diag, (Span){0}, "no-kernels", "nothing to compile: '%s' has no @cuda.jit "
                     "kernel, and no device function with a signature", sema->module_scope->path);
}

/* ======================= checking ======================= */

/* A function's body, once; specialisations are checked by specialize.c. */
static void check(Sema *sema, FuncInfo *func)
{
    if (func->checked || func->generic || func->is_generic || !func->param_types)
        return;
    func->checked = true;
    sema_check_function(sema, func);
}

typedef struct Reach {
    Sema *sema;
    FuncList *list;
} Reach;

/* The compiled functions a checked body calls: checked too, and listed. */
static void reach_calls(void *ctx, Node *node)
{
    Reach *reach = ctx;
    FuncInfo *callee = node->kind == NODE_CALL ? node->call.callee : NULL;
    if (callee && callee->generic) {
        if (sema_spec_is_done(callee))
            list_add(reach->sema, reach->list, callee);
    } else if (callee) {
        check(reach->sema, callee);
        list_add(reach->sema, reach->list, callee);
    }
    ast_each_child(node, reach_calls, reach);
}

/* The roots, then all they reach: what codegen generates. */
static void check_reached(Sema *sema, const FuncList *roots, FuncList *generated)
{
    for (int i = 0; i < roots->count; i++) {
        FuncInfo *root = roots->items[i];
        if (!sema_prepare_function(sema, root))
            continue;
        if (root->overload_count) {
            for (int k = 0; k < root->overload_count; k++)
                if (!root->overloads[k]->is_generic)   /* typed per call: its specialisations are */
                    list_add(sema, generated, root->overloads[k]);
        }
        else if (!root->is_generic)
            list_add(sema, generated, root);
    }
    Reach reach = {sema, generated};
    for (int i = 0; i < generated->count; i++) {
        check(sema, generated->items[i]);
        ast_each_child(generated->items[i]->def, reach_calls, &reach);
    }
}

/* Where a generated function comes in source order: its declared
 * function's place, then its place among that one's overloads or
 * specialisations. */
static long source_rank(const Sema *sema, const FuncInfo *func)
{
    const FuncInfo *base = func->generic ? func->generic : func->overload_of ? func->overload_of : func;
    long rank = 0;
    for (int i = 0; i < sema->func_count; i++)
        if (sema->funcs[i] == base)
            rank = (long)i * 100000;
    FuncInfo *const *siblings = func->generic ? base->specs : func->overload_of ? base->overloads : NULL;
    int count = func->generic ? base->spec_count : func->overload_of ? base->overload_count : 0;
    for (int i = 0; i < count && i < 99999; i++)
        if (siblings[i] == func)
            rank += i + 1;
    return rank;
}

/* Generated functions in source order (an insertion sort: few of them),
 * so the PTX and the diagnostics keep the file's order. */
static void sort_by_source(const Sema *sema, FuncList *list)
{
    for (int i = 1; i < list->count; i++) {
        FuncInfo *func = list->items[i];
        long rank = source_rank(sema, func);
        int j = i;
        for (; j > 0 && source_rank(sema, list->items[j - 1]) > rank; j--)
            list->items[j] = list->items[j - 1];
        list->items[j] = func;
    }
}

bool sema_check_module(Arena *arena, Diag *diag, Node *module, const SemaOptions *options,
                       SemaModule *out)
{
    static const SemaOptions no_options;
    Sema sema = {.arena = arena, .diag = diag, .options = options ? options : &no_options};
    sema.types = types_new(arena);
    const char *path = module->span.src->name;
    sema_modules_init(&sema, path);
    sema.module_scope = sema.scope = sema_scope_build(&sema, module, str_from_cstr("__main__"), path, false);
    int errors = diag->errors;
    sema_declare_scope(&sema, sema.module_scope);
    check_cli_names(&sema);
    FuncList roots = {0}, generated = {0}, unsigned_kernels = {0};
    if (diag->errors == errors)
        select_roots(&sema, &roots, &unsigned_kernels);
    check_reached(&sema, &roots, &generated);
    for (int i = 0; i < unsigned_kernels.count && roots.count; i++)
        if (!unsigned_kernels.items[i]->device_variant)   /* a device function to its callers */
            warn_unsigned(&sema, unsigned_kernels.items[i]);
    sort_by_source(&sema, &generated);
    memset(out, 0, sizeof *out);
    sema_collect_generated(&sema, module, generated.items, generated.count, out);
    out->types = sema.types;
    out->const_arrays = sema.const_arrays;
    out->const_array_count = sema.const_array_count;
    if (diag->errors == errors)
        analysis_diagnose_module(&sema, out);
    return diag->errors == errors;
}
