/* The parameter types of the launch facts (docs/abi.md, "Launch facts"),
 * as Numba spells them:
 *     type   := scalar | array | tuple
 *     array  := "array(" scalar "," N "d" "," layout ")"
 *     tuple  := "UniTuple(" type "x" N ")" | "Tuple(" type ("," type)* ")"
 * A tuple's members are parsed into RtParamFacts of their own (a UniTuple
 * into N copies of its member), so that the argument checks and the
 * flattening walk every parameter alike. Also spelled back (for messages
 * and pyk_param_info) and freed here. */
#include "launch_facts.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; pyk_dtype dtype; } dtype_names[] = {
    {"bool", PYK_BOOL},       {"boolean", PYK_BOOL},   {"int8", PYK_INT8},
    {"int16", PYK_INT16},     {"int32", PYK_INT32},    {"int64", PYK_INT64},
    {"uint8", PYK_UINT8},     {"uint16", PYK_UINT16},  {"uint32", PYK_UINT32},
    {"uint64", PYK_UINT64},   {"float16", PYK_FLOAT16}, {"float32", PYK_FLOAT32},
    {"float64", PYK_FLOAT64}, {"complex64", PYK_COMPLEX64}, {"complex128", PYK_COMPLEX128},
    {"__nv_bfloat16", PYK_BFLOAT16}, {"bfloat16", PYK_BFLOAT16},   /* Numba's name, and numba.cuda's */
};

pyk_dtype rt_dtype_from_name(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof dtype_names / sizeof dtype_names[0]; i++)
        if (strlen(dtype_names[i].name) == len && memcmp(dtype_names[i].name, name, len) == 0)
            return dtype_names[i].dtype;
    return (pyk_dtype)0;
}

