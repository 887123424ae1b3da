/* The command line of `pykc`: parsed into Options, with errors for unknown
 * options and missing values. Only main() decides what an error ends. */
#ifndef PYKC_DRIVER_OPTIONS_H
#define PYKC_DRIVER_OPTIONS_H

#include <stdbool.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../codegen/codegen.h"
#include "../sema/sema.h"

typedef enum Action {
    ACTION_COMPILE,
    ACTION_HELP,
    ACTION_VERSION,
} Action;

typedef enum DumpStage {
    DUMP_NONE,
    DUMP_TOKENS,      /* --dump-tokens: the lexer's tokens */
    DUMP_AST,         /* --dump-ast: the tree as parsed */
    DUMP_TYPES,       /* --dump-types: the tree after sema, with types */
} DumpStage;

typedef struct Options {
    Action action;
    const char *input;
    const char *output;          /* NULL: derived from input; "-": stdout */
    DumpStage dump;
    CgOptions codegen;
    bool emit_header;            /* --emit=header: codegen.emit is PTX, written as a C header */
    SigOverride *sigs;           /* --sig NAME=SIGNATURE, in order */
    int sig_count;
    SigOverride *binds;          /* --bind NAME=VALUE */
    int bind_count;
    SigOverride *vectorizes;     /* --vectorize NAME=SIG */
    int vectorize_count;
    SigOverride *guvectorizes;   /* --guvectorize NAME=LAYOUT:SIG */
    int guvectorize_count;
    const char **sig_files;      /* --sig-file FILE: lines of NAME=SIGNATURE */
    int sig_file_count;
    Str *kernels;                /* --kernel NAME: compile only these */
    int kernel_count;
    const char **include_dirs;   /* -I DIR: where helper modules are found */
    int include_count;
    bool write_deps;             /* -MD: a make-style dependency file */
    const char *deps_file;       /* -MF FILE: its name (default: OUTPUT.d) */
    bool phony_deps;             /* -MP: a phony target per dependency */
    const char **disabled_warnings;  /* -Wno-NAME, NULL-terminated */
    bool warnings_are_errors;        /* -Werror */
    bool weak_scalars;               /* --weak-scalars: NEP 50-style literals */
    int block[3];                    /* --block XxYxZ; all 0 when not given */
} Options;

/* Fills *options from argv. Reports problems with diag_error_plain and
 * returns false. Allocations go to the arena. */
bool options_parse(Arena *arena, Diag *diag, int argc, char **argv, Options *options);

void options_print_help(FILE *out);

#endif
