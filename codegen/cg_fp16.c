/* float16 as numba-cuda 0.30.4 computes it. Numba lowers float16
 * operators, math.NAME of a float16 and cuda.fp16.NAME by calling the
 * functions of CUDA's cuda_fp16.h (compiled by NVRTC, linked by LTO), and
 * float16 casts by inline PTX (cuda_fp16.py's lower_cast). To give the
 * same bits, each is lowered here to the same PTX instructions, in the same
 * order, with the same constants:
 *
 * - + - * are add.f16, sub.f16, mul.f16 without a rounding modifier, as
 *   inline PTX (not LLVM's fadd, which NVPTX writes as add.rn.f16): ptxas
 *   may fuse mul.f16 and add.f16 into an fma, and must see what it sees in
 *   Numba's PTX to decide the same way. fma, neg, abs, max, min, rounding
 *   to an integral value, and the approximate functions are inline PTX too.
 * - / is __hdiv: the quotient from rcp.approx.ftz.f32 in float32, with
 *   one fma correction when the float16 result is tiny (below 0x008F).
 * - sin and cos reduce and evaluate a polynomial in float32 (IR below),
 *   round to float16, then correct a few inputs exactly; exp, exp2, exp10,
 *   log, log2, log10 use ex2.approx/lg2.approx in float32 and correct a few
 *   inputs by one ulp (a table per function); sqrt, rsqrt and rcp are
 *   float32 approximations rounded to float16.
 * - The comparison operators are cuda_fp16.hpp's: <, <=, >, >=, == are
 *   ordered (__hlt ...: false for a NaN) and != is __hneu, unordered
 *   (setp.neu.f16: `h != h` is True for a NaN, as in Python). cuda.fp16.hne
 *   is __hne, ordered (setp.ne.f16: false for a NaN).
 * - float16 to an integer rounds to nearest even (cvt.rni, saturating; NaN
 *   gives 0, or 1 << 63 for a 64-bit integer, as PTX ISA 9.0 specifies
 *   for cvt): int(float16(2.5)) is 2 in Numba. Every other conversion is
 *   a single correctly rounded cvt, which LLVM's fpext, fptrunc, sitofp and
 *   uitofp give too (NVPTX selects cvt.rn.f16.f64, cvt.rn.f16.s64, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_internal.h"

typedef enum Fp16Op {
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_NEG, OP_ABS, OP_MAX, OP_MIN,
    OP_SIN, OP_COS, OP_LOG, OP_LOG2, OP_LOG10, OP_EXP, OP_EXP2, OP_EXP10,
    OP_SQRT, OP_RSQRT, OP_RCP, OP_RINT, OP_TRUNC, OP_FLOOR, OP_CEIL,
    OP_EQ, OP_NE, OP_GT, OP_GE, OP_LT, OP_LE,
} Fp16Op;

static LLVMTypeRef half_type(Cg *cg) { return LLVMHalfTypeInContext(cg->ctx); }
static LLVMTypeRef i16_type(Cg *cg) { return LLVMInt16TypeInContext(cg->ctx); }
static LLVMTypeRef f32_type(Cg *cg) { return LLVMFloatTypeInContext(cg->ctx); }

/* Inline PTX on float16 values, passed in 16-bit registers ("h"). */
static LLVMValueRef half_ptx(Cg *cg, const char *text, LLVMValueRef *halves, unsigned n)
{
    static const char *const constraints[] = {"=h", "=h,h", "=h,h,h", "=h,h,h,h"};
    LLVMValueRef bits[3];
    for (unsigned i = 0; i < n; i++)
        bits[i] = LLVMBuildBitCast(cg->b, halves[i], i16_type(cg), "");
    LLVMValueRef r = cg_inline_ptx(cg, i16_type(cg), text, constraints[n], bits, n);
    return LLVMBuildBitCast(cg->b, r, half_type(cg), "");
}

/* One-instruction operations: "add.f16 $0, $1, $2;" and friends. */
static LLVMValueRef simple_op(Cg *cg, const char *opcode, LLVMValueRef *args, unsigned n)
{
    static const char *const operands[] = {"", " $0, $1;", " $0, $1, $2;", " $0, $1, $2, $3;"};
    char text[64];
    snprintf(text, sizeof text, "%s%s", opcode, operands[n]);
    return half_ptx(cg, text, args, n);
}

