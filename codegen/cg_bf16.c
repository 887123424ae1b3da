/* bfloat16 as numba-cuda 0.30.4 computes it. Numba lowers every bfloat16
 * operation by calling a function of CUDA's cuda_bf16.h (its Numbast
 * bindings, compiled by NVRTC and linked by LTO); here each is lowered to
 * what that function computes on the target, with the same instructions
 * where the header uses PTX (so ptxas sees the same code), and otherwise
 * to code giving the same bits:
 *
 * - A bfloat16 is an i16 (its bits). Widening to float32 is exact (the
 *   bits shifted up 16), so comparisons, conversions to float32/float64
 *   and to integers go through float32, as the header does.
 * - + - * are __hadd/__hsub/__hmul: add.bf16 ... on sm_90, and on sm_80
 *   fma.rn.bf16 with 1.0, -1.0 or -0.0 (the same value); the _rn forms
 *   add .rn. fma, neg, abs, max, min and the saturating forms are the
 *   header's PTX. / is __hdiv: div.approx.f32 in float32 (a huge divisor
 *   scaled by 1/4 first), rounded to nearest.
 * - Float to bfloat16 rounds to nearest even with cvt.rn.bf16.f32; the
 *   directed modes (_rz, _rd, _ru) cut the float32's bits and step one ulp
 *   where the header does (a NaN gives 0x7FFF). A float64 or an integer
 *   is first made a float32 rounded to odd (cut toward zero, its last bit
 *   set if anything was cut), so one more rounding to bfloat16 is correct,
 *   which is what cuda_bf16.h's conversions compute; a directed mode
 *   rounds the same way twice instead.
 * - bfloat16 to an integer is cvt.r?i of the float32 (saturating; NaN is
 *   0, or 1 << 63 for 64 bits); to an 8-bit integer the header clamps in
 *   C (NaN gives 0), as llvm.fpto?i.sat does.
 * - The math functions widen, apply the header's float32 approximation
 *   (lg2/ex2/sqrt/rsqrt/rcp/tanh.approx.f32, libdevice's sinf and cosf)
 *   and round to nearest; trunc, ceil, floor and rint are cvt.r?i.bf16.bf16
 *   on sm_90, float32 rounding to an integer then a cut on sm_80.
 * bfloat16 instructions need sm_80: an older --arch is an error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_internal.h"

typedef enum Bf16Op {
    ABS, NEG, ADD, SUB, MUL, ADD_RN, SUB_RN, MUL_RN, DIV, ADD_SAT, SUB_SAT, MUL_SAT, MAX, MIN,
    MAX_NAN, MIN_NAN, FMA, FMA_SAT, FMA_RELU, EQ, NE, GE, GT, LE, LT, EQU, NEU, GEU, GTU, LEU, LTU,
    ISNAN, ISINF, TO_FLOAT, TO_BF16, TO_INT, BITS, TRUNC, CEIL, FLOOR, RINT, SQRT, RSQRT, RCP, LOG,
    LOG2, LOG10, COS, SIN, EXP, EXP2, EXP10, TANH, TANH_APPROX,
} Bf16Op;

typedef enum Mode { RN, RZ, RD, RU } Mode;

typedef struct Row {
    Bf16Op op;
    Mode mode;
} Row;

static const Row rows[] = {
#define BF16(id, cname, alias, arity, arg, result, op, mode) {op, mode},
#include "../sema/bf16.def"
#undef BF16
};

static LLVMTypeRef i16(Cg *cg) { return LLVMInt16TypeInContext(cg->ctx); }
static LLVMTypeRef i32(Cg *cg) { return LLVMInt32TypeInContext(cg->ctx); }
static LLVMTypeRef f32(Cg *cg) { return LLVMFloatTypeInContext(cg->ctx); }

/* The target's sm number (80 for sm_80, 90 for sm_90a). */
static int sm_of(Cg *cg)
{
    const char *arch = cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH;
    return strncmp(arch, "sm_", 3) == 0 ? atoi(arch + 3) : 0;
}

