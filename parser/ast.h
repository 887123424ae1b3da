/* The syntax tree: what the parser builds, sema annotates and codegen reads.
 *
 * A node is a tagged union with a common head: kind, source span, and the
 * fields sema fills (type, constant value). Children are pointers and counted
 * lists, all allocated in the compilation's arena. Sema never re-parses; it
 * resolves names to Symbols, types every expression, folds constants, and
 * makes the implicit conversions inside expressions explicit by wrapping the
 * operand in a CONVERT node, so codegen finds each operator's operands
 * already in the type the operation is computed in. Conversions at stores
 * are left to codegen, which converts the value to the destination's type:
 * assignments to locals (sym->type), array elements (the dtype), for-loop
 * targets, tuple unpacking, and return values (the function's return type);
 * the operands of a chained comparison convert to compare.pair_types. */
#ifndef PYKC_PARSER_AST_H
#define PYKC_PARSER_AST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/arena.h"
#include "../base/source.h"
#include "../base/str.h"

typedef enum NodeKind {
#define NODE(kind, name) NODE_##kind,
#include "ast.def"
#undef NODE
    NODE_KIND_COUNT
} NodeKind;

typedef enum BinOpKind {
    BINOP_ADD, BINOP_SUB, BINOP_MUL, BINOP_TRUEDIV, BINOP_FLOORDIV, BINOP_MOD,
    BINOP_POW, BINOP_LSHIFT, BINOP_RSHIFT, BINOP_BITAND, BINOP_BITOR,
    BINOP_BITXOR, BINOP_MATMUL
} BinOpKind;

typedef enum UnaryOpKind { UNARY_NEG, UNARY_POS, UNARY_INVERT, UNARY_NOT } UnaryOpKind;

typedef enum BoolOpKind { BOOLOP_AND, BOOLOP_OR } BoolOpKind;

typedef enum CmpOpKind {
    CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_IS, CMP_IS_NOT, CMP_IN, CMP_NOT_IN
} CmpOpKind;

typedef struct Node Node;
typedef struct Type Type;         /* sema/types.h */
typedef struct Symbol Symbol;     /* sema/sema.h */
typedef struct FuncInfo FuncInfo; /* sema/sema.h */

typedef struct NodeList {
    Node **items;
    int count;
} NodeList;

/* A value known at compile time (literals, module constants, folded
 * arithmetic on them, a.ndim). */
typedef enum ConstKind { CONST_NONE, CONST_BOOL, CONST_INT, CONST_FLOAT } ConstKind;
typedef struct ConstValue {
    ConstKind kind;
    union {
        bool b;
        int64_t i;        /* CONST_INT of a signed or unsigned type: the bits */
        double f;
    };
} ConstValue;

struct Node {
    NodeKind kind;
    Span span;
    const Type *type;     /* sema: the expression's type; NULL before sema */
    ConstValue konst;     /* sema: compile-time value, kind CONST_NONE if none */
    union {
        struct { NodeList body; } module;
        struct { Str module; Str alias; } import;                  /* alias.len == 0: none */
        struct { Str module; Str name; Str alias; } import_from;
        struct {
            Str name;
            NodeList decorators;     /* expressions after '@' */
            NodeList params;         /* PARAM nodes */
            Node *returns;           /* '-> ann' or NULL */
            NodeList body;
            FuncInfo *info;          /* sema */
        } funcdef;
        struct { Str name; Node *annotation; Node *default_value; Symbol *sym; } param;
        struct { NodeList targets; Node *value; } assign;
        struct {
            BinOpKind op;
            Node *target;
            Node *value;             /* sema: already converted to compute_type */
            const Type *compute_type;/* sema: the type the operation runs in */
        } aug_assign;
        struct { Node *value; } expr_stmt;
        struct { Node *cond; NodeList body; NodeList else_body; } if_stmt;
        struct { Node *cond; NodeList body; NodeList else_body; } while_stmt;
        struct { Node *target; Node *iter; NodeList body; NodeList else_body; } for_stmt;
        struct { Node *value; } return_stmt;                       /* value may be NULL */

        struct { Str id; Symbol *sym; } name;
        struct { uint64_t value; } int_lit;                        /* value as written */
        struct { double value; } float_lit;
        struct { Str value; } string;                              /* decoded contents */
        struct { bool value; } bool_lit;
        struct { BinOpKind op; Node *left, *right; } binop;
        /* -x, +x, ~x compute in operand->type, then convert to node->type
         * (Numba negates before widening: -uint32(1) is 4294967295). */
        struct { UnaryOpKind op; Node *operand; } unary;
        struct { BoolOpKind op; Node *left, *right; } boolop;
        struct {
            NodeList operands;
            CmpOpKind *ops;          /* operands.count - 1 of them */
            const Type **pair_types; /* sema: operands i and i+1 compare in this type */
        } compare;
        struct { Node *cond, *body, *orelse; } ifexp;
        struct {
            Node *func;
            NodeList args;
            NodeList keywords;       /* KEYWORD nodes */
            int builtin;             /* sema: a Builtin (sema/builtins.def), or 0 */
            FuncInfo *callee;        /* sema: a device function called */
        } call;
        struct { Str name; Node *value; } keyword;
        struct { Node *value, *index; } subscript;
        struct { Node *value; Str attr; int builtin; } attribute;  /* sema: Builtin or 0 */
        struct { NodeList elts; } tuple;
        struct { Node *lower, *upper, *step; } slice;              /* each may be NULL */
        struct { Node *operand; } convert;
    };
};

