/* The check-site lines of checked mode's PTX and the message made from a
 * record (format: docs/abi.md, "Check sites"; types: check_record.h). Pure:
 * no driver, so tests/runtime/check_sites_test.c runs it without a GPU.
 *
 *     site-line := "// pykc.check " ID " " KIND " " NAME " " LINE ":" COL " " NDIM " " ARRAY
 *
 * Fields are separated by one or more blanks; ARRAY is the rest of the line
 * (it may hold blanks: `a[i, 1:]`), trailing blanks and a CR dropped. */
#include "check_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

static bool is_blank(char ch) { return ch == ' ' || ch == '\t'; }

/* One or more blanks: the separator between fields. */
static bool separator(RtCursor *c, const char *what)
{
    if (c->p >= c->end || !is_blank(*c->p))
        return rt_cursor_fail(c, what);
    while (c->p < c->end && is_blank(*c->p))
        c->p++;
    return true;
}

/* A decimal number below 2^31 (at least one digit). */
static bool number(RtCursor *c, int *value, const char *what)
{
    const char *s = c->p;
    long long v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && v <= 0x7fffffff)
        v = v * 10 + (*c->p++ - '0');
    if (c->p == s || v > 0x7fffffff) {
        c->p = s;
        return rt_cursor_fail(c, what);
    }
    *value = (int)v;
    return true;
}

/* A word: a run of non-blank characters. */
static bool word(RtCursor *c, const char **text, size_t *len, const char *what)
{
    const char *s = c->p;
    while (c->p < c->end && !is_blank(*c->p))
        c->p++;
    if (c->p == s)
        return rt_cursor_fail(c, what);
    *text = s;
    *len = (size_t)(c->p - s);
    return true;
}

bool rt_check_site_parse_line(const char *line, size_t len, RtCheckSite *site, char *error,
                              size_t error_cap)
{
    RtCursor c = {line, line, line + len, error, error_cap};
    size_t prefix = strlen(RT_CHECK_PREFIX);
    if (len < prefix || memcmp(line, RT_CHECK_PREFIX, prefix) != 0)
        return rt_cursor_fail(&c, "expected '" RT_CHECK_PREFIX "'");
    c.p += prefix;
    while (c.end > c.p && (is_blank(c.end[-1]) || c.end[-1] == '\r'))
        c.end--;
    const char *kind = NULL, *name = NULL, *array;
    size_t kind_len = 0, name_len = 0;
    RtCheckSite s = {0};
    if (!number(&c, &s.id, "expected the site's number") ||
        !separator(&c, "expected a blank after the site's number") ||
        !word(&c, &kind, &kind_len, "expected 'kernel' or 'device'"))
        return false;
    if (kind_len == 6 && memcmp(kind, "kernel", 6) == 0) {
        s.in_kernel = true;
    } else if (!(kind_len == 6 && memcmp(kind, "device", 6) == 0)) {
        c.p = kind;
        return rt_cursor_fail(&c, "expected 'kernel' or 'device'");
    }
    if (!separator(&c, "expected a blank after the kind") ||
        !word(&c, &name, &name_len, "expected the function's name") ||
        !separator(&c, "expected a blank after the function's name") ||
        !number(&c, &s.line, "expected LINE:COL"))
        return false;
    if (c.p >= c.end || *c.p != ':')
        return rt_cursor_fail(&c, "expected ':' between line and column");
    c.p++;
    if (!number(&c, &s.col, "expected the column after ':'") ||
        !separator(&c, "expected a blank after LINE:COL") ||
        !number(&c, &s.ndim, "expected the array's number of dimensions"))
        return false;
    if (s.ndim < 1 || s.ndim > PYK_MAX_NDIM) {
        c.p--;
        return rt_cursor_fail(&c, "the number of dimensions must be 1 to 8");
    }
    if (!separator(&c, "expected a blank after the number of dimensions"))
        return false;
    array = c.p;
    if (array >= c.end)
        return rt_cursor_fail(&c, "expected the array as written in the source");
    s.function = rt_copy_span(name, name_len);
    s.array = rt_copy_span(array, (size_t)(c.end - array));
    if (!s.function || !s.array) {
        free(s.function);
        free(s.array);
        return rt_cursor_fail(&c, "out of host memory");
    }
    *site = s;
    return true;
}

const RtCheckSite *rt_check_site_find(const RtCheckSites *sites, int64_t id)
{
    /* pykc numbers the sites 0, 1, ... in order: usually a direct hit. */
    if (id >= 0 && id < sites->count && sites->sites[id].id == id)
        return &sites->sites[id];
    for (int i = 0; i < sites->count; i++)
        if (sites->sites[i].id == id)
            return &sites->sites[i];
    return NULL;
}

void rt_check_sites_free(RtCheckSites *sites)
{
    for (int i = 0; i < sites->count; i++) {
        free(sites->sites[i].function);
        free(sites->sites[i].array);
    }
    free(sites->sites);
    free(sites->source);
    *sites = (RtCheckSites){0};
}