static bool has_sm90(Cg *cg) { return sm_of(cg) >= 90; }

/* bfloat16 needs sm_80's instructions (cvt.rn.bf16.f32, fma.rn.bf16). */
bool cg_bf16_check_arch(Cg *cg, const Node *at)
{
    if (sm_of(cg) >= 80)
        return true;
    diag_error(cg->diag, at->span, "bfloat16 needs sm_80 or newer (its instructions do not exist on %s): "
               "compile with --arch=sm_80 or later",
               cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH);
    return false;
}

/* PTX on bfloat16 registers ("h"): n inputs, one output. */
static LLVMValueRef bf16_ptx(Cg *cg, const char *text, LLVMValueRef *args, unsigned n)
{
    static const char *const constraints[] = {"=h", "=h,h", "=h,h,h", "=h,h,h,h"};
    return cg_inline_ptx(cg, i16(cg), text, constraints[n], args, n);
}

/* PTX on one float32. */
static LLVMValueRef f32_ptx(Cg *cg, const char *opcode, LLVMValueRef f)
{
    char text[64];
    snprintf(text, sizeof text, "%s $0, $1;", opcode);
    return cg_inline_ptx(cg, f32(cg), text, "=f,f", &f, 1);
}

static LLVMValueRef f32_bits_const(Cg *cg, unsigned bits)
{
    return LLVMBuildBitCast(cg->b, LLVMConstInt(i32(cg), bits, false), f32(cg), "");
}

/* __bfloat162float: exact. */
static LLVMValueRef widen(Cg *cg, LLVMValueRef h)
{
    LLVMValueRef u = LLVMBuildShl(cg->b, LLVMBuildZExt(cg->b, h, i32(cg), ""), LLVMConstInt(i32(cg), 16, false), "");
    return LLVMBuildBitCast(cg->b, u, f32(cg), "");
}

/* A float32 rounded to bfloat16 in `mode`. */
static LLVMValueRef round_f32(Cg *cg, LLVMValueRef f, Mode mode)
{
    if (mode == RN)
        return cg_inline_ptx(cg, i16(cg), "cvt.rn.bf16.f32 $0, $1;", "=h,f", &f, 1);
    LLVMBuilderRef B = cg->b;
    LLVMValueRef x = LLVMBuildBitCast(B, f, i32(cg), "");
    LLVMValueRef hi = LLVMBuildTrunc(B, LLVMBuildLShr(B, x, LLVMConstInt(i32(cg), 16, false), ""), i16(cg), "");
    if (mode != RZ) {
        LLVMValueRef cut = LLVMBuildICmp(B, LLVMIntNE, LLVMBuildTrunc(B, x, i16(cg), ""),
                                         LLVMConstInt(i16(cg), 0, false), "");
        LLVMValueRef negative = LLVMBuildICmp(B, LLVMIntSLT, x, LLVMConstInt(i32(cg), 0, false), "");
        LLVMValueRef away = mode == RD ? negative : LLVMBuildNot(B, negative, "");
        LLVMValueRef step = LLVMBuildZExt(B, LLVMBuildAnd(B, cut, away, ""), i16(cg), "");
        hi = LLVMBuildAdd(B, hi, step, "");
    }
    LLVMValueRef nan = LLVMBuildFCmp(B, LLVMRealUNO, f, f, "");
    return LLVMBuildSelect(B, nan, LLVMConstInt(i16(cg), 0x7FFF, false), hi, "");
}

/* PTX's name of a number type: f64, s32, u16, ... */
static void ptx_name(const Type *t, char *out, size_t size)
{
    snprintf(out, size, "%c%d", t->kind == TYPE_FLOAT ? 'f' : t->is_signed ? 's' : 'u', t->bits);
}