static bool is_word(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* scalar, from its name already read (at `s`, `len` bytes) */
static bool scalar(RtCursor *c, const char *s, size_t len, pyk_dtype *out)
{
    *out = rt_dtype_from_name(s, len);
    if (*out)
        return true;
    c->p = s;
    return rt_cursor_fail(c, "unknown type: expected bool, int8..int64, uint8..uint64, float16, float32, "
                          "float64, complex64, complex128, array(...), UniTuple(...) or Tuple(...)");
}

static bool dtype(RtCursor *c, pyk_dtype *out)
{
    const char *s;
    size_t len;
    return rt_cursor_identifier(c, &s, &len, "expected a type such as 'float32' or 'array(float32, 1d, C)'") &&
           scalar(c, s, len, out);
}

/* array := "array(" dtype "," N "d" "," ("C" | "F" | "A") ")" ;
 * the cursor is after "array". */
static bool array_type(RtCursor *c, RtParamFacts *param)
{
    if (!rt_cursor_expect(c, '(', "expected '(' after 'array'") || !dtype(c, &param->dtype) ||
        !rt_cursor_expect(c, ',', "expected ',' after the array's dtype"))
        return false;
    if (!rt_cursor_positive_int(c, &param->ndim, "expected the array's dimension count, as in '2d'"))
        return false;
    if (param->ndim > PYK_MAX_NDIM) {
        char what[80];
        snprintf(what, sizeof what, "arrays of more than %d dimensions are not supported",
                 PYK_MAX_NDIM);
        return rt_cursor_fail(c, what);
    }
    if (c->p >= c->end || *c->p != 'd')
        return rt_cursor_fail(c, "expected 'd' after the dimension count, as in '2d'");
    c->p++;
    if (!rt_cursor_expect(c, ',', "expected ',' after the dimension count"))
        return false;
    rt_cursor_skip_blanks(c);
    char l = c->p < c->end ? *c->p : '\0';
    param->layout = l == 'C' ? PYK_LAYOUT_C : l == 'F' ? PYK_LAYOUT_F : l == 'A' ? PYK_LAYOUT_A : 0;
    if (!param->layout || (c->p + 1 < c->end && rt_cursor_is_ident_char(c->p[1], false)))
        return rt_cursor_fail(c, "expected the array's layout: C, F or A");
    c->p++;
    return rt_cursor_expect(c, ')', "expected ')' to close 'array('");
}

/* The scalars and arrays a parameter holds, tuples flattened. */
static int value_count(const RtParamFacts *p)
{
    if (p->member_count == 0)
        return 1;
    int n = 0;
    for (int i = 0; i < p->member_count; i++)
        n += value_count(&p->members[i]);
    return n;
}

static bool type_at(RtCursor *c, RtParamFacts *out, int depth);

/* Appends one member to a tuple being read. */
static bool add_member(RtCursor *c, RtParamFacts *tuple, const RtParamFacts *member)
{
    RtParamFacts *grown = realloc(tuple->members, sizeof *grown * (size_t)(tuple->member_count + 1));
    if (!grown)
        return rt_cursor_fail(c, "out of memory");
    tuple->members = grown;
    tuple->members[tuple->member_count++] = *member;
    return true;
}

static bool copy_param(const RtParamFacts *from, RtParamFacts *to)
{
    *to = *from;
    to->name = NULL;
    to->members = NULL;
    to->member_count = 0;
    for (int i = 0; i < from->member_count; i++) {
        RtParamFacts m;
        if (!copy_param(&from->members[i], &m))
            return false;
        RtParamFacts *grown = realloc(to->members, sizeof *grown * (size_t)(to->member_count + 1));
        if (!grown) {
            rt_param_facts_free(&m);
            return false;
        }
        to->members = grown;
        to->members[to->member_count++] = m;
    }
    return true;
}

/* "UniTuple(" type "x" N ")" ; the cursor is after "UniTuple". */
static bool unituple_type(RtCursor *c, RtParamFacts *out, int depth)
{
    RtParamFacts member = {0};
    int count = 0;
    const char *x;
    size_t x_len;
    if (!rt_cursor_expect(c, '(', "expected '(' after 'UniTuple'") || !type_at(c, &member, depth + 1))
        return false;
    bool ok = rt_cursor_identifier(c, &x, &x_len, "expected 'x' and the count, as in 'UniTuple(int64 x 2)'");
    if (ok && !is_word(x, x_len, "x")) {
        c->p = x;
        ok = rt_cursor_fail(c, "expected 'x' and the count, as in 'UniTuple(int64 x 2)'");
    }
    rt_cursor_skip_blanks(c);
    const char *at = c->p;
    ok = ok && rt_cursor_positive_int(c, &count, "expected the tuple's count after 'x'");
    if (ok && (long long)count * value_count(&member) > RT_FACTS_MAX_TUPLE_VALUES) {
        char what[96];
        snprintf(what, sizeof what, "a tuple may hold at most %d scalars and arrays",
                 RT_FACTS_MAX_TUPLE_VALUES);
        c->p = at;
        ok = rt_cursor_fail(c, what);
    }
    for (int i = 0; ok && i < count; i++) {
        RtParamFacts copy;
        ok = copy_param(&member, &copy) || rt_cursor_fail(c, "out of memory");
        if (ok && !(ok = add_member(c, out, &copy)))
            rt_param_facts_free(&copy);
    }
    rt_param_facts_free(&member);
    return ok && rt_cursor_expect(c, ')', "expected ')' to close 'UniTuple('");
}

/* "Tuple(" type ("," type)* ")" ; the cursor is after "Tuple". */
static bool tuple_type(RtCursor *c, RtParamFacts *out, int depth)
{
    if (!rt_cursor_expect(c, '(', "expected '(' after 'Tuple'"))
        return false;
    do {
        RtParamFacts member = {0};
        if (!type_at(c, &member, depth + 1))
            return false;
        if (!add_member(c, out, &member)) {
            rt_param_facts_free(&member);
            return false;
        }
        if (value_count(out) > RT_FACTS_MAX_TUPLE_VALUES) {
            char what[96];
            snprintf(what, sizeof what, "a tuple may hold at most %d scalars and arrays",
                     RT_FACTS_MAX_TUPLE_VALUES);
            return rt_cursor_fail(c, what);
        }
    } while (rt_cursor_accept(c, ','));
    return rt_cursor_expect(c, ')', "expected ',' or ')' after a member of 'Tuple('");
}

/* type, `depth` tuples deep; what it allocates is in *out, also on failure. */
static bool type_at(RtCursor *c, RtParamFacts *out, int depth)
{
    const char *s;
    size_t len;
    if (!rt_cursor_identifier(c, &s, &len, "expected a type such as 'float32' or 'array(float32, 1d, C)'"))
        return false;
    bool is_tuple = is_word(s, len, "UniTuple") || is_word(s, len, "Tuple");
    if (is_tuple && depth >= RT_FACTS_MAX_TUPLE_DEPTH) {
        char what[80];
        snprintf(what, sizeof what, "tuples nested more than %d deep are not supported",
                 RT_FACTS_MAX_TUPLE_DEPTH);
        c->p = s;
        return rt_cursor_fail(c, what);
    }
    if (is_word(s, len, "array"))
        return array_type(c, out);
    if (is_word(s, len, "UniTuple"))
        return unituple_type(c, out, depth);
    if (is_word(s, len, "Tuple"))
        return tuple_type(c, out, depth);
    return scalar(c, s, len, &out->dtype);
}

bool rt_facts_parse_type(RtCursor *c, RtParamFacts *out)
{
    RtParamFacts t = {0};
    if (!type_at(c, &t, 0)) {
        rt_param_facts_free(&t);
        return false;
    }
    t.name = out->name;
    *out = t;
    return true;
}

void rt_param_facts_free(RtParamFacts *p)
{
    for (int i = 0; i < p->member_count; i++)
        rt_param_facts_free(&p->members[i]);
    free(p->members);
    free(p->name);
    free(p->type);
    memset(p, 0, sizeof *p);
}

/* snprintf at offset len of out (cap bytes); returns the new length, as
 * if nothing were cut. */
static size_t put(char *out, size_t cap, size_t len, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static size_t put(char *out, size_t cap, size_t len, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(len < cap ? out + len : NULL, len < cap ? cap - len : 0, format, args);
    va_end(args);
    return len + (n > 0 ? (size_t)n : 0);
}

static bool same_type(const RtParamFacts *a, const RtParamFacts *b)
{
    if (a->dtype != b->dtype || a->ndim != b->ndim || a->layout != b->layout ||
        a->member_count != b->member_count)
        return false;
    for (int i = 0; i < a->member_count; i++)
        if (!same_type(&a->members[i], &b->members[i]))
            return false;
    return true;
}

/* Appends the spelling of p to out (cap bytes) from offset len; returns the
 * length the whole spelling needs, as snprintf does. A tuple whose members
 * are all alike is a UniTuple, as in Numba. */
static size_t spell(const RtParamFacts *p, char *out, size_t cap, size_t len)
{
    static const char layouts[] = "?CFA";
    if (p->member_count == 0 && p->ndim == 0)
        return put(out, cap, len, "%s", pyk_dtype_name(p->dtype));
    if (p->member_count == 0)
        return put(out, cap, len, "array(%s, %dd, %c)", pyk_dtype_name(p->dtype), p->ndim,
                   layouts[p->layout <= PYK_LAYOUT_A ? p->layout : 0]);
    bool uniform = true;
    for (int i = 1; i < p->member_count; i++)
        uniform &= same_type(&p->members[0], &p->members[i]);
    if (uniform) {
        len = spell(&p->members[0], out, cap, put(out, cap, len, "UniTuple("));
        return put(out, cap, len, " x %d)", p->member_count);
    }
    len = put(out, cap, len, "Tuple(");
    for (int i = 0; i < p->member_count; i++)
        len = spell(&p->members[i], out, cap, i ? put(out, cap, len, ", ") : len);
    return put(out, cap, len, ")");
}

const char *rt_param_type_name(const RtParamFacts *param, char *buffer, size_t cap)
{
    if (cap > 0)
        buffer[0] = '\0';
    size_t need = spell(param, buffer, cap, 0);
    if (cap > 4 && need >= cap)
        memcpy(buffer + cap - 4, "...", 4);   /* cut short: say so */
    return buffer;
}

char *rt_param_type_text(const RtParamFacts *param)
{
    size_t need = spell(param, NULL, 0, 0);
    char *text = malloc(need + 1);
    if (text)
        spell(param, text, need + 1, 0);
    return text;
}
