/* An exact fmod for Python's float `%` and `//`. LLVM's frem is exact by
 * definition, but the NVPTX back end expands it as x - trunc(x / y) * y,
 * which is wrong once the quotient passes 2^53 (1e300 % 1e-300 gives -inf).
 * So each float type gets an internal function `pykc.fmod.fN` doing the
 * remainder on the integer significands, one bit of quotient per step (the
 * classic shift-and-subtract, exact for normal and subnormal operands).
 * float16 goes through float32, where its remainder is exact too. */
#include <math.h>

#include "cg_internal.h"

/* The layout of an IEEE binary format: total and significand bits. */
typedef struct FloatFormat {
    unsigned bits, mant;
} FloatFormat;

typedef struct FmodBuilder {
    Cg *cg;
    LLVMBuilderRef b;
    LLVMValueRef fn;
    LLVMTypeRef it;          /* the integer type of the format's width */
    FloatFormat f;
} FmodBuilder;

static LLVMValueRef k(FmodBuilder *fb, uint64_t v)
{
    return LLVMConstInt(fb->it, v, false);
}

static LLVMBasicBlockRef block(FmodBuilder *fb, const char *name)
{
    return LLVMAppendBasicBlockInContext(fb->cg->ctx, fb->fn, name);
}

static LLVMValueRef ctlz(FmodBuilder *fb, LLVMValueRef v)
{
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(fb->cg->mod, LLVMLookupIntrinsicID("llvm.ctlz", 9),
                                                  &fb->it, 1);
    LLVMValueRef args[2] = {v, LLVMConstInt(LLVMInt1TypeInContext(fb->cg->ctx), 0, false)};
    return LLVMBuildCall2(fb->b, LLVMGlobalGetValueType(fn), fn, args, 2, "lz");
}

/* The significand with its leading bit at position mant, and the exponent
 * that goes with it (a subnormal is shifted up, its exponent below 1). */
static void unpack(FmodBuilder *fb, LLVMValueRef mag, LLVMValueRef *m, LLVMValueRef *e)
{
    LLVMBuilderRef B = fb->b;
    unsigned top = fb->f.bits - 1 - fb->f.mant;  /* leading zeros of a normal significand */
    LLVMValueRef lz = ctlz(fb, mag);
    LLVMValueRef exp = LLVMBuildLShr(B, mag, k(fb, fb->f.mant), "exp");
    LLVMValueRef subnormal = LLVMBuildICmp(B, LLVMIntEQ, exp, k(fb, 0), "");
    LLVMValueRef shift = LLVMBuildSub(B, lz, k(fb, top), "");
    LLVMValueRef sub_m = LLVMBuildShl(B, mag, shift, "");
    LLVMValueRef sub_e = LLVMBuildSub(B, k(fb, 1), shift, "");
    uint64_t implicit = UINT64_C(1) << fb->f.mant;
    LLVMValueRef norm_m = LLVMBuildOr(B, LLVMBuildAnd(B, mag, k(fb, implicit - 1), ""), k(fb, implicit), "");
    *m = LLVMBuildSelect(B, subnormal, sub_m, norm_m, "m");
    *e = LLVMBuildSelect(B, subnormal, sub_e, exp, "e");
}

/* m - my if that is not negative, else m: one step of long division. */
static LLVMValueRef reduce(FmodBuilder *fb, LLVMValueRef m, LLVMValueRef my)
{
    LLVMValueRef d = LLVMBuildSub(fb->b, m, my, "");
    LLVMValueRef fits = LLVMBuildICmp(fb->b, LLVMIntSGE, d, k(fb, 0), "");
    return LLVMBuildSelect(fb->b, fits, d, m, "");
}

/* The remainder's significand and exponent back into a float, with x's
 * sign; a zero significand is a zero of x's sign. */
