/* Statements: assignment (to locals, array elements and tuples of targets),
 * augmented assignment, if/elif/else, return and expression statements;
 * loops are in cg_loop.c. A statement list stops at the first statement
 * that ends its block (return, break, continue): what follows is dead. */
#include "cg_internal.h"

/* t = v: converts v (of type `from`) to the target's type and stores it.
 * A tuple target unpacks a tuple value element by element. */
void cg_emit_store(Cg *cg, const Node *target, LLVMValueRef v, const Type *from)
{
    switch (target->kind) {
    case NODE_NAME: {
        Symbol *sym = target->name.sym;
        if (sym && sym->cg)
            LLVMBuildStore(cg->b, cg_convert(cg, v, from, sym->type), sym->cg);
        return;
    }
    case NODE_SUBSCRIPT: {
        const Type *dtype = target->subscript.value->type->dtype;
        CgCheckMark mark = cg_check_mark(cg);
        LLVMValueRef ptr = cg_element_ptr(cg, target->subscript.value, target->subscript.index, NULL);
        if (dtype->kind == TYPE_RECORD) {   /* a[i] = rec: the record's bytes */
            cg_copy_record(cg, ptr, v, dtype);
            cg_check_close(cg, mark, NULL);
            return;
        }
        LLVMValueRef st = LLVMBuildStore(cg->b, cg_to_mem(cg, cg_convert(cg, v, from, dtype), dtype), ptr);
        LLVMSetAlignment(st, cg_align_of(cg, dtype));
        cg_check_close(cg, mark, NULL);
        return;
    }
    case NODE_ATTRIBUTE:   /* rec.f = v (sema allows no other attribute target) */
        cg_store_record_field(cg, target, v, from);
        return;
    case NODE_TUPLE:
        for (int i = 0; i < target->tuple.elts.count && i < from->count; i++) {
            LLVMValueRef e = LLVMBuildExtractValue(cg->b, v, (unsigned)i, "");
            cg_emit_store(cg, target->tuple.elts.items[i], e, from->elts[i]);
        }
        return;
    default:
        cg_unsupported(cg, target, "this assignment target");
    }
}

/* t1 = t2 = value: the value is evaluated once, stored left to right. */
static void emit_assign(Cg *cg, const Node *node)
{
    const Node *value = node->assign.value;
    LLVMValueRef v = cg_emit_expr(cg, value);
    for (int i = 0; i < node->assign.targets.count; i++)
        cg_emit_store(cg, node->assign.targets.items[i], v, value->type);
}

/* A place an augmented assignment reads and writes: a local's alloca
 * (register type) or an array element (memory type: bool is i8). */
typedef struct Place {
    LLVMValueRef ptr;
    const Type *type;
    bool is_element;
} Place;

static LLVMValueRef load_place(Cg *cg, Place p)
{
    if (!p.is_element)
        return LLVMBuildLoad2(cg->b, cg_type(cg, p.type), p.ptr, "");
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, p.type), p.ptr, "");
    LLVMSetAlignment(v, cg_align_of(cg, p.type));
    return cg_from_mem(cg, v, p.type);
}

static void store_place(Cg *cg, Place p, LLVMValueRef v)
{
    if (!p.is_element) {
        LLVMBuildStore(cg->b, v, p.ptr);
        return;
    }
    LLVMValueRef st = LLVMBuildStore(cg->b, cg_to_mem(cg, v, p.type), p.ptr);
    LLVMSetAlignment(st, cg_align_of(cg, p.type));
}

/* t op= v: the target's place is computed once (a local, or an array
 * element whose index is evaluated once), loaded, combined with v in
 * compute_type, converted back and stored. */
