/* The launch-facts parser (format: docs/abi.md, "Launch facts"; types:
 * launch_facts.h; the parameter types: launch_facts_type.c). A small
 * cursor over one line: each grammar rule is one function returning false
 * with a message at the column where the line stops matching. */
#include "launch_facts.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* param := identifier ":" type */
static bool param(RtCursor *c, RtParamFacts *out)
{
    const char *name;
    size_t len;
    if (!rt_cursor_identifier(c, &name, &len, "expected a parameter name") ||
        !rt_cursor_expect(c, ':', "expected ':' after the parameter name") || !rt_facts_parse_type(c, out))
        return false;
    out->name = rt_copy_span(name, len);
    out->type = rt_param_type_text(out);
    return (out->name && out->type) || rt_cursor_fail(c, "out of memory");
}

/* params := "(" [param ("," param)*] ")" */
static bool params(RtCursor *c, RtKernelFacts *facts)
{
    if (!rt_cursor_expect(c, '(', "expected '(' after the kernel name"))
        return false;
    if (rt_cursor_accept(c, ')'))
        return true;
    do {
        RtParamFacts *grown = realloc(facts->params, sizeof *grown * (size_t)(facts->param_count + 1));
        if (!grown)
            return rt_cursor_fail(c, "out of memory");
        facts->params = grown;
        RtParamFacts *p = &facts->params[facts->param_count];
        memset(p, 0, sizeof *p);
        facts->param_count++;   /* counted first: what it holds is freed on failure */
        if (!param(c, p))
            return false;
    } while (rt_cursor_accept(c, ','));
    return rt_cursor_expect(c, ')', "expected ',' or ')' after a parameter");
}

static bool is_word(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* A decimal integer from 0 to 2^31 - 1, with no blanks before it. */
static bool decimal(RtCursor *c, int *value, const char *what)
{
    long v = 0;
    const char *s = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && v <= 0x7fffffffL)
        v = v * 10 + (*c->p++ - '0');
    if (c->p == s || v > 0x7fffffffL)
        return c->p = s, rt_cursor_fail(c, what);
    *value = (int)v;
    return true;
}

/* Like `decimal`, but at least 1. */
static bool positive_decimal(RtCursor *c, int *value, const char *what)
{
    const char *s = c->p;
    if (!decimal(c, value, what))
        return false;
    return *value > 0 || (c->p = s, rt_cursor_fail(c, what));
}