static LLVMValueRef repack(FmodBuilder *fb, LLVMValueRef m, LLVMValueRef e, LLVMValueRef sign)
{
    LLVMBuilderRef B = fb->b;
    unsigned top = fb->f.bits - 1 - fb->f.mant;
    LLVMValueRef shift = LLVMBuildSub(B, ctlz(fb, m), k(fb, top), "");
    m = LLVMBuildShl(B, m, shift, "");
    e = LLVMBuildSub(B, e, shift, "");
    uint64_t implicit = UINT64_C(1) << fb->f.mant;
    LLVMValueRef normal = LLVMBuildOr(B, LLVMBuildSub(B, m, k(fb, implicit), ""),
                                      LLVMBuildShl(B, e, k(fb, fb->f.mant), ""), "");
    LLVMValueRef denormal = LLVMBuildLShr(B, m, LLVMBuildSub(B, k(fb, 1), e, ""), "");
    LLVMValueRef is_normal = LLVMBuildICmp(B, LLVMIntSGT, e, k(fb, 0), "");
    LLVMValueRef mag = LLVMBuildSelect(B, is_normal, normal, denormal, "");
    LLVMValueRef zero = LLVMBuildICmp(B, LLVMIntEQ, m, k(fb, 0), "");
    mag = LLVMBuildSelect(B, zero, k(fb, 0), mag, "");
    return LLVMBuildOr(B, mag, sign, "");
}

/* Operands with no finite remainder: y zero or NaN, x infinite or NaN. */
static LLVMValueRef no_remainder(FmodBuilder *fb, LLVMValueRef ax, LLVMValueRef ay)
{
    LLVMBuilderRef B = fb->b;
    uint64_t inf = ((UINT64_C(1) << (fb->f.bits - 1 - fb->f.mant)) - 1) << fb->f.mant;
    LLVMValueRef y_zero = LLVMBuildICmp(B, LLVMIntEQ, ay, k(fb, 0), "");
    LLVMValueRef y_nan = LLVMBuildICmp(B, LLVMIntUGT, ay, k(fb, inf), "");
    LLVMValueRef x_special = LLVMBuildICmp(B, LLVMIntUGE, ax, k(fb, inf), "");
    return LLVMBuildOr(B, LLVMBuildOr(B, y_zero, y_nan, ""), x_special, "");
}

/* The loop: while ex > ey, subtract when it fits, shift left. */
static void emit_long_division(FmodBuilder *fb, LLVMValueRef mx, LLVMValueRef ex, LLVMValueRef my,
                               LLVMValueRef ey, LLVMValueRef *m_out, LLVMValueRef *e_out)
{
    LLVMBuilderRef B = fb->b;
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(B);
    LLVMBasicBlockRef loop = block(fb, "loop"), body = block(fb, "body"), done = block(fb, "done");
    LLVMBuildBr(B, loop);
    LLVMPositionBuilderAtEnd(B, loop);
    LLVMValueRef m = LLVMBuildPhi(B, fb->it, "m"), e = LLVMBuildPhi(B, fb->it, "e");
    LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntSGT, e, ey, ""), body, done);
    LLVMPositionBuilderAtEnd(B, body);
    LLVMValueRef m2 = LLVMBuildShl(B, reduce(fb, m, my), k(fb, 1), "");
    LLVMValueRef e2 = LLVMBuildSub(B, e, k(fb, 1), "");
    LLVMBuildBr(B, loop);
    LLVMValueRef m_in[2] = {mx, m2}, e_in[2] = {ex, e2};
    LLVMBasicBlockRef from[2] = {pre, body};
    LLVMAddIncoming(m, m_in, from, 2);
    LLVMAddIncoming(e, e_in, from, 2);
    LLVMPositionBuilderAtEnd(B, done);
    *m_out = reduce(fb, m, my);
    *e_out = e;
}

