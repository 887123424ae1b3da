/* A string view: a pointer and a length, usually into the source buffer.
 * Names in the tree are views, so they cost no copies; compare them with
 * str_eq, never with ==. */
#ifndef PYKC_BASE_STR_H
#define PYKC_BASE_STR_H

#include <stdbool.h>
#include <string.h>

typedef struct Str {
    const char *ptr;
    int len;
} Str;

static inline Str str_from_cstr(const char *text) { return (Str){text, (int)strlen(text)}; }

static inline bool str_eq(Str a, Str b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, (size_t)a.len) == 0);
}

static inline bool str_eq_cstr(Str a, const char *b)
{
    return str_eq(a, str_from_cstr(b));
}

/* For printf: printf("%.*s", STR_ARG(s)). */
#define STR_ARG(s) (s).len, (s).ptr

#endif
