/* The arguments of a call of a device function, bound to its parameters
 * as Python binds them: positional arguments first, then keywords by
 * name, then the defaults of the parameters left. The call is rewritten
 * in place (once: a later pass finds it complete) into one positional
 * argument per parameter, so typing, specialisation and code generation
 * see only those. A default is copied into the call: pykc takes defaults
 * that are constants (numbers, booleans, None, strings, tuples of them),
 * which mean the same wherever they are copied, and names of constants
 * where the function is defined (its value when Python ran the def, as
 * the one binding of a constant name is). */
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

static bool is_constant_default(const Node *value)
{
    switch (value->kind) {
    case NODE_INT: case NODE_FLOAT: case NODE_IMAG: case NODE_BOOL: case NODE_NONE: case NODE_STRING:
        return true;
    case NODE_UNARY:
        return is_constant_default(value->unary.operand);
    case NODE_TUPLE:
        for (int i = 0; i < value->tuple.elts.count; i++)
            if (!is_constant_default(value->tuple.elts.items[i]))
                return false;
        return true;
    default:
        return false;
    }
}

/* A default that names a constant of the function's scope, as a tree of
 * that constant; NULL for anything else. */
static Node *named_constant(FuncCtx *ctx, const FuncInfo *callee, const Node *name, Span at)
{
    Symbol *sym = sema_scope_lookup(ctx->sema, callee->scope, name->name.id);
    if (!sym || sym->kind != SYM_CONST)
        return NULL;
    if (sym->tuple)
        return sema_constant_tuple(ctx->sema->arena, sym->tuple, at);
    if (sym->type->kind == TYPE_NONE)
        return ast_new(ctx->sema->arena, NODE_NONE, at);
    return sym->value.kind ? sema_constant_leaf(ctx->sema->arena, sym->type, sym->value, at) : NULL;
}

static int param_index(const NodeList *params, Str name)
{
    for (int i = 0; i < params->count; i++)
        if (str_eq(params->items[i]->param.name, name))
            return i;
    return -1;
}

/* Keywords into their parameters' slots; false (reported) if one names
 * no parameter, or one already given. */
static bool bind_keywords(FuncCtx *ctx, Node *call, const FuncInfo *callee, Node **bound)
{
    const NodeList *params = &callee->def->funcdef.params;
    for (int k = 0; k < call->call.keywords.count; k++) {
        Node *keyword = call->call.keywords.items[k];
        Str name = keyword->keyword.name;
        if (!name.len) {
            sema_report(ctx, keyword->span, "'**' arguments are not supported in kernels");
            return false;
        }
        int i = param_index(params, name);
        if (i < 0) {
            sema_report(ctx, keyword->span, "'%.*s' has no parameter '%.*s'", STR_ARG(callee->name),
                        STR_ARG(name));
            return false;
        }
        if (bound[i]) {
            sema_report(ctx, keyword->span, "'%.*s' is given parameter '%.*s' twice", STR_ARG(callee->name),
                        STR_ARG(name));
            return false;
        }
        bound[i] = keyword->keyword.value;
    }
    return true;
}

/* The defaults of the parameters no argument gave; false (reported) if
 * one has none, or one pykc cannot copy. */
static bool bind_defaults(FuncCtx *ctx, Node *call, const FuncInfo *callee, Node **bound)
{
    const NodeList *params = &callee->def->funcdef.params;
    for (int i = 0; i < params->count; i++) {
        if (bound[i])
            continue;
        const Node *param = params->items[i];
        Node *value = param->param.default_value;
        if (!value) {
            sema_report(ctx, call->span, "'%.*s' is missing the argument '%.*s'", STR_ARG(callee->name),
                        STR_ARG(param->param.name));
            return false;
        }
        if (value->kind == NODE_NAME) {
            Node *constant = named_constant(ctx, callee, value, call->span);
            if (constant) {
                bound[i] = constant;
                continue;
            }
        }
        if (!is_constant_default(value)) {
            sema_report(ctx, call->span, "the default value of '%.*s' in '%.*s' is not a constant pykc can "
                        "copy into the call: pass the argument", STR_ARG(param->param.name),
                        STR_ARG(callee->name));
            return false;
        }
        bound[i] = ast_clone(ctx->sema->arena, value);
    }
    return true;
}

bool sema_bind_call_arguments(FuncCtx *ctx, Node *call, const FuncInfo *callee)
{
    const NodeList *params = &callee->def->funcdef.params;
    int count = params->count, given = call->call.args.count;
    if (!call->call.keywords.count && given == count)
        return true;
    for (int i = 0; i < given; i++)
        if (call->call.args.items[i]->kind == NODE_STARRED) {
            sema_report(ctx, call->call.args.items[i]->span, "'*' arguments are not supported in kernels");
            return false;
        }
    if (given > count) {
        sema_report(ctx, call->span, "'%.*s' takes %d argument%s, not %d", STR_ARG(callee->name), count,
                    count == 1 ? "" : "s", given);
        return false;
    }
    Node **bound = ARENA_ARRAY(ctx->sema->arena, Node *, count + 1);
    if (given)   /* a call without positional arguments has no items to copy */
        memcpy(bound, call->call.args.items, sizeof *bound * (size_t)given);
    if (!bind_keywords(ctx, call, callee, bound) || !bind_defaults(ctx, call, callee, bound))
        return false;
    NodeList args = {0};
    for (int i = 0; i < count; i++)
        ast_list_push(ctx->sema->arena, &args, bound[i]);
    call->call.args = args;
    call->call.keywords = (NodeList){0};
    return true;
}
