/* Operator typing as numba-cuda 0.30.4 does it: the candidate lists of
 * typing/builtins.py (complex64 and complex128 last, where Numba lists
 * them: a real operand never rates a complex candidate better than the
 * real one before it), numba-cuda's float16 templates
 * (_internal/cuda_fp16.py) tried first, and context.py's resolve_overload:
 * rate each candidate, fewest (unsafe, safe, promote) conversions wins, the
 * earliest on a tie. Complex numbers have + - * / ** and unary - +, == and
 * != only (no // % or ordering), and abs() of one is its parts' float. */
#include "operators.h"
#include "type_shorthands.h"

typedef OpSignature Candidate;

#define UN(R, A) {R, {A}, 1}
#define BIN(R, A, C) {R, {A, C}, 2}

/* integer_binop_cases: machine_ints x machine_ints, choose_result_int. */
#define INTEGER_CASES \
    BIN(I64, I64, I64), BIN(I64, I64, U64), BIN(I64, U64, I64), BIN(U64, U64, U64)
#define REAL_CASES BIN(F32, F32, F32), BIN(F64, F64, F64)
#define COMPLEX_CASES BIN(C64, C64, C64), BIN(C128, C128, C128)

/* + - * (BinOp); // and % (BinOpMod, BinOpFloorDiv) have no complex cases */
static const Candidate arith_cases[] = {INTEGER_CASES, REAL_CASES, COMPLEX_CASES};
static const Candidate floor_cases[] = {INTEGER_CASES, REAL_CASES};

static const Candidate truediv_cases[] = {
    BIN(F64, I64, I64), BIN(F64, I64, U64), BIN(F64, U64, I64), BIN(F64, U64, U64), REAL_CASES,
    COMPLEX_CASES,
};

/* BinOpPower: float ** int stays in the float's precision. */
static const Candidate pow_cases[] = {
    INTEGER_CASES,
    BIN(F32, F32, I32), BIN(F32, F32, I64), BIN(F32, F32, U64),
    BIN(F64, F64, I32), BIN(F64, F64, I64), BIN(F64, F64, U64),
    REAL_CASES, COMPLEX_CASES,
};

/* BitwiseShiftOperation: the left operand's signedness picks the result. */
#define SHIFT(R, T) BIN(R, T, U64), BIN(R, T, I64)
static const Candidate shift_cases[] = {
    SHIFT(I64, I8), SHIFT(I64, I16), SHIFT(I64, I32), SHIFT(I64, I64),
    SHIFT(U64, U8), SHIFT(U64, U16), SHIFT(U64, U32), SHIFT(U64, U64),
};

static const Candidate bitwise_cases[] = {BIN(B, B, B), INTEGER_CASES};

/* UnaryOp (neg, pos): unsigned, then signed, then real, complex, bool. */
static const Candidate sign_cases[] = {
    UN(U64, U8), UN(U64, U16), UN(U64, U32), UN(U64, U64),
    UN(I64, I8), UN(I64, I16), UN(I64, I32), UN(I64, I64),
    UN(F32, F32), UN(F64, F64), UN(C64, C64), UN(C128, C128), UN(I64, B),
};

static const Candidate invert_cases[] = {
    UN(B, B),
    UN(U64, U8), UN(U64, U16), UN(U64, U32), UN(U64, U64),
    UN(I64, I8), UN(I64, I16), UN(I64, I32), UN(I64, I64),
};

/* OrderedCmpOp; == and != (UnorderedCmpOp) add the complex cases. */
#define CMP(T) BIN(B, T, T)
#define ORDERED_CASES \
    CMP(B), CMP(I8), CMP(I16), CMP(I32), CMP(I64), \
    CMP(U8), CMP(U16), CMP(U32), CMP(U64), CMP(F32), CMP(F64)
static const Candidate compare_cases[] = {ORDERED_CASES};
static const Candidate equality_cases[] = {ORDERED_CASES, CMP(C64), CMP(C128)};

