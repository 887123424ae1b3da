/* Record types (NumPy structured dtypes, Numba's Record) made at compile
 * time: laid out as NumPy lays out np.dtype([...], align=...), named as
 * Numba prints them, and read back from that printed form, which is how
 * signatures spell them:
 *
 *   Record(a[type=float64;offset=0],b[type=int32;offset=8];16;True)
 *   Record(i[type=int32;offset=0],j[type=nestedarray(float32, (3, 2));offset=4];28;False)
 *
 * fields `name[type=T;offset=N]` joined by ',', then the itemsize and
 * whether the dtype is an aligned struct (dtype.isalignedstruct). */
#include "records.h"

#include <stdlib.h>
#include <string.h>

/* ======================= layout ======================= */

int64_t sema_record_field_size(const RecordField *f)
{
    int64_t n = type_store_size(f->type);
    for (int k = 0; k < f->ndim; k++)
        n *= f->shape[k];
    return n;
}

static const char *field_type_name(Arena *arena, const RecordField *f)
{
    if (f->ndim == 0)
        return f->type->name;
    const char *shape = "";
    for (int k = 0; k < f->ndim; k++)
        shape = arena_printf(arena, "%s%s%lld", shape, k ? ", " : "", (long long)f->shape[k]);
    return arena_printf(arena, "nestedarray(%s, (%s%s))", f->type->name, shape, f->ndim == 1 ? "," : "");
}

const Type *sema_record_type(Sema *sema, const RecordField *fields, int count, int64_t size, bool aligned)
{
    const char *name = "Record(";
    for (int i = 0; i < count; i++)
        name = arena_printf(sema->arena, "%s%s%s[type=%s;offset=%lld]", name, i ? "," : "", fields[i].name,
                            field_type_name(sema->arena, &fields[i]), (long long)fields[i].offset);
    name = arena_printf(sema->arena, "%s;%lld;%s)", name, (long long)size, aligned ? "True" : "False");
    return type_record(sema->types, name, fields, count, size, aligned);
}

/* np.dtype(fields, align=...): each field follows the last, at its own
 * alignment when aligned; the itemsize is rounded up to the largest. */
const Type *sema_record_layout(Sema *sema, RecordField *fields, int count, bool align)
{
    int64_t offset = 0, max_align = 1;
    for (int i = 0; i < count; i++) {
        int64_t a = align ? type_numpy_alignment(fields[i].type) : 1;
        offset = (offset + a - 1) / a * a;
        fields[i].offset = offset;
        offset += sema_record_field_size(&fields[i]);
        max_align = a > max_align ? a : max_align;
    }
    int64_t size = (offset + max_align - 1) / max_align * max_align;
    return sema_record_type(sema, fields, count, size, align);
}

/* ======================= Numba's printed form ======================= */

typedef struct Reader {
    Sema *sema;
    const char *p, *end;
    const char *error;
} Reader;

static bool take(Reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return false;
    r->p += n;
    return true;
}

static bool expect(Reader *r, const char *word)
{
    if (take(r, word))
        return true;
    if (!r->error)
        r->error = arena_printf(r->sema->arena, "expected '%s'", word);
    return false;
}

static bool read_int(Reader *r, int64_t *out)
{
    const char *start = r->p;
    int64_t v = 0;
    while (r->p < r->end && *r->p >= '0' && *r->p <= '9' && v < (INT64_C(1) << 40))
        v = v * 10 + (*r->p++ - '0');
    if (r->p == start) {
        r->error = r->error ? r->error : "expected a number";
        return false;
    }
    *out = v;
    return true;
}

static const Type *read_record(Reader *r);

/* A field's type: a scalar name, nestedarray(T, (n, ...)) or a record. */
static bool read_field_type(Reader *r, RecordField *f)
{
    if (take(r, "nestedarray(")) {
        if (!read_field_type(r, f) || f->ndim || !expect(r, ", ("))
            return false;
        while (f->ndim < TYPE_MAX_NDIM && read_int(r, &f->shape[f->ndim])) {
            f->ndim++;
            if (!take(r, ", ") && !take(r, ","))
                break;
        }
        return expect(r, "))");
    }
    if (r->end - r->p >= 7 && memcmp(r->p, "Record(", 7) == 0)
        return (f->type = read_record(r)) != NULL;
    const char *start = r->p;
    while (r->p < r->end && (*r->p == '_' || (*r->p >= 'a' && *r->p <= 'z') || (*r->p >= '0' && *r->p <= '9')))
        r->p++;
    f->type = type_scalar_by_name((Str){start, (int)(r->p - start)});
    if (!f->type || !type_is_scalar(f->type)) {
        const char *stop = r->p;
        while (stop < r->end && *stop != ';')   /* [char x 12], a character string */
            stop++;
        r->error = arena_printf(r->sema->arena, "a record field of type '%.*s' is not supported by pykc "
                                "(fields are numbers, bools, records and nested arrays of them)",
                                (int)(stop - start), start);
        return false;
    }
    return true;
}

