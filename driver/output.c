/* Atomic output files; see output.h. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        text += n;
        len -= (size_t)n;
    }
    return true;
}

static bool write_stdout(Diag *diag, const char *text, size_t len)
{
    if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0) {
        diag_error_plain(diag, "cannot write to standard output: %s", strerror(errno));
        return false;
    }
    return true;
}

bool output_write(Diag *diag, const char *path, const char *text, size_t len)
{
    if (strcmp(path, "-") == 0)
        return write_stdout(diag, text, len);

    size_t tmp_len = strlen(path) + sizeof(".tmp.XXXXXX");
    char *tmp = malloc(tmp_len);
    if (!tmp) {
        diag_error_plain(diag, "out of memory");
        return false;
    }
    snprintf(tmp, tmp_len, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(errno));
        free(tmp);
        return false;
    }
    /* mkstemp makes the file 0600; give it the usual permissions. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);

    bool ok = write_all(fd, text, len);
    int saved = errno;
    ok = (close(fd) == 0) && ok;
    if (ok && rename(tmp, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(saved));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

char *output_default_name(Arena *arena, const char *input, const char *ext)
{
    const char *slash = strrchr(input, '/');
    const char *base = slash ? slash + 1 : input;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - input) : strlen(input);
    return arena_printf(arena, "%.*s%s", (int)stem, input, ext);
}
