/* Expressions: the dispatch over expression nodes, names, literals, tuples,
 * subscripts and calls of device functions. A node sema folded (konst set)
 * is emitted as that constant, whatever its kind; CONVERT nodes carry every
 * implicit conversion, so operators find their operands in the right type.
 * Comparisons, and/or and conditional expressions are in cg_compare.c,
 * arithmetic in cg_arith.c, builtins in cg_builtin.c. */
#include "cg_internal.h"

/* x: a local's current value, or a module constant's. */
static LLVMValueRef emit_name(Cg *cg, const Node *node)
{
    Symbol *sym = node->name.sym;
    if (sym && sym->kind == SYM_LOCAL && sym->cg) {
        LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_type(cg, sym->type), sym->cg, "");
        return cg_convert(cg, v, sym->type, node->type);
    }
    if (sym && sym->kind == SYM_CONST && type_is_scalar(node->type))
        return cg_const_value(cg, node->type, sym->value);
    return cg_unsupported(cg, node, "this name as a value");
}

/* A literal sema did not fold (it folds them all; this is a fallback). */
static LLVMValueRef emit_literal(Cg *cg, const Node *node)
{
    ConstValue k = {.kind = CONST_NONE};
    if (node->kind == NODE_INT)
        k = (ConstValue){.kind = CONST_INT, .i = (int64_t)node->int_lit.value};
    else if (node->kind == NODE_FLOAT)
        k = (ConstValue){.kind = CONST_FLOAT, .f = node->float_lit.value};
    else
        k = (ConstValue){.kind = CONST_BOOL, .b = node->bool_lit.value};
    return cg_const_value(cg, node->type, k);
}

/* (a, b, c) as a struct value of the tuple type. */
static LLVMValueRef emit_tuple(Cg *cg, const Node *node)
{
    const Type *t = node->type;
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, t));
    for (int i = 0; i < node->tuple.elts.count && i < t->count; i++) {
        const Node *e = node->tuple.elts.items[i];
        LLVMValueRef ev = cg_convert(cg, cg_emit_expr(cg, e), e->type, t->elts[i]);
        v = LLVMBuildInsertValue(cg->b, v, ev, (unsigned)i, "");
    }
    return v;
}

/* t[i] with i not constant, on a tuple of one element type: the tuple is
 * spilled to a stack array and indexed there (a negative i counts from the
 * end, once). */
static LLVMValueRef emit_tuple_dynamic_index(Cg *cg, const Node *node, LLVMValueRef tup)
{
    const Type *t = node->subscript.value->type;
    const Node *index = node->subscript.index;
    for (int i = 1; i < t->count; i++)
        if (t->elts[i] != t->elts[0])
            return cg_unsupported(cg, index, "a variable index into a heterogeneous tuple");
    LLVMTypeRef et = cg_type(cg, t->elts[0]);
    LLVMValueRef slot = cg_alloca(cg, LLVMArrayType2(et, (uint64_t)t->count), "tuple");
    for (int i = 0; i < t->count; i++) {
        LLVMValueRef ix[2] = {cg_const_i64(cg, 0), cg_const_i64(cg, i)};
        LLVMValueRef p = LLVMBuildInBoundsGEP2(cg->b, LLVMGetAllocatedType(slot), slot, ix, 2, "");
        LLVMBuildStore(cg->b, LLVMBuildExtractValue(cg->b, tup, (unsigned)i, ""), p);
    }
    bool is_signed = index->type->is_signed;
    LLVMValueRef i = cg_convert(cg, cg_emit_expr(cg, index), index->type,
                                is_signed ? &type_int64_t : &type_uint64_t);
    if (is_signed) {
        LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, i, cg_const_i64(cg, 0), "");
        LLVMValueRef wrapped = LLVMBuildAdd(cg->b, i, cg_const_i64(cg, t->count), "");
        i = LLVMBuildSelect(cg->b, neg, wrapped, i, "");
    }
    LLVMValueRef ix[2] = {cg_const_i64(cg, 0), i};
    LLVMValueRef p = LLVMBuildInBoundsGEP2(cg->b, LLVMGetAllocatedType(slot), slot, ix, 2, "");
    LLVMValueRef v = LLVMBuildLoad2(cg->b, et, p, "");
    return cg_convert(cg, v, t->elts[0], node->type);
}

/* t[k] of a tuple with a constant k (negative counts from the end). */
static LLVMValueRef emit_tuple_index(Cg *cg, const Node *node)
{
    const Type *t = node->subscript.value->type;
    const Node *index = node->subscript.index;
    LLVMValueRef tup = cg_emit_expr(cg, node->subscript.value);
    if (index->konst.kind != CONST_INT)
        return emit_tuple_dynamic_index(cg, node, tup);
    int64_t k = index->konst.i < 0 ? index->konst.i + t->count : index->konst.i;
    if (k < 0 || k >= t->count)
        return cg_unsupported(cg, index, "a tuple index out of range");
    LLVMValueRef v = LLVMBuildExtractValue(cg->b, tup, (unsigned)k, "");
    return cg_convert(cg, v, t->elts[k], node->type);
}

