/* Unit test of the launch-facts parser (runtime/src/launch_facts.c) over
 * valid and malformed lines; no driver needed. The format is docs/abi.md's
 * "Launch facts"; expected columns are counted by hand from the lines
 * ("// pykc.kernel " is 15 characters, so the kernel name is column 16). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "launch_facts.h"

static RtKernelFacts parse_ok(const char *line)
{
    RtKernelFacts facts;
    char error[256] = "";
    bool ok = rt_facts_parse_line(line, strlen(line), &facts, error, sizeof error);
    if (!ok)
        printf("unexpected error for \"%s\": %s\n", line, error);
    CHECK(ok);
    return facts;
}

/* Parses a line that must be rejected; returns the message. */
static const char *parse_bad(const char *line)
{
    static char error[256];
    RtKernelFacts facts;
    error[0] = '\0';
    bool ok = rt_facts_parse_line(line, strlen(line), &facts, error, sizeof error);
    CHECK(!ok);
    if (ok)
        rt_kernel_facts_free(&facts);
    return error;
}

static void check_param(const RtKernelFacts *k, int i, const char *name, pyk_dtype dtype, int ndim,
                        pyk_layout layout)
{
    CHECK(i < k->param_count);
    if (i >= k->param_count)
        return;
    CHECK(strcmp(k->params[i].name, name) == 0);
    CHECK(k->params[i].dtype == dtype);
    CHECK(k->params[i].ndim == ndim);
    CHECK(k->params[i].layout == layout);
}

static void test_valid_lines(void)
{
    RtKernelFacts k = parse_ok("// pykc.kernel vecadd(x: array(float32, 1d, C), "
                               "y: array(float32, 1d, C), out: array(float32, 1d, C))");
    CHECK(strcmp(k.name, "vecadd") == 0);
    CHECK(k.param_count == 3);
    CHECK(k.maxntid == 0);
    check_param(&k, 0, "x", PYK_FLOAT32, 1, PYK_LAYOUT_C);
    check_param(&k, 2, "out", PYK_FLOAT32, 1, PYK_LAYOUT_C);
    rt_kernel_facts_free(&k);

    k = parse_ok("// pykc.kernel reduce(a: array(float64, 2d, A), n: int64, flag: bool) maxntid=256");
    CHECK(k.param_count == 3);
    CHECK(k.maxntid == 256);
    check_param(&k, 0, "a", PYK_FLOAT64, 2, PYK_LAYOUT_A);
    check_param(&k, 1, "n", PYK_INT64, 0, 0);
    check_param(&k, 2, "flag", PYK_BOOL, 0, 0);
    rt_kernel_facts_free(&k);

    k = parse_ok("// pykc.kernel empty()");
    CHECK(strcmp(k.name, "empty") == 0 && k.param_count == 0 && k.params == NULL);
    rt_kernel_facts_free(&k);

    /* Unknown attributes are skipped, for later pykc versions. */
    k = parse_ok("// pykc.kernel k(a: uint8) future=1,2 maxntid=64");
    CHECK(k.maxntid == 64);
    check_param(&k, 0, "a", PYK_UINT8, 0, 0);
    rt_kernel_facts_free(&k);

    /* Extra blanks between tokens are allowed; every dtype spelling. */
    k = parse_ok("// pykc.kernel  k_2 ( m :  array( float16 ,3d,F ) , b: boolean, c: int8, "
                 "d: int16, e: int32, f: uint16, g: uint32, h: uint64, i: float64 )");
    CHECK(strcmp(k.name, "k_2") == 0 && k.param_count == 9);
    check_param(&k, 0, "m", PYK_FLOAT16, 3, PYK_LAYOUT_F);
    check_param(&k, 1, "b", PYK_BOOL, 0, 0);
    check_param(&k, 2, "c", PYK_INT8, 0, 0);
    check_param(&k, 3, "d", PYK_INT16, 0, 0);
    check_param(&k, 4, "e", PYK_INT32, 0, 0);
    check_param(&k, 5, "f", PYK_UINT16, 0, 0);
    check_param(&k, 6, "g", PYK_UINT32, 0, 0);
    check_param(&k, 7, "h", PYK_UINT64, 0, 0);
    check_param(&k, 8, "i", PYK_FLOAT64, 0, 0);
    char type[64];
    CHECK(strcmp(rt_param_type_name(&k.params[0], type, sizeof type), "array(float16, 3d, F)") == 0);
    CHECK(strcmp(rt_param_type_name(&k.params[8], type, sizeof type), "float64") == 0);
    rt_kernel_facts_free(&k);

    /* complex scalars and arrays */
    k = parse_ok("// pykc.kernel c(z: complex64, w: complex128, a: array(complex64, 1d, C), "
                 "b: array(complex128, 2d, A))");
    check_param(&k, 0, "z", PYK_COMPLEX64, 0, 0);
    check_param(&k, 1, "w", PYK_COMPLEX128, 0, 0);
    check_param(&k, 2, "a", PYK_COMPLEX64, 1, PYK_LAYOUT_C);
    check_param(&k, 3, "b", PYK_COMPLEX128, 2, PYK_LAYOUT_A);
    CHECK(strcmp(rt_param_type_name(&k.params[1], type, sizeof type), "complex128") == 0);
    CHECK(strcmp(rt_param_type_name(&k.params[2], type, sizeof type), "array(complex64, 1d, C)") == 0);
    CHECK(pyk_dtype_size(PYK_COMPLEX64) == 8 && pyk_dtype_size(PYK_COMPLEX128) == 16);
    CHECK(strcmp(pyk_dtype_name(PYK_COMPLEX64), "complex64") == 0);
    rt_kernel_facts_free(&k);
}

