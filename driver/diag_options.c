/* -fdiagnostics-color and -fdiagnostics-format; see options.h. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"

typedef enum ColorChoice {
    COLOR_INVALID,
    COLOR_AUTO,
    COLOR_ALWAYS,
    COLOR_NEVER,
} ColorChoice;

/* -fdiagnostics-color alone is =always, as with gcc and clang. */
static ColorChoice color_choice(const char *arg)
{
    if (strcmp(arg, "-fdiagnostics-color") == 0 || strcmp(arg, "-fdiagnostics-color=always") == 0)
        return COLOR_ALWAYS;
    if (strcmp(arg, "-fno-diagnostics-color") == 0 || strcmp(arg, "-fdiagnostics-color=never") == 0)
        return COLOR_NEVER;
    if (strcmp(arg, "-fdiagnostics-color=auto") == 0)
        return COLOR_AUTO;
    return COLOR_INVALID;
}

static bool is_color_flag(const char *arg)
{
    return strncmp(arg, "-fdiagnostics-color", 19) == 0 || strcmp(arg, "-fno-diagnostics-color") == 0;
}

static bool format_choice(const char *value, DiagFormat *format)
{
    if (strcmp(value, "text") == 0)
        *format = DIAG_FORMAT_TEXT;
    else if (strcmp(value, "json") == 0)
        *format = DIAG_FORMAT_JSON;
    else if (strcmp(value, "sarif") == 0)
        *format = DIAG_FORMAT_SARIF;
    else
        return false;
    return true;
}

#define FORMAT_FLAG "-fdiagnostics-format="

/* auto: colour where a person reads standard error, unless NO_COLOR (set
 * and not empty, as no-color.org asks) says otherwise. An explicit
 * =always wins over NO_COLOR, as in clang. */
static bool auto_color(void)
{
    const char *no_color = getenv("NO_COLOR");
    return isatty(STDERR_FILENO) && !(no_color && *no_color);
}

void options_apply_diagnostic_flags(int argc, char **argv, Diag *diag)
{
    ColorChoice color = COLOR_AUTO;
    DiagFormat format = DIAG_FORMAT_TEXT;
    /* only `pykc compile` takes them: --help's text is never a SARIF run */
    bool compiling = argc >= 2 && strcmp(argv[1], "compile") == 0;
    for (int i = 2; compiling && i < argc && strcmp(argv[i], "--") != 0; i++) {
        ColorChoice choice = color_choice(argv[i]);
        if (choice != COLOR_INVALID)
            color = choice;
        else if (strncmp(argv[i], FORMAT_FLAG, strlen(FORMAT_FLAG)) == 0)
            format_choice(argv[i] + strlen(FORMAT_FLAG), &format);
    }
    diag->format = format;
    /* colours are for text; JSON and SARIF are for programs */
    diag->color = format == DIAG_FORMAT_TEXT &&
                  (color == COLOR_ALWAYS || (color == COLOR_AUTO && auto_color()));
}

bool options_is_diagnostic_flag(const char *arg)
{
    return is_color_flag(arg) || strncmp(arg, "-fdiagnostics-format", 20) == 0;
}

bool options_parse_diagnostic_flag(Diag *diag, const char *arg)
{
    if (is_color_flag(arg)) {
        if (color_choice(arg) != COLOR_INVALID)
            return true;
        diag_error_plain(diag, "unknown value in '%s' (use -fdiagnostics-color=auto, always or never)", arg);
        return false;
    }
    DiagFormat format;
    const char *value = strncmp(arg, FORMAT_FLAG, strlen(FORMAT_FLAG)) == 0 ? arg + strlen(FORMAT_FLAG) : "";
    if (format_choice(value, &format))
        return true;
    diag_error_plain(diag, "unknown value in '%s' (use -fdiagnostics-format=text, json or sarif)", arg);
    return false;
}
