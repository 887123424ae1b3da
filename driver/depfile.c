/* Writing dependency files; see depfile.h. */
#include "depfile.h"

#include <string.h>

#include "output.h"

void depfile_add(void *ctx, const char *path)
{
    DepList *deps = ctx;
    for (int i = 0; i < deps->count; i++)
        if (strcmp(deps->paths[i], path) == 0)
            return;
    const char **grown = ARENA_ARRAY(deps->arena, const char *, deps->count + 1);
    if (deps->count)
        memcpy(grown, deps->paths, sizeof *grown * (size_t)deps->count);
    grown[deps->count++] = arena_strndup(deps->arena, path, strlen(path));
    deps->paths = grown;
}

const char *depfile_default_name(Arena *arena, const char *output)
{
    return output_default_name(arena, output, ".d");
}

/* A path as make reads it. */
static const char *escaped(Arena *arena, const char *path)
{
    char *out = arena_alloc(arena, strlen(path) * 2 + 1), *o = out;
    for (const char *p = path; *p; p++) {
        if (*p == ' ' || *p == '#')
            *o++ = '\\';
        else if (*p == '$')
            *o++ = '$';
        *o++ = *p;
    }
    *o = '\0';
    return out;
}

bool depfile_write(Diag *diag, const char *path, const char *target, bool target_as_given,
                   const DepList *deps, bool phony)
{
    Arena *arena = deps->arena;
    const char *text = arena_printf(arena, "%s:", target_as_given ? target : escaped(arena, target));
    for (int i = 0; i < deps->count; i++)
        text = arena_printf(arena, "%s \\\n  %s", text, escaped(arena, deps->paths[i]));
    text = arena_printf(arena, "%s\n", text);
    for (int i = 1; phony && i < deps->count; i++)
        text = arena_printf(arena, "%s\n%s:\n", text, escaped(arena, deps->paths[i]));
    return output_write(diag, path, text, strlen(text));
}
