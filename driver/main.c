/* pykc's command-line driver: reads a Numba CUDA source file and runs the
 * pipeline (lexer, parser, sema, codegen), or stops after a stage to dump it.
 * Every failure is reported as a diagnostic and gives exit status 1, and no
 * output file is written unless the whole compilation succeeded. This is
 * the only place that exits. */
#define _POSIX_C_SOURCE 200809L  /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../codegen/codegen.h"
#include "../codegen/launch_facts.h"
#include "../lexer/lexer.h"
#include "../parser/parser.h"
#include "../sema/sema.h"
#include "depfile.h"
#include "emit_binary.h"
#include "emit_header.h"
#include "emit_json.h"
#include "options.h"
#include "output.h"
#include "sig_file.h"
#include "toolkit.h"

static bool input_is_stdin(const Options *options)
{
    return strcmp(options->input, "-") == 0;
}

/* The input as diagnostics, the LLVM module and a header's comment name
 * it; a header's launchers are named after it (stdin_...). */
static const char *input_name(const Options *options, bool for_header)
{
    return !input_is_stdin(options) ? options->input : for_header ? "stdin" : "<stdin>";
}

/* Where the output goes: -o, or the input's name in the current directory
 * with the output's extension (as gcc -c and nvcc write k.o for src/k.c). */
static const char *output_path(Arena *arena, const Options *options)
{
    if (options->output)
        return options->output;
    const char *slash = strrchr(options->input, '/');
    return output_default_name(arena, slash ? slash + 1 : options->input,
                               options->codegen.emit == CG_EMIT_LLVM        ? ".ll"
                               : options->emit_header                     ? ".h"
                               : options->emit_json                       ? ".json"
                               : options->emit_binary == EMIT_CUBIN  ? ".cubin"
                               : options->emit_binary == EMIT_FATBIN ? ".fatbin"
                                                                          : ".ptx");
}

/* The architectures a binary is made for: --arch's list, or the default. */
static const char *const *binary_archs(const Options *options, int *count)
{
    *count = options->arch_count ? options->arch_count : 1;
    return options->arch_count ? options->archs : &options->codegen.arch;
}

static char *assemble(Arena *arena, Diag *diag, const Options *options, const char *ptx, size_t len,
                      bool fatbin, const char *why, size_t *out_len)
{
    int count;
    const char *const *archs = binary_archs(options, &count);
    size_t with_facts_len;
    const char *with_facts = binary_ptx_with_facts(arena, ptx, len, &with_facts_len);
    return binary_assemble(arena, diag, with_facts, with_facts_len, archs, count, fatbin,
                           options->codegen.lineinfo, why, out_len);
}

/* --emit=cubin, --emit=fatbin (driver/emit_binary.h) */
static bool write_binary(Arena *arena, Diag *diag, const Options *options, const char *path,
                         const char *ptx, size_t len)
{
    bool fatbin = options->emit_binary == EMIT_FATBIN;
    size_t binary_len;
    const char *binary = assemble(arena, diag, options, ptx, len, fatbin,
                                  fatbin ? "--emit=fatbin" : "--emit=cubin", &binary_len);
    return binary && output_write(diag, path, binary, binary_len);
}

/* --emit=header embeds a fatbin if asked, or by default where the toolkit
 * can make one. */
static bool header_embeds_fatbin(Arena *arena, const Options *options)
{
    return options->embed == EMBED_FATBIN || (options->embed == EMBED_AUTO && toolkit_can_make_fatbin(arena));
}

static bool emit_fatbin_header(Arena *arena, Diag *diag, const Options *options, const SemaModule *module,
                               const char *ptx, size_t len, char **out, size_t *out_len)
{
    HeaderFatbin fatbin;
    fatbin.data = assemble(arena, diag, options, ptx, len, true, "--emit=header --embed=fatbin", &fatbin.len);
    if (!fatbin.data)
        return false;
    int count;
    const char *const *archs = binary_archs(options, &count);
    char *contents = arena_printf(arena, "SASS for");
    for (int i = 0; i < count; i++)
        contents = arena_printf(arena, "%s%s %s", contents, i ? "," : "", archs[i]);
    fatbin.contents = arena_printf(arena, "%s and the PTX of %s", contents, options->codegen.arch);
    return emit_header_fatbin(arena, diag, module, input_name(options, true), &fatbin, out, out_len);
}

