/* Members of plain enum.Enum classes as Numba's EnumMember (enums.c). */
#ifndef PYKC_SEMA_ENUMS_H
#define PYKC_SEMA_ENUMS_H

#include "sema_internal.h"

/* A class whose base is Enum (not IntEnum, Flag, IntFlag). */
bool sema_is_plain_enum_class(const Scope *scope);
/* `member`, a constant the class binds, typed as an EnumMember when the
 * class is a plain Enum; otherwise unchanged. */
Value sema_enum_member(Sema *sema, const Scope *scope, Str name, Value member);
/* A class whose base is Enum or IntEnum. */
bool sema_is_enum_class(const Scope *scope);
/* The type of a parameter a signature names by an enum class (Color):
 * Numba's EnumMember of a plain Enum, the value's type for an IntEnum
 * (pykc's IntEnum members are their numbers); NULL after reporting. */
const Type *sema_enum_param_type(Sema *sema, const Scope *scope, Span at);
/* Pair i of a comparison where an operand is an enum member: types it,
 * folds it into *result when both are constant; false after reporting. */
bool sema_check_enum_compare(FuncCtx *ctx, Node *node, int i, ConstValue *result);
/* member.value */
Value sema_check_enum_attribute(FuncCtx *ctx, Node *node, const Type *member);
/* Cls['name'] */
Value sema_check_class_subscript(FuncCtx *ctx, Node *node, Value cls);

#endif
