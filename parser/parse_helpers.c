/* The helpers the grammar's actions call (grammar.y) where a node needs the
 * source text, a decision between forms, or one of the checks Python makes
 * while it parses: what may be assigned to, deleted or annotated, the order
 * of parameters and of call arguments, where `*x` and `x := y` may stand.
 * Errors are reported here and the node is still built, so the parse goes
 * on and later errors show too. In the order of the grammar. */
#include <string.h>

#include "parser_internal.h"

enum {
    /* How deep a statement's tree may be. The passes after the parser (sema,
     * codegen, the dump) recurse over the tree, so its depth must be bounded;
     * lemon's stack bounds nesting to the right, this chains to the left
     * (a + a + ... + a). */
    MAX_TREE_DEPTH = 2000,
};

/* ======================= module and statements ======================= */

typedef struct Depth {
    int limit;                /* how much deeper to look */
    int deepest;              /* of the children seen so far */
} Depth;

static int tree_depth(const Node *node, int limit);

static void measure_child(void *ctx, Node *child)
{
    Depth *depth = ctx;
    if (depth->deepest <= depth->limit) {
        int below = tree_depth(child, depth->limit);
        if (below > depth->deepest)
            depth->deepest = below;
    }
}

/* The depth of a tree, or limit + 1 if it is deeper: the recursion here
 * goes no deeper than `limit` either. */
static int tree_depth(const Node *node, int limit)
{
    if (limit == 0)
        return 1;
    Depth children = {limit - 1, 0};
    ast_each_child(node, measure_child, &children);
    return 1 + children.deepest;
}

typedef struct TooDeep {
    int limit;
    Node *found;              /* the first child deeper than limit */
} TooDeep;

static void find_too_deep(void *ctx, Node *child)
{
    TooDeep *too_deep = ctx;
    if (!too_deep->found && tree_depth(child, too_deep->limit) > too_deep->limit)
        too_deep->found = child;
}

/* Statements, not the parts of one (a parameter, an except clause). */
static bool is_statement(const Node *node)
{
    return node->kind > NODE_MODULE && node->kind < NODE_NAME && node->kind != NODE_PARAM &&
           node->kind != NODE_TYPE_PARAM && node->kind != NODE_WITH_ITEM &&
           node->kind != NODE_EXCEPT && node->kind != NODE_MATCH_CASE;
}

/* The innermost statement on a path deeper than the limit, found by going
 * down the too-deep children until an expression: the error points at the
 * statement that is too deep, not at the def around it. */
static const Node *too_deep_statement(const Node *node)
{
    const Node *statement = node;
    for (int limit = MAX_TREE_DEPTH; node->kind < NODE_NAME && limit > 0; limit--) {
        if (is_statement(node))
            statement = node;
        TooDeep too_deep = {limit - 1, NULL};
        ast_each_child(node, find_too_deep, &too_deep);
        if (!too_deep.found)
            break;
        node = too_deep.found;
    }
    return statement;
}

/* A statement too deep for the passes after the parser is reported and
 * left out (NULL). */
Node *parse_depth_checked(ParseState *ps, Node *node)
{
    if (!node || tree_depth(node, MAX_TREE_DEPTH) <= MAX_TREE_DEPTH)
        return node;
    diag_error(ps->diag, span_point(too_deep_statement(node)->span),
               "statement too deeply nested (more than %d levels)", MAX_TREE_DEPTH);
    return NULL;
}

void parse_module_add(ParseState *ps, NodeList statements)
{
    for (int i = 0; i < statements.count; i++)
        ast_list_push(ps->arena, &ps->module->module.body,
                      parse_size_checked(ps, parse_depth_checked(ps, statements.items[i])));
}

static bool is_parenthesized(const Node *node)
{
    return node->parens;
}

/* ======================= imports ======================= */

/* a.b.c: a view of the source when written without spaces, else a copy. */
Dotted parse_dotted(ParseState *ps, const Dotted *prefix, Token name)
{
    Str text = parse_token_text(name);
    if (!prefix)
        return (Dotted){text, name.span, 0};
    Span span = span_join(prefix->span, name.span);
    const char *source = span.src->text + span.begin;
    int len = (int)(span.end - span.begin);
    if (prefix->name.ptr == source && len == prefix->name.len + 1 + text.len)
        return (Dotted){{source, len}, span, 0};
    char *joined = arena_printf(ps->arena, "%.*s.%.*s", STR_ARG(prefix->name), STR_ARG(text));
    return (Dotted){str_from_cstr(joined), span, 0};
}

