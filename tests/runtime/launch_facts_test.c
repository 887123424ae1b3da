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
}

int main(void)
{
    test_valid_lines();
    test_malformed_lines();
    test_module();
    return check_summary();
}
