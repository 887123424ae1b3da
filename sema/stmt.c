/* Statements of a function body: assignments (to locals, array elements
 * and tuples of them), augmented assignments, if, while, for (iterables in
 * iterate.c), break, continue, return, and expression statements. */
#include "sema_internal.h"
#include "records.h"
#include "weak_scalars.h"

#include <string.h>

/* weight: 1 for `name = value`, 2 for targets that take several values
 * (loop targets, tuple elements, augmented assignments). */
static void add_local(FuncCtx *ctx, Node *name, int weight)
{
    Symbol *existing = sema_lookup_local(ctx, name->name.id);
    if (existing) {
        existing->assign_count += weight;
        return;
    }
    FuncInfo *func = ctx->func;
    Symbol **grown = ARENA_ARRAY(ctx->sema->arena, Symbol *, func->local_count + 1);
    memcpy(grown, func->locals, sizeof(Symbol *) * (size_t)func->local_count);
    Symbol *sym = ARENA_NEW(ctx->sema->arena, Symbol);
    sym->kind = SYM_LOCAL;
    sym->name = name->name.id;
    sym->def = name->span;
    sym->param_index = -1;
    sym->assign_count = weight;
    grown[func->local_count++] = sym;
    func->locals = grown;
}

typedef void TargetVisitor(FuncCtx *ctx, Node *name, int weight);

static void visit_target(FuncCtx *ctx, Node *target, int weight, TargetVisitor *visit)
{
    if (target->kind == NODE_NAME)
        visit(ctx, target, weight);
    else if (target->kind == NODE_TUPLE)
        for (int i = 0; i < target->tuple.elts.count; i++)
            visit_target(ctx, target->tuple.elts.items[i], 2, visit);
}

/* Every name a block assigns, nested blocks included. */
static void visit_assigned_names(FuncCtx *ctx, NodeList *body, TargetVisitor *visit)
{
    for (int i = 0; i < body->count; i++) {
        Node *s = body->items[i];
        switch (s->kind) {
        case NODE_ASSIGN:
            for (int t = 0; t < s->assign.targets.count; t++)
                visit_target(ctx, s->assign.targets.items[t], 1, visit);
            break;
        case NODE_AUG_ASSIGN: visit_target(ctx, s->aug_assign.target, 2, visit); break;
        case NODE_IF:
            visit_assigned_names(ctx, &s->if_stmt.body, visit);
            visit_assigned_names(ctx, &s->if_stmt.else_body, visit);
            break;
        case NODE_WHILE:
            visit_assigned_names(ctx, &s->while_stmt.body, visit);
            visit_assigned_names(ctx, &s->while_stmt.else_body, visit);
            break;
        case NODE_FOR:
            visit_target(ctx, s->for_stmt.target, 2, visit);
            visit_assigned_names(ctx, &s->for_stmt.body, visit);
            visit_assigned_names(ctx, &s->for_stmt.else_body, visit);
            break;
        default: break;
        }
    }
}

const Node *sema_find_jump(const NodeList *body, bool continues)
{
    for (int i = 0; i < body->count; i++) {
        const Node *s = body->items[i];
        if (s->kind == NODE_BREAK || (continues && s->kind == NODE_CONTINUE))
            return s;
        if (s->kind == NODE_IF) {
            const Node *jump = sema_find_jump(&s->if_stmt.body, continues);
            if (!jump)
                jump = sema_find_jump(&s->if_stmt.else_body, continues);
            if (jump)
                return jump;
        }
    }
    return NULL;
}

/* Python's rule: a name assigned anywhere in a function is local to it. */
void sema_collect_locals(FuncCtx *ctx, NodeList *body)
{
    visit_assigned_names(ctx, body, add_local);
}

static void mark_assigned(FuncCtx *ctx, Node *name, int weight)
{
    (void)weight;
    Symbol *sym = sema_lookup_local(ctx, name->name.id);
    if (sym)
        sym->assigned = true;
}

/* A loop's body runs again after its end: what it assigns anywhere may be
 * set when any of its statements runs (after the first iteration). */
static void mark_loop_assignments(FuncCtx *ctx, NodeList *body)
{
    visit_assigned_names(ctx, body, mark_assigned);
}

/* A store of `value` into an element of `array` needs a conversion
 * Numba has: any number converts to any other, but no complex to a real
 * or a bool (Numba's setitem has no such cast). */
static void check_element_value(FuncCtx *ctx, Span at, const Type *value, const Type *array)
{
    if (value && type_is_complex(value) && !type_is_complex(array->dtype))
        sema_report(ctx, at, "cannot store a complex number ('%s') into an element of '%s': a complex does "
                    "not convert to '%s' (store its .real, .imag or abs())", value->name, array->name,
                    array->dtype->name);
    else if (value && value != array->dtype && (type_is_datetime_like(value) || type_is_datetime_like(array->dtype)))
        sema_report(ctx, at, "cannot store a value of type '%s' into an element of '%s': datetime64 and "
                    "timedelta64 values convert to no other type, not even another unit", value->name, array->name);
}

