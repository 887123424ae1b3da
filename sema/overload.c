/* Numba's extension API, the part an ahead-of-time compiler can prove:
 * `@overload(f, target=...)` whose overload function does nothing but
 * define an implementation and return it,
 *
 *     @overload(clamp, target="cuda")
 *     def ol_clamp(x, lo, hi):
 *         def impl(x, lo, hi):
 *             return min(max(x, lo), hi)
 *         return impl
 *
 * makes a kernel's call of the plain Python function `clamp` a call of
 * `impl`, compiled as a device function without a signature (typed per
 * call, as Numba compiles the returned function for the call's types).
 * Numba runs the overload function at typing time with the argument types;
 * when its body only defines names and ends in `return impl`, the function
 * returned does not depend on them, so pykc may take its def (returned_impl
 * says which bodies). Anything else (an if on the types, a loop, several
 * returns) is Python pykc does not run, and a call of `clamp` is then an
 * error saying so.
 *
 * Which overload: numba-cuda takes a target="cuda" one before a generic
 * one (target="generic", the default); other targets (cpu, ...) are not
 * for the GPU. Two of the chosen target would be typed in turn by Numba
 * (the first that accepts the types): an error here.
 *
 * @intrinsic functions build LLVM IR in Python with llvmlite, and
 * overload_method/overload_attribute extend Numba types that pykc does not
 * have: a kernel using one gets an error saying so (sema_extension_why). */
#include "scope.h"
#include "sema_internal.h"

#include <string.h>

enum { TARGET_OTHER, TARGET_GENERIC, TARGET_CUDA };

/* What a decorator is, resolved where the def is: a Callable or 0. */
static int decorator_callable(Sema *sema, Scope *scope, const Node *d)
{
    Scope *outer = sema->scope;
    sema->scope = scope;
    Value v = sema_resolve_static(sema, d->kind == NODE_CALL ? d->call.func : d);
    sema->scope = outer;
    return v.kind == VAL_BUILTIN ? v.id : 0;
}

/* target="cuda" | "generic" (also the default) | another. */
static int overload_target(const Node *call)
{
    for (int i = 0; i < call->call.keywords.count; i++) {
        const Node *k = call->call.keywords.items[i];
        if (!str_eq_cstr(k->keyword.name, "target"))
            continue;
        const Node *v = k->keyword.value;
        if (v->kind != NODE_STRING)
            return TARGET_OTHER;
        if (str_eq_cstr(v->string.value, "cuda"))
            return TARGET_CUDA;
        return str_eq_cstr(v->string.value, "generic") ? TARGET_GENERIC : TARGET_OTHER;
    }
    return TARGET_GENERIC;
}

/* The @overload(name, ...) decorator of def, or NULL. */
static const Node *overload_of(Sema *sema, Scope *scope, const Node *def, Str name)
{
    const NodeList *decorators = &def->funcdef.decorators;
    for (int i = 0; i < decorators->count; i++) {
        const Node *d = decorators->items[i];
        if (d->kind != NODE_CALL || d->call.args.count < 1 ||
            decorator_callable(sema, scope, d) != CALLABLE_OVERLOAD)
            continue;
        const Node *f = d->call.args.items[0];
        if (f->kind == NODE_NAME && str_eq(f->name.id, name))
            return d;
    }
    return NULL;
}

/* The def an overload function returns unconditionally, and the scope it
 * is defined in: its body is defs (undecorated), assignments and a
 * docstring, then `return NAME`, NAME one of those defs or a plain def
 * outside it (numba-cuda's tests return the overloaded function itself).
 * An assignment's value is host code's until the implementation uses it
 * (a constant is fine, an isinstance on the argument types is an error
 * there). NULL for any other body. */
static Node *returned_impl(Binding *overload, Scope **impl_scope)
{
    NodeList *body = &overload->node->funcdef.body;
    if (body->count == 0)
        return NULL;
    Node *ret = body->items[body->count - 1];
    if (ret->kind != NODE_RETURN || !ret->return_stmt.value ||
        ret->return_stmt.value->kind != NODE_NAME)
        return NULL;
    Str name = ret->return_stmt.value->name.id;
    Node *impl = NULL;
    for (int i = 0; i < body->count - 1; i++) {
        Node *s = body->items[i];
        bool docstring = s->kind == NODE_EXPR_STMT && s->expr_stmt.value->kind == NODE_STRING;
        if (s->kind == NODE_FUNCDEF && !s->funcdef.decorators.count) {
            if (str_eq(s->funcdef.name, name))
                impl = s;
        } else if (s->kind != NODE_ASSIGN && !docstring) {
            return NULL;
        }
    }
    if (impl) {
        *impl_scope = overload->inner;
        return impl;
    }
    Binding *outer = sema_scope_find_def(overload->inner, name, impl_scope);
    if (!outer || outer->node->funcdef.decorators.count)
        return NULL;
    return outer->node;
}

typedef struct Choice {
    Binding *overload;     /* the overload function's binding, NULL if none */
    int count;             /* overloads of the chosen target */
} Choice;

/* The overload of `name` numba-cuda would use, among scope's defs. */
static Choice choose(Sema *sema, Scope *scope, Str name)
{
    Choice best = {0};
    int best_target = TARGET_OTHER;
    for (int i = 0; i < scope->binding_count; i++) {
        Binding *b = &scope->bindings[i];
        const Node *d = b->kind == BIND_DEF ? overload_of(sema, scope, b->node, name) : NULL;
        int target = d ? overload_target(d) : TARGET_OTHER;
        if (target == TARGET_OTHER || target < best_target)
            continue;
        if (target > best_target)
            best = (Choice){0};
        best_target = target;
        best.overload = b;
        best.count++;
    }
    return best;
}

Node *sema_overload_impl(Sema *sema, Scope *scope, Binding *target, Scope **impl_scope)
{
    if (target->kind != BIND_DEF)
        return NULL;
    Choice c = choose(sema, scope, target->name);
    if (!c.overload || c.count != 1 || !c.overload->inner)
        return NULL;
    return returned_impl(c.overload, impl_scope);
}

const char *sema_extension_why(Sema *sema, Scope *scope, Binding *binding)
{
    const NodeList *decorators = &binding->node->funcdef.decorators;
    for (int i = 0; i < decorators->count; i++) {
        int callable = decorator_callable(sema, scope, decorators->items[i]);
        if (callable == CALLABLE_INTRINSIC)
            return "an @intrinsic, whose code Numba builds as LLVM IR by running Python (llvmlite) "
                   "at compile time: pykc cannot compile it; write it as a @cuda.jit(device=True) "
                   "function";
    }
    Choice c = choose(sema, scope, binding->name);
    if (!c.overload)
        return NULL;
    if (c.count > 1)
        return arena_printf(sema->arena, "a function with %d @overload implementations for one "
                            "target, which Numba tries in turn by typing them: pykc compiles only "
                            "one", c.count);
    return arena_printf(sema->arena, "a function whose @overload ('%.*s') chooses its "
                        "implementation with Python code that pykc does not run: pykc compiles an "
                        "overload whose body only defines names (def impl(...), x = ...) and ends "
                        "in `return impl`",
                        STR_ARG(c.overload->name));
}