static const char *ptx_reg(int bits)
{
    return bits == 64 ? "l" : bits == 32 ? "r" : "h";
}

/* A float64 or an integer v as bfloat16 in `mode`: through a float32 cut
 * toward zero and made odd when inexact (RN), or rounded in the same
 * direction (RZ, RD, RU). */
static LLVMValueRef number_to_bf16(Cg *cg, LLVMValueRef v, const Type *from, Mode mode)
{
    LLVMBuilderRef B = cg->b;
    if (from->kind == TYPE_BOOL || from->bits == 8) {
        v = from->kind == TYPE_INT && from->is_signed ? LLVMBuildSExt(B, v, i16(cg), "") : LLVMBuildZExt(B, v, i16(cg), "");
        from = from->kind == TYPE_INT && from->is_signed ? &type_int16_t : &type_uint16_t;
    }
    if (from == &type_float16_t)
        return round_f32(cg, LLVMBuildFPExt(B, v, f32(cg), ""), mode);
    if (from == &type_float32_t)
        return round_f32(cg, v, mode);
    /* From sm_90 on cuda_bf16.h converts a float64 with one cvt.rn.bf16.f64
     * (the same rounding as the float32 rounded to odd; on the GPU a NaN
     * keeps its quiet bit there, 0x7FC0, where the float32 gives 0x7FFF). */
    if (from == &type_float64_t && mode == RN && has_sm90(cg))
        return cg_inline_ptx(cg, i16(cg), "cvt.rn.bf16.f64 $0, $1;", "=h,d", &v, 1);
    static const char *const modes[] = {"rz", "rz", "rm", "rp"};
    char src[8], text[48], constraints[8];
    ptx_name(from, src, sizeof src);
    snprintf(text, sizeof text, "cvt.%s.f32.%s $0, $1;", modes[mode], src);
    snprintf(constraints, sizeof constraints, "=f,%s", from->kind == TYPE_FLOAT ? "d" : ptx_reg(from->bits));
    LLVMValueRef f = cg_inline_ptx(cg, f32(cg), text, constraints, &v, 1);
    if (mode == RN) {
        LLVMValueRef back = from->kind == TYPE_FLOAT ? LLVMBuildFPExt(B, f, LLVMTypeOf(v), "")
                            : from->is_signed ? LLVMBuildFPToSI(B, f, LLVMTypeOf(v), "")
                                              : LLVMBuildFPToUI(B, f, LLVMTypeOf(v), "");
        LLVMValueRef inexact = from->kind == TYPE_FLOAT ? LLVMBuildFCmp(B, LLVMRealUNE, back, v, "")
                                                        : LLVMBuildICmp(B, LLVMIntNE, back, v, "");
        LLVMValueRef bits = LLVMBuildOr(B, LLVMBuildBitCast(B, f, i32(cg), ""),
                                        LLVMBuildZExt(B, inexact, i32(cg), ""), "odd");
        f = LLVMBuildBitCast(B, bits, f32(cg), "");
    }
    return round_f32(cg, f, mode);
}

/* bfloat16 h as the integer type `to`, rounded in `mode`. */
static LLVMValueRef bf16_to_int(Cg *cg, LLVMValueRef h, const Type *to, Mode mode)
{
    LLVMValueRef f = widen(cg, h);
    LLVMTypeRef dst = cg_type(cg, to);
    if (to->bits == 8) {   /* _rz only: the header clamps, NaN gives 0 */
        LLVMTypeRef types[2] = {dst, f32(cg)};
        return cg_intrinsic(cg, to->is_signed ? "llvm.fptosi.sat" : "llvm.fptoui.sat", types, 2, &f, 1);
    }
    static const char *const modes[] = {"rni", "rzi", "rmi", "rpi"};
    char dst_name[8], text[48], constraints[8];
    ptx_name(to, dst_name, sizeof dst_name);
    snprintf(text, sizeof text, "cvt.%s.%s.f32 $0, $1;", modes[mode], dst_name);
    snprintf(constraints, sizeof constraints, "=%s,f", ptx_reg(to->bits));
    return cg_inline_ptx(cg, dst, text, constraints, &f, 1);
}

