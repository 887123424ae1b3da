#include "fuzz_common.h"

#include <stdlib.h>

Source *fuzz_source(Arena *arena, const uint8_t *data, size_t size)
{
    return source_from_text(arena, "fuzz.pyk", (const char *)data, (uint32_t)size);
}

FILE *fuzz_sink(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    return sink;
}

void fuzz_diag(Diag *diag)
{
    diag_init(diag, fuzz_sink());
}

void fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "pykc fuzz invariant broken: %s\n%s%s", what, detail ? detail : "",
            detail ? "\n" : "");
    abort();
}