static void test_malformed_lines(void)
{
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: float128)"), "column 21: unknown type");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a float32)"),
                   "column 20: expected ':' after the parameter name");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: array(float32, 0d, C))"),
                   "column 36: expected the array's dimension count");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: array(float32, 1d, X))"),
                   "column 40: expected the array's layout: C, F or A");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: array(float32, 1, C))"),
                   "column 37: expected 'd' after the dimension count");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: array(float32, 9d, C))"),
                   "arrays of more than 8 dimensions are not supported");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: int32"), "column 26: expected ',' or ')'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: int32) maxntid=0"),
                   "column 36: expected a positive thread count");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: int32) maxntid"),
                   "column 35: expected '=' after the attribute name");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: int32) maxntid=12x"),
                   "expected a space after the 'maxntid' value");
    CHECK_CONTAINS(parse_bad("// pykc.kernel (a: int32)"), "column 16: expected the kernel name");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k a: int32"), "column 18: expected '(' after the kernel name");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: int32, a: int64)"), "parameter 'a' appears twice");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: arrayx)"), "column 21: unknown type");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(a: array(float32, 1d, CC))"),
                   "column 40: expected the array's layout");
}

/* blockmax and covers (docs/abi.md, "Launch facts"): in any order, mixed
 * with maxntid and unknown attributes, several per kernel. */