/* __hdiv: div.approx.f32, a divisor of 2^126 or more scaled by 1/4 first
 * and the quotient after (by an fma, which keeps a subnormal). */
static LLVMValueRef emit_div(Cg *cg, LLVMValueRef a, LLVMValueRef b)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef fa = widen(cg, a), fb = widen(cg, b);
    LLVMTypeRef ft = f32(cg);
    LLVMValueRef mag = cg_intrinsic(cg, "llvm.fabs", &ft, 1, &fb, 1);
    LLVMValueRef big = LLVMBuildFCmp(B, LLVMRealOGE, mag, f32_bits_const(cg, 0x7E800000u), "");
    LLVMValueRef quarter = LLVMConstReal(ft, 0.25);
    fb = LLVMBuildSelect(B, big, LLVMBuildFMul(B, fb, quarter, ""), fb, "");
    LLVMValueRef args[2] = {fa, fb};
    LLVMValueRef q = cg_inline_ptx(cg, ft, "div.approx.f32 $0, $1, $2;", "=f,f,f", args, 2);
    LLVMValueRef fma_args[3] = {q, quarter, LLVMConstReal(ft, -0.0)};
    LLVMValueRef scaled = cg_intrinsic(cg, "llvm.fma", &ft, 1, fma_args, 3);
    return round_f32(cg, LLVMBuildSelect(B, big, scaled, q, ""), RN);
}

static LLVMValueRef emit_compare(Cg *cg, Bf16Op op, LLVMValueRef a, LLVMValueRef b)
{
    static const LLVMRealPredicate predicates[] = {
        [EQ] = LLVMRealOEQ, [NE] = LLVMRealONE, [GE] = LLVMRealOGE, [GT] = LLVMRealOGT,
        [LE] = LLVMRealOLE, [LT] = LLVMRealOLT, [EQU] = LLVMRealUEQ, [NEU] = LLVMRealUNE,
        [GEU] = LLVMRealUGE, [GTU] = LLVMRealUGT, [LEU] = LLVMRealULE, [LTU] = LLVMRealULT,
    };
    return LLVMBuildFCmp(cg->b, predicates[op], widen(cg, a), widen(cg, b), "");
}

/* __hisinf: -1 for -inf, 1 for +inf, else 0. */
static LLVMValueRef emit_isinf(Cg *cg, LLVMValueRef h)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef pos = LLVMBuildICmp(B, LLVMIntEQ, h, LLVMConstInt(i16(cg), 0x7F80, false), "");
    LLVMValueRef neg = LLVMBuildICmp(B, LLVMIntEQ, h, LLVMConstInt(i16(cg), 0xFF80, false), "");
    LLVMValueRef r = LLVMBuildSelect(B, pos, LLVMConstInt(i32(cg), 1, false), LLVMConstInt(i32(cg), 0, false), "");
    return LLVMBuildSelect(B, neg, LLVMConstInt(i32(cg), (unsigned long long)-1, true), r, "");
}

