/* Expressions: the dispatch over expression nodes, names, literals, tuples,
 * subscripts and calls of device functions. A node sema folded (konst set)
 * is emitted as that constant, whatever its kind; CONVERT nodes carry every
 * implicit conversion, so operators find their operands in the right type.
 * Comparisons, and/or and conditional expressions are in cg_compare.c,
 * arithmetic in cg_arith.c, builtins in cg_builtin.c. */
#include "cg_internal.h"

/* x: a local's current value, or a module constant's (a global NumPy
 * array's included). */
static LLVMValueRef emit_name(Cg *cg, const Node *node)
{
    Symbol *sym = node->name.sym;
    if (sym && sym->kind == SYM_LOCAL && sym->cg) {
        LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_type(cg, sym->type), sym->cg, "");
        return cg_convert(cg, v, sym->type, node->type);
    }
    if (sym && sym->kind == SYM_CONST && type_is_scalar(node->type))
        return cg_const_value(cg, node->type, sym->value);
    if (sym && sym->kind == SYM_CONST && sym->array)
        return cg_const_array(cg, sym->array);
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
    else if (node->kind == NODE_IMAG)
        k = (ConstValue){.kind = CONST_COMPLEX, .c = {0.0, node->float_lit.value}};
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

/* t[i] of a UniTuple with an index known only at run time: a negative i
 * counts from the end, then a chain of selects picks the element (no
 * memory). Numba raises IndexError for an index out of range, which ends
 * the thread; here such an index gives element 0. */
static LLVMValueRef emit_tuple_runtime_index(Cg *cg, const Node *node, LLVMValueRef tup)
{
    const Type *t = node->subscript.value->type;
    const Node *index = node->subscript.index;
    LLVMValueRef i = cg_convert(cg, cg_emit_expr(cg, index), index->type, &type_int64_t);
    LLVMValueRef count = cg_const_i64(cg, t->count);
    if (index->type->is_signed) {
        LLVMValueRef negative = LLVMBuildICmp(cg->b, LLVMIntSLT, i, cg_const_i64(cg, 0), "");
        i = LLVMBuildSelect(cg->b, negative, LLVMBuildAdd(cg->b, i, count, ""), i, "tuple.idx");
    }
    LLVMValueRef v = LLVMBuildExtractValue(cg->b, tup, 0, "");
    for (int k = 1; k < t->count; k++) {
        LLVMValueRef is_k = LLVMBuildICmp(cg->b, LLVMIntEQ, i, cg_const_i64(cg, k), "");
        v = LLVMBuildSelect(cg->b, is_k, LLVMBuildExtractValue(cg->b, tup, (unsigned)k, ""), v, "");
    }
    return cg_convert(cg, v, t->elts[0], node->type);
}

/* t[k] of a tuple; sema requires k to be a constant integer (negative
 * counts from the end), or any integer for a UniTuple. */
static LLVMValueRef emit_tuple_index(Cg *cg, const Node *node)
{
    const Type *t = node->subscript.value->type;
    const Node *index = node->subscript.index;
    LLVMValueRef tup = cg_emit_expr(cg, node->subscript.value);
    if (index->konst.kind != CONST_INT)
        return emit_tuple_runtime_index(cg, node, tup);
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
    if (vt->kind == TYPE_ARRAY && node->type && node->type->kind == TYPE_ARRAY)
        return cg_emit_array_view(cg, node);
    if (vt->kind != TYPE_ARRAY || node->subscript.index->kind == NODE_SLICE)
        return cg_unsupported(cg, node, "this subscript");
    CgCheckMark mark = cg_check_mark(cg);
    LLVMValueRef ptr = cg_element_ptr(cg, node->subscript.value, node->subscript.index, NULL);
    if (vt->dtype->kind == TYPE_RECORD)   /* a record is a reference to the element */
        return cg_check_close(cg, mark, cg_record_ref(cg, ptr));
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, vt->dtype), ptr, "");
    LLVMSetAlignment(v, cg_align_of(cg, vt->dtype));
    v = cg_check_close(cg, mark, v);
    return cg_convert(cg, cg_from_mem(cg, v, vt->dtype), vt->dtype, node->type);
}

/* f(args) of a device function: arguments are converted to the callee's
 * parameter types and arrays are passed flattened, as in cg_func.c. Sema
 * rejects keyword arguments and checks there is one argument a parameter. */
static LLVMValueRef emit_call(Cg *cg, const Node *node)
{
    const FuncInfo *callee = node->call.callee;
    Node *const *args = node->call.args.items;
    unsigned slots = 0, n = 0;
    for (int i = 0; i < callee->param_count; i++)
        slots += cg_param_slot_count(callee->param_types[i]);
    LLVMValueRef *values = ARENA_ARRAY(&cg->arena, LLVMValueRef, slots + 1);
    for (int i = 0; i < callee->param_count; i++) {
        const Type *pt = callee->param_types[i];
        if (pt->kind == TYPE_STATIC)
            continue;   /* a compile-time argument: the specialisation has it */
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
    if (type_is_datetime_like(node->type))   /* operands of their own units */
        return cg_datetime_binop(cg, node->binop.op, lv, l->type, rv, r->type, node->type);
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
    if (node->konst.kind != CONST_NONE && node->type && node->type->kind == TYPE_ENUM_MEMBER)
        return cg_const_value(cg, node->type->elem, node->konst);   /* a member is its value */
    switch (node->kind) {
    case NODE_NAME: return emit_name(cg, node);
    case NODE_INT: case NODE_FLOAT: case NODE_IMAG: case NODE_BOOL: return emit_literal(cg, node);
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
        if (node->attribute.value->type && node->attribute.value->type->kind == TYPE_RECORD)
            return cg_emit_record_field(cg, node);
        return cg_unsupported(cg, node, "this attribute");
    case NODE_TUPLE: return emit_tuple(cg, node);
    case NODE_CONVERT:
        if ((node->type->kind == TYPE_BFLOAT16 || node->convert.operand->type->kind == TYPE_BFLOAT16) &&
            !cg_bf16_check_arch(cg, node))
            return LLVMGetPoison(cg_type(cg, node->type));
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
