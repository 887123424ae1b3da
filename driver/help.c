/* `pykc --help` and `pykc --man`: both printed from driver/option_table.def,
 * so the help and the man page cannot drift apart. */
#include <stdbool.h>
#include <string.h>

#include "options.h"

/* The help's option column: an option as long as this gets a line of its
 * own, its help starting on the next. Lines end by column 80. */
enum { HELP_COLUMN = 20, HELP_INDENT = 2 + HELP_COLUMN + 1, HELP_WIDTH = 80 };

static void help_section(FILE *out, const char *title)
{
    fprintf(out, "\n%s:\n", title);
}

/* text's words (split at spaces and line breaks), filled into lines that
 * start at column indent (the first already started at *column). */
static void help_fill(FILE *out, const char *text, int indent, int column)
{
    const char *p = text;
    bool line_empty = true;
    while (*p) {
        while (*p == ' ' || *p == '\n')
            p++;
        size_t len = strcspn(p, " \n");
        if (!len)
            break;
        if (!line_empty && column + 1 + (int)len > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            column = indent;
            line_empty = true;
        }
        if (!line_empty) {
            fputc(' ', out);
            column++;
        }
        fwrite(p, 1, len, out);
        column += (int)len;
        line_empty = false;
        p += len;
    }
    fputc('\n', out);
}

static void help_option(FILE *out, const char *spelling, const char *help)
{
    if ((int)strlen(spelling) >= HELP_COLUMN)   /* two spaces at least before the help */
        fprintf(out, "  %s\n%*s", spelling, HELP_INDENT, "");
    else
        fprintf(out, "  %-*s ", HELP_COLUMN, spelling);
    help_fill(out, help, HELP_INDENT, HELP_INDENT);
}

/* The names, two spaces apart, indented under the option's help. */
static void help_warning_names(FILE *out)
{
    int count;
    const char *const *names = options_warning_names(&count);
    int indent = HELP_INDENT + 2, column = HELP_WIDTH;
    for (int i = 0; i < count; i++) {
        int len = (int)strlen(names[i]);
        if (column + 2 + len > HELP_WIDTH) {
            fprintf(out, "%s%*s%s", i ? "\n" : "", indent, "", names[i]);
            column = indent + len;
        } else {
            fprintf(out, "  %s", names[i]);
            column += 2 + len;
        }
    }
    fputc('\n', out);
}

void options_print_help(FILE *out)
{
    fputs("usage: pykc compile FILE [-o OUTPUT] [options]\n"
          "       pykc --help | --man | --version\n"
          "\n"
          "Compiles the @cuda.jit kernels of a Numba CUDA source file to PTX.\n",
          out);
#define SECTION(title) help_section(out, title);
#define OPTION(spelling, help) help_option(out, spelling, help);
#define WARNING_NAMES() help_warning_names(out);
#include "option_table.def"
#undef SECTION
#undef OPTION
#undef WARNING_NAMES
}

/* text in a troff line: '\' doubled, '-' as "\-" (a minus, which man
 * pages use for options), a line break as a space; a leading '.' or '\''
 * guarded by "\&". */
static void man_text(FILE *out, const char *text)
{
    if (*text == '.' || *text == '\'')
        fputs("\\&", out);
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out);
        else if (*p == '\n')
            fputc(' ', out);
        else
            fputc(*p, out);
    }
}

static void man_section(FILE *out, const char *title)
{
    fputs(".SS ", out);
    man_text(out, title);
    fputc('\n', out);
}

static void man_option(FILE *out, const char *spelling, const char *help)
{
    fputs(".TP\n.B ", out);
    man_text(out, spelling);
    fputc('\n', out);
    man_text(out, help);
    fputc('\n', out);
}

static void man_warning_names(FILE *out)
{
    int count;
    const char *const *names = options_warning_names(&count);
    fputs(".RS\n", out);
    for (int i = 0; i < count; i++) {
        man_text(out, names[i]);
        fputs(i + 1 < count ? ",\n" : "\n", out);
    }
    fputs(".RE\n", out);
}

void options_print_man(FILE *out)
{
    fputs(".TH PYKC 1 \"\" \"pykc " PYKC_VERSION "\" \"User Commands\"\n"
          ".nh\n"   /* option and warning names are not hyphenated */
          ".ad l\n"
          ".SH NAME\n"
          "pykc \\- ahead-of-time compiler for Numba CUDA kernels\n"
          ".SH SYNOPSIS\n"
          ".B pykc compile\n"
          ".I FILE\n"
          "[\\fB\\-o\\fR \\fIOUTPUT\\fR] [\\fIoptions\\fR]\n"
          ".br\n"
          ".B pykc\n"
          "\\fB\\-\\-help\\fR | \\fB\\-\\-man\\fR | \\fB\\-\\-version\\fR\n"
          ".SH DESCRIPTION\n"
          "Compiles the @cuda.jit kernels of a Numba CUDA source file to PTX.\n"
          "Diagnostics are written to standard error as file:line:column: error: message,\n"
          "with the source line and a caret; the exit status is 1 after an error, 0 otherwise.\n"
          ".SH OPTIONS\n",
          out);
#define SECTION(title) man_section(out, title);
#define OPTION(spelling, help) man_option(out, spelling, help);
#define WARNING_NAMES() man_warning_names(out);
#include "option_table.def"
#undef SECTION
#undef OPTION
#undef WARNING_NAMES
    fputs(".SH ENVIRONMENT\n"
          ".TP\n.B CUDA_HOME\n"
          "the CUDA toolkit (libdevice, ptxas, fatbinary); default /usr/local/cuda\n"
          ".TP\n.B NO_COLOR\n"
          "set and not empty: no colour with \\-fdiagnostics\\-color=auto\n"
          ".SH SEE ALSO\n"
          "docs/language.md, docs/diagnostics.md and docs/runtime.md in pykc's sources\n",
          out);
}
