/* The builtins of sema/builtins.def: thread geometry (special registers,
 * cuda.grid and cuda.gridsize with Numba's formulas in int64), barriers,
 * len/min/max/abs, casts, and the shape/size of arrays. Shared arrays are
 * in cg_shared.c, atomics in cg_atomics.c; range only appears as a for
 * loop's iterable (cg_loop.c). */
#include <stdio.h>

#include "cg_internal.h"

/* llvm.nvvm.read.ptx.sreg.<reg>.<x|y|z>: an int32. */
static LLVMValueRef sreg(Cg *cg, const char *reg, int axis)
{
    char name[64];
    snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[axis]);
    return cg_intrinsic(cg, name, NULL, 0, NULL, 0);
}

static LLVMValueRef sreg64(Cg *cg, const char *reg, int axis)
{
    return LLVMBuildSExt(cg->b, sreg(cg, reg, axis), cg_i64(cg), "");
}

/* ctaid * ntid + tid (or ntid * nctaid), each register read in that order.
 * Values below 2^31 cannot overflow i64: nuw and nsw hold. */
static LLVMValueRef grid_axis(Cg *cg, int axis, bool size)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef a = sreg64(cg, size ? "ntid" : "ctaid", axis);
    LLVMValueRef b = sreg64(cg, size ? "nctaid" : "ntid", axis);
    LLVMValueRef v = LLVMBuildNSWMul(B, a, b, "");
    LLVMSetNUW(v, true);
    if (size)
        return v;
    v = LLVMBuildNSWAdd(B, v, sreg64(cg, "tid", axis), "");
    LLVMSetNUW(v, true);
    return v;
}

/* cuda.grid(n) = ctaid * ntid + tid, cuda.gridsize(n) = ntid * nctaid, per
 * axis: an int64 for n == 1, else a tuple of n int64. */
static LLVMValueRef emit_grid(Cg *cg, const Node *node, bool size)
{
    int n = (int)node->call.args.items[0]->konst.i;
    if (n == 1)
        return grid_axis(cg, 0, size);
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, node->type));
    for (int axis = 0; axis < n && axis < 3; axis++)
        v = LLVMBuildInsertValue(cg->b, v, grid_axis(cg, axis, size), (unsigned)axis, "");
    return v;
}

/* The type an argument had before sema converted it to the call's type. */
static const Type *written_type(const Node *arg)
{
    return arg->kind == NODE_CONVERT ? arg->convert.operand->type : arg->type;
}

/* numba-cuda lowers min/max of exactly two float32/float64 arguments to
 * libdevice's fmin/fmax, which ignore a NaN operand (minnum/maxnum here). */
static bool is_two_float_form(const NodeList *args)
{
    return args->count == 2 && type_is_float(written_type(args->items[0])) &&
           type_is_float(written_type(args->items[1])) && written_type(args->items[0])->bits >= 32 &&
           written_type(args->items[1])->bits >= 32;
}

/* min(a, b, ...) / max(...). Every other form is Python's algorithm, as
 * Numba's do_minmax: keep the first value unless a later one compares
 * strictly smaller (larger), so a NaN first argument stays. */
static LLVMValueRef emit_min_max(Cg *cg, const Node *node, bool is_max)
{
    const Type *t = node->type;
    LLVMTypeRef ty = cg_type(cg, t);
    const NodeList *args = &node->call.args;
    bool fminmax = is_two_float_form(args);
    LLVMValueRef acc = NULL;
    for (int i = 0; i < args->count; i++) {
        const Node *a = args->items[i];
        LLVMValueRef v = cg_convert(cg, cg_emit_expr(cg, a), a->type, t);
        LLVMValueRef better;
        if (!acc) {
            acc = v;
            continue;
        }
        if (fminmax) {
            LLVMValueRef ops[2] = {acc, v};
            acc = cg_intrinsic(cg, is_max ? "llvm.maxnum" : "llvm.minnum", &ty, 1, ops, 2);
            continue;
        }
        if (t->kind == TYPE_FLOAT) {
            better = LLVMBuildFCmp(cg->b, is_max ? LLVMRealOGT : LLVMRealOLT, v, acc, "");
        } else {
            bool s = t->kind == TYPE_INT && t->is_signed;
            LLVMIntPredicate p = is_max ? (s ? LLVMIntSGT : LLVMIntUGT) : (s ? LLVMIntSLT : LLVMIntULT);
            better = LLVMBuildICmp(cg->b, p, v, acc, "");
        }
        acc = LLVMBuildSelect(cg->b, better, v, acc, "");
    }
    return acc;
}

