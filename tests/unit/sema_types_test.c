/* Unit test of sema's numeric core: types.c (names, interning, Numba's
 * casting graph, unification), operators.c (overload resolution) and
 * fold.c (constant folding). Expected values come from numba-cuda.md §2
 * (observed on a GPU), from running Numba's own castgraph.py on the rules
 * of typeconv/rules.py, and from Python's and Numba's documented
 * semantics. Prints "N passed, M failed" last; exits 1 on any failure. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../sema/fold.h"
#include "../../sema/operators.h"
#include "../../sema/types.h"
#include "../../sema/type_shorthands.h"

static int passed, failed;

static void check(bool ok, const char *what, int line)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL line %d: %s\n", line, what);
}

#define CHECK(cond) check((cond), #cond, __LINE__)

static void check_type(const Type *got, const Type *want, const char *what, int line)
{
    if (got == want) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL line %d: %s: got %s, want %s\n", line, what, got ? got->name : "(null)",
           want ? want->name : "(null)");
}

#define CHECK_TYPE(got, want) check_type((got), (want), #got, __LINE__)


/* math.h's INFINITY and NAN are floats; these are doubles */
#define INF HUGE_VAL
#define QNAN ((double)NAN)

static Arena arena;
static TypeTable *table;

/* ---- names and interning ------------------------------------------------ */

static const Type *by_name(const char *name) { return type_scalar_by_name(str_from_cstr(name)); }

static void test_names(void)
{
    CHECK(strcmp(type_bool_t.name, "bool") == 0);
    CHECK(strcmp(type_uint16_t.name, "uint16") == 0);
    CHECK(strcmp(type_float16_t.name, "float16") == 0);
    CHECK(strcmp(type_none_t.name, "none") == 0);
    CHECK_TYPE(type_int(32, false), U32);
    CHECK_TYPE(type_int(12, true), NULL);
    CHECK_TYPE(type_float(16), F16);
    CHECK_TYPE(by_name("float32"), F32);
    CHECK_TYPE(by_name("f4"), F32);
    CHECK_TYPE(by_name("f8"), F64);
    CHECK_TYPE(by_name("double"), F64);
    CHECK_TYPE(by_name("f2"), F16);
    CHECK_TYPE(by_name("i1"), I8);
    CHECK_TYPE(by_name("u8"), U64);
    CHECK_TYPE(by_name("intp"), I64);
    CHECK_TYPE(by_name("uintp"), U64);
    CHECK_TYPE(by_name("intc"), I32);
    CHECK_TYPE(by_name("uintc"), U32);
    CHECK_TYPE(by_name("boolean"), B);
    CHECK_TYPE(by_name("bool_"), B);
    CHECK_TYPE(by_name("b1"), B);
    CHECK_TYPE(by_name("byte"), U8);
    CHECK_TYPE(by_name("void"), &type_none_t);
    CHECK_TYPE(by_name("half"), F16);
    CHECK_TYPE(by_name("single"), F32);
    CHECK_TYPE(by_name("float"), NULL);
    CHECK_TYPE(by_name("int"), NULL);
    CHECK_TYPE(by_name("complex64"), C64);
    CHECK_TYPE(by_name("c8"), C64);
    CHECK_TYPE(by_name("c16"), C128);
    CHECK_TYPE(by_name("csingle"), C64);
    CHECK_TYPE(by_name("cdouble"), C128);
    CHECK_TYPE(by_name("complex_"), C128);
    CHECK_TYPE(by_name("complex"), NULL);
    CHECK_TYPE(type_complex(64), C64);
    CHECK_TYPE(type_complex(128), C128);
    CHECK_TYPE(type_complex(32), NULL);
    CHECK_TYPE((C64)->elem, F32);
    CHECK_TYPE((C128)->elem, F64);
    CHECK(type_store_size(C64) == 8);
    CHECK(type_store_size(C128) == 16);
    CHECK(type_store_size(B) == 1);
    CHECK(type_store_size(I16) == 2);
    CHECK(type_store_size(F64) == 8);
}

static void test_interning(void)
{
    const Type *a = type_array(table, F32, 1, LAYOUT_C, MEM_GLOBAL);
    CHECK(a == type_array(table, F32, 1, LAYOUT_C, MEM_GLOBAL));
    CHECK(a != type_array(table, F32, 1, LAYOUT_A, MEM_GLOBAL));
    CHECK(a != type_array(table, F32, 1, LAYOUT_C, MEM_SHARED));
    CHECK(strcmp(a->name, "array(float32, 1d, C)") == 0);
    CHECK(strcmp(type_array(table, I32, 2, LAYOUT_A, MEM_SHARED)->name, "array(int32, 2d, A, shared)") == 0);
    CHECK(strcmp(type_array(table, F64, 3, LAYOUT_F, MEM_LOCAL)->name, "array(float64, 3d, F, local)") == 0);

    const Type *ii[] = {I64, I64}, *if_[] = {I64, F32};
    const Type *t = type_tuple(table, ii, 2);
    CHECK(t == type_tuple(table, ii, 2));
    CHECK(strcmp(t->name, "UniTuple(int64 x 2)") == 0);
    CHECK(strcmp(type_tuple(table, if_, 2)->name, "Tuple(int64, float32)") == 0);
    CHECK(strcmp(type_tuple(table, NULL, 0)->name, "Tuple()") == 0);
    CHECK(type_tuple(table, NULL, 0) == type_tuple(table, NULL, 0));
    CHECK(type_tuple(table, ii, 1) != t);
    CHECK(strcmp(type_range(table, I64)->name, "range_state_int64") == 0);
    CHECK(type_range(table, I32) == type_range(table, I32));
}

/* ---- the casting graph -------------------------------------------------- */

static const Type *const graph_order[14] = {B, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64,
                                            C64, C128};

/* The table Numba's castgraph.TypeGraph builds from rules.py (run on its
 * own code): row = from, column = to, in graph_order. The complex columns
 * and rows follow from rules.py's three complex edges (float32 -> complex64
 * and float64 -> complex128 safe, no way back; complex64 -> complex128
 * promote, unsafe back) by the same closure: a chain costs its worst edge
 * ('N': no conversion). */
