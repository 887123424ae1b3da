/* Telling PTX, cubin and fatbin apart, and the facts text of a binary's
 * __pykc_facts global; see module_image.h. */
#include "module_image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool starts_with_bytes(const unsigned char *image, const unsigned char *magic, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (image[i] != magic[i])
            return false;   /* stops at the first difference: a NUL ends a short text here */
    return true;
}

RtImageKind rt_image_kind(const void *image)
{
    static const unsigned char elf[4] = {0x7f, 'E', 'L', 'F'};
    static const unsigned char fatbin[4] = {0x50, 0xed, 0x55, 0xba};
    if (starts_with_bytes(image, elf, 4))
        return RT_IMAGE_CUBIN;
    if (starts_with_bytes(image, fatbin, 4))
        return RT_IMAGE_FATBIN;
    return RT_IMAGE_PTX;
}

const char *rt_image_kind_name(RtImageKind kind)
{
    return kind == RT_IMAGE_CUBIN ? "cubin" : kind == RT_IMAGE_FATBIN ? "fatbin" : "PTX";
}

char *rt_facts_text_from_global(const unsigned char *bytes, size_t size, char *error, size_t error_cap)
{
    if (size == 0 || bytes[size - 1] != '\0') {
        snprintf(error, error_cap, "its " RT_FACTS_GLOBAL " global (%zu bytes) does not end with a NUL", size);
        return NULL;
    }
    const unsigned char *nul = memchr(bytes, '\0', size);
    if (nul != bytes + size - 1) {
        snprintf(error, error_cap, "its " RT_FACTS_GLOBAL " global has a NUL at byte %zu of %zu",
                 (size_t)(nul - bytes), size);
        return NULL;
    }
    char *text = malloc(size);
    if (!text) {
        snprintf(error, error_cap, "out of host memory");
        return NULL;
    }
    memcpy(text, bytes, size);
    return text;
}
