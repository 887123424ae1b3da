/* Source buffers and locations. A file is read once, whole, with a trailing
 * NUL that the re2c lexer uses as its sentinel; a NUL inside the file is an
 * error the lexer reports, not an early end. Locations are byte offsets,
 * turned into line and column only when a diagnostic is printed.
 *
 * A sub-source is a NUL-terminated copy of a piece of another source (the
 * text of a signature string inside a decorator): it is lexed and parsed on
 * its own, and its offsets map back to the parent so errors point into the
 * original file. */
#ifndef PYKC_BASE_SOURCE_H
#define PYKC_BASE_SOURCE_H

#include <stdint.h>

#include "arena.h"
#include "str.h"

typedef struct Source Source;
struct Source {
    const char *name;          /* file name as given, or "<command line>" */
    const char *text;          /* len bytes, then a NUL */
    uint32_t len;
    uint32_t *line_starts;     /* offset of each line's first byte */
    int line_count;
    const Source *parent;      /* for a sub-source: where it came from */
    uint32_t parent_offset;    /* ... and at which offset of the parent */
};

/* A half-open byte range [begin, end) of one source. */
typedef struct Span {
    const Source *src;
    uint32_t begin, end;
} Span;

typedef struct SourceLoc {
    const Source *root;        /* the outermost source: the file */
    int line, col;             /* 1-based; col counts bytes */
    uint32_t offset;           /* offset in root */
} SourceLoc;

/* The largest source pykc reads: 4 MiB, 70 times numba-cuda's largest test
 * file. Compile time and memory grow with the source (a 10 MB source took
 * 35 s and 4.4 GB), and a file that never ends (/dev/zero, a
 * FIFO) must not be read forever; docs/limits.md has the measurements. */
#define SOURCE_MAX_BYTES ((size_t)4 << 20)

/* Reads a whole file, of at most SOURCE_MAX_BYTES. On failure returns NULL
 * and sets *error to a static description ("no such file or directory",
 * "larger than 4 MiB, the most pykc reads (docs/limits.md)", ...). */
Source *source_from_file(Arena *arena, const char *path, const char **error);

/* A source over a copy of text (for --sig strings and tests). */
Source *source_from_text(Arena *arena, const char *name, const char *text, uint32_t len);

/* A NUL-terminated copy of [offset, offset+len) of parent; see above. */
Source *source_sub(Arena *arena, const Source *parent, uint32_t offset, uint32_t len);

SourceLoc source_locate(const Source *src, uint32_t offset);

/* The text of 1-based line `line` of a root source, without its newline. */
Str source_line_text(const Source *root, int line);

static inline Span span_make(const Source *src, uint32_t begin, uint32_t end)
{
    return (Span){src, begin, end};
}

/* The smallest span covering a and b (both of one source). */
static inline Span span_join(Span a, Span b)
{
    return (Span){a.src, a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
}

/* A zero-width span at a's start: diagnostics print a lone caret there. */
static inline Span span_point(Span a) { return (Span){a.src, a.begin, a.begin}; }

#endif
