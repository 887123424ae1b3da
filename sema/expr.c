/* Expressions: names, literals, attributes, subscripts and operators, typed
 * with Numba's rules (operators.c), folded when constant (fold.c), and with
 * every implicit conversion made an explicit Convert node in the final pass.
 * Calls are in calls.c. */
#include "enums.h"
#include "scope.h"
#include "sema_internal.h"
#include "records.h"
#include "weak_scalars.h"

/* Literals, and names of module constants: Numba's Literal types, which
 * convert to their own type by promotion rather than exactly. */
bool sema_is_literal(const Node *node)
{
    return node->konst.kind == CONST_INT || node->konst.kind == CONST_BOOL;
}

Node *sema_convert(FuncCtx *ctx, Node *node, const Type *to)
{
    if (!ctx->final || !node->type || !to || node->type == to)
        return node;
    if (type_is_complex(node->type) && type_is_real(to)) {
        /* Numba has no such conversion: a typing error wherever it would be needed */
        sema_report(ctx, node->span, "a complex number does not convert to '%s' (numba-cuda has no such "
                    "conversion): take its .real, .imag or abs() first", to->name);
        return node;
    }
    Node *convert = ast_new(ctx->sema->arena, NODE_CONVERT, node->span);
    convert->convert.operand = node;
    convert->type = to;
    ConstValue folded;
    if (node->konst.kind != CONST_NONE && fold_convert(node->konst, node->type, to, &folded))
        convert->konst = folded;
    return convert;
}

/* node's constant value as type `to`, for folding before Converts exist. */
static bool const_as(const Node *node, const Type *to, ConstValue *out)
{
    if (node->konst.kind == CONST_NONE)
        return false;
    if (node->type == to) {
        *out = node->konst;
        return true;
    }
    return fold_convert(node->konst, node->type, to, out);
}

const Type *sema_check_value(FuncCtx *ctx, Node *node)
{
    return sema_check_value_of(ctx, node, sema_check_expr(ctx, node));
}

/* The runtime type of a checked expression's value, or NULL after saying
 * why it has none. */
const Type *sema_check_value_of(FuncCtx *ctx, Node *node, Value v)
{
    if (v.kind == VAL_RUNTIME && v.type->kind == TYPE_RANGE) {
        sema_report(ctx, node->span, "range() can only be the iterable of a for loop "
                    "(directly, or inside enumerate() or zip())");
        return NULL;
    }
    if (v.kind == VAL_RUNTIME)
        return v.type;
    if (v.kind == VAL_TYPE)
        sema_report(ctx, node->span, "'%s' is a type, not a value (to convert, call it: %s(x))",
                    v.type->name, v.type->name);
    else if (v.kind == VAL_NAMESPACE)
        sema_report(ctx, node->span, "'%s' is a module, not a value", sema_namespace_name(v.id));
    else if (v.kind == VAL_BUILTIN || v.kind == VAL_FUNCTION)
        sema_report(ctx, node->span, "a function is not a value here (did you mean to call it?)");
    return NULL;
}

/* What a compile-time value is called in Numba's types: class(uint32) for
 * a type, Function(cuda.atomic.add) for a callable. */
static const char *static_name(FuncCtx *ctx, const Node *node, Value v)
{
    if (v.kind == VAL_TYPE)
        return arena_printf(ctx->sema->arena, "class(%s)", v.type->name);
    return arena_printf(ctx->sema->arena, "Function(%.*s)", (int)(node->span.end - node->span.begin),
                        node->span.src->text + node->span.begin);
}

const Type *sema_check_argument(FuncCtx *ctx, Node *node)
{
    Value v = sema_check_expr(ctx, node);
    const void *ptr = v.kind == VAL_TYPE ? (const void *)v.type : (const void *)v.func;
    if (v.kind == VAL_TYPE || v.kind == VAL_BUILTIN || v.kind == VAL_FUNCTION)
        return node->type = type_static(ctx->sema->types, v.kind, v.id, ptr, static_name(ctx, node, v));
    if (v.kind == VAL_RUNTIME && v.type->kind != TYPE_RANGE)
        return v.type;
    return sema_check_value_of(ctx, node, v);
}

