/* A --bind value that names something of a project module by its full
 * path, `numba.cuda.tests.cudapy.recursion_usecases.fib1`: a kernel that
 * captured a device function of another module (numba-cuda's test_recursion
 * passes its use cases' functions to a kernel factory). The file compiled
 * need not import that module, so the path is looked up as an import
 * would: its longest prefix that is a module of the project (next to the
 * source or in a -I directory), then the attributes after it. */
#include "modules.h"
#include "sema_internal.h"

#include <string.h>

/* The dotted text of a chain of attributes over a name, or NULL. */
static const char *dotted_text(Sema *sema, const Node *node)
{
    if (node->kind == NODE_NAME)
        return arena_printf(sema->arena, "%.*s", STR_ARG(node->name.id));
    if (node->kind != NODE_ATTRIBUTE)
        return NULL;
    const char *base = dotted_text(sema, node->attribute.value);
    return base ? arena_printf(sema->arena, "%s.%.*s", base, STR_ARG(node->attribute.attr)) : NULL;
}

bool sema_bind_module_path(Sema *sema, Scope *scope, const Node *node, Value *out)
{
    const char *text = dotted_text(sema, node);
    if (!text || !strchr(text, '.'))
        return false;
    Str path = str_from_cstr(text);
    for (int end = path.len; end > 0; end--) {
        if (end < path.len && path.ptr[end] != '.')
            continue;
        Value module;
        if (end == path.len || !sema_import_module(sema, scope, (Str){path.ptr, end}, 0, &module) ||
            module.kind != VAL_SCOPE)
            continue;
        Value v = module;
        for (int at = end + 1, begin = end + 1; at <= path.len && v.kind != VAL_ERROR; at++)
            if (at == path.len || path.ptr[at] == '.') {
                v = sema_resolve_attribute(sema, v, (Str){path.ptr + begin, at - begin});
                begin = at + 1;
            }
        if (v.kind == VAL_ERROR)
            return false;
        *out = v;
        return true;
    }
    return false;
}