/* from ..pkg import x: level 2, module "pkg"; from . import x: module "" */
Dotted parse_relative_module(Dots dots, const Dotted *name)
{
    if (!name)
        return (Dotted){{"", 0}, dots.span, dots.count};
    return (Dotted){name->name, span_join(dots.span, name->span), dots.count};
}

/* The ImportFrom nodes of `from module import ...` get their module here. */
NodeList parse_import_from(ParseState *ps, Dotted module, NodeList names)
{
    (void)ps;
    for (int i = 0; i < names.count; i++) {
        names.items[i]->import_from.module = module.name;
        names.items[i]->import_from.level = module.level;
    }
    return names;
}

/* ======================= functions and classes ======================= */

Node *parse_decorate(ParseState *ps, NodeList decorators, Node *def)
{
    (void)ps;
    if (def->kind == NODE_FUNCDEF)
        def->funcdef.decorators = decorators;
    else
        def->classdef.decorators = decorators;
    return def;
}

/* The parameter list as Python orders it:
 *     positional-only, /, positional-or-keyword, *args or *, keyword-only, **kwargs
 * The markers are dropped; the parameters get their kinds. */
typedef struct ParamOrder {
    bool slash, star, varkw, default_seen;
    const Node *bare_star;    /* a '*' with no keyword-only parameter after it yet */
} ParamOrder;

static void mark_positional_only(NodeList *params)
{
    for (int i = 0; i < params->count; i++)
        params->items[i]->param.kind = PARAM_POSONLY;
}

/* '/' or '*': reported if out of place; nothing is added to the list. */
static void take_marker(ParseState *ps, ParamOrder *order, NodeList *out, const Node *marker)
{
    if (marker->param.kind == PARAM_POSONLY) {
        if (order->slash)
            diag_error(ps->diag, marker->span, "'/' may appear only once");
        else if (order->star)
            diag_error(ps->diag, marker->span, "'/' must be ahead of '*'");
        else if (out->count == 0)
            diag_error(ps->diag, marker->span, "at least one parameter must precede '/'");
        mark_positional_only(out);
        order->slash = true;
        return;
    }
    if (order->star)
        diag_error(ps->diag, marker->span, "'*' may appear only once");
    order->star = true;
    order->bare_star = marker;
}

static void check_duplicate(ParseState *ps, const NodeList *out, const Node *param)
{
    for (int i = 0; i < out->count; i++)
        if (str_eq(out->items[i]->param.name, param->param.name)) {
            diag_error(ps->diag, param->span, "duplicate parameter '%.*s' in function definition",
                       STR_ARG(param->param.name));
            return;
        }
}

static void take_param(ParseState *ps, ParamOrder *order, NodeList *out, Node *param)
{
    if (order->varkw)
        diag_error(ps->diag, param->span, "parameters cannot follow '**%.*s'",
                   STR_ARG(out->items[out->count - 1]->param.name));
    if (param->param.kind == PARAM_VARARGS) {
        if (order->star)
            diag_error(ps->diag, param->span, "'*' may appear only once");
        order->star = true;
    } else if (param->param.kind == PARAM_VARKW) {
        order->varkw = true;
    } else if (order->star) {
        param->param.kind = PARAM_KWONLY;
        order->bare_star = NULL;
    } else if (param->param.default_value) {
        order->default_seen = true;
    } else if (order->default_seen) {
        diag_error(ps->diag, param->span, "parameter without a default follows parameter with a default");
    }
    check_duplicate(ps, out, param);
    ast_list_push(ps->arena, out, param);
}

static NodeList parse_params(ParseState *ps, NodeList written)
{
    NodeList out = {0};
    ParamOrder order = {0};
    for (int i = 0; i < written.count; i++) {
        Node *param = written.items[i];
        if (param->param.name.len == 0)
            take_marker(ps, &order, &out, param);
        else
            take_param(ps, &order, &out, param);
    }
    if (order.bare_star)
        diag_error(ps->diag, order.bare_star->span, "named parameters must follow bare '*'");
    return out;
}

Node *parse_param_marker(ParseState *ps, Token star, const Token *name, Node *annotation,
                         ParamKind kind)
{
    Span span = name ? span_join(star.span, name->span) : star.span;
    Str text = name ? parse_token_text(*name) : (Str){"", 0};
    Node *param = ast_param(ps->arena, span, text, annotation, NULL);
    param->param.kind = kind;
    return param;
}

