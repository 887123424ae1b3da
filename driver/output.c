/* Output files; see output.h. Only a regular file (or a new name) is
 * replaced by rename: renaming over a device, a FIFO or a symbolic link
 * would destroy it, so those are written through instead. */
#define _XOPEN_SOURCE 700
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Symbolic links followed before giving up, as the kernel's ELOOP. */
enum { MAX_LINKS = 40 };

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

/* The descriptor a /dev/stdout-like name stands for, or -1. Opening such a
 * name would reopen what the descriptor refers to (a regular file from the
 * start, losing a shell's >>), so it is written as the descriptor. */
static int descriptor_name(const char *path)
{
    if (strcmp(path, "/dev/stdout") == 0)
        return STDOUT_FILENO;
    if (strcmp(path, "/dev/stderr") == 0)
        return STDERR_FILENO;
    const char *prefixes[] = {"/dev/fd/", "/proc/self/fd/"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(path, prefixes[i], n) != 0 || !path[n])
            continue;
        char *end;
        long fd = strtol(path + n, &end, 10);
        if (!*end && fd >= 0 && fd <= INT_MAX)
            return (int)fd;
    }
    return -1;
}

/* A device or FIFO (anything that exists and is neither a regular file nor
 * a directory): written in place, as `cat > /dev/null` would. */
static bool write_in_place(Diag *diag, const char *path, const char *text, size_t len)
{
    int fd = open(path, O_WRONLY | O_NOCTTY);
    if (fd < 0) {
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = write_all(fd, text, len);
    int saved = errno;
    ok = (close(fd) == 0) && ok;
    if (!ok)
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(saved));
    return ok;
}

/* The path a chain of symbolic links ends at (which need not exist yet: a
 * dangling link's target is created, as open(O_CREAT) would), or NULL with
 * errno set (ELOOP, ENAMETOOLONG). The result is malloc'ed. */
static char *follow_links(const char *path)
{
    char *current = strdup(path);
    for (int i = 0; current && i < MAX_LINKS; i++) {
        struct stat st;
        if (lstat(current, &st) != 0 || !S_ISLNK(st.st_mode))
            return current;
        char target[PATH_MAX];
        ssize_t n = readlink(current, target, sizeof target - 1);
        if (n < 0 || n == (ssize_t)sizeof target - 1) {
            free(current);
            errno = n < 0 ? errno : ENAMETOOLONG;
            return NULL;
        }
        target[n] = '\0';
        /* A relative target is relative to the link's directory. */
        const char *slash = strrchr(current, '/');
        int dir_len = target[0] != '/' && slash ? (int)(slash - current) + 1 : 0;
        size_t size = (size_t)dir_len + (size_t)n + 1;
        char *next = malloc(size);
        if (next)
            snprintf(next, size, "%.*s%s", dir_len, current, target);
        free(current);
        current = next;
    }
    free(current);
    errno = ELOOP;
    return NULL;
}

/* A regular file or a new name: a temporary file beside it, renamed over it
 * when complete. An existing file keeps its permission bits. */
static bool replace_atomically(Diag *diag, const char *shown, const char *path, const char *text,
                               size_t len)
{
    size_t tmp_len = strlen(path) + sizeof(".tmp.XXXXXX");
    char *tmp = malloc(tmp_len);
    if (!tmp) {
        diag_error_plain(diag, "out of memory");
        return false;
    }
    snprintf(tmp, tmp_len, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        if (strcmp(shown, path) == 0)
            diag_error_plain(diag, "cannot write '%s': %s", shown, strerror(errno));
        else
            diag_error_plain(diag, "cannot write '%s' (a link to '%s'): %s", shown, path, strerror(errno));
        free(tmp);
        return false;
    }
    /* mkstemp makes the file 0600; give it the old file's bits, or the
     * usual ones. */
    struct stat old;
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, stat(path, &old) == 0 ? old.st_mode & 07777 : 0666 & ~mask);

    bool ok = write_all(fd, text, len);
    int saved = errno;
    ok = (close(fd) == 0) && ok;
    if (ok && rename(tmp, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        diag_error_plain(diag, "cannot write '%s': %s", shown, strerror(saved));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

bool output_write(Diag *diag, const char *path, const char *text, size_t len)
{
    if (strcmp(path, "-") == 0)
        return write_stdout(diag, text, len);
    int fd = descriptor_name(path);
    if (fd == STDOUT_FILENO)
        return write_stdout(diag, text, len);
    if (fd >= 0) {
        if (!write_all(fd, text, len)) {
            diag_error_plain(diag, "cannot write '%s': %s", path, strerror(errno));
            return false;
        }
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        diag_error_plain(diag, "cannot write '%s': Is a directory", path);
        return false;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return write_in_place(diag, path, text, len);
    char *target = follow_links(path);
    if (!target) {
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = replace_atomically(diag, path, target, text, len);
    free(target);
    return ok;
}

/* Where path's name would be after its links and its directory's are
 * resolved: the directory's realpath and the last name. NULL if the
 * directory does not exist. */
static char *canonical_name(const char *path)
{
    char *target = follow_links(path);
    if (!target)
        return NULL;
    char *slash = strrchr(target, '/');
    const char *name = slash ? slash + 1 : target;
    if (slash)
        *slash = '\0';
    char *dir = realpath(slash ? (*target ? target : "/") : ".", NULL);
    char *full = NULL;
    if (dir) {
        size_t size = strlen(dir) + strlen(name) + 2;
        full = malloc(size);
        if (full)
            snprintf(full, size, "%s/%s", dir, name);
    }
    free(dir);
    free(target);
    return full;
}

bool output_same_file(const char *a, const char *b)
{
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return false;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ca = canonical_name(a), *cb = canonical_name(b);
    bool same = ca && cb && strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

char *output_default_name(Arena *arena, const char *input, const char *ext)
{
    const char *slash = strrchr(input, '/');
    const char *base = slash ? slash + 1 : input;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - input) : strlen(input);
    return arena_printf(arena, "%.*s%s", (int)stem, input, ext);
}
