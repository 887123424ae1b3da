/* What every fuzz target shares: the input as a Source, a diagnostics sink,
 * the whole pipeline run in-process, and the invariant check that turns a
 * broken invariant into a crash libFuzzer records (docs/testing.md). */
#ifndef PYKC_FUZZ_COMMON_H
#define PYKC_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"

/* The fuzzer's bytes as a source named "fuzz.pyk" (a NUL inside is the
 * lexer's error to report, as in a file). */
Source *fuzz_source(Arena *arena, const uint8_t *data, size_t size);

/* /dev/null, opened once: diagnostics are printed (so their formatting
 * runs) but not kept. */
FILE *fuzz_sink(void);

/* A Diag printing to the sink, as the driver's prints to stderr. */
void fuzz_diag(Diag *diag);

/* A broken invariant: prints what broke and aborts, which libFuzzer
 * records as a crash with the input that caused it. */
void fuzz_fail(const char *what, const char *detail) __attribute__((noreturn));

#define FUZZ_CHECK(cond, what, detail) ((cond) ? (void)0 : fuzz_fail((what), (detail)))

#endif