static void test_derived_constraints(void)
{
    RtKernelFacts k = parse_ok("// pykc.kernel block_sum(x: array(float32, 1d, C), "
                               "total: array(float32, 1d, C)) blockmax.x=256,partial,14");
    CHECK(k.maxntid == 0 && k.covers_count == 0 && k.blockmax_count == 1);
    if (k.blockmax_count == 1) {
        CHECK(k.blockmax[0].axis == 0 && k.blockmax[0].max == 256);
        CHECK(strcmp(k.blockmax[0].array, "partial") == 0 && k.blockmax[0].line == 14);
    }
    rt_kernel_facts_free(&k);

    k = parse_ok("// pykc.kernel mm(a: array(float32, 2d, C), out: array(float32, 2d, F), n: int32) "
                 "covers.y=out.shape[1],out,12 maxntid=128 covers.x=n,a,7 future.thing=1 "
                 "blockmax.y=16,tile,3 blockmax.x=32,tile_b,4");
    CHECK(k.maxntid == 128 && k.param_count == 3);
    CHECK(k.covers_count == 2 && k.blockmax_count == 2);
    if (k.covers_count == 2) {
        CHECK(k.covers[0].axis == 1 && k.covers[0].param == 1 && k.covers[0].dim == 1);
        CHECK(strcmp(k.covers[0].array, "out") == 0 && k.covers[0].line == 12);
        CHECK(k.covers[1].axis == 0 && k.covers[1].param == 2 && k.covers[1].dim == -1);
        CHECK(strcmp(k.covers[1].array, "a") == 0 && k.covers[1].line == 7);
    }
    if (k.blockmax_count == 2) {
        CHECK(k.blockmax[0].axis == 1 && k.blockmax[0].max == 16 && k.blockmax[0].line == 3);
        CHECK(strcmp(k.blockmax[0].array, "tile") == 0);
        CHECK(k.blockmax[1].axis == 0 && k.blockmax[1].max == 32 && k.blockmax[1].line == 4);
        CHECK(strcmp(k.blockmax[1].array, "tile_b") == 0);
    }
    rt_kernel_facts_free(&k);

    /* Every integer scalar type is an extent; the z axis; shape[0] of a 3-d
     * array; one axis constrained twice (both kept). */
    k = parse_ok("// pykc.kernel z(c: array(int8, 3d, A), p: int8, q: uint64, r: uint16) "
                 "covers.z=p,c,1 covers.z=q,c,2 covers.y=r,c,3 covers.x=c.shape[2],c,4 "
                 "blockmax.z=4,s,5 blockmax.z=2,t,6");
    CHECK(k.covers_count == 4 && k.blockmax_count == 2);
    if (k.covers_count == 4) {
        CHECK(k.covers[0].axis == 2 && k.covers[0].param == 1 && k.covers[0].dim == -1);
        CHECK(k.covers[1].param == 2 && k.covers[2].param == 3 && k.covers[2].axis == 1);
        CHECK(k.covers[3].param == 0 && k.covers[3].dim == 2);
    }
    if (k.blockmax_count == 2)
        CHECK(k.blockmax[0].axis == 2 && k.blockmax[1].axis == 2 && k.blockmax[1].max == 2);
    rt_kernel_facts_free(&k);

    /* Unknown attributes may have dotted names too. */
    k = parse_ok("// pykc.kernel k() later.x.y=anything,at,all");
    CHECK(k.blockmax_count == 0 && k.covers_count == 0 && k.blockmax == NULL && k.covers == NULL);
    rt_kernel_facts_free(&k);
}

/* A malformed blockmax or covers makes the line malformed, at the column
 * where it stops matching. The prefix below is 98 characters, so the
 * attribute's first character is column 99. */
#define DERIVED_PREFIX                                                                      \
    "// pykc.kernel k(a: array(float32, 1d, C), n: int64, s: float32, b: bool, "           \
    "m: array(int32, 2d, A)) "

static void check_bad_attribute(const char *attribute, const char *want, const char *file, int line)
{
    char text[512];
    snprintf(text, sizeof text, "%s%s", DERIVED_PREFIX, attribute);
    check_contains(parse_bad(text), want, file, line);
}

#define CHECK_BAD(attribute, want) check_bad_attribute((attribute), (want), __FILE__, __LINE__)

