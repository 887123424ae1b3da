/* Annotated assignments in a function body (`x: float32 = 0`). Python does
 * not evaluate the annotation of a local, and Numba types the local from
 * its value alone, as if the annotation were not there (`x: float32 = 0`
 * makes an int64): so before typing, each becomes the plain assignment it
 * is at run time, and one without a value (`x: float32`), which binds
 * nothing, becomes `pass`. */
#include "sema_internal.h"

static void plain_assignments(void *ctx, Node *node)
{
    Arena *arena = ctx;
    if (node->kind == NODE_ANN_ASSIGN) {
        Node *target = node->ann_assign.target, *value = node->ann_assign.value;
        if (value) {
            NodeList targets = {0};
            ast_list_push(arena, &targets, target);
            node->kind = NODE_ASSIGN;
            node->assign.targets = targets;
            node->assign.value = value;
        } else {
            node->kind = NODE_PASS;
        }
        return;
    }
    ast_each_child(node, plain_assignments, arena);
}

void sema_drop_local_annotations(Sema *sema, FuncInfo *func)
{
    NodeList *body = &func->def->funcdef.body;
    for (int i = 0; i < body->count; i++)
        plain_assignments(sema->arena, body->items[i]);
}
