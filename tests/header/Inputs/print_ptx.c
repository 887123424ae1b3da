/* Writes the PTX embedded in a generated header to standard output, byte
 * for byte (header_embeds_ptx.test). PTX_NAME is the header's array,
 * pykc_ptx_<stem>. The launchers are static inline and unused, so the
 * program needs no libpykrt. */
#include <stdio.h>

#include "kernels.h"

int main(void)
{
    size_t len = sizeof PTX_NAME - 1; /* the literal's bytes, not up to a NUL */
    return fwrite(PTX_NAME, 1, len, stdout) == len ? 0 : 1;
}
