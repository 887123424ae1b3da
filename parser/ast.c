/* Building syntax trees: node allocation, lists, the constructors the
 * grammar's actions call (each computes its node's span from its parts), and
 * the names and spellings of kinds and operators. Everything lives in the
 * compilation's arena; nothing here reports errors. See ast.h. */
#include "ast.h"

#include <string.h>

Node *ast_new(Arena *arena, NodeKind kind, Span span)
{
    Node *node = ARENA_NEW(arena, Node);
    node->kind = kind;
    node->span = span;
    return node;
}

/* A list's capacity is implied by its count (4, then powers of two), so the
 * array is replaced exactly when count reaches a capacity. */
static bool list_is_full(int count)
{
    return count == 0 || (count >= 4 && (count & (count - 1)) == 0);
}

void ast_list_push(Arena *arena, NodeList *list, Node *item)
{
    if (!item)
        return;
    if (list_is_full(list->count)) {
        int capacity = list->count < 4 ? 4 : list->count * 2;
        Node **items = ARENA_ARRAY(arena, Node *, capacity);
        if (list->count)
            memcpy(items, list->items, sizeof(Node *) * (size_t)list->count);
        list->items = items;
    }
    list->items[list->count++] = item;
}

void ast_list_append(Arena *arena, NodeList *list, NodeList more)
{
    for (int i = 0; i < more.count; i++)
        ast_list_push(arena, list, more.items[i]);
}

NodeList ast_list_of(Arena *arena, Node *item)
{
    NodeList list = {0};
    ast_list_push(arena, &list, item);
    return list;
}

/* Where a list of statements ends, or `fallback` for an empty one (a body
 * whose statements were all syntax errors). */
static Span list_end(NodeList list, Span fallback)
{
    return list.count ? list.items[list.count - 1]->span : fallback;
}

/* ---- module level and statements ---- */

Node *ast_import(Arena *arena, Span span, Str module, Str alias)
{
    Node *node = ast_new(arena, NODE_IMPORT, span);
    node->import.module = module;
    node->import.alias = alias;
    return node;
}

Node *ast_import_from(Arena *arena, Span span, Str module, Str name, Str alias)
{
    Node *node = ast_new(arena, NODE_IMPORT_FROM, span);
    node->import_from.module = module;
    node->import_from.name = name;
    node->import_from.alias = alias;
    return node;
}

/* A function spans its 'def' to its last statement, as CPython's does: the
 * decorators are before it. */
Node *ast_funcdef(Arena *arena, Span kw, Str name, NodeList decorators,
                  NodeList params, Node *returns, NodeList body)
{
    Node *node = ast_new(arena, NODE_FUNCDEF, span_join(kw, list_end(body, kw)));
    node->funcdef.name = name;
    node->funcdef.decorators = decorators;
    node->funcdef.params = params;
    node->funcdef.returns = returns;
    node->funcdef.body = body;
    return node;
}

Node *ast_param(Arena *arena, Span name_span, Str name, Node *annotation,
                Node *default_value)
{
    Span span = name_span;
    if (annotation)
        span = span_join(span, annotation->span);
    if (default_value)
        span = span_join(span, default_value->span);
    Node *node = ast_new(arena, NODE_PARAM, span);
    node->param.name = name;
    node->param.annotation = annotation;
    node->param.default_value = default_value;
    return node;
}

Node *ast_assign(Arena *arena, NodeList targets, Node *value)
{
    Node *node = ast_new(arena, NODE_ASSIGN, span_join(targets.items[0]->span, value->span));
    node->assign.targets = targets;
    node->assign.value = value;
    return node;
}

Node *ast_aug_assign(Arena *arena, BinOpKind op, Node *target, Node *value)
{
    Node *node = ast_new(arena, NODE_AUG_ASSIGN, span_join(target->span, value->span));
    node->aug_assign.op = op;
    node->aug_assign.target = target;
    node->aug_assign.value = value;
    return node;
}

