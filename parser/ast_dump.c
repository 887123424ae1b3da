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
#include <math.h>
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

/* As Python writes a complex with a real part: (1.0+2.0j), (-0.0-1.0j). */
static void print_complex(FILE *out, double re, double im)
{
    fputc('(', out);
    print_float(out, re);
    if (!signbit(im))
        fputc('+', out);
    print_float(out, im);
    fputs("j)", out);
}

static void print_const(FILE *out, const Node *node)
{
    const ConstValue *konst = &node->konst;
    fputs(" = ", out);
    if (konst->kind == CONST_BOOL)
        fputs(konst->b ? "True" : "False", out);
    else if (konst->kind == CONST_FLOAT)
        print_float(out, konst->f);
    else if (konst->kind == CONST_COMPLEX)
        print_complex(out, konst->c.re, konst->c.im);
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

static const char *param_kind_marker(ParamKind kind)
{
    switch (kind) {
    case PARAM_POSONLY: return " positional-only";
    case PARAM_KWONLY: return " keyword-only";
    case PARAM_VARARGS: return " *";
    case PARAM_VARKW: return " **";
    default: return "";
    }
}

static const char *comprehension_name(ComprehensionKind kind)
{
    static const char *const names[] = {
        [COMP_LIST] = "list", [COMP_SET] = "set", [COMP_DICT] = "dict", [COMP_GENERATOR] = "generator",
    };
    return names[kind];
}

static void print_import_from(FILE *out, const Node *node)
{
    fputs(" '", out);
    for (int i = 0; i < node->import_from.level; i++)
        fputc('.', out);
    fprintf(out, "%.*s' ", STR_ARG(node->import_from.module));
    print_quoted(out, node->import_from.name);
    print_alias(out, node->import_from.alias);
}

static void print_name(FILE *out, Str name)
{
    fputc(' ', out);
    print_quoted(out, name);
}

/* The node's own fields, after its kind. */
static void print_data(FILE *out, const Node *node)
{
    switch (node->kind) {
    case NODE_IMPORT:
        print_name(out, node->import.module);
        print_alias(out, node->import.alias);
        break;
    case NODE_IMPORT_FROM: print_import_from(out, node); break;
    case NODE_FUNCDEF:
        print_name(out, node->funcdef.name);
        fputs(node->funcdef.is_async ? " async" : "", out);
        break;
    case NODE_PARAM:
        print_name(out, node->param.name);
        fputs(param_kind_marker(node->param.kind), out);
        break;
    case NODE_CLASSDEF: print_name(out, node->classdef.name); break;
    case NODE_TYPE_PARAM:
        fprintf(out, " %.*s", node->type_param.stars, "**");
        print_quoted(out, node->type_param.name);
        break;
    case NODE_AUG_ASSIGN: fprintf(out, " '%s='", ast_binop_spelling(node->aug_assign.op)); break;
    case NODE_FOR: fputs(node->for_stmt.is_async ? " async" : "", out); break;
    case NODE_WITH: fputs(node->with_stmt.is_async ? " async" : "", out); break;
    case NODE_TRY: fputs(node->try_stmt.star ? " except*" : "", out); break;
    case NODE_EXCEPT:
        if (node->except.name.len)
            print_alias(out, node->except.name);
        break;
    case NODE_NAME: print_name(out, node->name.id); break;
    case NODE_INT: fprintf(out, " %" PRIu64, node->int_lit.value); break;
    case NODE_FLOAT: fputc(' ', out); print_float(out, node->float_lit.value); break;
    case NODE_IMAG: fputc(' ', out); print_float(out, node->float_lit.value); fputc('j', out); break;
    case NODE_STRING:
        fputs(node->string.bytes ? " b" : " ", out);
        print_quoted(out, node->string.value);
        break;
    case NODE_FORMATTED:
        if (node->formatted.conversion)
            fprintf(out, " !%c", node->formatted.conversion);
        break;
    case NODE_BOOL: fputs(node->bool_lit.value ? " True" : " False", out); break;
    case NODE_BINOP: fprintf(out, " '%s'", ast_binop_spelling(node->binop.op)); break;
    case NODE_UNARY: fprintf(out, " '%s'", ast_unary_spelling(node->unary.op)); break;
    case NODE_BOOLOP: fprintf(out, " '%s'", ast_boolop_spelling(node->boolop.op)); break;
    case NODE_COMPARE:
        for (int i = 0; i + 1 < node->compare.operands.count; i++)
            fprintf(out, " '%s'", ast_cmpop_spelling(node->compare.ops[i]));
        break;
    case NODE_KEYWORD:
        if (node->keyword.name.len)
            print_name(out, node->keyword.name);
        else
            fputs(" **", out);
        break;
    case NODE_ATTRIBUTE: print_name(out, node->attribute.attr); break;
    case NODE_COMPREHENSION: fprintf(out, " %s", comprehension_name(node->comprehension.kind)); break;
    case NODE_COMP_FOR: fputs(node->comp_for.is_async ? " async" : "", out); break;
    case NODE_YIELD: fputs(node->yield.from ? " from" : "", out); break;
    case NODE_MATCH_AS: print_name(out, node->match_as.name); break;
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

typedef struct DumpCtx {
    FILE *out;
    int depth;
} DumpCtx;

/* A bare child is printed in place (and left out when absent); a labelled
 * one under its label, one level deeper, when present. */
static void dump_child(void *ctx, const char *label, Node **slot)
{
    DumpCtx *dump = ctx;
    if (!*slot)
        return;
    if (label)
        dump_labeled(dump->out, label, *slot, dump->depth);
    else
        dump_node(dump->out, *slot, dump->depth);
}

static void dump_child_list(void *ctx, const char *label, NodeList *list)
{
    DumpCtx *dump = ctx;
    if (label)
        dump_labeled_list(dump->out, label, *list, dump->depth);
    else
        dump_list(dump->out, *list, dump->depth);
}

static void dump_children(FILE *out, const Node *node, int depth)
{
    static const AstWalker walker = {dump_child, dump_child_list};
    DumpCtx dump = {out, depth};
    ast_walk_children((Node *)node, &walker, &dump);
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