/* + - * and their _rn forms: sm_90's instructions, or sm_80's fma. */
static LLVMValueRef emit_add_sub_mul(Cg *cg, Bf16Op op, LLVMValueRef *args)
{
    static const char *const native[] = {
        [ADD] = "add.bf16 $0, $1, $2;", [SUB] = "sub.bf16 $0, $1, $2;", [MUL] = "mul.bf16 $0, $1, $2;",
        [ADD_RN] = "add.rn.bf16 $0, $1, $2;", [SUB_RN] = "sub.rn.bf16 $0, $1, $2;",
        [MUL_RN] = "mul.rn.bf16 $0, $1, $2;",
    };
    static const char *const sm80[] = {
        "{ .reg .b16 c; mov.b16 c, 0x3f80; fma.rn.bf16 $0, $1, c, $2; }",
        "{ .reg .b16 c; mov.b16 c, 0xbf80; fma.rn.bf16 $0, $2, c, $1; }",
        "{ .reg .b16 c; mov.b16 c, 0x8000; fma.rn.bf16 $0, $1, $2, c; }",
    };
    if (has_sm90(cg))
        return bf16_ptx(cg, native[op], args, 2);
    int k = op == ADD || op == ADD_RN ? 0 : op == SUB || op == SUB_RN ? 1 : 2;
    return bf16_ptx(cg, sm80[k], args, 2);
}

/* The saturating forms: the result clamped to [0, 1] by max and min. */
static LLVMValueRef emit_saturated(Cg *cg, Bf16Op op, LLVMValueRef *args)
{
    static const char *const text[] = {
        [ADD_SAT] = "{ .reg .b16 f, one, zero; mov.b16 one, 0x3f80; mov.b16 zero, 0; "
                    "fma.rn.bf16 f, $1, one, $2; max.bf16 f, f, zero; min.bf16 $0, f, one; }",
        [SUB_SAT] = "{ .reg .b16 f, one, zero, mone; mov.b16 one, 0x3f80; mov.b16 zero, 0; "
                    "mov.b16 mone, 0xbf80; fma.rn.bf16 f, $2, mone, $1; max.bf16 f, f, zero; "
                    "min.bf16 $0, f, one; }",
        [MUL_SAT] = "{ .reg .b16 f, one, zero, mzero; mov.b16 one, 0x3f80; mov.b16 zero, 0; "
                    "mov.b16 mzero, 0x8000; fma.rn.bf16 f, $1, $2, mzero; max.bf16 f, f, zero; "
                    "min.bf16 $0, f, one; }",
        [FMA_SAT] = "{ .reg .b16 f, one, zero; mov.b16 one, 0x3f80; mov.b16 zero, 0; "
                    "fma.rn.bf16 f, $1, $2, $3; max.bf16 f, f, zero; min.bf16 $0, f, one; }",
    };
    return bf16_ptx(cg, text[op], args, op == FMA_SAT ? 3 : 2);
}

/* trunc, ceil, floor, rint: an integral bfloat16. */
static LLVMValueRef emit_integral(Cg *cg, Bf16Op op, LLVMValueRef h)
{
    static const char *const modes[] = {[TRUNC] = "rzi", [CEIL] = "rpi", [FLOOR] = "rmi", [RINT] = "rni"};
    char text[48];
    if (has_sm90(cg)) {
        snprintf(text, sizeof text, "cvt.%s.bf16.bf16 $0, $1;", modes[op]);
        return bf16_ptx(cg, text, &h, 1);
    }
    snprintf(text, sizeof text, "cvt.%s.f32.f32", modes[op]);
    return round_f32(cg, f32_ptx(cg, text, widen(cg, h)), RZ);
}

static LLVMValueRef libdevice_f32(Cg *cg, const Node *at, const char *what, const char *name, LLVMValueRef f)
{
    LLVMTypeRef ft = f32(cg);
    LLVMTypeRef fn_type = LLVMFunctionType(ft, &ft, 1, false);
    LLVMValueRef fn = cg_libdevice_function(cg, at, what, name, fn_type);
    if (!fn)
        return LLVMGetPoison(ft);
    return LLVMBuildCall2(cg->b, fn_type, fn, &f, 1, "");
}