/* Constructors: each returns a zeroed node of that kind with its span. */
Node *ast_new(Arena *arena, NodeKind kind, Span span);

/* Lists grow only through these (capacity is implied by count: 4, then the
 * next power of two). A NULL item is skipped: the parser's way of leaving
 * out a construct it has reported. */
void ast_list_push(Arena *arena, NodeList *list, Node *item);
void ast_list_append(Arena *arena, NodeList *list, NodeList more);
NodeList ast_list_of(Arena *arena, Node *item);

/* Constructors that fill a node's fields and compute its span from its
 * parts: a statement spans its keyword (or first operand) to the end of its
 * last part; an operator from its left operand's start (or the operator's,
 * for a prefix one) to its right operand's end. `kw`, `close` and friends
 * are the spans of the tokens a node begins or ends with. */
Node *ast_import(Arena *arena, Span span, Str module, Str alias);
Node *ast_import_from(Arena *arena, Span span, Str module, Str name, Str alias);
Node *ast_funcdef(Arena *arena, Span kw, Str name, NodeList decorators,
                  NodeList params, Node *returns, NodeList body);
Node *ast_param(Arena *arena, Span name_span, Str name, Node *annotation,
                Node *default_value);
Node *ast_assign(Arena *arena, NodeList targets, Node *value);
Node *ast_aug_assign(Arena *arena, BinOpKind op, Node *target, Node *value);
Node *ast_expr_stmt(Arena *arena, Node *value);
Node *ast_if(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body);
Node *ast_while(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body);
Node *ast_for(Arena *arena, Span kw, Node *target, Node *iter, NodeList body,
              NodeList else_body);
Node *ast_return(Arena *arena, Span kw, Node *value);

Node *ast_name(Arena *arena, Span span, Str id);
Node *ast_int(Arena *arena, Span span, uint64_t value);
Node *ast_float(Arena *arena, Span span, double value);
Node *ast_string(Arena *arena, Span span, Str value);
Node *ast_bool(Arena *arena, Span span, bool value);
Node *ast_binop(Arena *arena, BinOpKind op, Node *left, Node *right);
Node *ast_unary(Arena *arena, UnaryOpKind op, Span op_span, Node *operand);
Node *ast_boolop(Arena *arena, BoolOpKind op, Node *left, Node *right);
/* `left op right`; ast_compare_extend adds `op right` to a chain. */
Node *ast_compare(Arena *arena, Node *left, CmpOpKind op, Node *right);
void ast_compare_extend(Arena *arena, Node *compare, CmpOpKind op, Node *right);
Node *ast_ifexp(Arena *arena, Node *body, Node *cond, Node *orelse);
Node *ast_call(Arena *arena, Node *func, NodeList args, NodeList keywords, Span close);
Node *ast_keyword(Arena *arena, Span name_span, Str name, Node *value);
Node *ast_subscript(Arena *arena, Node *value, Node *index, Span close);
Node *ast_attribute(Arena *arena, Node *value, Span attr_span, Str attr);
Node *ast_tuple(Arena *arena, Span span, NodeList elts);
Node *ast_slice(Arena *arena, Span span, Node *lower, Node *upper, Node *step);

/* Calls visit(ctx, child) for each child of `node` in source order (the
 * order of the dump), skipping absent ones. */
typedef void (*AstVisit)(void *ctx, Node *child);
void ast_each_child(const Node *node, AstVisit visit, void *ctx);

/* A deep copy of `node`'s subtree in the arena (ast_clone.c), made before
 * sema annotates it: sema checks one copy of a device function's body per
 * specialisation. */
Node *ast_clone(Arena *arena, const Node *node);

const char *ast_kind_name(NodeKind kind);
const char *ast_binop_spelling(BinOpKind op);     /* "+", "//", ... */
const char *ast_unary_spelling(UnaryOpKind op);   /* "-", "not", ... */
const char *ast_cmpop_spelling(CmpOpKind op);     /* "<", "is not", ... */
const char *ast_boolop_spelling(BoolOpKind op);   /* "and", "or" */

/* --dump-ast: one node per line, indented by depth, with line:col and, after
 * sema, ": type" (the format is described in ast_dump.c). */
void ast_dump(FILE *out, const Node *node);

#endif