/* array[index] = value: the store casts to the element type, as Numba's does. */
static void assign_to_element(FuncCtx *ctx, Node *target, const Type *value_type)
{
    Node *base = target->subscript.value;
    const Type *array = sema_check_value(ctx, base);
    if (!array)
        return;
    if (array->kind == TYPE_TUPLE) {
        sema_report(ctx, target->span, "tuples are immutable: an element of '%s' cannot be assigned",
                    array->name);
        return;
    }
    if (array->kind == TYPE_RECORD) {
        sema_assign_record_field(ctx, target, array, value_type);
        return;
    }
    if (array->kind != TYPE_ARRAY) {
        sema_report(ctx, base->span, "a value of type '%s' cannot be indexed", array->name);
        return;
    }
    if (!sema_check_writable(ctx, array, target->span, "cannot store into an element of"))
        return;
    target->type = sema_index_type(ctx, &target->subscript.index, array->ndim, target->span)
                       ? array->dtype : NULL;
    if (array->dtype->kind == TYPE_RECORD)
        sema_assign_record_element(ctx, target, array, value_type);
    else if (value_type && !type_is_array_element(value_type))
        sema_report(ctx, target->span, "cannot store a value of type '%s' into an element of '%s'",
                    value_type->name, array->name);
    else
        check_element_value(ctx, target->span, value_type, array);
}

static void assign_to(FuncCtx *ctx, Node *target, const Type *value_type, const Node *value, Span at);

static void assign_to_tuple(FuncCtx *ctx, Node *target, const Type *value_type, Span at)
{
    int count = target->tuple.elts.count;
    if (value_type && (value_type->kind != TYPE_TUPLE || value_type->count != count)) {
        if (value_type->kind == TYPE_TUPLE)
            sema_report(ctx, at, "cannot unpack a tuple of %d values into %d targets",
                        value_type->count, count);
        else
            sema_report(ctx, at, "cannot unpack a value of type '%s': it is not a tuple", value_type->name);
        value_type = NULL;
    }
    for (int i = 0; i < count; i++)
        assign_to(ctx, target->tuple.elts.items[i], value_type ? value_type->elts[i] : NULL, NULL, at);
    if (value_type)
        target->type = value_type;
}

static void assign_to(FuncCtx *ctx, Node *target, const Type *value_type, const Node *value, Span at)
{
    switch (target->kind) {
    case NODE_NAME: {
        Symbol *sym = sema_lookup_local(ctx, target->name.id);
        target->name.sym = sym;
        sema_unify_local(ctx, sym, value_type, at);
        target->type = sym->type;
        sym->assigned = true;
        if (sym->assign_count == 1 && sym->param_index < 0 && value)
            sym->value = value->konst;   /* Numba types it as the literal */
        break;
    }
    case NODE_SUBSCRIPT: assign_to_element(ctx, target, value_type); break;
    case NODE_TUPLE: assign_to_tuple(ctx, target, value_type, at); break;
    case NODE_ATTRIBUTE: {   /* rec.field = value; no other attribute is assignable */
        Value base = sema_check_expr(ctx, target->attribute.value);
        if (base.kind == VAL_RUNTIME && base.type->kind == TYPE_RECORD)
            sema_assign_record_field(ctx, target, base.type, value_type);
        else
            sema_report_attribute_store(ctx, target, base);
        break;
    }
    default:
        sema_report(ctx, target->span, "cannot assign to this expression");
    }
}

/* After a value failed, its targets' reads stay silent (no cascade): a
 * value fails silently only because of an error already reported (a
 * variable an earlier failed assignment left without a type), so any
 * reported error so far is its cause. */
static void mark_failed_targets(FuncCtx *ctx, Node *target)
{
    if (target->kind == NODE_NAME) {
        Symbol *sym = sema_lookup_local(ctx, target->name.id);
        if (sym)
            sym->assign_failed = sym->assigned = true;
    } else if (target->kind == NODE_TUPLE)
        for (int i = 0; i < target->tuple.elts.count; i++)
            mark_failed_targets(ctx, target->tuple.elts.items[i]);
}

