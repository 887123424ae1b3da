/* @cuda.jit(shared_memory_carveout=...): numba-cuda hands the value to the
 * driver (cuKernelSetAttribute, PREFERRED_SHARED_MEMORY_CARVEOUT) when the
 * kernel is loaded; it is a preference for how the multiprocessor splits
 * L1 cache and shared memory, which no result of the kernel depends on.
 * pykc's PTX has no place for it, so the option is accepted with a
 * warning. A literal value Numba refuses for every launch (a string other
 * than default/MaxL1/MaxShared in any case, an integer outside -1..100) is
 * an error; any other value, a host variable included (numba-cuda's tests
 * loop over the values), is only warned about, since pykc need not know it. */
#include "sema_internal.h"

#include <ctype.h>
#include <string.h>

enum { CARVEOUT_MIN = -1, CARVEOUT_MAX = 100 };   /* the driver's range, in percent */

static bool same_ignoring_case(Str s, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)s.len != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s.ptr[i]) != word[i])
            return false;
    return true;
}

/* The literal integer of `value` (`50`, `-1`); false if it is not one. */
static bool literal_int(const Node *value, int64_t *out)
{
    bool negative = value->kind == NODE_UNARY && value->unary.op == UNARY_NEG;
    const Node *lit = negative ? value->unary.operand : value;
    if (lit->kind != NODE_INT || lit->int_lit.value > (uint64_t)INT64_MAX)
        return false;
    *out = negative ? -(int64_t)lit->int_lit.value : (int64_t)lit->int_lit.value;
    return true;
}

bool sema_read_carveout(Sema *sema, Node *keyword)
{
    Node *value = keyword->keyword.value;
    if (value->kind == NODE_NONE)
        return true;
    if (value->kind == NODE_STRING && !same_ignoring_case(value->string.value, "default") &&
        !same_ignoring_case(value->string.value, "maxl1") &&
        !same_ignoring_case(value->string.value, "maxshared")) {
        diag_error(sema->diag, value->span, "shared_memory_carveout must be \"default\", \"MaxL1\", "
                   "\"MaxShared\" or a percentage from -1 to 100");
        return false;
    }
    int64_t percent;
    if (literal_int(value, &percent) && (percent < CARVEOUT_MIN || percent > CARVEOUT_MAX)) {
        diag_error(sema->diag, value->span, "shared_memory_carveout must be between %d and %d, "
                   "not %lld", CARVEOUT_MIN, CARVEOUT_MAX, (long long)percent);
        return false;
    }
    diag_warning(sema->diag, keyword->span, "ignored-option", "@cuda.jit option "
                 "'shared_memory_carveout' has no effect in pykc: it asks the driver for a split "
                 "of L1 cache and shared memory, which the kernel's results do not depend on");
    return true;
}