static void test_malformed_derived(void)
{
    CHECK(strlen(DERIVED_PREFIX) == 98);
    /* The prefix alone is a valid line. */
    RtKernelFacts k = parse_ok(DERIVED_PREFIX);
    rt_kernel_facts_free(&k);

    CHECK_BAD("blockmax=256,p,1",
              "column 107: expected '.' and an axis after 'blockmax', as in 'blockmax.x='");
    CHECK_BAD("blockmax.w=256,p,1", "column 108: expected the axis x, y or z after 'blockmax.'");
    CHECK_BAD("blockmax.xy=256,p,1", "column 108: expected the axis x, y or z after 'blockmax.'");
    CHECK_BAD("blockmax.x 256", "column 109: expected '=' after the attribute name");
    CHECK_BAD("blockmax.x=", "column 110: expected a value after '='");
    CHECK_BAD("blockmax.x= 256,p,1", "column 110: expected a value after '='");
    CHECK_BAD("blockmax.x=0,p,1", "column 110: expected a positive thread count after '='");
    CHECK_BAD("blockmax.x=abc,p,1", "column 110: expected a positive thread count after '='");
    CHECK_BAD("blockmax.x=99999999999,p,1", "column 110: expected a positive thread count");
    CHECK_BAD("blockmax.x=256", "column 113: expected ',' after the thread count");
    CHECK_BAD("blockmax.x=256;p,1", "column 113: expected ',' after the thread count");
    CHECK_BAD("blockmax.x=256,,1", "column 114: expected the array's name");
    CHECK_BAD("blockmax.x=256,p", "column 115: expected ',' after the array's name");
    CHECK_BAD("blockmax.x=256,p,0", "column 116: expected the source line number");
    CHECK_BAD("blockmax.x=256,p,14x", "column 118: unexpected text after the source line number");

    CHECK_BAD("covers=n,a,1",
              "column 105: expected '.' and an axis after 'covers', as in 'covers.x='");
    CHECK_BAD("covers.q=n,a,1", "column 106: expected the axis x, y or z after 'covers.'");
    CHECK_BAD("covers.x=,a,1",
              "column 108: expected a parameter name or 'PARAM.shape[K]' after '='");
    CHECK_BAD("covers.x=zz,a,1", "column 108: the extent names no parameter of this kernel");
    CHECK_BAD("covers.x=a,a,1", "column 108: 'a' is an array parameter: the extent is 'a.shape[K]'");
    CHECK_BAD("covers.x=n.shape[0],a,1",
              "column 108: 'n' is a scalar parameter: 'shape[K]' needs an array");
    CHECK_BAD("covers.x=a.shape[1],a,1", "column 108: 'a' has 1 dimension: 'shape[K]' needs K < 1");
    CHECK_BAD("covers.x=m.shape[2],m,1", "column 108: 'm' has 2 dimensions: 'shape[K]' needs K < 2");
    CHECK_BAD("covers.x=s,a,1", "column 108: 's' is a float32 parameter: the extent must be an integer");
    CHECK_BAD("covers.x=b,a,1", "column 108: 'b' is a bool parameter: the extent must be an integer");
    CHECK_BAD("covers.x=a.size,a,1",
              "column 110: expected 'shape[K]' after the parameter name and '.'");
    CHECK_BAD("covers.x=a.shape[],a,1", "column 116: expected a dimension number K in 'shape[K]'");
    CHECK_BAD("covers.x=a.shape[0,a,1", "column 117: expected ']' after the dimension number");
    CHECK_BAD("covers.x=a.shape[0]a,1", "column 118: expected ',' after the extent");
    CHECK_BAD("covers.x=n,a", "column 111: expected ',' after the array's name");
    CHECK_BAD("covers.x=n,a,7,8", "column 113: unexpected text after the source line number");
    CHECK_BAD("future.=1", "column 106: expected a name after '.' in the attribute name");
    /* The first attribute is fine; the second is not. */
    CHECK_BAD("covers.x=n,a,7 blockmax.x=-1,p,1", "column 125: expected a positive thread count");
}

/* cooperative=grid: a kernel that syncs its grid (pykc writes it last);
 * a reader that predates it skips it as any KEY=VALUE attribute. */
static void test_cooperative(void)
{
    RtKernelFacts k = parse_ok("// pykc.kernel rows(m: array(int32, 2d, C)) cooperative=grid");
    CHECK(k.cooperative && k.param_count == 1);
    rt_kernel_facts_free(&k);
    k = parse_ok("// pykc.kernel k(a: array(float32, 1d, C), n: int64) maxntid=256 "
                 "covers.x=n,a,12 cooperative=grid future.x=1");
    CHECK(k.cooperative && k.maxntid == 256 && k.covers_count == 1);
    rt_kernel_facts_free(&k);
    k = parse_ok("// pykc.kernel plain(a: array(float32, 1d, C)) maxntid=64");
    CHECK(!k.cooperative);
    rt_kernel_facts_free(&k);
    /* what an older reader does with it: a skipped attribute, read no further */
    k = parse_ok("// pykc.kernel k(n: int64) cooperativity=grid");
    CHECK(!k.cooperative);
    rt_kernel_facts_free(&k);

    CHECK_BAD("cooperative", "column 110: expected '=' after the attribute name");
    CHECK_BAD("cooperative=", "column 111: expected 'grid' after 'cooperative='");
    CHECK_BAD("cooperative=block",
              "column 111: expected 'grid' after 'cooperative=' (the group the kernel syncs)");
    CHECK_BAD("cooperative=grids",
              "column 111: expected 'grid' after 'cooperative=' (the group the kernel syncs)");
    CHECK_BAD("cooperative=grid,1", "column 115: expected a space after 'cooperative=grid'");
    CHECK_BAD("cooperative.x=grid", "column 110: expected '=' after the attribute name");
}

