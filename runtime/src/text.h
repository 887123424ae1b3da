/* RtText: a message written into a caller's fixed buffer, appended to piece
 * by piece and cut short (with "...") rather than overflowing. The launch
 * checks build their reports with it on the stack, so a launch that passes
 * them allocates nothing. */
#ifndef RT_TEXT_H
#define RT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct RtText {
    char *data; /* always NUL-terminated */
    size_t cap; /* bytes of data, >= 1 */
    size_t len;
} RtText;

RtText rt_text_over(char *buffer, size_t cap);
void rt_text_append(RtText *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The parsers' position in a line of PTX comment (launch facts, check
 * sites): `error` receives "column C: what was expected" on failure. */
typedef struct RtCursor {
    const char *start, *p, *end;
    char *error;
    size_t error_cap;
} RtCursor;

/* Writes "column C: what" (C: 1-based, at c->p) into c->error; returns
 * false, for `return rt_cursor_fail(c, "...")`. */
bool rt_cursor_fail(RtCursor *c, const char *what);

/* A malloc'd, NUL-terminated copy of len bytes of s (the parsers' names),
 * or NULL when out of memory. */
char *rt_copy_span(const char *s, size_t len);

#endif
