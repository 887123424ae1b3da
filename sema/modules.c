/* Imports of modules: the namespaces pykc knows, and the project's own
 * Python files (modules.h). A project module is read, parsed and given its
 * scopes once, whoever imports it; its path is reported for -MD. */
#define _XOPEN_SOURCE 700
#include "modules.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../parser/parser.h"
#include "scope.h"

struct LoadedModule {
    const char *real_path;    /* what tells two imports of one file */
    Scope *scope;             /* NULL: it did not parse */
};

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *directory_of(Arena *arena, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return ".";
    if (slash == path)
        return "/";
    return arena_strndup(arena, path, (size_t)(slash - path));
}

/* DIR/a/b.py or DIR/a/b/__init__.py for "a.b"; DIR/__init__.py for "". */
static const char *find_module_file(Sema *sema, const char *dir, Str dotted)
{
    size_t dir_len = strlen(dir);
    while (dir_len > 1 && dir[dir_len - 1] == '/')
        dir_len--;
    dir = arena_strndup(sema->arena, dir, dir_len);
    char *relative = arena_strndup(sema->arena, dotted.ptr, (size_t)dotted.len);
    for (char *c = relative; *c; c++)
        if (*c == '.')
            *c = '/';
    const char *file = dotted.len ? arena_printf(sema->arena, "%s/%s.py", dir, relative) : NULL;
    if (file && is_file(file))
        return file;
    const char *package = dotted.len ? arena_printf(sema->arena, "%s/%s/__init__.py", dir, relative)
                                     : arena_printf(sema->arena, "%s/__init__.py", dir);
    return is_file(package) ? package : NULL;
}

static Scope *load_module(Sema *sema, const char *path, Str dotted)
{
    char *real = realpath(path, NULL);
    const char *key = real ? arena_strndup(sema->arena, real, strlen(real)) : path;
    free(real);
    for (int i = 0; i < sema->loaded_count; i++)
        if (strcmp(sema->loaded[i].real_path, key) == 0)
            return sema->loaded[i].scope;
    LoadedModule *grown = ARENA_ARRAY(sema->arena, LoadedModule, sema->loaded_count + 1);
    if (sema->loaded_count)
        memcpy(grown, sema->loaded, sizeof *grown * (size_t)sema->loaded_count);
    sema->loaded = grown;
    LoadedModule *module = &sema->loaded[sema->loaded_count++];
    module->real_path = key;
    module->scope = NULL;
    if (sema->options->file_read)
        sema->options->file_read(sema->options->file_read_ctx, path);
    const char *error = NULL;
    Source *src = source_from_file(sema->arena, path, &error);
    if (!src)
        return NULL;
    int errors = sema->diag->errors;
    Node *tree = parse_module(sema->arena, sema->diag, src);
    if (sema->diag->errors > errors)
        return NULL;
    module->scope = sema_scope_build(sema, tree, dotted, path, true);
    return module->scope;
}

static const char *module_path(Scope *scope)
{
    while (scope->parent)
        scope = scope->parent;
    return scope->path;
}

/* The directory a relative import of `level` dots starts from. */
static const char *relative_root(Sema *sema, Scope *from, int level)
{
    const char *dir = directory_of(sema->arena, module_path(from));
    for (int i = 1; i < level; i++)
        dir = arena_printf(sema->arena, "%s/..", dir);
    return dir;
}

static bool found(Sema *sema, const char *path, Str dotted, Value *out)
{
    Scope *scope = path ? load_module(sema, path, dotted) : NULL;
    if (!scope)
        return false;
    *out = (Value){.kind = VAL_SCOPE, .scope = scope};
    return true;
}

bool sema_import_module(Sema *sema, Scope *from, Str dotted, int level, Value *out)
{
    if (level == 0 && sema_known_module(dotted, out))
        return true;
    if (level > 0)
        return found(sema, find_module_file(sema, relative_root(sema, from, level), dotted), dotted, out);
    const char *path = find_module_file(sema, sema->main_dir, dotted);
    for (int i = 0; !path && i < sema->options->include_count; i++)
        path = find_module_file(sema, sema->options->include_dirs[i], dotted);
    return found(sema, path, dotted, out);
}

const char *sema_module_refusal(Sema *sema, Str dotted)
{
    return arena_printf(sema->arena, "module '%.*s', which kernels cannot use: pykc knows numba, "
                        "numba.cuda, numba.types, numpy, math, cmath and operator, and the project's "
                        "own modules found next to the source or in a -I directory", STR_ARG(dotted));
}

void sema_modules_init(Sema *sema, const char *main_path)
{
    sema->main_dir = directory_of(sema->arena, main_path);
}