static void test_module(void)
{
    char error[256];
    RtModuleFacts facts;
    const char *ptx = "//\n"
                      "// pykc.kernel first(a: array(int32, 1d, C)) maxntid=128\r\n"
                      ".visible .entry first(\n"
                      "// pykc.kernel second(n: int64)\n"
                      "//pykc.kernel not_a_facts_line(\n"
                      "// pykc.abi 1\n";
    CHECK(rt_facts_parse_module(ptx, &facts, error, sizeof error));
    CHECK(facts.count == 2);
    const RtKernelFacts *first = rt_facts_find(&facts, "first");
    CHECK(first && first->maxntid == 128 && first->param_count == 1);
    CHECK(rt_facts_find(&facts, "second") != NULL);
    CHECK(rt_facts_find(&facts, "third") == NULL);
    rt_module_facts_free(&facts);

    CHECK(rt_facts_parse_module(".version 7.0\n.target sm_80\n", &facts, error, sizeof error));
    CHECK(facts.count == 0 && facts.kernels == NULL);

    CHECK(!rt_facts_parse_module("// ok\n// pykc.kernel k(a: int33)\n", &facts, error, sizeof error));
    CHECK_CONTAINS(error, "line 2, column 21: unknown type");
    CHECK(facts.count == 0);

    CHECK(!rt_facts_parse_module("// pykc.kernel k()\n\n// pykc.kernel k(a: int32)", &facts, error,
                                 sizeof error));
    CHECK_CONTAINS(error, "line 3: a second launch-facts line for kernel 'k'");

    /* A malformed derived constraint refuses the module, with its line. */
    CHECK(!rt_facts_parse_module("// ok\n// pykc.kernel k(n: int64) covers.x=n,out\n", &facts,
                                 error, sizeof error));
    CHECK_CONTAINS(error, "line 2, column 42: expected ',' after the array's name");
    CHECK(facts.count == 0);
}

/* Tuple parameters (docs/abi.md): a member per value, UniTuple expanded
 * into its copies; spelled back as Numba spells them. */
