/* Reading --sig-file; see sig_file.h. */
#include "sig_file.h"

#include <string.h>

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static void add_sig(Arena *arena, Options *options, Str name, const Source *sig)
{
    SigOverride *grown = ARENA_ARRAY(arena, SigOverride, options->sig_count + 1);
    if (options->sig_count)
        memcpy(grown, options->sigs, sizeof *grown * (size_t)options->sig_count);
    grown[options->sig_count++] = (SigOverride){name, sig};
    options->sigs = grown;
}

/* One line, [begin, end) of the file: NAME=SIGNATURE, blank, or a comment. */
static bool read_line(Arena *arena, Diag *diag, const Source *src, uint32_t begin, uint32_t end,
                      Options *options)
{
    const char *text = src->text;
    while (begin < end && is_blank(text[begin]))
        begin++;
    while (end > begin && is_blank(text[end - 1]))
        end--;
    if (begin == end || text[begin] == '#')
        return true;
    const char *eq = memchr(text + begin, '=', end - begin);
    uint32_t name_end = eq ? (uint32_t)(eq - text) : begin;
    while (name_end > begin && is_blank(text[name_end - 1]))
        name_end--;
    if (!eq || name_end == begin || eq + 1 == text + end) {
        diag_error(diag, span_make(src, begin, end), "expected NAME=SIGNATURE, as in "
                   "add=void(float32[:], int64)");
        return false;
    }
    Str name = {arena_strndup(arena, text + begin, name_end - begin), (int)(name_end - begin)};
    uint32_t sig = (uint32_t)(eq - text) + 1;
    add_sig(arena, options, name, source_sub(arena, src, sig, end - sig));
    return true;
}

bool sig_file_read(Arena *arena, Diag *diag, const char *path, Options *options)
{
    const char *error = NULL;
    Source *src = source_from_file(arena, path, &error);
    if (!src) {
        diag_error_plain(diag, "cannot read --sig-file '%s': %s", path, error);
        return false;
    }
    bool ok = true;
    for (int line = 0; line < src->line_count; line++) {
        uint32_t begin = src->line_starts[line];
        uint32_t end = line + 1 < src->line_count ? src->line_starts[line + 1] : src->len;
        while (end > begin && (src->text[end - 1] == '\n' || src->text[end - 1] == '\r'))
            end--;
        ok &= read_line(arena, diag, src, begin, end, options);
    }
    return ok;
}