Node *parse_funcdef(ParseState *ps, Token kw, Token name, NodeList type_params, NodeList params,
                    Node *returns, NodeList body, bool is_async)
{
    Node *def = ast_funcdef(ps->arena, kw.span, parse_token_text(name), (NodeList){0},
                            parse_params(ps, params), returns, body);
    def->funcdef.type_params = type_params;
    def->funcdef.is_async = is_async;
    return def;
}

Node *parse_classdef(ParseState *ps, Token kw, Token name, NodeList type_params, CallArgs args,
                     NodeList body)
{
    Node *def = ast_classdef(ps->arena, kw.span, parse_token_text(name), args.args, args.keywords,
                             body);
    def->classdef.type_params = type_params;
    return def;
}

Node *parse_lambda(ParseState *ps, Token kw, NodeList params, Node *body)
{
    return ast_lambda(ps->arena, kw.span, parse_params(ps, params), body);
}

/* ======================= targets ======================= */

/* What an expression that cannot be assigned to is called, or NULL for a
 * target (a name, attribute or subscript, a tuple or list of targets). */
static const char *unassignable(const Node *node)
{
    switch (node->kind) {
    case NODE_NAME: case NODE_ATTRIBUTE: case NODE_SUBSCRIPT: case NODE_TUPLE: case NODE_LIST:
    case NODE_STARRED:
        return NULL;
    case NODE_CALL: return "function call";
    case NODE_INT: case NODE_FLOAT: case NODE_IMAG: case NODE_STRING: case NODE_FSTRING:
    case NODE_ELLIPSIS:
        return "literal";
    case NODE_BOOL: return node->bool_lit.value ? "True" : "False";
    case NODE_NONE: return "None";
    case NODE_COMPARE: return "comparison";
    case NODE_IFEXP: return "conditional expression";
    case NODE_NAMED_EXPR: return "named expression";
    case NODE_LAMBDA: return "lambda";
    case NODE_COMPREHENSION: return "comprehension";
    case NODE_DICT: return "dict literal";
    case NODE_SET: return "set display";
    case NODE_AWAIT: return "await expression";
    case NODE_YIELD: return "yield expression";
    default: return "expression";
    }
}

/* Reports the first part of a target that cannot be assigned to; a
 * starred target must be an element of a tuple or list. */
static bool check_target(ParseState *ps, const Node *target, bool in_sequence)
{
    if (target->kind == NODE_TUPLE || target->kind == NODE_LIST) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            if (!check_target(ps, target->tuple.elts.items[i], true))
                return false;
        return true;
    }
    if (target->kind == NODE_STARRED) {
        if (!in_sequence) {
            diag_error(ps->diag, target->span, "starred assignment target must be in a list or tuple");
            return false;
        }
        return check_target(ps, target->starred.value, false);
    }
    const char *what = unassignable(target);
    if (what)
        diag_error(ps->diag, target->span, "cannot assign to %s", what);
    return !what;
}

Node *parse_assign(ParseState *ps, NodeList targets, Node *value)
{
    for (int i = 0; i < targets.count; i++)
        check_target(ps, targets.items[i], false);
    return ast_assign(ps->arena, targets, value);
}

/* target op= value: one name, attribute or subscript */
Node *parse_aug_assign(ParseState *ps, Node *target, BinOpKind op, Node *value)
{
    bool single = target->kind == NODE_NAME || target->kind == NODE_ATTRIBUTE ||
                  target->kind == NODE_SUBSCRIPT;
    const char *what = target->kind == NODE_TUPLE ? "tuple"
                       : target->kind == NODE_LIST ? "list"
                       : single ? NULL : unassignable(target);
    if (what || (!single && target->kind == NODE_STARRED))
        diag_error(ps->diag, target->span, "'%s' is an illegal expression for augmented assignment",
                   what ? what : "starred");
    return ast_aug_assign(ps->arena, op, target, value);
}

/* x: int [= value]: one name (maybe parenthesized), attribute or subscript */
Node *parse_ann_assign(ParseState *ps, Node *target, Node *annotation, Node *value)
{
    if (target->kind == NODE_TUPLE || target->kind == NODE_LIST)
        diag_error(ps->diag, target->span, "only single target (not %s) can be annotated",
                   target->kind == NODE_TUPLE ? "tuple" : "list");
    else if (target->kind != NODE_NAME && target->kind != NODE_ATTRIBUTE &&
             target->kind != NODE_SUBSCRIPT)
        diag_error(ps->diag, target->span, "illegal target for annotation");
    return ast_ann_assign(ps->arena, target, annotation, value);
}

