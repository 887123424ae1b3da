/* Scopes: where the names a kernel uses are bound. A real Python file binds
 * names in its module, in classes and in functions (a test method defines a
 * kernel and the constants it captures); its kernels see them as Python's
 * scoping rules say, with class bodies visible only to themselves.
 *
 * Building a file's scopes (scope.c) is a syntactic walk over the whole
 * tree, host code included: every binding of every name is recorded, none
 * is evaluated. A name is evaluated when something looks it up (bind.c):
 * an import, a constant, a type, a @cuda.jit function, a class, or, for
 * what pykc cannot compute (a parameter of the enclosing function, a call
 * of host code, a name bound twice to different values), a host binding
 * that is an error only if a kernel uses it. */
#ifndef PYKC_SEMA_SCOPE_H
#define PYKC_SEMA_SCOPE_H

#include "sema_internal.h"

typedef enum ScopeKind { SCOPE_MODULE, SCOPE_CLASS, SCOPE_FUNCTION } ScopeKind;

typedef enum BindingKind {
    BIND_VALUE,        /* name = value (also one element of a, b = x, y) */
    BIND_IMPORT,       /* import m [as name] */
    BIND_IMPORT_FROM,  /* from m import x [as name] */
    BIND_DEF,          /* def name */
    BIND_CLASS,        /* class name */
    BIND_HOST,         /* anything else: a parameter, a loop variable, ... */
} BindingKind;

typedef struct Binding {
    BindingKind kind;
    Str name;
    Span at;                  /* the name where it is bound */
    Node *target;             /* VALUE: the Name assigned to (typed once evaluated) */
    Node *node;               /* VALUE: the value; IMPORT(_FROM): the import;
                                 DEF: the FUNCDEF; CLASS: the CLASSDEF */
    Scope *inner;             /* DEF, CLASS: the scope of its body */
    FuncInfo *func;           /* DEF or VALUE: the compiled function it binds */
    bool declared;            /* DEF, VALUE: looked at for @cuda.jit already */
    bool evaluating;          /* being evaluated: a cycle if looked up again */
    bool from_option;         /* VALUE: given by --bind */
    const char *why;          /* HOST: "a parameter of 'f'", "a loop variable" */
} Binding;

struct Scope {
    ScopeKind kind;
    Scope *parent;            /* lexically enclosing; NULL for a module */
    Str name;                 /* a class's or function's name, a module's dotted name */
    Str qualname;             /* Outer.inner for classes and functions; "" for a module */
    Node *node;               /* MODULE, CLASSDEF or FUNCDEF */
    const char *path;         /* a module's file */
    Binding *bindings;
    int binding_count, binding_capacity;
    Symbol **symbols;         /* names evaluated so far */
    int symbol_count, symbol_capacity;
    Str *globals;             /* declared `global`/`nonlocal` here: bound elsewhere */
    int global_count;
    Str *nonlocals;           /* those of them declared `nonlocal` */
    int nonlocal_count;
    Str *star_imports;        /* from M import *: the modules M */
    int star_count;
    Scope **children;         /* classes and functions defined directly in it */
    int child_count;
};

/* The scopes of a parsed module (its classes and functions inside). The
 * qualified names of what a module of the project defines start with its
 * name (helpers.clamp); the compiled file's do not (qualified false). */
Scope *sema_scope_build(Sema *sema, Node *module, Str name, const char *path, bool qualified);

/* `name` as code in `scope` sees it: this scope (a class's only from its
 * own body), the enclosing functions, the module; NULL if none binds it
 * (a builtin, or undefined). */
Symbol *sema_scope_lookup(Sema *sema, Scope *scope, Str name);

/* `name` bound in this scope only (a class's attribute, a module's). */
Symbol *sema_scope_member(Sema *sema, Scope *scope, Str name);

/* The scope a function body's names are looked up from: the first
 * enclosing scope that is not a class. */
Scope *sema_scope_for_body(Scope *scope);

/* The def that `name` is bound to where code in `scope` looks it up, found
 * without evaluating anything (the one binding of that name, a def); NULL
 * otherwise. *where is the scope that binds it. */
Binding *sema_scope_find_def(Scope *scope, Str name, Scope **where);
/* The same for a name's one binding, whatever it is. */
Binding *sema_scope_find_single(Scope *scope, Str name, Scope **where);

/* The module a scope belongs to. */
Scope *sema_scope_module(Scope *scope);

/* The bindings of one name in a scope, for bind.c. */
int sema_scope_bindings(Scope *scope, Str name, Binding **out, int max);

/* bind.c: the binding a --bind option gives `name` in this scope (named
 * Outer.inner.name, or name at module level), or NULL. */
Binding *sema_bind_option(Sema *sema, Scope *scope, Str name);

/* bind.c: the Symbol that a scope's bindings of `name` give. */
Symbol *sema_bind_name(Sema *sema, Scope *scope, Str name, Binding **bindings, int count);

#endif