/* The body of pykc.fmod.fN(x, y), on the bits of x and y. */
static void emit_fmod_body(FmodBuilder *fb, LLVMTypeRef ft)
{
    LLVMBuilderRef B = fb->b;
    LLVMBasicBlockRef entry = block(fb, "entry"), nan_bb = block(fb, "nan");
    LLVMBasicBlockRef small_bb = block(fb, "small"), work_bb = block(fb, "work");
    LLVMPositionBuilderAtEnd(B, entry);
    LLVMValueRef x = LLVMGetParam(fb->fn, 0), y = LLVMGetParam(fb->fn, 1);
    LLVMSetValueName2(x, "x", 1);
    LLVMSetValueName2(y, "y", 1);
    LLVMValueRef ux = LLVMBuildBitCast(B, x, fb->it, ""), uy = LLVMBuildBitCast(B, y, fb->it, "");
    uint64_t sign_bit = UINT64_C(1) << (fb->f.bits - 1);
    LLVMValueRef sign = LLVMBuildAnd(B, ux, k(fb, sign_bit), "sign");
    LLVMValueRef ax = LLVMBuildAnd(B, ux, k(fb, sign_bit - 1), "ax");
    LLVMValueRef ay = LLVMBuildAnd(B, uy, k(fb, sign_bit - 1), "ay");
    LLVMBuildCondBr(B, no_remainder(fb, ax, ay), nan_bb, small_bb);
    LLVMPositionBuilderAtEnd(B, nan_bb);
    LLVMBuildRet(B, LLVMConstReal(ft, (double)NAN));
    /* |x| < |y|: x itself; |x| == |y|: a zero of x's sign */
    LLVMPositionBuilderAtEnd(B, small_bb);
    LLVMBasicBlockRef ret_x = block(fb, "ret_x");
    LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntULE, ax, ay, ""), ret_x, work_bb);
    LLVMPositionBuilderAtEnd(B, ret_x);
    LLVMValueRef same = LLVMBuildICmp(B, LLVMIntEQ, ax, ay, "");
    LLVMBuildRet(B, LLVMBuildSelect(B, same, LLVMBuildBitCast(B, sign, ft, ""), x, ""));
    LLVMPositionBuilderAtEnd(B, work_bb);
    LLVMValueRef mx, ex, my, ey, m, e;
    unpack(fb, ax, &mx, &ex);
    unpack(fb, ay, &my, &ey);
    emit_long_division(fb, mx, ex, my, ey, &m, &e);
    LLVMBuildRet(B, LLVMBuildBitCast(B, repack(fb, m, e, sign), ft, ""));
}

static LLVMValueRef fmod_function(Cg *cg, LLVMTypeRef ft, FloatFormat f, const char *name)
{
    LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, name);
    if (fn)
        return fn;
    LLVMTypeRef params[2] = {ft, ft};
    fn = LLVMAddFunction(cg->mod, name, LLVMFunctionType(ft, params, 2, false));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    FmodBuilder fb = {cg, LLVMCreateBuilderInContext(cg->ctx), fn,
                      LLVMIntTypeInContext(cg->ctx, f.bits), f};
    emit_fmod_body(&fb, ft);
    LLVMDisposeBuilder(fb.b);
    return fn;
}

/* fmod(x, y) of type t, exactly (NaN when y is 0). */
LLVMValueRef cg_fmod(Cg *cg, LLVMValueRef x, LLVMValueRef y, const Type *t)
{
    LLVMTypeRef f32 = LLVMFloatTypeInContext(cg->ctx);
    bool wide = t->bits == 64;
    LLVMTypeRef ft = wide ? LLVMDoubleTypeInContext(cg->ctx) : f32;
    if (t->bits == 16) {
        x = LLVMBuildFPExt(cg->b, x, f32, "");
        y = LLVMBuildFPExt(cg->b, y, f32, "");
    }
    LLVMValueRef fn = wide ? fmod_function(cg, ft, (FloatFormat){64, 52}, "pykc.fmod.f64")
                           : fmod_function(cg, ft, (FloatFormat){32, 23}, "pykc.fmod.f32");
    LLVMValueRef args[2] = {x, y};
    LLVMValueRef r = LLVMBuildCall2(cg->b, LLVMGlobalGetValueType(fn), fn, args, 2, "fmod");
    return t->bits == 16 ? LLVMBuildFPTrunc(cg->b, r, cg_type(cg, t), "") : r;
}
