/* One arena per compilation: the front end allocates its tokens, tree, types
 * and symbols here and frees them all at once at the end (STYLE 7). Memory
 * returned is zeroed and aligned for any scalar type. Allocation never fails
 * silently: out of memory aborts with a message, as there is no way for a
 * compiler to go on without memory. */
#ifndef PYKC_BASE_ARENA_H
#define PYKC_BASE_ARENA_H

#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;

typedef struct Arena {
    ArenaBlock *head;
} Arena;

void arena_init(Arena *arena);
void arena_free(Arena *arena);

/* Zeroed memory of `size` bytes, 16-byte aligned. */
void *arena_alloc(Arena *arena, size_t size);

/* A NUL-terminated copy of `len` bytes of `text`. */
char *arena_strndup(Arena *arena, const char *text, size_t len);

/* printf into the arena. */
char *arena_printf(Arena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#define ARENA_NEW(arena, T) ((T *)arena_alloc((arena), sizeof(T)))
#define ARENA_ARRAY(arena, T, n) ((T *)arena_alloc((arena), sizeof(T) * (size_t)(n)))

#endif
