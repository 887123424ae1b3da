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
    ACTION_MAN,       /* --man: the man page (troff), from the help's table */
} Action;

typedef enum DumpStage {
    DUMP_NONE,
    DUMP_TOKENS,      /* --dump-tokens: the lexer's tokens */
    DUMP_AST,         /* --dump-ast: the tree as parsed */
    DUMP_TYPES,       /* --dump-types: the tree after sema, with types */
} DumpStage;

typedef enum EmitBinary {
    EMIT_TEXT,        /* PTX, LLVM IR or a header: no toolkit program runs */
    EMIT_CUBIN,       /* --emit=cubin: one --arch's SASS (ptxas) */
    EMIT_FATBIN,      /* --emit=fatbin: SASS per --arch and the lowest's PTX (fatbinary) */
} EmitBinary;

typedef enum EmbedKind {
    EMBED_AUTO,       /* a fatbin where the toolkit has ptxas and fatbinary, else PTX */
    EMBED_PTX,        /* --embed=ptx */
    EMBED_FATBIN,     /* --embed=fatbin: the toolkit is required */
} EmbedKind;

typedef struct Options {
    Action action;
    const char *input;           /* "-": standard input */
    const char *output;          /* NULL: the input's name in the current directory; "-": stdout */
    DumpStage dump;
    CgOptions codegen;
    bool emit_header;            /* --emit=header: codegen.emit is PTX, written as a C header */
    bool emit_json;              /* --emit=json: codegen.emit is PTX; only the metadata is written */
    const char *metadata;        /* --metadata FILE: the metadata too (driver/emit_json.h) */
    EmitBinary emit_binary;      /* --emit=cubin|fatbin: codegen.emit is PTX, assembled by ptxas */
    EmbedKind embed;             /* --embed: what --emit=header embeds */
    const char **archs;          /* --arch A[,B...]: each architecture, in order given */
    int arch_count;              /* 0: --arch not given (codegen.arch is the default) */
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
    const char **deps_targets;   /* -MT TARGET: the rule's targets (default: the output) */
    int deps_target_count;
    const char **disabled_warnings;  /* -Wno-NAME, NULL-terminated */
    bool warnings_are_errors;        /* -Werror (-Wno-error undoes it) */
    const char **error_warnings;     /* -Werror=NAME, NULL-terminated */
    const char **not_error_warnings; /* -Wno-error=NAME, NULL-terminated */
    bool no_warnings;                /* -w */
    const char **unknown_warnings;   /* the warning each unknown -W name gets */
    bool weak_scalars;               /* --weak-scalars: NEP 50-style literals */
    int block[3];                    /* --block XxYxZ; all 0 when not given */
} Options;

/* Fills *options from argv. Reports problems with diag_error_plain and
 * returns false. Allocations go to the arena. */
bool options_parse(Arena *arena, Diag *diag, int argc, char **argv, Options *options);

/* help.c: --help, and --man's troff page, both from option_table.def. */
void options_print_help(FILE *out);
void options_print_man(FILE *out);

/* warning_options.c: -W... and -w (false: arg is neither). An unknown
 * warning name is no error: it is kept for options_warn_unknown_warnings,
 * which warns once the Diag has its settings (clang's behaviour). */
bool options_parse_warning(Arena *arena, const char *arg, Options *options);
void options_warn_unknown_warnings(Diag *diag, const Options *options);
const char *const *options_warning_names(int *count);

/* diag_options.c: -fdiagnostics-color and -fdiagnostics-format, read
 * before the rest of the command line so that its errors are printed as
 * asked; an invalid value is left to options_parse to report. */
void options_apply_diagnostic_flags(int argc, char **argv, Diag *diag);
bool options_is_diagnostic_flag(const char *arg);
bool options_parse_diagnostic_flag(Diag *diag, const char *arg);

/* arch_list.c: --arch A[,B...]. Parsing checks each architecture and
 * repeats; codegen.arch becomes the lowest (the PTX a fatbin carries is
 * compiled for it, and ptxas assembles that PTX for each). Checking, after
 * every option is read, refuses a list where the output is for one
 * architecture (PTX, LLVM IR, a cubin). */
bool options_parse_arch_list(Arena *arena, Diag *diag, const char *value, Options *options);
bool options_check_arch_list(Diag *diag, const Options *options);

#endif
