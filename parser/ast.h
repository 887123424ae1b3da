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
typedef enum ConstKind { CONST_NONE, CONST_BOOL, CONST_INT, CONST_FLOAT, CONST_COMPLEX } ConstKind;
typedef struct ConstValue {
    ConstKind kind;
    union {
        bool b;
        int64_t i;        /* CONST_INT of a signed or unsigned type: the bits */
        double f;
        struct { double re, im; } c;   /* CONST_COMPLEX (complex64: floats' values) */
    };
} ConstValue;

typedef enum ParamKind {
    PARAM_NORMAL,             /* positional or keyword */
    PARAM_POSONLY,            /* before a '/' */
    PARAM_KWONLY,             /* after a '*' or '*args' */
    PARAM_VARARGS,            /* *args */
    PARAM_VARKW,              /* **kwargs */
} ParamKind;

typedef enum ComprehensionKind {
    COMP_LIST, COMP_SET, COMP_DICT, COMP_GENERATOR
} ComprehensionKind;

struct Node {
    NodeKind kind;
    Span span;
    const Type *type;     /* sema: the expression's type; NULL before sema */
    ConstValue konst;     /* sema: compile-time value, kind CONST_NONE if none */
    bool parens;          /* written in parentheses: (x), (a, b) */
    union {
        struct { NodeList body; } module;
        struct { Str module; Str alias; } import;                  /* alias.len == 0: none */
        /* level: the leading dots of a relative import (module may then be
         * empty); name "*" for `from m import *` */
        struct { Str module; Str name; Str alias; int level; } import_from;
        struct {
            Str name;
            NodeList decorators;     /* expressions after '@' */
            NodeList type_params;    /* TYPE_PARAM nodes: def f[T](...) */
            NodeList params;         /* PARAM nodes */
            Node *returns;           /* '-> ann' or NULL */
            NodeList body;
            bool is_async;
            FuncInfo *info;          /* sema */
        } funcdef;
        struct { Str name; Node *annotation; Node *default_value; ParamKind kind; Symbol *sym; } param;
        struct {
            Str name;
            NodeList decorators;
            NodeList type_params;
            NodeList bases;          /* positional arguments of class C(...) */
            NodeList keywords;       /* KEYWORD nodes: metaclass=... */
            NodeList body;
        } classdef;
        struct { Str name; Node *bound; int stars; } type_param;  /* stars: T, *Ts, **P */
        struct { NodeList targets; Node *value; } assign;
        struct {
            BinOpKind op;
            Node *target;
            Node *value;             /* sema: already converted to compute_type */
            const Type *compute_type;/* sema: the type the operation runs in */
        } aug_assign;
        struct { Node *target; Node *annotation; Node *value; } ann_assign;   /* value may be NULL */
        struct { Node *value; } expr_stmt;
        struct { Node *cond; NodeList body; NodeList else_body; } if_stmt;
        struct { Node *cond; NodeList body; NodeList else_body; } while_stmt;
        struct { Node *target; Node *iter; NodeList body; NodeList else_body; bool is_async; } for_stmt;
        struct { Node *value; } return_stmt;                       /* value may be NULL */
        struct { NodeList items; NodeList body; bool is_async; } with_stmt;   /* WITH_ITEM nodes */
        struct { Node *context; Node *target; } with_item;         /* target may be NULL */
        struct {
            NodeList body;
            NodeList handlers;       /* EXCEPT nodes */
            NodeList else_body;
            NodeList finally_body;
            bool star;               /* except* */
        } try_stmt;
        struct { Node *type; Str name; NodeList body; bool star; } except;   /* type may be NULL */
        struct { Node *exc; Node *cause; } raise;                  /* each may be NULL */
        struct { Node *test; Node *msg; } assert_stmt;             /* msg may be NULL */
        struct { NodeList targets; } delete;
        struct { NodeList names; } names;                          /* GLOBAL, NONLOCAL: Name nodes */
        struct { Node *subject; NodeList cases; } match;           /* MATCH_CASE nodes */
        struct { Node *pattern; Node *guard; NodeList body; } match_case;
        struct { Node *name; NodeList type_params; Node *value; } type_alias;

