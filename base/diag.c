/* Printing diagnostics with the source line and a caret; see diag.h. */
#define _POSIX_C_SOURCE 200809L  /* open_memstream */
#include "diag.h"

#include <stdlib.h>

#include <stdarg.h>
#include <string.h>

void diag_init(Diag *diag, FILE *out)
{
    memset(diag, 0, sizeof *diag);
    diag->out = out;
}

void diag_init_quiet(Diag *diag)
{
    memset(diag, 0, sizeof *diag);
}

void diag_hold(Diag *held, const Diag *like)
{
    memset(held, 0, sizeof *held);
    held->warnings_are_errors = like->warnings_are_errors;
    held->disabled = like->disabled;
    if (like->out)
        held->out = open_memstream(&held->held_text, &held->held_size);
}

HeldDiags diag_end_hold(Diag *held)
{
    if (held->out)
        fclose(held->out);
    HeldDiags kept = {held->held_size ? held->held_text : NULL, held->errors, held->warnings};
    if (!kept.text)
        free(held->held_text);
    held->out = NULL;
    held->held_text = NULL;
    return kept;
}

void diag_replay(Diag *diag, const HeldDiags *held)
{
    if (diag->out && held->text)
        fputs(held->text, diag->out);
    diag->errors += held->errors;
    diag->warnings += held->warnings;
}

/* The source line, then spaces (tabs kept, so the caret lines up under a
 * tab-indented line) up to the column, a caret, and '~' to the span's end. */
static void print_caret(FILE *out, Span at, SourceLoc loc)
{
    Str line = source_line_text(loc.root, loc.line);
    fwrite(line.ptr, 1, (size_t)line.len, out);   /* the line may hold a NUL */
    fputc('\n', out);
    int start = loc.col - 1;
    for (int i = 0; i < start && i < line.len; i++)
        fputc(line.ptr[i] == '\t' ? '\t' : ' ', out);
    fputc('^', out);
    int width = (int)(at.end > at.begin ? at.end - at.begin : 0);
    for (int i = 1; i < width && start + i < line.len; i++)
        fputc('~', out);
    fputc('\n', out);
}

static void report(Diag *diag, Span at, const char *level, const char *name,
                   const char *fmt, va_list args)
{
    FILE *out = diag->out;
    if (!out) {
        if (strcmp(level, "error") == 0 && !diag->first_error[0])
            vsnprintf(diag->first_error, sizeof diag->first_error, fmt, args);
        return;
    }
    SourceLoc loc = {0};
    if (at.src) {
        loc = source_locate(at.src, at.begin);
        fprintf(out, "%s:%d:%d: ", loc.root->name, loc.line, loc.col);
    }
    fprintf(out, "%s: ", level);
    vfprintf(out, fmt, args);
    if (name)
        fprintf(out, " [-W%s%s]", diag->warnings_are_errors ? "error=" : "", name);
    fputc('\n', out);
    if (at.src)
        print_caret(out, at, loc);
}

void diag_error(Diag *diag, Span at, const char *fmt, ...)
{
    diag->silenced = false;
    va_list args;
    va_start(args, fmt);
    report(diag, at, "error", NULL, fmt, args);
    va_end(args);
    diag->errors++;
}

static bool is_disabled(const Diag *diag, const char *name)
{
    for (const char **d = diag->disabled; d && *d; d++)
        if (strcmp(*d, name) == 0)
            return true;
    return false;
}

bool diag_warning_enabled(const Diag *diag, const char *name)
{
    return !is_disabled(diag, name);
}

void diag_warning(Diag *diag, Span at, const char *name, const char *fmt, ...)
{
    diag->silenced = is_disabled(diag, name);
    if (diag->silenced)
        return;
    va_list args;
    va_start(args, fmt);
    bool as_error = diag->warnings_are_errors;
    report(diag, at, as_error ? "error" : "warning", name, fmt, args);
    va_end(args);
    if (as_error)
        diag->errors++;
    else
        diag->warnings++;
}

void diag_note(Diag *diag, Span at, const char *fmt, ...)
{
    if (diag->silenced)
        return;   /* a note of a silenced warning */
    va_list args;
    va_start(args, fmt);
    report(diag, at, "note", NULL, fmt, args);
    va_end(args);
}

void diag_error_plain(Diag *diag, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    if (!diag->out) {
        if (!diag->first_error[0])
            vsnprintf(diag->first_error, sizeof diag->first_error, fmt, args);
        va_end(args);
        diag->errors++;
        return;
    }
    fprintf(diag->out, "pykc: error: ");
    vfprintf(diag->out, fmt, args);
    fputc('\n', diag->out);
    va_end(args);
    diag->errors++;
}
