/* The JSON metadata of emit_json.h. The text is deterministic (source
 * order throughout, no time stamps, no absolute paths pykc was not given)
 * and laid out one value per line so that diffs and FileCheck read it. */
#include "emit_json.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/launch_facts.h"
#include "output.h"

/* docs/abi.md's version: the calling convention the PTX follows (libpykrt's
 * PYKRT_ABI_VERSION). */
#define PYKC_ABI_VERSION 1

enum { JSON_MAX_DEPTH = 64 };

/* A JSON text being written: arena strings joined, with the nesting that
 * decides commas and indentation. */
typedef struct Json {
    Arena *arena;
    char *text;
    size_t len, cap;
    int depth;
    bool has_items[JSON_MAX_DEPTH];
    bool one_line[JSON_MAX_DEPTH];   /* a small object: its members on one line */
} Json;

static void put(Json *j, const char *s, size_t n)
{
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap : 4096;
        while (cap < j->len + n + 1)
            cap *= 2;
        char *grown = realloc(j->text, cap);
        if (!grown) {
            fputs("pykc: out of memory\n", stderr);
            abort();
        }
        j->text = grown;
        j->cap = cap;
    }
    memcpy(j->text + j->len, s, n);
    j->len += n;
    j->text[j->len] = '\0';
}

static void puts_(Json *j, const char *s) { put(j, s, strlen(s)); }

/* The length of the UTF-8 sequence at s (n bytes left), 0 if invalid. */
static int utf8_length(const unsigned char *s, size_t n)
{
    int len = s[0] < 0xC2 ? 0 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : s[0] < 0xF5 ? 4 : 0;
    if (len == 0 || (size_t)len > n)
        return 0;
    for (int i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;   /* overlong, a surrogate, or past U+10FFFF */
    return len;
}

/* A JSON string: quotes, backslashes and control characters escaped; a
 * byte that is not UTF-8 (a file name may hold one) becomes U+FFFD. */
static void put_string(Json *j, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    puts_(j, "\"");
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        char escape[8];
        if (c == '"' || c == '\\') {
            snprintf(escape, sizeof escape, "\\%c", c);
            puts_(j, escape);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            snprintf(escape, sizeof escape, "\\u%04x", c);
            puts_(j, escape);
            i++;
        } else if (c < 0x80) {
            put(j, (const char *)p + i, 1);
            i++;
        } else {
            int len = utf8_length(p + i, n - i);
            if (len) {
                put(j, (const char *)p + i, (size_t)len);
                i += (size_t)len;
            } else {
                puts_(j, "\\ufffd");
                i++;
            }
        }
    }
    puts_(j, "\"");
}

/* A new member (key given) or element (key NULL) of the open container. */
static void item(Json *j, const char *key)
{
    if (j->depth > 0 && j->one_line[j->depth]) {
        puts_(j, j->has_items[j->depth] ? ", " : "");
        j->has_items[j->depth] = true;
    } else if (j->depth > 0) {
        puts_(j, j->has_items[j->depth] ? ",\n" : "\n");
        j->has_items[j->depth] = true;
        for (int i = 0; i < j->depth; i++)
            puts_(j, "  ");
    }
    if (key) {
        put_string(j, key);
        puts_(j, ": ");
    }
}

static void open_container(Json *j, const char *key, const char *bracket, bool one_line)
{
    item(j, key);
    puts_(j, bracket);
    if (j->depth + 1 >= JSON_MAX_DEPTH) {   /* types nest at most 16 deep */
        fputs("pykc: internal error: JSON nested too deep\n", stderr);
        abort();
    }
    j->has_items[++j->depth] = false;
    j->one_line[j->depth] = one_line || j->one_line[j->depth - 1];
}

static void close_container(Json *j, const char *bracket)
{
    bool one_line = j->one_line[j->depth];
    if (j->has_items[j->depth--] && !one_line) {
        puts_(j, "\n");
        for (int i = 0; i < j->depth; i++)
            puts_(j, "  ");
    }
    puts_(j, bracket);
}

static void str_member(Json *j, const char *key, const char *value)
{
    item(j, key);
    if (value)
        put_string(j, value);
    else
        puts_(j, "null");
}

static void int_member(Json *j, const char *key, int64_t value)
{
    item(j, key);
    char number[32];
    snprintf(number, sizeof number, "%" PRId64, value);
    puts_(j, number);
}

