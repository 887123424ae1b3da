/* Parsing pykc's command line; see options.h and `pykc --help`. */
#include "options.h"

#include <stdlib.h>
#include <string.h>

/* "--name=value" or "--name value": the value, advancing *i past it. */
static const char *option_value(Diag *diag, int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    const char *arg = argv[*i];
    if (arg[len] == '=')
        return arg + len + 1;
    if (*i + 1 >= argc) {
        diag_error_plain(diag, "option '%s' needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

static bool is_option(const char *arg, const char *name)
{
    size_t len = strlen(name);
    return strncmp(arg, name, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* NAME=TEXT, for --sig and --bind: appended to *list. */
static bool parse_named(Arena *arena, Diag *diag, const char *option, const char *example,
                        const char *text, SigOverride **list, int *count)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || eq[1] == '\0') {
        diag_error_plain(diag, "%s expects %s; got '%s'", option, example, text);
        return false;
    }
    SigOverride *grown = ARENA_ARRAY(arena, SigOverride, *count + 1);
    if (*count)
        memcpy(grown, *list, sizeof(SigOverride) * (size_t)*count);
    SigOverride *entry = &grown[(*count)++];
    entry->name = (Str){arena_strndup(arena, text, (size_t)(eq - text)), (int)(eq - text)};
    entry->sig = source_from_text(arena, "<command line>", eq + 1, (uint32_t)strlen(eq + 1));
    *list = grown;
    return true;
}

static bool parse_sig(Arena *arena, Diag *diag, const char *text, Options *options)
{
    return parse_named(arena, diag, "--sig", "NAME=SIGNATURE, as in --sig 'add=void(float32[:], int64)'",
                       text, &options->sigs, &options->sig_count);
}

static bool parse_bind(Arena *arena, Diag *diag, const char *text, Options *options)
{
    return parse_named(arena, diag, "--bind", "NAME=VALUE, as in --bind 'make_kernel.op=math.sin'",
                       text, &options->binds, &options->bind_count);
}

/* --vectorize NAME=SIG and --guvectorize NAME=LAYOUT:SIG: compile the def
 * NAME as @cuda.vectorize([SIG]) or @cuda.guvectorize([SIG], LAYOUT) */
static bool parse_ufunc(Arena *arena, Diag *diag, const char *text, bool generalized, Options *options)
{
    if (generalized)
        return parse_named(arena, diag, "--guvectorize", "NAME=LAYOUT:SIGNATURE, as in "
                           "--guvectorize 'sum_row=(n)->():void(int32[:], int32[:])'",
                           text, &options->guvectorizes, &options->guvectorize_count);
    return parse_named(arena, diag, "--vectorize", "NAME=SIGNATURE, as in --vectorize 'add=float32(float32, float32)'",
                       text, &options->vectorizes, &options->vectorize_count);
}

static const char **append_cstr(Arena *arena, const char **list, int count, const char *item)
{
    const char **grown = ARENA_ARRAY(arena, const char *, count + 1);
    if (count)
        memcpy(grown, list, sizeof *grown * (size_t)count);
    grown[count] = item;
    return grown;
}

static void add_kernel(Arena *arena, const char *name, Options *options)
{
    Str *grown = ARENA_ARRAY(arena, Str, options->kernel_count + 1);
    if (options->kernel_count)
        memcpy(grown, options->kernels, sizeof *grown * (size_t)options->kernel_count);
    grown[options->kernel_count++] = str_from_cstr(name);
    options->kernels = grown;
}

/* -I DIR, -IDIR */
static bool parse_include(Arena *arena, Diag *diag, int argc, char **argv, int *i, Options *options)
{
    const char *dir = argv[*i] + 2;
    if (!*dir) {
        if (*i + 1 >= argc) {
            diag_error_plain(diag, "option '-I' needs a directory");
            return false;
        }
        dir = argv[++*i];
    }
    options->include_dirs = append_cstr(arena, options->include_dirs, options->include_count++, dir);
    return true;
}

static bool parse_opt_level(Diag *diag, const char *arg, Options *options)
{
    if (strlen(arg) != 3 || arg[2] < '0' || arg[2] > '3') {
        diag_error_plain(diag, "unknown optimisation level '%s' (use -O0, -O1, -O2 or -O3)", arg);
        return false;
    }
    options->codegen.opt_level = arg[2] - '0';
    return true;
}

static bool parse_emit(Diag *diag, const char *value, Options *options)
{
    options->emit_header = strcmp(value, "header") == 0;
    options->emit_json = strcmp(value, "json") == 0;   /* driver/emit_json.h */
    options->emit_binary = strcmp(value, "cubin") == 0    ? EMIT_CUBIN
                           : strcmp(value, "fatbin") == 0 ? EMIT_FATBIN
                                                          : EMIT_TEXT;
    if (options->emit_binary != EMIT_TEXT)
        options->codegen.emit = CG_EMIT_PTX;
    else if (strcmp(value, "ptx") == 0)
        options->codegen.emit = CG_EMIT_PTX;
    else if (strcmp(value, "llvm") == 0)
        options->codegen.emit = CG_EMIT_LLVM;
    else if (options->emit_header || options->emit_json)
        options->codegen.emit = CG_EMIT_PTX;
    else {
        diag_error_plain(diag, "unknown --emit kind '%s' (use ptx, llvm, header, json, cubin or fatbin)", value);
        return false;
    }
    return true;
}

/* --block X[xY[xZ]]: the block every launch of the file's kernels uses,
 * which the analyses check shared arrays against. Each dimension is within
 * CUDA's limits (1024, 1024, 64) and the block has at most 1024 threads. */
static bool parse_block(Diag *diag, const char *value, Options *options)
{
    static const long limits[3] = {1024, 1024, 64};
    static const char axes[3] = {'x', 'y', 'z'};
    int dims[3] = {1, 1, 1};
    const char *p = value;
    for (int d = 0; d < 3; d++) {
        char *end;
        if (*p < '0' || *p > '9') {
            diag_error_plain(diag, "bad --block '%s': expected X, XxY or XxYxZ, such as 16x16", value);
            return false;
        }
        long n = strtol(p, &end, 10);
        if (n < 1 || n > limits[d]) {
            diag_error_plain(diag, "--block '%s': a block's %c dimension is 1 to %ld threads", value,
                             axes[d], limits[d]);
            return false;
        }
        dims[d] = (int)n;
        p = end;
        if (*p == '\0')
            break;
        if (*p != 'x' || d == 2) {
            diag_error_plain(diag, "bad --block '%s': expected X, XxY or XxYxZ, such as 16x16", value);
            return false;
        }
        p++;
    }
    long threads = (long)dims[0] * dims[1] * dims[2];
    if (threads > 1024) {
        diag_error_plain(diag, "--block '%s' has %ld threads; a block has at most 1024", value, threads);
        return false;
    }
    for (int d = 0; d < 3; d++)
        options->block[d] = dims[d];
    return true;
}

static bool parse_embed(Diag *diag, const char *value, Options *options)
{
    if (strcmp(value, "ptx") == 0)
        options->embed = EMBED_PTX;
    else if (strcmp(value, "fatbin") == 0)
        options->embed = EMBED_FATBIN;
    else {
        diag_error_plain(diag, "unknown --embed kind '%s' (use ptx or fatbin)", value);
        return false;
    }
    return true;
}

/* -o FILE, -oFILE; -MF and -MT likewise, as gcc takes them. */
static const char *joined_or_next(Diag *diag, int argc, char **argv, int *i, const char *name,
                                  const char *what)
{
    const char *value = argv[*i] + strlen(name);
    if (*value)
        return value;
    if (*i + 1 >= argc) {
        diag_error_plain(diag, "option '%s' needs %s", name, what);
        return NULL;
    }
    return argv[++*i];
}

/* The input file ("-": standard input). */
static bool parse_input(Diag *diag, const char *arg, Options *options)
{
    if (options->input) {
        diag_error_plain(diag, "more than one input file: '%s' and '%s'", options->input, arg);
        return false;
    }
    options->input = arg;
    return true;
}

/* One argument of `pykc compile`; returns false on an error. */
static bool parse_compile_arg(Arena *arena, Diag *diag, int argc, char **argv, int *i,
                              Options *options)
{
    const char *arg = argv[*i];
    const char *value;
    if (strncmp(arg, "-o", 2) == 0) {
        return (options->output = joined_or_next(diag, argc, argv, i, "-o", "a file name")) != NULL;
    } else if (options_is_diagnostic_flag(arg)) {
        return options_parse_diagnostic_flag(diag, arg);
    } else if (strncmp(arg, "-O", 2) == 0) {
        return parse_opt_level(diag, arg, options);
    } else if (is_option(arg, "--emit")) {
        return (value = option_value(diag, argc, argv, i, "--emit")) && parse_emit(diag, value, options);
    } else if (is_option(arg, "--arch")) {
        return (value = option_value(diag, argc, argv, i, "--arch")) &&
               options_parse_arch_list(arena, diag, value, options);
    } else if (is_option(arg, "--metadata")) {
        return (options->metadata = option_value(diag, argc, argv, i, "--metadata")) != NULL;
    } else if (is_option(arg, "--embed")) {
        return (value = option_value(diag, argc, argv, i, "--embed")) && parse_embed(diag, value, options);
    } else if (is_option(arg, "--sig")) {
        return (value = option_value(diag, argc, argv, i, "--sig")) && parse_sig(arena, diag, value, options);
    } else if (is_option(arg, "--bind")) {
        return (value = option_value(diag, argc, argv, i, "--bind")) && parse_bind(arena, diag, value, options);
    } else if (is_option(arg, "--vectorize")) {
        return (value = option_value(diag, argc, argv, i, "--vectorize")) &&
               parse_ufunc(arena, diag, value, false, options);
    } else if (is_option(arg, "--guvectorize")) {
        return (value = option_value(diag, argc, argv, i, "--guvectorize")) &&
               parse_ufunc(arena, diag, value, true, options);
    } else if (is_option(arg, "--sig-file")) {
        if (!(value = option_value(diag, argc, argv, i, "--sig-file")))
            return false;
        options->sig_files = append_cstr(arena, options->sig_files, options->sig_file_count++, value);
    } else if (is_option(arg, "--kernel")) {
        if (!(value = option_value(diag, argc, argv, i, "--kernel")))
            return false;
        add_kernel(arena, value, options);
    } else if (strncmp(arg, "-I", 2) == 0) {
        return parse_include(arena, diag, argc, argv, i, options);
    } else if (strcmp(arg, "-MD") == 0) {
        options->write_deps = true;
    } else if (strcmp(arg, "-MP") == 0) {
        options->phony_deps = true;
    } else if (strncmp(arg, "-MF", 3) == 0) {
        options->deps_file = joined_or_next(diag, argc, argv, i, "-MF", "a file name");
        options->write_deps = true;
        return options->deps_file != NULL;
    } else if (strncmp(arg, "-MT", 3) == 0) {
        if (!(value = joined_or_next(diag, argc, argv, i, "-MT", "a target")))
            return false;
        options->deps_targets =
            append_cstr(arena, options->deps_targets, options->deps_target_count++, value);
        options->write_deps = true;
    } else if (is_option(arg, "--libdevice")) {
        return (options->codegen.libdevice = option_value(diag, argc, argv, i, "--libdevice")) != NULL;
    } else if (is_option(arg, "--block")) {
        return (value = option_value(diag, argc, argv, i, "--block")) && parse_block(diag, value, options);
    } else if (strcmp(arg, "--lineinfo") == 0) {
        options->codegen.lineinfo = true;
    } else if (strcmp(arg, "--check") == 0) {
        options->codegen.check = true;
    } else if (strcmp(arg, "--dump-tokens") == 0) {
        options->dump = DUMP_TOKENS;
    } else if (strcmp(arg, "--dump-ast") == 0) {
        options->dump = DUMP_AST;
    } else if (strcmp(arg, "--dump-types") == 0) {
        options->dump = DUMP_TYPES;
    } else if (strcmp(arg, "--weak-scalars") == 0) {
        options->weak_scalars = true;
    } else if (options_parse_warning(arena, arg, options)) {
        return true;
    } else if (arg[0] == '-' && arg[1] != '\0') {
        diag_error_plain(diag, "unknown option '%s' (see 'pykc --help')", arg);
        return false;
    } else {
        return parse_input(diag, arg, options);
    }
    return true;
}

bool options_parse(Arena *arena, Diag *diag, int argc, char **argv, Options *options)
{
    memset(options, 0, sizeof *options);
    options->codegen.arch = CG_DEFAULT_ARCH;
    options->codegen.opt_level = 3;
    if (argc < 2) {
        diag_error_plain(diag, "no command given (see 'pykc --help')");
        return false;
    }
    const char *command = argv[1];
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0) {
        options->action = ACTION_HELP;
        return true;
    }
    if (strcmp(command, "--man") == 0) {
        options->action = ACTION_MAN;
        return true;
    }
    if (strcmp(command, "--version") == 0) {
        options->action = ACTION_VERSION;
        return true;
    }
    if (strcmp(command, "compile") != 0) {
        diag_error_plain(diag, "unknown command '%s' (see 'pykc --help')", command);
        return false;
    }
    options->action = ACTION_COMPILE;
    bool options_ended = false;   /* after "--", every argument is a file */
    for (int i = 2; i < argc; i++) {
        if (!options_ended && strcmp(argv[i], "--") == 0)
            options_ended = true;
        else if (options_ended ? !parse_input(diag, argv[i], options)
                               : !parse_compile_arg(arena, diag, argc, argv, &i, options))
            return false;
    }
    if (!options->input) {
        diag_error_plain(diag, "no input file (usage: pykc compile FILE -o OUTPUT)");
        return false;
    }
    if (strcmp(options->input, "-") == 0 && !options->output && options->dump == DUMP_NONE) {
        diag_error_plain(diag, "reading the source from standard input ('-') needs -o FILE "
                               "('-o -' for standard output)");
        return false;
    }
    return options_check_arch_list(diag, options);
}