void sema_check_condition(FuncCtx *ctx, Node *cond)
{
    const Type *type = sema_check_value(ctx, cond);
    if (type && !type_is_scalar(type))
        sema_report(ctx, cond->span, "a condition must be a number or a bool, not '%s'", type->name);
}

static Value check_int(Node *node)
{
    uint64_t value = node->int_lit.value;
    const Type *type = value > (uint64_t)INT64_MAX ? &type_uint64_t : &type_int64_t;
    return sema_typed_const(node, type, (ConstValue){.kind = CONST_INT, .i = (int64_t)value});
}

/* NumPy's array constructors, which a kernel cannot call: Numba refuses
 * them too, unless its NRT is on (memory allocated on the device). */
static bool allocates_array(const char *what)
{
    static const char *const names[] = {
        "numpy.zeros", "numpy.empty", "numpy.ones", "numpy.full", "numpy.zeros_like", "numpy.empty_like",
        "numpy.ones_like", "numpy.full_like", "numpy.array", "numpy.arange", "numpy.linspace", NULL};
    for (int i = 0; names[i]; i++)
        if (strcmp(what, names[i]) == 0)
            return true;
    return false;
}

static void report_unsupported(FuncCtx *ctx, Span at, const char *what)
{
    if (!ctx->final)
        return;   /* sema_report's rule: only the final pass reports */
    if (allocates_array(what)) {
        sema_report(ctx, at, "'%s' makes a new array, which a kernel cannot do (Numba refuses it too, unless "
                    "its NRT is enabled)", what);
        diag_note(ctx->sema->diag, (Span){0}, "for a per-thread array use cuda.local.array(shape, dtype), for "
                  "one per block cuda.shared.array(shape, dtype); or pass the array in from the host");
        return;
    }
    sema_report(ctx, at, "'%s' is not supported by pykc yet", what);
}