/* Abs: a complex's absolute value is its parts' float. */
static const Candidate abs_cases[] = {
    UN(I8, I8), UN(I16, I16), UN(I32, I32), UN(I64, I64),
    UN(U8, U8), UN(U16, U16), UN(U32, U32), UN(U64, U64),
    UN(F32, F32), UN(F64, F64), UN(F32, C64), UN(F64, C128),
};

/* Range: the result recorded is the element type of the range_state. */
static const Candidate range_cases[] = {
    {I32, {I32}, 1}, {I32, {I32, I32}, 2}, {I32, {I32, I32, I32}, 3},
    {I64, {I64}, 1}, {I64, {I64, I64}, 2}, {I64, {I64, I64, I64}, 3},
    {U64, {U64}, 1}, {U64, {U64, U64}, 2}, {U64, {U64, U64, U64}, 3},
};

typedef struct CandidateList {
    const Candidate *items;
    int count;
    bool unsafe_casting;     /* the template's unsafe_casting */
} CandidateList;

#define LIST(cases, unsafe) \
    ((CandidateList){cases, (int)(sizeof cases / sizeof cases[0]), unsafe})

bool sema_rating_better(ConversionRating a, ConversionRating b)
{
    if (a.unsafe != b.unsafe)
        return a.unsafe < b.unsafe;
    if (a.safe != b.safe)
        return a.safe < b.safe;
    return a.promote < b.promote;
}

bool sema_rate_conversions(const Type *const *args, const Type *const *params, int count,
                           bool unsafe_casting, ConversionRating *out)
{
    ConversionRating r = {0, 0, 0};
    for (int i = 0; i < count; i++) {
        Conversion conv = type_can_convert(args[i], params[i]);
        if (conv == CONV_NONE || (conv == CONV_UNSAFE && !unsafe_casting))
            return false;
        r.unsafe += conv == CONV_UNSAFE;
        r.safe += conv == CONV_SAFE;
        r.promote += conv == CONV_PROMOTE;
    }
    *out = r;
    return true;
}

/* _rate_arguments. Literal arguments are rated as their plain types:
 * Function.get_call_type tries a template's un-literal arguments first
 * (prefer_literal is false for every template here), and for these
 * candidate lists the literal retry can never succeed where that failed. */
static bool rate(const Candidate *c, const OpArg *args, int count, bool unsafe_casting,
                 ConversionRating *out)
{
    if (c->arg_count != count)
        return false;
    const Type *types[3];
    for (int i = 0; i < count; i++)
        types[i] = args[i].type;
    return sema_rate_conversions(types, c->args, count, unsafe_casting, out);
}

bool sema_resolve_overload(const OpSignature *cases, int case_count, const OpArg *args, int count,
                           bool unsafe_casting, OpSignature *out)
{
    const Candidate *best = NULL;
    ConversionRating best_rating = {0, 0, 0};
    for (int i = 0; i < case_count; i++) {
        ConversionRating r;
        if (rate(&cases[i], args, count, unsafe_casting, &r) &&
            (!best || sema_rating_better(r, best_rating))) {
            best = &cases[i];
            best_rating = r;
        }
    }
    if (!best)
        return false;
    out->result = best->result;
    out->arg_count = best->arg_count;
    for (int i = 0; i < 3; i++)
        out->args[i] = i < best->arg_count ? best->args[i] : NULL;
    return true;
}

static bool resolve(CandidateList list, const OpArg *args, int count, OpSignature *out)
{
    return sema_resolve_overload(list.items, list.count, args, count, list.unsafe_casting, out);
}

static void set_signature(OpSignature *out, const Type *result, const Type *arg, int arg_count)
{
    *out = (OpSignature){result, {arg, arg_count > 1 ? arg : NULL, NULL}, arg_count};
}

/* cuda_fp16.py's binary template, registered ahead of the builtin ones: a
 * float16 operand with another that converts to float16 exactly, by
 * promotion or safely (bool, int8) runs in float16. */
static bool resolve_fp16_binary(const OpArg *args, const Type *result, OpSignature *out)
{
    const Type *half = &type_float16_t;
    const Type *other = args[0].type == half ? args[1].type
                        : args[1].type == half ? args[0].type : NULL;
    if (!other || type_can_convert(other, half) > CONV_SAFE)
        return false;
    set_signature(out, result ? result : half, half, 2);
    return true;
}

