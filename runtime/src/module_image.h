/* What pyk_module_load_ptx and pyk_module_load_file were given: PTX text,
 * a cubin (an ELF file: \x7f E L F) or a fatbin (magic 0xBA55ED50, stored
 * little-endian: 50 ED 55 BA), told apart by their first bytes; and the
 * launch-facts text a cubin or fatbin carries in its __pykc_facts global
 * (docs/abi.md, "Launch facts in a cubin or fatbin"), which module.c
 * copies from the device after loading. Pure: unit-tested without a GPU
 * (tests/runtime/module_image_test.c). */
#ifndef RT_MODULE_IMAGE_H
#define RT_MODULE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

#define RT_FACTS_GLOBAL "__pykc_facts"

typedef enum RtImageKind {
    RT_IMAGE_PTX,
    RT_IMAGE_CUBIN,
    RT_IMAGE_FATBIN,
} RtImageKind;

/* The kind of `image` by its magic bytes; anything else is taken for PTX
 * text. Reads no further than a byte that does not match (so a short PTX
 * string is safe). */
RtImageKind rt_image_kind(const void *image);

/* "PTX", "cubin" or "fatbin". */
const char *rt_image_kind_name(RtImageKind kind);

/* The facts text from the `size` bytes of a __pykc_facts global: a
 * malloc'd NUL-terminated copy holding the "// pykc." lines, which the PTX
 * parsers (rt_facts_parse_module, rt_check_sites_parse) read as they read
 * a PTX. NULL with a reason in `error` when the bytes are not such a text
 * (empty, not ended by a NUL, a NUL inside) or memory runs out. */
char *rt_facts_text_from_global(const unsigned char *bytes, size_t size, char *error, size_t error_cap);

#endif