Node *ast_expr_stmt(Arena *arena, Node *value)
{
    Node *node = ast_new(arena, NODE_EXPR_STMT, value->span);
    node->expr_stmt.value = value;
    return node;
}

/* if and while share a layout; an elif is an If alone in else_body. */
static Node *conditional(Arena *arena, NodeKind kind, Span kw, Node *cond,
                         NodeList body, NodeList else_body)
{
    Span end = list_end(else_body, list_end(body, cond->span));
    Node *node = ast_new(arena, kind, span_join(kw, end));
    node->if_stmt.cond = cond;
    node->if_stmt.body = body;
    node->if_stmt.else_body = else_body;
    return node;
}

Node *ast_if(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body)
{
    return conditional(arena, NODE_IF, kw, cond, body, else_body);
}

Node *ast_while(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body)
{
    return conditional(arena, NODE_WHILE, kw, cond, body, else_body);
}

Node *ast_for(Arena *arena, Span kw, Node *target, Node *iter, NodeList body,
              NodeList else_body)
{
    Span end = list_end(else_body, list_end(body, iter->span));
    Node *node = ast_new(arena, NODE_FOR, span_join(kw, end));
    node->for_stmt.target = target;
    node->for_stmt.iter = iter;
    node->for_stmt.body = body;
    node->for_stmt.else_body = else_body;
    return node;
}

Node *ast_return(Arena *arena, Span kw, Node *value)
{
    Node *node = ast_new(arena, NODE_RETURN, value ? span_join(kw, value->span) : kw);
    node->return_stmt.value = value;
    return node;
}

Node *ast_classdef(Arena *arena, Span kw, Str name, NodeList bases, NodeList keywords,
                   NodeList body)
{
    Node *node = ast_new(arena, NODE_CLASSDEF, span_join(kw, list_end(body, kw)));
    node->classdef.name = name;
    node->classdef.bases = bases;
    node->classdef.keywords = keywords;
    node->classdef.body = body;
    return node;
}

Node *ast_type_param(Arena *arena, Span span, Str name, Node *bound, int stars)
{
    Node *node = ast_new(arena, NODE_TYPE_PARAM, bound ? span_join(span, bound->span) : span);
    node->type_param.name = name;
    node->type_param.bound = bound;
    node->type_param.stars = stars;
    return node;
}

Node *ast_ann_assign(Arena *arena, Node *target, Node *annotation, Node *value)
{
    Span end = value ? value->span : annotation->span;
    Node *node = ast_new(arena, NODE_ANN_ASSIGN, span_join(target->span, end));
    node->ann_assign.target = target;
    node->ann_assign.annotation = annotation;
    node->ann_assign.value = value;
    return node;
}

Node *ast_with(Arena *arena, Span kw, NodeList items, NodeList body)
{
    Node *node = ast_new(arena, NODE_WITH, span_join(kw, list_end(body, kw)));
    node->with_stmt.items = items;
    node->with_stmt.body = body;
    return node;
}

Node *ast_with_item(Arena *arena, Node *context, Node *target)
{
    Node *node = ast_new(arena, NODE_WITH_ITEM,
                         target ? span_join(context->span, target->span) : context->span);
    node->with_item.context = context;
    node->with_item.target = target;
    return node;
}

Node *ast_try(Arena *arena, Span kw, NodeList body, NodeList handlers, NodeList else_body,
              NodeList finally_body)
{
    Span end = list_end(finally_body, list_end(else_body, list_end(handlers, list_end(body, kw))));
    Node *node = ast_new(arena, NODE_TRY, span_join(kw, end));
    node->try_stmt.body = body;
    node->try_stmt.handlers = handlers;
    node->try_stmt.else_body = else_body;
    node->try_stmt.finally_body = finally_body;
    return node;
}

Node *ast_except(Arena *arena, Span kw, Node *type, Str name, NodeList body)
{
    Node *node = ast_new(arena, NODE_EXCEPT, span_join(kw, list_end(body, kw)));
    node->except.type = type;
    node->except.name = name;
    node->except.body = body;
    return node;
}

