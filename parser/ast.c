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

Node *ast_string(Arena *arena, Span span, Str value)
{
    Node *node = ast_new(arena, NODE_STRING, span);
    node->string.value = value;
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

Node *ast_slice(Arena *arena, Span span, Node *lower, Node *upper, Node *step)
{
    Node *node = ast_new(arena, NODE_SLICE, span);
    node->slice.lower = lower;
    node->slice.upper = upper;
    node->slice.step = step;
    return node;
}

/* ---- walking ---- */

static void visit_list(NodeList list, AstVisit visit, void *ctx)
{
    for (int i = 0; i < list.count; i++)
        visit(ctx, list.items[i]);
}

static void visit_some(int count, Node *const *children, AstVisit visit, void *ctx)
{
    for (int i = 0; i < count; i++)
        if (children[i])
            visit(ctx, children[i]);
}

/* One case per kind that has children; the cases are calls. */
void ast_each_child(const Node *node, AstVisit visit, void *ctx)
{
    switch (node->kind) {
    case NODE_MODULE: visit_list(node->module.body, visit, ctx); break;
    case NODE_FUNCDEF:
        visit_list(node->funcdef.decorators, visit, ctx);
        visit_list(node->funcdef.params, visit, ctx);
        visit_some(1, &node->funcdef.returns, visit, ctx);
        visit_list(node->funcdef.body, visit, ctx);
        break;
    case NODE_PARAM:
        visit_some(2, (Node *[]){node->param.annotation, node->param.default_value}, visit, ctx);
        break;
    case NODE_ASSIGN:
        visit_list(node->assign.targets, visit, ctx);
        visit_some(1, &node->assign.value, visit, ctx);
        break;
    case NODE_AUG_ASSIGN:
        visit_some(2, (Node *[]){node->aug_assign.target, node->aug_assign.value}, visit, ctx);
        break;
    case NODE_EXPR_STMT: visit_some(1, &node->expr_stmt.value, visit, ctx); break;
    case NODE_IF: case NODE_WHILE:
        visit_some(1, &node->if_stmt.cond, visit, ctx);
        visit_list(node->if_stmt.body, visit, ctx);
        visit_list(node->if_stmt.else_body, visit, ctx);
        break;
    case NODE_FOR:
        visit_some(2, (Node *[]){node->for_stmt.target, node->for_stmt.iter}, visit, ctx);
        visit_list(node->for_stmt.body, visit, ctx);
        visit_list(node->for_stmt.else_body, visit, ctx);
        break;
    case NODE_RETURN: visit_some(1, &node->return_stmt.value, visit, ctx); break;
    case NODE_BINOP: visit_some(2, (Node *[]){node->binop.left, node->binop.right}, visit, ctx); break;
    case NODE_BOOLOP: visit_some(2, (Node *[]){node->boolop.left, node->boolop.right}, visit, ctx); break;
    case NODE_UNARY: visit_some(1, &node->unary.operand, visit, ctx); break;
    case NODE_COMPARE: visit_list(node->compare.operands, visit, ctx); break;
    case NODE_IFEXP:
        visit_some(3, (Node *[]){node->ifexp.body, node->ifexp.cond, node->ifexp.orelse}, visit, ctx);
        break;
    case NODE_CALL:
        visit_some(1, &node->call.func, visit, ctx);
        visit_list(node->call.args, visit, ctx);
        visit_list(node->call.keywords, visit, ctx);
        break;
    case NODE_KEYWORD: visit_some(1, &node->keyword.value, visit, ctx); break;
    case NODE_SUBSCRIPT:
        visit_some(2, (Node *[]){node->subscript.value, node->subscript.index}, visit, ctx);
        break;
    case NODE_ATTRIBUTE: visit_some(1, &node->attribute.value, visit, ctx); break;
    case NODE_TUPLE: visit_list(node->tuple.elts, visit, ctx); break;
    case NODE_SLICE:
        visit_some(3, (Node *[]){node->slice.lower, node->slice.upper, node->slice.step}, visit, ctx);
        break;
    case NODE_CONVERT: visit_some(1, &node->convert.operand, visit, ctx); break;
    default: break;
    }
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