static void check_deletable(ParseState *ps, const Node *target)
{
    if (target->kind == NODE_TUPLE || target->kind == NODE_LIST) {
        for (int i = 0; i < target->tuple.elts.count; i++)
            check_deletable(ps, target->tuple.elts.items[i]);
        return;
    }
    if (target->kind != NODE_NAME && target->kind != NODE_ATTRIBUTE &&
        target->kind != NODE_SUBSCRIPT)
        diag_error(ps->diag, target->span, "cannot delete %s",
                   target->kind == NODE_STARRED ? "starred" : unassignable(target));
}

/* del a, b[0]: a tuple written without parentheses is several targets */
Node *parse_delete(ParseState *ps, Token kw, Node *targets)
{
    NodeList list = targets->kind == NODE_TUPLE && !is_parenthesized(targets)
                        ? targets->tuple.elts
                        : ast_list_of(ps->arena, targets);
    for (int i = 0; i < list.count; i++)
        check_deletable(ps, list.items[i]);
    return ast_delete(ps->arena, kw.span, list);
}

/* A value standing alone (an expression statement, what is assigned,
 * returned or yielded): `x := y` must be inside parentheses. (`*x` outside
 * a tuple is syntax_check.c's to report.) */
Node *parse_statement_value(ParseState *ps, Node *value)
{
    if (value->kind == NODE_NAMED_EXPR && !is_parenthesized(value)) {
        diag_error(ps->diag, value->span, "an assignment expression (':=') needs parentheses here");
        return value;
    }
    if (value->kind == NODE_TUPLE && !is_parenthesized(value))
        for (int i = 0; i < value->tuple.elts.count; i++) {
            const Node *elt = value->tuple.elts.items[i];
            if (elt->kind == NODE_NAMED_EXPR && !is_parenthesized(elt))
                diag_error(ps->diag, elt->span, "an assignment expression (':=') needs parentheses here");
        }
    return value;
}

/* ======================= compound statements ======================= */

Node *parse_for(ParseState *ps, Token kw, Node *target, Node *iter, NodeList body,
                NodeList else_body, bool is_async)
{
    check_target(ps, target, false);
    Node *node = ast_for(ps->arena, kw.span, target, parse_statement_value(ps, iter), body, else_body);
    node->for_stmt.is_async = is_async;
    return node;
}

/* `with (a as b, c):` arrives as one item whose context is a parenthesized
 * tuple (parse_paren_items): its elements are the items. */
static NodeList expand_parenthesized_items(ParseState *ps, NodeList items)
{
    if (items.count != 1 || items.items[0]->with_item.target)
        return items;
    Node *group = items.items[0]->with_item.context;
    if (group->kind != NODE_TUPLE || group->tuple.elts.count == 0 || !is_parenthesized(group))
        return items;
    NodeList expanded = {0};
    for (int i = 0; i < group->tuple.elts.count; i++) {
        Node *elt = group->tuple.elts.items[i];
        ast_list_push(ps->arena, &expanded,
                      elt->kind == NODE_WITH_ITEM ? elt : ast_with_item(ps->arena, elt, NULL));
    }
    return expanded;
}

Node *parse_with(ParseState *ps, Token kw, NodeList items, NodeList body, bool is_async)
{
    items = expand_parenthesized_items(ps, items);
    for (int i = 0; i < items.count; i++)
        if (items.items[i]->with_item.target)
            check_target(ps, items.items[i]->with_item.target, false);
    Node *node = ast_with(ps->arena, kw.span, items, body);
    node->with_stmt.is_async = is_async;
    return node;
}

Node *parse_except_star(ParseState *ps, Node *handler)
{
    (void)ps;
    handler->except.star = true;
    return handler;
}

/* except clauses: a bare `except:` last, and `except` or `except*`, not both */
Node *parse_try(ParseState *ps, Token kw, NodeList body, NodeList handlers, NodeList else_body,
                NodeList finally_body)
{
    for (int i = 0; i < handlers.count; i++) {
        const Node *handler = handlers.items[i];
        if (!handler->except.type && i + 1 < handlers.count)
            diag_error(ps->diag, handler->span, "default 'except:' must be last");
        if (handler->except.star != handlers.items[0]->except.star) {
            diag_error(ps->diag, handler->span, "cannot have both 'except' and 'except*' on the same 'try'");
            break;
        }
    }
    Node *node = ast_try(ps->arena, kw.span, body, handlers, else_body, finally_body);
    node->try_stmt.star = handlers.count > 0 && handlers.items[0]->except.star;
    return node;
}

