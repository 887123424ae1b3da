/* float("nan"), float("inf"), float("1.5"): numba-cuda types float() of a
 * string literal as float64 and lowers it to the constant Python's float()
 * gives (cpython/builtins.py, float_literal_impl); a string Python cannot
 * read is an error where Numba's compile-time float() raises. The call
 * becomes that float literal. */
#include "sema_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Python's float(text): [+-] then nan, inf, infinity (any case) or a
 * decimal number, underscores allowed between digits, spaces around. */
static bool python_float(Str text, double *out)
{
    char buf[128];
    size_t n = 0;
    const char *p = text.ptr, *end = text.ptr + text.len;
    while (p < end && isspace((unsigned char)*p)) p++;
    while (end > p && isspace((unsigned char)end[-1])) end--;
    for (const char *q = p; q < end; q++) {
        if (*q == '_') {
            bool between = q > p && q + 1 < end && isdigit((unsigned char)q[-1]) && isdigit((unsigned char)q[1]);
            if (!between)
                return false;
            continue;
        }
        if (n + 1 >= sizeof buf || *q == 'x' || *q == 'X' || *q == '(')
            return false;   /* strtod reads hex and nan(...); Python does not */
        buf[n++] = *q;
    }
    buf[n] = '\0';
    const char *word = buf + (buf[0] == '+' || buf[0] == '-');
    bool negative = buf[0] == '-';
    if (strcasecmp(word, "nan") == 0) {
        *out = negative ? -NAN : NAN;
        return true;
    }
    if (strcasecmp(word, "inf") == 0 || strcasecmp(word, "infinity") == 0) {
        *out = negative ? -INFINITY : INFINITY;
        return true;
    }
    if (!isdigit((unsigned char)word[0]) && word[0] != '.')
        return false;
    char *stop;
    errno = 0;
    *out = strtod(buf, &stop);
    return n > 0 && *stop == '\0';
}

bool sema_float_of_string(FuncCtx *ctx, Node *call, Value *out)
{
    if (call->call.args.count != 1 || call->call.keywords.count ||
        call->call.args.items[0]->kind != NODE_STRING || call->call.args.items[0]->string.bytes)
        return false;
    Node *arg = call->call.args.items[0];
    double v;
    if (!python_float(arg->string.value, &v)) {
        sema_report(ctx, arg->span, "float() cannot read '%.*s' as a number (Python's float() would raise "
                    "ValueError)", STR_ARG(arg->string.value));
        *out = sema_value_error();
        return true;
    }
    call->kind = NODE_FLOAT;
    call->float_lit.value = v;
    call->type = &type_float64_t;
    call->konst = (ConstValue){.kind = CONST_FLOAT, .f = v};
    *out = sema_value_runtime(&type_float64_t);
    out->konst = call->konst;
    return true;
}
