/* One- to three-letter names for the scalar types, for the typing tables
 * that list Numba's signatures case by case (operators.c, math.c,
 * intrinsics.c): `{F32, {F32, I32}, 2}` reads like cudamath.py's
 * `signature(types.float32, types.float32, types.int32)`. Include it only
 * in such a table's .c file, after types.h. */
#ifndef PYKC_SEMA_TYPE_SHORTHANDS_H
#define PYKC_SEMA_TYPE_SHORTHANDS_H

#include "types.h"

#define B &type_bool_t
#define I8 &type_int8_t
#define I16 &type_int16_t
#define I32 &type_int32_t
#define I64 &type_int64_t
#define U8 &type_uint8_t
#define U16 &type_uint16_t
#define U32 &type_uint32_t
#define U64 &type_uint64_t
#define F16 &type_float16_t
#define F32 &type_float32_t
#define F64 &type_float64_t
#define C64 &type_complex64_t
#define C128 &type_complex128_t

#endif
