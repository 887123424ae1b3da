#include "ptxas_accepts.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static bool executable(const char *path)
{
    return path && access(path, X_OK) == 0;
}

const char *ptxas_path(void)
{
    static bool looked;
    static char path[4096];
    if (looked)
        return path[0] ? path : NULL;
    looked = true;
    const char *home = getenv("CUDA_HOME");
    if (executable(getenv("PYKC_PTXAS")))
        snprintf(path, sizeof path, "%s", getenv("PYKC_PTXAS"));
    else if (home && snprintf(path, sizeof path, "%s/bin/ptxas", home) > 0 && executable(path))
        ;
    else if (executable("/usr/local/cuda/bin/ptxas"))
        snprintf(path, sizeof path, "/usr/local/cuda/bin/ptxas");
    else
        path[0] = '\0';
    if (!path[0])
        fputs("pykc fuzz: no ptxas ($PYKC_PTXAS, $CUDA_HOME/bin, /usr/local/cuda/bin): "
              "PTX is not assembled\n", stderr);
    return path[0] ? path : NULL;
}

/* One temporary .ptx per process, rewritten for each input. */
static const char *write_temp(const char *ptx, size_t len)
{
    static char name[64];
    if (!name[0]) {
        snprintf(name, sizeof name, "/tmp/pykc-fuzz-%d.ptx", (int)getpid());
    }
    FILE *file = fopen(name, "wb");
    if (!file)
        return NULL;
    bool ok = fwrite(ptx, 1, len, file) == len;
    return fclose(file) == 0 && ok ? name : NULL;
}

bool ptxas_accepts(const char *ptx, size_t len)
{
    const char *ptxas = ptxas_path();
    if (!ptxas)
        return true;
    const char *file = write_temp(ptx, len);
    if (!file) {
        perror("pykc fuzz: cannot write the PTX for ptxas");
        return true;
    }
    char *argv[] = {(char *)ptxas, "-arch=sm_80", (char *)file, "-o", "/dev/null", NULL};
    pid_t pid;
    int status = 0;
    if (posix_spawn(&pid, ptxas, NULL, NULL, argv, environ) != 0)
        return true;   /* ptxas could not run: nothing learnt */
    /* libFuzzer's -timeout alarm interrupts the wait: wait again */
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return true;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