static bool run_codegen(Arena *arena, Diag *diag, const Options *options,
                        const SemaModule *module, CgModuleFacts *facts)
{
    CgOptions codegen = options->codegen;
    codegen.module_name = input_name(options, false);
    codegen.facts = options->emit_json || options->metadata ? facts : NULL;
    codegen.last_module = true;   /* one compilation per process */
    char *text = NULL;
    size_t len = 0;
    if (!cg_compile(module, &codegen, diag, &text, &len))
        return false;
    const char *path = output_path(arena, options);
    if (codegen.emit == CG_EMIT_PTX) {
        /* Every PTX pykc writes, embedded in a header or not, carries its
         * kernels' launch facts (codegen/launch_facts.h). */
        const char *ptx = cg_splice_launch_facts(arena, module, text, len, &len);
        free(text);
        text = NULL;
        if (options->emit_json)
            return emit_json_write(arena, diag, module, options, facts, path);
        if (options->emit_binary != EMIT_TEXT)
            return write_binary(arena, diag, options, path, ptx, len);
        if (!options->emit_header)
            return output_write(diag, path, ptx, len);
        if (!(header_embeds_fatbin(arena, options)
                  ? emit_fatbin_header(arena, diag, options, module, ptx, len, &text, &len)
                  : emit_header(arena, diag, module, input_name(options, true), ptx, len, &text, &len)))
            return false;
    }
    bool ok = output_write(diag, path, text, len);
    free(text);
    return ok;
}

/* An output that is one of the files read would destroy it (gcc and clang
 * refuse too): the source, a module it imports, a --sig-file; and the
 * dependency file must not be the output either. */
static bool outputs_are_not_inputs(Diag *diag, const Options *options, const DepList *inputs,
                                   const char *output, const char *deps_path)
{
    for (int i = 0; i < inputs->count + options->sig_file_count; i++) {
        const char *input = i < inputs->count ? inputs->paths[i] : options->sig_files[i - inputs->count];
        if (output_same_file(input, output)) {
            diag_error_plain(diag, "input file '%s' is the same as output file", input);
            return false;
        }
        if (deps_path && output_same_file(input, deps_path)) {
            diag_error_plain(diag, "input file '%s' is the same as dependency file", input);
            return false;
        }
    }
    if (deps_path && output_same_file(output, deps_path)) {
        diag_error_plain(diag, "output file '%s' is the same as dependency file", output);
        return false;
    }
    return true;
}

/* The dependency rule's target: the output, or the -MT targets, as
 * given (gcc quotes only -MQ's), separated by spaces. */
static const char *deps_target(Arena *arena, const Options *options, const char *output)
{
    if (!options->deps_target_count)
        return output;
    const char *text = options->deps_targets[0];
    for (int i = 1; i < options->deps_target_count; i++)
        text = arena_printf(arena, "%s %s", text, options->deps_targets[i]);
    return text;
}