static void check_assign(FuncCtx *ctx, Node *node)
{
    Node *first = node->assign.targets.items[0];
    ctx->assigning = first->kind == NODE_NAME ? first->name.id : (Str){0};
    const Type *type = sema_check_value(ctx, node->assign.value);
    ctx->assigning = (Str){0};
    if (!type && ctx->final && ctx->sema->diag->errors > 0)
        for (int i = 0; i < node->assign.targets.count; i++)
            mark_failed_targets(ctx, node->assign.targets.items[i]);
    if (type && type->kind == TYPE_NONE) {
        sema_report(ctx, node->assign.value->span, "assigning None (or a call that returns nothing) "
                    "is not supported by pykc yet");
        for (int i = 0; i < node->assign.targets.count; i++)
            mark_failed_targets(ctx, node->assign.targets.items[i]);
        return;
    }
    for (int i = 0; i < node->assign.targets.count; i++)
        assign_to(ctx, node->assign.targets.items[i], type, node->assign.value, node->assign.value->span);
}

/* target op= value: typed as `target op value` in Numba's in-place
 * operator; the result is stored back (widening a local's type if needed). */
static void check_aug_assign(FuncCtx *ctx, Node *node)
{
    Node *target = node->aug_assign.target;
    if (target->kind != NODE_NAME && target->kind != NODE_SUBSCRIPT) {
        sema_report(ctx, target->span, "augmented assignment needs a variable or an array element");
        return;
    }
    if (target->kind == NODE_SUBSCRIPT) {
        const Type *base = sema_check_value(ctx, target->subscript.value);
        if (base && base->kind != TYPE_ARRAY) {
            sema_report(ctx, target->span, "only an array element can be the target of an augmented "
                        "assignment, not an element of '%s'", base->name);
            return;
        }
        if (base && !sema_check_writable(ctx, base, target->span, "cannot store into an element of"))
            return;
    }
    if (target->kind == NODE_NAME && target->name.sym == NULL)
        target->name.sym = sema_lookup_local(ctx, target->name.id);
    const Type *target_type = sema_check_value(ctx, target);
    const Type *value_type = sema_check_value(ctx, node->aug_assign.value);
    if (!target_type || !value_type)
        return;
    OpSignature sig;
    BinOpKind op = node->aug_assign.op;
    if (type_is_datetime_like(target_type) || type_is_datetime_like(value_type)) {
        /* d += td: Numba's iadd/isub templates are add's and sub's; the
         * operands keep their units (codegen/cg_datetime.c scales them) */
        const Type *result = sema_check_datetime_aug_assign(ctx, node, target_type, value_type);
        if (!result)
            return;
        node->aug_assign.compute_type = result;
        if (target->kind == NODE_SUBSCRIPT)
            check_element_value(ctx, node->span, result, target->subscript.value->type);
        else
            sema_unify_local(ctx, target->name.sym, result, node->span);
        return;
    }
    OpArg left = {target_type, false}, right = {value_type, sema_is_literal(node->aug_assign.value)};
    if (!type_is_scalar(target_type) || !type_is_scalar(value_type) || !sema_resolve_binop(op, left, right, &sig)) {
        sema_report(ctx, node->span, "unsupported operand types for %s=: '%s' and '%s'",
                    ast_binop_spelling(op), target_type->name, value_type->name);
        return;
    }
    sema_weaken_operands(ctx, op, false, target, node->aug_assign.value, &sig);
    bool int_exponent = op == BINOP_POW && type_is_float(sig.result) && type_is_int(sig.args[1]);
    node->aug_assign.compute_type = sig.result;
    node->aug_assign.value = sema_convert(ctx, node->aug_assign.value, int_exponent ? sig.args[1] : sig.result);
    if (target->kind == NODE_SUBSCRIPT)
        check_element_value(ctx, node->span, sig.result, target->subscript.value->type);
    if (target->kind == NODE_NAME)
        sema_unify_local(ctx, target->name.sym, sig.result, node->span);
}

/* for target in iterable: range(...), an array, a tuple, enumerate(...),
 * zip(...) (sema/iterate.c); the target is a name or a tuple of them. */
static void check_for(FuncCtx *ctx, Node *node)
{
    if (sema_unroll_literal_loop(ctx, node)) {
        if (node->kind == NODE_IF) {   /* unrolled: checked as it will be from now on */
            sema_check_condition(ctx, node->if_stmt.cond);
            sema_check_block(ctx, &node->if_stmt.body);
        }
        return;
    }
    Node *target = node->for_stmt.target;
    const Type *elem = sema_check_iterable(ctx, node->for_stmt.iter);
    if (!elem && ctx->final && ctx->sema->diag->errors > 0)
        mark_failed_targets(ctx, target);
    if (target->kind != NODE_NAME && target->kind != NODE_TUPLE)
        sema_report(ctx, target->span, "the target of a for loop must be a name or a tuple of names");
    else
        assign_to(ctx, target, elem, NULL, target->span);
    mark_loop_assignments(ctx, &node->for_stmt.body);
    ctx->loop_depth++;
    sema_check_block(ctx, &node->for_stmt.body);
    ctx->loop_depth--;
    sema_check_block(ctx, &node->for_stmt.else_body);
}