/* A limit where 0 means none: the number, or null. */
static void limit_member(Json *j, const char *key, int64_t value)
{
    if (value > 0)
        int_member(j, key, value);
    else
        str_member(j, key, NULL);
}

static void bool_member(Json *j, const char *key, bool value)
{
    item(j, key);
    puts_(j, value ? "true" : "false");
}

static const char *cstr(Arena *arena, Str s) { return arena_strndup(arena, s.ptr, (size_t)s.len); }

/* ------------------------------------------------------------------------ */
/* Types                                                                      */

static const Type *value_type(const Type *t)
{
    return t->kind == TYPE_ENUM_MEMBER ? t->elem : t;   /* a member travels as its value */
}

/* NumPy's name of a scalar type (np.dtype(name)), or of an array's elements. */
static const char *numpy_dtype(const Type *t)
{
    t = value_type(t);
    switch (t->kind) {
    case TYPE_BFLOAT16: return "bfloat16";   /* ml_dtypes' */
    case TYPE_RECORD: return "record";
    case TYPE_FP8: return "uint8";           /* the byte of bits */
    default: return t->name;                 /* "bool", "int64", "float16", "complex64", "datetime64[ns]" */
    }
}

static int64_t itemsize(const Type *t)
{
    t = value_type(t);
    switch (t->kind) {
    case TYPE_BOOL: case TYPE_FP8: return 1;
    case TYPE_BFLOAT16: return 2;
    case TYPE_DATETIME: case TYPE_TIMEDELTA: return 8;
    case TYPE_RECORD: return t->record_size;
    default: return t->bits / 8;   /* INT, FLOAT; COMPLEX: both parts */
    }
}

/* Numba's spelling, as the launch facts write it where they can. */
static const char *type_name(Arena *arena, const Type *t)
{
    return cg_facts_type_is_expressible(t) ? cg_facts_type_name(arena, t) : value_type(t)->name;
}

static void put_type_fields(Json *j, const Type *t)
{
    static const char *const layouts[] = {[LAYOUT_C] = "C", [LAYOUT_F] = "F", [LAYOUT_A] = "A"};
    str_member(j, "type", type_name(j->arena, t));
    if (t->kind == TYPE_ARRAY) {
        str_member(j, "kind", "array");
        str_member(j, "dtype", numpy_dtype(t->dtype));
        int_member(j, "itemsize", itemsize(t->dtype));
        int_member(j, "ndim", t->ndim);
        str_member(j, "layout", layouts[t->layout]);
    } else if (t->kind == TYPE_TUPLE) {
        str_member(j, "kind", "tuple");
        open_container(j, "members", "[", false);
        for (int i = 0; i < t->count; i++) {
            open_container(j, NULL, "{", false);
            put_type_fields(j, t->elts[i]);
            close_container(j, "}");
        }
        close_container(j, "]");
    } else if (t->kind == TYPE_RECORD) {
        str_member(j, "kind", "record");
        int_member(j, "itemsize", t->record_size);
    } else {
        str_member(j, "kind", "scalar");
        str_member(j, "dtype", numpy_dtype(t));
        if (t->kind == TYPE_ENUM_MEMBER)
            bool_member(j, "enum", true);
    }
}

/* The PTX parameters of a value of type t, reached by `path` from the
 * kernel's parameter `param`, in docs/abi.md's order. */
static void put_ptx_params(Json *j, int param, const char *path, const Type *t)
{
    Arena *arena = j->arena;
    const Type *v = value_type(t);
    if (t->kind == TYPE_TUPLE) {
        for (int i = 0; i < t->count; i++)
            put_ptx_params(j, param, arena_printf(arena, "%s[%d]", path, i), t->elts[i]);
        return;
    }
    const char *names[2] = {path, NULL}, *roles[2] = {"value", NULL}, *dtype = numpy_dtype(v);
    if (t->kind == TYPE_ARRAY || t->kind == TYPE_RECORD) {
        names[0] = t->kind == TYPE_ARRAY ? arena_printf(arena, "%s.data", path) : path;
        roles[0] = t->kind == TYPE_ARRAY ? "data" : "pointer";
        dtype = "uint64";
    } else if (v->kind == TYPE_COMPLEX) {
        names[0] = arena_printf(arena, "%s.real", path);
        names[1] = arena_printf(arena, "%s.imag", path);
        roles[0] = "real";
        roles[1] = "imag";
        dtype = v->elem->name;
    } else if (v->kind == TYPE_DATETIME || v->kind == TYPE_TIMEDELTA) {
        dtype = "int64";
    }
    for (int k = 0; k < 2 && names[k]; k++) {
        open_container(j, NULL, "{", true);
        str_member(j, "name", names[k]);
        int_member(j, "param", param);
        str_member(j, "role", roles[k]);
        str_member(j, "dtype", dtype);
        close_container(j, "}");
    }
    if (t->kind != TYPE_ARRAY)
        return;
    for (int pass = 0; pass < 2; pass++)
        for (int d = 0; d < t->ndim; d++) {
            open_container(j, NULL, "{", true);
            str_member(j, "name", arena_printf(arena, "%s.%s[%d]", path, pass ? "strides" : "shape", d));
            int_member(j, "param", param);
            str_member(j, "role", pass ? "strides" : "shape");
            int_member(j, "dim", d);
            str_member(j, "dtype", "int64");
            close_container(j, "}");
        }
}