static const char *const numba_graph[14] = {
    "=SSSSSSSSSSSSS", /* bool */
    "U=PPPUUUUSSSSS", /* int8 */
    "UU=PPUUUUUSSSS", /* int16 */
    "UUU=PUUUUUUSUS", /* int32 */
    "UUUU=UUUUUUSUS", /* int64 */
    "UUSSS=PPPUSSSS", /* uint8 */
    "UUUSSU=PPUUSUS", /* uint16 */
    "UUUUSUU=PUUSUS", /* uint32 */
    "UUUUUUUU=UUSUS", /* uint64 */
    "UUUUUUUUU=PPSS", /* float16 */
    "UUUUUUUUUU=PSS", /* float32 */
    "UUUUUUUUUUU=US", /* float64 */
    "NNNNNNNNNNNN=P", /* complex64 */
    "NNNNNNNNNNNNU=", /* complex128 */
};

static Conversion conv_of(char c)
{
    return c == '=' ? CONV_EXACT : c == 'P' ? CONV_PROMOTE : c == 'S' ? CONV_SAFE
           : c == 'U' ? CONV_UNSAFE : CONV_NONE;
}

static void test_casting_graph(void)
{
    for (int i = 0; i < 14; i++)
        for (int j = 0; j < 14; j++) {
            Conversion got = type_can_convert(graph_order[i], graph_order[j]);
            if (got != conv_of(numba_graph[i][j]))
                printf("  %s -> %s: got %d\n", graph_order[i]->name, graph_order[j]->name, (int)got);
            CHECK(got == conv_of(numba_graph[i][j]));
        }
    /* named pairs, reasoned from the edges */
    CHECK(type_can_convert(I8, F64) == CONV_SAFE);      /* int8-int32 promote, int32-float64 safe */
    CHECK(type_can_convert(I64, F32) == CONV_UNSAFE);
    CHECK(type_can_convert(U64, I64) == CONV_UNSAFE);
    CHECK(type_can_convert(I64, U64) == CONV_UNSAFE);
    CHECK(type_can_convert(I8, I64) == CONV_PROMOTE);
    CHECK(type_can_convert(U8, I64) == CONV_SAFE);
    CHECK(type_can_convert(U32, F64) == CONV_SAFE);
    CHECK(type_can_convert(I16, F32) == CONV_SAFE);
    CHECK(type_can_convert(I32, F32) == CONV_UNSAFE);
    CHECK(type_can_convert(B, F16) == CONV_SAFE);
    CHECK(type_can_convert(F16, F64) == CONV_PROMOTE);
    CHECK(type_can_convert(F64, F32) == CONV_UNSAFE);
    CHECK(type_can_convert(F32, F32) == CONV_EXACT);
    CHECK(type_can_convert(&type_none_t, I64) == CONV_NONE);
    CHECK(type_can_convert(I64, &type_none_t) == CONV_NONE);

    const Type *i32f32[] = {I32, F32}, *i64f64[] = {I64, F64}, *i64f16[] = {I64, F16}, *one[] = {I32};
    CHECK(type_can_convert(type_tuple(table, i32f32, 2), type_tuple(table, i64f64, 2)) == CONV_PROMOTE);
    CHECK(type_can_convert(type_tuple(table, i32f32, 2), type_tuple(table, i64f16, 2)) == CONV_UNSAFE);
    CHECK(type_can_convert(type_tuple(table, one, 1), type_tuple(table, i32f32, 2)) == CONV_NONE);
    CHECK(type_can_convert(type_tuple(table, NULL, 0), type_tuple(table, NULL, 0)) == CONV_EXACT);

    const Type *c = type_array(table, F32, 2, LAYOUT_C, MEM_GLOBAL);
    const Type *a = type_array(table, F32, 2, LAYOUT_A, MEM_GLOBAL);
    CHECK(type_can_convert(c, a) == CONV_SAFE);
    CHECK(type_can_convert(a, c) == CONV_NONE);
    CHECK(type_can_convert(c, type_array(table, F32, 2, LAYOUT_F, MEM_GLOBAL)) == CONV_NONE);
    CHECK(type_can_convert(c, type_array(table, F64, 2, LAYOUT_A, MEM_GLOBAL)) == CONV_NONE);
    CHECK(type_can_convert(c, type_array(table, F32, 2, LAYOUT_A, MEM_SHARED)) == CONV_NONE);
}

/* ---- unification -------------------------------------------------------- */

#define CHECK_UNIFY(a, b, want) do { \
        CHECK_TYPE(type_unify(table, a, b), want); \
        CHECK_TYPE(type_unify(table, b, a), want); \
    } while (0)

