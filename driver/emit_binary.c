/* Cubins and fatbins through ptxas and fatbinary; see emit_binary.h. */
#include "emit_binary.h"

#include <stdio.h>
#include <string.h>

#include "toolkit.h"

#define FACTS_LINE_PREFIX "// pykc."

char *binary_ptx_with_facts(Arena *arena, const char *ptx, size_t len, size_t *out_len)
{
    /* The facts text: each "// pykc." line, newline-ended, then a NUL. */
    char *facts = arena_alloc(arena, len + 2);
    size_t facts_len = 0;
    size_t prefix = strlen(FACTS_LINE_PREFIX);
    for (size_t at = 0; at < len;) {
        const char *line = ptx + at;
        const char *nl = memchr(line, '\n', len - at);
        size_t line_len = nl ? (size_t)(nl - line) : len - at;
        if (line_len >= prefix && memcmp(line, FACTS_LINE_PREFIX, prefix) == 0) {
            memcpy(facts + facts_len, line, line_len);
            facts_len += line_len;
            facts[facts_len++] = '\n';
        }
        at += line_len + 1;
    }
    facts[facts_len++] = '\0';

    /* Up to 4 characters ("255,") per byte, and 5 more per 32 bytes. */
    size_t cap = len + 512 + facts_len * 5;
    char *out = arena_alloc(arena, cap);
    size_t n = 0;
    memcpy(out, ptx, len);
    n = len;
    if (n > 0 && out[n - 1] != '\n')
        out[n++] = '\n';
    n += (size_t)snprintf(out + n, cap - n,
                          "\n// pykc: the lines above that start with \"" FACTS_LINE_PREFIX "\", for libpykrt "
                          "to read from a cubin (docs/abi.md)\n"
                          ".visible .global .align 1 .b8 " BINARY_FACTS_GLOBAL "[%zu] = {",
                          facts_len);
    for (size_t i = 0; i < facts_len; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s%s%u", i ? "," : "", i % 32 == 0 ? "\n    " : "",
                              (unsigned char)facts[i]);
    n += (size_t)snprintf(out + n, cap - n, "\n};\n");
    *out_len = n;
    return out;
}

/* The number fatbinary's sm= takes: "sm_90a" -> "90a". */
static const char *sm_number(const char *arch) { return arch + 3; }

/* Runs argv; on failure reports `what` failed with the program's messages. */
static bool run_tool(Arena *arena, Diag *diag, char **argv, const char *dir, const char *what)
{
    const char *log = arena_printf(arena, "%s/log.txt", dir);
    int status = toolkit_run(diag, argv, log);
    if (status == 0)
        return true;
    if (status > 0) {
        size_t len = 0;
        const char *text = toolkit_read_file(arena, diag, log, &len);
        while (text && len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
            len--;
        diag_error_plain(diag, "%s failed (%s exited with status %d)%s%.*s", what, argv[0], status,
                         text && len ? ":\n" : "", (int)(text ? len : 0), text ? text : "");
    }
    return false;
}

static char *assemble_in(Arena *arena, Diag *diag, const char *dir, const char *ptx, size_t len,
                         const char *const *archs, int arch_count, bool fatbin, bool lineinfo,
                         const char *why, size_t *out_len)
{
    const char *ptxas = toolkit_program(arena, diag, "ptxas", why);
    const char *fatbinary = fatbin ? toolkit_program(arena, diag, "fatbinary", why) : NULL;
    if (!ptxas || (fatbin && !fatbinary))
        return NULL;
    const char *ptx_path = arena_printf(arena, "%s/module.ptx", dir);
    if (!toolkit_write_file(diag, ptx_path, ptx, len))
        return NULL;
    const char **cubins = ARENA_ARRAY(arena, const char *, arch_count);
    for (int i = 0; i < arch_count; i++) {
        cubins[i] = arena_printf(arena, "%s/%s.cubin", dir, archs[i]);
        char *argv[8];
        int argc = 0;
        argv[argc++] = (char *)ptxas;
        argv[argc++] = arena_printf(arena, "-arch=%s", archs[i]);
        if (lineinfo)
            argv[argc++] = "-lineinfo";
        argv[argc++] = "-o";
        argv[argc++] = (char *)cubins[i];
        argv[argc++] = (char *)ptx_path;
        argv[argc] = NULL;
        if (!run_tool(arena, diag, argv, dir, arena_printf(arena, "assembling the PTX for %s", archs[i])))
            return NULL;
    }
    if (!fatbin)
        return toolkit_read_file(arena, diag, cubins[0], out_len);

    /* SASS for each arch, and the PTX (compiled for the lowest) for GPUs
     * newer than all of them. */
    const char *lowest = archs[0];
    for (int i = 1; i < arch_count; i++)
        if (strcmp(sm_number(archs[i]), sm_number(lowest)) < 0)
            lowest = archs[i];
    const char *out_path = arena_printf(arena, "%s/module.fatbin", dir);
    char **argv = ARENA_ARRAY(arena, char *, arch_count + 5);
    int argc = 0;
    argv[argc++] = (char *)fatbinary;
    argv[argc++] = "-64";
    argv[argc++] = arena_printf(arena, "--create=%s", out_path);
    for (int i = 0; i < arch_count; i++)
        argv[argc++] = arena_printf(arena, "--image3=kind=elf,sm=%s,file=%s", sm_number(archs[i]), cubins[i]);
    argv[argc++] = arena_printf(arena, "--image3=kind=ptx,sm=%s,file=%s", sm_number(lowest), ptx_path);
    argv[argc] = NULL;
    if (!run_tool(arena, diag, argv, dir, "making the fatbin"))
        return NULL;
    return toolkit_read_file(arena, diag, out_path, out_len);
}

char *binary_assemble(Arena *arena, Diag *diag, const char *ptx, size_t len, const char *const *archs,
                      int arch_count, bool fatbin, bool lineinfo, const char *why, size_t *out_len)
{
    const char *dir = toolkit_make_dir(arena, diag);
    if (!dir)
        return NULL;
    char *binary = assemble_in(arena, diag, dir, ptx, len, archs, arch_count, fatbin, lineinfo, why, out_len);
    toolkit_remove_dir(dir);
    return binary;
}
