/* RtText: a message written into a caller's fixed buffer, appended to piece
 * by piece and cut short (with "...") rather than overflowing. The launch
 * checks build their reports with it on the stack, so a launch that passes
 * them allocates nothing. */
#ifndef RT_TEXT_H
#define RT_TEXT_H

#include <stddef.h>

typedef struct RtText {
    char *data; /* always NUL-terminated */
    size_t cap; /* bytes of data, >= 1 */
    size_t len;
} RtText;

RtText rt_text_over(char *buffer, size_t cap);
void rt_text_append(RtText *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif
