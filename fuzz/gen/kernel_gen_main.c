/* pykc-kernel-gen SEED [COUNT] DIR: writes COUNT (default 1) generated
 * kernels, DIR/gen-SEED.pyk upwards, each from bytes a simple generator
 * derives from its seed. Used to seed the fuzz corpora with kernels that
 * type (scripts/fuzz.sh) and by the process-level invariant check. */
#include <stdio.h>
#include <stdlib.h>

#include "kernel_gen.h"

static uint64_t next(uint64_t *state)
{
    /* splitmix64: any good mixer; the bytes only need to vary */
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fputs("usage: pykc-kernel-gen SEED [COUNT] DIR\n", stderr);
        return 2;
    }
    long seed = strtol(argv[1], NULL, 10);
    long count = argc == 4 ? strtol(argv[2], NULL, 10) : 1;
    const char *dir = argv[argc - 1];
    for (long k = 0; k < count; k++) {
        uint64_t state = (uint64_t)(seed + k);
        uint8_t bytes[256];
        for (size_t i = 0; i < sizeof bytes; i += 8) {
            uint64_t r = next(&state);
            for (int j = 0; j < 8; j++)
                bytes[i + (size_t)j] = (uint8_t)(r >> (8 * j));
        }
        char *kernel = kernel_gen(bytes, sizeof bytes);
        char path[4096];
        snprintf(path, sizeof path, "%s/gen-%ld.pyk", dir, seed + k);
        FILE *file = fopen(path, "w");
        if (!file || fputs(kernel, file) < 0 || fclose(file) != 0) {
            perror(path);
            return 1;
        }
        free(kernel);
    }
    return 0;
}
