/* RtText: bounded message building, and the comment-line parsers' cursor
 * (see text.h). */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool rt_cursor_fail(RtCursor *c, const char *what)
{
    snprintf(c->error, c->error_cap, "column %d: %s", (int)(c->p - c->start) + 1, what);
    return false;
}

char *rt_copy_span(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

void rt_cursor_skip_blanks(RtCursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
        c->p++;
}

bool rt_cursor_accept(RtCursor *c, char ch)
{
    rt_cursor_skip_blanks(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

bool rt_cursor_expect(RtCursor *c, char ch, const char *what)
{
    return rt_cursor_accept(c, ch) || rt_cursor_fail(c, what);
}

bool rt_cursor_is_ident_char(char ch, bool first)
{
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (!first && ch >= '0' && ch <= '9');
}

bool rt_cursor_identifier(RtCursor *c, const char **name, size_t *len, const char *what)
{
    rt_cursor_skip_blanks(c);
    const char *s = c->p;
    while (c->p < c->end && rt_cursor_is_ident_char(*c->p, c->p == s))
        c->p++;
    if (c->p == s)
        return rt_cursor_fail(c, what);
    *name = s;
    *len = (size_t)(c->p - s);
    return true;
}

bool rt_cursor_positive_int(RtCursor *c, int *value, const char *what)
{
    rt_cursor_skip_blanks(c);
    long v = 0;
    const char *s = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && v < 0x7fffffffL)
        v = v * 10 + (*c->p++ - '0');
    if (c->p == s || v <= 0 || v > 0x7fffffffL)
        return c->p = s, rt_cursor_fail(c, what);
    *value = (int)v;
    return true;
}

RtText rt_text_over(char *buffer, size_t cap)
{
    RtText text = {buffer, cap, 0};
    buffer[0] = '\0';
    return text;
}

void rt_text_append(RtText *text, const char *format, ...)
{
    if (text->len + 1 >= text->cap)
        return;
    size_t room = text->cap - text->len;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(text->data + text->len, room, format, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n < room) {
        text->len += (size_t)n;
        return;
    }
    /* Cut short: say so rather than end mid-word without a sign. */
    text->len = text->cap - 1;
    if (text->cap > 4)
        memcpy(text->data + text->cap - 4, "...", 4);
}
