#define _POSIX_C_SOURCE 200809L   /* open_memstream */

#include "fuzz_pipeline.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "../codegen/launch_facts.h"
#include "../parser/parser.h"
#include "../sema/sema.h"
#include "fuzz_common.h"

/* Codegen, and the launch facts for PTX, into compiled->text. */
static bool generate(Arena *arena, Diag *diag, const SemaModule *module, const CgOptions *options,
                     FuzzCompiled *compiled)
{
    char *text = NULL;
    size_t len = 0;
    if (!cg_compile(module, options, diag, &text, &len))
        return false;
    if (options->emit == CG_EMIT_PTX) {
        const char *ptx = cg_splice_launch_facts(arena, module, text, len, &len);
        free(text);
        text = malloc(len + 1);
        memcpy(text, ptx, len + 1);
    }
    compiled->text = text;
    compiled->len = len;
    return true;
}

/* The first line of the printed diagnostics that is an error, location
 * and all ("fuzz.pyk:3:5: error: ..." or "pykc: error: ..."). */
static void first_error_line(const char *printed, char *out, size_t size)
{
    out[0] = '\0';
    for (const char *line = printed; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *error = strstr(line, "error: ");
        if (error && error < line + len) {
            snprintf(out, size, "%.*s", (int)len, line);
            return;
        }
        line = end ? end + 1 : NULL;
    }
}

FuzzCompiled fuzz_compile(const uint8_t *data, size_t size, int opt_level, CgEmit emit)
{
    FuzzCompiled compiled = {0};
    Arena arena;
    arena_init(&arena);
    /* The diagnostics are kept to compare first errors: a Diag records
     * the first one's message only when quiet, and quiet drops warnings. */
    char *printed = NULL;
    size_t printed_len = 0;
    Diag diag;
    diag_init(&diag, open_memstream(&printed, &printed_len));
    Source *src = fuzz_source(&arena, data, size);
    Node *module = parse_module(&arena, &diag, src);
    SemaOptions sema_options = {0};
    SemaModule checked;
    CgOptions options = {.arch = CG_DEFAULT_ARCH, .opt_level = opt_level, .emit = emit,
                         .module_name = "fuzz.pyk"};
    bool ok = diag.errors == 0 && sema_check_module(&arena, &diag, module, &sema_options, &checked) &&
              generate(&arena, &diag, &checked, &options, &compiled);
    compiled.ok = ok;
    compiled.errors = diag.errors;
    fclose(diag.out);
    first_error_line(printed, compiled.first_error, sizeof compiled.first_error);
    free(printed);
    arena_free(&arena);
    return compiled;
}

void fuzz_compiled_free(FuzzCompiled *compiled)
{
    free(compiled->text);
    compiled->text = NULL;
}

void fuzz_check_compiled(const FuzzCompiled *compiled)
{
    /* The driver's exit status is 1 exactly when an error was counted;
     * a stage that fails must have said why. */
    FUZZ_CHECK(compiled->ok == (compiled->errors == 0), "failed without an error, or succeeded with one",
               compiled->first_error);
    FUZZ_CHECK(!compiled->ok || compiled->text, "success without output", NULL);
    FUZZ_CHECK(compiled->ok || compiled->first_error[0], "an error without a message", NULL);
}

void fuzz_check_identical(const FuzzCompiled *a, const FuzzCompiled *b)
{
    FUZZ_CHECK(a->ok == b->ok, "determinism: one compile succeeded, the other failed", a->first_error);
    FUZZ_CHECK(strcmp(a->first_error, b->first_error) == 0, "determinism: different first errors",
               b->first_error);
    if (a->ok && (a->len != b->len || memcmp(a->text, b->text, a->len) != 0)) {
        /* Both outputs, for a diff. */
        FILE *first = fopen("fuzz-determinism-1.out", "wb"), *second = fopen("fuzz-determinism-2.out", "wb");
        if (first && second) {
            fwrite(a->text, 1, a->len, first);
            fwrite(b->text, 1, b->len, second);
        }
        if (first)
            fclose(first);
        if (second)
            fclose(second);
        fuzz_fail("determinism: two compiles gave different output",
                  "(written to fuzz-determinism-1.out and fuzz-determinism-2.out)");
    }
}

void fuzz_check_agree(const FuzzCompiled *o0, const FuzzCompiled *o3)
{
    FUZZ_CHECK(o0->ok == o3->ok, "-O0 and -O3 disagree on success", o0->ok ? o3->first_error : o0->first_error);
    FUZZ_CHECK(strcmp(o0->first_error, o3->first_error) == 0, "-O0 and -O3 fail with different first errors",
               o0->first_error);
}