/* cuda_fp16.h corrects chosen inputs of its approximations: where the
 * checked register (the input, or the rounded result) equals `when`, it
 * adds `ulp` (both float16 bit patterns) to the result r, branch-free by
 * set.eq giving 1.0 or 0.0 and an fma. */
typedef struct Correction {
    unsigned short when, ulp;
} Correction;

static void append(char *buf, size_t size, const char *fmt, unsigned a, unsigned b)
{
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, fmt, a, b);
}

static void append_corrections(char *buf, size_t size, const char *checked, const Correction *c, int n)
{
    for (int k = 0; k < n; k++) {
        char fmt[200];
        snprintf(fmt, sizeof fmt, "{ .reg .b16 w, u, p; mov.b16 w, 0x%%04X; mov.b16 u, 0x%%04X; "
                 "set.eq.f16.f16 p, %s, w; fma.rn.f16 r, p, u, r; }\n\t", checked);
        append(buf, size, fmt, c[k].when, c[k].ulp);
    }
}

/* The float32 route of hexp ... hlog10, hsqrt, hrsqrt, hrcp: widen h to f,
 * optionally scale before (`pre`: f = f * C + -0.0), apply `approx`, scale
 * after (`post`: f = f * C, or f = f + f * 2^-24 for exp2), round to r,
 * correct. The constants are float32 bit patterns; 0 means none. */
typedef struct Approx {
    Fp16Op op;
    const char *approx;          /* ex2, lg2, sqrt, rsqrt, rcp */
    unsigned pre, post;
    bool post_is_ulp;            /* post: f = f * 2^-24 + f */
    bool check_result;           /* corrections test r, not the input */
    Correction fix[5];
    int fixes;
} Approx;

static const Approx approximations[] = {
    {OP_EXP, "ex2", 0x3FB8AA3Bu, 0, false, false,
     {{0x1F79, 0x9400}, {0x25CF, 0x9400}, {0xC13B, 0x0400}, {0xC1EF, 0x0200}}, 4},
    {OP_EXP2, "ex2", 0, 0x33800000u, true, false, {{0}}, 0},
    {OP_EXP10, "ex2", 0x40549A78u, 0, false, false,
     {{0x34DE, 0x9800}, {0x9766, 0x9000}, {0x9972, 0x1000}, {0xA5C4, 0x1000}, {0xBF0A, 0x8100}}, 5},
    {OP_LOG2, "lg2", 0, 0, false, true, {{0xA2E2, 0x8080}, {0xBF46, 0x9400}}, 2},
    {OP_LOG, "lg2", 0, 0x3F317218u, false, false,
     {{0x160D, 0x9C00}, {0x3BFE, 0x8010}, {0x3C0B, 0x8080}, {0x6051, 0x1C00}}, 4},
    {OP_LOG10, "lg2", 0, 0x3E9A209Bu, false, false,
     {{0x338F, 0x1000}, {0x33F8, 0x9000}, {0x57E1, 0x9800}, {0x719D, 0x9C00}}, 4},
    {OP_SQRT, "sqrt", 0, 0, false, false, {{0}}, 0},
    {OP_RSQRT, "rsqrt", 0, 0, false, false, {{0}}, 0},
    {OP_RCP, "rcp", 0, 0, false, false, {{0}}, 0},
};

static LLVMValueRef emit_approx(Cg *cg, const Approx *a, LLVMValueRef h)
{
    char text[1600] = "{ .reg .b32 f, c; .reg .b16 h, r;\n\tmov.b16 h, $1;\n\tcvt.f32.f16 f, h;\n\t";
    if (a->pre)
        append(text, sizeof text, "mov.b32 c, 0x%08X;\n\tfma.rn.f32 f, f, c, 0f%08X;\n\t", a->pre, 0x80000000u);
    size_t used = strlen(text);
    snprintf(text + used, sizeof text - used, "%s.approx.ftz.f32 f, f;\n\t", a->approx);
    if (a->post && a->post_is_ulp)
        append(text, sizeof text, "mov.b32 c, 0x%08X;\n\tfma.rn.f32 f, f, c, f;\n\t", a->post, 0);
    else if (a->post)
        append(text, sizeof text, "mov.b32 c, 0x%08X;\n\tmul.f32 f, f, c;\n\t", a->post, 0);
    append(text, sizeof text, "cvt.rn.f16.f32 r, f;\n\t", 0, 0);
    append_corrections(text, sizeof text, a->check_result ? "r" : "h", a->fix, a->fixes);
    append(text, sizeof text, "mov.b16 $0, r; }", 0, 0);
    return half_ptx(cg, text, &h, 1);
}

