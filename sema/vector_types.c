/* CUDA's vector types as numba-cuda 0.30.4 has them (numba/cuda/stubs.py
 * and vector_types.py):
 *
 *   cuda.float32x4, cuda.int8x2, ...   ten member types (int8..int64,
 *                       uint8..uint64, float32, float64), one to four members
 *   cuda.float4, cuda.uchar2, ...      CUDA C's aliases of the same objects
 *   float32x3(a, b, c)  a constructor: each argument a number (converted to
 *                       the member type, unsafely if need be) or a vector of
 *                       the same member type giving all its members in
 *                       order, as long as they add up to the vector's size:
 *                       float32x4(float32x2(...), 1.0, 2.0)
 *   v.x, v.y, v.z, v.w  the members that exist, read-only
 *
 * Nothing else: no operators, no truth value, no comparison, no stores into
 * members; a vector may be kept in a local, held in a tuple, passed to and
 * returned from device functions. Numba has no typeof for vector types, so
 * no kernel parameter and no array has one. Codegen:
 * codegen/cg_vector_types.c. */
#include "sema_internal.h"

#include <string.h>

enum { MEMBER_TYPES = 10, MAX_MEMBERS = 4 };

/* numba.cuda's order of member types; a constructor's id is
 * CALLABLE_VECTOR_FIRST + 4 * (its index here) + members - 1. */
static const struct { const char *name; const Type *type; } member_types[MEMBER_TYPES] = {
    {"int8", &type_int8_t}, {"int16", &type_int16_t}, {"int32", &type_int32_t},
    {"int64", &type_int64_t}, {"uint8", &type_uint8_t}, {"uint16", &type_uint16_t},
    {"uint32", &type_uint32_t}, {"uint64", &type_uint64_t}, {"float32", &type_float32_t},
    {"float64", &type_float64_t},
};

/* CUDA C's names (stubs.py's map_vector_type_stubs_to_alias, with NumPy's
 * sizes on 64-bit Linux: long and ulong are 64 bits): int4 is int32x4. */
static const struct { const char *alias; int member; } aliases[] = {
    {"char", 0}, {"short", 1}, {"int", 2}, {"long", 3}, {"longlong", 3},
    {"uchar", 4}, {"ushort", 5}, {"uint", 6}, {"ulong", 7}, {"ulonglong", 7},
    {"float", 8}, {"double", 9},
};

/* name == prefix + suffix, where suffix is "xN" (numba_style) or "N",
 * N in 1..4: N, or 0 if name is not so made. */
static int members_after(Str name, const char *prefix, bool numba_style)
{
    size_t n = strlen(prefix);
    size_t want = n + (numba_style ? 2 : 1);
    if ((size_t)name.len != want || memcmp(name.ptr, prefix, n) != 0)
        return 0;
    if (numba_style && name.ptr[n] != 'x')
        return 0;
    char digit = name.ptr[want - 1];
    return digit >= '1' && digit <= '4' ? digit - '0' : 0;
}

static Value ctor_value(int member, int count)
{
    return (Value){.kind = VAL_BUILTIN, .id = CALLABLE_VECTOR_FIRST + MAX_MEMBERS * member + count - 1};
}

Value sema_vector_type_function(Str name)
{
    for (int i = 0; i < MEMBER_TYPES; i++) {
        int count = members_after(name, member_types[i].name, true);
        if (count)
            return ctor_value(i, count);
    }
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        int count = members_after(name, aliases[i].alias, false);
        if (count)
            return ctor_value(aliases[i].member, count);
    }
    return sema_value_error();
}

bool sema_is_vector_ctor(int id)
{
    return id >= CALLABLE_VECTOR_FIRST && id <= CALLABLE_VECTOR_LAST;
}

static const Type *vector_of_ctor(Sema *sema, int id)
{
    int k = id - CALLABLE_VECTOR_FIRST;
    return type_vector(sema->types, member_types[k / MAX_MEMBERS].type, k % MAX_MEMBERS + 1);
}

/* How many members an argument gives the vector being made: a number's
 * one, a vector of the same member type its own; 0 if it gives none
 * (Numba's constructors take nothing else; a complex does not convert). */
static int members_given(const Type *arg, const Type *vector)
{
    if (arg->kind == TYPE_VECTOR)
        return arg->elem == vector->elem ? arg->count : 0;
    if (type_is_scalar(arg) && type_can_convert(arg, vector->elem) != CONV_NONE)
        return 1;
    return 0;
}

/* float32x4(a, b, ...): Numba's constructor overloads are every sequence
 * of numbers and same-member vectors whose sizes add up to the vector's;
 * exactly one of them fits a given list of argument types, or none. */
Value sema_check_vector_ctor(FuncCtx *ctx, Node *call, int id)
{
    const Type *vector = vector_of_ctor(ctx->sema, id);
    if (call->call.keywords.count) {
        sema_report(ctx, call->call.keywords.items[0]->span, "the constructor of '%s' takes no keyword "
                    "arguments", vector->name);
        return sema_value_error();
    }
    NodeList *args = &call->call.args;
    int given = 0;
    bool ok = true;
    for (int i = 0; i < args->count; i++) {
        const Type *type = sema_check_value(ctx, args->items[i]);
        int members = type ? members_given(type, vector) : 0;
        if (type && !members)
            sema_report(ctx, args->items[i]->span, "argument %d of the constructor of '%s' must be a "
                        "number or a vector of '%s' (%sx1 to %sx4), not '%s'", i + 1, vector->name,
                        vector->elem->name, vector->elem->name, vector->elem->name, type->name);
        ok &= members > 0;
        given += members;
    }
    if (!ok)
        return sema_value_error();
    if (given != vector->count) {
        sema_report(ctx, call->span, "'%s' has %d member%s, and these arguments give %d", vector->name,
                    vector->count, vector->count == 1 ? "" : "s", given);
        return sema_value_error();
    }
    for (int i = 0; i < args->count; i++)
        if (args->items[i]->type->kind != TYPE_VECTOR)
            args->items[i] = sema_convert(ctx, args->items[i], vector->elem);
    call->call.builtin = BUILTIN_VECTOR_MAKE;
    call->type = vector;
    return sema_value_runtime(vector);
}

/* v.x .. v.w: the member, of the vector's member type. */
Value sema_check_vector_attribute(FuncCtx *ctx, Node *node, const Type *vector)
{
    static const char names[] = "xyzw";
    Str attr = node->attribute.attr;
    const char *found = attr.len == 1 ? strchr(names, attr.ptr[0]) : NULL;
    if (!found || !*found || found - names >= vector->count) {
        sema_report(ctx, node->span, "a value of type '%s' has no attribute '%.*s' (its members are %.*s)",
                    vector->name, STR_ARG(attr), 3 * vector->count - 2,
                    "x, y, z, w" /* the first count of them */);
        return sema_value_error();
    }
    node->attribute.builtin = BUILTIN_VECTOR_X + (int)(found - names);
    node->type = vector->elem;
    return sema_value_runtime(vector->elem);
}

/* target.NAME = value: Numba stores into no attribute a kernel can
 * reach; a vector's members are read-only (make_attribute_wrapper). */
void sema_report_attribute_store(FuncCtx *ctx, Node *target, Value base)
{
    if (base.kind == VAL_RUNTIME && base.type->kind == TYPE_VECTOR)
        sema_report(ctx, target->span, "the members of a '%s' are read-only: make a new one with "
                    "%s(...) instead", base.type->name, base.type->name);
    else if (base.kind != VAL_ERROR)
        sema_report(ctx, target->span, "cannot assign to this expression");
}
