/* Members of a plain enum.Enum class, typed as Numba types them
 * (numba/cuda/typing/enumdecl.py): a member is an EnumMember of its class,
 * whose value has the type of the number it holds. Members of one class
 * compare with ==, !=, `is` and `is not` by value; `.value` is the value;
 * Cls['name'] is Cls.name. Nothing else takes them: no arithmetic, no
 * conversion to a number, no comparison with a number or with a member of
 * another class (Python says False there, Numba refuses it).
 *
 * IntEnum members stay the numbers they hold (Numba's IntEnumMember
 * converts to integers), so only plain Enum classes get the member type. */
#include "enums.h"

#include "fold.h"
#include "scope.h"
#include "sema_internal.h"

/* Does the class name `base` among its bases (Enum, or enum.Enum)? */
static bool has_base(const Scope *scope, const char *base_name)
{
    if (!scope || scope->kind != SCOPE_CLASS || !scope->node || scope->node->kind != NODE_CLASSDEF)
        return false;
    const NodeList *bases = &scope->node->classdef.bases;
    for (int i = 0; i < bases->count; i++) {
        const Node *base = bases->items[i];
        Str name = base->kind == NODE_NAME ? base->name.id
                 : base->kind == NODE_ATTRIBUTE ? base->attribute.attr : (Str){0};
        if (str_eq_cstr(name, base_name))
            return true;
    }
    return false;
}

/* class C(Enum): Numba's EnumClass. IntEnum, Flag and IntFlag classes are
 * not plain (IntFlag is an int; Flag's members combine with | in Python,
 * which Numba does not type). */
bool sema_is_plain_enum_class(const Scope *scope)
{
    return has_base(scope, "Enum");
}

bool sema_is_enum_class(const Scope *scope)
{
    return has_base(scope, "Enum") || has_base(scope, "IntEnum");
}

/* The type of the values of an enum class's members. Numba types a class
 * only when every member's value has one type (typeof's "Cannot type
 * heterogeneous enum"); pykc takes real numbers. NULL with *why. */
static const Type *class_value_type(Sema *sema, const Scope *scope, const char **why, bool *unsupported)
{
    const Type *value = NULL;
    *unsupported = false;
    for (int i = 0; i < scope->binding_count; i++) {
        const Binding *b = &scope->bindings[i];
        if (b->kind != BIND_VALUE)
            continue;
        Symbol *member = sema_scope_member(sema, (Scope *)scope, b->name);
        Value v = member ? sema_symbol_value(member) : sema_value_error();
        if (v.kind != VAL_RUNTIME || v.konst.kind == CONST_NONE || !type_is_scalar(v.type) ||
            type_is_complex(v.type)) {
            *unsupported = true;
            *why = arena_printf(sema->arena, "members of enum class '%.*s' whose values are not real "
                                "numbers", STR_ARG(scope->name));
            return NULL;
        }
        if (value && v.type != value) {
            *why = arena_printf(sema->arena, "its members hold values of different types ('%s', '%s'), "
                                "which Numba cannot type", value->name, v.type->name);
            return NULL;
        }
        value = v.type;
    }
    if (!value)
        *why = "it has no members";
    return value;
}

static const Type *member_type(Sema *sema, const Scope *scope, const Type *value)
{
    char *class_name = arena_printf(sema->arena, "%.*s", STR_ARG(scope->name));
    return type_enum_member(sema->types, value, scope, class_name);
}

const Type *sema_enum_param_type(Sema *sema, const Scope *scope, Span at)
{
    const char *why = NULL;
    bool unsupported;
    const Type *value = class_value_type(sema, scope, &why, &unsupported);
    if (!value) {
        if (unsupported)
            diag_error(sema->diag, at, "%s are not supported by pykc yet as parameters", why);
        else
            diag_error(sema->diag, at, "enum class '%.*s' cannot be a parameter type: %s",
                       STR_ARG(scope->name), why);
        return NULL;
    }
    if (!sema_is_plain_enum_class(scope))
        return value;   /* an IntEnum member is its number */
    return member_type(sema, scope, value);
}