/* numba-cuda's bindings of cuda_bf16.h's operators: + - * / and the
 * comparisons of two bfloat16 values, in bfloat16. (With one bfloat16
 * operand, the builtin cases apply: bfloat16 converts to float32 and
 * float64 safely.) */
static bool resolve_bf16_binary(const OpArg *args, const Type *result, OpSignature *out)
{
    const Type *bf16 = &type_bfloat16_t;
    if (args[0].type != bf16 || args[1].type != bf16)
        return false;
    set_signature(out, result ? result : bf16, bf16, 2);
    return true;
}

static CandidateList binop_cases(BinOpKind op)
{
    static const CandidateList none = {NULL, 0, true};
    switch (op) {
    case BINOP_ADD: case BINOP_SUB: case BINOP_MUL:
        return LIST(arith_cases, true);
    case BINOP_FLOORDIV: case BINOP_MOD:
        return LIST(floor_cases, true);
    case BINOP_TRUEDIV: return LIST(truediv_cases, true);
    case BINOP_POW: return LIST(pow_cases, true);
    case BINOP_LSHIFT: case BINOP_RSHIFT: return LIST(shift_cases, false);
    case BINOP_BITAND: case BINOP_BITOR: case BINOP_BITXOR:
        return LIST(bitwise_cases, false);
    case BINOP_MATMUL: return none;
    }
    return none;
}

/* a op b, and a op= b, which Numba types the same way. */
bool sema_resolve_binop(BinOpKind op, OpArg left, OpArg right, OpSignature *out)
{
    OpArg args[2] = {left, right};
    bool has_fp16 = op == BINOP_ADD || op == BINOP_SUB || op == BINOP_MUL || op == BINOP_TRUEDIV;
    if (has_fp16 && resolve_fp16_binary(args, NULL, out))
        return true;
    if (has_fp16 && resolve_bf16_binary(args, NULL, out))
        return true;
    return resolve(binop_cases(op), args, 2, out);
}

/* -a, +a, ~a and not a; float16 has its own template for - and +. */
bool sema_resolve_unary(UnaryOpKind op, OpArg operand, OpSignature *out)
{
    switch (op) {
    case UNARY_NEG: case UNARY_POS:
        if (operand.type == &type_float16_t || operand.type == &type_bfloat16_t) {
            set_signature(out, operand.type, operand.type, 1);
            return true;
        }
        return resolve(LIST(sign_cases, true), &operand, 1, out);
    case UNARY_INVERT:
        return resolve(LIST(invert_cases, false), &operand, 1, out);
    case UNARY_NOT:
        /* UnaryNot: every scalar has its own exact case. */
        if (!type_is_scalar(operand.type))
            return false;
        set_signature(out, &type_bool_t, operand.type, 1);
        return true;
    }
    return false;
}

/* a < b, a <= b, a > b, a >= b, a == b, a != b. */
bool sema_resolve_compare(CmpOpKind op, OpArg left, OpArg right, OpSignature *out)
{
    if (op == CMP_IS || op == CMP_IS_NOT || op == CMP_IN || op == CMP_NOT_IN)
        return false;
    OpArg args[2] = {left, right};
    if (resolve_fp16_binary(args, &type_bool_t, out) || resolve_bf16_binary(args, &type_bool_t, out))
        return true;
    if (op == CMP_EQ || op == CMP_NE)
        return resolve(LIST(equality_cases, true), args, 2, out);
    return resolve(LIST(compare_cases, true), args, 2, out);
}

/* abs(x); float16 has its own template. */
bool sema_resolve_abs(OpArg arg, OpSignature *out)
{
    if (arg.type == &type_float16_t) {
        set_signature(out, arg.type, arg.type, 1);
        return true;
    }
    return resolve(LIST(abs_cases, true), &arg, 1, out);
}

/* range(stop), range(start, stop), range(start, stop, step). */
bool sema_resolve_range(const OpArg *args, int count, OpSignature *out)
{
    if (count < 1 || count > 3)
        return false;
    return resolve(LIST(range_cases, true), args, count, out);
}