static void test_unify(void)
{
    /* numba-cuda.md §2.6 */
    CHECK_UNIFY(I64, F32, F64);
    CHECK_UNIFY(I32, F32, F64);
    CHECK_UNIFY(I32, I64, I64);
    CHECK_UNIFY(I32, U32, I64);
    CHECK_UNIFY(I64, U64, F64);
    CHECK_UNIFY(F32, F64, F64);
    CHECK_UNIFY(I64, F64, F64);           /* acc = 0; acc += f32 */
    /* §2.2: max and min unify their arguments (MinMaxBase) */
    CHECK_UNIFY(F32, F32, F32);           /* max(f32, f32) */
    CHECK_UNIFY(I32, F32, F64);           /* max(i32, f32) */
    CHECK_UNIFY(I32, U32, I64);           /* min(i32, u32) */
    /* np.promote_types */
    CHECK_UNIFY(I8, F16, F16);
    CHECK_UNIFY(U8, F16, F16);
    CHECK_UNIFY(I16, F16, F32);
    CHECK_UNIFY(U16, F16, F32);
    CHECK_UNIFY(I32, F16, F64);
    CHECK_UNIFY(U64, F32, F64);
    CHECK_UNIFY(U8, I8, I16);
    CHECK_UNIFY(U16, I16, I32);
    CHECK_UNIFY(U8, I32, I32);
    CHECK_UNIFY(U32, I8, I64);
    CHECK_UNIFY(U8, U32, U32);
    CHECK_UNIFY(I8, I64, I64);
    CHECK_UNIFY(F16, F32, F32);
    /* bool is no Number: it goes to the type it converts to safely */
    CHECK_UNIFY(B, I64, I64);
    CHECK_UNIFY(B, F32, F32);
    CHECK_UNIFY(B, U8, U8);
    CHECK_UNIFY(B, B, B);
    CHECK_UNIFY(I32, &type_none_t, NULL);
    /* np.promote_types with complex numbers */
    CHECK_UNIFY(C64, F64, C128);
    CHECK_UNIFY(C64, F32, C64);
    CHECK_UNIFY(C64, F16, C64);
    CHECK_UNIFY(C64, I16, C64);
    CHECK_UNIFY(C64, I32, C128);
    CHECK_UNIFY(C64, U64, C128);
    CHECK_UNIFY(C64, I8, C64);
    CHECK_UNIFY(C64, C128, C128);
    CHECK_UNIFY(C128, F32, C128);
    CHECK_UNIFY(B, C64, C64);

    const Type *i32x2[] = {I32, I32}, *i64x2[] = {I64, I64}, *i32f32[] = {I32, F32};
    const Type *i64f32[] = {I64, F32}, *i64u64[] = {I64, U64}, *u64i64[] = {U64, I64};
    const Type *f64x2[] = {F64, F64}, *one[] = {I32};
    CHECK_UNIFY(type_tuple(table, i32x2, 2), type_tuple(table, i64x2, 2), type_tuple(table, i64x2, 2));
    CHECK_UNIFY(type_tuple(table, i32f32, 2), type_tuple(table, i64f32, 2), type_tuple(table, i64f32, 2));
    CHECK_UNIFY(type_tuple(table, i64u64, 2), type_tuple(table, u64i64, 2), type_tuple(table, f64x2, 2));
    CHECK_UNIFY(type_tuple(table, i32x2, 2), type_tuple(table, one, 1), NULL);
    CHECK_UNIFY(type_tuple(table, one, 1), I32, NULL);

    const Type *c = type_array(table, F32, 1, LAYOUT_C, MEM_GLOBAL);
    const Type *f = type_array(table, F32, 1, LAYOUT_F, MEM_GLOBAL);
    CHECK_UNIFY(c, f, type_array(table, F32, 1, LAYOUT_A, MEM_GLOBAL));
    CHECK_UNIFY(c, c, c);
    CHECK_UNIFY(c, type_array(table, F64, 1, LAYOUT_C, MEM_GLOBAL), NULL);
    CHECK_UNIFY(c, type_array(table, F32, 2, LAYOUT_C, MEM_GLOBAL), NULL);
    CHECK_UNIFY(type_range(table, I32), type_range(table, I64), type_range(table, I64));
}

/* ---- operators ---------------------------------------------------------- */

static OpArg v(const Type *t) { return (OpArg){t, false}; }
static OpArg lit(const Type *t) { return (OpArg){t, true}; }

typedef struct BinRow {
    int line;
    BinOpKind op;
    OpArg left, right;
    const Type *result, *arg0, *arg1;   /* result NULL: rejected */
} BinRow;

#define ROW(op, l, r, res, a0, a1) {__LINE__, op, l, r, res, a0, a1}
#define V(t) {t, false}
#define LIT(t) {t, true}

static const BinRow binop_rows[] = {
    /* numba-cuda.md §2.2 */
    ROW(BINOP_MUL, V(F32), LIT(I64), F64, F64, F64),   /* f32 * 2 */
    ROW(BINOP_MUL, V(F32), V(F64), F64, F64, F64),     /* f32 * 2.0 */
    ROW(BINOP_MUL, V(F32), V(F32), F32, F32, F32),
    ROW(BINOP_ADD, V(F32), V(F32), F32, F32, F32),
    ROW(BINOP_ADD, V(F32), V(I32), F64, F64, F64),
    ROW(BINOP_ADD, V(F32), V(I64), F64, F64, F64),
    ROW(BINOP_ADD, V(F32), V(I16), F32, F32, F32),
    ROW(BINOP_ADD, V(I32), V(I32), I64, I64, I64),
    ROW(BINOP_MUL, V(I32), V(I32), I64, I64, I64),
    ROW(BINOP_LSHIFT, V(I32), LIT(I64), I64, I32, I64),
    ROW(BINOP_FLOORDIV, V(I32), V(I32), I64, I64, I64),
    ROW(BINOP_MOD, V(I32), V(I32), I64, I64, I64),
    ROW(BINOP_ADD, V(U32), V(U32), U64, U64, U64),
    ROW(BINOP_ADD, V(I32), V(U32), I64, I64, U64),
    ROW(BINOP_ADD, V(I64), V(U64), I64, I64, U64),
    ROW(BINOP_ADD, V(B), V(B), I64, I64, I64),
    ROW(BINOP_TRUEDIV, V(I32), V(I32), F64, I64, I64),
    ROW(BINOP_TRUEDIV, V(F32), V(I32), F64, F64, F64),
    ROW(BINOP_TRUEDIV, V(F32), V(F32), F32, F32, F32),
    ROW(BINOP_FLOORDIV, V(F32), V(F32), F32, F32, F32),
    ROW(BINOP_POW, V(F32), LIT(I64), F32, F32, I64),   /* f32 ** 2 */
    ROW(BINOP_POW, V(F32), V(F64), F64, F64, F64),     /* f32 ** 2.0 */
    ROW(BINOP_POW, V(I32), LIT(I64), I64, I64, I64),   /* i32 ** 2 */
    ROW(BINOP_MUL, V(F64), V(F32), F64, F64, F64),     /* math.pi * f32 */
    /* §2.5: blockIdx.x * blockDim.x + threadIdx.x */
    ROW(BINOP_ADD, V(I64), V(I32), I64, I64, I64),
    /* §2.6: acc = 0 (or 0.0); acc += f32 */
    ROW(BINOP_ADD, V(I64), V(F32), F64, F64, F64),
    ROW(BINOP_ADD, V(F64), V(F32), F64, F64, F64),
    /* more, reasoned from the candidate lists and the graph */
    ROW(BINOP_ADD, V(U64), LIT(I64), I64, U64, I64),   /* (uint64, int64) -> int64 exactly */
    ROW(BINOP_ADD, V(I16), V(I16), I64, I64, I64),
    ROW(BINOP_ADD, V(F32), V(U16), F64, F64, F64),     /* uint16 -> float32 is unsafe */
    ROW(BINOP_ADD, V(F32), V(U8), F32, F32, F32),
    ROW(BINOP_SUB, V(F64), V(U64), F64, F64, F64),
    ROW(BINOP_POW, V(F64), V(I32), F64, F64, I32),
    ROW(BINOP_POW, V(F32), V(U64), F32, F32, U64),
    ROW(BINOP_RSHIFT, V(U32), V(I32), U64, U32, I64),
    ROW(BINOP_LSHIFT, V(U8), V(U64), U64, U8, U64),
    ROW(BINOP_LSHIFT, V(I64), V(F64), NULL, NULL, NULL),  /* unsafe casting refused */
    ROW(BINOP_LSHIFT, V(F32), V(I32), NULL, NULL, NULL),
    ROW(BINOP_BITAND, V(B), V(B), B, B, B),
    ROW(BINOP_BITOR, V(I32), V(I32), I64, I64, I64),
    ROW(BINOP_BITXOR, V(B), V(I32), I64, I64, I64),       /* tie with (uint64, int64): first wins */
    ROW(BINOP_BITAND, V(U32), V(I32), I64, U64, I64),
    ROW(BINOP_BITAND, V(F32), V(I32), NULL, NULL, NULL),
    ROW(BINOP_BITAND, V(U64), V(I64), I64, U64, I64),
    ROW(BINOP_MATMUL, V(F32), V(F32), NULL, NULL, NULL),
    /* numba-cuda's float16 templates come first for + - * / */
    ROW(BINOP_ADD, V(F16), V(F16), F16, F16, F16),
    ROW(BINOP_MUL, V(F16), V(I8), F16, F16, F16),
    ROW(BINOP_SUB, V(B), V(F16), F16, F16, F16),
    ROW(BINOP_TRUEDIV, V(F16), V(F16), F16, F16, F16),
    ROW(BINOP_ADD, V(F16), LIT(I64), F64, F64, F64),
    ROW(BINOP_ADD, V(F16), V(U8), F32, F32, F32),
    ROW(BINOP_MUL, V(F16), V(F32), F32, F32, F32),
    ROW(BINOP_FLOORDIV, V(F16), V(F16), F32, F32, F32),
    ROW(BINOP_POW, V(F16), LIT(I64), F32, F32, I64),
    /* complex: the candidates' complex64, complex128 cases, listed last */
    ROW(BINOP_ADD, V(C64), V(C64), C64, C64, C64),
    ROW(BINOP_MUL, V(C64), V(F32), C64, C64, C64),
    ROW(BINOP_MUL, V(C64), V(F64), C128, C128, C128),    /* c64 * 2.0 */
    ROW(BINOP_MUL, V(C64), LIT(I64), C128, C128, C128),  /* c64 * 2 */
    ROW(BINOP_SUB, V(C64), V(I16), C64, C64, C64),
    ROW(BINOP_ADD, V(I32), V(C64), C128, C128, C128),
    ROW(BINOP_ADD, V(C64), V(C128), C128, C128, C128),
    ROW(BINOP_ADD, V(F16), V(C64), C64, C64, C64),       /* no float16 template: complex64 */
    ROW(BINOP_TRUEDIV, V(C128), V(I64), C128, C128, C128),
    ROW(BINOP_TRUEDIV, V(I64), V(I64), F64, I64, I64),   /* ints stay real */
    ROW(BINOP_POW, V(C64), LIT(I64), C128, C128, C128),  /* no complex ** int case */
    ROW(BINOP_POW, V(C64), V(F32), C64, C64, C64),
    ROW(BINOP_POW, V(F64), V(C64), C128, C128, C128),
    ROW(BINOP_FLOORDIV, V(C64), V(C64), NULL, NULL, NULL),
    ROW(BINOP_MOD, V(C128), V(F64), NULL, NULL, NULL),
    ROW(BINOP_BITAND, V(C64), V(I32), NULL, NULL, NULL),
};