Node *ast_raise(Arena *arena, Span kw, Node *exc, Node *cause)
{
    Span end = cause ? cause->span : exc ? exc->span : kw;
    Node *node = ast_new(arena, NODE_RAISE, span_join(kw, end));
    node->raise.exc = exc;
    node->raise.cause = cause;
    return node;
}

Node *ast_assert(Arena *arena, Span kw, Node *test, Node *msg)
{
    Node *node = ast_new(arena, NODE_ASSERT, span_join(kw, (msg ? msg : test)->span));
    node->assert_stmt.test = test;
    node->assert_stmt.msg = msg;
    return node;
}

Node *ast_delete(Arena *arena, Span kw, NodeList targets)
{
    Node *node = ast_new(arena, NODE_DELETE, span_join(kw, list_end(targets, kw)));
    node->delete.targets = targets;
    return node;
}

Node *ast_names(Arena *arena, NodeKind kind, Span kw, NodeList names)
{
    Node *node = ast_new(arena, kind, span_join(kw, list_end(names, kw)));
    node->names.names = names;
    return node;
}

Node *ast_match(Arena *arena, Span kw, Node *subject, NodeList cases)
{
    Node *node = ast_new(arena, NODE_MATCH, span_join(kw, list_end(cases, subject->span)));
    node->match.subject = subject;
    node->match.cases = cases;
    return node;
}

Node *ast_match_case(Arena *arena, Span kw, Node *pattern, Node *guard, NodeList body)
{
    Node *node = ast_new(arena, NODE_MATCH_CASE, span_join(kw, list_end(body, pattern->span)));
    node->match_case.pattern = pattern;
    node->match_case.guard = guard;
    node->match_case.body = body;
    return node;
}

Node *ast_type_alias(Arena *arena, Span kw, Node *name, NodeList type_params, Node *value)
{
    Node *node = ast_new(arena, NODE_TYPE_ALIAS, span_join(kw, value->span));
    node->type_alias.name = name;
    node->type_alias.type_params = type_params;
    node->type_alias.value = value;
    return node;
}

/* ---- expressions ---- */

Node *ast_name(Arena *arena, Span span, Str id)
{
    Node *node = ast_new(arena, NODE_NAME, span);
    node->name.id = id;
    return node;
}

Node *ast_int(Arena *arena, Span span, uint64_t value)
{
    Node *node = ast_new(arena, NODE_INT, span);
    node->int_lit.value = value;
    return node;
}

Node *ast_float(Arena *arena, Span span, double value)
{
    Node *node = ast_new(arena, NODE_FLOAT, span);
    node->float_lit.value = value;
    return node;
}

Node *ast_imag(Arena *arena, Span span, double value)
{
    Node *node = ast_new(arena, NODE_IMAG, span);
    node->float_lit.value = value;
    return node;
}

Node *ast_string(Arena *arena, Span span, Str value)
{
    Node *node = ast_new(arena, NODE_STRING, span);
    node->string.value = value;
    return node;
}

Node *ast_fstring(Arena *arena, Span span, NodeList parts)
{
    Node *node = ast_new(arena, NODE_FSTRING, span);
    node->fstring.parts = parts;
    return node;
}

Node *ast_formatted(Arena *arena, Span span, Node *value, char conversion, Node *spec)
{
    Node *node = ast_new(arena, NODE_FORMATTED, span);
    node->formatted.value = value;
    node->formatted.conversion = conversion;
    node->formatted.spec = spec;
    return node;
}

Node *ast_bool(Arena *arena, Span span, bool value)
{
    Node *node = ast_new(arena, NODE_BOOL, span);
    node->bool_lit.value = value;
    return node;
}