static void test_tuple_types(void)
{
    RtKernelFacts k = parse_ok("// pykc.kernel t(p: UniTuple(int64 x 2), h: Tuple(int32, float32), "
                               "n: Tuple(UniTuple(int16 x 2), array(float64, 1d, A), bool), "
                               "x: array(float32, 8d, C), s: Tuple( uint8 ,  int8 ), u: UniTuple( int8  x  3 ))");
    CHECK(k.param_count == 6);
    if (k.param_count != 6)
        return rt_kernel_facts_free(&k);
    const RtParamFacts *p = &k.params[0], *h = &k.params[1], *n = &k.params[2];
    CHECK(p->member_count == 2 && p->dtype == 0 && p->ndim == 0);
    CHECK(p->members[0].dtype == PYK_INT64 && p->members[1].dtype == PYK_INT64 && !p->members[1].name);
    CHECK(h->member_count == 2 && h->members[0].dtype == PYK_INT32 && h->members[1].dtype == PYK_FLOAT32);
    CHECK(n->member_count == 3 && n->members[0].member_count == 2);
    CHECK(n->members[0].members[1].dtype == PYK_INT16);
    CHECK(n->members[1].ndim == 1 && n->members[1].layout == PYK_LAYOUT_A && n->members[2].dtype == PYK_BOOL);
    check_param(&k, 3, "x", PYK_FLOAT32, 8, PYK_LAYOUT_C);
    CHECK(k.params[5].member_count == 3);
    CHECK(strcmp(p->type, "UniTuple(int64 x 2)") == 0);
    CHECK(strcmp(h->type, "Tuple(int32, float32)") == 0);
    CHECK(strcmp(n->type, "Tuple(UniTuple(int16 x 2), array(float64, 1d, A), bool)") == 0);
    CHECK(strcmp(k.params[4].type, "Tuple(uint8, int8)") == 0);
    CHECK(strcmp(k.params[5].type, "UniTuple(int8 x 3)") == 0);
    char cut[16];
    CHECK(strcmp(rt_param_type_name(n, cut, sizeof cut), "Tuple(UniTup...") == 0);
    rt_kernel_facts_free(&k);

    /* Complex members, scalars and arrays, as in any tuple. */
    k = parse_ok("// pykc.kernel w(t: Tuple(complex64, array(complex128, 3d, C)), u: UniTuple(complex128 x 2))");
    CHECK(k.param_count == 2 && k.params[0].member_count == 2 && k.params[1].member_count == 2);
    CHECK(k.params[0].members[0].dtype == PYK_COMPLEX64 && k.params[0].members[0].ndim == 0);
    CHECK(k.params[0].members[1].dtype == PYK_COMPLEX128 && k.params[0].members[1].ndim == 3);
    CHECK(k.params[1].members[1].dtype == PYK_COMPLEX128);
    CHECK(strcmp(k.params[0].type, "Tuple(complex64, array(complex128, 3d, C))") == 0);
    CHECK(strcmp(k.params[1].type, "UniTuple(complex128 x 2)") == 0);
    rt_kernel_facts_free(&k);

    /* Tuple of alike members is spelled as the UniTuple it is. */
    k = parse_ok("// pykc.kernel t(a: Tuple(int32, int32), b: Tuple(int32))");
    CHECK(k.param_count == 2 && strcmp(k.params[0].type, "UniTuple(int32 x 2)") == 0);
    CHECK(k.param_count == 2 && strcmp(k.params[1].type, "UniTuple(int32 x 1)") == 0);
    rt_kernel_facts_free(&k);

    /* 16 levels of tuples; at most 512 values (256 x 2 here). */
    k = parse_ok("// pykc.kernel t(a: UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple("
                 "UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(UniTuple(int8 "
                 "x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1) x 1), "
                 "b: UniTuple(UniTuple(float32 x 2) x 256))");
    CHECK(k.param_count == 2 && k.params[1].member_count == 256);
    rt_kernel_facts_free(&k);
}

static void test_malformed_tuples(void)
{
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64, 2))"),
                   "column 35: expected 'x' and the count, as in 'UniTuple(int64 x 2)'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64 y 2))"),
                   "column 36: expected 'x' and the count");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64x2))"), "column 30: unknown type");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64 x 0))"),
                   "column 38: expected the tuple's count after 'x'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64 x 2)"), "column 40: expected ',' or ')'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64 x 2]"),
                   "column 39: expected ')' to close 'UniTuple('");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple int64)"), "column 30: expected '(' after 'UniTuple'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: Tuple())"), "column 27: expected a type such as 'float32'");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: Tuple(int32 float32))"),
                   "column 33: expected ',' or ')' after a member of 'Tuple('");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: Tuple(int32, complex256))"), "column 34: unknown type");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: Tuple(int32, array(int8, 9d, C)))"),
                   "arrays of more than 8 dimensions are not supported");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int8 x 513))"),
                   "column 37: a tuple may hold at most 512 scalars and arrays");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(UniTuple(int8 x 100) x 6))"),
                   "a tuple may hold at most 512 scalars and arrays");
    char line[512] = "// pykc.kernel k(t: ";
    for (int i = 0; i < 17; i++)
        strcat(line, "Tuple(");
    strcat(line, "int8");
    for (int i = 0; i < 17; i++)
        strcat(line, ")");
    strcat(line, ")");
    CHECK_CONTAINS(parse_bad(line), "column 117: tuples nested more than 16 deep are not supported");
    CHECK_CONTAINS(parse_bad("// pykc.kernel k(t: UniTuple(int64 x 2)) covers.x=t,a,1"),
                   "column 51: 't' is a tuple parameter: the extent is an array's");
}

int main(void)
{
    test_valid_lines();
    test_malformed_lines();
    test_tuple_types();
    test_malformed_tuples();
    test_derived_constraints();
    test_malformed_derived();
    test_cooperative();
    test_module();
    return check_summary();
}
