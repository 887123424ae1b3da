/* bfloat16 as numba-cuda 0.30.4 types it. The type is numba-cuda's
 * Bfloat16 ("__nv_bfloat16"), named bfloat16 in numba.cuda.bf16 and
 * numba.cuda.types, nv_bfloat16 in numba.cuda._internal.cuda_bf16 (its
 * Numbast bindings of cuda_bf16.h). Calling the type converts (the
 * __nv_bfloat16 constructors: a float or an integer, rounded to nearest
 * even); calling a number type on a bfloat16 converts back (its conversion
 * operators: exact to float32 and float64, toward zero to an integer).
 *
 * The functions are the rows of bf16.def; each is a ConcreteTemplate with
 * one signature in numba-cuda, so every argument converts to the row's
 * argument type (unsafely if need be). math.NAME of a bfloat16 is bf16.py's
 * overload: hNAME. Codegen: codegen/cg_bf16.c. */
#include "sema_internal.h"

#include <string.h>

typedef struct Bf16Row {
    const char *cname, *alias;
    int arity;
    const Type *arg, *result;
} Bf16Row;

#define BF &type_bfloat16_t
#define BOOL &type_bool_t
#define I8 &type_int8_t
#define U8 &type_uint8_t
#define I16 &type_int16_t
#define U16 &type_uint16_t
#define I32 &type_int32_t
#define U32 &type_uint32_t
#define I64 &type_int64_t
#define U64 &type_uint64_t
#define F32 &type_float32_t
#define F64 &type_float64_t
static const Bf16Row rows[] = {
#define BF16(id, cname, alias, arity, arg, result, op, mode) {cname, alias, arity, arg, result},
#include "bf16.def"
#undef BF16
};
#undef BF
#undef BOOL

enum { ROW_COUNT = sizeof rows / sizeof rows[0] };
_Static_assert(ROW_COUNT == BUILTIN_BF16_LAST - BUILTIN_BF16_FIRST - 1, "one builtin per bf16.def row");

bool sema_is_bf16_builtin(int id)
{
    return id > BUILTIN_BF16_FIRST && id < BUILTIN_BF16_LAST;
}

static const Bf16Row *row_of(Builtin id)
{
    return &rows[id - BUILTIN_BF16_FIRST - 1];
}

static Value builtin(int row)
{
    return (Value){.kind = VAL_BUILTIN, .id = BUILTIN_BF16_FIRST + 1 + row};
}

/* numba.cuda.bf16 names a function by its C name less the leading "__"
 * (hadd for __hadd, htrunc for htrunc) or by its NumPy-style alias;
 * numba.cuda._internal.cuda_bf16 by its C name. */
Value sema_bf16_attribute(int ns, Str name)
{
    /* ml_dtypes.bfloat16: numba-cuda types NumPy's bfloat16 dtype (from
     * ml_dtypes) as its Bfloat16 */
    if (ns == NS_ML_DTYPES)
        return str_eq_cstr(name, "bfloat16") ? (Value){.kind = VAL_TYPE, .type = &type_bfloat16_t}
                                             : sema_value_error();
    bool internal = ns == NS_CUDA_BF16_INTERNAL;
    if (str_eq_cstr(name, internal ? "nv_bfloat16" : "bfloat16") ||
        (internal && str_eq_cstr(name, "__nv_bfloat16")))
        return (Value){.kind = VAL_TYPE, .type = &type_bfloat16_t};
    for (int i = 0; i < ROW_COUNT; i++) {
        const char *c = rows[i].cname;
        if (internal ? str_eq_cstr(name, c)
                     : str_eq_cstr(name, strncmp(c, "__", 2) == 0 ? c + 2 : c) ||
                           (rows[i].alias && str_eq_cstr(name, rows[i].alias)))
            return builtin(i);
    }
    return sema_value_error();
}

bool sema_bf16_math(int math_id, Builtin *out)
{
    static const struct { Builtin math, bf16; } table[] = {
        {BUILTIN_MATH_TRUNC, BUILTIN_BF16_HTRUNC}, {BUILTIN_MATH_CEIL, BUILTIN_BF16_HCEIL},
        {BUILTIN_MATH_FLOOR, BUILTIN_BF16_HFLOOR}, {BUILTIN_MATH_SQRT, BUILTIN_BF16_HSQRT},
        {BUILTIN_MATH_LOG, BUILTIN_BF16_HLOG}, {BUILTIN_MATH_LOG10, BUILTIN_BF16_HLOG10},
        {BUILTIN_MATH_COS, BUILTIN_BF16_HCOS}, {BUILTIN_MATH_SIN, BUILTIN_BF16_HSIN},
        {BUILTIN_MATH_TANH, BUILTIN_BF16_HTANH}, {BUILTIN_MATH_EXP, BUILTIN_BF16_HEXP},
        {BUILTIN_MATH_EXP2, BUILTIN_BF16_HEXP2},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if ((int)table[i].math == math_id) {
            *out = table[i].bf16;
            return true;
        }
    return false;
}

static const char *public_name(const Bf16Row *row)
{
    return strncmp(row->cname, "__", 2) == 0 ? row->cname + 2 : row->cname;
}

/* A binding's argument: anything that converts to its parameter type. */
static bool converts(const Type *arg, const Type *to)
{
    return arg == to || type_can_convert(arg, to) != CONV_NONE;
}

Value sema_check_bf16_call(FuncCtx *ctx, Node *call, Builtin id)
{
    const Bf16Row *row = row_of(id);
    const char *name = public_name(row);
    if (!sema_check_intrinsic_args(ctx, call, name, row->arity, row->arg, converts))
        return sema_value_error();
    for (int i = 0; i < row->arity; i++)
        call->call.args.items[i] = sema_convert(ctx, call->call.args.items[i], row->arg);
    call->call.builtin = (int)id;
    call->konst = (ConstValue){0};
    call->type = row->result;
    return sema_value_runtime(call->type);
}
