/* Reading sources and mapping offsets to lines; see source.h. */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* A line ends at "\n", "\r\n" or a lone "\r", as Python's do. */
static bool ends_line(const Source *src, uint32_t i)
{
    char c = src->text[i];
    return c == '\n' || (c == '\r' && (i + 1 >= src->len || src->text[i + 1] != '\n'));
}

static void index_lines(Arena *arena, Source *src)
{
    int count = 1;
    for (uint32_t i = 0; i < src->len; i++)
        count += ends_line(src, i);
    src->line_starts = ARENA_ARRAY(arena, uint32_t, count);
    src->line_count = count;
    int line = 0;
    src->line_starts[line++] = 0;
    for (uint32_t i = 0; i < src->len; i++)
        if (ends_line(src, i) && line < count)
            src->line_starts[line++] = i + 1;
}

Source *source_from_text(Arena *arena, const char *name, const char *text, uint32_t len)
{
    Source *src = ARENA_NEW(arena, Source);
    src->name = name;
    src->text = arena_strndup(arena, text, len);
    src->len = len;
    index_lines(arena, src);
    return src;
}

Source *source_from_file(Arena *arena, const char *path, const char **error)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        *error = strerror(errno);
        return NULL;
    }
    /* Read at most one byte past the limit: enough to know the file is
     * too large, however long it goes on. */
    size_t capacity = 4096, len = 0;
    char *buffer = NULL;
    for (;;) {
        char *grown = arena_alloc(arena, capacity + 1);
        if (buffer)
            memcpy(grown, buffer, len);
        buffer = grown;
        len += fread(buffer + len, 1, capacity - len, file);
        if (len < capacity || len > SOURCE_MAX_BYTES)
            break;
        capacity = capacity * 2 > SOURCE_MAX_BYTES ? SOURCE_MAX_BYTES + 1 : capacity * 2;
    }
    int failed = ferror(file);
    int saved_errno = errno;
    fclose(file);
    if (failed) {
        *error = saved_errno == EISDIR ? "is a directory" : strerror(saved_errno);
        return NULL;
    }
    if (len > SOURCE_MAX_BYTES) {
        *error = "larger than 4 MiB, the most pykc reads (docs/limits.md)";
        return NULL;
    }
    buffer[len] = '\0';
    Source *src = ARENA_NEW(arena, Source);
    src->name = path;
    src->text = buffer;
    src->len = (uint32_t)len;
    index_lines(arena, src);
    return src;
}

Source *source_sub(Arena *arena, const Source *parent, uint32_t offset, uint32_t len)
{
    Source *src = source_from_text(arena, parent->name, parent->text + offset, len);
    src->parent = parent;
    src->parent_offset = offset;
    return src;
}

SourceLoc source_locate(const Source *src, uint32_t offset)
{
    while (src->parent) {
        offset += src->parent_offset;
        src = src->parent;
    }
    int lo = 0, hi = src->line_count - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (src->line_starts[mid] <= offset)
            lo = mid;
        else
            hi = mid - 1;
    }
    return (SourceLoc){src, lo + 1, (int)(offset - src->line_starts[lo]) + 1, offset};
}

Str source_line_text(const Source *root, int line)
{
    if (line < 1 || line > root->line_count)
        return (Str){"", 0};
    uint32_t begin = root->line_starts[line - 1];
    uint32_t end = begin;
    while (end < root->len && root->text[end] != '\n' && root->text[end] != '\r')
        end++;
    return (Str){root->text + begin, (int)(end - begin)};
}
