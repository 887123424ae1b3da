/* pykc types as LLVM types, constants of a pykc type, and the conversions
 * between types: what CONVERT nodes, assignments, parameters and comparisons
 * share. Conversions follow Numba: integer widening by the source's
 * signedness, float to integer by the target's, anything to bool by Python's
 * truth test, a real to a complex as its real part (cg_complex.c). A
 * complex is {F re, F im}, F its parts' float, in registers and memory
 * alike (Numba's data model). */
#include "cg_internal.h"

static unsigned address_space(MemSpace space)
{
    switch (space) {
    case MEM_GLOBAL: return CG_AS_GLOBAL;
    case MEM_SHARED: return CG_AS_SHARED;
    case MEM_LOCAL: return CG_AS_GENERIC;
    case MEM_CONST: return CG_AS_CONST;
    }
    return CG_AS_GENERIC;
}

LLVMTypeRef cg_i64(Cg *cg)
{
    return LLVMInt64TypeInContext(cg->ctx);
}

static LLVMTypeRef float_type(Cg *cg, int bits)
{
    if (bits == 16)
        return LLVMHalfTypeInContext(cg->ctx);
    if (bits == 32)
        return LLVMFloatTypeInContext(cg->ctx);
    return LLVMDoubleTypeInContext(cg->ctx);
}

/* {ptr addrspace(s) data, [d x i64] shape, [d x i64] strides} */
static LLVMTypeRef array_type(Cg *cg, const Type *t)
{
    LLVMTypeRef dims = LLVMArrayType2(cg_i64(cg), (uint64_t)t->ndim);
    LLVMTypeRef fields[3] = {
        LLVMPointerTypeInContext(cg->ctx, address_space(t->space)), dims, dims,
    };
    return LLVMStructTypeInContext(cg->ctx, fields, 3, false);
}

/* {F, F}: the real part, then the imaginary part */
static LLVMTypeRef complex_type(Cg *cg, const Type *t)
{
    LLVMTypeRef part = float_type(cg, t->elem->bits);
    LLVMTypeRef fields[2] = {part, part};
    return LLVMStructTypeInContext(cg->ctx, fields, 2, false);
}

static LLVMTypeRef tuple_type(Cg *cg, const Type *t)
{
    LLVMTypeRef *fields = ARENA_ARRAY(&cg->arena, LLVMTypeRef, t->count + 1);
    for (int i = 0; i < t->count; i++)
        fields[i] = cg_type(cg, t->elts[i]);
    return LLVMStructTypeInContext(cg->ctx, fields, (unsigned)t->count, false);
}

LLVMTypeRef cg_type(Cg *cg, const Type *t)
{
    switch (t->kind) {
    case TYPE_NONE: return LLVMVoidTypeInContext(cg->ctx);
    case TYPE_BOOL: return LLVMInt1TypeInContext(cg->ctx);
    case TYPE_INT: return LLVMIntTypeInContext(cg->ctx, (unsigned)t->bits);
    case TYPE_FLOAT: return float_type(cg, t->bits);
    case TYPE_COMPLEX: return complex_type(cg, t);
    case TYPE_ARRAY: return array_type(cg, t);
    case TYPE_TUPLE: return tuple_type(cg, t);
    case TYPE_RANGE: return cg_type(cg, t->elem);
    case TYPE_STATIC: break;   /* compile-time only: never stored or passed */
    case TYPE_GRID_GROUP: return cg_i64(cg);   /* the grid's workspace address (cg_grid_sync.c) */
    case TYPE_VECTOR: return cg_vector_type(cg, t);
    case TYPE_RECORD: return LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC);   /* cg_record.c */
    case TYPE_BFLOAT16: return LLVMInt16TypeInContext(cg->ctx);   /* its bits (cg_bf16.c) */
    case TYPE_FP8: return LLVMInt8TypeInContext(cg->ctx);   /* its bits (cg_fp8.c) */
    case TYPE_ENUM_MEMBER: return cg_type(cg, t->elem);   /* a member is its value, as in Numba's model */
    case TYPE_DATETIME: case TYPE_TIMEDELTA: return cg_i64(cg);   /* the count of units (cg_datetime.c) */
    }
    return LLVMVoidTypeInContext(cg->ctx);
}

/* In memory and kernel parameters bool is i8, and float16 is i16 (as in
 * Numba's data model), so a float16 kernel parameter is one .u16. */
LLVMTypeRef cg_mem_type(Cg *cg, const Type *t)
{
    if (t->kind == TYPE_ENUM_MEMBER)   /* its value's (docs/abi.md) */
        t = t->elem;
    if (t->kind == TYPE_BOOL)
        return LLVMInt8TypeInContext(cg->ctx);
    if (t == &type_float16_t)
        return LLVMInt16TypeInContext(cg->ctx);
    if (t->kind == TYPE_RECORD)
        return LLVMArrayType2(LLVMInt8TypeInContext(cg->ctx), (uint64_t)t->record_size);
    return cg_type(cg, t);
}

