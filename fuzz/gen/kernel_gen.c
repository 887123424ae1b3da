#include "kernel_gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Text {
    char *buf;
    size_t len, cap;
} Text;

static void emit(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Text *t, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->buf = realloc(t->buf, t->cap);
    }
    va_start(args, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, args);
    va_end(args);
    t->len += (size_t)n;
}

/* The choices: one byte each, 0 once the bytes run out. */
typedef struct Bytes {
    const uint8_t *data;
    size_t size, at;
} Bytes;

static unsigned pick(Bytes *b, unsigned n)
{
    return b->at < b->size ? b->data[b->at++] % n : 0;
}

typedef enum Kind { K_INT, K_FLOAT } Kind;

/* The dtypes: scalars and array elements. */
static const char *const int_types[] = {"int32", "int64"};
static const char *const float_types[] = {"float32", "float64"};

typedef struct Var {
    char name[16];
    const char *type;
    Kind kind;
} Var;

typedef struct Array {
    char name[16];
    const char *dtype;
    Kind kind;
    int size;       /* a shared or local array's length, 0 for a parameter */
    int ndim;       /* 1, or 2 for a parameter */
    bool local;     /* cuda.local.array: no atomics on it */
} Array;

enum { MAX_VARS = 32, MAX_ARRAYS = 7, MAX_DEPTH = 3, MAX_STATEMENTS = 40 };

typedef struct Gen {
    Bytes bytes;
    Text out;
    Var vars[MAX_VARS];
    int var_count;
    Array arrays[MAX_ARRAYS];
    int array_count;
    int loop_depth;
    int statements;
    int next_name;
} Gen;

static void expr(Gen *g, Kind kind, int depth);

static const char *type_of(Gen *g, Kind kind)
{
    return kind == K_INT ? int_types[pick(&g->bytes, 2)] : float_types[pick(&g->bytes, 2)];
}

/* A variable of this kind in scope, or NULL. */
static const Var *some_var(Gen *g, Kind kind)
{
    int candidates = 0;
    for (int i = 0; i < g->var_count; i++)
        candidates += g->vars[i].kind == kind;
    if (!candidates)
        return NULL;
    int chosen = (int)pick(&g->bytes, (unsigned)candidates);
    for (int i = 0; i < g->var_count; i++)
        if (g->vars[i].kind == kind && chosen-- == 0)
            return &g->vars[i];
    return NULL;
}

/* An index into array a: shared arrays have a known length, so their
 * index is reduced into it (a constant out of range is an error). */
static void index_into(Gen *g, const Array *a, int depth)
{
    if (a->size) {
        emit(&g->out, "(");
        expr(g, K_INT, depth + 1);
        emit(&g->out, ") %% %d", a->size);
    } else if (a->ndim == 2) {   /* a tuple, as atomics take it too */
        emit(&g->out, "(");
        expr(g, K_INT, depth + 1);
        emit(&g->out, ", ");
        expr(g, K_INT, depth + 1);
        emit(&g->out, ")");
    } else {
        expr(g, K_INT, depth + 1);
    }
}

static void leaf(Gen *g, Kind kind)
{
    const Var *v = some_var(g, kind);
    switch (pick(&g->bytes, 4)) {
    case 0:
        if (v) {
            emit(&g->out, "%s", v->name);
            return;
        }
        break;
    case 1:
        if (kind == K_INT) {
            static const char *const specials[] = {"cuda.threadIdx.x", "cuda.blockIdx.x", "cuda.blockDim.x",
                                                   "cuda.grid(1)", "cuda.laneid", "cuda.warpsize"};
            emit(&g->out, "%s", specials[pick(&g->bytes, 6)]);
            return;
        }
        break;
    case 2:
        for (int i = 0; i < g->array_count; i++)
            if (g->arrays[i].kind == kind && !g->arrays[i].size && pick(&g->bytes, 2)) {
                emit(&g->out, "%s.shape[%u]", g->arrays[i].name,
                     g->arrays[i].ndim == 2 ? pick(&g->bytes, 2) : 0u);
                if (kind == K_INT)
                    return;
                emit(&g->out, " * 0.5");
                return;
            }
        break;
    }
    if (kind == K_INT) {
        static const int ints[] = {0, 1, 2, 3, 7, 31, -1, -5, 100, 65535};
        emit(&g->out, "%d", ints[pick(&g->bytes, 10)]);
    } else {
        static const char *const floats[] = {"0.0", "1.0", "0.5", "-2.25", "3.0", "1e-3", "1e30", "-0.0"};
        emit(&g->out, "%s", floats[pick(&g->bytes, 8)]);
    }
}

