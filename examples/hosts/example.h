/* Shared by the example hosts (examples/hosts/NAME.c): each program runs the
 * kernels of one examples/NAME.pyk on device 0 through the typed launchers of
 * its generated header (pykc_add_kernels), compares the results with a CPU
 * reference and prints "PASS kernel" or "FAIL kernel: what differs", exiting
 * 0 only if everything passed. A program defines EXAMPLE (its name, for
 * messages) before including this file.
 *
 * Every runtime call goes through CHECK, which on failure prints the call,
 * the status and the runtime's message (pyk_last_error) and exits 1; the
 * process's exit releases what was allocated. */
#ifndef EXAMPLE_H
#define EXAMPLE_H

#include <math.h>
#include <pykrt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EXAMPLE
#error "define EXAMPLE (the program's name) before including example.h"
#endif

/* The byte every output is filled with before a launch: 0xA5A5A5A5 is a
 * float32 of about -2.9e-16 and an int32 of -1515870811, values no correct
 * kernel writes here, so an element the kernel skipped cannot pass. */
#define EXAMPLE_POISON 0xA5

static inline void example_check(pyk_context *ctx, pyk_status status, const char *call)
{
    if (status == PYK_OK)
        return;
    printf("FAIL %s: %s returned %s: %s\n", EXAMPLE, call, pyk_status_name(status),
           pyk_last_error(ctx));
    exit(1);
}

#define CHECK(ctx, call) example_check((ctx), (call), #call)

static inline pyk_context *example_open_device(void)
{
    pyk_context *ctx;
    if (pyk_init(&ctx, 0) != PYK_OK) {
        printf("FAIL %s: pyk_init: %s\n", EXAMPLE, pyk_last_error(NULL));
        exit(1);
    }
    return ctx;
}

static inline void *example_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        printf("FAIL %s: out of host memory (%zu bytes)\n", EXAMPLE, bytes);
        exit(1);
    }
    return p;
}

/* A host buffer filled with the poison byte (for results copied back). */
static inline void *example_poisoned(size_t bytes)
{
    return memset(example_alloc(bytes), EXAMPLE_POISON, bytes);
}

/* Fills a device array with the poison byte. */
static inline void example_poison_device(pyk_context *ctx, pyk_array *array)
{
    size_t bytes = pyk_array_nbytes(array);
    void *poison = example_poisoned(bytes);
    CHECK(ctx, pyk_copy_from_host(array, poison, bytes));
    free(poison);
}

/* Deterministic pseudo-random numbers (xorshift32): a failure reproduces. */
static inline uint32_t example_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* Uniform in [lo, hi), exactly representable as float32 (24 random bits). */
static inline float example_uniform(uint32_t *state, float lo, float hi)
{
    return lo + (hi - lo) * ((float)(example_random(state) >> 8) / 16777216.0f);
}

/* Prints the verdict for `kernel`: `bad` of `total` elements differed and
 * `first` describes the first of them. Returns 1 on failure, for main. */
static inline int example_verdict(const char *kernel, int64_t bad, int64_t total, const char *first)
{
    if (bad == 0) {
        printf("PASS %s\n", kernel);
        return 0;
    }
    printf("FAIL %s: %lld of %lld elements differ; first %s\n", kernel, (long long)bad,
           (long long)total, first);
    return 1;
}

/* ceil(n / d) for positive sizes: enough blocks to cover n elements. */
static inline unsigned example_blocks(int64_t n, unsigned d)
{
    return (unsigned)((n + d - 1) / d);
}

#endif