unsigned cg_align_of(Cg *cg, const Type *t)
{
    if (t->kind == TYPE_RECORD)   /* NumPy's: its bytes are [size x i8] */
        return (unsigned)type_numpy_alignment(t);
    return LLVMABIAlignmentOfType(cg->layout, cg_mem_type(cg, t));
}

/* An integer constant from its bits, cut to the type's width first. */
LLVMValueRef cg_const_int(Cg *cg, const Type *t, int64_t bits)
{
    uint64_t v = (uint64_t)bits;
    if (t->bits < 64)
        v &= (UINT64_C(1) << t->bits) - 1;
    return LLVMConstInt(cg_type(cg, t), v, false);
}

LLVMValueRef cg_const_i64(Cg *cg, int64_t v)
{
    return LLVMConstInt(cg_i64(cg), (uint64_t)v, true);
}

LLVMValueRef cg_const_float(Cg *cg, const Type *t, double v)
{
    return LLVMConstReal(cg_type(cg, t), v);
}

static double const_as_double(ConstValue k)
{
    switch (k.kind) {
    case CONST_BOOL: return k.b ? 1.0 : 0.0;
    case CONST_INT: return (double)k.i;
    case CONST_FLOAT: return k.f;
    case CONST_COMPLEX: return k.c.re;
    case CONST_NONE: break;
    }
    return 0.0;
}

static int64_t const_as_int(ConstValue k)
{
    switch (k.kind) {
    case CONST_BOOL: return k.b;
    case CONST_INT: return k.i;
    case CONST_FLOAT: return (int64_t)k.f;
    case CONST_COMPLEX: return (int64_t)k.c.re;
    case CONST_NONE: break;
    }
    return 0;
}

/* A folded value as a constant of type t, whatever kind sema folded it to
 * (a float-typed node may carry an int constant). NULL if t is no scalar. */
LLVMValueRef cg_const_value(Cg *cg, const Type *t, ConstValue k)
{
    switch (t->kind) {
    case TYPE_BOOL:
        return LLVMConstInt(cg_type(cg, t), k.kind == CONST_FLOAT ? k.f != 0.0
                                                                  : const_as_int(k) != 0, false);
    case TYPE_INT: return cg_const_int(cg, t, const_as_int(k));
    case TYPE_FLOAT: return cg_const_float(cg, t, const_as_double(k));
    case TYPE_COMPLEX: {
        double im = k.kind == CONST_COMPLEX ? k.c.im : 0.0;
        LLVMValueRef parts[2] = {cg_const_float(cg, t->elem, const_as_double(k)),
                                 cg_const_float(cg, t->elem, im)};
        return LLVMConstStructInContext(cg->ctx, parts, 2, false);
    }
    default: return NULL;
    }
}

LLVMValueRef cg_zero(Cg *cg, const Type *t)
{
    return LLVMConstNull(cg_type(cg, t));
}

/* Python's truth test: bool itself, int != 0, float != 0.0 (NaN is true),
 * a complex with a part that is. */
LLVMValueRef cg_truth(Cg *cg, LLVMValueRef v, const Type *t)
{
    switch (t->kind) {
    case TYPE_BOOL: return v;
    case TYPE_INT: return LLVMBuildICmp(cg->b, LLVMIntNE, v, cg_zero(cg, t), "");
    case TYPE_FLOAT: return LLVMBuildFCmp(cg->b, LLVMRealUNE, v, cg_zero(cg, t), "");
    case TYPE_COMPLEX: return cg_complex_truth(cg, v, t);
    case TYPE_BFLOAT16: return cg_bf16_convert(cg, v, t, &type_bool_t);
    case TYPE_TUPLE: return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), t->count > 0, false);
    default: return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 1, false);
    }
}

static LLVMValueRef int_to_int(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    LLVMTypeRef dst = cg_type(cg, to);
    if (to->bits < from->bits)
        return LLVMBuildTrunc(cg->b, v, dst, "");
    if (to->bits == from->bits)
        return v;
    return from->is_signed ? LLVMBuildSExt(cg->b, v, dst, "") : LLVMBuildZExt(cg->b, v, dst, "");
}