/* The pipeline up to the stage options->dump asks for, or to the end. */
static bool compile(Arena *arena, Diag *diag, const Options *options)
{
    const char *error = NULL;
    /* '-': standard input, read as a file (a pipe or a redirection) */
    Source *src = source_from_file(arena, input_is_stdin(options) ? "/dev/stdin" : options->input, &error);
    if (!src) {
        diag_error_plain(diag, "cannot read '%s': %s", input_name(options, false), error);
        return false;
    }
    src->name = input_name(options, false);
    if (options->dump == DUMP_TOKENS) {
        lex_dump_tokens(stdout, arena, diag, src);
        return diag->errors == 0;
    }
    Node *module = parse_module(arena, diag, src);
    if (diag->errors)
        return false;
    if (options->dump == DUMP_AST) {
        ast_dump(stdout, module);
        return true;
    }
    DepList deps = {.arena = arena};
    if (!input_is_stdin(options))   /* make cannot check standard input's date */
        depfile_add(&deps, options->input);
    SemaOptions sema_options = {.sigs = options->sigs, .sig_count = options->sig_count,
                                .binds = options->binds, .bind_count = options->bind_count,
                                .vectorizes = options->vectorizes,
                                .vectorize_count = options->vectorize_count,
                                .guvectorizes = options->guvectorizes,
                                .guvectorize_count = options->guvectorize_count,
                                .kernels = options->kernels, .kernel_count = options->kernel_count,
                                .include_dirs = options->include_dirs,
                                .include_count = options->include_count,
                                .file_read = depfile_add, .file_read_ctx = &deps,
                                .weak_scalars = options->weak_scalars,
                                .block = {options->block[0], options->block[1], options->block[2]}};
    SemaModule checked;
    if (!sema_check_module(arena, diag, module, &sema_options, &checked))
        return false;
    if (options->dump == DUMP_TYPES) {
        ast_dump(stdout, module);
        sema_dump_const_arrays(stdout, &checked);
        return true;
    }
    const char *target = output_path(arena, options);
    const char *deps_path = !options->write_deps ? NULL
                            : options->deps_file ? options->deps_file
                                                 : depfile_default_name(arena, target);
    if (!outputs_are_not_inputs(diag, options, &deps, target, deps_path))
        return false;
    CgModuleFacts facts = {.arena = arena};
    if (!run_codegen(arena, diag, options, &checked, &facts))
        return false;
    if (options->metadata && !emit_json_write(arena, diag, &checked, options, &facts, options->metadata))
        return false;
    if (!deps_path)
        return true;
    return depfile_write(diag, deps_path, deps_target(arena, options, target), options->deps_target_count > 0,
                         &deps, options->phony_deps);
}

/* The warning settings of -W... and -w. */
static void set_warning_options(Diag *diag, const Options *options)
{
    diag->warnings_are_errors = options->warnings_are_errors;
    diag->disabled = options->disabled_warnings;
    diag->as_errors = options->error_warnings;
    diag->not_errors = options->not_error_warnings;
    diag->no_warnings = options->no_warnings;
}

int main(int argc, char **argv)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    diag_init(&diag, stderr);
    options_apply_diagnostic_flags(argc, argv, &diag);
    /* SARIF is one document: its results are kept until the run is over */
    char *sarif_results = NULL;
    size_t sarif_size = 0;
    if (diag.format == DIAG_FORMAT_SARIF && !(diag.out = open_memstream(&sarif_results, &sarif_size)))
        diag.out = stderr, diag.format = DIAG_FORMAT_TEXT;

    Options options;
    bool ok = options_parse(&arena, &diag, argc, argv, &options);
    if (ok && options.action == ACTION_HELP)
        options_print_help(stdout);
    else if (ok && options.action == ACTION_MAN)
        options_print_man(stdout);
    else if (ok && options.action == ACTION_VERSION)
        printf("pykc %s (LLVM 19, NVPTX)\n", PYKC_VERSION);
    else if (ok) {
        set_warning_options(&diag, &options);
        options_warn_unknown_warnings(&diag, &options);
        ok = diag.errors == 0;   /* -Werror makes an unknown warning option an error */
        for (int i = 0; ok && i < options.sig_file_count; i++)
            ok = sig_file_read(&arena, &diag, options.sig_files[i], &options);
        ok = ok && compile(&arena, &diag, &options);
    }
    if (diag.format == DIAG_FORMAT_SARIF) {
        fclose(diag.out);
        diag_write_sarif(stderr, sarif_results, PYKC_VERSION);
        free(sarif_results);
    }
    arena_free(&arena);
    return ok ? 0 : 1;
}