static void test_binops(void)
{
    for (size_t i = 0; i < sizeof binop_rows / sizeof binop_rows[0]; i++) {
        const BinRow *r = &binop_rows[i];
        OpSignature sig = {0};
        bool ok = sema_resolve_binop(r->op, r->left, r->right, &sig);
        check(ok == (r->result != NULL), "resolved as expected", r->line);
        if (!ok || !r->result)
            continue;
        check_type(sig.result, r->result, "result", r->line);
        check_type(sig.args[0], r->arg0, "args[0]", r->line);
        check_type(sig.args[1], r->arg1, "args[1]", r->line);
        check(sig.arg_count == 2, "arg_count", r->line);
    }
}

static void check_unary(UnaryOpKind op, OpArg a, const Type *result, const Type *arg, int line)
{
    OpSignature sig = {0};
    bool ok = sema_resolve_unary(op, a, &sig);
    check(ok == (result != NULL), "unary resolved as expected", line);
    if (ok && result) {
        check_type(sig.result, result, "unary result", line);
        check_type(sig.args[0], arg, "unary args[0]", line);
    }
}

static void check_compare(CmpOpKind op, OpArg a, OpArg b, const Type *in, int line)
{
    OpSignature sig = {0};
    bool ok = sema_resolve_compare(op, a, b, &sig);
    check(ok == (in != NULL), "compare resolved as expected", line);
    if (ok && in) {
        check_type(sig.result, B, "compare result", line);
        check_type(sig.args[0], in, "compare args[0]", line);
        check_type(sig.args[1], in, "compare args[1]", line);
    }
}

static void check_abs(OpArg a, const Type *result, int line)
{
    OpSignature sig = {0};
    bool ok = sema_resolve_abs(a, &sig);
    check(ok == (result != NULL), "abs resolved as expected", line);
    if (ok && result) {
        check_type(sig.result, result, "abs result", line);
        check_type(sig.args[0], result, "abs args[0]", line);
    }
}

static void check_range(const Type *a, const Type *b, const Type *c, const Type *elem, int line)
{
    OpArg args[3] = {v(a), v(b), v(c)};
    int count = c ? 3 : b ? 2 : 1;
    OpSignature sig = {0};
    bool ok = sema_resolve_range(args, count, &sig);
    check(ok, "range resolved", line);
    if (ok)
        check_type(sig.result, elem, "range element", line);
}