/* The functions computed in float32, then rounded to nearest. */
static LLVMValueRef emit_float_route(Cg *cg, Bf16Op op, LLVMValueRef h, const Node *at)
{
    LLVMBuilderRef B = cg->b;
    LLVMValueRef f = widen(cg, h);
    switch (op) {
    case SQRT: f = f32_ptx(cg, "sqrt.approx.f32", f); break;
    case RSQRT: f = f32_ptx(cg, "rsqrt.approx.f32", f); break;
    case RCP: f = f32_ptx(cg, "rcp.approx.f32", f); break;
    case LOG2: f = f32_ptx(cg, "lg2.approx.f32", f); break;
    case LOG: f = LLVMBuildFMul(B, f32_ptx(cg, "lg2.approx.f32", f), f32_bits_const(cg, 0x3F317218u), ""); break;
    case LOG10: f = LLVMBuildFMul(B, f32_ptx(cg, "lg2.approx.f32", f), f32_bits_const(cg, 0x3E9A209Bu), ""); break;
    case EXP: f = f32_ptx(cg, "ex2.approx.f32", LLVMBuildFMul(B, f, f32_bits_const(cg, 0x3FB8AA3Cu), "")); break;
    case EXP2: f = f32_ptx(cg, "ex2.approx.f32", f); break;
    case EXP10: f = f32_ptx(cg, "ex2.approx.f32", LLVMBuildFMul(B, f, f32_bits_const(cg, 0x40549A78u), "")); break;
    case TANH: case TANH_APPROX: f = f32_ptx(cg, "tanh.approx.f32", f); break;
    case SIN: f = libdevice_f32(cg, at, "'hsin'", "__nv_sinf", f); break;
    case COS: f = libdevice_f32(cg, at, "'hcos'", "__nv_cosf", f); break;
    default: break;
    }
    LLVMValueRef r = round_f32(cg, f, RN);
    if (op == EXP10) {   /* hexp10's one corrected input */
        LLVMValueRef fix = LLVMBuildICmp(B, LLVMIntEQ, h, LLVMConstInt(i16(cg), 0xBC95, false), "");
        r = LLVMBuildSelect(B, fix, LLVMConstInt(i16(cg), 0x3F75, false), r, "");
    }
    return r;
}

/* One row's operation on arguments already of the row's argument type. */
static LLVMValueRef emit_op(Cg *cg, Row row, LLVMValueRef *args, const Type *arg, const Type *result,
                            const Node *at)
{
    switch (row.op) {
    case ABS: return bf16_ptx(cg, "abs.bf16 $0, $1;", args, 1);
    case NEG: return bf16_ptx(cg, "neg.bf16 $0, $1;", args, 1);
    case ADD: case SUB: case MUL: case ADD_RN: case SUB_RN: case MUL_RN:
        return emit_add_sub_mul(cg, row.op, args);
    case DIV: return emit_div(cg, args[0], args[1]);
    case ADD_SAT: case SUB_SAT: case MUL_SAT: case FMA_SAT: return emit_saturated(cg, row.op, args);
    case MAX: return bf16_ptx(cg, "max.bf16 $0, $1, $2;", args, 2);
    case MIN: return bf16_ptx(cg, "min.bf16 $0, $1, $2;", args, 2);
    case MAX_NAN: return bf16_ptx(cg, "max.NaN.bf16 $0, $1, $2;", args, 2);
    case MIN_NAN: return bf16_ptx(cg, "min.NaN.bf16 $0, $1, $2;", args, 2);
    case FMA: return bf16_ptx(cg, "fma.rn.bf16 $0, $1, $2, $3;", args, 3);
    case FMA_RELU: return bf16_ptx(cg, "fma.rn.relu.bf16 $0, $1, $2, $3;", args, 3);
    case EQ: case NE: case GE: case GT: case LE: case LT: case EQU: case NEU: case GEU: case GTU:
    case LEU: case LTU:
        return emit_compare(cg, row.op, args[0], args[1]);
    case ISNAN: {
        LLVMValueRef f = widen(cg, args[0]);
        return LLVMBuildFCmp(cg->b, LLVMRealUNO, f, f, "");
    }
    case ISINF: return emit_isinf(cg, args[0]);
    case TO_FLOAT: return widen(cg, args[0]);
    case TO_BF16: return number_to_bf16(cg, args[0], arg, row.mode);
    case TO_INT: return bf16_to_int(cg, args[0], result, row.mode);
    case BITS: return args[0];
    case TRUNC: case CEIL: case FLOOR: case RINT: return emit_integral(cg, row.op, args[0]);
    case TANH_APPROX:
        if (has_sm90(cg))
            return bf16_ptx(cg, "tanh.approx.bf16 $0, $1;", args, 1);
        return emit_float_route(cg, row.op, args[0], at);
    default: return emit_float_route(cg, row.op, args[0], at);
    }
}