Value sema_enum_member(Sema *sema, const Scope *scope, Str name, Value member)
{
    if (member.kind != VAL_RUNTIME || !sema_is_plain_enum_class(scope))
        return member;
    const char *why = NULL;
    bool unsupported;
    const Type *value = class_value_type(sema, scope, &why, &unsupported);
    if (unsupported)
        return (Value){.kind = VAL_UNSUPPORTED, .what = "a member of a plain Enum whose value is not a number"};
    if (!value) {
        Value host = {.kind = VAL_HOST};
        host.sym = sema_host_symbol(sema, name, (Span){0}, arena_printf(sema->arena,
                                    "a member of enum class '%.*s': %s", STR_ARG(scope->name), why));
        return host;
    }
    member.type = member_type(sema, scope, value);
    return member;
}

/* Pair i of a comparison with a member on either side. Numba types == and
 * != only between members of one class; `is` and `is not` take any two
 * values, and are False (True) for values of different types. */
bool sema_check_enum_compare(FuncCtx *ctx, Node *node, int i, ConstValue *result)
{
    CmpOpKind op = node->compare.ops[i];
    Node *left = node->compare.operands.items[i], *right = node->compare.operands.items[i + 1];
    bool identity = op == CMP_IS || op == CMP_IS_NOT;
    result->kind = CONST_NONE;
    node->compare.pair_types[i] = &type_bool_t;
    if (left->type != right->type) {
        if (identity) {
            *result = (ConstValue){.kind = CONST_BOOL, .b = op == CMP_IS_NOT};
            return true;
        }
        sema_report(ctx, node->span, "cannot compare '%s' and '%s' with '%s': enum members compare "
                    "only with members of their own class", left->type->name, right->type->name,
                    ast_cmpop_spelling(op));
        return false;
    }
    if (op != CMP_EQ && op != CMP_NE && !identity) {
        sema_report(ctx, node->span, "cannot compare '%s' and '%s' with '%s': enum members have no order",
                    left->type->name, right->type->name, ast_cmpop_spelling(op));
        return false;
    }
    const Type *value = left->type->elem;
    node->compare.pair_types[i] = value;
    CmpOpKind by_value = op == CMP_IS ? CMP_EQ : op == CMP_IS_NOT ? CMP_NE : op;   /* so does codegen */
    if (left->konst.kind && right->konst.kind)
        fold_compare(by_value, value, left->konst, right->konst, result);
    return true;
}

/* member.value: the number the member holds. */
Value sema_check_enum_attribute(FuncCtx *ctx, Node *node, const Type *member)
{
    if (!str_eq_cstr(node->attribute.attr, "value")) {
        sema_report(ctx, node->span, "an enum member of type '%s' has no attribute '%.*s' in kernels "
                    "(only .value)", member->name, STR_ARG(node->attribute.attr));
        return sema_value_error();
    }
    Node *inner = node->attribute.value;   /* the node becomes the value's conversion, a no-op */
    ConstValue konst = inner->konst;
    node->kind = NODE_CONVERT;
    node->convert.operand = inner;
    node->type = member->elem;
    node->konst = konst;
    Value v = sema_value_runtime(member->elem);
    v.konst = node->konst;
    return v;
}

/* Cls['name'] for a class: its member, as Cls.name (Numba's static getitem
 * of an enum class). */
Value sema_check_class_subscript(FuncCtx *ctx, Node *node, Value cls)
{
    Node *index = node->subscript.index;
    if (index->kind != NODE_STRING || index->string.bytes) {
        sema_report(ctx, index->span, "a class is indexed only by a constant string, its member's name");
        return sema_value_error();
    }
    Symbol *member = sema_scope_member(ctx->sema, cls.scope, index->string.value);
    Value v = member ? sema_enum_member(ctx->sema, cls.scope, index->string.value, sema_symbol_value(member))
                     : sema_value_error();
    if (v.kind == VAL_HOST) {
        sema_report_host_use(ctx, index->span, v.sym);
        return sema_value_error();
    }
    if (v.kind == VAL_UNSUPPORTED) {
        sema_report(ctx, index->span, "'%s' is not supported by pykc yet", v.what);
        return sema_value_error();
    }
    if (v.kind != VAL_RUNTIME || v.konst.kind == CONST_NONE) {
        sema_report(ctx, index->span, "class '%.*s' has no member '%.*s'", STR_ARG(cls.scope->name),
                    STR_ARG(index->string.value));
        return sema_value_error();
    }
    node->type = v.type;
    node->konst = v.konst;
    return v;
}