static LLVMValueRef f32_const(Cg *cg, float v)
{
    return LLVMConstReal(f32_type(cg), (double)v);
}

static LLVMValueRef fma32(Cg *cg, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    LLVMTypeRef ft = f32_type(cg);
    LLVMValueRef args[3] = {a, b, c};
    return cg_intrinsic(cg, "llvm.fma", &ft, 1, args, 3);
}

/* sin or cos of x in float32 as cuda_fp16.h does it: reduce by multiples
 * of pi/2 (the quadrant q is the low bits of a rounded float), evaluate a
 * degree-8 polynomial, negate in quadrants 2 and 3; cos is sin one
 * quadrant on. */
static LLVMValueRef sin_cos_f32(Cg *cg, LLVMValueRef x, bool is_cos)
{
    LLVMBuilderRef B = cg->b;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(cg->ctx);
    LLVMValueRef shifter = f32_const(cg, 12582912.0f);
    LLVMValueRef ar = fma32(cg, x, f32_const(cg, 0.636619772f), shifter);
    LLVMValueRef q = LLVMBuildBitCast(B, ar, i32, "quadrant");
    LLVMValueRef j = LLVMBuildFSub(B, ar, shifter, "");
    LLVMValueRef t = fma32(cg, j, f32_const(cg, -1.5707962512969971f), x);
    t = fma32(cg, j, f32_const(cg, -7.5497894158615964e-8f), t);
    if (is_cos)
        q = LLVMBuildAdd(B, LLVMBuildAnd(B, q, LLVMConstInt(i32, 3, false), ""), LLVMConstInt(i32, 1, false), "");
    LLVMValueRef odd = LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, q, LLVMConstInt(i32, 1, false), ""),
                                     LLVMConstInt(i32, 0, false), "");
    LLVMValueRef t2 = LLVMBuildFMul(B, t, t, "");
#define PICK(c, s) LLVMBuildSelect(B, odd, f32_const(cg, c), f32_const(cg, s), "")
    LLVMValueRef a8 = PICK(2.44331571e-5f, -1.95152959e-4f);
    LLVMValueRef a6 = PICK(-1.38873163e-3f, 8.33216087e-3f);
    LLVMValueRef a4 = PICK(4.16666457e-2f, -1.66666546e-1f);
    LLVMValueRef a2 = PICK(-5.00000000e-1f, 0.0f);
#undef PICK
    LLVMValueRef a1 = LLVMBuildSelect(B, odd, t2, t, "");
    LLVMValueRef a0 = LLVMBuildSelect(B, odd, f32_const(cg, 1.0f), t, "");
    LLVMValueRef z = fma32(cg, a8, t2, a6);
    z = fma32(cg, z, t2, a4);
    z = fma32(cg, z, t2, a2);
    z = fma32(cg, z, a1, a0);
    LLVMValueRef negate = LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, q, LLVMConstInt(i32, 2, false), ""),
                                        LLVMConstInt(i32, 0, false), "");
    return LLVMBuildSelect(B, negate, LLVMBuildFNeg(B, z, ""), z, "");
}

/* hsin: the float32 value rounded, then two inputs corrected on |r| with
 * r's sign kept. hcos: one input corrected. */
