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

/* The tokens of the launch-facts grammar, blanks (spaces, tabs) allowed
 * before each. rt_cursor_accept: ch is next (and consumed); expect: the
 * same, or fail with `what`; identifier: [A-Za-z_][A-Za-z0-9_]*;
 * positive_int: a decimal from 1 to 2^31 - 1. The failing ones return
 * rt_cursor_fail(c, what) with the cursor where the token should start. */
void rt_cursor_skip_blanks(RtCursor *c);
bool rt_cursor_accept(RtCursor *c, char ch);
bool rt_cursor_expect(RtCursor *c, char ch, const char *what);
bool rt_cursor_is_ident_char(char ch, bool first);
bool rt_cursor_identifier(RtCursor *c, const char **name, size_t *len, const char *what);
bool rt_cursor_positive_int(RtCursor *c, int *value, const char *what);

#endif