static void condition(Gen *g, int depth)
{
    static const char *const compares[] = {"<", "<=", ">", ">=", "==", "!="};
    switch (depth >= MAX_DEPTH ? 0 : pick(&g->bytes, 4)) {
    case 0:
    case 1: {
        Kind kind = pick(&g->bytes, 2) ? K_FLOAT : K_INT;
        expr(g, kind, depth + 1);
        emit(&g->out, " %s ", compares[pick(&g->bytes, 6)]);
        expr(g, pick(&g->bytes, 2) ? kind : K_INT, depth + 1);
        return;
    }
    case 2:
        emit(&g->out, "(");
        condition(g, depth + 1);
        emit(&g->out, ") %s (", pick(&g->bytes, 2) ? "and" : "or");
        condition(g, depth + 1);
        emit(&g->out, ")");
        return;
    default:
        emit(&g->out, "not (");
        condition(g, depth + 1);
        emit(&g->out, ")");
        return;
    }
}

static void binary(Gen *g, Kind kind, int depth)
{
    static const char *const arith[] = {"+", "-", "*"};
    static const char *const bits[] = {"&", "|", "^"};
    emit(&g->out, "(");
    switch (pick(&g->bytes, kind == K_INT ? 6 : 4)) {
    case 0:   /* + - * on any mix of this kind */
        expr(g, kind, depth + 1);
        emit(&g->out, " %s ", arith[pick(&g->bytes, 3)]);
        expr(g, kind, depth + 1);
        break;
    case 1:   /* an integer's divisor is never zero: d | 1 */
        expr(g, kind, depth + 1);
        emit(&g->out, " %s ", pick(&g->bytes, 2) ? "//" : "%");
        if (kind == K_INT) {
            emit(&g->out, "((");
            expr(g, K_INT, depth + 1);
            emit(&g->out, ") | 1)");
        } else {
            expr(g, K_FLOAT, depth + 1);
        }
        break;
    case 2:   /* true division is a float; floats mix with ints */
        if (kind == K_FLOAT) {
            expr(g, pick(&g->bytes, 2) ? K_INT : K_FLOAT, depth + 1);
            emit(&g->out, " / ");
            expr(g, K_FLOAT, depth + 1);
        } else {
            expr(g, K_INT, depth + 1);
            emit(&g->out, " %s ", bits[pick(&g->bytes, 3)]);
            expr(g, K_INT, depth + 1);
        }
        break;
    case 3:
        if (kind == K_FLOAT) {
            expr(g, K_FLOAT, depth + 1);
            emit(&g->out, " %s ", arith[pick(&g->bytes, 3)]);
            expr(g, K_INT, depth + 1);
        } else {
            expr(g, K_INT, depth + 1);
            emit(&g->out, " %s ((", pick(&g->bytes, 2) ? "<<" : ">>");
            expr(g, K_INT, depth + 1);
            emit(&g->out, ") & 15)");
        }
        break;
    default:  /* integer kinds only */
        emit(&g->out, "-");
        expr(g, K_INT, depth + 1);
        break;
    }
    emit(&g->out, ")");
}

static void call(Gen *g, Kind kind, int depth)
{
    switch (pick(&g->bytes, 5)) {
    case 0:
        emit(&g->out, "%s(", pick(&g->bytes, 2) ? "min" : "max");
        expr(g, kind, depth + 1);
        emit(&g->out, ", ");
        expr(g, kind, depth + 1);
        emit(&g->out, ")");
        return;
    case 1:
        emit(&g->out, "abs(");
        expr(g, kind, depth + 1);
        emit(&g->out, ")");
        return;
    case 2:   /* the device function: its own specialisation per argument types */
        emit(&g->out, "helper(");
        expr(g, kind, depth + 1);
        emit(&g->out, ", ");
        expr(g, kind, depth + 1);
        emit(&g->out, ")");
        return;
    case 3:
        if (kind == K_FLOAT) {
            static const char *const math[] = {"math.sqrt(abs(", "math.floor((", "math.ceil((",
                                               "math.fabs((", "math.trunc(("};
            unsigned m = pick(&g->bytes, 5);
            /* math.trunc is an integer in Numba: made a float again */
            emit(&g->out, "%s%s", m == 4 ? "float64(" : "", math[m]);
            expr(g, K_FLOAT, depth + 1);
            emit(&g->out, "))%s", m == 4 ? ")" : "");
            return;
        }
        break;
    default:
        break;
    }
    /* A conversion to the other kind: int(float), float(int). */
    emit(&g->out, "%s(", type_of(g, kind));
    expr(g, pick(&g->bytes, 2) ? K_INT : K_FLOAT, depth + 1);
    emit(&g->out, ")");
}