        struct { Str id; Symbol *sym; } name;
        struct { uint64_t value; } int_lit;                        /* value as written */
        struct { double value; } float_lit;                        /* FLOAT and IMAG */
        struct { Str value; bool bytes; } string;                  /* decoded contents */
        struct { NodeList parts; } fstring;                        /* STRING and FORMATTED */
        struct { Node *value; char conversion; Node *spec; } formatted;  /* conversion: 0, 's', 'r', 'a' */
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
            NodeList args;           /* positional, STARRED for *args */
            NodeList keywords;       /* KEYWORD nodes; **kwargs has no name */
            int builtin;             /* sema: a Builtin (sema/builtins.def), or 0 */
            FuncInfo *callee;        /* sema: a device function called */
        } call;
        struct { Str name; Node *value; } keyword;
        struct { Node *value, *index; } subscript;
        struct { Node *value; Str attr; int builtin; } attribute;  /* sema: Builtin or 0 */
        struct { NodeList elts; } tuple;                           /* TUPLE, LIST, SET */
        struct { NodeList items; } dict;                           /* DICT_ITEM nodes */
        struct { Node *key; Node *value; } dict_item;              /* key NULL: **value */
        struct {
            ComprehensionKind kind;
            Node *elt;
            Node *value;             /* COMP_DICT: the value; elt is the key */
            NodeList generators;     /* COMP_FOR nodes */
        } comprehension;
        struct { Node *target; Node *iter; NodeList ifs; bool is_async; } comp_for;
        struct { NodeList params; Node *body; } lambda;            /* PARAM nodes */
        struct { Node *value; } starred;
        struct { Node *target; Node *value; } named_expr;          /* target: a Name */
        struct { Node *value; } await;
        struct { Node *value; bool from; } yield;                  /* value may be NULL */
        struct { Node *pattern; Str name; } match_as;
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
Node *ast_classdef(Arena *arena, Span kw, Str name, NodeList bases, NodeList keywords,
                   NodeList body);
Node *ast_type_param(Arena *arena, Span span, Str name, Node *bound, int stars);
Node *ast_assign(Arena *arena, NodeList targets, Node *value);
Node *ast_aug_assign(Arena *arena, BinOpKind op, Node *target, Node *value);
Node *ast_ann_assign(Arena *arena, Node *target, Node *annotation, Node *value);
Node *ast_expr_stmt(Arena *arena, Node *value);
Node *ast_if(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body);
Node *ast_while(Arena *arena, Span kw, Node *cond, NodeList body, NodeList else_body);
Node *ast_for(Arena *arena, Span kw, Node *target, Node *iter, NodeList body,
              NodeList else_body);
Node *ast_return(Arena *arena, Span kw, Node *value);
Node *ast_with(Arena *arena, Span kw, NodeList items, NodeList body);
Node *ast_with_item(Arena *arena, Node *context, Node *target);
Node *ast_try(Arena *arena, Span kw, NodeList body, NodeList handlers, NodeList else_body,
              NodeList finally_body);
Node *ast_except(Arena *arena, Span kw, Node *type, Str name, NodeList body);
Node *ast_raise(Arena *arena, Span kw, Node *exc, Node *cause);
Node *ast_assert(Arena *arena, Span kw, Node *test, Node *msg);
Node *ast_delete(Arena *arena, Span kw, NodeList targets);
/* global a, b / nonlocal a, b: kind NODE_GLOBAL or NODE_NONLOCAL */
Node *ast_names(Arena *arena, NodeKind kind, Span kw, NodeList names);
Node *ast_match(Arena *arena, Span kw, Node *subject, NodeList cases);
Node *ast_match_case(Arena *arena, Span kw, Node *pattern, Node *guard, NodeList body);
Node *ast_type_alias(Arena *arena, Span kw, Node *name, NodeList type_params, Node *value);

Node *ast_name(Arena *arena, Span span, Str id);
Node *ast_int(Arena *arena, Span span, uint64_t value);
Node *ast_float(Arena *arena, Span span, double value);
Node *ast_imag(Arena *arena, Span span, double value);
Node *ast_string(Arena *arena, Span span, Str value);
Node *ast_fstring(Arena *arena, Span span, NodeList parts);
Node *ast_formatted(Arena *arena, Span span, Node *value, char conversion, Node *spec);
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
/* [a, b] and {a, b}: kind NODE_LIST or NODE_SET */
Node *ast_display(Arena *arena, NodeKind kind, Span span, NodeList elts);
Node *ast_dict(Arena *arena, Span span, NodeList items);
Node *ast_dict_item(Arena *arena, Span span, Node *key, Node *value);
Node *ast_comprehension(Arena *arena, ComprehensionKind kind, Span span, Node *elt,
                        Node *value, NodeList generators);
Node *ast_comp_for(Arena *arena, Span kw, Node *target, Node *iter);
Node *ast_lambda(Arena *arena, Span kw, NodeList params, Node *body);
Node *ast_starred(Arena *arena, Span star, Node *value);
Node *ast_named_expr(Arena *arena, Node *target, Node *value);
Node *ast_await(Arena *arena, Span kw, Node *value);
Node *ast_yield(Arena *arena, Span kw, Node *value, bool from);
Node *ast_match_as(Arena *arena, Node *pattern, Span name_span, Str name);
Node *ast_slice(Arena *arena, Span span, Node *lower, Node *upper, Node *step);

/* Every child position of a node, in source order (the order of the dump):
 * `child` gets each single child's slot, NULL or not, and `list` each list
 * of children. `label` is what the dump prints above it ("body", "else",
 * ...), or NULL for a child printed bare. One table of a node kind's
 * children serves the walk, the copy and the dump. */
typedef struct AstWalker {
    void (*child)(void *ctx, const char *label, Node **slot);
    void (*list)(void *ctx, const char *label, NodeList *list);
} AstWalker;
void ast_walk_children(Node *node, const AstWalker *walker, void *ctx);

/* Calls visit(ctx, child) for each child of `node` in source order,
 * skipping absent ones. */
typedef void (*AstVisit)(void *ctx, Node *child);
void ast_each_child(const Node *node, AstVisit visit, void *ctx);

/* A deep copy of `node`'s subtree in the arena (ast_clone.c), made before
 * sema annotates it: sema checks one copy of a device function's body per
 * specialisation. */
Node *ast_clone(Arena *arena, const Node *node);
/* Every Name `from` in `node`'s subtree becomes `to` (a copy's loop
 * variable given a name of its own: literal_unroll, split loop targets). */
void ast_rename(Node *node, Str from, Str to);

const char *ast_kind_name(NodeKind kind);
const char *ast_binop_spelling(BinOpKind op);     /* "+", "//", ... */
const char *ast_unary_spelling(UnaryOpKind op);   /* "-", "not", ... */
const char *ast_cmpop_spelling(CmpOpKind op);     /* "<", "is not", ... */
const char *ast_boolop_spelling(BoolOpKind op);   /* "and", "or" */

/* --dump-ast: one node per line, indented by depth, with line:col and, after
 * sema, ": type" (the format is described in ast_dump.c). */
void ast_dump(FILE *out, const Node *node);

#endif
