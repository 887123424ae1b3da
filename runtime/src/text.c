/* RtText: bounded message building (see text.h). */
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