static LLVMValueRef emit_sin_cos(Cg *cg, LLVMValueRef h, bool is_cos)
{
    LLVMValueRef f = LLVMBuildFPExt(cg->b, h, f32_type(cg), "");
    LLVMValueRef args[2] = {LLVMBuildFPTrunc(cg->b, sin_cos_f32(cg, f, is_cos), half_type(cg), ""), h};
    static const Correction sin_fix[] = {{0x32B3, 0x0800}, {0x5CB0, 0x9000}};
    static const Correction cos_fix[] = {{0x2B7C, 0x1000}};
    char text[1200];
    if (is_cos) {
        snprintf(text, sizeof text, "{ .reg .b16 i, r;\n\tmov.b16 r, $1;\n\tabs.f16 i, $2;\n\t");
        append_corrections(text, sizeof text, "i", cos_fix, 1);
    } else {
        snprintf(text, sizeof text, "{ .reg .b16 i, r, s;\n\tmov.b16 r, $1;\n\tand.b16 s, r, 0x8000;\n\t"
                 "abs.f16 r, r;\n\tabs.f16 i, $2;\n\t");
        append_corrections(text, sizeof text, "i", sin_fix, 2);
        append(text, sizeof text, "or.b16 r, r, s;\n\t", 0, 0);
    }
    append(text, sizeof text, "mov.b16 $0, r; }", 0, 0);
    return half_ptx(cg, text, args, 2);
}

/* __hdiv: a * rcp.approx(b) in float32, rounded; a tiny non-zero result
 * (|v| below 0x008F) is refined by one fma step before rounding again. */
static LLVMValueRef emit_div(Cg *cg, LLVMValueRef a, LLVMValueRef b)
{
    LLVMBuilderRef B = cg->b;
    LLVMTypeRef ht = half_type(cg);
    LLVMValueRef fa = LLVMBuildFPExt(B, a, f32_type(cg), "");
    LLVMValueRef fb = LLVMBuildFPExt(B, b, f32_type(cg), "");
    LLVMValueRef rcp = cg_intrinsic(cg, "llvm.nvvm.rcp.approx.ftz.f", NULL, 0, &fb, 1);
    LLVMValueRef fv = LLVMBuildFMul(B, rcp, fa, "");
    LLVMValueRef v = LLVMBuildFPTrunc(B, fv, ht, "");
    LLVMValueRef mag = cg_intrinsic(cg, "llvm.fabs", &ht, 1, &v, 1);
    LLVMValueRef den = LLVMBuildBitCast(B, LLVMConstInt(i16_type(cg), 0x008F, false), ht, "");
    LLVMValueRef tiny = LLVMBuildAnd(B, LLVMBuildFCmp(B, LLVMRealOLT, mag, den, ""),
                                     LLVMBuildFCmp(B, LLVMRealOLT, LLVMConstNull(ht), mag, ""), "");
    LLVMValueRef err = fma32(cg, LLVMBuildFNeg(B, fb, ""), fv, fa);
    LLVMValueRef refined = LLVMBuildFPTrunc(B, fma32(cg, rcp, err, fv), ht, "");
    return LLVMBuildSelect(B, tiny, refined, v, "hdiv");
}

/* __hmax/__hmin: max.f16/min.f16 exist from sm_80; before it cuda_fp16.hpp
 * takes max.f32/min.f32 of the values widened, rounded back. */
static LLVMValueRef emit_max_min(Cg *cg, const char *opcode, LLVMValueRef *args)
{
    const char *arch = cg->options->arch ? cg->options->arch : CG_DEFAULT_ARCH;
    if (strncmp(arch, "sm_", 3) != 0 || atoi(arch + 3) >= 80)
        return simple_op(cg, opcode, args, 2);
    char text[32];
    snprintf(text, sizeof text, "%.3s.f32 $0, $1, $2;", opcode);
    LLVMValueRef wide[2] = {LLVMBuildFPExt(cg->b, args[0], f32_type(cg), ""),
                            LLVMBuildFPExt(cg->b, args[1], f32_type(cg), "")};
    LLVMValueRef r = cg_inline_ptx(cg, f32_type(cg), text, "=f,f,f", wide, 2);
    return LLVMBuildFPTrunc(cg->b, r, half_type(cg), "");
}

static LLVMRealPredicate predicate_of(Fp16Op op)
{
    switch (op) {
    case OP_NE: return LLVMRealONE;
    case OP_GT: return LLVMRealOGT;
    case OP_GE: return LLVMRealOGE;
    case OP_LT: return LLVMRealOLT;
    case OP_LE: return LLVMRealOLE;
    default: return LLVMRealOEQ;
    }
}

