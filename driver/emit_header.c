/* The generated C header of `pykc compile --emit=header`; see emit_header.h.
 *
 * What the header holds, in order: a comment saying where it came from and
 * listing the kernels, an include guard, <pykrt.h>, the PTX as a char
 * array (equal, byte for byte, to what --emit=ptx writes) or the fatbin as
 * 64-bit words (what --emit=fatbin writes), named by pykc_image_STEM,
 * one lookup helper, and per kernel entry its launchers (_launch, _launch_1d,
 * and _launch_2d/_3d where its covers facts span y or z; for a cooperative
 * kernel, its largest grid's query too). After <pykrt.h>, an #error
 * guard against a pykrt.h of another kernel ABI. The header names the
 * source by its file name only, so that it is reproducible, and casts only
 * through PYK_STATIC_CAST/PYK_REINTERPRET_CAST, so that C++'s
 * -Wold-style-cast is quiet (tests/header/header_warnings_*.test). Launchers are
 * static inline: the header is self-contained, needs no separate object
 * file, and costs nothing where unused. Arrays are typed handles
 * (pyk_array_f32 ...), so a wrong dtype does not compile; ndim and layout
 * are checked by pyk_launch against the PTX's launch facts, like any
 * launch. A complex scalar is one parameter of pykrt.h's pyk_complex64 or
 * pyk_complex128 (real, imaginary), as the Python parameter is one value;
 * pyk_launch splits it into the kernel's two. A tuple parameter is a struct
 * named after its type's overload code (pykc_tuple_t2i32f32, members m0,
 * m1, ...; a complex member is a pyk_complex64 or pyk_complex128), defined
 * once per type under a guard so that headers of several modules can be
 * included together; the launcher turns it into pyk_arg_tuple arguments. */
#include "emit_header.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/launch_facts.h"
#include "../runtime/include/pykrt.h" /* PYKRT_ABI_VERSION and the version the launchers need */

/* A growing text. Out of memory ends the process, as elsewhere in pykc. */
typedef struct Buf {
    char *text;
    size_t len, cap;
} Buf;

static void reserve(Buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *grown = realloc(b->text, cap);
    if (!grown) {
        fputs("pykc: out of memory\n", stderr);
        abort();
    }
    b->text = grown;
    b->cap = cap;
}

static void put(Buf *b, const char *text, size_t len)
{
    reserve(b, len);
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
}

static void puts_(Buf *b, const char *text) { put(b, text, strlen(text)); }