static void report_undefined(FuncCtx *ctx, Node *node, Str id)
{
    const char *near = ctx->final ? sema_suggest_local(ctx, id) : NULL;
    sema_report(ctx, span_point(node->span), "name '%.*s' is not defined%s%s%s", STR_ARG(id),
                near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
}

static Value check_name(FuncCtx *ctx, Node *node)
{
    Str id = node->name.id;
    if (sema_is_const_tuple_element(node))
        return sema_check_const_tuple_element(ctx, node);
    Symbol *sym = sema_lookup_local(ctx, id);
    if (sym && sym->kind == SYM_CONST && sym->tuple) {   /* a literal tuple parameter */
        sema_expand_module_tuple(ctx, node);
        return sema_check_expr(ctx, node);
    }
    if (sym && sym->kind != SYM_LOCAL) {   /* a parameter given a compile-time value */
        node->name.sym = sym;
        Value v = sema_symbol_value(sym);
        if (v.kind == VAL_RUNTIME)
            sema_typed_const(node, v.type, v.konst);
        return v;
    }
    if (sym) {
        node->name.sym = sym;
        if (!sym->assigned) {
            sema_report(ctx, span_point(node->span), "local variable '%.*s' is used before it is assigned a value",
                        STR_ARG(id));
            return sema_value_error();
        }
        if (!sym->type) {
            /* Every assignment failed (and said so), or every one reads the
             * local itself (s += x with no s = 0 before): then say it. */
            if (!sym->assign_failed && ctx->final) {
                sema_report(ctx, span_point(node->span), "local variable '%.*s' is used before it is "
                            "assigned a value (every assignment to it reads it first)", STR_ARG(id));
                sym->assign_failed = true;   /* said once */
            }
            return sema_value_error();
        }
        bool constant = sym->assign_count == 1 && sym->param_index < 0 && sym->value.kind != CONST_NONE;
        return sema_typed_const(node, sym->type, constant ? sym->value : (ConstValue){0});
    }
    sym = sema_lookup_global(ctx->sema, id);
    if (sym && sym->kind == SYM_CONST && sym->tuple) {   /* SHAPE = (16, 16): a literal tuple here */
        sema_expand_module_tuple(ctx, node);
        return sema_check_expr(ctx, node);
    }
    if (sym && sym->kind == SYM_CONST && sym->array)   /* a global NumPy array: constant memory */
        sema_use_const_array(ctx, node->span, sym->array);
    Value v = sym ? sema_symbol_value(sym) : sema_lookup_builtin_name(id);
    node->name.sym = sym;
    if (v.kind == VAL_ERROR && !sym && ctx->sema->prelude)
        sema_prelude_module(id, &v);
    if (v.kind == VAL_ERROR && !sym)
        report_undefined(ctx, node, id);
    else if (v.kind == VAL_HOST) {
        sema_report_host_use(ctx, node->span, v.sym);
        return sema_value_error();
    } else if (v.kind == VAL_UNSUPPORTED) {
        report_unsupported(ctx, node->span, v.what);
        return sema_value_error();
    } else if (v.kind == VAL_RUNTIME)
        sema_typed_const(node, v.type, v.konst);
    return v;
}

/* a.ctypes.data: the address of an array's data, a uint64 (Numba's
 * ArrayCTypes, whose one attribute kernels use). The node becomes the
 * attribute of the array itself. */
static bool is_ctypes_data(FuncCtx *ctx, Node *node)
{
    Node *inner = node->attribute.value;
    if (!str_eq_cstr(node->attribute.attr, "data") || inner->kind != NODE_ATTRIBUTE ||
        !str_eq_cstr(inner->attribute.attr, "ctypes"))
        return false;
    Value array = sema_check_expr(ctx, inner->attribute.value);
    if (array.kind != VAL_RUNTIME || array.type->kind != TYPE_ARRAY)
        return false;
    node->attribute.value = inner->attribute.value;
    node->attribute.builtin = BUILTIN_ARRAY_CTYPES_DATA;
    return true;
}

static Value check_attribute(FuncCtx *ctx, Node *node)
{
    if (node->attribute.builtin == BUILTIN_ARRAY_CTYPES_DATA || is_ctypes_data(ctx, node)) {
        sema_check_expr(ctx, node->attribute.value);
        return sema_typed(node, &type_uint64_t);
    }
    Value base = sema_check_expr(ctx, node->attribute.value);
    Str attr = node->attribute.attr;
    if (base.kind == VAL_ERROR)
        return base;
    if (base.kind == VAL_RUNTIME) {
        if (base.type->kind == TYPE_ARRAY)
            return sema_check_array_attribute(ctx, node, base.type);
        if (type_is_number(base.type))
            return sema_check_number_attribute(ctx, node, base.type);
        if (base.type->kind == TYPE_GRID_GROUP)
            return sema_grid_group_attribute(ctx, node);
        if (base.type->kind == TYPE_VECTOR)
            return sema_check_vector_attribute(ctx, node, base.type);
        if (base.type->kind == TYPE_RECORD)
            return sema_check_record_attribute(ctx, node, base.type);
        if (base.type->kind == TYPE_ENUM_MEMBER)
            return sema_check_enum_attribute(ctx, node, base.type);
        sema_report(ctx, node->span, "a value of type '%s' has no attribute '%.*s'", base.type->name, STR_ARG(attr));
        return sema_value_error();
    }
    Value v = sema_resolve_attribute(ctx->sema, base, attr);
    if (v.kind == VAL_ERROR) {
        if (base.kind == VAL_NAMESPACE) {
            const char *near = sema_suggest_attribute(ctx->sema, base, attr);
            sema_report(ctx, node->span, "module '%s' has no attribute '%.*s'%s%s%s", sema_namespace_name(base.id),
                        STR_ARG(attr), near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
        }
        else if (base.kind == VAL_SCOPE)
            sema_report(ctx, node->span, "%s '%.*s' has no attribute '%.*s'",
                        base.scope->kind == SCOPE_CLASS ? "class" : "module", STR_ARG(base.scope->name),
                        STR_ARG(attr));
        else
            sema_report(ctx, node->span, "this has no attribute '%.*s'", STR_ARG(attr));
    } else if (v.kind == VAL_HOST) {
        sema_report_host_use(ctx, node->span, v.sym);
        return sema_value_error();
    } else if (v.kind == VAL_UNSUPPORTED) {
        report_unsupported(ctx, node->span, v.what);
        return sema_value_error();
    } else if (v.kind == VAL_RUNTIME) {
        node->attribute.builtin = v.id;   /* thread geometry; 0 for constants */
        sema_typed_const(node, v.type, v.konst);
    }
    return v;
}

/* A UniTuple: every element of one type. */
static bool tuple_is_uniform(const Type *tuple)
{
    for (int i = 1; i < tuple->count; i++)
        if (tuple->elts[i] != tuple->elts[0])
            return false;
    return true;
}

static Value check_tuple_subscript(FuncCtx *ctx, Node *node, const Type *tuple)
{
    Node *index = node->subscript.index;
    if (index->kind == NODE_SLICE) {
        sema_report(ctx, index->span, "slicing a tuple is not supported by pykc yet");
        return sema_value_error();
    }
    const Type *type = sema_check_value(ctx, index);
    if (!type)
        return sema_value_error();
    if (type_is_int(type) && index->konst.kind != CONST_INT && tuple->count > 0
        && tuple_is_uniform(tuple))
        return sema_typed(node, tuple->elts[0]);   /* Numba's getitem of a UniTuple at run time */
    if (!type_is_int(type) || index->konst.kind != CONST_INT) {
        sema_report(ctx, index->span, "a tuple index must be a constant integer "
                    "(or any integer, for a tuple whose elements all have one type)");
        return sema_value_error();
    }
    int64_t i = index->konst.i;
    if (i < -tuple->count || i >= tuple->count) {
        sema_report(ctx, index->span, "tuple index %lld is out of range for a tuple of %d elements",
                    (long long)i, tuple->count);
        return sema_value_error();
    }
    int k = (int)(i < 0 ? i + tuple->count : i);
    Node *base = node->subscript.value;   /* a constant element of a literal tuple stays constant */
    if (base->kind == NODE_TUPLE && !sema_has_effects(base) && base->tuple.elts.items[k]->konst.kind != CONST_NONE
        && base->tuple.elts.items[k]->type == tuple->elts[k])
        return sema_typed_const(node, tuple->elts[k], base->tuple.elts.items[k]->konst);
    return sema_typed(node, tuple->elts[k]);
}

static Value check_subscript(FuncCtx *ctx, Node *node)
{
    Value base = sema_check_expr(ctx, node->subscript.value);
    if (base.kind == VAL_TYPE) {
        sema_report(ctx, node->span, "array types such as '%s[:]' belong in signatures and annotations",
                    base.type->name);
        return sema_value_error();
    }
    if (base.kind == VAL_SCOPE && base.scope->kind == SCOPE_CLASS)
        return sema_check_class_subscript(ctx, node, base);
    if (base.kind != VAL_RUNTIME) {
        if (base.kind != VAL_ERROR)
            sema_report(ctx, node->subscript.value->span, "this cannot be indexed");
        return sema_value_error();
    }
    if (base.type->kind == TYPE_TUPLE)
        return check_tuple_subscript(ctx, node, base.type);
    if (base.type->kind == TYPE_RECORD)
        return sema_check_record_subscript(ctx, node, base.type);
    if (base.type->kind != TYPE_ARRAY) {
        sema_report(ctx, node->subscript.value->span, "a value of type '%s' cannot be indexed", base.type->name);
        return sema_value_error();
    }
    return sema_check_array_subscript(ctx, node, base.type);
}

static Value check_binop(FuncCtx *ctx, Node *node)
{
    BinOpKind op = node->binop.op;
    node->konst = (ConstValue){0};
    bool failed;
    if (sema_python_fold(ctx, node, &failed))
        return failed ? sema_value_error() : sema_typed_const(node, node->type, node->konst);
    if (failed)
        return sema_value_error();
    const Type *lt = sema_check_value(ctx, node->binop.left);
    const Type *rt = sema_check_value(ctx, node->binop.right);
    if (!lt || !rt)
        return sema_value_error();
    if (type_is_datetime_like(lt) || type_is_datetime_like(rt))
        return sema_check_datetime_binop(ctx, node, lt, rt);
    OpArg left = {lt, sema_is_literal(node->binop.left)};
    OpArg right = {rt, sema_is_literal(node->binop.right)};
    OpSignature sig;
    if (op == BINOP_MATMUL || !type_is_scalar(lt) || !type_is_scalar(rt) ||
        !sema_resolve_binop(op, left, right, &sig)) {
        sema_report(ctx, node->span, "unsupported operand types for %s: '%s' and '%s'",
                    ast_binop_spelling(op), lt->name, rt->name);
        return sema_value_error();
    }
    sema_weaken_operands(ctx, op, false, node->binop.left, node->binop.right, &sig);
    /* Numba computes in the result type; only a float power keeps an int exponent. */
    bool int_exponent = op == BINOP_POW && type_is_float(sig.result) && type_is_int(sig.args[1]);
    const Type *right_type = int_exponent ? sig.args[1] : sig.result;
    ConstValue a, b, folded;
    if (const_as(node->binop.left, sig.result, &a) && const_as(node->binop.right, right_type, &b) &&
        fold_binop(op, sig.result, a, right_type, b, &folded))
        node->konst = folded;
    node->binop.left = sema_convert(ctx, node->binop.left, sig.result);
    node->binop.right = sema_convert(ctx, node->binop.right, right_type);
    return sema_typed_const(node, sig.result, node->konst);
}

/* -x, +x, ~x: Numba computes in the operand's own type and widens after
 * (so -uint32(1) is 4294967295), except for a bool, which widens first.
 * The operand keeps its type; codegen computes in it, then converts to
 * node->type. */
static Value check_unary(FuncCtx *ctx, Node *node)
{
    UnaryOpKind op = node->unary.op;
    node->konst = (ConstValue){0};
    bool failed;
    if (sema_python_fold(ctx, node, &failed))
        return failed ? sema_value_error() : sema_typed_const(node, node->type, node->konst);
    Node *operand = node->unary.operand;
    const Type *type = sema_check_value(ctx, operand);
    if (!type)
        return sema_value_error();
    OpSignature sig;
    if (!type_is_scalar(type) ||
        (op != UNARY_NOT && !sema_resolve_unary(op, (OpArg){type, sema_is_literal(operand)}, &sig))) {
        sema_report(ctx, node->span, "unsupported operand type for unary %s: '%s'", ast_unary_spelling(op), type->name);
        return sema_value_error();
    }
    const Type *result = op == UNARY_NOT ? &type_bool_t : sig.result;
    const Type *operand_type = op == UNARY_NOT ? type : sig.args[0];
    if (op != UNARY_NOT && type->kind == TYPE_BOOL && op != UNARY_INVERT)
        operand_type = result;
    ConstValue a, computed, folded;
    if (const_as(operand, operand_type, &a) && fold_unary(op, operand_type, a, &computed) &&
        (op == UNARY_NOT ? (folded = computed, true) : fold_convert(computed, operand_type, result, &folded)))
        node->konst = folded;
    node->unary.operand = sema_convert(ctx, operand, operand_type);
    return sema_typed_const(node, result, node->konst);
}

/* a and b, a or b: Python's value semantics; the result type unifies both. */
static Value check_boolop(FuncCtx *ctx, Node *node)
{
    node->konst = (ConstValue){0};
    const Type *lt = sema_check_value(ctx, node->boolop.left);
    const Type *rt = sema_check_value(ctx, node->boolop.right);
    if (!lt || !rt)
        return sema_value_error();
    const Type *type = type_is_scalar(lt) && type_is_scalar(rt) ? type_unify(ctx->sema->types, lt, rt) : NULL;
    if (!type) {
        sema_report(ctx, node->span, "the operands of '%s' have types '%s' and '%s', which do not unify",
                    node->boolop.op == BOOLOP_AND ? "and" : "or", lt->name, rt->name);
        return sema_value_error();
    }
    ConstValue a, b;
    if (const_as(node->boolop.left, type, &a) && const_as(node->boolop.right, type, &b)) {
        bool left_true = fold_truth(a, type);
        node->konst = (node->boolop.op == BOOLOP_AND) == left_true ? b : a;
    }
    node->boolop.left = sema_convert(ctx, node->boolop.left, type);
    node->boolop.right = sema_convert(ctx, node->boolop.right, type);
    return sema_typed_const(node, type, node->konst);
}

static Value check_ifexp(FuncCtx *ctx, Node *node)
{
    sema_check_condition(ctx, node->ifexp.cond);
    const Type *bt = sema_check_value(ctx, node->ifexp.body);
    const Type *ot = sema_check_value(ctx, node->ifexp.orelse);
    if (!bt || !ot)
        return sema_value_error();
    const Type *type = type_unify(ctx->sema->types, bt, ot);
    if (type && type->kind == TYPE_NONE) {
        sema_report(ctx, node->span, "a conditional expression whose value is None is not supported by pykc yet");
        return sema_value_error();
    }
    if (!type) {
        sema_report(ctx, node->span, "the two results of this conditional expression have types "
                    "'%s' and '%s', which do not unify", bt->name, ot->name);
        return sema_value_error();
    }
    node->ifexp.body = sema_convert(ctx, node->ifexp.body, type);
    node->ifexp.orelse = sema_convert(ctx, node->ifexp.orelse, type);
    return sema_typed(node, type);
}

static Value check_tuple(FuncCtx *ctx, Node *node)
{
    int count = node->tuple.elts.count;
    const Type **elts = ARENA_ARRAY(ctx->sema->arena, const Type *, count + 1);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        Node *elt = node->tuple.elts.items[i];
        ok &= (elts[i] = sema_check_value(ctx, elt)) != NULL;
        if (elts[i] && elts[i]->kind == TYPE_NONE) {
            sema_report(ctx, elt->span, "a tuple holding None (or a call that returns nothing) "
                        "is not supported by pykc yet");
            ok = false;
        }
    }
    return ok ? sema_typed(node, type_tuple(ctx->sema->types, elts, count)) : sema_value_error();
}

Value sema_check_expr(FuncCtx *ctx, Node *node)
{
    switch (node->kind) {
    case NODE_INT: return check_int(node);
    case NODE_FLOAT:
        return sema_typed_const(node, &type_float64_t, (ConstValue){.kind = CONST_FLOAT, .f = node->float_lit.value});
    case NODE_IMAG:   /* 2j: a complex128 constant, as Numba types Python's complex */
        return sema_typed_const(node, &type_complex128_t,
                             (ConstValue){.kind = CONST_COMPLEX, .c = {0.0, node->float_lit.value}});
    case NODE_BOOL:
        return sema_typed_const(node, &type_bool_t, (ConstValue){.kind = CONST_BOOL, .b = node->bool_lit.value});
    case NODE_NONE: return sema_typed(node, &type_none_t);
    case NODE_STRING:
        sema_report(ctx, node->span, "strings are not supported as values in kernels");
        return sema_value_error();
    case NODE_NAME: return check_name(ctx, node);
    case NODE_ATTRIBUTE: return check_attribute(ctx, node);
    case NODE_SUBSCRIPT: return check_subscript(ctx, node);
    case NODE_CALL: return sema_check_call(ctx, node);
    case NODE_BINOP: return check_binop(ctx, node);
    case NODE_UNARY: return check_unary(ctx, node);
    case NODE_BOOLOP: return check_boolop(ctx, node);
    case NODE_COMPARE: return sema_check_compare(ctx, node);
    case NODE_IFEXP: return check_ifexp(ctx, node);
    case NODE_TUPLE: return check_tuple(ctx, node);
    case NODE_CONVERT: return sema_value_runtime(node->type);
    case NODE_SLICE:
        sema_report(ctx, node->span, "a slice can only appear inside brackets");
        return sema_value_error();
    default:
        sema_report_unsupported(ctx, node);
        return sema_value_error();
    }
}