/* Every operation on float16 arguments (already float16 values). */
static LLVMValueRef emit_op(Cg *cg, Fp16Op op, LLVMValueRef *args)
{
    switch (op) {
    case OP_ADD: return simple_op(cg, "add.f16", args, 2);
    case OP_SUB: return simple_op(cg, "sub.f16", args, 2);
    case OP_MUL: return simple_op(cg, "mul.f16", args, 2);
    case OP_FMA: return simple_op(cg, "fma.rn.f16", args, 3);
    case OP_MAX: return emit_max_min(cg, "max.f16", args);
    case OP_MIN: return emit_max_min(cg, "min.f16", args);
    case OP_NEG: return simple_op(cg, "neg.f16", args, 1);
    case OP_ABS: return simple_op(cg, "abs.f16", args, 1);
    case OP_RINT: return simple_op(cg, "cvt.rni.f16.f16", args, 1);
    case OP_TRUNC: return simple_op(cg, "cvt.rzi.f16.f16", args, 1);
    case OP_FLOOR: return simple_op(cg, "cvt.rmi.f16.f16", args, 1);
    case OP_CEIL: return simple_op(cg, "cvt.rpi.f16.f16", args, 1);
    case OP_DIV: return emit_div(cg, args[0], args[1]);
    case OP_SIN: return emit_sin_cos(cg, args[0], false);
    case OP_COS: return emit_sin_cos(cg, args[0], true);
    case OP_EQ: case OP_NE: case OP_GT: case OP_GE: case OP_LT: case OP_LE:
        return LLVMBuildFCmp(cg->b, predicate_of(op), args[0], args[1], "");
    default:
        for (size_t i = 0; i < sizeof approximations / sizeof approximations[0]; i++)
            if (approximations[i].op == op)
                return emit_approx(cg, &approximations[i], args[0]);
        return LLVMGetPoison(half_type(cg));
    }
}

LLVMValueRef cg_fp16_binop(Cg *cg, BinOpKind op, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef args[2] = {a, b};
    switch (op) {
    case BINOP_ADD: return emit_op(cg, OP_ADD, args);
    case BINOP_SUB: return emit_op(cg, OP_SUB, args);
    case BINOP_MUL: return emit_op(cg, OP_MUL, args);
    default: return emit_op(cg, OP_DIV, args);
    }
}

LLVMValueRef cg_fp16_neg(Cg *cg, LLVMValueRef v)
{
    return emit_op(cg, OP_NEG, &v);
}

/* A comparison operator: numba-cuda calls cuda_fp16.hpp's operators, whose
 * != is __hneu (unordered), unlike cuda.fp16.hne (__hne, ordered). */
LLVMValueRef cg_fp16_compare(Cg *cg, CmpOpKind op, LLVMValueRef a, LLVMValueRef b)
{
    LLVMValueRef args[2] = {a, b};
    switch (op) {
    case CMP_NE: return LLVMBuildFCmp(cg->b, LLVMRealUNE, a, b, "");
    case CMP_LT: return emit_op(cg, OP_LT, args);
    case CMP_LE: return emit_op(cg, OP_LE, args);
    case CMP_GT: return emit_op(cg, OP_GT, args);
    case CMP_GE: return emit_op(cg, OP_GE, args);
    default: return emit_op(cg, OP_EQ, args);
    }
}

/* float16 to an integer: cvt.rni.{s,u}N.f16, as numba-cuda's lower_cast. */
static LLVMValueRef half_to_int(Cg *cg, LLVMValueRef v, const Type *to)
{
    const char *reg = to->bits == 8 ? "c" : to->bits == 16 ? "h" : to->bits == 32 ? "r" : "l";
    char text[48], constraints[16];
    snprintf(text, sizeof text, "cvt.rni.%c%d.f16 $0, $1;", to->is_signed ? 's' : 'u', to->bits);
    snprintf(constraints, sizeof constraints, "=%s,h", reg);
    LLVMValueRef bits = LLVMBuildBitCast(cg->b, v, i16_type(cg), "");
    return cg_inline_ptx(cg, cg_type(cg, to), text, constraints, &bits, 1);
}

