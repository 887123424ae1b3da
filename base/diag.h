/* Diagnostics as GCC and Clang print them:
 *
 *     file.pyk:6:22: error: name 'idy' is not defined
 *             out[idx] = x[idy] + y[idx]
 *                          ^
 *
 * A caret marks the span's start and '~' the rest of it on that line; a
 * zero-width span prints a lone caret. Messages are lowercase, without a
 * final period, with source spellings in quotes. A Diag only counts and
 * prints: whoever drives the compilation decides what an error stops. */
#ifndef PYKC_BASE_DIAG_H
#define PYKC_BASE_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "source.h"

/* How diagnostics are written (-fdiagnostics-format): text with the source
 * line and a caret; one JSON object per line; or SARIF 2.1.0 results, one
 * per line, which diag_write_sarif wraps into the document once the run is
 * over (base/diag_format.c; docs/diagnostics.md describes both). */
typedef enum DiagFormat {
    DIAG_FORMAT_TEXT,
    DIAG_FORMAT_JSON,
    DIAG_FORMAT_SARIF,
} DiagFormat;

typedef struct Diag {
    FILE *out;                       /* NULL: a quiet Diag (diag_init_quiet) */
    int errors;
    int warnings;
    bool warnings_are_errors;        /* -Werror */
    const char **disabled;           /* -Wno-NAME, NULL-terminated or NULL */
    const char **as_errors;          /* -Werror=NAME: errors even without -Werror */
    const char **not_errors;         /* -Wno-error=NAME: warnings even with -Werror */
    bool no_warnings;                /* -w: every warning silenced */
    bool color;                      /* -fdiagnostics-color: ANSI colours as clang's */
    DiagFormat format;
    bool silenced;                   /* the last warning was silenced: so are its notes */
    char first_error[256];           /* quiet: the first error's message, no location */
    char *held_text;                 /* holding (diag_hold): what it printed */
    size_t held_size;
} Diag;

void diag_init(Diag *diag, FILE *out);

/* A Diag that prints nothing: it counts errors and keeps the first one's
 * message, for trying whether something compiles (a module constant that
 * host code binds, which only matters if a kernel uses it). Warnings and
 * notes are dropped. */
void diag_init_quiet(Diag *diag);

/* What a holding Diag printed, with its counts; text is malloc'd (NULL
 * if nothing was printed). */
typedef struct HeldDiags {
    char *text;
    int errors;
    int warnings;
} HeldDiags;

/* A Diag that keeps what it prints, for checking something whose
 * diagnostics count only if it is used: a device function specialised on
 * trial, whose errors matter only if a call ends up using it. It has
 * like's warning settings, and is quiet if like is. */
void diag_hold(Diag *held, const Diag *like);

/* Ends a holding Diag, returning what it kept. */
HeldDiags diag_end_hold(Diag *held);

/* Prints what a hold kept into diag and adds its counts. */
void diag_replay(Diag *diag, const HeldDiags *held);

void diag_error(Diag *diag, Span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A warning has a name (for -Wno-NAME and -Werror), printed as "[-WNAME]". */
void diag_warning(Diag *diag, Span at, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Is warning NAME on (not silenced by -Wno-NAME or -w)? Lets a costly check
 * skip its work; a silenced diag_warning, and its notes, print nothing
 * anyway. */
bool diag_warning_enabled(const Diag *diag, const char *name);

/* A note adds to the diagnostic before it. With at.src == NULL it is printed
 * without a location ("note: ..."). */
void diag_note(Diag *diag, Span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error with no place in a source ("pykc: error: ..."). */
void diag_error_plain(Diag *diag, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* diag_format.c: one diagnostic as a JSON object on one line (no newline),
 * for -fdiagnostics-format=json, or as a SARIF result object for =sarif.
 * name is the warning's name or NULL; at.src NULL for no location. */
void diag_write_json(FILE *out, Span at, const char *level, const char *name, const char *message);
void diag_write_sarif_result(FILE *out, Span at, const char *level, const char *name,
                             const char *message);

/* The SARIF 2.1.0 document around results: what diag_write_sarif_result
 * wrote, one per line, into results (NULL or "" for none). */
void diag_write_sarif(FILE *out, const char *results, const char *version);

#endif
