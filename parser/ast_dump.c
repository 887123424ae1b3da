/* The tree as text, for `pykc compile --dump-ast` and, after sema,
 * `--dump-types`. One node per line, indented two spaces per depth:
 *
 *     Kind[ DATA] LINE:COL[ : TYPE[ = CONST]][ in TYPES]
 *
 * Kind is the name from ast.def. DATA is the node's own fields: names and
 * operators quoted ('x', '+=', 'is not'), literal values as Python writes
 * them (42, 1.5, 1e+100, 'a\n', True). LINE:COL is where the node's span
 * begins, in the file (1-based, COL in bytes). Once sema has typed a node,
 * TYPE is its type's name and CONST its compile-time value, if it has one;
 * " in TYPES" is what an AugAssign computes in, or each pair of a Compare.
 *
 * Children follow one level deeper, in source order: those every node of
 * its kind has come bare; lists and optional children come under a label
 * line (body:, else:, ...) one level deeper still, and a label is left out
 * when its list is empty or its child absent:
 *
 *     Module                  statements
 *     Import 'a.b'[ as 'c']
 *     ImportFrom 'a.b' 'x'[ as 'y']
 *     FunctionDef 'f'         decorators: params: returns: body:
 *     Param 'x'               annotation: default:
 *     Assign                  targets:, then the value
 *     AugAssign '+='          target, value
 *     Expr                    value
 *     If, While               condition, body: else:
 *     For                     target, iterable, body: else:
 *     Return                  the value, if any
 *     BinOp '+', BoolOp 'and' left, right
 *     UnaryOp '-'             operand
 *     Compare '<' '<='        the operands
 *     IfExp                   body, condition, else value
 *     Call                    function, args: keywords:
 *     Keyword 'name'          value
 *     Subscript               value, index
 *     Attribute 'attr'        value
 *     Tuple                   the elements
 *     Slice                   lower: upper: step:
 *     Convert                 operand
 *
 * Name, Int, Float, String, Bool, None, Break, Continue and Pass have no
 * children. A Name with an empty id ('') stands for a construct the parser
 * reported as unsupported. */
#include "ast.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../sema/types.h"

static void dump_node(FILE *out, const Node *node, int depth);

static void indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", out);
}

/* 'text', with quotes, backslashes and control bytes escaped. */
static void print_quoted(FILE *out, Str text)
{
    fputc('\'', out);
    for (int i = 0; i < text.len; i++) {
        unsigned char c = (unsigned char)text.ptr[i];
        if (c == '\'' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('\'', out);
}

/* The shortest %g that reads back as the same double, with ".0" added
 * where it would look like an integer. */
static void print_float(FILE *out, double value)
{
    char text[40];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, value);
        if (strtod(text, NULL) == value)
            break;
    }
    fputs(text, out);
    if (!strpbrk(text, ".en"))
        fputs(".0", out);
}

static void print_const(FILE *out, const Node *node)
{
    const ConstValue *konst = &node->konst;
    fputs(" = ", out);
    if (konst->kind == CONST_BOOL)
        fputs(konst->b ? "True" : "False", out);
    else if (konst->kind == CONST_FLOAT)
        print_float(out, konst->f);
    else if (node->type && node->type->kind == TYPE_INT && !node->type->is_signed)
        fprintf(out, "%" PRIu64, (uint64_t)konst->i);
    else
        fprintf(out, "%" PRId64, konst->i);
}

/* The types sema computed in besides the node's own: " in T" or " in T1, T2". */
static void print_compute_types(FILE *out, const Node *node)
{
    if (node->kind == NODE_AUG_ASSIGN && node->aug_assign.compute_type) {
        fprintf(out, " in %s", node->aug_assign.compute_type->name);
    } else if (node->kind == NODE_COMPARE && node->compare.pair_types) {
        for (int i = 0; i + 1 < node->compare.operands.count; i++) {
            const Type *type = node->compare.pair_types[i];
            fprintf(out, "%s%s", i ? ", " : " in ", type ? type->name : "?");
        }
    }
}

static void print_alias(FILE *out, Str alias)
{
    if (alias.len) {
        fputs(" as ", out);
        print_quoted(out, alias);
    }
}

/* The node's own fields, after its kind. */
static void print_data(FILE *out, const Node *node)
{
    switch (node->kind) {
    case NODE_IMPORT:
        fputc(' ', out);
        print_quoted(out, node->import.module);
        print_alias(out, node->import.alias);
        break;
    case NODE_IMPORT_FROM:
        fputc(' ', out);
        print_quoted(out, node->import_from.module);
        fputc(' ', out);
        print_quoted(out, node->import_from.name);
        print_alias(out, node->import_from.alias);
        break;
    case NODE_FUNCDEF: fputc(' ', out); print_quoted(out, node->funcdef.name); break;
    case NODE_PARAM: fputc(' ', out); print_quoted(out, node->param.name); break;
    case NODE_AUG_ASSIGN: fprintf(out, " '%s='", ast_binop_spelling(node->aug_assign.op)); break;
    case NODE_NAME: fputc(' ', out); print_quoted(out, node->name.id); break;
    case NODE_INT: fprintf(out, " %" PRIu64, node->int_lit.value); break;
    case NODE_FLOAT: fputc(' ', out); print_float(out, node->float_lit.value); break;
    case NODE_STRING: fputc(' ', out); print_quoted(out, node->string.value); break;
    case NODE_BOOL: fputs(node->bool_lit.value ? " True" : " False", out); break;
    case NODE_BINOP: fprintf(out, " '%s'", ast_binop_spelling(node->binop.op)); break;
    case NODE_UNARY: fprintf(out, " '%s'", ast_unary_spelling(node->unary.op)); break;
    case NODE_BOOLOP: fprintf(out, " '%s'", ast_boolop_spelling(node->boolop.op)); break;
    case NODE_COMPARE:
        for (int i = 0; i + 1 < node->compare.operands.count; i++)
            fprintf(out, " '%s'", ast_cmpop_spelling(node->compare.ops[i]));
        break;
    case NODE_KEYWORD: fputc(' ', out); print_quoted(out, node->keyword.name); break;
    case NODE_ATTRIBUTE: fputc(' ', out); print_quoted(out, node->attribute.attr); break;
    default: break;
    }
}

