/* Operator typing, Numba's way: each operator has a list of candidate
 * signatures (numba/core/typing/builtins.py); the arguments' conversions to
 * each candidate are rated (unsafe, safe, promote: fewer is better, compared
 * in that order) and the best candidate wins, the first in list order on a
 * tie. OpArg.is_literal marks integer and bool constants; numba-cuda first
 * tries every operator with such arguments un-literaled, and that attempt
 * never fails where a literal one would succeed, so the flag changes no
 * result today: it is kept so the rating can follow Numba if that changes. */
#ifndef PYKC_SEMA_OPERATORS_H
#define PYKC_SEMA_OPERATORS_H

#include <stdbool.h>

#include "../parser/ast.h"
#include "types.h"

/* A chosen signature: operands convert to args[i], the result is `result`. */
typedef struct OpSignature {
    const Type *result;
    const Type *args[3];
    int arg_count;
} OpSignature;

/* An argument offered to overload resolution. */
typedef struct OpArg {
    const Type *type;
    bool is_literal;
} OpArg;

/* How a call's arguments convert to one candidate's parameters: the counts
 * of unsafe, safe and promoting conversions (Numba's _rate_arguments). */
typedef struct ConversionRating {
    int unsafe, safe, promote;
} ConversionRating;

/* Rates args[i] -> params[i] for i < count; false if one cannot convert, or
 * converts only unsafely without unsafe_casting. */
bool sema_rate_conversions(const Type *const *args, const Type *const *params, int count,
                           bool unsafe_casting, ConversionRating *out);

/* Whether `a` is a better candidate than `b`: fewer unsafe, then safe, then
 * promoting conversions. */
bool sema_rating_better(ConversionRating a, ConversionRating b);

/* Numba's resolve_overload over one template's candidate signatures, in the
 * template's order: each candidate is rated by its arguments' conversions
 * (a NONE conversion, or an unsafe one without unsafe_casting, rejects it),
 * the fewest (unsafe, safe, promote) wins, the first listed on a tie.
 * Other typing tables (math.c) use it for their own templates. */
bool sema_resolve_overload(const OpSignature *cases, int case_count, const OpArg *args, int count,
                           bool unsafe_casting, OpSignature *out);

/* Binary arithmetic and bitwise operators (also the in-place forms, which
 * Numba types the same way). False if no candidate accepts the arguments
 * (e.g. a float operand of '&'). */
bool sema_resolve_binop(BinOpKind op, OpArg left, OpArg right, OpSignature *out);

/* Unary -, + and ~ (UNARY_NOT always gives bool and needs no resolution). */
bool sema_resolve_unary(UnaryOpKind op, OpArg operand, OpSignature *out);

/* < <= > >= == !=: result bool, both args the type compared in. */
bool sema_resolve_compare(CmpOpKind op, OpArg left, OpArg right, OpSignature *out);

/* abs(x): Numba's Abs template (no widening: abs(int32) is int32). */
bool sema_resolve_abs(OpArg arg, OpSignature *out);

/* range(stop), range(start, stop[, step]): 1 to 3 args; result is the
 * element type (int32, int64 or uint64) of Numba's Range template. */
bool sema_resolve_range(const OpArg *args, int count, OpSignature *out);

#endif