/* abs(x): wrapping negation for signed ints, fabs for floats, hypot of
 * the parts for a complex (whose parts' float is the result's type). */
static LLVMValueRef emit_abs(Cg *cg, const Node *node)
{
    const Node *a = node->call.args.items[0];
    const Type *t = node->type;
    if (a->type->kind == TYPE_COMPLEX)
        return cg_complex_abs(cg, cg_emit_expr(cg, a), a->type, node);
    LLVMValueRef v = cg_convert(cg, cg_emit_expr(cg, a), a->type, t);
    if (t->kind == TYPE_FLOAT) {
        LLVMTypeRef ty = cg_type(cg, t);
        return cg_intrinsic(cg, "llvm.fabs", &ty, 1, &v, 1);
    }
    if (t->kind != TYPE_INT || !t->is_signed)
        return v;
    LLVMValueRef neg = LLVMBuildICmp(cg->b, LLVMIntSLT, v, cg_zero(cg, t), "");
    return LLVMBuildSelect(cg->b, neg, LLVMBuildNeg(cg->b, v, ""), v, "abs");
}

/* len(a) is shape[0] (a tuple's length is constant and folded). */
static LLVMValueRef emit_len(Cg *cg, const Node *node)
{
    const Node *a = node->call.args.items[0];
    if (a->type->kind == TYPE_TUPLE)
        return cg_const_int(cg, node->type, a->type->count);
    if (a->type->kind != TYPE_ARRAY)
        return cg_unsupported(cg, node, "len() of this value");
    LLVMValueRef v = cg_array_shape(cg, cg_emit_expr(cg, a), 0);
    return cg_convert(cg, v, &type_int64_t, node->type);
}

