/* The -W options and -w: which warnings are on and which are errors, and an
 * unknown warning name, which is a warning with the nearest name as clang
 * gives it ("unknown warning option '-Wno-shared-rac'; did you mean
 * '-Wno-shared-race'?"). See options.h; docs/diagnostics.md explains each. */
#include <stdlib.h>
#include <string.h>

#include "options.h"

/* The warnings pykc can give, each silenced by -Wno-NAME (docs/diagnostics.md
 * explains them; tests/tools/warning_names.py checks this list against the
 * sources). */
static const char *const warning_names[] = {
    "missing-bounds-check", "shared-race", "same-element-write",
    "implicit-float64", "invalid-escape-sequence", "print-args",
    "unsigned-kernel", "ignored-decorator", "ignored-option",
    "host-signature", "no-kernels", "shared-global-index",
    "divergent-barrier", "divergent-grid-sync", "unknown-warning-option",
};

enum { WARNING_COUNT = sizeof warning_names / sizeof warning_names[0] };

const char *const *options_warning_names(int *count)
{
    *count = WARNING_COUNT;
    return warning_names;
}

static bool is_warning_name(const char *name)
{
    for (size_t i = 0; i < WARNING_COUNT; i++)
        if (strcmp(name, warning_names[i]) == 0)
            return true;
    return false;
}

/* A NULL-terminated list of names: name added once, or removed. The
 * option given last decides (-Wno-X -WX leaves X on), as with gcc. */
static void list_add(Arena *arena, const char ***list, const char *name)
{
    int count = 0;
    while (*list && (*list)[count]) {
        if (strcmp((*list)[count], name) == 0)
            return;
        count++;
    }
    const char **grown = ARENA_ARRAY(arena, const char *, count + 2);
    for (int i = 0; i < count; i++)
        grown[i] = (*list)[i];
    grown[count] = name;
    *list = grown;
}

static void list_remove(const char **list, const char *name)
{
    int kept = 0;
    for (int i = 0; list && list[i]; i++)
        if (strcmp(list[i], name) != 0)
            list[kept++] = list[i];
    if (list)
        list[kept] = NULL;
}

static size_t min3(size_t a, size_t b, size_t c)
{
    return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

/* Levenshtein distance, as clang's nearest-option search measures. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t n = strlen(b);
    size_t *row = malloc((n + 1) * sizeof *row);
    if (!row)
        abort();
    for (size_t j = 0; j <= n; j++)
        row[j] = j;
    for (size_t i = 1; a[i - 1]; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= n; j++) {
            size_t above = row[j];
            row[j] = min3(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1]));
            diagonal = above;
        }
    }
    size_t distance = row[n];
    free(row);
    return distance;
}

/* The warning name nearest to name, or NULL where none is near: one that
 * holds the typed name whole ("-Werror=float64", "-Wno-print" find
 * implicit-float64, print-args), else the one fewest edits away, as clang
 * chooses: at most as many edits as the typed name has letters (so
 * "-Wfoo" suggests nothing). */
static const char *nearest_warning(const char *name)
{
    if (strlen(name) >= 3)
        for (size_t i = 0; i < WARNING_COUNT; i++)
            if (strstr(warning_names[i], name))
                return warning_names[i];
    const char *best = NULL;
    size_t best_distance = strlen(name) + 1;
    for (size_t i = 0; i < WARNING_COUNT; i++) {
        size_t distance = edit_distance(name, warning_names[i]);
        if (distance < best_distance) {
            best = warning_names[i];
            best_distance = distance;
        }
    }
    return best;
}

/* "-Wno-shared-rac": noted, to be warned about once the diagnostics are
 * set up (options_warn_unknown_warnings). prefix is the spelling before the
 * name ("-Wno-"). */
static void add_unknown(Arena *arena, Options *options, const char *arg, size_t prefix)
{
    const char *near = nearest_warning(arg + prefix);
    const char *text = near ? arena_printf(arena, "unknown warning option '%s'; did you mean '%.*s%s'?", arg,
                                           (int)prefix, arg, near)
                            : arena_printf(arena, "unknown warning option '%s'", arg);
    list_add(arena, &options->unknown_warnings, text);
}

bool options_parse_warning(Arena *arena, const char *arg, Options *options)
{
    if (strcmp(arg, "-w") == 0) {
        options->no_warnings = true;
        return true;
    }
    if (strncmp(arg, "-W", 2) != 0)
        return false;
    const char *flag = arg + 2;
    size_t prefix = 2;
    const char *name;
    if (strcmp(flag, "error") == 0) {
        options->warnings_are_errors = true;
    } else if (strcmp(flag, "no-error") == 0) {
        options->warnings_are_errors = false;
    } else if (strcmp(flag, "all") == 0 || strcmp(flag, "extra") == 0) {
        /* every pykc warning is on unless silenced: nothing to turn on */
    } else if (strncmp(flag, "error=", 6) == 0) {
        name = flag + 6;
        prefix += 6;
        if (!is_warning_name(name))
            add_unknown(arena, options, arg, prefix);
        else {
            list_add(arena, &options->error_warnings, name);
            list_remove(options->not_error_warnings, name);
            list_remove(options->disabled_warnings, name);   /* gcc: -Werror=X implies -WX */
        }
    } else if (strncmp(flag, "no-error=", 9) == 0) {
        name = flag + 9;
        prefix += 9;
        if (!is_warning_name(name))
            add_unknown(arena, options, arg, prefix);
        else {
            list_add(arena, &options->not_error_warnings, name);
            list_remove(options->error_warnings, name);
        }
    } else if (strncmp(flag, "no-", 3) == 0) {
        name = flag + 3;
        prefix += 3;
        if (!is_warning_name(name))   /* a misspelt name would silence nothing: say so */
            add_unknown(arena, options, arg, prefix);
        else
            list_add(arena, &options->disabled_warnings, name);
    } else if (!is_warning_name(flag)) {
        add_unknown(arena, options, arg, prefix);
    } else {
        list_remove(options->disabled_warnings, flag);
    }
    return true;
}

void options_warn_unknown_warnings(Diag *diag, const Options *options)
{
    for (const char **text = options->unknown_warnings; text && *text; text++)
        diag_warning(diag, (Span){0}, "unknown-warning-option", "%s", *text);
}
