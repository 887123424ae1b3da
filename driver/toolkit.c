/* Finding and running the CUDA toolkit's programs; see toolkit.h. */
#define _POSIX_C_SOURCE 200809L
#include "toolkit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* $CUDA_HOME when set and not empty, else the default toolkit. */
static const char *toolkit_home(void)
{
    const char *home = getenv("CUDA_HOME");
    return home && *home ? home : NULL;
}

static const char *program_path(Arena *arena, const char *tool)
{
    const char *home = toolkit_home();
    return arena_printf(arena, "%s/bin/%s", home ? home : TOOLKIT_DEFAULT_HOME, tool);
}

const char *toolkit_program(Arena *arena, Diag *diag, const char *tool, const char *why)
{
    const char *path = program_path(arena, tool);
    if (access(path, X_OK) == 0)
        return path;
    const char *home = toolkit_home();
    if (home)
        diag_error_plain(diag, "%s needs the CUDA toolkit's %s, which was not found: "
                         "$CUDA_HOME (%s) has no bin/%s", why, tool, home, tool);
    else
        diag_error_plain(diag, "%s needs the CUDA toolkit's %s, which was not found: CUDA_HOME "
                         "is not set and " TOOLKIT_DEFAULT_HOME " has no bin/%s (set CUDA_HOME "
                         "to the toolkit's folder)", why, tool, tool);
    return NULL;
}

bool toolkit_can_make_fatbin(Arena *arena)
{
    return access(program_path(arena, "ptxas"), X_OK) == 0 &&
           access(program_path(arena, "fatbinary"), X_OK) == 0;
}

const char *toolkit_make_dir(Arena *arena, Diag *diag)
{
    const char *tmp = getenv("TMPDIR");
    char *dir = arena_printf(arena, "%s/pykc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        diag_error_plain(diag, "cannot make a temporary folder '%s': %s", dir, strerror(errno));
        return NULL;
    }
    return dir;
}

void toolkit_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        char path[4096];
        for (struct dirent *e; (e = readdir(d));) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

int toolkit_run(Diag *diag, char *const argv[], const char *log_path)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, STDIN_FILENO);
    pid_t pid;
    int error = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
        diag_error_plain(diag, "cannot run '%s': %s", argv[0], strerror(error));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            diag_error_plain(diag, "waiting for '%s': %s", argv[0], strerror(errno));
            return -1;
        }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    diag_error_plain(diag, "'%s' was killed by signal %d", argv[0], WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return -1;
}

char *toolkit_read_file(Arena *arena, Diag *diag, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0) {
        diag_error_plain(diag, "cannot read '%s': %s", path, strerror(errno));
        if (f)
            fclose(f);
        return NULL;
    }
    char *data = arena_alloc(arena, (size_t)st.st_size + 1);
    size_t got = fread(data, 1, (size_t)st.st_size, f);
    bool failed = ferror(f) || got != (size_t)st.st_size;
    fclose(f);
    if (failed) {
        diag_error_plain(diag, "cannot read '%s'", path);
        return NULL;
    }
    data[got] = '\0';
    *len = got;
    return data;
}

bool toolkit_write_file(Diag *diag, const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    if (f)
        ok = fclose(f) == 0 && ok;
    if (!ok)
        diag_error_plain(diag, "cannot write '%s': %s", path, strerror(errno));
    return ok;
}