Node *ast_binop(Arena *arena, BinOpKind op, Node *left, Node *right)
{
    Node *node = ast_new(arena, NODE_BINOP, span_join(left->span, right->span));
    node->binop.op = op;
    node->binop.left = left;
    node->binop.right = right;
    return node;
}

Node *ast_unary(Arena *arena, UnaryOpKind op, Span op_span, Node *operand)
{
    Node *node = ast_new(arena, NODE_UNARY, span_join(op_span, operand->span));
    node->unary.op = op;
    node->unary.operand = operand;
    return node;
}

Node *ast_boolop(Arena *arena, BoolOpKind op, Node *left, Node *right)
{
    Node *node = ast_new(arena, NODE_BOOLOP, span_join(left->span, right->span));
    node->boolop.op = op;
    node->boolop.left = left;
    node->boolop.right = right;
    return node;
}

Node *ast_compare(Arena *arena, Node *left, CmpOpKind op, Node *right)
{
    Node *node = ast_new(arena, NODE_COMPARE, left->span);
    ast_list_push(arena, &node->compare.operands, left);
    ast_compare_extend(arena, node, op, right);
    return node;
}

/* Chains are short, so the ops array is simply copied one longer. */
void ast_compare_extend(Arena *arena, Node *compare, CmpOpKind op, Node *right)
{
    int count = compare->compare.operands.count - 1;
    CmpOpKind *ops = ARENA_ARRAY(arena, CmpOpKind, count + 1);
    if (count)
        memcpy(ops, compare->compare.ops, sizeof(CmpOpKind) * (size_t)count);
    ops[count] = op;
    compare->compare.ops = ops;
    ast_list_push(arena, &compare->compare.operands, right);
    compare->span = span_join(compare->span, right->span);
}

Node *ast_ifexp(Arena *arena, Node *body, Node *cond, Node *orelse)
{
    Node *node = ast_new(arena, NODE_IFEXP, span_join(body->span, orelse->span));
    node->ifexp.cond = cond;
    node->ifexp.body = body;
    node->ifexp.orelse = orelse;
    return node;
}

Node *ast_call(Arena *arena, Node *func, NodeList args, NodeList keywords, Span close)
{
    Node *node = ast_new(arena, NODE_CALL, span_join(func->span, close));
    node->call.func = func;
    node->call.args = args;
    node->call.keywords = keywords;
    return node;
}

Node *ast_keyword(Arena *arena, Span name_span, Str name, Node *value)
{
    Node *node = ast_new(arena, NODE_KEYWORD, span_join(name_span, value->span));
    node->keyword.name = name;
    node->keyword.value = value;
    return node;
}

Node *ast_subscript(Arena *arena, Node *value, Node *index, Span close)
{
    Node *node = ast_new(arena, NODE_SUBSCRIPT, span_join(value->span, close));
    node->subscript.value = value;
    node->subscript.index = index;
    return node;
}

Node *ast_attribute(Arena *arena, Node *value, Span attr_span, Str attr)
{
    Node *node = ast_new(arena, NODE_ATTRIBUTE, span_join(value->span, attr_span));
    node->attribute.value = value;
    node->attribute.attr = attr;
    return node;
}

Node *ast_tuple(Arena *arena, Span span, NodeList elts)
{
    Node *node = ast_new(arena, NODE_TUPLE, span);
    node->tuple.elts = elts;
    return node;
}

Node *ast_display(Arena *arena, NodeKind kind, Span span, NodeList elts)
{
    Node *node = ast_new(arena, kind, span);
    node->tuple.elts = elts;
    return node;
}

Node *ast_dict(Arena *arena, Span span, NodeList items)
{
    Node *node = ast_new(arena, NODE_DICT, span);
    node->dict.items = items;
    return node;
}

Node *ast_dict_item(Arena *arena, Span span, Node *key, Node *value)
{
    Node *node = ast_new(arena, NODE_DICT_ITEM, span);
    node->dict_item.key = key;
    node->dict_item.value = value;
    return node;
}