/* ------------------------------------------------------------------------ */
/* Kernels                                                                    */

static void put_covers(Json *j, const FuncInfo *fi)
{
    static const char axes[][2] = {"x", "y", "z"};
    open_container(j, "block_max", "[", false);
    for (int a = 0; a < 3; a++)
        if (fi->launch.block[a].max > 0) {
            open_container(j, NULL, "{", true);
            str_member(j, "axis", axes[a]);
            int_member(j, "max", fi->launch.block[a].max);
            str_member(j, "array", cstr(j->arena, fi->launch.block[a].array));
            int_member(j, "line", fi->launch.block[a].line);
            close_container(j, "}");
        }
    close_container(j, "]");
    open_container(j, "covers", "[", false);
    for (int i = 0; i < fi->launch.cover_count; i++) {
        const GridCover *c = &fi->launch.covers[i];
        open_container(j, NULL, "{", true);
        str_member(j, "axis", axes[c->axis]);
        str_member(j, "extent", c->extent);
        /* "PARAM.shape[K]" or "PARAM" (launch_facts.h) */
        const char *dot = strchr(c->extent, '.');
        str_member(j, "param", dot ? arena_strndup(j->arena, c->extent, (size_t)(dot - c->extent)) : c->extent);
        if (dot)
            int_member(j, "dim", strtol(dot + strlen(".shape["), NULL, 10));
        str_member(j, "array", cstr(j->arena, c->array));
        int_member(j, "line", c->line);
        close_container(j, "}");
    }
    close_container(j, "]");
}

static void put_launch(Json *j, const FuncInfo *fi)
{
    open_container(j, "launch", "{", false);
    const char *facts = cg_facts_line(j->arena, fi);
    str_member(j, "facts", facts ? facts + strlen(CG_FACTS_PREFIX) : NULL);
    limit_member(j, "max_threads", fi->jit.launch_max_threads);
    limit_member(j, "min_blocks_per_sm", fi->jit.launch_min_blocks);
    limit_member(j, "max_cluster_rank", fi->jit.launch_max_cluster);
    limit_member(j, "max_registers", fi->jit.max_registers);
    put_covers(j, fi);
    bool_member(j, "cooperative", fi->cooperative);
    close_container(j, "}");
}

static void put_entry(Json *j, const FuncInfo *fi, const CgEntryFacts *entry)
{
    open_container(j, NULL, "{", false);
    str_member(j, "entry", entry->entry);
    open_container(j, "params", "[", false);
    for (int i = 0; i < fi->param_count; i++) {
        open_container(j, NULL, "{", true);
        str_member(j, "name", cstr(j->arena, fi->params[i]->name));
        put_type_fields(j, fi->param_types[i]);
        close_container(j, "}");
    }
    close_container(j, "]");
    open_container(j, "ptx_params", "[", false);
    for (int i = 0; i < fi->param_count; i++)
        put_ptx_params(j, i, cstr(j->arena, fi->params[i]->name), fi->param_types[i]);
    close_container(j, "]");
    put_launch(j, fi);
    int_member(j, "static_shared_bytes", entry->static_shared_bytes);
    bool_member(j, "dynamic_shared", entry->dynamic_shared);
    close_container(j, "}");
}

/* The function a kernel entry belongs to: the declared function of an
 * overload, else itself. */
static const FuncInfo *group_of(const FuncInfo *fi)
{
    return fi->overload_of ? fi->overload_of : fi;
}