/* An identifier with no blanks before it. */
static bool name_here(RtCursor *c, const char **name, size_t *len, const char *what)
{
    if (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
        return rt_cursor_fail(c, what);
    return rt_cursor_identifier(c, name, len, what);
}

static bool char_here(RtCursor *c, char ch, const char *what)
{
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return rt_cursor_fail(c, what);
}

/* ".AXIS=" after a per-axis attribute's name, then the value up to the next
 * blank: *value is a cursor over it alone (columns still count from the
 * line's start), and c moves past it. */
static bool axis_and_value(RtCursor *c, const char *attribute, int *axis, RtCursor *value)
{
    char what[96];
    snprintf(what, sizeof what, "expected '.' and an axis after '%s', as in '%s.x='", attribute,
             attribute);
    if (!char_here(c, '.', what))
        return false;
    char a = c->p < c->end ? *c->p : '\0';
    *axis = a == 'x' ? 0 : a == 'y' ? 1 : a == 'z' ? 2 : -1;
    if (*axis < 0 || (c->p + 1 < c->end && rt_cursor_is_ident_char(c->p[1], false))) {
        snprintf(what, sizeof what, "expected the axis x, y or z after '%s.'", attribute);
        return rt_cursor_fail(c, what);
    }
    c->p++;
    if (!char_here(c, '=', "expected '=' after the attribute name"))
        return false;
    const char *v = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t')
        c->p++;
    if (c->p == v)
        return rt_cursor_fail(c, "expected a value after '='");
    *value = *c;
    value->p = v;
    value->end = c->p;
    return true;
}

/* ",ARRAY,LINE" ending a blockmax or covers value. */
static bool array_and_line(RtCursor *v, const char *after, char **array, int *line)
{
    const char *name;
    size_t len;
    char what[64];
    snprintf(what, sizeof what, "expected ',' after the %s", after);
    if (!char_here(v, ',', what) || !name_here(v, &name, &len, "expected the array's name") ||
        !char_here(v, ',', "expected ',' after the array's name") ||
        !positive_decimal(v, line, "expected the source line number"))
        return false;
    if (v->p != v->end)
        return rt_cursor_fail(v, "unexpected text after the source line number");
    *array = rt_copy_span(name, len);
    return *array != NULL || rt_cursor_fail(v, "out of memory");
}

/* blockmax.AXIS=N,ARRAY,LINE ; the cursor is after "blockmax". */
static bool blockmax_attribute(RtCursor *c, RtKernelFacts *facts)
{
    RtBlockMax b = {0, 0, NULL, 0};
    RtCursor v;
    int max = 0;
    if (!axis_and_value(c, "blockmax", &b.axis, &v) ||
        !positive_decimal(&v, &max, "expected a positive thread count after '='") ||
        !array_and_line(&v, "thread count", &b.array, &b.line))
        return false;
    b.max = (unsigned)max;
    RtBlockMax *grown = realloc(facts->blockmax, sizeof *grown * (size_t)(facts->blockmax_count + 1));
    if (!grown) {
        free(b.array);
        return rt_cursor_fail(c, "out of memory");
    }
    facts->blockmax = grown;
    facts->blockmax[facts->blockmax_count++] = b;
    return true;
}

static bool is_integer_dtype(pyk_dtype dtype)
{
    return dtype >= PYK_INT8 && dtype <= PYK_UINT64;
}

/* EXTENT := PARAM ".shape[" K "]" | PARAM, PARAM naming an array parameter
 * with K < ndim, or an integer scalar parameter. */
static bool covers_extent(RtCursor *v, const RtKernelFacts *facts, RtCovers *out)
{
    const char *name;
    size_t len;
    if (!name_here(v, &name, &len, "expected a parameter name or 'PARAM.shape[K]' after '='"))
        return false;
    out->dim = -1;
    if (v->p < v->end && *v->p == '.') {
        v->p++;
        if ((size_t)(v->end - v->p) < 6 || memcmp(v->p, "shape[", 6) != 0)
            return rt_cursor_fail(v, "expected 'shape[K]' after the parameter name and '.'");
        v->p += 6;
        if (!decimal(v, &out->dim, "expected a dimension number K in 'shape[K]'") ||
            !char_here(v, ']', "expected ']' after the dimension number"))
            return false;
    }
    out->param = -1;
    for (int i = 0; i < facts->param_count; i++)
        if (is_word(name, len, facts->params[i].name))
            out->param = i;
    const char *end = v->p;
    v->p = name;
    char what[160];
    if (out->param < 0)
        return rt_cursor_fail(v, "the extent names no parameter of this kernel");
    const RtParamFacts *p = &facts->params[out->param];
    if (p->member_count > 0) {
        snprintf(what, sizeof what, "'%s' is a tuple parameter: the extent is an array's "
                 "'PARAM.shape[K]' or an integer PARAM", p->name);
        return rt_cursor_fail(v, what);
    }
    if (out->dim >= 0 && p->ndim == 0) {
        snprintf(what, sizeof what, "'%s' is a scalar parameter: 'shape[K]' needs an array", p->name);
        return rt_cursor_fail(v, what);
    }
    if (out->dim >= p->ndim) {
        snprintf(what, sizeof what, "'%s' has %d dimension%s: 'shape[K]' needs K < %d", p->name,
                 p->ndim, p->ndim == 1 ? "" : "s", p->ndim);
        return rt_cursor_fail(v, what);
    }
    if (out->dim < 0 && p->ndim > 0) {
        snprintf(what, sizeof what, "'%s' is an array parameter: the extent is '%s.shape[K]'",
                 p->name, p->name);
        return rt_cursor_fail(v, what);
    }
    if (out->dim < 0 && !is_integer_dtype(p->dtype)) {
        snprintf(what, sizeof what, "'%s' is a %s parameter: the extent must be an integer", p->name,
                 pyk_dtype_name(p->dtype));
        return rt_cursor_fail(v, what);
    }
    v->p = end;
    return true;
}

/* covers.AXIS=EXTENT,ARRAY,LINE ; the cursor is after "covers". */
static bool covers_attribute(RtCursor *c, RtKernelFacts *facts)
{
    RtCovers k = {0, 0, 0, NULL, 0};
    RtCursor v;
    if (!axis_and_value(c, "covers", &k.axis, &v) || !covers_extent(&v, facts, &k) ||
        !array_and_line(&v, "extent", &k.array, &k.line))
        return false;
    RtCovers *grown = realloc(facts->covers, sizeof *grown * (size_t)(facts->covers_count + 1));
    if (!grown) {
        free(k.array);
        return rt_cursor_fail(c, "out of memory");
    }
    facts->covers = grown;
    facts->covers[facts->covers_count++] = k;
    return true;
}

/* maxntid=N ; the cursor is after "maxntid". */
static bool maxntid_attribute(RtCursor *c, RtKernelFacts *facts)
{
    if (!rt_cursor_expect(c, '=', "expected '=' after the attribute name") ||
        !rt_cursor_positive_int(c, &facts->maxntid, "expected a positive thread count after 'maxntid='"))
        return false;
    if (c->p < c->end && *c->p != ' ' && *c->p != '\t')
        return rt_cursor_fail(c, "expected a space after the 'maxntid' value");
    return true;
}

/* cooperative=grid ; the cursor is after "cooperative". The kernel waits
 * at grid syncs: it must be launched cooperatively. "grid" is the only
 * group pykc writes; another value is malformed. */
static bool cooperative_attribute(RtCursor *c, RtKernelFacts *facts)
{
    const char *value;
    size_t len;
    if (!char_here(c, '=', "expected '=' after the attribute name") ||
        !name_here(c, &value, &len, "expected 'grid' after 'cooperative='"))
        return false;
    if (!is_word(value, len, "grid")) {
        c->p = value;
        return rt_cursor_fail(c, "expected 'grid' after 'cooperative=' (the group the kernel syncs)");
    }
    if (c->p < c->end && *c->p != ' ' && *c->p != '\t')
        return rt_cursor_fail(c, "expected a space after 'cooperative=grid'");
    facts->cooperative = true;
    return true;
}

/* An attribute this version does not know: KEY ("." identifier)* "=" VALUE,
 * skipped so that later pykc versions can add some; the cursor is after
 * KEY's first identifier. */
static bool skip_attribute(RtCursor *c)
{
    while (c->p < c->end && *c->p == '.') {
        c->p++;
        const char *part;
        size_t len;
        if (!name_here(c, &part, &len, "expected a name after '.' in the attribute name"))
            return false;
    }
    if (!rt_cursor_expect(c, '=', "expected '=' after the attribute name"))
        return false;
    rt_cursor_skip_blanks(c);
    const char *v = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t')
        c->p++;
    return c->p != v || rt_cursor_fail(c, "expected a value after '='");
}

/* attributes := attribute* ; maxntid, blockmax, covers and cooperative are
 * read, others skipped. Parameters come first, so covers can name them. */
static bool attributes(RtCursor *c, RtKernelFacts *facts)
{
    for (rt_cursor_skip_blanks(c); c->p < c->end; rt_cursor_skip_blanks(c)) {
        const char *key;
        size_t len;
        if (!rt_cursor_identifier(c, &key, &len, "expected an attribute such as 'maxntid=256'"))
            return false;
        bool ok = is_word(key, len, "maxntid")       ? maxntid_attribute(c, facts)
                  : is_word(key, len, "blockmax")    ? blockmax_attribute(c, facts)
                  : is_word(key, len, "covers")      ? covers_attribute(c, facts)
                  : is_word(key, len, "cooperative") ? cooperative_attribute(c, facts)
                                                     : skip_attribute(c);
        if (!ok)
            return false;
    }
    return true;
}

/* facts-line := "// pykc.kernel " identifier params attributes */
bool rt_facts_parse_line(const char *line, size_t len, RtKernelFacts *facts, char *error,
                         size_t error_cap)
{
    RtCursor c = {line, line, line + len, error, error_cap};
    memset(facts, 0, sizeof *facts);
    size_t prefix = strlen(RT_FACTS_PREFIX);
    if (len < prefix || memcmp(line, RT_FACTS_PREFIX, prefix) != 0)
        return rt_cursor_fail(&c, "expected '" RT_FACTS_PREFIX "'");
    c.p += prefix;
    const char *name;
    size_t name_len;
    bool ok = rt_cursor_identifier(&c, &name, &name_len, "expected the kernel name") &&
              params(&c, facts) && attributes(&c, facts);
    if (ok) {
        facts->name = rt_copy_span(name, name_len);
        ok = facts->name != NULL || rt_cursor_fail(&c, "out of memory");
    }
    for (int i = 0; ok && i < facts->param_count; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(facts->params[i].name, facts->params[j].name) == 0) {
                snprintf(error, error_cap, "parameter '%s' appears twice", facts->params[i].name);
                ok = false;
                break;
            }
    if (!ok)
        rt_kernel_facts_free(facts);
    return ok;
}

const RtKernelFacts *rt_facts_find(const RtModuleFacts *facts, const char *name)
{
    for (int i = 0; i < facts->count; i++)
        if (strcmp(facts->kernels[i].name, name) == 0)
            return &facts->kernels[i];
    return NULL;
}

static bool add_line(RtModuleFacts *facts, const char *line, size_t len, int line_no,
                     char *error, size_t error_cap)
{
    char why[256];
    RtKernelFacts kernel;
    if (!rt_facts_parse_line(line, len, &kernel, why, sizeof why)) {
        snprintf(error, error_cap, "line %d, %s", line_no, why);
        return false;
    }
    if (rt_facts_find(facts, kernel.name)) {
        snprintf(error, error_cap, "line %d: a second launch-facts line for kernel '%s'",
                 line_no, kernel.name);
        rt_kernel_facts_free(&kernel);
        return false;
    }
    RtKernelFacts *grown = realloc(facts->kernels, sizeof *grown * (size_t)(facts->count + 1));
    if (!grown) {
        snprintf(error, error_cap, "line %d: out of memory", line_no);
        rt_kernel_facts_free(&kernel);
        return false;
    }
    facts->kernels = grown;
    facts->kernels[facts->count++] = kernel;
    return true;
}

bool rt_facts_parse_module(const char *ptx, RtModuleFacts *facts, char *error, size_t error_cap)
{
    facts->count = 0;
    facts->kernels = NULL;
    size_t prefix = strlen(RT_FACTS_PREFIX);
    int line_no = 1;
    for (const char *line = ptx; *line; line_no++) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        size_t text_len = len > 0 && line[len - 1] == '\r' ? len - 1 : len;
        if (text_len >= prefix && memcmp(line, RT_FACTS_PREFIX, prefix) == 0 &&
            !add_line(facts, line, text_len, line_no, error, error_cap)) {
            rt_module_facts_free(facts);
            return false;
        }
        if (!end)
            break;
        line = end + 1;
    }
    return true;
}

void rt_kernel_facts_free(RtKernelFacts *facts)
{
    for (int i = 0; i < facts->param_count; i++)
        rt_param_facts_free(&facts->params[i]);
    free(facts->params);
    for (int i = 0; i < facts->blockmax_count; i++)
        free(facts->blockmax[i].array);
    free(facts->blockmax);
    for (int i = 0; i < facts->covers_count; i++)
        free(facts->covers[i].array);
    free(facts->covers);
    free(facts->name);
    memset(facts, 0, sizeof *facts);
}

void rt_module_facts_free(RtModuleFacts *facts)
{
    for (int i = 0; i < facts->count; i++)
        rt_kernel_facts_free(&facts->kernels[i]);
    free(facts->kernels);
    facts->kernels = NULL;
    facts->count = 0;
}