Node *ast_comprehension(Arena *arena, ComprehensionKind kind, Span span, Node *elt,
                        Node *value, NodeList generators)
{
    Node *node = ast_new(arena, NODE_COMPREHENSION, span);
    node->comprehension.kind = kind;
    node->comprehension.elt = elt;
    node->comprehension.value = value;
    node->comprehension.generators = generators;
    return node;
}

Node *ast_comp_for(Arena *arena, Span kw, Node *target, Node *iter)
{
    Node *node = ast_new(arena, NODE_COMP_FOR, span_join(kw, iter->span));
    node->comp_for.target = target;
    node->comp_for.iter = iter;
    return node;
}

Node *ast_lambda(Arena *arena, Span kw, NodeList params, Node *body)
{
    Node *node = ast_new(arena, NODE_LAMBDA, span_join(kw, body->span));
    node->lambda.params = params;
    node->lambda.body = body;
    return node;
}

Node *ast_starred(Arena *arena, Span star, Node *value)
{
    Node *node = ast_new(arena, NODE_STARRED, span_join(star, value->span));
    node->starred.value = value;
    return node;
}

Node *ast_named_expr(Arena *arena, Node *target, Node *value)
{
    Node *node = ast_new(arena, NODE_NAMED_EXPR, span_join(target->span, value->span));
    node->named_expr.target = target;
    node->named_expr.value = value;
    return node;
}

Node *ast_await(Arena *arena, Span kw, Node *value)
{
    Node *node = ast_new(arena, NODE_AWAIT, span_join(kw, value->span));
    node->await.value = value;
    return node;
}

Node *ast_yield(Arena *arena, Span kw, Node *value, bool from)
{
    Node *node = ast_new(arena, NODE_YIELD, value ? span_join(kw, value->span) : kw);
    node->yield.value = value;
    node->yield.from = from;
    return node;
}

Node *ast_match_as(Arena *arena, Node *pattern, Span name_span, Str name)
{
    Node *node = ast_new(arena, NODE_MATCH_AS, span_join(pattern->span, name_span));
    node->match_as.pattern = pattern;
    node->match_as.name = name;
    return node;
}

Node *ast_slice(Arena *arena, Span span, Node *lower, Node *upper, Node *step)
{
    Node *node = ast_new(arena, NODE_SLICE, span);
    node->slice.lower = lower;
    node->slice.upper = upper;
    node->slice.step = step;
    return node;
}

/* ---- walking ---- */

#define CHILD(label, field) walker->child(ctx, label, &node->field)
#define LIST(label, field) walker->list(ctx, label, &node->field)

/* One case per kind that has children, in source order: the table the
 * walk, the copy and the dump share. */
