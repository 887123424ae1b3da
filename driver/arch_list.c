/* --arch with a list of architectures (--arch sm_80,sm_90), which
 * --emit=fatbin and --emit=header take; see options.h. */
#include <stdlib.h>
#include <string.h>

#include "options.h"

/* sm_90a sorts just after sm_90: its number, then whether it has a suffix. */
static int arch_rank(const char *arch)
{
    size_t len = strlen(arch);
    return atoi(arch + 3) * 2 + (arch[len - 1] >= 'a' && arch[len - 1] <= 'z');
}

bool options_parse_arch_list(Arena *arena, Diag *diag, const char *value, Options *options)
{
    int count = 1;
    for (const char *p = value; *p; p++)
        count += *p == ',';
    const char **archs = ARENA_ARRAY(arena, const char *, count);
    const char *lowest = NULL;
    const char *p = value;
    for (int i = 0; i < count; i++) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *arch = arena_strndup(arena, p, len);
        if (!cg_arch_is_supported(arch)) {
            diag_error_plain(diag, "unknown or unsupported --arch '%s' (pykc supports %s%s)", arch,
                             cg_supported_arch_list(), count > 1 ? "; or a list: sm_80,sm_90" : "");
            return false;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(archs[j], arch) == 0) {
                diag_error_plain(diag, "--arch '%s' names %s twice", value, arch);
                return false;
            }
        archs[i] = arch;
        if (!lowest || arch_rank(arch) < arch_rank(lowest))
            lowest = arch;
        p = comma ? comma + 1 : p + len;
    }
    options->archs = archs;
    options->arch_count = count;
    options->codegen.arch = lowest;
    return true;
}

bool options_check_arch_list(Diag *diag, const Options *options)
{
    if (options->arch_count <= 1 || options->emit_binary == EMIT_FATBIN || options->emit_header)
        return true;
    if (options->emit_binary == EMIT_CUBIN)
        diag_error_plain(diag, "--emit=cubin makes one architecture's binary, and --arch names %d; "
                         "use --emit=fatbin for several", options->arch_count);
    else
        diag_error_plain(diag, "--arch names %d architectures, which only --emit=fatbin and "
                         "--emit=header take", options->arch_count);
    return false;
}
