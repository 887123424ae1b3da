/* pyk_module_load_file's reading (runtime/src/read_file.c), without a GPU:
 * a file is read whole up to the limit, one byte more is refused after
 * reading only limit + 1 bytes, and /dev/zero, which never ends, is refused
 * at once rather than read until memory runs out (issue 13). Argument: a
 * scratch path. Prints the messages for lit, then "N passed, M failed". */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "read_file.h"

static void write_bytes(const char *path, size_t count)
{
    FILE *f = fopen(path, "wb");
    for (size_t i = 0; i < count; i++)
        fputc('x', f);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    const char *path = argv[1];
    char why[256];
    size_t len = 7;
    bool too_large = true;

    write_bytes(path, 100000);   /* more than one 64 KiB chunk */
    char *text = rt_read_file(path, 100000, &len, &too_large, why, sizeof why);
    CHECK(text && len == 100000 && !too_large && text[99999] == 'x' && text[100000] == '\0');
    free(text);

    write_bytes(path, 100001);
    text = rt_read_file(path, 100000, &len, &too_large, why, sizeof why);
    CHECK(!text && too_large && len == 0);
    printf("one byte over: %s\n", why);

    write_bytes(path, 0);
    text = rt_read_file(path, 100000, &len, &too_large, why, sizeof why);
    CHECK(text && len == 0 && text[0] == '\0');
    free(text);

    text = rt_read_file("/dev/zero", 4 << 20, &len, &too_large, why, sizeof why);
    CHECK(!text && too_large);
    printf("/dev/zero: %s\n", why);

    /* the limit pyk_module_load_file uses */
    text = rt_read_file("/dev/zero", RT_PTX_FILE_MAX_BYTES, &len, &too_large, why, sizeof why);
    CHECK(!text && too_large);
    printf("/dev/zero, the PTX limit: %s\n", why);

    text = rt_read_file("/nonexistent/dir/x.ptx", 100, &len, &too_large, why, sizeof why);
    CHECK(!text && !too_large);
    printf("missing: %s\n", why);
    return check_summary();
}