static void test_other_operators(void)
{
    check_unary(UNARY_NEG, v(U32), U64, U32, __LINE__);     /* §2.2 -u32 */
    check_unary(UNARY_INVERT, v(U32), U64, U32, __LINE__);
    check_unary(UNARY_INVERT, v(I32), I64, I32, __LINE__);
    check_unary(UNARY_INVERT, v(B), B, B, __LINE__);        /* ~bool -> bool */
    check_unary(UNARY_NEG, v(B), I64, B, __LINE__);
    check_unary(UNARY_POS, v(I8), I64, I8, __LINE__);
    check_unary(UNARY_NEG, v(F32), F32, F32, __LINE__);
    check_unary(UNARY_NEG, v(F16), F16, F16, __LINE__);
    check_unary(UNARY_NEG, lit(I64), I64, I64, __LINE__);
    check_unary(UNARY_INVERT, v(F32), NULL, NULL, __LINE__);
    check_unary(UNARY_NOT, v(F64), B, F64, __LINE__);
    check_unary(UNARY_NEG, v(C64), C64, C64, __LINE__);
    check_unary(UNARY_POS, v(C128), C128, C128, __LINE__);
    check_unary(UNARY_INVERT, v(C64), NULL, NULL, __LINE__);
    check_unary(UNARY_NOT, v(C64), B, C64, __LINE__);

    check_compare(CMP_LT, v(I32), v(U32), I64, __LINE__);   /* §2.2 */
    check_compare(CMP_LT, v(U64), v(I64), F64, __LINE__);
    check_compare(CMP_EQ, v(F32), v(F32), F32, __LINE__);
    check_compare(CMP_GE, v(I32), lit(I64), I64, __LINE__);
    check_compare(CMP_LT, v(F32), lit(I64), F64, __LINE__);
    check_compare(CMP_NE, v(B), v(B), B, __LINE__);
    check_compare(CMP_EQ, v(C64), v(C64), C64, __LINE__);
    check_compare(CMP_NE, v(C64), v(F64), C128, __LINE__);
    check_compare(CMP_EQ, v(C128), lit(I64), C128, __LINE__);
    check_compare(CMP_LT, v(C64), v(C64), NULL, __LINE__);      /* complex has no order */
    check_compare(CMP_GE, v(C128), v(F64), NULL, __LINE__);
    check_compare(CMP_LT, v(B), v(I32), I32, __LINE__);     /* (int32,int32): one safe only */
    check_compare(CMP_LE, v(I8), v(U8), I16, __LINE__);     /* tie with int32: first wins */
    check_compare(CMP_LT, v(F16), v(F16), F16, __LINE__);   /* float16 template */
    check_compare(CMP_EQ, v(F16), v(I8), F16, __LINE__);
    check_compare(CMP_IS, v(I32), v(I32), NULL, __LINE__);

    check_abs(v(I32), I32, __LINE__);                       /* §2.2: abs does not widen */
    check_abs(v(U16), U16, __LINE__);
    check_abs(v(F32), F32, __LINE__);
    check_abs(v(F16), F16, __LINE__);
    check_abs(v(B), I8, __LINE__);                          /* every case safe: the first wins */
    OpSignature abs_sig = {0};
    CHECK(sema_resolve_abs(v(C64), &abs_sig) && abs_sig.result == F32 && abs_sig.args[0] == C64);
    CHECK(sema_resolve_abs(v(C128), &abs_sig) && abs_sig.result == F64 && abs_sig.args[0] == C128);

    check_range(I32, NULL, NULL, I32, __LINE__);
    check_range(I16, NULL, NULL, I32, __LINE__);            /* promote to int32 and int64: tie */
    check_range(U32, NULL, NULL, U64, __LINE__);            /* promote to uint64 beats safe */
    check_range(I64, NULL, NULL, I64, __LINE__);
    check_range(I32, I64, NULL, I64, __LINE__);
    check_range(I32, U64, NULL, I32, __LINE__);             /* one unsafe either way: first */
    check_range(U64, U64, U64, U64, __LINE__);
    OpSignature sig;
    CHECK(!sema_resolve_range(NULL, 0, &sig));
}

/* ---- folding ------------------------------------------------------------ */

static ConstValue ci(int64_t x) { return (ConstValue){.kind = CONST_INT, .i = x}; }
static ConstValue cu(uint64_t x) { return (ConstValue){.kind = CONST_INT, .i = (int64_t)x}; }
static ConstValue cf(double x) { return (ConstValue){.kind = CONST_FLOAT, .f = x}; }
static ConstValue cb(bool x) { return (ConstValue){.kind = CONST_BOOL, .b = x}; }
static ConstValue cc(double re, double im)
{
    ConstValue v = {.kind = CONST_COMPLEX};
    v.c.re = re;
    v.c.im = im;
    return v;
}

