/* Bump allocator over a chain of blocks; see arena.h. */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARENA_ALIGN = 16, ARENA_BLOCK_SIZE = 64 * 1024 };

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, capacity;
    _Alignas(16) unsigned char data[];
};

void arena_init(Arena *arena) { arena->head = NULL; }

void arena_free(Arena *arena)
{
    ArenaBlock *block = arena->head;
    while (block) {
        ArenaBlock *next = block->next;
        free(block);
        block = next;
    }
    arena->head = NULL;
}

static ArenaBlock *new_block(size_t at_least)
{
    size_t capacity = at_least > ARENA_BLOCK_SIZE ? at_least : ARENA_BLOCK_SIZE;
    ArenaBlock *block = malloc(sizeof(ArenaBlock) + capacity);
    if (!block) {
        fprintf(stderr, "pykc: out of memory\n");
        abort();
    }
    block->next = NULL;
    block->used = 0;
    block->capacity = capacity;
    return block;
}

void *arena_alloc(Arena *arena, size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    ArenaBlock *block = arena->head;
    if (!block || block->capacity - block->used < size) {
        block = new_block(size);
        block->next = arena->head;
        arena->head = block;
    }
    void *memory = block->data + block->used;
    block->used += size;
    memset(memory, 0, size);
    return memory;
}

char *arena_strndup(Arena *arena, const char *text, size_t len)
{
    char *copy = arena_alloc(arena, len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

char *arena_printf(Arena *arena, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int len = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    char *text = arena_alloc(arena, (size_t)len + 1);
    va_start(args, fmt);
    vsnprintf(text, (size_t)len + 1, fmt, args);
    va_end(args);
    return text;
}
