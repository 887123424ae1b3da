/* Shared by the runtime's GPU test programs: opening device 0, loading an
 * embedded PTX text, and status checks that print the runtime's message
 * when a call fails. Each program prints "N passed, M failed" last. */
#ifndef PYKRT_GPU_TEST_H
#define PYKRT_GPU_TEST_H

#include <stdlib.h>

#include "../check.h"
#include "kernels.h"
#include "pykrt.h"

static inline void check_status(pyk_context *ctx, pyk_status got, pyk_status want, const char *what,
                                const char *file, int line)
{
    if (got == want) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: %s returned %s, expected %s: %s\n", file, line, what, pyk_status_name(got),
           pyk_status_name(want), pyk_last_error(ctx));
}

/* EXPECT_OK(ctx, call) / EXPECT_STATUS(ctx, call, PYK_ERROR_...) */
#define EXPECT_STATUS(ctx, call, want) check_status((ctx), (call), (want), #call, __FILE__, __LINE__)
#define EXPECT_OK(ctx, call) EXPECT_STATUS(ctx, call, PYK_OK)

static inline pyk_context *open_device0(void)
{
    pyk_context *ctx;
    if (pyk_init(&ctx, 0) != PYK_OK) {
        printf("FAIL pyk_init: %s\n0 passed, 1 failed\n", pyk_last_error(NULL));
        exit(1);
    }
    return ctx;
}

static inline pyk_module *load_or_die(pyk_context *ctx, const char *ptx)
{
    pyk_module *module;
    if (pyk_module_load_ptx(ctx, ptx, &module) != PYK_OK) {
        printf("FAIL loading test PTX: %s\n0 passed, 1 failed\n", pyk_last_error(ctx));
        exit(1);
    }
    return module;
}

/* Deterministic pseudo-random values (xorshift), so failures reproduce. */
static inline uint32_t test_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

#endif