LLVMValueRef cg_emit_builtin_call(Cg *cg, const Node *node)
{
    const NodeList *args = &node->call.args;
    switch ((Builtin)node->call.builtin) {
    case BUILTIN_GRID: return emit_grid(cg, node, false);
    case BUILTIN_GRIDSIZE: return emit_grid(cg, node, true);
    case BUILTIN_SYNCTHREADS:
        cg_intrinsic(cg, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
        return NULL;
    case BUILTIN_SHARED_ARRAY: return cg_emit_shared_array(cg, node);
    case BUILTIN_CONST_ARRAY_LIKE:   /* the array itself: a global one is in constant memory already */
        return cg_emit_expr(cg, args->items[0]);
    case BUILTIN_LEN: return emit_len(cg, node);
    case BUILTIN_MIN: return emit_min_max(cg, node, false);
    case BUILTIN_MAX: return emit_min_max(cg, node, true);
    case BUILTIN_ABS: return emit_abs(cg, node);
    case BUILTIN_ROUND: return cg_emit_round(cg, node);
    case BUILTIN_DIVMOD: return cg_emit_divmod(cg, node);
    case BUILTIN_PRINT: return cg_emit_print(cg, node);
    case BUILTIN_CAST:
        return cg_convert(cg, cg_emit_expr(cg, args->items[0]), args->items[0]->type, node->type);
    case BUILTIN_COMPLEX:   /* complex(re, im): both already of the parts' float */
        return cg_complex_make(cg, node->type, cg_emit_expr(cg, args->items[0]),
                               cg_emit_expr(cg, args->items[1]));
    case BUILTIN_CONJUGATE: return cg_emit_conjugate(cg, node);
    case BUILTIN_VECTOR_MAKE: return cg_emit_vector_make(cg, node);
    case BUILTIN_TUPLE:   /* tuple(t) is t; tuple() the empty struct */
        return args->count ? cg_emit_expr(cg, args->items[0]) : LLVMGetUndef(cg_type(cg, node->type));
    default:
        if (cg_is_cmath_call(node->call.builtin))
            return cg_emit_cmath_call(cg, node);
        if (np_ufunc_is_builtin(node->call.builtin))
            return cg_emit_np_ufunc(cg, node);
        if (cg_is_atomic_builtin(node->call.builtin))
            return cg_emit_atomic(cg, node);
        if (cg_is_intrinsic_call(node))
            return cg_emit_intrinsic_call(cg, node);
        if (cg_is_libdevice_call(node->call.builtin))
            return cg_emit_libdevice_call(cg, node);
        if (cg_is_cache_hint_call(node->call.builtin))
            return cg_emit_cache_hint(cg, node);
        if (cg_is_fp16_call(node))
            return cg_emit_fp16_call(cg, node);
        if (cg_is_bf16_call(node->call.builtin))
            return cg_emit_bf16_call(cg, node);
        if (cg_is_fp8_cvt_call(node->call.builtin))
            return cg_emit_fp8_cvt_call(cg, node);
        if (cg_is_grid_group_call(node->call.builtin))
            return cg_emit_grid_group_call(cg, node);
        if (node->call.builtin == BUILTIN_ARRAY_RESHAPE)
            return cg_emit_reshape(cg, node);
        if (node->call.builtin >= BUILTIN_REDUCE_SUM && node->call.builtin <= BUILTIN_REDUCE_PTP)
            return cg_emit_reduction(cg, node);
        return cg_emit_math_call(cg, node);
    }
}

/* threadIdx.x .. gridDim.z: which register and axis each builtin reads. */
static LLVMValueRef emit_geometry(Cg *cg, Builtin b)
{
    static const char *const regs[4] = {"tid", "ctaid", "ntid", "nctaid"};
    int i = (int)b - (int)BUILTIN_THREADIDX_X;
    return sreg(cg, regs[i / 3], i % 3);
}

/* a.shape (a tuple of int64), a.size (their product), a.ndim. */
static LLVMValueRef emit_array_attr(Cg *cg, const Node *node, Builtin b)
{
    const Node *a = node->attribute.value;
    const Type *t = a->type;
    if (b == BUILTIN_ARRAY_NDIM)
        return cg_const_int(cg, node->type, t->ndim);
    LLVMValueRef arr = cg_emit_expr(cg, a);
    if (b == BUILTIN_ARRAY_SIZE)
        return cg_convert(cg, cg_array_size(cg, arr, t), &type_int64_t, node->type);
    LLVMValueRef v = LLVMGetUndef(cg_type(cg, node->type));
    for (int k = 0; k < t->ndim && k < node->type->count; k++) {
        LLVMValueRef s = cg_convert(cg, cg_array_shape(cg, arr, k), &type_int64_t,
                                    node->type->elts[k]);
        v = LLVMBuildInsertValue(cg->b, v, s, (unsigned)k, "");
    }
    return v;
}

LLVMValueRef cg_emit_builtin_attr(Cg *cg, const Node *node)
{
    Builtin b = (Builtin)node->attribute.builtin;
    if (b == BUILTIN_LANEID || b == BUILTIN_WARPSIZE)
        return cg_emit_intrinsic_attr(cg, node);
    if (b >= BUILTIN_THREADIDX_X && b <= BUILTIN_GRIDDIM_Z)
        return cg_convert(cg, emit_geometry(cg, b), &type_int32_t, node->type);
    if (b >= BUILTIN_ARRAY_STRIDES && b <= BUILTIN_ARRAY_T)
        return cg_emit_array_attr(cg, node);
    if ((b == BUILTIN_NUMBER_REAL || b == BUILTIN_NUMBER_IMAG) && node->attribute.value->type->kind == TYPE_ARRAY)
        return cg_emit_array_attr(cg, node);
    if (b == BUILTIN_NUMBER_REAL || b == BUILTIN_NUMBER_IMAG)
        return cg_emit_number_attr(cg, node);
    if (b >= BUILTIN_VECTOR_X && b <= BUILTIN_VECTOR_W)
        return cg_emit_vector_member(cg, node);
    if ((b == BUILTIN_ARRAY_SHAPE || b == BUILTIN_ARRAY_SIZE || b == BUILTIN_ARRAY_NDIM)
        && node->attribute.value->type->kind == TYPE_ARRAY)
        return emit_array_attr(cg, node, b);
    return cg_unsupported(cg, node, "this attribute");
}