/* a[i], a[i, j]: load the element (bool: i8 in memory). */
static LLVMValueRef emit_subscript(Cg *cg, const Node *node)
{
    const Type *vt = node->subscript.value->type;
    if (vt->kind == TYPE_TUPLE)
        return emit_tuple_index(cg, node);
    if (vt->kind != TYPE_ARRAY || node->subscript.index->kind == NODE_SLICE)
        return cg_unsupported(cg, node, "this subscript");
    LLVMValueRef ptr = cg_element_ptr(cg, node->subscript.value, node->subscript.index, NULL);
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, vt->dtype), ptr, "");
    LLVMSetAlignment(v, cg_align_of(cg, vt->dtype));
    return cg_convert(cg, cg_from_mem(cg, v, vt->dtype), vt->dtype, node->type);
}

/* The argument node for each of the callee's parameters: positional ones,
 * then keywords matched to parameters by name. */
static const Node **call_arguments(Cg *cg, const Node *node, const FuncInfo *callee)
{
    const Node **args = ARENA_ARRAY(&cg->arena, const Node *, callee->param_count + 1);
    for (int i = 0; i < node->call.args.count && i < callee->param_count; i++)
        args[i] = node->call.args.items[i];
    for (int i = 0; i < node->call.keywords.count; i++) {
        const Node *kw = node->call.keywords.items[i];
        for (int p = 0; p < callee->param_count; p++)
            if (callee->params[p] && str_eq(callee->params[p]->name, kw->keyword.name))
                args[p] = kw->keyword.value;
    }
    return args;
}

/* f(args) of a device function: arguments are converted to the callee's
 * parameter types and arrays are passed flattened, as in cg_func.c. */
static LLVMValueRef emit_call(Cg *cg, const Node *node)
{
    const FuncInfo *callee = node->call.callee;
    const Node **args = call_arguments(cg, node, callee);
    unsigned slots = 0, n = 0;
    for (int i = 0; i < callee->param_count; i++)
        slots += cg_param_slot_count(callee->param_types[i]);
    LLVMValueRef *values = ARENA_ARRAY(&cg->arena, LLVMValueRef, slots + 1);
    for (int i = 0; i < callee->param_count; i++) {
        const Type *pt = callee->param_types[i];
        if (!args[i])
            return cg_unsupported(cg, node, "a call without every argument");
        LLVMValueRef v = cg_convert(cg, cg_emit_expr(cg, args[i]), args[i]->type, pt);
        cg_append_args(cg, v, pt, values, &n);
    }
    LLVMValueRef fn = callee->cg;
    LLVMValueRef r = LLVMBuildCall2(cg->b, LLVMGlobalGetValueType(fn), fn, values, n, "");
    if (callee->return_type->kind == TYPE_NONE)
        return NULL;
    return cg_convert(cg, r, callee->return_type, node->type);
}

static LLVMValueRef emit_binop(Cg *cg, const Node *node)
{
    const Node *l = node->binop.left, *r = node->binop.right;
    LLVMValueRef lv = cg_emit_expr(cg, l);
    LLVMValueRef rv = cg_emit_expr(cg, r);
    LLVMValueRef v = cg_binop(cg, node->binop.op, lv, rv, l->type, r->type, r);
    return cg_convert(cg, v, l->type, node->type);
}

static LLVMValueRef emit_unary(Cg *cg, const Node *node)
{
    const Node *operand = node->unary.operand;
    LLVMValueRef v = cg_emit_expr(cg, operand);
    if (node->unary.op == UNARY_NOT)
        return LLVMBuildNot(cg->b, cg_truth(cg, v, operand->type), "not");
    v = cg_unary(cg, node->unary.op, v, operand->type);
    return cg_convert(cg, v, operand->type, node->type);
}

static LLVMValueRef emit_call_expr(Cg *cg, const Node *node)
{
    if (node->call.builtin != BUILTIN_NONE)
        return cg_emit_builtin_call(cg, node);
    if (node->call.callee && node->call.callee->cg)
        return emit_call(cg, node);
    return cg_unsupported(cg, node, "this call");
}

LLVMValueRef cg_emit_expr(Cg *cg, const Node *node)
{
    if (node->konst.kind != CONST_NONE && node->type && type_is_scalar(node->type))
        return cg_const_value(cg, node->type, node->konst);
    switch (node->kind) {
    case NODE_NAME: return emit_name(cg, node);
    case NODE_INT: case NODE_FLOAT: case NODE_BOOL: return emit_literal(cg, node);
    case NODE_NONE: case NODE_STRING: return NULL;
    case NODE_BINOP: return emit_binop(cg, node);
    case NODE_UNARY: return emit_unary(cg, node);
    case NODE_BOOLOP: return cg_emit_boolop(cg, node);
    case NODE_COMPARE: return cg_emit_compare(cg, node);
    case NODE_IFEXP: return cg_emit_ifexp(cg, node);
    case NODE_CALL: return emit_call_expr(cg, node);
    case NODE_SUBSCRIPT: return emit_subscript(cg, node);
    case NODE_ATTRIBUTE:
        if (node->attribute.builtin != BUILTIN_NONE)
            return cg_emit_builtin_attr(cg, node);
        return cg_unsupported(cg, node, "this attribute");
    case NODE_TUPLE: return emit_tuple(cg, node);
    case NODE_CONVERT:
        return cg_convert(cg, cg_emit_expr(cg, node->convert.operand),
                          node->convert.operand->type, node->type);
    default: return cg_unsupported(cg, node, "this expression");
    }
}

/* The truth value (i1) of a condition. */
LLVMValueRef cg_emit_cond(Cg *cg, const Node *node)
{
    return cg_truth(cg, cg_emit_expr(cg, node), node->type);
}
