/* A deep copy of a subtree, for sema's specialisation of device functions
 * typed at their call sites: sema annotates the tree in place (types,
 * symbols, inserted Convert nodes), so each specialisation checks its own
 * copy of the FUNCDEF. The copy shares only what nothing writes: spans,
 * strings and a Compare's operator array. Input: a tree sema has not yet
 * touched. Output: fresh nodes in the arena. */
#include "ast.h"

#include <string.h>

static Node *clone(Arena *arena, const Node *node);

/* Capacity as ast_list_push implies it (4, then powers of two), so the
 * copy can still grow through ast_list_push. */
static NodeList clone_list(Arena *arena, NodeList list)
{
    NodeList copy = {0};
    if (!list.count)
        return copy;
    int capacity = 4;
    while (capacity < list.count)
        capacity *= 2;
    copy.items = ARENA_ARRAY(arena, Node *, capacity);
    for (int i = 0; i < list.count; i++)
        copy.items[i] = clone(arena, list.items[i]);
    copy.count = list.count;
    return copy;
}

static void clone_slot(void *ctx, const char *label, Node **slot)
{
    (void)label;
    *slot = clone(ctx, *slot);
}

static void clone_slot_list(void *ctx, const char *label, NodeList *list)
{
    (void)label;
    *list = clone_list(ctx, *list);
}

/* The copy's children, replaced by copies of themselves. */
static void clone_children(Arena *arena, Node *n)
{
    static const AstWalker walker = {clone_slot, clone_slot_list};
    ast_walk_children(n, &walker, arena);
}

static Node *clone(Arena *arena, const Node *node)
{
    if (!node)
        return NULL;
    Node *copy = ARENA_NEW(arena, Node);
    memcpy(copy, node, sizeof *copy);
    clone_children(arena, copy);
    return copy;
}

Node *ast_clone(Arena *arena, const Node *node)
{
    return clone(arena, node);
}

typedef struct Rename {
    Str from, to;
} Rename;

static void rename_names(void *ctx, Node *node)
{
    Rename *rename = ctx;
    if (node->kind == NODE_NAME && str_eq(node->name.id, rename->from))
        node->name.id = rename->to;
    ast_each_child(node, rename_names, rename);
}

void ast_rename(Node *node, Str from, Str to)
{
    Rename rename = {from, to};
    rename_names(&rename, node);
}
