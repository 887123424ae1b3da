/* Writes the GPU tests' embedded PTX (gpu/kernels.h) into a folder, one
 * file per text, so that lit can assemble it with ptxas without a GPU
 * (tests/runtime/gpu_ptx_assembles.test). */
#include <stdio.h>

#include "gpu/kernels.h"

static int write_ptx(const char *folder, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.ptx", folder, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "ptx_dump: cannot write %s\n", path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ptx_dump FOLDER\n");
        return 2;
    }
    return write_ptx(argv[1], "basic", PTX_BASIC) | write_ptx(argv[1], "scalars", PTX_SCALARS) |
           write_ptx(argv[1], "poke", PTX_POKE) | write_ptx(argv[1], "shared", PTX_SHARED) |
           write_ptx(argv[1], "bad", PTX_BAD) | write_ptx(argv[1], "bad_facts", PTX_BAD_FACTS);
}