/* ======================= patterns ======================= */

ItemList parse_items_of(ParseState *ps, Node *item, bool trailing_comma)
{
    return (ItemList){ast_list_of(ps->arena, item), trailing_comma};
}

/* `case a, *rest:` and `(a, b)`: a sequence; `case (p):` one pattern */
Node *parse_pattern_seq(ParseState *ps, ItemList items, bool bracketed)
{
    (void)bracketed;
    Node *first = items.items.items[0];
    if (items.items.count == 1 && !items.trailing_comma)
        return first;
    Node *last = items.items.items[items.items.count - 1];
    return ast_tuple(ps->arena, span_join(first->span, last->span), items.items);
}

/* {key: pattern}: a key is a literal or a dotted name (a value), never a
 * bare name, which would be a capture. */
Node *parse_mapping_key(ParseState *ps, Node *key, Node *value)
{
    if (key->kind == NODE_NAME)
        diag_error(ps->diag, key->span, "mapping pattern keys may only match literals and attribute lookups");
    return ast_dict_item(ps->arena, span_join(key->span, value->span), key, value);
}

/* ======================= calls and subscripts ======================= */

static bool has_unpacked_keywords(const CallArgs *args)
{
    for (int i = 0; i < args->keywords.count; i++)
        if (args->keywords.items[i]->keyword.name.len == 0)
            return true;
    return false;
}

/* Python's order: positional arguments and *iterables, then keywords,
 * *iterables and **mappings, with no positional argument after a keyword
 * and no *iterable after a **mapping. */
void parse_arg_push(ParseState *ps, CallArgs *args, Node *arg)
{
    if (arg->kind != NODE_KEYWORD) {
        bool unpacked = has_unpacked_keywords(args);
        if (arg->kind == NODE_STARRED && unpacked)
            diag_error(ps->diag, arg->span, "iterable argument unpacking follows keyword argument unpacking");
        else if (arg->kind != NODE_STARRED && args->keywords.count > 0)
            diag_error(ps->diag, arg->span, unpacked ? "positional argument follows keyword argument unpacking"
                                                     : "positional argument follows keyword argument");
        ast_list_push(ps->arena, &args->args, arg);
        return;
    }
    for (int i = 0; arg->keyword.name.len && i < args->keywords.count; i++) {
        if (str_eq(args->keywords.items[i]->keyword.name, arg->keyword.name)) {
            diag_error(ps->diag, arg->span, "keyword argument '%.*s' is repeated",
                       STR_ARG(arg->keyword.name));
            break;
        }
    }
    ast_list_push(ps->arena, &args->keywords, arg);
}

/* f(x for x in y) needs no parentheses of its own, but only as the sole
 * argument. */
Node *parse_call(ParseState *ps, Node *func, CallArgs args, Token close)
{
    int count = args.args.count + args.keywords.count;
    for (int i = 0; count > 1 && i < args.args.count; i++) {
        const Node *arg = args.args.items[i];
        if (arg->kind == NODE_COMPREHENSION && arg->comprehension.kind == COMP_GENERATOR &&
            !is_parenthesized(arg))
            diag_error(ps->diag, arg->span, "generator expression must be parenthesized");
    }
    return ast_call(ps->arena, func, args.args, args.keywords, close.span);
}

/* lower:upper[:step], each part optional: the slice spans its first token
 * to its last. */
Node *parse_slice(ParseState *ps, Node *lower, Token colon, Node *upper,
                  const Token *colon2, Node *step)
{
    Span span = lower ? span_join(lower->span, colon.span) : colon.span;
    if (upper)
        span = span_join(span, upper->span);
    if (colon2)
        span = span_join(span, colon2->span);
    if (step)
        span = span_join(span, step->span);
    return ast_slice(ps->arena, span, lower, upper, step);
}

/* ======================= atoms ======================= */

Node *parse_int(ParseState *ps, Token token)
{
    return ast_int(ps->arena, token.span, lex_int_value(token));
}

Node *parse_float(ParseState *ps, Token token)
{
    return ast_float(ps->arena, token.span, lex_float_value(token));
}

/* 2j: the float before the 'j', which lex_float_value stops at */
Node *parse_imag(ParseState *ps, Token token)
{
    return ast_imag(ps->arena, token.span, lex_float_value(token));
}

/* What is between parentheses: one item is itself (`(*x)` is an error
 * syntax_check.c reports), more or a trailing comma a tuple; `as` items
 * stay in a tuple for parse_with (anywhere else syntax_check.c reports
 * them). */
