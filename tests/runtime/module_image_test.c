/* Unit test of module_image.c (no driver needed): PTX, cubin and fatbin
 * told apart by their first bytes, without reading past a short text's
 * NUL, and the facts text of a __pykc_facts global accepted only as one
 * NUL-terminated text, which the launch-facts and check-site parsers then
 * read as they read a PTX (docs/abi.md, "Launch facts in a cubin or
 * fatbin"). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_record.h"
#include "launch_facts.h"
#include "module_image.h"

static void test_kinds(void)
{
    static const unsigned char elf[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x41};
    static const unsigned char fatbin[] = {0x50, 0xed, 0x55, 0xba, 1, 0, 0x10, 0};
    static const unsigned char not_fatbin[] = {0x50, 0xed, 0x55, 0xbb, 0};
    CHECK(rt_image_kind(elf) == RT_IMAGE_CUBIN);
    CHECK(rt_image_kind(fatbin) == RT_IMAGE_FATBIN);
    CHECK(rt_image_kind(not_fatbin) == RT_IMAGE_PTX);
    CHECK(rt_image_kind("//\n.version 8.5\n") == RT_IMAGE_PTX);
    CHECK(rt_image_kind("") == RT_IMAGE_PTX);       /* one byte read, no more */
    CHECK(rt_image_kind("\x7f") == RT_IMAGE_PTX);
    CHECK(rt_image_kind("\x7f" "EL") == RT_IMAGE_PTX);
    CHECK(strcmp(rt_image_kind_name(RT_IMAGE_CUBIN), "cubin") == 0);
    CHECK(strcmp(rt_image_kind_name(RT_IMAGE_FATBIN), "fatbin") == 0);
    CHECK(strcmp(rt_image_kind_name(RT_IMAGE_PTX), "PTX") == 0);
}

static void test_global_text(void)
{
    static const char facts[] =
        "// pykc.kernel saxpy(a: float32, x: array(float32, 1d, C), n: int64) maxntid=128\n"
        "// pykc.kernel fill(m: array(int32, 2d, F))\n";
    char error[256] = "";
    char *text = rt_facts_text_from_global((const unsigned char *)facts, sizeof facts, error, sizeof error);
    CHECK(text != NULL);
    if (!text)
        return;
    RtModuleFacts module;
    CHECK(rt_facts_parse_module(text, &module, error, sizeof error));
    CHECK(module.count == 2);
    const RtKernelFacts *saxpy = rt_facts_find(&module, "saxpy");
    CHECK(saxpy && saxpy->param_count == 3 && saxpy->maxntid == 128);
    CHECK(saxpy && saxpy->params[1].dtype == PYK_FLOAT32 && saxpy->params[1].ndim == 1);
    const RtKernelFacts *fill = rt_facts_find(&module, "fill");
    CHECK(fill && fill->params[0].layout == PYK_LAYOUT_F && fill->params[0].ndim == 2);
    rt_module_facts_free(&module);
    RtCheckSites sites;
    CHECK(rt_check_sites_parse(text, &sites, error, sizeof error) && sites.count == 0);
    rt_check_sites_free(&sites);
    free(text);

    /* A module without facts carries a lone NUL: an empty table. */
    text = rt_facts_text_from_global((const unsigned char *)"", 1, error, sizeof error);
    CHECK(text && text[0] == '\0');
    CHECK(text && rt_facts_parse_module(text, &module, error, sizeof error) && module.count == 0);
    free(text);

    /* Not one NUL-terminated text: refused, saying why. */
    CHECK(!rt_facts_text_from_global((const unsigned char *)"// pykc", 7, error, sizeof error));
    CHECK_CONTAINS(error, "(7 bytes) does not end with a NUL");
    CHECK(!rt_facts_text_from_global((const unsigned char *)"", 0, error, sizeof error));
    CHECK_CONTAINS(error, "(0 bytes) does not end with a NUL");
    CHECK(!rt_facts_text_from_global((const unsigned char *)"ab\0cd", 6, error, sizeof error));
    CHECK_CONTAINS(error, "has a NUL at byte 2 of 6");

    /* A malformed line in the global is the parser's error, as in a PTX. */
    static const char bad[] = "// pykc.kernel k(x: array(float32, 9d, C))\n";
    text = rt_facts_text_from_global((const unsigned char *)bad, sizeof bad, error, sizeof error);
    CHECK(text && !rt_facts_parse_module(text, &module, error, sizeof error));
    CHECK_CONTAINS(error, "line 1");
    free(text);
}

int main(void)
{
    test_kinds();
    test_global_text();
    return check_summary();
}
