/* The assertion helpers shared by the runtime's test programs: each check
 * prints a FAIL line with its source line and the values involved, and
 * the program ends with "N passed, M failed" (exit 1 on any failure). */
#ifndef PYKRT_TEST_CHECK_H
#define PYKRT_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

static inline void check_true(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: %s\n", file, line, what);
}

static inline void check_contains(const char *text, const char *needle, const char *file, int line)
{
    if (text && strstr(text, needle)) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: expected \"%s\" in:\n  %s\n", file, line, needle, text ? text : "(null)");
}

#define CHECK(cond) check_true((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define CHECK_CONTAINS(text, needle) check_contains((text), (needle), __FILE__, __LINE__)

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
