/* Parsing pykc's command line; see options.h and `pykc --help`. */
#include "options.h"

#include <stdlib.h>
#include <string.h>

/* The warnings pykc can give, each silenced by -Wno-NAME (docs/diagnostics.md
 * explains them; tests/tools/warning_names.py checks this list against the
 * sources). */
static const char *const warning_names[] = {
    "missing-bounds-check", "shared-race", "same-element-write",
    "implicit-float64", "invalid-escape-sequence", "print-args",
    "unsigned-kernel", "ignored-decorator", "ignored-option",
    "host-signature", "no-kernels", "shared-global-index",
    "divergent-barrier", "divergent-grid-sync",
};

enum { WARNING_COUNT = sizeof warning_names / sizeof warning_names[0] };

static bool is_warning_name(const char *name)
{
    for (size_t i = 0; i < WARNING_COUNT; i++)
        if (strcmp(name, warning_names[i]) == 0)
            return true;
    return false;
}

void options_print_help(FILE *out)
{
    fputs(
        "usage: pykc compile FILE [-o OUTPUT] [options]\n"
        "       pykc --help | --version\n"
        "\n"
        "Compiles the @cuda.jit kernels of a Numba CUDA source file to PTX.\n"
        "\n"
        "options:\n"
        "  -o FILE              write the output to FILE ('-' for standard output);\n"
        "                       default: FILE with its extension replaced by .ptx\n"
        "                       (or .ll with --emit=llvm, .h with --emit=header,\n"
        "                       .json, .cubin, .fatbin)\n"
        "  --emit=ptx|llvm|header|json|cubin|fatbin\n"
        "                       what to write: PTX (default), optimised LLVM IR, a C\n"
        "                       header embedding the module with typed launchers per\n"
        "                       kernel (docs/runtime.md), a cubin (one --arch's SASS,\n"
        "                       by the CUDA toolkit's ptxas) or a fatbin (SASS for each\n"
        "                       --arch and the PTX of the lowest, by ptxas and\n"
        "                       fatbinary); the toolkit is $CUDA_HOME, else /usr/local/cuda;\n"
        "                       json: the kernels' metadata (docs/abi.md, \"Metadata\")\n"
        "  --metadata FILE      also write that JSON metadata to FILE, beside the output\n"
        "  --arch=sm_XX[,sm_YY...]\n"
        "                       target architecture (default " CG_DEFAULT_ARCH "); a list\n"
        "                       only with --emit=fatbin or --emit=header\n"
        "  --embed=ptx|fatbin   what --emit=header embeds (default: a fatbin of the\n"
        "                       --arch list when the toolkit has ptxas and fatbinary,\n"
        "                       else the PTX)\n"
        "  -O0 -O1 -O2 -O3      optimisation level (default -O3)\n"
        "  --sig NAME=SIG       the signature of a kernel written without one, as\n"
        "                       Numba spells it: --sig 'add=void(float32[:], int64)';\n"
        "                       NAME may be qualified (Class.method, outer.inner) and\n"
        "                       end in @LINE (the line of its def or first decorator)\n"
        "  --sig-file FILE      --sig options, one NAME=SIG per line ('#' comments)\n"
        "  --bind NAME=VALUE    the value of a name host code binds (a parameter of a\n"
        "                       kernel factory, a loop variable a kernel captures):\n"
        "                       --bind 'make_kernel.op=math.sin'\n"
        "  --vectorize NAME=SIG compile the def NAME as @cuda.vectorize([SIG]), whatever\n"
        "                       its decorator: --vectorize 'add=float32(float32, float32)'\n"
        "  --guvectorize NAME=LAYOUT:SIG\n"
        "                       the same for @cuda.guvectorize([SIG], LAYOUT):\n"
        "                       --guvectorize 'sum_row=(n)->():void(int32[:], int32[:])'\n"
        "  --kernel NAME        compile only this kernel (repeatable), and what it calls\n"
        "  -I DIR               look for the file's own modules (import helpers) in DIR\n"
        "                       too, after the source's directory (repeatable)\n"
        "  -MD                  also write a make-style dependency file listing the\n"
        "                       source and every module it imports (OUTPUT.d)\n"
        "  -MF FILE             the dependency file's name (implies -MD)\n"
        "  -MP                  a phony target for each dependency, as gcc -MP\n"
        "  --libdevice PATH     the CUDA toolkit's libdevice.10.bc, which math functions\n"
        "                       need (default: under $CUDA_HOME, else /usr/local/cuda)\n"
        "  --block XxYxZ        the block size every launch uses (16x16, 256): shared\n"
        "                       arrays are checked against it (docs/diagnostics.md)\n"
        "  --lineinfo           line tables (.loc) in every function's PTX, as\n"
        "                       @cuda.jit(lineinfo=True) gives one function\n"
        "  --check              bounds-check every array element access; libpykrt\n"
        "                       reports the first violation of a launch at the next\n"
        "                       synchronisation (docs/runtime.md, \"Checked mode\")\n"
        "  --dump-tokens        print the lexer's tokens and stop\n"
        "  --dump-ast           print the syntax tree as parsed and stop\n"
        "  --dump-types         print the syntax tree with types after checking, and stop\n"
        "  --weak-scalars       type float literals and int-to-float promotions by\n"
        "                       the float operand (float32 * 2.0 is float32), not\n"
        "                       Numba's float64 (docs/language.md 7.18)\n"
        "  -Werror              make warnings errors\n"
        "  -Wno-NAME            silence warning NAME (docs/diagnostics.md explains each):\n",
        out);
    for (size_t i = 0; i < WARNING_COUNT; i++)
        fprintf(out, "%s%s%s", i % 3 == 0 ? "                         " : "  ", warning_names[i],
                i % 3 == 2 || i + 1 == WARNING_COUNT ? "\n" : "");
    fputs(
        "  --help               print this help\n"
        "  --version            print pykc's version\n",
        out);
}

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

