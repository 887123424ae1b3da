/* The kernel numba-cuda writes around a ufunc's core (ufunc.c says which),
 * built as a syntax tree, and its parameters: vectorize's 1-D arrays,
 * guvectorize's arrays of one more dimension than the layout gives. */
#include "ufunc.h"

#include "../parser/parser.h"

#include <string.h>

/* ======================= the kernel's tree ======================= */

typedef struct Tree {
    Arena *arena;
    Span at;
} Tree;

static Node *name(Tree *t, const char *id)
{
    return ast_name(t->arena, t->at, str_from_cstr(id));
}

static Node *integer(Tree *t, uint64_t value)
{
    return ast_int(t->arena, t->at, value);
}

static Node *subscript(Tree *t, Node *value, Node *at)
{
    return ast_subscript(t->arena, value, at, t->at);
}

static Node *call(Tree *t, Node *func, NodeList args)
{
    return ast_call(t->arena, func, args, (NodeList){0}, t->at);
}

/* NAME.shape[0] */
static Node *extent(Tree *t, const char *array)
{
    return subscript(t, ast_attribute(t->arena, name(t, array), t->at, str_from_cstr("shape")), integer(t, 0));
}

/* vectorize: a0[__tid__] ... ; guvectorize: argK[__tid__, :, ...] for K's
 * core dimensions, argK[__tid__:__tid__ + 1] for an array argument without
 * any, argK[__tid__] for a scalar. */
static Node *core_argument(Tree *t, const char *array, int dims, const Type *declared)
{
    if (dims > 0) {
        NodeList items = ast_list_of(t->arena, name(t, "__tid__"));
        for (int i = 0; i < dims; i++)
            ast_list_push(t->arena, &items, ast_slice(t->arena, t->at, NULL, NULL, NULL));
        return subscript(t, name(t, array), ast_tuple(t->arena, t->at, items));
    }
    if (declared && declared->kind == TYPE_ARRAY && declared->ndim == 1) {
        Node *next = ast_binop(t->arena, BINOP_ADD, name(t, "__tid__"), integer(t, 1));
        return subscript(t, name(t, array), ast_slice(t->arena, t->at, name(t, "__tid__"), next, NULL));
    }
    return subscript(t, name(t, array), name(t, "__tid__"));
}

/* The kernel for one signature, as numba-cuda's templates write it. */
static Node *kernel_def(Sema *sema, Ufunc *u, Str kernel_name, const FuncInfo *core_sig)
{
    Tree t = {sema->arena, u->at};
    int n = core_sig->param_count;
    NodeList params = {0}, args = {0}, body = {0};
    for (int i = 0; i < n; i++) {
        const char *param = arena_printf(sema->arena, u->kind == UFUNC_VECTORIZE ? "a%d" : "arg%d", i);
        ast_list_push(t.arena, &params, ast_param(t.arena, t.at, str_from_cstr(param), NULL, NULL));
        int dims = u->kind == UFUNC_VECTORIZE ? 0 : u->dims[i];
        ast_list_push(t.arena, &args, core_argument(&t, param, dims, u->kind == UFUNC_VECTORIZE ? NULL
                                                                            : core_sig->param_types[i]));
    }
    Node *grid = call(&t, ast_attribute(t.arena, name(&t, "__cuda__"), t.at, str_from_cstr("grid")),
                      ast_list_of(t.arena, integer(&t, 1)));
    ast_list_push(t.arena, &body, ast_assign(t.arena, ast_list_of(t.arena, name(&t, "__tid__")), grid));
    Node *core = call(&t, name(&t, "__core__"), args);
    Node *bound, *work;
    if (u->kind == UFUNC_VECTORIZE) {
        ast_list_push(t.arena, &params, ast_param(t.arena, t.at, str_from_cstr("__out__"), NULL, NULL));
        bound = extent(&t, "__out__");
        work = ast_assign(t.arena, ast_list_of(t.arena, subscript(&t, name(&t, "__out__"), name(&t, "__tid__"))), core);
    } else {
        NodeList extents = {0};
        for (int i = 0; i < n; i++)
            ast_list_push(t.arena, &extents, extent(&t, arena_printf(sema->arena, "arg%d", i)));
        bound = n == 1 ? extents.items[0] : call(&t, name(&t, "min"), extents);
        work = ast_expr_stmt(t.arena, core);
    }
    Node *cond = ast_compare(t.arena, name(&t, "__tid__"), CMP_LT, bound);
    ast_list_push(t.arena, &body, ast_if(t.arena, t.at, cond, ast_list_of(t.arena, work), (NodeList){0}));
    return ast_funcdef(t.arena, t.at, kernel_name, (NodeList){0}, params, NULL, body);
}

