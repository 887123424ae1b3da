/* Launch facts lines from sema's typed kernels, spliced into the PTX; see
 * launch_facts.h and docs/abi.md ("Launch facts"). The format is parsed by
 * runtime/src/launch_facts.c: both follow the grammar in docs/abi.md. */
#include "launch_facts.h"

#include <string.h>

/* The runtime's limits (docs/abi.md, "Launch facts"): array dimensions
 * (PYK_MAX_NDIM), how deep tuples nest and how many values (scalars and
 * arrays) one tuple parameter holds. */
#define FACTS_MAX_NDIM 8
#define FACTS_MAX_TUPLE_DEPTH 16
#define FACTS_MAX_TUPLE_VALUES 512

static bool is_scalar(const Type *t)
{
    if (t && t->kind == TYPE_ENUM_MEMBER)   /* an enum member travels as its value */
        t = t->elem;
    return t && (t->kind == TYPE_BOOL || t->kind == TYPE_INT || t->kind == TYPE_FLOAT ||
                 t->kind == TYPE_COMPLEX || t->kind == TYPE_BFLOAT16);
}

/* The scalars and arrays in t, tuples flattened; -1 when t is not
 * expressible at depth `depth`. */
static int expressible_values(const Type *t, int depth)
{
    if (is_scalar(t))
        return 1;
    if (t && t->kind == TYPE_ARRAY)
        return is_scalar(t->dtype) && t->ndim >= 1 && t->ndim <= FACTS_MAX_NDIM ? 1 : -1;
    if (!t || t->kind != TYPE_TUPLE || t->count == 0 || depth >= FACTS_MAX_TUPLE_DEPTH)
        return -1;
    int total = 0;
    for (int i = 0; i < t->count; i++) {
        int n = expressible_values(t->elts[i], depth + 1);
        if (n < 0 || (total += n) > FACTS_MAX_TUPLE_VALUES)
            return -1;
    }
    return total;
}

bool cg_facts_type_is_expressible(const Type *t)
{
    return expressible_values(t, 0) > 0;
}

/* Numba's spellings: "int64", "array(float32, 2d, F)", "UniTuple(int64 x
 * 2)", "Tuple(int32, array(float32, 1d, C))". */
const char *cg_facts_type_name(Arena *arena, const Type *t)
{
    static const char layouts[] = {[LAYOUT_C] = 'C', [LAYOUT_F] = 'F', [LAYOUT_A] = 'A'};
    if (t->kind == TYPE_ARRAY)
        return arena_printf(arena, "array(%s, %dd, %c)", t->dtype->name, t->ndim, layouts[t->layout]);
    if (t->kind == TYPE_ENUM_MEMBER)   /* an enum member travels as its value */
        return cg_facts_type_name(arena, t->elem);
    if (t->kind != TYPE_TUPLE)
        return t->name; /* "bool", "int64", "float16", "complex64" */
    bool uniform = true;
    for (int i = 1; i < t->count; i++)
        uniform &= t->elts[i] == t->elts[0];
    if (uniform)
        return arena_printf(arena, "UniTuple(%s x %d)", cg_facts_type_name(arena, t->elts[0]), t->count);
    const char *name = "Tuple(";
    for (int i = 0; i < t->count; i++)
        name = arena_printf(arena, "%s%s%s", name, i ? ", " : "", cg_facts_type_name(arena, t->elts[i]));
    return arena_printf(arena, "%s)", name);
}

int cg_facts_max_threads(const FuncInfo *fi)
{
    return fi->jit.launch_max_threads;
}

const char *cg_facts_line(Arena *arena, const FuncInfo *fi)
{
    for (int i = 0; i < fi->param_count; i++)
        if (!cg_facts_type_is_expressible(fi->param_types[i]))
            return NULL;
    const char *line = arena_printf(arena, CG_FACTS_PREFIX "%.*s(", STR_ARG(fi->name));
    for (int i = 0; i < fi->param_count; i++)
        line = arena_printf(arena, "%s%s%.*s: %s", line, i ? ", " : "", STR_ARG(fi->params[i]->name),
                            cg_facts_type_name(arena, fi->param_types[i]));
    line = arena_printf(arena, "%s)", line);
    int max_threads = cg_facts_max_threads(fi);
    if (max_threads > 0)
        line = arena_printf(arena, "%s maxntid=%d", line, max_threads);
    static const char axes[] = "xyz";
    const LaunchNeeds *needs = &fi->launch;
    for (int a = 0; a < 3; a++)
        if (needs->block[a].max > 0)
            line = arena_printf(arena, "%s blockmax.%c=%d,%.*s,%d", line, axes[a], needs->block[a].max,
                                STR_ARG(needs->block[a].array), needs->block[a].line);
    for (int i = 0; i < needs->cover_count; i++)
        line = arena_printf(arena, "%s covers.%c=%s,%.*s,%d", line, axes[needs->covers[i].axis],
                            needs->covers[i].extent, STR_ARG(needs->covers[i].array), needs->covers[i].line);
    /* KEY=VALUE like every attribute, so that readers that predate it skip it */
    if (fi->cooperative)
        line = arena_printf(arena, "%s cooperative=grid", line);
    return line;
}

/* A kernel's line and whether it has been placed yet. */
typedef struct Pending {
    Str name;
    const char *line;
    size_t len;
    bool placed;
} Pending;

/* The kernel whose entry `line` (up to `end`) opens, or NULL. */
static Pending *entry_of(const char *line, const char *end, Pending *kernels, int count)
{
    static const char entry[] = ".visible .entry ";
    size_t n = sizeof entry - 1;
    if ((size_t)(end - line) <= n || memcmp(line, entry, n) != 0)
        return NULL;
    const char *name = line + n;
    const char *stop = name;
    while (stop < end && *stop != '(' && *stop != ' ' && *stop != '\t')
        stop++;
    for (int i = 0; i < count; i++)
        if (!kernels[i].placed && kernels[i].name.len == (int)(stop - name) &&
            memcmp(kernels[i].name.ptr, name, (size_t)(stop - name)) == 0)
            return &kernels[i];
    return NULL;
}

static char *append(char *out, const char *text, size_t len)
{
    memcpy(out, text, len);
    return out + len;
}

char *cg_splice_launch_facts(Arena *arena, const SemaModule *module, const char *ptx,
                             size_t len, size_t *out_len)
{
    Pending *kernels = ARENA_ARRAY(arena, Pending, module->func_count + 1);
    int count = 0;
    size_t total = len + 1; /* + a newline if the text lacks its last one */
    for (int i = 0; i < module->func_count; i++) {
        const FuncInfo *fi = module->funcs[i];
        const char *line = fi->is_kernel ? cg_facts_line(arena, fi) : NULL;
        if (!line)
            continue;
        kernels[count] = (Pending){fi->name, line, strlen(line), false};
        total += kernels[count++].len + 1;
    }
    char *text = arena_alloc(arena, total + 1);
    char *out = text;
    for (const char *p = ptx, *end = ptx + len; p < end;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *next = eol ? eol + 1 : end;
        Pending *k = entry_of(p, eol ? eol : end, kernels, count);
        if (k) {
            out = append(out, k->line, k->len);
            *out++ = '\n';
            k->placed = true;
        }
        out = append(out, p, (size_t)(next - p));
        p = next;
    }
    for (int i = 0; i < count; i++) {
        if (kernels[i].placed)
            continue;
        if (out > text && out[-1] != '\n')
            *out++ = '\n';
        out = append(out, kernels[i].line, kernels[i].len);
        *out++ = '\n';
    }
    *out = '\0';
    *out_len = (size_t)(out - text);
    return text;
}