static bool same_float(double a, double b)
{
    return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

static bool same_const(ConstValue a, ConstValue b)
{
    if (a.kind != b.kind)
        return false;
    switch (a.kind) {
    case CONST_BOOL: return a.b == b.b;
    case CONST_INT: return a.i == b.i;
    case CONST_FLOAT: return same_float(a.f, b.f);
    case CONST_COMPLEX: return same_float(a.c.re, b.c.re) && same_float(a.c.im, b.c.im);
    default: return true;
    }
}

static void report_fold(bool ok, ConstValue got, ConstValue want, int line)
{
    if (ok && same_const(got, want)) {
        passed++;
        return;
    }
    failed++;
    if (!ok)
        printf("FAIL line %d: not folded\n", line);
    else
        printf("FAIL line %d: got kind %d i=%lld f=%.17g b=%d\n", line, (int)got.kind,
               (long long)got.i, got.f, (int)got.b);
}

static void fold2(BinOpKind op, const Type *t, ConstValue a, ConstValue b, ConstValue want, int line)
{
    ConstValue got = {0};
    report_fold(fold_binop(op, t, a, t, b, &got), got, want, line);
}

static void no_fold2(BinOpKind op, const Type *t, ConstValue a, ConstValue b, int line)
{
    ConstValue got = {0};
    check(!fold_binop(op, t, a, t, b, &got), "left unfolded", line);
}

static void fold_pow(const Type *t, ConstValue a, const Type *bt, ConstValue b, ConstValue want, int line)
{
    ConstValue got = {0};
    report_fold(fold_binop(BINOP_POW, t, a, bt, b, &got), got, want, line);
}

#define FOLD(op, t, a, b, want) fold2(op, t, a, b, want, __LINE__)
#define NO_FOLD(op, t, a, b) no_fold2(op, t, a, b, __LINE__)
#define FOLD_POW(t, a, bt, b, want) fold_pow(t, a, bt, b, want, __LINE__)

static void test_fold_integers(void)
{
    /* §2.3: floor division and modulo */
    FOLD(BINOP_FLOORDIV, I64, ci(7), ci(2), ci(3));
    FOLD(BINOP_FLOORDIV, I64, ci(-7), ci(2), ci(-4));
    FOLD(BINOP_FLOORDIV, I64, ci(7), ci(-2), ci(-4));
    FOLD(BINOP_FLOORDIV, I64, ci(-7), ci(-2), ci(3));
    FOLD(BINOP_MOD, I64, ci(7), ci(2), ci(1));
    FOLD(BINOP_MOD, I64, ci(-7), ci(2), ci(1));
    FOLD(BINOP_MOD, I64, ci(7), ci(-2), ci(-1));
    FOLD(BINOP_MOD, I64, ci(-7), ci(-2), ci(-1));
    FOLD(BINOP_FLOORDIV, I64, ci(INT64_MIN), ci(-1), ci(0));
    FOLD(BINOP_MOD, I64, ci(INT64_MIN), ci(-1), ci(0));
    FOLD(BINOP_FLOORDIV, I64, ci(5), ci(0), ci(0));
    FOLD(BINOP_MOD, I64, ci(-5), ci(0), ci(0));
    FOLD(BINOP_FLOORDIV, I32, ci(INT32_MIN), ci(-1), ci(0));
    FOLD(BINOP_FLOORDIV, I64, ci(INT32_MIN), ci(-1), ci(2147483648));
    FOLD(BINOP_FLOORDIV, U64, cu(UINT64_MAX), ci(2), ci(INT64_MAX));
    FOLD(BINOP_MOD, U64, cu(UINT64_MAX), ci(10), ci(5));
    FOLD(BINOP_MOD, U64, ci(7), ci(0), ci(0));
    /* §2.4: wrapping */
    FOLD(BINOP_ADD, I64, ci(INT64_MAX), ci(1), ci(INT64_MIN));
    FOLD(BINOP_ADD, I32, ci(2147483647), ci(1), ci(-2147483648));
    FOLD(BINOP_ADD, I64, ci(2147483647), ci(1), ci(2147483648));
    FOLD(BINOP_MUL, I64, ci(2147483647), ci(2), ci(4294967294));
    FOLD(BINOP_SUB, U64, ci(0), ci(1), cu(UINT64_MAX));
    FOLD(BINOP_SUB, U32, ci(0), ci(1), ci(4294967295));
    FOLD(BINOP_ADD, U8, ci(200), ci(100), ci(44));
    FOLD(BINOP_MUL, U64, cu(1ull << 63), ci(2), ci(0));
    FOLD(BINOP_BITAND, I64, ci(12), ci(10), ci(8));
    FOLD(BINOP_BITOR, I64, ci(12), ci(10), ci(14));
    FOLD(BINOP_BITXOR, I64, ci(12), ci(10), ci(6));
    NO_FOLD(BINOP_TRUEDIV, I64, ci(1), ci(2));
    /* shifts in the type's width; counts outside [0, width) are poison */
    FOLD(BINOP_LSHIFT, I64, ci(1), ci(63), ci(INT64_MIN));
    FOLD(BINOP_LSHIFT, I32, ci(1), ci(31), ci(INT32_MIN));
    FOLD(BINOP_RSHIFT, I64, ci(-8), ci(1), ci(-4));
    FOLD(BINOP_RSHIFT, I32, ci(-1), ci(31), ci(-1));
    FOLD(BINOP_RSHIFT, U64, cu(UINT64_MAX), ci(60), ci(15));
    FOLD(BINOP_RSHIFT, U8, ci(0x80), ci(7), ci(1));
    FOLD(BINOP_LSHIFT, I64, ci(3), ci(0), ci(3));
    NO_FOLD(BINOP_LSHIFT, I64, ci(1), ci(64));
    NO_FOLD(BINOP_LSHIFT, I64, ci(1), ci(-1));
    NO_FOLD(BINOP_RSHIFT, U32, ci(1), ci(32));
}

static void test_fold_powers(void)
{
    FOLD(BINOP_POW, I64, ci(2), ci(10), ci(1024));
    FOLD(BINOP_POW, I64, ci(2), ci(0), ci(1));
    FOLD(BINOP_POW, I64, ci(2), ci(64), ci(0));
    FOLD(BINOP_POW, I64, ci(3), ci(40), ci(-6289078614652622815));   /* 3**40 mod 2**64 */
    FOLD(BINOP_POW, I64, ci(-3), ci(3), ci(-27));
    FOLD(BINOP_POW, I64, ci(3), ci(-1), ci(0));
    FOLD(BINOP_POW, I64, ci(1), ci(-5), ci(1));
    FOLD(BINOP_POW, I64, ci(-1), ci(-3), ci(-1));
    FOLD(BINOP_POW, I64, ci(-1), ci(-4), ci(1));
    FOLD(BINOP_POW, I64, ci(0), ci(-1), ci(INT64_MIN));               /* §2.2: INT_MIN pattern */
    NO_FOLD(BINOP_POW, I64, ci(2), ci(INT64_MIN));                    /* -b overflows */
    NO_FOLD(BINOP_POW, I64, ci(2), ci(100000));                       /* math.pow: inf */
    FOLD(BINOP_POW, I64, ci(1), ci(100000), ci(1));
    FOLD(BINOP_POW, I64, ci(-1), ci(100001), ci(-1));
    FOLD(BINOP_POW, I64, ci(-1), ci(100000), ci(1));
    FOLD(BINOP_POW, I64, ci(0), ci(100000), ci(0));
    FOLD(BINOP_POW, U64, ci(3), ci(3), ci(27));
    FOLD_POW(I64, cu(2), U64, cu(3), ci(8));
    /* float ** int: squaring in the float's precision */
    FOLD_POW(F64, cf(2.0), I64, ci(10), cf(1024.0));
    FOLD_POW(F64, cf(2.0), I64, ci(-2), cf(0.25));
    FOLD_POW(F64, cf(-0.5), I32, ci(3), cf(-0.125));
    FOLD_POW(F32, cf((double)1.1f), I64, ci(3), cf(1.3310000896453857));
    FOLD_POW(F32, cf((double)1.1f), I64, ci(-3), cf(0.7513147592544556));
    FOLD_POW(F64, cf(0.0), I64, ci(-1), cf(INF));
    ConstValue got;
    CHECK(!fold_binop(BINOP_POW, F64, cf(2.0), I64, ci(100000), &got));
    CHECK(!fold_binop(BINOP_POW, F64, cf(2.0), I64, ci(INT64_MIN), &got));
    CHECK(!fold_binop(BINOP_POW, F64, cf(2.0), F64, cf(2.0), &got));   /* pow() */
}

static void test_fold_floats(void)
{
    /* §2.3: Python's float // and % */
    FOLD(BINOP_MOD, F64, cf(7.5), cf(2), cf(1.5));
    FOLD(BINOP_MOD, F64, cf(-7.5), cf(2), cf(0.5));
    FOLD(BINOP_MOD, F64, cf(7.5), cf(-2), cf(-0.5));
    FOLD(BINOP_FLOORDIV, F64, cf(-7.5), cf(2), cf(-4.0));
    FOLD(BINOP_FLOORDIV, F64, cf(7.5), cf(2), cf(3.0));
    FOLD(BINOP_FLOORDIV, F64, cf(5.5), cf(-2), cf(-3.0));
    FOLD(BINOP_FLOORDIV, F64, cf(1.0), cf(0.0), cf(INF));
    FOLD(BINOP_FLOORDIV, F64, cf(-1.0), cf(0.0), cf(-INF));
    FOLD(BINOP_FLOORDIV, F64, cf(0.0), cf(0.0), cf(QNAN));
    FOLD(BINOP_MOD, F64, cf(1.0), cf(0.0), cf(QNAN));
    FOLD(BINOP_TRUEDIV, F64, cf(1.0), cf(0.0), cf(INF));
    FOLD(BINOP_TRUEDIV, F64, cf(0.0), cf(0.0), cf(QNAN));
    FOLD(BINOP_TRUEDIV, F64, cf(5.0), cf(0.0), cf(INF));     /* §2.3 int 5 / 0, in float64 */
    FOLD(BINOP_MOD, F64, cf(-0.0), cf(5), cf(0.0));        /* Python: 0.0 */
    FOLD(BINOP_MOD, F64, cf(0.0), cf(-5), cf(-0.0));       /* Python: -0.0 */
    FOLD(BINOP_FLOORDIV, F64, cf(-0.0), cf(5), cf(-0.0));  /* Python: -0.0 */
    FOLD(BINOP_FLOORDIV, F64, cf(1.0), cf(-0.5), cf(-2.0));
    FOLD(BINOP_MOD, F64, cf(0.1), cf(0.01), cf(3.469446951953614e-18));   /* Python */
    FOLD(BINOP_FLOORDIV, F64, cf(0.1), cf(0.01), cf(10.0));               /* Python */
    FOLD(BINOP_FLOORDIV, F64, cf(4.25), cf(0.7), cf(6.0));   /* Python; (x - mod) / y is 5.999... */
    FOLD(BINOP_MOD, F64, cf(4.25), cf(0.7), cf(0.050000000000000266));
    FOLD(BINOP_FLOORDIV, F64, cf(8.4), cf(0.7), cf(12.0));
    FOLD(BINOP_FLOORDIV, F64, cf(1e10), cf(3), cf(3333333333.0));
    FOLD(BINOP_FLOORDIV, F32, cf(1e10), cf(3), cf(3333333248.0));   /* (x - 1) / 3 rounded to float */
    FOLD(BINOP_MOD, F32, cf(7.5), cf(-2), cf(-0.5));
    FOLD(BINOP_MOD, F64, cf(INF), cf(2), cf(QNAN));
    /* float32 arithmetic rounds */
    FOLD(BINOP_ADD, F32, cf((double)0.1f), cf((double)0.2f), cf(0.30000001192092896));
    FOLD(BINOP_ADD, F32, cf(16777216.0), cf(1.0), cf(16777216.0));
    FOLD(BINOP_ADD, F64, cf(16777216.0), cf(1.0), cf(16777217.0));
    FOLD(BINOP_TRUEDIV, F32, cf(1.0), cf(3.0), cf((double)(1.0f / 3.0f)));
    FOLD(BINOP_MUL, F64, cf(1e308), cf(10), cf(INF));
    NO_FOLD(BINOP_ADD, F16, cf(1.0), cf(1.0));
    /* bool & | ^ */
    FOLD(BINOP_BITAND, B, cb(true), cb(false), cb(false));
    FOLD(BINOP_BITOR, B, cb(true), cb(false), cb(true));
    FOLD(BINOP_BITXOR, B, cb(true), cb(true), cb(false));
    NO_FOLD(BINOP_ADD, B, cb(true), cb(true));
    NO_FOLD(BINOP_ADD, I64, cf(1.0), ci(1));   /* operands not of the type */
}

static void unary(UnaryOpKind op, const Type *t, ConstValue a, ConstValue want, int line)
{
    ConstValue got = {0};
    report_fold(fold_unary(op, t, a, &got), got, want, line);
}

static void convert(ConstValue a, const Type *from, const Type *to, ConstValue want, int line)
{
    ConstValue got = {0};
    report_fold(fold_convert(a, from, to, &got), got, want, line);
}

static void no_convert(ConstValue a, const Type *from, const Type *to, int line)
{
    ConstValue got = {0};
    check(!fold_convert(a, from, to, &got), "conversion left unfolded", line);
}

static void compare(CmpOpKind op, const Type *t, ConstValue a, ConstValue b, bool want, int line)
{
    ConstValue got = {0};
    report_fold(fold_compare(op, t, a, b, &got), got, cb(want), line);
}

static void test_fold_unary(void)
{
    /* Numba negates and inverts in the operand's type, then widens */
    unary(UNARY_NEG, U32, ci(1), ci(4294967295), __LINE__);
    unary(UNARY_INVERT, U8, ci(0), ci(255), __LINE__);
    unary(UNARY_NEG, I32, ci(INT32_MIN), ci(INT32_MIN), __LINE__);
    unary(UNARY_NEG, I64, ci(5), ci(-5), __LINE__);
    unary(UNARY_INVERT, I64, ci(0), ci(-1), __LINE__);
    unary(UNARY_POS, I16, ci(-3), ci(-3), __LINE__);
    unary(UNARY_NEG, B, cb(true), ci(-1), __LINE__);
    unary(UNARY_POS, B, cb(true), ci(1), __LINE__);
    unary(UNARY_INVERT, B, cb(true), cb(false), __LINE__);
    unary(UNARY_NOT, I64, ci(0), cb(true), __LINE__);
    unary(UNARY_NOT, F64, cf(0.0), cb(true), __LINE__);
    unary(UNARY_NOT, F64, cf(QNAN), cb(false), __LINE__);
    unary(UNARY_NEG, F64, cf(0.0), cf(-0.0), __LINE__);
    ConstValue got;
    CHECK(!fold_unary(UNARY_INVERT, F32, cf(1.0), &got));
}

static void test_fold_convert(void)
{
    convert(ci(-1), I64, U64, cu(UINT64_MAX), __LINE__);
    convert(ci(4294967295), U32, I64, ci(4294967295), __LINE__);
    convert(ci(-1), I32, U8, ci(255), __LINE__);
    convert(ci(300), I64, I8, ci(44), __LINE__);
    convert(ci(4294967294), I64, I32, ci(-2), __LINE__);     /* §2.4: a store into int32 */
    convert(ci(-1), I8, I64, ci(-1), __LINE__);
    convert(ci(255), U8, I32, ci(255), __LINE__);
    convert(cu(UINT64_MAX), U64, F64, cf(18446744073709551616.0), __LINE__);
    convert(ci((1ll << 53) + 1), I64, F64, cf(9007199254740992.0), __LINE__);
    convert(ci(16777217), I64, F32, cf(16777216.0), __LINE__);
    /* one rounding, not two: via double this would give 2**60 */
    convert(ci((1ll << 60) + (1ll << 36) + 1), I64, F32, cf(1152921642045800448.0), __LINE__);
    convert(cf(3.99), F64, I32, ci(3), __LINE__);
    convert(cf(-3.99), F64, I32, ci(-3), __LINE__);
    convert(cf(-0.5), F64, U32, ci(0), __LINE__);
    convert(cf(9223372036854775808.0), F64, U64, cu(1ull << 63), __LINE__);
    no_convert(cf(9223372036854775808.0), F64, I64, __LINE__);
    no_convert(cf(QNAN), F64, I32, __LINE__);
    no_convert(cf(1e20), F64, I64, __LINE__);
    no_convert(cf(-1.0), F64, U32, __LINE__);
    no_convert(cf(INF), F32, I32, __LINE__);
    no_convert(cf(1.0), F64, F16, __LINE__);
    convert(cf(0.1), F64, F32, cf((double)0.1f), __LINE__);
    convert(cf((double)0.1f), F32, F64, cf((double)0.1f), __LINE__);
    convert(cf(1e300), F64, F32, cf(INF), __LINE__);
    convert(cb(true), B, F64, cf(1.0), __LINE__);
    convert(cb(true), B, I32, ci(1), __LINE__);
    convert(cf(0.0), F64, B, cb(false), __LINE__);
    convert(cf(QNAN), F64, B, cb(true), __LINE__);
    convert(ci(2), I64, B, cb(true), __LINE__);
    convert(ci(7), I64, I64, ci(7), __LINE__);
    /* complex: a real is the real part; each part rounded to the parts' float */
    convert(cc(0.1, 0.2), C128, C64, cc((double)0.1f, (double)0.2f), __LINE__);
    convert(cc((double)0.1f, -0.0), C64, C128, cc((double)0.1f, -0.0), __LINE__);
    convert(cf(0.1), F64, C64, cc((double)0.1f, 0.0), __LINE__);
    convert(ci(16777217), I64, C64, cc(16777216.0, 0.0), __LINE__);
    convert(ci(-3), I32, C128, cc(-3.0, 0.0), __LINE__);
    convert(cb(true), B, C128, cc(1.0, 0.0), __LINE__);
    convert(cc(0.0, QNAN), C128, B, cb(true), __LINE__);
    convert(cc(0.0, -0.0), C128, B, cb(false), __LINE__);
    no_convert(cc(1.0, 0.0), C128, F64, __LINE__);
    no_convert(cc(1.0, 0.0), C64, I32, __LINE__);
    no_convert(cf(1.0), F16, C64, __LINE__);
    ConstValue none;
    CHECK(!fold_binop(BINOP_ADD, C128, cc(1, 2), C128, cc(3, 4), &none));   /* numba's arithmetic, at run time */
    CHECK(!fold_unary(UNARY_NEG, C64, cc(1, 2), &none));
}

static void test_fold_compare_truth(void)
{
    compare(CMP_LT, I64, ci(-1), ci(1), true, __LINE__);
    compare(CMP_LT, U64, cu(UINT64_MAX), ci(1), false, __LINE__);
    compare(CMP_GE, U32, ci(4294967295), ci(0), true, __LINE__);
    compare(CMP_LT, B, cb(false), cb(true), true, __LINE__);
    compare(CMP_EQ, I32, ci(3), ci(3), true, __LINE__);
    compare(CMP_LT, F64, cf(QNAN), cf(1.0), false, __LINE__);
    compare(CMP_GE, F64, cf(QNAN), cf(1.0), false, __LINE__);
    compare(CMP_EQ, F64, cf(QNAN), cf(QNAN), false, __LINE__);
    compare(CMP_NE, F64, cf(QNAN), cf(QNAN), true, __LINE__);
    compare(CMP_EQ, F64, cf(0.0), cf(-0.0), true, __LINE__);
    compare(CMP_LE, F32, cf(1.5), cf(2.5), true, __LINE__);
    compare(CMP_EQ, C128, cc(1.0, 2.0), cc(1.0, 2.0), true, __LINE__);
    compare(CMP_EQ, C128, cc(1.0, QNAN), cc(1.0, QNAN), false, __LINE__);
    compare(CMP_NE, C64, cc(1.0, QNAN), cc(1.0, QNAN), true, __LINE__);
    compare(CMP_NE, C64, cc(0.0, 1.0), cc(-0.0, 1.0), false, __LINE__);
    ConstValue got;
    CHECK(!fold_compare(CMP_IS, I64, ci(1), ci(1), &got));
    CHECK(!fold_compare(CMP_LT, C128, cc(1, 0), cc(2, 0), &got));   /* complex numbers have no order */

    CHECK(fold_truth(cf(QNAN), F64));
    CHECK(!fold_truth(cf(-0.0), F64));
    CHECK(fold_truth(ci(5), I64));
    CHECK(!fold_truth(ci(0), U8));
    CHECK(fold_truth(cb(true), B));
    CHECK(!fold_truth((ConstValue){0}, &type_none_t));
    CHECK(fold_truth(cc(0.0, -1.0), C128));
    CHECK(!fold_truth(cc(-0.0, 0.0), C64));
}

int main(void)
{
    arena_init(&arena);
    table = types_new(&arena);
    test_names();
    test_interning();
    test_casting_graph();
    test_unify();
    test_binops();
    test_other_operators();
    test_fold_integers();
    test_fold_powers();
    test_fold_floats();
    test_fold_unary();
    test_fold_convert();
    test_fold_compare_truth();
    arena_free(&arena);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