static void emit_aug_assign(Cg *cg, const Node *node)
{
    const Node *target = node->aug_assign.target;
    const Type *ct = node->aug_assign.compute_type;
    const Node *value = node->aug_assign.value;
    Place p;
    CgCheckMark mark = cg_check_mark(cg);
    /* checked mode computes the value before testing the index, so that its
     * side effects (a call, an atomic) happen even when the access is
     * skipped; unchecked code keeps Python's order */
    bool value_first = cg->options->check && target->kind == NODE_SUBSCRIPT;
    LLVMValueRef early = value_first ? cg_emit_expr(cg, value) : NULL;
    if (target->kind == NODE_NAME && target->name.sym && target->name.sym->cg) {
        p = (Place){target->name.sym->cg, target->name.sym->type, false};
    } else if (target->kind == NODE_SUBSCRIPT && target->subscript.value->type->kind == TYPE_ARRAY) {
        LLVMValueRef ptr = cg_element_ptr(cg, target->subscript.value, target->subscript.index, NULL);
        p = (Place){ptr, target->subscript.value->type->dtype, true};
    } else {
        cg_unsupported(cg, target, "this augmented assignment target");
        return;
    }
    if (type_is_datetime_like(ct)) {   /* operands of their own units (sema/datetime.c) */
        LLVMValueRef cur = load_place(cg, p);
        LLVMValueRef v = early ? early : cg_emit_expr(cg, value);
        store_place(cg, p, cg_datetime_binop(cg, node->aug_assign.op, cur, p.type, v, value->type, ct));
        cg_check_close(cg, mark, NULL);
        return;
    }
    LLVMValueRef cur = cg_convert(cg, load_place(cg, p), p.type, ct);
    LLVMValueRef v = early ? early : cg_emit_expr(cg, value);
    LLVMValueRef r = cg_binop(cg, node->aug_assign.op, cur, v, ct, value->type, value);
    if (node == cg->nsw_step && LLVMIsAInstruction(r) && LLVMGetInstructionOpcode(r) == LLVMAdd)
        LLVMSetNSW(r, true);   /* proved by cg_while_stride_step */
    store_place(cg, p, cg_convert(cg, r, ct, p.type));
    cg_check_close(cg, mark, NULL);
}

/* if cond: body [else: else_body]; an elif is an If alone in else_body. */
static void emit_if(Cg *cg, const Node *node)
{
    LLVMValueRef c = cg_emit_cond(cg, node->if_stmt.cond);
    bool has_else = node->if_stmt.else_body.count > 0;
    LLVMBasicBlockRef then_bb = cg_block(cg, "if.then");
    LLVMBasicBlockRef else_bb = has_else ? cg_block(cg, "if.else") : NULL;
    LLVMBasicBlockRef end_bb = cg_block(cg, "if.end");
    LLVMBuildCondBr(cg->b, c, then_bb, has_else ? else_bb : end_bb);
    cg_enter(cg, then_bb);
    cg_emit_block(cg, &node->if_stmt.body);
    cg_branch(cg, end_bb);
    if (has_else) {
        cg_enter(cg, else_bb);
        cg_emit_block(cg, &node->if_stmt.else_body);
        cg_branch(cg, end_bb);
    }
    cg_enter(cg, end_bb);
}

/* return [value]: kernels return nothing; a device function returns the
 * value converted to its return type. */
static void emit_return(Cg *cg, const Node *node)
{
    const FuncInfo *fi = cg->func;
    const Node *value = node->return_stmt.value;
    if (fi->is_kernel || fi->return_type->kind == TYPE_NONE) {
        if (value && value->type && value->type->kind != TYPE_NONE)
            cg_emit_expr(cg, value);
        LLVMBuildRetVoid(cg->b);
        return;
    }
    if (!value) {
        LLVMBuildRet(cg->b, cg_zero(cg, fi->return_type));
        return;
    }
    LLVMValueRef v = cg_emit_expr(cg, value);
    LLVMBuildRet(cg->b, cg_convert(cg, v, value->type, fi->return_type));
}

/* An expression for its effects; a string alone is a docstring. */
static void emit_expr_stmt(Cg *cg, const Node *node)
{
    const Node *value = node->expr_stmt.value;
    if (value->kind == NODE_STRING || value->kind == NODE_NONE)
        return;
    cg_emit_expr(cg, value);
}

static void emit_stmt(Cg *cg, const Node *node)
{
    cg_debug_at(cg, node);
    switch (node->kind) {
    case NODE_ASSIGN: emit_assign(cg, node); break;
    case NODE_AUG_ASSIGN: emit_aug_assign(cg, node); break;
    case NODE_EXPR_STMT: emit_expr_stmt(cg, node); break;
    case NODE_IF: emit_if(cg, node); break;
    case NODE_WHILE: cg_emit_while(cg, node); break;
    case NODE_FOR: cg_emit_for(cg, node); break;
    case NODE_BREAK: cg_emit_break(cg, node); break;
    case NODE_CONTINUE: cg_emit_continue(cg, node); break;
    case NODE_RETURN: emit_return(cg, node); break;
    case NODE_RAISE: cg_emit_raise(cg, node); break;
    case NODE_PASS: break;
    case NODE_IMPORT: case NODE_IMPORT_FROM: case NODE_FUNCDEF: break;
    default: cg_unsupported(cg, node, "this statement"); break;
    }
}

void cg_emit_block(Cg *cg, const NodeList *stmts)
{
    for (int i = 0; i < stmts->count && !cg_is_terminated(cg); i++)
        emit_stmt(cg, stmts->items[i]);
}