/* Record(f[type=T;offset=N],...;size;aligned) */
static const Type *read_record(Reader *r)
{
    RecordField fields[64];
    int count = 0;
    if (!expect(r, "Record("))
        return NULL;
    while (r->p < r->end && *r->p != ';') {
        if (count == (int)(sizeof fields / sizeof fields[0])) {
            r->error = "a record of more than 64 fields is not supported by pykc";
            return NULL;
        }
        RecordField *f = &fields[count++];
        memset(f, 0, sizeof *f);
        const char *name = r->p;
        while (r->p < r->end && *r->p != '[')
            r->p++;
        f->name = arena_strndup(r->sema->arena, name, (size_t)(r->p - name));
        if (!expect(r, "[type=") || !read_field_type(r, f) || !expect(r, ";offset=") ||
            !read_int(r, &f->offset) || !expect(r, "]"))
            return NULL;
        if (!take(r, ","))
            break;
    }
    int64_t size;
    if (!expect(r, ";") || !read_int(r, &size) || !expect(r, ";"))
        return NULL;
    bool aligned = take(r, "True");
    if ((!aligned && !expect(r, "False")) || !expect(r, ")"))
        return NULL;
    for (int i = 0; i < count; i++)
        if (fields[i].offset + sema_record_field_size(&fields[i]) > size) {
            r->error = arena_printf(r->sema->arena, "field '%s' ends past the record's %lld bytes",
                                    fields[i].name, (long long)size);
            return NULL;
        }
    return sema_record_type(r->sema, fields, count, size, aligned);
}

const Type *sema_parse_record_text(Sema *sema, const char *text, size_t len, size_t *used, const char **error)
{
    Reader r = {.sema = sema, .p = text, .end = text + len};
    const Type *t = read_record(&r);
    *used = (size_t)(r.p - text);
    *error = t ? NULL : r.error ? r.error : "malformed record type";
    return t;
}

/* ======================= records in signature strings ======================= */

/* A Record(...) in a signature is not a Python expression: each becomes a
 * name of the same length (so columns stay right) that names_record_text
 * recognises, and the record is read from the original text there. */
#define PLACEHOLDER "__pykc_record"

static size_t balanced_end(const char *text, size_t len, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < len; i++) {
        depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
        if (depth == 0)
            return i + 1;
    }
    return 0;
}

const Source *sema_hide_record_texts(Sema *sema, const Source *text)
{
    const char *found = strstr(text->text, "Record(");
    if (!found)
        return text;
    char *copy = arena_strndup(sema->arena, text->text, text->len);
    size_t n = strlen(PLACEHOLDER);
    for (char *at = strstr(copy, "Record("); at; at = strstr(at, "Record(")) {
        bool word_start = at == copy || !(at[-1] == '_' || (at[-1] >= 'a' && at[-1] <= 'z') ||
                                          (at[-1] >= 'A' && at[-1] <= 'Z') || (at[-1] >= '0' && at[-1] <= '9'));
        size_t end = balanced_end(copy, text->len, (size_t)(at - copy) + 6);
        if (!word_start || !end || end - (size_t)(at - copy) < n) {
            at += 7;
            continue;
        }
        size_t span = end - (size_t)(at - copy);
        memset(at, '_', span);
        memcpy(at, PLACEHOLDER, n);
        at += span;
    }
    Source *hidden = source_from_text(sema->arena, text->name, copy, text->len);
    hidden->parent = text;
    hidden->parent_offset = 0;
    return hidden;
}

bool sema_record_from_placeholder(Sema *sema, const Node *name, const Type **out)
{
    size_t n = strlen(PLACEHOLDER);
    const Source *hidden = name->span.src;
    *out = NULL;
    if (name->kind != NODE_NAME || (size_t)name->name.id.len < n ||
        memcmp(name->name.id.ptr, PLACEHOLDER, n) != 0 || !hidden->parent)
        return false;
    const Source *original = hidden->parent;
    size_t used;
    const char *error;
    const Type *t = sema_parse_record_text(sema, original->text + name->span.begin,
                                           name->span.end - name->span.begin, &used, &error);
    if (!t) {
        Span at = {original, name->span.begin + (uint32_t)used, name->span.begin + (uint32_t)used + 1};
        diag_error(sema->diag, at, "in this record type: %s", error);
        return true;
    }
    *out = t;
    return true;
}