static void print_head(FILE *out, const Node *node, int depth)
{
    indent(out, depth);
    fputs(ast_kind_name(node->kind), out);
    print_data(out, node);
    if (node->span.src) {
        SourceLoc loc = source_locate(node->span.src, node->span.begin);
        fprintf(out, " %d:%d", loc.line, loc.col);
    } else {
        fputs(" ?:?", out);
    }
    if (node->type) {
        fprintf(out, " : %s", node->type->name);
        if (node->konst.kind != CONST_NONE)
            print_const(out, node);
    }
    print_compute_types(out, node);
    fputc('\n', out);
}

static void dump_list(FILE *out, NodeList list, int depth)
{
    for (int i = 0; i < list.count; i++)
        dump_node(out, list.items[i], depth);
}

static void dump_labeled_list(FILE *out, const char *label, NodeList list, int depth)
{
    if (list.count == 0)
        return;
    indent(out, depth);
    fprintf(out, "%s:\n", label);
    dump_list(out, list, depth + 1);
}

static void dump_labeled(FILE *out, const char *label, const Node *node, int depth)
{
    if (!node)
        return;
    indent(out, depth);
    fprintf(out, "%s:\n", label);
    dump_node(out, node, depth + 1);
}

/* One case per kind: its children in source order. */
static void dump_children(FILE *out, const Node *node, int depth)
{
    switch (node->kind) {
    case NODE_MODULE:
        dump_list(out, node->module.body, depth);
        break;
    case NODE_FUNCDEF:
        dump_labeled_list(out, "decorators", node->funcdef.decorators, depth);
        dump_labeled_list(out, "params", node->funcdef.params, depth);
        dump_labeled(out, "returns", node->funcdef.returns, depth);
        dump_labeled_list(out, "body", node->funcdef.body, depth);
        break;
    case NODE_PARAM:
        dump_labeled(out, "annotation", node->param.annotation, depth);
        dump_labeled(out, "default", node->param.default_value, depth);
        break;
    case NODE_ASSIGN:
        dump_labeled_list(out, "targets", node->assign.targets, depth);
        dump_node(out, node->assign.value, depth);
        break;
    case NODE_AUG_ASSIGN:
        dump_node(out, node->aug_assign.target, depth);
        dump_node(out, node->aug_assign.value, depth);
        break;
    case NODE_EXPR_STMT: dump_node(out, node->expr_stmt.value, depth); break;
    case NODE_IF: case NODE_WHILE:
        dump_node(out, node->if_stmt.cond, depth);
        dump_labeled_list(out, "body", node->if_stmt.body, depth);
        dump_labeled_list(out, "else", node->if_stmt.else_body, depth);
        break;
    case NODE_FOR:
        dump_node(out, node->for_stmt.target, depth);
        dump_node(out, node->for_stmt.iter, depth);
        dump_labeled_list(out, "body", node->for_stmt.body, depth);
        dump_labeled_list(out, "else", node->for_stmt.else_body, depth);
        break;
    case NODE_RETURN:
        if (node->return_stmt.value)
            dump_node(out, node->return_stmt.value, depth);
        break;
    case NODE_BINOP:
        dump_node(out, node->binop.left, depth);
        dump_node(out, node->binop.right, depth);
        break;
    case NODE_BOOLOP:
        dump_node(out, node->boolop.left, depth);
        dump_node(out, node->boolop.right, depth);
        break;
    case NODE_UNARY: dump_node(out, node->unary.operand, depth); break;
    case NODE_COMPARE: dump_list(out, node->compare.operands, depth); break;
    case NODE_IFEXP:
        dump_node(out, node->ifexp.body, depth);
        dump_node(out, node->ifexp.cond, depth);
        dump_node(out, node->ifexp.orelse, depth);
        break;
    case NODE_CALL:
        dump_node(out, node->call.func, depth);
        dump_labeled_list(out, "args", node->call.args, depth);
        dump_labeled_list(out, "keywords", node->call.keywords, depth);
        break;
    case NODE_KEYWORD: dump_node(out, node->keyword.value, depth); break;
    case NODE_SUBSCRIPT:
        dump_node(out, node->subscript.value, depth);
        dump_node(out, node->subscript.index, depth);
        break;
    case NODE_ATTRIBUTE: dump_node(out, node->attribute.value, depth); break;
    case NODE_TUPLE: dump_list(out, node->tuple.elts, depth); break;
    case NODE_SLICE:
        dump_labeled(out, "lower", node->slice.lower, depth);
        dump_labeled(out, "upper", node->slice.upper, depth);
        dump_labeled(out, "step", node->slice.step, depth);
        break;
    case NODE_CONVERT: dump_node(out, node->convert.operand, depth); break;
    default: break;
    }
}

static void dump_node(FILE *out, const Node *node, int depth)
{
    if (!node) {
        indent(out, depth);
        fputs("<null>\n", out);
        return;
    }
    print_head(out, node, depth);
    dump_children(out, node, depth + 1);
}

void ast_dump(FILE *out, const Node *node)
{
    dump_node(out, node, 0);
}
