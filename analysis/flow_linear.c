/* Linear forms over thread geometry and opaque values; see flow.h. A form
 * with more terms than LINEAR_MAX_TERMS is simply not a form: the analysis
 * loses the value's name, never its soundness. */
#include "flow.h"

Linear flow_linear_invalid(void)
{
    return (Linear){.valid = false};
}

Linear flow_linear_const(int64_t value)
{
    return (Linear){.valid = true, .constant = value};
}

Linear flow_linear_atom(Atom atom)
{
    Linear l = {.valid = true, .count = 1};
    l.atoms[0] = atom;
    l.coefs[0] = 1;
    return l;
}

static bool atom_equal(const Atom *a, const Atom *b)
{
    return a->kind == b->kind && a->axis == b->axis && a->sym == b->sym && a->version == b->version;
}

static int find(const Linear *l, const Atom *atom)
{
    for (int i = 0; i < l->count; i++)
        if (atom_equal(&l->atoms[i], atom))
            return i;
    return -1;
}

static void drop_zero_terms(Linear *l)
{
    int kept = 0;
    for (int i = 0; i < l->count; i++)
        if (l->coefs[i] != 0) {
            l->atoms[kept] = l->atoms[i];
            l->coefs[kept] = l->coefs[i];
            kept++;
        }
    l->count = kept;
}

Linear flow_linear_add(Linear a, Linear b, int64_t b_scale)
{
    if (!a.valid || !b.valid)
        return flow_linear_invalid();
    /* int64 arithmetic wraps in Numba; a form that would overflow is
     * simply not a form */
    int64_t term;
    for (int i = 0; i < b.count; i++) {
        if (__builtin_mul_overflow(b.coefs[i], b_scale, &term))
            return flow_linear_invalid();
        int at = find(&a, &b.atoms[i]);
        if (at >= 0) {
            if (__builtin_add_overflow(a.coefs[at], term, &a.coefs[at]))
                return flow_linear_invalid();
            continue;
        }
        if (a.count == LINEAR_MAX_TERMS)
            return flow_linear_invalid();
        a.atoms[a.count] = b.atoms[i];
        a.coefs[a.count] = term;
        a.count++;
    }
    if (__builtin_mul_overflow(b.constant, b_scale, &term) ||
        __builtin_add_overflow(a.constant, term, &a.constant))
        return flow_linear_invalid();
    drop_zero_terms(&a);
    return a;
}

Linear flow_linear_scale(Linear a, int64_t k)
{
    if (!a.valid)
        return a;
    for (int i = 0; i < a.count; i++)
        if (__builtin_mul_overflow(a.coefs[i], k, &a.coefs[i]))
            return flow_linear_invalid();
    if (__builtin_mul_overflow(a.constant, k, &a.constant))
        return flow_linear_invalid();
    drop_zero_terms(&a);
    return a;
}

bool flow_linear_same_terms(const Linear *a, const Linear *b, int64_t *delta)
{
    if (!a->valid || !b->valid || a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++) {
        int at = find(b, &a->atoms[i]);
        if (at < 0 || b->coefs[at] != a->coefs[i])
            return false;
    }
    /* constants far apart (INT64_MIN against 0): not a difference the
     * analysis can name, so the forms are not related */
    return !__builtin_sub_overflow(a->constant, b->constant, delta);
}

bool flow_linear_equal(const Linear *a, const Linear *b)
{
    int64_t delta;
    return flow_linear_same_terms(a, b, &delta) && delta == 0;
}

int flow_linear_grid_axis(const Linear *l)
{
    if (!l->valid || l->count != 2 || l->constant != 0)
        return -1;
    int axis = l->atoms[0].axis;
    Atom thread = {.kind = ATOM_THREAD, .axis = axis};
    Atom base = {.kind = ATOM_BLOCKBASE, .axis = axis};
    int t = find(l, &thread), b = find(l, &base);
    return t >= 0 && b >= 0 && l->coefs[t] == 1 && l->coefs[b] == 1 ? axis : -1;
}

const Atom *flow_linear_single_atom(const Linear *l)
{
    if (!l->valid || l->count != 1 || l->coefs[0] != 1 || l->constant != 0)
        return NULL;
    return &l->atoms[0];
}

bool flow_linear_has(const Linear *l, AtomKind kind)
{
    for (int i = 0; l->valid && i < l->count; i++)
        if (l->atoms[i].kind == kind)
            return true;
    return false;
}
