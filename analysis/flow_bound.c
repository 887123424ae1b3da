/* Bounds symbolic in the block's dimensions; see flow.h. A bound is a small
 * expression tree, folded where both operands are constants, and answered
 * by evaluating it for a concrete block: checking "for which blocks is this
 * index in range" is then a scan over block sizes, which needs no algebra
 * and no assumption that bounds grow with the block. */
#include "flow.h"

static const Bound *make(Arena *arena, BoundKind kind, int64_t value, const Bound *a,
                         const Bound *b)
{
    Bound *bound = ARENA_NEW(arena, Bound);
    *bound = (Bound){.kind = kind, .value = value, .a = a, .b = b};
    return bound;
}

static int64_t clamp(int64_t v)
{
    return v > FLOW_INF ? FLOW_INF : v < -FLOW_INF ? -FLOW_INF : v;
}

const Bound *flow_bound_const(Arena *arena, int64_t value)
{
    return make(arena, BOUND_CONST, clamp(value), NULL, NULL);
}

const Bound *flow_bound_blockdim(Arena *arena, int axis)
{
    Bound *bound = (Bound *)make(arena, BOUND_BLOCKDIM, 0, NULL, NULL);
    bound->axis = axis;
    return bound;
}

const Bound *flow_bound_runtime(Arena *arena)
{
    return make(arena, BOUND_RUNTIME, 0, NULL, NULL);
}

bool flow_bound_is_const(const Bound *b, int64_t *value)
{
    if (!b || b->kind != BOUND_CONST)
        return false;
    *value = b->value;
    return true;
}

const Bound *flow_bound_add(Arena *arena, const Bound *a, const Bound *b)
{
    if (!a || !b)
        return NULL;
    int64_t x, y;
    if (flow_bound_is_const(a, &x) && flow_bound_is_const(b, &y))
        return flow_bound_const(arena, x + y);
    if (flow_bound_is_const(b, &y) && y == 0)
        return a;
    return make(arena, BOUND_ADD, 0, a, b);
}

const Bound *flow_bound_scale(Arena *arena, const Bound *a, int64_t k)
{
    if (!a)
        return NULL;
    int64_t x, product;
    if (flow_bound_is_const(a, &x))
        return flow_bound_const(arena, __builtin_mul_overflow(x, k, &product)
                                           ? ((x < 0) != (k < 0) ? -FLOW_INF : FLOW_INF)
                                           : product);
    if (k == 1)
        return a;
    return make(arena, BOUND_MUL, 0, a, flow_bound_const(arena, k));
}

const Bound *flow_bound_mul(Arena *arena, const Bound *a, const Bound *b)
{
    if (!a || !b)
        return NULL;
    int64_t x;
    if (flow_bound_is_const(b, &x))
        return flow_bound_scale(arena, a, x);
    if (flow_bound_is_const(a, &x))
        return flow_bound_scale(arena, b, x);
    return make(arena, BOUND_MUL, 0, a, b);
}

const Bound *flow_bound_div(Arena *arena, const Bound *a, int64_t k)
{
    if (!a)
        return NULL;
    int64_t x;
    if (flow_bound_is_const(a, &x))
        return flow_bound_const(arena, x >= 0 ? x / k : -((-x + k - 1) / k));
    return make(arena, BOUND_DIV, k, a, NULL);
}

static const Bound *combine(Arena *arena, BoundKind kind, const Bound *a, const Bound *b)
{
    int64_t x, y;
    if (flow_bound_is_const(a, &x) && flow_bound_is_const(b, &y))
        return kind == BOUND_MIN ? (x < y ? a : b) : (x > y ? a : b);   /* no allocation: a long
                                                                         `and` chain meets one per fact */
    if (a == b)
        return a;
    return make(arena, kind, 0, a, b);
}

const Bound *flow_bound_min(Arena *arena, const Bound *a, const Bound *b)
{
    if (!a || !b)
        return a ? a : b;
    return combine(arena, BOUND_MIN, a, b);
}

const Bound *flow_bound_max(Arena *arena, const Bound *a, const Bound *b)
{
    if (!a || !b)
        return a ? a : b;
    return combine(arena, BOUND_MAX, a, b);
}

const Bound *flow_bound_join_upper(Arena *arena, const Bound *a, const Bound *b)
{
    return a && b ? combine(arena, BOUND_MAX, a, b) : NULL;
}

const Bound *flow_bound_join_lower(Arena *arena, const Bound *a, const Bound *b)
{
    return a && b ? combine(arena, BOUND_MIN, a, b) : NULL;
}

int64_t flow_bound_eval(const Bound *b, const int block[3], bool upper)
{
    if (!b)
        return upper ? FLOW_INF : -FLOW_INF;
    int64_t x, y;
    switch (b->kind) {
    case BOUND_CONST:
        return b->value;
    case BOUND_BLOCKDIM:
        return block[b->axis];
    case BOUND_RUNTIME:
        return upper ? FLOW_INF : -FLOW_INF;
    case BOUND_ADD:
        return clamp(flow_bound_eval(b->a, block, upper) + flow_bound_eval(b->b, block, upper));
    case BOUND_MUL: {
        /* a * k with k < 0 is largest where a is smallest */
        bool a_negative = flow_bound_is_const(b->a, &x) && x < 0;
        bool b_negative = flow_bound_is_const(b->b, &y) && y < 0;
        x = flow_bound_eval(b->a, block, b_negative ? !upper : upper);
        y = flow_bound_eval(b->b, block, a_negative ? !upper : upper);
        int64_t product;
        if (__builtin_mul_overflow(x, y, &product))
            return (x < 0) != (y < 0) ? -FLOW_INF : FLOW_INF;
        return clamp(product);
    }
    case BOUND_DIV:
        x = flow_bound_eval(b->a, block, upper);
        return x >= 0 ? x / b->value : -((-x + b->value - 1) / b->value);
    case BOUND_MIN:
        x = flow_bound_eval(b->a, block, upper);
        y = flow_bound_eval(b->b, block, upper);
        return x < y ? x : y;
    case BOUND_MAX:
        x = flow_bound_eval(b->a, block, upper);
        y = flow_bound_eval(b->b, block, upper);
        return x > y ? x : y;
    }
    return upper ? FLOW_INF : -FLOW_INF;
}

bool flow_bound_same(const Bound *a, const Bound *b, bool upper)
{
    static const int samples[][3] = {{1, 1, 1}, {32, 4, 2}, {256, 1, 1}, {1024, 1024, 64}};
    if (!a || !b)
        return !a && !b;
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        if (flow_bound_eval(a, samples[i], upper) != flow_bound_eval(b, samples[i], upper))
            return false;
    return true;
}