static bool starts_with(const char *line, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(line, prefix, n) == 0;
}

/* The file name: the rest of the line, trailing blanks and CR dropped. */
static bool parse_source(const char *line, size_t len, RtCheckSites *sites, char *error,
                         size_t error_cap)
{
    size_t n = strlen(RT_CHECK_SOURCE_PREFIX);
    while (len > n && (is_blank(line[len - 1]) || line[len - 1] == '\r'))
        len--;
    if (sites->source) {
        snprintf(error, error_cap, "column 1: a second pykc.check_source line");
        return false;
    }
    if (len == n) {
        snprintf(error, error_cap, "column %zu: expected the source file's name", n + 1);
        return false;
    }
    if (!(sites->source = rt_copy_span(line + n, len - n))) {
        snprintf(error, error_cap, "column 1: out of host memory");
        return false;
    }
    return true;
}

static bool add_site(const char *line, size_t len, RtCheckSites *sites, int *cap, char *error,
                     size_t error_cap)
{
    RtCheckSite site;
    if (!rt_check_site_parse_line(line, len, &site, error, error_cap))
        return false;
    bool duplicate = rt_check_site_find(sites, site.id) != NULL;
    if (!duplicate && sites->count == *cap) {
        int grown_cap = *cap ? 2 * *cap : 16;
        RtCheckSite *grown = realloc(sites->sites, sizeof *grown * (size_t)grown_cap);
        if (grown) {
            sites->sites = grown;
            *cap = grown_cap;
        }
    }
    if (duplicate || sites->count == *cap) {
        snprintf(error, error_cap, duplicate ? "column %zu: a second site numbered %d"
                                             : "column %zu: out of host memory (site %d)",
                 strlen(RT_CHECK_PREFIX) + 1, site.id);
        free(site.function);
        free(site.array);
        return false;
    }
    sites->sites[sites->count++] = site;
    return true;
}

bool rt_check_sites_parse(const char *ptx, RtCheckSites *sites, char *error, size_t error_cap)
{
    *sites = (RtCheckSites){0};
    int cap = 0, line_number = 0;
    char why[256];
    for (const char *p = ptx; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        line_number++;
        bool ok = true;
        why[0] = '\0';
        if (starts_with(p, len, RT_CHECK_SOURCE_PREFIX))
            ok = parse_source(p, len, sites, why, sizeof why);
        else if (starts_with(p, len, RT_CHECK_PREFIX))
            ok = add_site(p, len, sites, &cap, why, sizeof why);
        if (!ok) {
            snprintf(error, error_cap, "line %d, %s", line_number, why);
            rt_check_sites_free(sites);
            return false;
        }
        p = eol ? eol + 1 : p + len;
    }
    if (sites->count > 0 && !sites->source) {
        snprintf(error, error_cap, "line %d, column 1: check sites without a pykc.check_source line",
                 line_number);
        rt_check_sites_free(sites);
        return false;
    }
    return true;
}

void rt_check_describe(const RtCheckSites *sites, const int64_t record[RT_RECORD_WORDS], char *out,
                       size_t cap)
{
    RtText text = rt_text_over(out, cap);
    const RtCheckSite *site = rt_check_site_find(sites, record[RT_RECORD_SITE]);
    const int64_t *b = &record[RT_RECORD_BLOCK_X], *t = &record[RT_RECORD_THREAD_X];
    if (site)
        rt_text_append(&text, "%s:%d:%d: out-of-bounds index %lld on axis %lld of array '%s' "
                              "(extent %lld) in %s '%s'",
                       sites->source, site->line, site->col, (long long)record[RT_RECORD_INDEX],
                       (long long)record[RT_RECORD_AXIS], site->array,
                       (long long)record[RT_RECORD_EXTENT],
                       site->in_kernel ? "kernel" : "device function", site->function);
    else
        rt_text_append(&text, "out-of-bounds index %lld on axis %lld (extent %lld) at check site "
                              "%lld, which the module's PTX does not describe",
                       (long long)record[RT_RECORD_INDEX], (long long)record[RT_RECORD_AXIS],
                       (long long)record[RT_RECORD_EXTENT], (long long)record[RT_RECORD_SITE]);
    rt_text_append(&text, ", block (%lld, %lld, %lld) thread (%lld, %lld, %lld)", (long long)b[0],
                   (long long)b[1], (long long)b[2], (long long)t[0], (long long)t[1], (long long)t[2]);
    long long more = (long long)record[RT_RECORD_COUNT] - 1;
    rt_text_append(&text, "\n(pykc --check: the access was skipped, a load giving 0, and the "
                          "kernel went on");
    if (more > 0)
        rt_text_append(&text, "; %lld more out-of-bounds access%s since the last synchronisation "
                              "%s skipped too", more, more == 1 ? "" : "es", more == 1 ? "was" : "were");
    rt_text_append(&text, ")");
}