static LLVMValueRef scalar_to_number(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (to->kind == TYPE_COMPLEX)
        return cg_complex_convert(cg, v, from, to);
    if (from->kind == TYPE_COMPLEX) {   /* sema refuses it: Numba has no such cast */
        diag_error_plain(cg->diag, "internal compiler error: no conversion from '%s' to '%s'",
                         from->name, to->name);
        return LLVMGetPoison(cg_type(cg, to));
    }
    LLVMTypeRef dst = cg_type(cg, to);
    bool from_signed = from->kind == TYPE_INT && from->is_signed;
    if (from == &type_float16_t || to == &type_float16_t)
        return cg_fp16_convert(cg, v, from, to);
    if (from->kind != TYPE_FLOAT && to->kind == TYPE_INT) {
        if (from->kind == TYPE_BOOL)
            return LLVMBuildZExt(cg->b, v, dst, "");
        return int_to_int(cg, v, from, to);
    }
    if (from->kind != TYPE_FLOAT)   /* int or bool to float */
        return from_signed ? LLVMBuildSIToFP(cg->b, v, dst, "") : LLVMBuildUIToFP(cg->b, v, dst, "");
    if (to->kind == TYPE_INT)
        return to->is_signed ? LLVMBuildFPToSI(cg->b, v, dst, "") : LLVMBuildFPToUI(cg->b, v, dst, "");
    if (to->bits > from->bits)
        return LLVMBuildFPExt(cg->b, v, dst, "");
    return to->bits < from->bits ? LLVMBuildFPTrunc(cg->b, v, dst, "") : v;
}

static LLVMValueRef tuple_to_tuple(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    LLVMValueRef out = LLVMGetUndef(cg_type(cg, to));
    for (int i = 0; i < to->count && i < from->count; i++) {
        LLVMValueRef e = LLVMBuildExtractValue(cg->b, v, (unsigned)i, "");
        e = cg_convert(cg, e, from->elts[i], to->elts[i]);
        out = LLVMBuildInsertValue(cg->b, out, e, (unsigned)i, "");
    }
    return out;
}

/* Layouts share one representation; only the data pointer's address space
 * may differ, and a cast through the generic space changes it. */
static LLVMValueRef array_to_array(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (from->space == to->space)
        return v;
    LLVMValueRef data = cg_array_data(cg, v);
    LLVMValueRef generic = LLVMBuildAddrSpaceCast(
        cg->b, data, LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC), "");
    LLVMValueRef *shape = ARENA_ARRAY(&cg->arena, LLVMValueRef, from->ndim + 1);
    LLVMValueRef *strides = ARENA_ARRAY(&cg->arena, LLVMValueRef, from->ndim + 1);
    for (int k = 0; k < from->ndim; k++) {
        shape[k] = cg_array_shape(cg, v, k);
        strides[k] = cg_array_stride(cg, v, k);
    }
    LLVMTypeRef dst = LLVMStructGetTypeAtIndex(cg_type(cg, to), 0);
    LLVMValueRef cast = LLVMBuildAddrSpaceCast(cg->b, generic, dst, "");
    return cg_array_make(cg, to, cast, shape, strides);
}

/* The conversion of CONVERT nodes, assignments, arguments and comparison
 * operands: v of type `from` as a value of type `to`. */
LLVMValueRef cg_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (from == to || !v)
        return v;
    if (from->kind == TYPE_FP8 || to->kind == TYPE_FP8)
        return cg_fp8_convert(cg, v, from, to);
    if (from->kind == TYPE_ENUM_MEMBER && to == from->elem)   /* an enum member's value */
        return v;
    if (from->kind == TYPE_BFLOAT16 || to->kind == TYPE_BFLOAT16)
        return cg_bf16_convert(cg, v, from, to);
    if (to->kind == TYPE_BOOL)
        return cg_truth(cg, v, from);
    if (type_is_number(to) && type_is_scalar(from))
        return scalar_to_number(cg, v, from, to);
    if (to->kind == TYPE_TUPLE && from->kind == TYPE_TUPLE)
        return tuple_to_tuple(cg, v, from, to);
    if (to->kind == TYPE_ARRAY && from->kind == TYPE_ARRAY)
        return array_to_array(cg, v, from, to);
    diag_error_plain(cg->diag, "internal compiler error: no conversion from '%s' to '%s'",
                     from->name, to->name);
    return LLVMGetPoison(cg_type(cg, to));
}

/* bool is i8 (0 or 1) in memory and parameters, i1 in registers; float16
 * is i16 in memory and parameters, half in registers. */
LLVMValueRef cg_to_mem(Cg *cg, LLVMValueRef v, const Type *t)
{
    if (t->kind == TYPE_ENUM_MEMBER)
        t = t->elem;
    if (t == &type_float16_t)
        return LLVMBuildBitCast(cg->b, v, LLVMInt16TypeInContext(cg->ctx), "");
    if (t->kind != TYPE_BOOL)
        return v;
    return LLVMBuildZExt(cg->b, v, LLVMInt8TypeInContext(cg->ctx), "");
}

LLVMValueRef cg_from_mem(Cg *cg, LLVMValueRef v, const Type *t)
{
    if (t->kind == TYPE_ENUM_MEMBER)
        t = t->elem;
    if (t == &type_float16_t)
        return LLVMBuildBitCast(cg->b, v, LLVMHalfTypeInContext(cg->ctx), "");
    if (t->kind != TYPE_BOOL)
        return v;
    return LLVMBuildICmp(cg->b, LLVMIntNE, v, LLVMConstInt(LLVMTypeOf(v), 0, false), "");
}