/* v of type `from` as `to`, one of them float16, both numbers or bool
 * (a conversion to bool is the truth test, done by cg_convert). */
LLVMValueRef cg_fp16_convert(Cg *cg, LLVMValueRef v, const Type *from, const Type *to)
{
    LLVMTypeRef dst = cg_type(cg, to);
    if (from == to)
        return v;
    if (from->kind == TYPE_FLOAT && to->kind == TYPE_INT)
        return half_to_int(cg, v, to);
    if (from->kind == TYPE_FLOAT && to->kind == TYPE_FLOAT)
        return to->bits > from->bits ? LLVMBuildFPExt(cg->b, v, dst, "") : LLVMBuildFPTrunc(cg->b, v, dst, "");
    if (from->kind == TYPE_INT && from->is_signed)
        return LLVMBuildSIToFP(cg->b, v, dst, "");
    return LLVMBuildUIToFP(cg->b, v, dst, "");
}

static bool math_op(int id, Fp16Op *op)
{
    static const struct { Builtin id; Fp16Op op; } table[] = {
        {BUILTIN_MATH_SIN, OP_SIN}, {BUILTIN_MATH_COS, OP_COS}, {BUILTIN_MATH_SQRT, OP_SQRT},
        {BUILTIN_MATH_LOG, OP_LOG}, {BUILTIN_MATH_LOG2, OP_LOG2}, {BUILTIN_MATH_LOG10, OP_LOG10},
        {BUILTIN_MATH_EXP, OP_EXP}, {BUILTIN_MATH_EXP2, OP_EXP2}, {BUILTIN_MATH_FABS, OP_ABS},
        {BUILTIN_MATH_FLOOR, OP_FLOOR}, {BUILTIN_MATH_CEIL, OP_CEIL}, {BUILTIN_MATH_TRUNC, OP_TRUNC},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if ((int)table[i].id == id) {
            *op = table[i].op;
            return true;
        }
    return false;
}

/* math.NAME(x) of a float16 x: numba-cuda's fp16.py binds it to hNAME. */
LLVMValueRef cg_fp16_math(Cg *cg, int id, LLVMValueRef x)
{
    Fp16Op op;
    if (!math_op(id, &op))
        return LLVMGetPoison(half_type(cg));
    return emit_op(cg, op, &x);
}

bool cg_is_fp16_call(const Node *node)
{
    int id = node->call.builtin;
    return id == BUILTIN_IS_FLOAT16_SUPPORTED || (id >= BUILTIN_FP16_HADD && id <= BUILTIN_FP16_HMIN);
}

/* cuda.fp16.NAME(args): the ops in the order of builtins.def's run. */
LLVMValueRef cg_emit_fp16_call(Cg *cg, const Node *node)
{
    static const Fp16Op ops[] = {
        OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_NEG, OP_ABS, OP_SIN, OP_COS, OP_LOG, OP_LOG2,
        OP_LOG10, OP_EXP, OP_EXP2, OP_EXP10, OP_SQRT, OP_RSQRT, OP_RCP, OP_RINT, OP_TRUNC,
        OP_FLOOR, OP_CEIL, OP_EQ, OP_NE, OP_GT, OP_GE, OP_LT, OP_LE, OP_MAX, OP_MIN,
    };
    _Static_assert(sizeof ops / sizeof ops[0] == BUILTIN_FP16_HMIN - BUILTIN_FP16_HADD + 1,
                   "one op per cuda.fp16 builtin");
    int id = node->call.builtin;
    if (id == BUILTIN_IS_FLOAT16_SUPPORTED)
        return LLVMConstInt(LLVMInt1TypeInContext(cg->ctx), 1, false);
    LLVMValueRef args[3];
    const NodeList *list = &node->call.args;
    for (int i = 0; i < list->count && i < 3; i++)
        args[i] = cg_convert(cg, cg_emit_expr(cg, list->items[i]), list->items[i]->type, &type_float16_t);
    return emit_op(cg, ops[id - BUILTIN_FP16_HADD], args);
}