static void putf(Buf *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void putf(Buf *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    reserve(b, (size_t)n);
    va_start(args, format);
    vsnprintf(b->text + b->len, (size_t)n + 1, format, args);
    va_end(args);
    b->len += (size_t)n;
}

/* ------------------------------------------------------------------------ */
/* Names                                                                      */

static bool is_c_identifier(Str name)
{
    if (name.len == 0 || (name.ptr[0] >= '0' && name.ptr[0] <= '9'))
        return false;
    for (int i = 0; i < name.len; i++) {
        char c = name.ptr[i];
        if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

/* Words a parameter may not be called in C or C++, or that the launchers
 * use themselves. Python keywords cannot occur. */
static const char *const reserved_words[] = {
    "auto", "bool", "case", "char", "const", "default", "do", "double", "enum", "extern",
    "float", "goto", "inline", "int", "long", "register", "restrict", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "true", "false", "catch", "char8_t", "char16_t", "char32_t", "class",
    "const_cast", "constexpr", "consteval", "constinit", "decltype", "delete",
    "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new",
    "noexcept", "nullptr", "operator", "private", "protected", "public",
    "reinterpret_cast", "static_assert", "static_cast", "template", "this",
    "thread_local", "throw", "typeid", "typename", "using", "virtual", "wchar_t",
    "alignas", "alignof", "concept", "requires", "co_await", "co_return", "co_yield",
    "_Bool", "_Complex", "_Imaginary", "_Atomic", "_Generic", "_Noreturn",
    "_Alignas", "_Alignof", "_Static_assert", "_Thread_local", "NULL",
    "ctx", "cfg", "n", "stream", /* the launchers' own parameters and locals */
    "pykc_kernel", "pykc_status", "pykc_block", "pykc_cfg", "pykc_args", "pykc_members",
    "pykc_extent", "pykc_limit",
};

static bool is_reserved(const char *name)
{
    for (size_t i = 0; i < sizeof reserved_words / sizeof reserved_words[0]; i++)
        if (strcmp(name, reserved_words[i]) == 0)
            return true;
    return false;
}

/* C reserves identifiers that start with "__" or "_X" (X upper case). */
static bool has_reserved_prefix(const char *name)
{
    return name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z'));
}

/* The C names of fi's parameters: the Python names, with '_' appended to
 * one that is reserved or already taken (by an earlier renaming), and 'p'
 * put before one C reserves. */
static const char **param_names(Arena *arena, const FuncInfo *fi)
{
    const char **names = ARENA_ARRAY(arena, const char *, fi->param_count + 1);
    for (int i = 0; i < fi->param_count; i++) {
        Str py = fi->params[i]->name;
        const char *name = is_c_identifier(py) ? arena_strndup(arena, py.ptr, (size_t)py.len)
                                               : arena_printf(arena, "arg%d", i);
        if (has_reserved_prefix(name))
            name = arena_printf(arena, "p%s", name);
        for (bool clash = true; clash;) {
            clash = is_reserved(name);
            for (int j = 0; j < i && !clash; j++)
                clash = strcmp(names[j], name) == 0;
            if (clash)
                name = arena_printf(arena, "%s_", name);
        }
        names[i] = name;
    }
    return names;
}

/* The input's file name without directory and extension, made a C
 * identifier: "kernels/vec-add.pyk" -> "vec_add". */
static const char *module_stem(Arena *arena, const char *input)
{
    const char *slash = strrchr(input, '/');
    const char *base = slash ? slash + 1 : input;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char *stem = arena_printf(arena, "%s%.*s", len && base[0] >= '0' && base[0] <= '9' ? "_" : "",
                              (int)len, base);
    for (char *c = stem; *c; c++)
        if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9')))
            *c = '_';
    return *stem ? stem : "module";
}

/* The input's path as it may appear inside a C comment: no "*" + "/" closes it. */
static const char *comment_safe(Arena *arena, const char *text)
{
    char *copy = arena_strndup(arena, text, strlen(text));
    for (char *c = copy; *c; c++)
        if (c[0] == '*' && c[1] == '/')
            c[1] = '|';
    return copy;
}

/* ------------------------------------------------------------------------ */
/* Types                                                                      */

/* How a dtype appears in C: the suffix of its typed array handle, a scalar
 * parameter's C type, and the pyk_arg constructor of such a scalar. */
typedef struct CType {
    const char *suffix, *c_type, *arg;
} CType;

static CType c_type_of(const Type *t)
{
    if (t->kind == TYPE_ENUM_MEMBER)   /* an enum member travels as its value */
        t = t->elem;
    if (t->kind == TYPE_BOOL)
        return (CType){"bool", "bool", "pyk_arg_bool"};
    if (t->kind == TYPE_COMPLEX)
        return t->bits == 64 ? (CType){"c64", "pyk_complex64", "pyk_arg_c64"}
                             : (CType){"c128", "pyk_complex128", "pyk_arg_c128"};
    if (t->kind == TYPE_BFLOAT16)   /* arrays only: pykc takes no bfloat16 scalar parameter */
        return (CType){"bf16", "uint16_t", "pyk_arg_u16"};
    if (t->kind == TYPE_FLOAT)
        switch (t->bits) {
        case 16: return (CType){"f16", "uint16_t", "pyk_arg_f16_bits"};
        case 32: return (CType){"f32", "float", "pyk_arg_f32"};
        default: return (CType){"f64", "double", "pyk_arg_f64"};
        }
    static const CType ints[2][4] = {
        {{"u8", "uint8_t", "pyk_arg_u8"}, {"u16", "uint16_t", "pyk_arg_u16"},
         {"u32", "uint32_t", "pyk_arg_u32"}, {"u64", "uint64_t", "pyk_arg_u64"}},
        {{"i8", "int8_t", "pyk_arg_i8"}, {"i16", "int16_t", "pyk_arg_i16"},
         {"i32", "int32_t", "pyk_arg_i32"}, {"i64", "int64_t", "pyk_arg_i64"}},
    };
    int width = t->bits == 8 ? 0 : t->bits == 16 ? 1 : t->bits == 32 ? 2 : 3;
    return ints[t->is_signed][width];
}

/* The C type of a parameter or tuple member: a typed array handle, a
 * tuple's struct, or a scalar's C type. */
static const char *c_param_type(Arena *arena, const Type *t)
{
    if (t->kind == TYPE_ARRAY)
        return arena_printf(arena, "const pyk_array_%s *", c_type_of(t->dtype).suffix);
    if (t->kind == TYPE_TUPLE)
        return arena_printf(arena, "pykc_tuple_%s ", sema_type_code(arena, t));
    return arena_printf(arena, "%s ", c_type_of(t).c_type);
}

/* ------------------------------------------------------------------------ */
/* Tuples                                                                     */

/* The struct of tuple type t, after those of its member tuples; each type
 * once per header (`done` lists the codes written) and once per program
 * (the guard). */
static void put_tuple_struct(Buf *b, Arena *arena, const Type *t, const char ***done, int *count)
{
    const char *code = sema_type_code(arena, t);
    for (int i = 0; i < *count; i++)
        if (strcmp((*done)[i], code) == 0)
            return;
    for (int i = 0; i < t->count; i++)
        if (t->elts[i]->kind == TYPE_TUPLE)
            put_tuple_struct(b, arena, t->elts[i], done, count);
    const char **grown = ARENA_ARRAY(arena, const char *, *count + 1);
    if (*count)
        memcpy(grown, *done, sizeof *grown * (size_t)*count);
    grown[(*count)++] = code;
    *done = grown;
    putf(b, "\n/* %s, passed to a launcher by value */\n#ifndef PYKC_TUPLE_%s\n#define PYKC_TUPLE_%s\n"
            "typedef struct pykc_tuple_%s {\n",
         cg_facts_type_name(arena, t), code, code, code);
    for (int i = 0; i < t->count; i++)
        putf(b, "    %sm%d;\n", c_param_type(arena, t->elts[i]), i);
    putf(b, "} pykc_tuple_%s;\n#endif\n", code);
}

/* The members of the tuples a tuple subtree holds, itself included. */
static int tuple_slots(const Type *t)
{
    int n = t->count;
    for (int i = 0; i < t->count; i++)
        if (t->elts[i]->kind == TYPE_TUPLE)
            n += tuple_slots(t->elts[i]);
    return n;
}

/* A scalar or an array as a pyk_arg: `value` is its C expression. */
static void put_leaf_arg(Buf *b, const Type *t, const char *value)
{
    if (t->kind == TYPE_ARRAY)   /* no cast: C++'s -Wold-style-cast */
        putf(b, "pyk_arg_array(pyk_untyped_const_%s(%s))", c_type_of(t->dtype).suffix, value);
    else
        putf(b, "%s(%s)", c_type_of(t).arg, value);
}

/* The pyk_args of tuple `value` (of type t) at pykc_members[at...]: its
 * members, then the members of its member tuples, depth first, each
 * member tuple a pyk_arg_tuple of the block after. */
static void put_tuple_members(Buf *b, Arena *arena, const Type *t, const char *value, int at)
{
    int child = at + t->count;
    for (int i = 0; i < t->count; i++) {
        const Type *m = t->elts[i];
        puts_(b, "        ");
        if (m->kind == TYPE_TUPLE) {
            putf(b, "pyk_arg_tuple(pykc_members + %d, %d)", child, m->count);
            child += tuple_slots(m);
        } else {
            put_leaf_arg(b, m, arena_printf(arena, "%s.m%d", value, i));
        }
        puts_(b, ",\n");
    }
    child = at + t->count;
    for (int i = 0; i < t->count; i++)
        if (t->elts[i]->kind == TYPE_TUPLE) {
            put_tuple_members(b, arena, t->elts[i], arena_printf(arena, "%s.m%d", value, i), child);
            child += tuple_slots(t->elts[i]);
        }
}

/* ------------------------------------------------------------------------ */
/* Pieces of the header                                                       */

/* The PTX as a char array, NUL-terminated, one row per PTX line (long
 * lines wrapped). Not a string literal: C99 promises only 4095 characters
 * in one (GCC's -pedantic says so, MSVC stops near 16 KiB) and real PTX is
 * longer. Bytes above 127 are octal char literals, as char may be signed
 * and C++ forbids narrowing in braces. */
static void put_ptx(Buf *b, const char *ptx, size_t len)
{
    puts_(b, "{\n    ");
    int row = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)ptx[i];
        if (c < 0x80)
            putf(b, "%u,", c);
        else   /* a char literal: no cast (C++'s -Wold-style-cast), no narrowing */
            putf(b, "'\\%03o',", c);
        if (c == '\n' || ++row == 32) {
            puts_(b, "\n    ");
            row = 0;
        } else
            puts_(b, " ");
    }
    puts_(b, "0\n}");
}

typedef struct Kernel {
    const FuncInfo *fi;
    const char *name;     /* the entry's name, a C identifier */
    const char **params;  /* C names */
    const char *facts;    /* the facts line without its prefix */
} Kernel;

static void put_param_list(Buf *b, Arena *arena, const Kernel *k)
{
    for (int i = 0; i < k->fi->param_count; i++)
        putf(b, ",\n    %s%s", c_param_type(arena, k->fi->param_types[i]), k->params[i]);
}

/* `pyk_arg pykc_members[] = {...};` (the members of the tuple arguments,
 * when there are some), `pyk_arg pykc_args[] = {...};` and the pyk_launch
 * call. */
static void put_launch_call(Buf *b, Arena *arena, const Kernel *k, const char *cfg)
{
    int count = k->fi->param_count, slots = 0;
    if (count == 0) {
        putf(b, "    return pyk_launch(pykc_kernel, %s, NULL, 0);\n", cfg);
        return;
    }
    for (int i = 0; i < count; i++)
        if (k->fi->param_types[i]->kind == TYPE_TUPLE) {
            if (slots == 0)
                puts_(b, "    const pyk_arg pykc_members[] = {\n");
            put_tuple_members(b, arena, k->fi->param_types[i], k->params[i], slots);
            slots += tuple_slots(k->fi->param_types[i]);
        }
    if (slots)
        puts_(b, "    };\n");
    puts_(b, "    pyk_arg pykc_args[] = {\n");
    slots = 0;
    for (int i = 0; i < count; i++) {
        const Type *t = k->fi->param_types[i];
        puts_(b, "        ");
        if (t->kind == TYPE_TUPLE) {
            putf(b, "pyk_arg_tuple(pykc_members + %d, %d)", slots, t->count);
            slots += tuple_slots(t);
        } else {
            put_leaf_arg(b, t, k->params[i]);
        }
        puts_(b, ",\n");
    }
    putf(b, "    };\n    return pyk_launch(pykc_kernel, %s, pykc_args, %d);\n", cfg, count);
}

/* A cooperative kernel's K_max_cooperative_blocks: Numba's
 * max_cooperative_grid_blocks(blockdim, dynsmemsize) for this kernel. */
static void put_max_blocks(Buf *b, const Kernel *k, const char *stem)
{
    putf(b, "\n/* The most blocks of `block` threads with `dynamic_shared_bytes` of dynamic\n"
            " * shared memory a launch of %s may have on ctx's device (all resident at\n"
            " * once): pyk_kernel_max_cooperative_blocks. */\n"
            "static inline pyk_status %s_max_cooperative_blocks(\n"
            "    pyk_context *ctx, pyk_dim3 block, size_t dynamic_shared_bytes, unsigned *blocks)\n"
            "{\n"
            "    pyk_kernel *pykc_kernel;\n"
            "    pyk_status pykc_status = pykc_kernel_%s(ctx, \"%s\", &pykc_kernel);\n"
            "    if (pykc_status != PYK_OK)\n"
            "        return pykc_status;\n"
            "    return pyk_kernel_max_cooperative_blocks(pykc_kernel, block, dynamic_shared_bytes, blocks);\n"
            "}\n",
         k->name, k->name, stem, k->name);
}

/* How many axes of cuda.grid the kernel's covers facts name: 2 or 3 when
 * it has a covers fact along y or z (one thread per element of a 2-D or
 * 3-D index space), else 0 (no nd launcher). */
static int cover_dims(const FuncInfo *fi)
{
    int dims = 0;
    for (int i = 0; i < fi->launch.cover_count; i++)
        if (fi->launch.covers[i].axis + 1 > dims)
            dims = fi->launch.covers[i].axis + 1;
    return dims >= 2 ? dims : 0;
}

/* The statement that widens pykc_extent[axis] to a covers fact's extent,
 * "PARAM.shape[K]" (an array's extent) or "PARAM" (an integer scalar's
 * value), PARAM named in C as the launcher's parameter. */
static void put_cover(Buf *b, const Kernel *k, const GridCover *cover)
{
    const char *extent = cover->extent;
    const char *dot = strchr(extent, '.');
    size_t name_len = dot ? (size_t)(dot - extent) : strlen(extent);
    for (int i = 0; i < k->fi->param_count; i++) {
        Str py = k->fi->params[i]->name;
        if ((size_t)py.len != name_len || memcmp(py.ptr, extent, name_len) != 0)
            continue;
        const Type *t = k->fi->param_types[i];
        if (dot && t->kind == TYPE_ARRAY)
            putf(b, "    pyk_cover_extent(pykc_extent + %d, pyk_untyped_const_%s(%s), %d);\n",
                 cover->axis, c_type_of(t->dtype).suffix, k->params[i], atoi(strchr(dot, '[') + 1));
        else if (!dot)
            putf(b, "    if (PYK_STATIC_CAST(int64_t, %s) > pykc_extent[%d])\n"
                    "        pykc_extent[%d] = PYK_STATIC_CAST(int64_t, %s);\n",
                 k->params[i], cover->axis, cover->axis, k->params[i]);
        return;
    }
}

/* KERNEL_launch_2d or _3d: the occupancy calculator's block shaped over
 * `dims` axes, an axis with a blockmax fact getting exactly that (a tile's
 * extent), and a grid covering the
 * largest extent each axis's covers facts name (pyk_kernel_config_nd). */
static void put_launch_nd(Buf *b, Arena *arena, const Kernel *k, const char *stem, int dims)
{
    const LaunchNeeds *needs = &k->fi->launch;
    putf(b, "\nstatic inline pyk_status %s_launch_%dd(\n    pyk_context *ctx, pyk_stream *stream",
         k->name, dims);
    put_param_list(b, arena, k);
    putf(b, ")\n{\n"
            "    pyk_kernel *pykc_kernel;\n"
            "    pyk_launch_config pykc_cfg;\n"
            "    int64_t pykc_extent[3] = {0, 0, 0};\n"
            "    const pyk_dim3 pykc_limit = {%du, %du, %du};\n"
            "    pyk_status pykc_status = pykc_kernel_%s(ctx, \"%s\", &pykc_kernel);\n"
            "    if (pykc_status != PYK_OK)\n"
            "        return pykc_status;\n",
         needs->block[0].max, needs->block[1].max, needs->block[2].max, stem, k->name);
    for (int i = 0; i < needs->cover_count; i++)
        put_cover(b, k, &needs->covers[i]);
    putf(b, "    pykc_status = pyk_kernel_config_nd(pykc_kernel, %d, pykc_extent, pykc_limit, &pykc_cfg);\n"
            "    if (pykc_status != PYK_OK)\n"
            "        return pykc_status;\n"
            "    pykc_cfg.stream = stream;\n",
         dims);
    put_launch_call(b, arena, k, "&pykc_cfg");
    puts_(b, "}\n");
}

static void put_kernel(Buf *b, Arena *arena, const Kernel *k, const char *stem)
{
    int dims = cover_dims(k->fi);
    int max_threads = cg_facts_max_threads(k->fi);
    putf(b, "\n/* %s\n", k->facts);
    if (max_threads > 0)
        putf(b, " * (at most %d threads per block: its launch_bounds)\n", max_threads);
    if (k->fi->cooperative)
        putf(b, " * Cooperative (it takes cuda.cg.this_grid() to sync its grid): both\n"
                " * launchers launch it with cuLaunchCooperativeKernel and refuse a grid\n"
                " * whose blocks cannot all be resident at once;\n"
                " * %s_max_cooperative_blocks gives the most blocks a launch may have.\n",
             k->name);
    putf(b, " * %s_launch: launches it with `cfg` (grid, block, dynamic shared memory,\n"
            " * stream). %s_launch_1d: one thread per element of 0..n-1, in blocks of\n"
            " * %s, on `stream` (NULL: the\n"
            " * default stream). Both are asynchronous, check the configuration and the\n"
            " * arrays' ndim and layout first (pyk_launch), and return PYK_OK or an\n"
            " * error described by pyk_last_error(ctx).",
         k->name, k->name,
         k->fi->launch.block[0].max > 0 ? "the size its shared array is sized for (blockmax.x)"
                                        : "the size the occupancy calculator picks for it");
    if (dims)
        putf(b, "\n * %s_launch_%dd: one thread per element of the index space its\n"
                " * cuda.grid(%d) covers (the extents its covers facts name), in blocks of\n"
                " * the occupancy calculator's size shaped %s\n"
                " * (pyk_kernel_config_nd), on `stream`.",
             k->name, dims, dims, dims == 2 ? "square-ish (16x16 for 256 threads)"
                                            : "cube-ish (8x8x4 for 256 threads)");
    if (dims && (k->fi->launch.block[0].max > 0 || k->fi->launch.block[1].max > 0 ||
                 k->fi->launch.block[2].max > 0))
        puts_(b, "\n * Along an axis with a blockmax fact (a shared array sized for the\n"
                 " * block), its block has exactly that many threads.");
    puts_(b, " */\n");
    putf(b, "static inline pyk_status %s_launch(\n    pyk_context *ctx, const pyk_launch_config *cfg",
         k->name);
    put_param_list(b, arena, k);
    putf(b, ")\n{\n"
            "    pyk_kernel *pykc_kernel;\n"
            "    pyk_status pykc_status = pykc_kernel_%s(ctx, \"%s\", &pykc_kernel);\n"
            "    if (pykc_status != PYK_OK)\n"
            "        return pykc_status;\n",
         stem, k->name);
    put_launch_call(b, arena, k, "cfg");
    puts_(b, "}\n\n");

    putf(b, "static inline pyk_status %s_launch_1d(\n    pyk_context *ctx, int64_t n, pyk_stream *stream",
         k->name);
    put_param_list(b, arena, k);
    const BlockLimit *limit = &k->fi->launch.block[0];
    if (limit->max > 0) {
        /* A shared array sized for blockmax.x threads (a reduction's
         * partial sums): kernels that index it by the thread assume the
         * block is that size, as the nd launchers do (pyk_kernel_config_nd). */
        putf(b, ")\n{\n"
                "    pyk_kernel *pykc_kernel;\n"
                "    pyk_status pykc_status = pykc_kernel_%s(ctx, \"%s\", &pykc_kernel);\n"
                "    if (pykc_status != PYK_OK)\n"
                "        return pykc_status;\n"
                "    /* %d threads per block: the shared array %.*s is sized for them (blockmax.x) */\n"
                "    pyk_launch_config pykc_cfg = pyk_config_1d(n, %du);\n"
                "    pykc_cfg.stream = stream;\n",
             stem, k->name, limit->max, STR_ARG(limit->array), limit->max);
    } else {
        putf(b, ")\n{\n"
                "    pyk_kernel *pykc_kernel;\n"
                "    int pykc_block = 0;\n"
                "    pyk_status pykc_status = pykc_kernel_%s(ctx, \"%s\", &pykc_kernel);\n"
                "    if (pykc_status == PYK_OK)\n"
                "        pykc_status = pyk_kernel_suggest_block_size(pykc_kernel, 0, &pykc_block);\n"
                "    if (pykc_status != PYK_OK)\n"
                "        return pykc_status;\n"
                "    pyk_launch_config pykc_cfg = pyk_config_1d(n, PYK_STATIC_CAST(unsigned, pykc_block));\n"
                "    pykc_cfg.stream = stream;\n",
             stem, k->name);
    }
    put_launch_call(b, arena, k, "&pykc_cfg");
    puts_(b, "}\n");
    if (dims)
        put_launch_nd(b, arena, k, stem, dims);
    if (k->fi->cooperative)
        put_max_blocks(b, k, stem);
}

static void put_prologue(Buf *b, const char *input, const char *stem, const Kernel *kernels,
                         int count)
{
    putf(b, "/* Generated by pykc %s from %s (pykc compile --emit=header): do not edit.\n"
            " *\n"
            " * Typed launchers for the kernels of %s, over libpykrt, with the module's\n"
            " * PTX (or fatbin) embedded: include after nothing in particular, compile with\n"
            " * -I<pykc>/runtime/include and link libpykrt. The module is loaded into a\n"
            " * context by the first launch and cached there (pyk_context_module).\n"
            " * Array parameters are typed handles (pyk_array_f32 *, ...; pykrt.h):\n"
            " * an array of another dtype does not compile. docs/runtime.md explains it all.\n"
            " *\n"
            " * Kernels:\n",
         PYKC_VERSION, input, input);
    for (int i = 0; i < count; i++)
        putf(b, " *   %s\n", kernels[i].facts);
    if (count == 0)
        puts_(b, " *   (none: the module has device functions only)\n");
    putf(b, " */\n#ifndef PYKC_GENERATED_%s_H\n#define PYKC_GENERATED_%s_H\n\n"
            "#include <pykrt.h>\n\n",
         stem, stem);
    /* A pykrt.h of another kernel ABI would launch this PTX with the wrong
     * argument layout: refuse to compile rather than fail on the GPU. */
    putf(b, "/* The PTX follows libpykrt's kernel ABI version %d (docs/abi.md) and the\n"
            " * launchers use libpykrt %d.%d's API. */\n"
            "#if !defined(PYKRT_ABI_VERSION) || PYKRT_ABI_VERSION != %d\n"
            "#error \"%s: generated by pykc %s for libpykrt's kernel ABI version %d, but the pykrt.h "
            "included has another PYKRT_ABI_VERSION; compile with the runtime/include of the pykc "
            "that generated this header, or generate it again with yours\"\n"
            "#elif PYKRT_VERSION_MAJOR == %d && PYKRT_VERSION_MINOR < %d\n"
            "#error \"%s: generated by pykc %s, whose launchers need libpykrt %d.%d or later; the "
            "pykrt.h included is older\"\n"
            "#endif\n\n",
         PYKRT_ABI_VERSION, PYKRT_VERSION_MAJOR, PYKRT_VERSION_MINOR, PYKRT_ABI_VERSION, input,
         PYKC_VERSION, PYKRT_ABI_VERSION, PYKRT_VERSION_MAJOR, PYKRT_VERSION_MINOR, input,
         PYKC_VERSION, PYKRT_VERSION_MAJOR, PYKRT_VERSION_MINOR);
}

/* The embedded module: the PTX as a char array, or a fatbin as 64-bit
 * words (the driver wants it 8-byte aligned, which a char array is not
 * promised; the words are little-endian, as every CUDA host is). Either
 * way pykc_image_STEM is what pyk_context_module loads. */
static void put_image(Buf *b, const char *input, const char *stem, const char *ptx, size_t ptx_len,
                      const HeaderFatbin *fatbin)
{
    if (!fatbin) {
        putf(b, "/* The PTX of %s, %zu bytes: what `pykc compile --emit=ptx` writes. */\n"
                "static const char pykc_ptx_%s[] = ",
             input, ptx_len, stem);
        put_ptx(b, ptx, ptx_len);
        putf(b, ";\n#define pykc_image_%s pykc_ptx_%s", stem, stem);
        return;
    }
    putf(b, "/* The fatbin of %s, %zu bytes (%s): what `pykc compile --emit=fatbin` writes. */\n"
            "static const unsigned long long pykc_fatbin_%s[] = {",
         input, fatbin->len, fatbin->contents, stem);
    for (size_t i = 0; i < fatbin->len; i += 8) {
        unsigned long long word = 0;
        for (size_t j = 0; j < 8 && i + j < fatbin->len; j++)
            word |= (unsigned long long)(unsigned char)fatbin->data[i + j] << (8 * j);
        putf(b, "%s0x%llxULL,", i % 32 == 0 ? "\n    " : " ", word);
    }
    putf(b, "\n};\n#define pykc_image_%s PYK_REINTERPRET_CAST(const char *, pykc_fatbin_%s)", stem,
         stem);
}

/* Kernel `name` of this header's module in `ctx`, the module loaded once. */
static void put_lookup(Buf *b, const char *stem)
{
    putf(b, "\n\n/* Kernel `name` of this module in `ctx` (the module loaded on first use). */\n"
            "static inline pyk_status pykc_kernel_%s(\n"
            "    pyk_context *ctx, const char *name, pyk_kernel **kernel)\n"
            "{\n"
            "    pyk_module *module;\n"
            "    pyk_status status = pyk_context_module(ctx, pykc_image_%s, &module);\n"
            "    return status != PYK_OK ? status : pyk_module_kernel(module, name, kernel);\n"
            "}\n",
         stem, stem);
}

/* The module's kernels as the header declares them; false after an error. */
static bool collect_kernels(Arena *arena, Diag *diag, const SemaModule *module, Kernel *kernels,
                            int *count)
{
    *count = 0;
    bool ok = true;
    for (int i = 0; i < module->func_count; i++) {
        const FuncInfo *fi = module->funcs[i];
        if (!fi->is_kernel)
            continue;
        const char *facts = cg_facts_line(arena, fi);
        if (!is_c_identifier(fi->name) || !facts) {
            diag_error(diag, fi->def->span,
                       "--emit=header cannot declare a typed launcher for kernel '%.*s': %s",
                       STR_ARG(fi->name),
                       facts ? "its name is not a C identifier"
                             : "a parameter's type has no launch facts (a 0-d array, a datetime64 or timedelta64, an empty tuple, tuples nested "
                               "more than 16 deep, or holding more than 512 scalars and arrays)");
            ok = false;
            continue;
        }
        kernels[(*count)++] = (Kernel){fi, arena_strndup(arena, fi->name.ptr, (size_t)fi->name.len),
                                       param_names(arena, fi),
                                       facts + strlen(CG_FACTS_PREFIX)};
    }
    return ok;
}

static bool emit(Arena *arena, Diag *diag, const SemaModule *module, const char *input,
                 const char *ptx, size_t len, const HeaderFatbin *fatbin, char **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    Kernel *kernels = ARENA_ARRAY(arena, Kernel, module->func_count + 1);
    int count;
    if (!collect_kernels(arena, diag, module, kernels, &count))
        return false;
    const char *stem = module_stem(arena, input);
    /* The file name only: the header is the same whichever directory it
     * is built from or the source is named from (no absolute path in it). */
    const char *slash = strrchr(input, '/');
    input = comment_safe(arena, slash ? slash + 1 : input);
    Buf b = {0};
    put_prologue(&b, input, stem, kernels, count);
    put_image(&b, input, stem, ptx, len, fatbin);
    put_lookup(&b, stem);
    const char **tuples = NULL;
    int tuple_count = 0;
    for (int i = 0; i < count; i++)
        for (int p = 0; p < kernels[i].fi->param_count; p++)
            if (kernels[i].fi->param_types[p]->kind == TYPE_TUPLE)
                put_tuple_struct(&b, arena, kernels[i].fi->param_types[p], &tuples, &tuple_count);
    for (int i = 0; i < count; i++)
        put_kernel(&b, arena, &kernels[i], stem);
    putf(&b, "\n#endif /* PYKC_GENERATED_%s_H */\n", stem);
    *out = b.text;
    *out_len = b.len;
    return true;
}

bool emit_header(Arena *arena, Diag *diag, const SemaModule *module, const char *input,
                 const char *ptx, size_t len, char **out, size_t *out_len)
{
    return emit(arena, diag, module, input, ptx, len, NULL, out, out_len);
}

bool emit_header_fatbin(Arena *arena, Diag *diag, const SemaModule *module, const char *input,
                        const HeaderFatbin *fatbin, char **out, size_t *out_len)
{
    return emit(arena, diag, module, input, NULL, 0, fatbin, out, out_len);
}