bool cg_is_bf16_call(int id)
{
    return id > BUILTIN_BF16_FIRST && id < BUILTIN_BF16_LAST;
}

LLVMValueRef cg_emit_bf16_call(Cg *cg, const Node *node)
{
    int row = node->call.builtin - BUILTIN_BF16_FIRST - 1;
    const NodeList *list = &node->call.args;
    LLVMValueRef args[3];
    for (int i = 0; i < list->count && i < 3; i++)
        args[i] = cg_emit_expr(cg, list->items[i]);
    if (!cg_bf16_check_arch(cg, node))
        return LLVMGetPoison(cg_type(cg, node->type));
    const Type *arg = list->count ? list->items[0]->type : node->type;
    LLVMValueRef r = emit_op(cg, rows[row], args, arg, node->type, node);
    return node->type->kind == TYPE_BOOL && LLVMTypeOf(r) != LLVMInt1TypeInContext(cg->ctx)
               ? cg_truth(cg, r, &type_int32_t) : r;
}

/* The operators: + - * / of two bfloat16 values (__hadd ... __hdiv),
 * unary - (__hneg), comparisons (== is __heq, != __hneu, the others
 * ordered). */
LLVMValueRef cg_bf16_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b, const Node *at)
{
    if (!cg_bf16_check_arch(cg, at))
        return LLVMGetPoison(i16(cg));
    LLVMValueRef args[2] = {a, b};
    Row row = {op == BINOP_ADD ? ADD : op == BINOP_SUB ? SUB : op == BINOP_MUL ? MUL : DIV, RN};
    return emit_op(cg, row, args, &type_bfloat16_t, &type_bfloat16_t, at);
}

LLVMValueRef cg_bf16_neg(Cg *cg, LLVMValueRef v)
{
    return bf16_ptx(cg, "neg.bf16 $0, $1;", &v, 1);
}

LLVMValueRef cg_bf16_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b)
{
    Bf16Op ops[] = {[CMP_EQ] = EQ, [CMP_NE] = NEU, [CMP_LT] = LT, [CMP_LE] = LE, [CMP_GT] = GT, [CMP_GE] = GE};
    return emit_compare(cg, ops[op], a, b);
}

/* Conversions: numba-cuda's casts (the __nv_bfloat16 constructors, which
 * round to nearest even, and its conversion operators, exact to float32
 * and float64 and toward zero to integers). One of from, to is bfloat16. */
LLVMValueRef cg_bf16_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    if (from == to)
        return v;
    if (from->kind == TYPE_BFLOAT16) {
        if (to->kind == TYPE_BOOL)
            return LLVMBuildFCmp(cg->b, LLVMRealUNE, widen(cg, v), LLVMConstReal(f32(cg), 0.0), "");
        if (to->kind == TYPE_INT)
            return bf16_to_int(cg, v, to, RZ);
        LLVMValueRef f = widen(cg, v);
        if (to == &type_float32_t)
            return f;
        return to->bits > 32 ? LLVMBuildFPExt(cg->b, f, cg_type(cg, to), "")
                             : LLVMBuildFPTrunc(cg->b, f, cg_type(cg, to), "");
    }
    return number_to_bf16(cg, v, from, RN);
}