static void check_while(FuncCtx *ctx, Node *node)
{
    mark_loop_assignments(ctx, &node->while_stmt.body);
    sema_check_condition(ctx, node->while_stmt.cond);
    ctx->loop_depth++;
    sema_check_block(ctx, &node->while_stmt.body);
    ctx->loop_depth--;
    sema_check_block(ctx, &node->while_stmt.else_body);
}

static void check_return(FuncCtx *ctx, Node *node)
{
    FuncInfo *func = ctx->func;
    Node *value = node->return_stmt.value;
    bool returns_none = !value || value->kind == NODE_NONE;
    if (func->generic) {
        sema_check_inferred_return(ctx, node);
        return;
    }
    if (func->is_kernel && !returns_none) {
        sema_check_expr(ctx, value);
        sema_report(ctx, value->span, "a kernel cannot return a value: write results to an array argument");
        return;
    }
    if (func->return_type->kind == TYPE_NONE) {
        if (!returns_none)
            sema_report(ctx, value->span, "'%.*s' is declared to return nothing", STR_ARG(func->name));
        return;
    }
    if (returns_none) {
        sema_report(ctx, node->span, "'%.*s' must return a value of type '%s'",
                    STR_ARG(func->name), func->return_type->name);
        return;
    }
    const Type *type = sema_check_value(ctx, value);
    if (type && type_can_convert(type, func->return_type) == CONV_NONE)
        sema_report(ctx, value->span, "cannot return a value of type '%s' from '%.*s', which returns '%s'",
                    type->name, STR_ARG(func->name), func->return_type->name);
}

static void check_expr_stmt(FuncCtx *ctx, Node *node)
{
    if (node->expr_stmt.value->kind != NODE_STRING)  /* docstrings are allowed */
        sema_check_value(ctx, node->expr_stmt.value);
}

/* A branch Numba prunes before typing (prune.c) is dropped here the same
 * way, before any typing of it. */
static void prune_constant_branch(Node *node)
{
    int taken = sema_constant_branch(node);
    if (taken == 1)
        node->if_stmt.else_body = (NodeList){0};
    else if (taken == 0)
        node->if_stmt.body = (NodeList){0};
}

static void check_stmt(FuncCtx *ctx, Node *node)
{
    switch (node->kind) {
    case NODE_ASSIGN: check_assign(ctx, node); break;
    case NODE_AUG_ASSIGN: check_aug_assign(ctx, node); break;
    case NODE_EXPR_STMT: check_expr_stmt(ctx, node); break;
    case NODE_IF:
        sema_check_condition(ctx, node->if_stmt.cond);
        prune_constant_branch(node);
        sema_check_block(ctx, &node->if_stmt.body);
        sema_check_block(ctx, &node->if_stmt.else_body);
        break;
    case NODE_WHILE: check_while(ctx, node); break;
    case NODE_FOR: check_for(ctx, node); break;
    case NODE_BREAK:
    case NODE_CONTINUE:
        if (ctx->loop_depth == 0)
            sema_report(ctx, node->span, "'%s' outside loop", node->kind == NODE_BREAK ? "break" : "continue");
        break;
    case NODE_RETURN: check_return(ctx, node); break;
    case NODE_RAISE: break;   /* ends the thread; the exception is not evaluated (cg_raise.c) */
    case NODE_PASS: break;
    case NODE_FUNCDEF:
        sema_report(ctx, node->span, "functions defined inside a kernel are not supported: define "
                    "a @cuda.jit(device=True) function at module level");
        break;
    default:
        sema_report_unsupported(ctx, node);
    }
}

static bool block_ends(const NodeList *body);

/* Does control never go on past this statement? */
static bool ends_flow(const Node *s)
{
    switch (s->kind) {
    case NODE_RETURN: case NODE_RAISE: case NODE_BREAK: case NODE_CONTINUE: return true;
    case NODE_IF: {
        int taken = sema_constant_branch(s);
        if (taken >= 0)
            return block_ends(taken ? &s->if_stmt.body : &s->if_stmt.else_body);
        return block_ends(&s->if_stmt.body) && block_ends(&s->if_stmt.else_body);
    }
    default: return false;
    }
}

static bool block_ends(const NodeList *body)
{
    return body->count > 0 && ends_flow(body->items[body->count - 1]);
}

/* The statements in order. What follows a statement that never goes on
 * (a return, or an `if` whose branches all return) is dropped untyped:
 * CPython's compiler removes such code, and Numba, which types its
 * bytecode after pruning constant branches, never sees it. */
void sema_check_block(FuncCtx *ctx, NodeList *body)
{
    for (int i = 0; i < body->count; i++) {
        check_stmt(ctx, body->items[i]);
        if (ends_flow(body->items[i]))
            body->count = i + 1;
    }
}