/* ======================= the kernel's parameters ======================= */

static const char *signature_text(Sema *sema, const FuncInfo *f)
{
    const char *text = "";
    for (int i = 0; i < f->param_count; i++)
        text = arena_printf(sema->arena, "%s%s%s", text, i ? ", " : "", f->param_types[i]->name);
    return text;
}

/* vectorize: each argument and the result as a 1-D array. */
static bool vectorize_params(Sema *sema, Ufunc *u, const FuncInfo *sig, FuncInfo *kernel)
{
    if (sig->is_generic || !sig->return_type || sig->return_type->kind == TYPE_NONE) {
        diag_error(sema->diag, u->at, "a vectorize signature needs a return type in pykc, as in "
                   "\"float32(%s)\": the output array's type is the return type", signature_text(sema, sig));
        return false;
    }
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, sig->param_count + 1);
    for (int i = 0; i <= sig->param_count; i++) {
        const Type *t = i < sig->param_count ? sig->param_types[i] : sig->return_type;
        if (!type_is_array_element(t)) {
            diag_error(sema->diag, u->at, "vectorize takes scalar types (its kernel makes arrays of them); "
                       "'%s' is not one: use guvectorize for arrays", t->name);
            return false;
        }
        types[i] = type_array(sema->types, t, 1, LAYOUT_A, MEM_GLOBAL);
    }
    kernel->param_types = types;
    kernel->param_count = sig->param_count + 1;
    return true;
}

/* guvectorize: each argument with one more dimension than the layout
 * gives it, a scalar as a 1-D array (numba's _determine_gufunc_outer_types). */
static bool guvectorize_params(Sema *sema, Ufunc *u, const FuncInfo *sig, FuncInfo *kernel)
{
    if (sig->return_type && sig->return_type->kind != TYPE_NONE) {
        diag_error(sema->diag, u->at, "guvectorized functions cannot return values: the signature returns '%s' "
                   "(write void, and results to the output arrays)", sig->return_type->name);
        return false;
    }
    if (sig->param_count != u->dim_count) {
        diag_error(sema->diag, u->at, "the layout has %d argument%s but the signature (%s) has %d", u->dim_count,
                   u->dim_count == 1 ? "" : "s", signature_text(sema, sig), sig->param_count);
        return false;
    }
    const Type **types = ARENA_ARRAY(sema->arena, const Type *, sig->param_count + 1);
    for (int i = 0; i < sig->param_count; i++) {
        const Type *t = sig->param_types[i];
        if (t->kind == TYPE_ARRAY && u->dims[i] + 1 <= TYPE_MAX_NDIM)
            types[i] = type_array(sema->types, t->dtype, u->dims[i] + 1, t->layout, MEM_GLOBAL);
        else if (type_is_array_element(t) && u->dims[i] == 0)
            types[i] = type_array(sema->types, t, 1, LAYOUT_A, MEM_GLOBAL);
        else {
            diag_error(sema->diag, u->at, "argument %d of the gufunc is '%s' but the layout gives it %d "
                       "dimension%s", i + 1, t->name, u->dims[i], u->dims[i] == 1 ? "" : "s");
            return false;
        }
    }
    kernel->param_types = types;
    kernel->param_count = sig->param_count;
    return true;
}

/* One signature: the core's types read as prepare.c reads a device
 * function's, then the kernel's parameters and tree. */
bool sema_ufunc_kernel_signature(Sema *sema, FuncInfo *kernel, Node *sig)
{
    FuncInfo *declared = kernel->overload_of ? kernel->overload_of : kernel;
    Ufunc *u = declared->ufunc;
    FuncInfo core = {0};
    core.def = u->core->def;
    core.name = u->core->name;
    core.return_type = &type_none_t;
    /* read again, quietly: preparing the core reported its problems */
    Diag quiet, *loud = sema->diag;
    diag_init_quiet(&quiet);
    sema->diag = &quiet;
    bool ok = sig ? sema_read_one_signature(sema, &core, sig) : sema_signature_from_string(sema, u->cli_sig, &core);
    sema->diag = loud;
    if (!ok)
        return false;
    ok = u->kind == UFUNC_VECTORIZE ? vectorize_params(sema, u, &core, kernel) : guvectorize_params(sema, u, &core, kernel);
    if (!ok)
        return false;
    Node *def = kernel_def(sema, u, kernel->def->funcdef.name, &core);
    def->funcdef.info = kernel;
    kernel->def = def;
    kernel->return_type = &type_none_t;
    return true;
}