void ast_walk_children(Node *node, const AstWalker *walker, void *ctx)
{
    switch (node->kind) {
    case NODE_MODULE: LIST(NULL, module.body); break;
    case NODE_FUNCDEF:
        LIST("decorators", funcdef.decorators);
        LIST("type params", funcdef.type_params);
        LIST("params", funcdef.params);
        CHILD("returns", funcdef.returns);
        LIST("body", funcdef.body);
        break;
    case NODE_PARAM:
        CHILD("annotation", param.annotation);
        CHILD("default", param.default_value);
        break;
    case NODE_CLASSDEF:
        LIST("decorators", classdef.decorators);
        LIST("type params", classdef.type_params);
        LIST("bases", classdef.bases);
        LIST("keywords", classdef.keywords);
        LIST("body", classdef.body);
        break;
    case NODE_TYPE_PARAM: CHILD("bound", type_param.bound); break;
    case NODE_ASSIGN:
        LIST("targets", assign.targets);
        CHILD(NULL, assign.value);
        break;
    case NODE_AUG_ASSIGN:
        CHILD(NULL, aug_assign.target);
        CHILD(NULL, aug_assign.value);
        break;
    case NODE_ANN_ASSIGN:
        CHILD(NULL, ann_assign.target);
        CHILD("annotation", ann_assign.annotation);
        CHILD("value", ann_assign.value);
        break;
    case NODE_EXPR_STMT: CHILD(NULL, expr_stmt.value); break;
    case NODE_IF: case NODE_WHILE:
        CHILD(NULL, if_stmt.cond);
        LIST("body", if_stmt.body);
        LIST("else", if_stmt.else_body);
        break;
    case NODE_FOR:
        CHILD(NULL, for_stmt.target);
        CHILD(NULL, for_stmt.iter);
        LIST("body", for_stmt.body);
        LIST("else", for_stmt.else_body);
        break;
    case NODE_RETURN: CHILD(NULL, return_stmt.value); break;
    case NODE_WITH:
        LIST(NULL, with_stmt.items);
        LIST("body", with_stmt.body);
        break;
    case NODE_WITH_ITEM:
        CHILD(NULL, with_item.context);
        CHILD("as", with_item.target);
        break;
    case NODE_TRY:
        LIST("body", try_stmt.body);
        LIST(NULL, try_stmt.handlers);
        LIST("else", try_stmt.else_body);
        LIST("finally", try_stmt.finally_body);
        break;
    case NODE_EXCEPT:
        CHILD("type", except.type);
        LIST("body", except.body);
        break;
    case NODE_RAISE:
        CHILD(NULL, raise.exc);
        CHILD("from", raise.cause);
        break;
    case NODE_ASSERT:
        CHILD(NULL, assert_stmt.test);
        CHILD("message", assert_stmt.msg);
        break;
    case NODE_DELETE: LIST(NULL, delete.targets); break;
    case NODE_GLOBAL: case NODE_NONLOCAL: LIST(NULL, names.names); break;
    case NODE_MATCH:
        CHILD(NULL, match.subject);
        LIST(NULL, match.cases);
        break;
    case NODE_MATCH_CASE:
        CHILD(NULL, match_case.pattern);
        CHILD("guard", match_case.guard);
        LIST("body", match_case.body);
        break;
    case NODE_TYPE_ALIAS:
        CHILD(NULL, type_alias.name);
        LIST("type params", type_alias.type_params);
        CHILD(NULL, type_alias.value);
        break;
    case NODE_FSTRING: LIST(NULL, fstring.parts); break;
    case NODE_FORMATTED:
        CHILD(NULL, formatted.value);
        CHILD("spec", formatted.spec);
        break;
    case NODE_BINOP:
        CHILD(NULL, binop.left);
        CHILD(NULL, binop.right);
        break;
    case NODE_BOOLOP:
        CHILD(NULL, boolop.left);
        CHILD(NULL, boolop.right);
        break;
    case NODE_UNARY: CHILD(NULL, unary.operand); break;
    case NODE_COMPARE: LIST(NULL, compare.operands); break;
    case NODE_IFEXP:
        CHILD(NULL, ifexp.body);
        CHILD(NULL, ifexp.cond);
        CHILD(NULL, ifexp.orelse);
        break;
    case NODE_CALL:
        CHILD(NULL, call.func);
        LIST("args", call.args);
        LIST("keywords", call.keywords);
        break;
    case NODE_KEYWORD: CHILD(NULL, keyword.value); break;
    case NODE_SUBSCRIPT:
        CHILD(NULL, subscript.value);
        CHILD(NULL, subscript.index);
        break;
    case NODE_ATTRIBUTE: CHILD(NULL, attribute.value); break;
    case NODE_TUPLE: case NODE_LIST: case NODE_SET: LIST(NULL, tuple.elts); break;
    case NODE_DICT: LIST(NULL, dict.items); break;
    case NODE_DICT_ITEM:
        CHILD("key", dict_item.key);
        CHILD(NULL, dict_item.value);
        break;
    case NODE_COMPREHENSION:
        CHILD(NULL, comprehension.elt);
        CHILD("value", comprehension.value);
        LIST(NULL, comprehension.generators);
        break;
    case NODE_COMP_FOR:
        CHILD(NULL, comp_for.target);
        CHILD(NULL, comp_for.iter);
        LIST("if", comp_for.ifs);
        break;
    case NODE_LAMBDA:
        LIST("params", lambda.params);
        CHILD(NULL, lambda.body);
        break;
    case NODE_STARRED: CHILD(NULL, starred.value); break;
    case NODE_NAMED_EXPR:
        CHILD(NULL, named_expr.target);
        CHILD(NULL, named_expr.value);
        break;
    case NODE_AWAIT: CHILD(NULL, await.value); break;
    case NODE_YIELD: CHILD(NULL, yield.value); break;
    case NODE_MATCH_AS: CHILD(NULL, match_as.pattern); break;
    case NODE_SLICE:
        CHILD("lower", slice.lower);
        CHILD("upper", slice.upper);
        CHILD("step", slice.step);
        break;
    case NODE_CONVERT: CHILD(NULL, convert.operand); break;
    default: break;
    }
}