Node *parse_paren_items(ParseState *ps, ItemList items)
{
    Node *first = items.items.items[0];
    if (items.items.count == 1 && !items.trailing_comma && first->kind != NODE_WITH_ITEM)
        return first;
    return ast_tuple(ps->arena, first->span, items.items);
}

/* (x) is x, its span widened to the parentheses, so that an operator with
 * a parenthesized left operand starts where CPython says it does. */
Node *parse_parens(Token open, Node *inner, Token close)
{
    inner->span = span_join(open.span, close.span);
    inner->parens = true;
    return inner;
}

static bool has_prefix(Token token, char letter)
{
    const char *text = token.span.src->text + token.span.begin;
    for (; *text != '\'' && *text != '"' && *text; text++)
        if ((*text | 0x20) == letter)
            return true;
    return false;
}

Node *parse_string(ParseState *ps, Token token)
{
    if (has_prefix(token, 'f'))
        return parse_fstring(ps, token);
    Node *node = ast_string(ps->arena, token.span, lex_string_value(ps->arena, ps->diag, token));
    node->string.bytes = has_prefix(token, 'b');
    return node;
}

/* An f-string's parts with a string or f-string's after them. */
static Node *join_fstring(ParseState *ps, Node *left, Node *right)
{
    Node *joined = left->kind == NODE_FSTRING
                       ? left
                       : ast_fstring(ps->arena, left->span, ast_list_of(ps->arena, left));
    if (right->kind == NODE_FSTRING)
        ast_list_append(ps->arena, &joined->fstring.parts, right->fstring.parts);
    else
        ast_list_push(ps->arena, &joined->fstring.parts, right);
    joined->span = span_join(left->span, right->span);
    return joined;
}

/* "a" "b": one String with both contents (or one JoinedStr with an
 * f-string); bytes only with bytes. */
Node *parse_string_concat(ParseState *ps, Node *strings, Token token)
{
    Node *next = parse_string(ps, token);
    bool left_bytes = strings->kind == NODE_STRING && strings->string.bytes;
    bool right_bytes = next->kind == NODE_STRING && next->string.bytes;
    if (left_bytes != right_bytes) {
        diag_error(ps->diag, token.span, "cannot mix bytes and nonbytes literals");
        return strings;
    }
    if (strings->kind == NODE_FSTRING || next->kind == NODE_FSTRING)
        return join_fstring(ps, strings, next);
    Str value = strings->string.value, more = next->string.value;
    char *joined = arena_alloc(ps->arena, (size_t)value.len + (size_t)more.len + 1);
    memcpy(joined, value.ptr, (size_t)value.len);
    memcpy(joined + value.len, more.ptr, (size_t)more.len);
    strings->string.value = (Str){joined, value.len + more.len};
    strings->span = span_join(strings->span, token.span);
    return strings;
}

/* [a, b] and {a, b}: the elements of the bracketed expression list (a
 * parenthesized tuple inside is one element). */
Node *parse_display(ParseState *ps, NodeKind kind, Token open, Node *inner, Token close)
{
    NodeList elts;
    if (inner->kind == NODE_TUPLE && inner->tuple.elts.count &&
        inner->span.begin == inner->tuple.elts.items[0]->span.begin)
        elts = inner->tuple.elts;
    else
        elts = ast_list_of(ps->arena, inner);
    return ast_display(ps->arena, kind, span_join(open.span, close.span), elts);
}

/* A comprehension spans its brackets; a generator that is a call's sole
 * argument has none, and spans its element to its last clause. */
Node *parse_comprehension(ParseState *ps, ComprehensionKind kind, Span span, const Token *open,
                          Node *elt, Node *value, NodeList generators, const Token *close)
{
    if (!open && !close && generators.count) {
        const Node *last = generators.items[generators.count - 1];
        span = span_join(elt->span, last->span);
        if (last->comp_for.ifs.count)
            span = span_join(span, last->comp_for.ifs.items[last->comp_for.ifs.count - 1]->span);
    }
    for (int i = 0; i < generators.count; i++)
        check_target(ps, generators.items[i]->comp_for.target, false);
    Node *node = ast_comprehension(ps->arena, kind, span, elt, value, generators);
    node->parens = open && kind == COMP_GENERATOR;
    return node;
}

Node *parse_async_comp_for(Node *comp_for)
{
    comp_for->comp_for.is_async = true;
    return comp_for;
}
