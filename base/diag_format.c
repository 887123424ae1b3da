/* Diagnostics as JSON lines and as SARIF 2.1.0 (-fdiagnostics-format); see
 * diag.h, and docs/diagnostics.md for the fields. */
#define _XOPEN_SOURCE 700  /* realpath */
#include "diag.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* text as a JSON string, quotes included. */
static void put_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);   /* UTF-8 passes through: JSON text is UTF-8 */
    }
    fputc('"', out);
}

/* The flag that controls a warning: -WNAME, or -Werror=NAME where it was
 * made an error. */
static void put_option(FILE *out, const char *level, const char *name)
{
    fprintf(out, "\"-W%s%s\"", strcmp(level, "error") == 0 ? "error=" : "", name);
}

typedef struct Place {
    const char *file;
    int line, column, end_line, end_column;   /* end_column: one past the span, as SARIF's */
} Place;

static Place place_of(Span at)
{
    SourceLoc begin = source_locate(at.src, at.begin);
    SourceLoc end = source_locate(at.src, at.end > at.begin ? at.end : at.begin);
    Place place = {begin.root->name, begin.line, begin.col, end.line, end.col};
    if (at.end <= at.begin)
        place.end_column = begin.col + 1;   /* a zero-width span marks one column */
    return place;
}

void diag_write_json(FILE *out, Span at, const char *level, const char *name, const char *message)
{
    fputs("{\"level\":", out);
    put_string(out, level);
    fputs(",\"message\":", out);
    put_string(out, message);
    if (name) {
        fputs(",\"option\":", out);
        put_option(out, level, name);
    }
    if (at.src) {
        Place place = place_of(at);
        fputs(",\"file\":", out);
        put_string(out, place.file);
        fprintf(out, ",\"line\":%d,\"column\":%d,\"end_line\":%d,\"end_column\":%d", place.line,
                place.column, place.end_line, place.end_column);
    }
    fputc('}', out);
}

/* A file name as a SARIF artifact URI: file:// and the absolute path where
 * the file exists, else the name as a relative reference (<stdin>);
 * characters outside RFC 3986's unreserved set and '/' percent-encoded. */
static void put_uri(FILE *out, const char *file)
{
    char resolved[PATH_MAX];
    const char *path = file;
    bool absolute = realpath(file, resolved) != NULL;
    if (absolute)
        path = resolved;
    fputs(absolute ? "\"file://" : "\"", out);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            fputc(*p, out);
        else
            fprintf(out, "%%%02X", *p);
    }
    fputc('"', out);
}

/* A byte column of line as SARIF counts it: in code points (a UTF-8
 * continuation byte starts none). */
static int code_point_column(const Source *root, int line, int byte_column)
{
    Str text = source_line_text(root, line);
    int column = 1;
    for (int i = 0; i < byte_column - 1 && i < text.len; i++)
        if (((unsigned char)text.ptr[i] & 0xc0) != 0x80)
            column++;
    return column + (byte_column - 1 > text.len ? byte_column - 1 - text.len : 0);
}

void diag_write_sarif_result(FILE *out, Span at, const char *level, const char *name,
                             const char *message)
{
    fputs("{\"ruleId\":", out);
    put_string(out, name ? name : level);
    fputs(",\"level\":", out);
    put_string(out, level);
    fputs(",\"message\":{\"text\":", out);
    put_string(out, message);
    fputc('}', out);
    if (at.src) {
        Place place = place_of(at);
        const Source *root = source_locate(at.src, at.begin).root;
        place.column = code_point_column(root, place.line, place.column);
        place.end_column = code_point_column(root, place.end_line, place.end_column);
        fputs(",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", out);
        put_uri(out, place.file);
        fprintf(out, "},\"region\":{\"startLine\":%d,\"startColumn\":%d,\"endLine\":%d,\"endColumn\":%d}}}]",
                place.line, place.column, place.end_line, place.end_column);
    }
    fputc('}', out);
}

void diag_write_sarif(FILE *out, const char *results, const char *version)
{
    fputs("{\"$schema\":"
          "\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json\","
          "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"pykc\",\"fullName\":\"pykc\",",
          out);
    fputs("\"version\":", out);
    put_string(out, version);
    fputs("}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", out);
    /* one result per line: joined with commas */
    bool first = true;
    for (const char *line = results; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len) {
            if (!first)
                fputc(',', out);
            fwrite(line, 1, len, out);
            first = false;
        }
        line += len + (end ? 1 : 0);
    }
    fputs("]}]}\n", out);
}
