/* Reading a whole file with a bound; see read_file.h. */
#include "read_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void describe_limit(char *why, size_t why_cap, size_t limit)
{
    if (limit >= ((size_t)1 << 20) && limit % ((size_t)1 << 20) == 0)
        snprintf(why, why_cap, "larger than %zu MiB, the most pyk_module_load_file reads", limit >> 20);
    else
        snprintf(why, why_cap, "larger than %zu bytes, the most pyk_module_load_file reads", limit);
}

char *rt_read_file(const char *path, size_t limit, size_t *len, bool *too_large, char *why, size_t why_cap)
{
    *len = 0;
    *too_large = false;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_cap, "%s", strerror(errno));
        return NULL;
    }
    char *text = NULL;
    size_t size = 0, cap = 0, n;
    char chunk[65536];
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n > limit - size) {   /* one byte past the limit is enough to know */
            *too_large = true;
            break;
        }
        if (size + n + 1 > cap) {
            cap = size + n + 1 > limit / 2 ? limit + 1 : (size + n + 1) * 2;
            char *grown = realloc(text, cap);
            if (!grown) {
                snprintf(why, why_cap, "out of host memory");
                free(text);
                fclose(f);
                return NULL;
            }
            text = grown;
        }
        memcpy(text + size, chunk, n);
        size += n;
    }
    bool failed = !*too_large && ferror(f);
    if (failed)
        snprintf(why, why_cap, "%s", strerror(errno));
    fclose(f);
    if (failed || *too_large) {
        if (*too_large)
            describe_limit(why, why_cap, limit);
        free(text);
        return NULL;
    }
    if (!text && !(text = calloc(1, 1))) {
        snprintf(why, why_cap, "out of host memory");
        return NULL;
    }
    text[size] = '\0';
    *len = size;
    return text;
}