static void load(Gen *g, Kind kind, int depth)
{
    for (int i = 0; i < g->array_count; i++) {
        const Array *a = &g->arrays[(i + (int)pick(&g->bytes, MAX_ARRAYS)) % g->array_count];
        if (a->kind == kind) {
            emit(&g->out, "%s[", a->name);
            index_into(g, a, depth);
            emit(&g->out, "]");
            return;
        }
    }
    leaf(g, kind);
}

static void expr(Gen *g, Kind kind, int depth)
{
    if (depth >= MAX_DEPTH) {
        leaf(g, kind);
        return;
    }
    switch (pick(&g->bytes, 7)) {
    case 0:
    case 1:
        leaf(g, kind);
        return;
    case 2:
    case 3:
        binary(g, kind, depth);
        return;
    case 4:
        call(g, kind, depth);
        return;
    case 5:
        load(g, kind, depth);
        return;
    default:
        emit(&g->out, "(");
        expr(g, kind, depth + 1);
        emit(&g->out, " if ");
        condition(g, depth + 1);
        emit(&g->out, " else ");
        expr(g, kind, depth + 1);
        emit(&g->out, ")");
        return;
    }
}

static void indent(Gen *g, int level)
{
    emit(&g->out, "%*s", 4 * level, "");
}

static void block(Gen *g, int level);

/* One statement at `level`; locals made here live to the block's end. */
static void statement(Gen *g, int level)
{
    g->statements++;
    indent(g, level);
    switch (level > MAX_DEPTH ? pick(&g->bytes, 3) : pick(&g->bytes, 11)) {
    case 0:
        if (g->var_count < MAX_VARS) {   /* a new local */
            Var *v = &g->vars[g->var_count];   /* in scope after its assignment */
            v->kind = pick(&g->bytes, 2) ? K_FLOAT : K_INT;
            v->type = type_of(g, v->kind);
            snprintf(v->name, sizeof v->name, "v%d", g->next_name++);
            emit(&g->out, "%s = %s(", v->name, v->type);
            expr(g, v->kind, 0);
            emit(&g->out, ")\n");
            g->var_count++;
            return;
        }
        /* fall through */
    case 1: {   /* a local assigned again, with its own type */
        Var *v = g->var_count ? &g->vars[pick(&g->bytes, (unsigned)g->var_count)] : NULL;
        if (v) {
            emit(&g->out, "%s = %s(", v->name, v->type);
            expr(g, v->kind, 0);
            emit(&g->out, ")\n");
            return;
        }
    }
        /* fall through */
    case 2: {   /* a store */
        const Array *a = &g->arrays[pick(&g->bytes, (unsigned)g->array_count)];
        emit(&g->out, "%s[", a->name);
        index_into(g, a, 0);
        emit(&g->out, "] = %s(", a->dtype);
        expr(g, a->kind, 0);
        emit(&g->out, ")\n");
        return;
    }
    case 3:
    case 4:
        emit(&g->out, "if ");
        condition(g, 0);
        emit(&g->out, ":\n");
        block(g, level + 1);
        if (pick(&g->bytes, 2)) {
            indent(g, level);
            emit(&g->out, "else:\n");
            block(g, level + 1);
        }
        return;
    case 5: {
        int loop = g->loop_depth++;
        emit(&g->out, "for j%d in range(", loop);
        if (pick(&g->bytes, 2))
            emit(&g->out, "%d", (int)pick(&g->bytes, 9));
        else
            expr(g, K_INT, 1);
        emit(&g->out, "):\n");
        /* the loop variable is a local of the loop's body */
        Var *v = g->var_count < MAX_VARS ? &g->vars[g->var_count++] : NULL;
        if (v) {
            snprintf(v->name, sizeof v->name, "j%d", loop);
            v->type = "int64";
            v->kind = K_INT;
        }
        block(g, level + 1);
        g->loop_depth--;
        return;
    }
    case 6: {   /* an atomic on an array of this kernel's */
        static const char *const ops[] = {"add", "max", "min", "sub"};
        const Array *a = &g->arrays[pick(&g->bytes, (unsigned)g->array_count)];
        if (a->local)
            a = &g->arrays[0];   /* a parameter */
        emit(&g->out, "cuda.atomic.%s(%s, ", ops[pick(&g->bytes, 4)], a->name);
        index_into(g, a, 0);
        emit(&g->out, ", %s(", a->dtype);
        expr(g, a->kind, 0);
        emit(&g->out, "))\n");
        return;
    }
    case 7: {
        static const char *const barriers[] = {"cuda.syncthreads()", "cuda.syncwarp()", "cuda.threadfence()",
                                               "cuda.threadfence_block()"};
        emit(&g->out, "%s\n", barriers[pick(&g->bytes, 4)]);
        return;
    }
    case 8: {   /* v += T(e): only where v's type stays (int32 + int32 is int64) */
        const Var *v = some_var(g, pick(&g->bytes, 2) ? K_FLOAT : K_INT);
        if (v && strcmp(v->type, "int32") != 0) {
            static const char *const ops[] = {"+=", "-=", "*="};
            emit(&g->out, "%s %s %s(", v->name, ops[pick(&g->bytes, 3)], v->type);
            expr(g, v->kind, 0);
            emit(&g->out, ")\n");
        } else {
            emit(&g->out, "print(\"v\", ");
            expr(g, pick(&g->bytes, 2) ? K_FLOAT : K_INT, 1);
            emit(&g->out, ")\n");
        }
        return;
    }
    case 9: {   /* a counted while loop; its counter is the block's own */
        int n = g->next_name++;
        emit(&g->out, "w%d = 0\n", n);
        indent(g, level);
        emit(&g->out, "while w%d < %u:\n", n, pick(&g->bytes, 5));
        indent(g, level + 1);
        emit(&g->out, "w%d += 1\n", n);
        block(g, level + 1);
        return;
    }
    default:
        if (pick(&g->bytes, 2)) {
            emit(&g->out, "if ");
            condition(g, 0);
            emit(&g->out, ":\n");
            indent(g, level + 1);
            emit(&g->out, "return\n");
        } else {
            emit(&g->out, "pass\n");
        }
        return;
    }
}