#undef CHILD
#undef LIST

typedef struct EachChild {
    AstVisit visit;
    void *ctx;
} EachChild;

static void each_child_one(void *ctx, const char *label, Node **slot)
{
    (void)label;
    EachChild *each = ctx;
    if (*slot)
        each->visit(each->ctx, *slot);
}

static void each_child_list(void *ctx, const char *label, NodeList *list)
{
    (void)label;
    EachChild *each = ctx;
    for (int i = 0; i < list->count; i++)
        each->visit(each->ctx, list->items[i]);
}

void ast_each_child(const Node *node, AstVisit visit, void *ctx)
{
    static const AstWalker walker = {each_child_one, each_child_list};
    EachChild each = {visit, ctx};
    /* The walk hands out slots; this one only reads them. */
    ast_walk_children((Node *)node, &walker, &each);
}

/* ---- names and spellings ---- */

const char *ast_kind_name(NodeKind kind)
{
    static const char *const names[] = {
#define NODE(kind, name) [NODE_##kind] = name,
#include "ast.def"
#undef NODE
    };
    return (unsigned)kind < NODE_KIND_COUNT ? names[kind] : "?";
}

const char *ast_binop_spelling(BinOpKind op)
{
    static const char *const spellings[] = {
        [BINOP_ADD] = "+",     [BINOP_SUB] = "-",       [BINOP_MUL] = "*",
        [BINOP_TRUEDIV] = "/", [BINOP_FLOORDIV] = "//", [BINOP_MOD] = "%",
        [BINOP_POW] = "**",    [BINOP_LSHIFT] = "<<",   [BINOP_RSHIFT] = ">>",
        [BINOP_BITAND] = "&",  [BINOP_BITOR] = "|",     [BINOP_BITXOR] = "^",
        [BINOP_MATMUL] = "@",
    };
    return (unsigned)op <= BINOP_MATMUL ? spellings[op] : "?";
}

const char *ast_unary_spelling(UnaryOpKind op)
{
    static const char *const spellings[] = {
        [UNARY_NEG] = "-", [UNARY_POS] = "+", [UNARY_INVERT] = "~", [UNARY_NOT] = "not",
    };
    return (unsigned)op <= UNARY_NOT ? spellings[op] : "?";
}

const char *ast_cmpop_spelling(CmpOpKind op)
{
    static const char *const spellings[] = {
        [CMP_LT] = "<",  [CMP_LE] = "<=", [CMP_GT] = ">",        [CMP_GE] = ">=",
        [CMP_EQ] = "==", [CMP_NE] = "!=", [CMP_IS] = "is",       [CMP_IS_NOT] = "is not",
        [CMP_IN] = "in", [CMP_NOT_IN] = "not in",
    };
    return (unsigned)op <= CMP_NOT_IN ? spellings[op] : "?";
}

const char *ast_boolop_spelling(BoolOpKind op)
{
    return op == BOOLOP_AND ? "and" : "or";
}
