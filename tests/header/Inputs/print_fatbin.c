/* Writes the fatbin embedded in a generated header to standard output, byte
 * for byte (header_embeds_fatbin.test): as many bytes as its own header
 * says (16 + the size at byte 8), read through pykc_image_kernels, the
 * pointer the launchers load. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kernels.h"

int main(void)
{
    const unsigned char *image = (const unsigned char *)pykc_image_kernels;
    uint64_t size;
    memcpy(&size, image + 8, sizeof size);
    size_t len = (size_t)size + 16;
    if (len > sizeof pykc_fatbin_kernels)
        return 1;
    return fwrite(image, 1, len, stdout) == len ? 0 : 1;
}