static void add_disabled_warning(Arena *arena, Options *options, const char *name)
{
    int count = 0;
    while (options->disabled_warnings && options->disabled_warnings[count])
        count++;
    const char **grown = ARENA_ARRAY(arena, const char *, count + 2);
    for (int i = 0; i < count; i++)
        grown[i] = options->disabled_warnings[i];
    grown[count] = name;
    options->disabled_warnings = grown;
}

/* One argument of `pykc compile`; returns false on an error. */
static bool parse_compile_arg(Arena *arena, Diag *diag, int argc, char **argv, int *i,
                              Options *options)
{
    const char *arg = argv[*i];
    const char *value;
    if (strcmp(arg, "-o") == 0) {
        if (*i + 1 >= argc) {
            diag_error_plain(diag, "option '-o' needs a file name");
            return false;
        }
        options->output = argv[++*i];
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
    } else if (strcmp(arg, "-MF") == 0) {
        if (*i + 1 >= argc) {
            diag_error_plain(diag, "option '-MF' needs a file name");
            return false;
        }
        options->deps_file = argv[++*i];
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
    } else if (strcmp(arg, "-Werror") == 0) {
        options->warnings_are_errors = true;
    } else if (strncmp(arg, "-Wno-", 5) == 0 && arg[5]) {
        if (!is_warning_name(arg + 5)) {   /* a misspelt name would silence nothing */
            diag_error_plain(diag, "unknown warning '%s' in '%s' (see 'pykc --help' for the names)", arg + 5, arg);
            return false;
        }
        add_disabled_warning(arena, options, arg + 5);
    } else if (arg[0] == '-' && arg[1] != '\0') {
        diag_error_plain(diag, "unknown option '%s' (see 'pykc --help')", arg);
        return false;
    } else if (options->input) {
        diag_error_plain(diag, "more than one input file: '%s' and '%s'", options->input, arg);
        return false;
    } else {
        options->input = arg;
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
    if (strcmp(command, "--version") == 0) {
        options->action = ACTION_VERSION;
        return true;
    }
    if (strcmp(command, "compile") != 0) {
        diag_error_plain(diag, "unknown command '%s' (see 'pykc --help')", command);
        return false;
    }
    options->action = ACTION_COMPILE;
    for (int i = 2; i < argc; i++)
        if (!parse_compile_arg(arena, diag, argc, argv, &i, options))
            return false;
    if (!options->input) {
        diag_error_plain(diag, "no input file (usage: pykc compile FILE -o OUTPUT)");
        return false;
    }
    return options_check_arch_list(diag, options);
}