static void block(Gen *g, int level)
{
    int saved = g->var_count;
    int count = 1 + (int)pick(&g->bytes, level == 1 ? 8 : 4);
    for (int i = 0; i < count && g->statements < MAX_STATEMENTS; i++)
        statement(g, level);
    g->var_count = saved;   /* a block's locals are not used after it */
}

char *kernel_gen(const uint8_t *data, size_t size)
{
    Gen g = {.bytes = {data, size, 0}};
    emit(&g.out, "import math\n"
                 "from numba import cuda, int32, int64, float32, float64\n\n\n"
                 "@cuda.jit(device=True)\n"
                 "def helper(x, y):\n"
                 "    return x * y + (x if x > y else y)\n\n\n");
    static const char *const layouts[] = {"[:]", "[::1]"};
    static const char *const layouts2[] = {"[:, :]", "[:, ::1]"};
    int params = 1 + (int)pick(&g.bytes, 4);
    for (int i = 0; i < params; i++) {
        Array *a = &g.arrays[g.array_count++];
        a->kind = pick(&g.bytes, 2) ? K_FLOAT : K_INT;
        a->dtype = type_of(&g, a->kind);
        a->ndim = 1 + (pick(&g.bytes, 4) == 0);
        snprintf(a->name, sizeof a->name, "a%d", i);
    }
    emit(&g.out, "@cuda.jit\ndef kernel(");
    for (int i = 0; i < g.array_count; i++)
        emit(&g.out, "%s: %s%s, ", g.arrays[i].name, g.arrays[i].dtype,
             g.arrays[i].ndim == 2 ? layouts2[pick(&g.bytes, 2)] : layouts[pick(&g.bytes, 2)]);
    emit(&g.out, "n: int64, x: float32):\n");
    g.vars[g.var_count++] = (Var){"n", "int64", K_INT};
    g.vars[g.var_count++] = (Var){"x", "float32", K_FLOAT};
    emit(&g.out, "    i = cuda.grid(1)\n");
    g.vars[g.var_count++] = (Var){"i", "int64", K_INT};
    if (pick(&g.bytes, 2)) {
        Array *s = &g.arrays[g.array_count++];
        s->kind = pick(&g.bytes, 2) ? K_FLOAT : K_INT;
        s->dtype = type_of(&g, s->kind);
        s->size = 64;
        snprintf(s->name, sizeof s->name, "s");
        emit(&g.out, "    s = cuda.shared.array(64, %s)\n", s->dtype);
    }
    if (pick(&g.bytes, 2)) {
        Array *l = &g.arrays[g.array_count++];
        l->kind = pick(&g.bytes, 2) ? K_FLOAT : K_INT;
        l->dtype = type_of(&g, l->kind);
        l->size = 8;
        l->local = true;
        snprintf(l->name, sizeof l->name, "loc");
        emit(&g.out, "    loc = cuda.local.array(8, %s)\n", l->dtype);
    }
    block(&g, 1);
    return g.out.buf;
}
