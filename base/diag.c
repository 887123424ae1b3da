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
    held->as_errors = like->as_errors;
    held->not_errors = like->not_errors;
    held->no_warnings = like->no_warnings;
    held->color = like->color;
    held->format = like->format;
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

/* clang's colours: a bold location and message, the level in its colour
 * (red error, magenta warning, cyan note), a green caret line. */
#define COLOR_RESET "\033[0m"
#define COLOR_BOLD "\033[1m"
#define COLOR_CARET "\033[0;1;32m"

static const char *level_color(const char *level)
{
    return strcmp(level, "error") == 0     ? "\033[0;1;31m"
           : strcmp(level, "warning") == 0 ? "\033[0;1;35m"
                                           : "\033[0;1;36m";
}

/* The source line, then spaces (tabs kept, so the caret lines up under a
 * tab-indented line) up to the column, a caret, and '~' to the span's end. */
static void print_caret(FILE *out, Span at, SourceLoc loc, bool color)
{
    Str line = source_line_text(loc.root, loc.line);
    fwrite(line.ptr, 1, (size_t)line.len, out);   /* the line may hold a NUL */
    fputc('\n', out);
    if (color)
        fputs(COLOR_CARET, out);
    int start = loc.col - 1;
    for (int i = 0; i < start && i < line.len; i++)
        fputc(line.ptr[i] == '\t' ? '\t' : ' ', out);
    fputc('^', out);
    int width = (int)(at.end > at.begin ? at.end - at.begin : 0);
    for (int i = 1; i < width && start + i < line.len; i++)
        fputc('~', out);
    if (color)
        fputs(COLOR_RESET, out);
    fputc('\n', out);
}

/* The message, with " [-WNAME]" after a warning's (or "[-Werror=NAME]"
 * where it was made an error); malloc'd. */
static char *format_message(const char *fmt, va_list args, const char *name, bool as_error)
{
    va_list copy;
    va_copy(copy, args);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    size_t size = (size_t)(len > 0 ? len : 0) + (name ? strlen(name) + 16 : 0) + 1;
    char *text = malloc(size);
    if (!text)
        abort();
    vsnprintf(text, size, fmt, args);
    if (name)
        snprintf(text + strlen(text), size - strlen(text), " [-W%s%s]", as_error ? "error=" : "", name);
    return text;
}

/* One diagnostic in the Diag's format. prefix ("pykc: ") opens a text
 * diagnostic that has no place in a source and is no note. */
static void print_diagnostic(Diag *diag, Span at, const char *level, const char *name,
                             const char *prefix, const char *message)
{
    FILE *out = diag->out;
    if (diag->format == DIAG_FORMAT_JSON) {
        diag_write_json(out, at, level, name, message);
        fputc('\n', out);
        return;
    }
    if (diag->format == DIAG_FORMAT_SARIF) {
        diag_write_sarif_result(out, at, level, name, message);
        fputc('\n', out);
        return;
    }
    bool color = diag->color;
    bool bold = color && strcmp(level, "note") != 0;
    SourceLoc loc = {0};
    if (at.src) {
        loc = source_locate(at.src, at.begin);
        fprintf(out, "%s%s:%d:%d: %s", color ? COLOR_BOLD : "", loc.root->name, loc.line, loc.col,
                color ? COLOR_RESET : "");
    } else if (prefix) {
        fputs(prefix, out);
    }
    fprintf(out, "%s%s: %s%s%s%s\n", color ? level_color(level) : "", level, color ? COLOR_RESET : "",
            bold ? COLOR_BOLD : "", message, color ? COLOR_RESET : "");
    if (at.src)
        print_caret(out, at, loc, color);
}

static void report(Diag *diag, Span at, const char *level, const char *name, bool as_error,
                   const char *fmt, va_list args)
{
    if (!diag->out) {
        if (strcmp(level, "error") == 0 && !diag->first_error[0])
            vsnprintf(diag->first_error, sizeof diag->first_error, fmt, args);
        return;
    }
    /* JSON and SARIF give the warning's name a field of its own */
    char *message = format_message(fmt, args, diag->format == DIAG_FORMAT_TEXT ? name : NULL, as_error);
    print_diagnostic(diag, at, level, name, NULL, message);
    free(message);
}

void diag_error(Diag *diag, Span at, const char *fmt, ...)
{
    diag->silenced = false;
    va_list args;
    va_start(args, fmt);
    report(diag, at, "error", NULL, false, fmt, args);
    va_end(args);
    diag->errors++;
}

static bool is_listed(const char **list, const char *name)
{
    for (const char **d = list; d && *d; d++)
        if (strcmp(*d, name) == 0)
            return true;
    return false;
}

static bool is_disabled(const Diag *diag, const char *name)
{
    return diag->no_warnings || is_listed(diag->disabled, name);
}

/* -Werror=NAME, or -Werror unless -Wno-error=NAME. */
static bool is_error(const Diag *diag, const char *name)
{
    return is_listed(diag->as_errors, name) ||
           (diag->warnings_are_errors && !is_listed(diag->not_errors, name));
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
    bool as_error = is_error(diag, name);
    report(diag, at, as_error ? "error" : "warning", name, as_error, fmt, args);
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
    report(diag, at, "note", NULL, false, fmt, args);
    va_end(args);
}

void diag_error_plain(Diag *diag, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    if (!diag->out) {
        if (!diag->first_error[0])
            vsnprintf(diag->first_error, sizeof diag->first_error, fmt, args);
    } else {
        char *message = format_message(fmt, args, NULL, false);
        print_diagnostic(diag, (Span){0}, "error", NULL, "pykc: ", message);
        free(message);
    }
    va_end(args);
    diag->errors++;
}