static const CgEntryFacts *entry_of(Arena *arena, const CgModuleFacts *facts, const FuncInfo *fi)
{
    return fi->is_kernel ? cg_module_facts_entry(facts, cstr(arena, fi->name)) : NULL;
}

/* The def's name in the Python source: its qualname's last part (an
 * overload's def is a renamed copy). */
static const char *python_name(Arena *arena, const FuncInfo *fi)
{
    Str q = fi->qualname.len ? fi->qualname : fi->def->funcdef.name;
    int start = q.len;
    while (start > 0 && q.ptr[start - 1] != '.')
        start--;
    return arena_strndup(arena, q.ptr + start, (size_t)(q.len - start));
}

/* Every kernel, in source order, with its entries. */
static void put_kernels(Json *j, const SemaModule *module, const CgModuleFacts *facts)
{
    open_container(j, "kernels", "[", false);
    for (int i = 0; i < module->func_count; i++) {
        const FuncInfo *fi = module->funcs[i];
        const FuncInfo *group = group_of(fi);
        if (!entry_of(j->arena, facts, fi))
            continue;
        bool first = true;   /* the group is written at its first entry */
        for (int k = 0; k < i && first; k++)
            first = !(group_of(module->funcs[k]) == group && entry_of(j->arena, facts, module->funcs[k]));
        if (!first)
            continue;
        open_container(j, NULL, "{", false);
        str_member(j, "name", python_name(j->arena, group));
        str_member(j, "qualname", cstr(j->arena, group->qualname.len ? group->qualname : group->def->funcdef.name));
        int_member(j, "line", group->line);
        open_container(j, "overloads", "[", false);
        for (int k = i; k < module->func_count; k++) {
            const CgEntryFacts *entry = entry_of(j->arena, facts, module->funcs[k]);
            if (entry && group_of(module->funcs[k]) == group)
                put_entry(j, module->funcs[k], entry);
        }
        close_container(j, "]");
        close_container(j, "}");
    }
    close_container(j, "]");
}

static void put_check(Json *j, const CgModuleFacts *facts)
{
    if (!facts->check_source) {
        str_member(j, "check", NULL);
        return;
    }
    open_container(j, "check", "{", false);
    str_member(j, "source", facts->check_source);
    open_container(j, "sites", "[", false);
    for (int i = 0; i < facts->site_count; i++) {
        const CgSiteFacts *s = &facts->sites[i];
        open_container(j, NULL, "{", true);
        int_member(j, "id", s->id);
        str_member(j, "kind", s->in_kernel ? "kernel" : "device");
        str_member(j, "function", s->function);
        int_member(j, "line", s->line);
        int_member(j, "col", s->col);
        int_member(j, "ndim", s->ndim);
        str_member(j, "array", s->array);
        close_container(j, "}");
    }
    close_container(j, "]");
    close_container(j, "}");
}

bool emit_json_write(Arena *arena, Diag *diag, const SemaModule *module, const Options *options,
                     const CgModuleFacts *facts, const char *path)
{
    if (strcmp(path, "-") != 0 && output_same_file(options->input, path)) {
        diag_error_plain(diag, "input file '%s' is the same as metadata file", options->input);
        return false;
    }
    Json j = {.arena = arena};
    open_container(&j, NULL, "{", false);
    int_member(&j, "schema_version", PYKC_METADATA_SCHEMA_VERSION);
    str_member(&j, "generator", "pykc");
    str_member(&j, "pykc_version", PYKC_VERSION);
    int_member(&j, "abi_version", PYKC_ABI_VERSION);
    str_member(&j, "source", options->input);
    str_member(&j, "arch", options->codegen.arch ? options->codegen.arch : CG_DEFAULT_ARCH);
    open_container(&j, "archs", "[", true);   /* --arch's list: what a fatbin or header holds */
    for (int i = 0; i < options->arch_count; i++)
        str_member(&j, NULL, options->archs[i]);
    if (options->arch_count == 0)
        str_member(&j, NULL, options->codegen.arch ? options->codegen.arch : CG_DEFAULT_ARCH);
    close_container(&j, "]");
    bool_member(&j, "checked", options->codegen.check);
    put_kernels(&j, module, facts);
    put_check(&j, facts);
    close_container(&j, "}");
    puts_(&j, "\n");
    bool ok = output_write(diag, path, j.text, j.len);
    free(j.text);
    return ok;
}
