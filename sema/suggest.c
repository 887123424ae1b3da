/* "Did you mean": for a name that is not defined, the function's local of
 * the nearest spelling; for a module attribute that does not exist, the
 * nearest of the names kernels use that the module does have (so the
 * suggestion always resolves). Nearest: the same letters in another case,
 * or at most two edits (one for names of 3 or 4 letters, none for
 * shorter ones). */
#include <ctype.h>
#include <string.h>

#include "sema_internal.h"

enum { MAX_NAME = 64 };

/* Levenshtein distance, case-insensitive; MAX_NAME+ for long names. */
static int distance(Str a, const char *b)
{
    int n = a.len, m = (int)strlen(b);
    if (n >= MAX_NAME || m >= MAX_NAME)
        return MAX_NAME;
    int row[MAX_NAME + 1];
    for (int j = 0; j <= m; j++)
        row[j] = j;
    for (int i = 1; i <= n; i++) {
        int diagonal = row[0];
        row[0] = i;
        for (int j = 1; j <= m; j++) {
            int above = row[j];
            int same = tolower((unsigned char)a.ptr[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = diagonal + !same;
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[m];
}

/* Edits allowed: none for names of one or two letters (any other short
 * name is one edit away), only another case then. */
static int allowed(Str wrong)
{
    return wrong.len <= 2 ? 0 : wrong.len <= 4 ? 1 : 2;
}

/* The nearest candidate, or NULL; `fits(candidate)` filters them. */
static const char *nearest(Str wrong, const char *const *candidates, int count, bool (*fits)(void *, const char *),
                           void *ctx)
{
    const char *best = NULL;
    int best_distance = allowed(wrong) + 1;
    for (int i = 0; i < count; i++) {
        if (str_eq_cstr(wrong, candidates[i]))
            continue;
        int d = distance(wrong, candidates[i]);
        if (d < best_distance && (!fits || fits(ctx, candidates[i]))) {
            best = candidates[i];
            best_distance = d;
        }
    }
    return best;
}

const char *sema_suggest_local(FuncCtx *ctx, Str wrong)
{
    FuncInfo *func = ctx->func;
    if (!func || func->local_count == 0)
        return NULL;
    const char **names = ARENA_ARRAY(ctx->sema->arena, const char *, func->local_count);
    int count = 0;
    for (int i = 0; i < func->local_count; i++) {
        Str name = func->locals[i]->name;
        if (memchr(name.ptr, '.', (size_t)name.len))
            continue;   /* pykc's own (a split loop variable) */
        names[count++] = arena_printf(ctx->sema->arena, "%.*s", STR_ARG(name));
    }
    return nearest(wrong, names, count, NULL, NULL);
}

/* The names of numba.cuda and its namespaces that kernels use most. */
static const char *const kernel_names[] = {
    "threadIdx", "blockIdx", "blockDim", "gridDim", "grid", "gridsize", "syncthreads", "syncwarp",
    "syncthreads_count", "syncthreads_and", "syncthreads_or", "shared", "local", "const", "atomic", "laneid",
    "warpsize", "threadfence", "threadfence_block", "threadfence_system", "activemask", "lanemask_lt",
    "ballot_sync", "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync", "all_sync", "any_sync",
    "eq_sync", "match_any_sync", "match_all_sync", "popc", "brev", "clz", "ffs", "fma", "cbrt", "selp",
    "jit", "array", "array_like", "add", "sub", "max", "min", "nanmax", "nanmin", "inc", "dec", "exch",
    "and_", "or_", "xor", "compare_and_swap", "cas", "x", "y", "z", "cg", "this_grid",
};

typedef struct Resolves {
    Sema *sema;
    Value base;
} Resolves;

static bool resolves(void *ctx, const char *name)
{
    Resolves *r = ctx;
    return sema_resolve_attribute(r->sema, r->base, str_from_cstr(name)).kind != VAL_ERROR;
}

const char *sema_suggest_attribute(Sema *sema, Value base, Str wrong)
{
    Resolves r = {sema, base};
    return nearest(wrong, kernel_names, (int)(sizeof kernel_names / sizeof kernel_names[0]), resolves, &r);
}
