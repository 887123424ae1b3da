/* Hand-written PTX for the runtime's GPU tests, each kernel preceded by its
 * launch-facts line as pykc writes it (docs/abi.md). Parameters follow the
 * ABI: an array is data, shape[d], strides[d] (elements). The lit test
 * tests/runtime/gpu_ptx_assembles.test assembles all of it with ptxas, so a
 * typo here shows up without a GPU. */
#ifndef PYKRT_GPU_KERNELS_H
#define PYKRT_GPU_KERNELS_H

#define PTX_HEADER ".version 7.0\n.target sm_80\n.address_size 64\n\n"

/* vecadd(x, y, out): out[i] = x[i] + y[i] for i < out.shape[0]. Also
 * scale(a, s): a[i] *= s over a strided (layout A) 1-D array, and
 * fill2d(a): a[i, j] = 1000 * i + j over any strides, with a 2-D grid. */
static const char PTX_BASIC[] =
    PTX_HEADER
    "// pykc.kernel vecadd(x: array(float32, 1d, C), y: array(float32, 1d, C), "
    "out: array(float32, 1d, C))\n"
    ".visible .entry vecadd(.param .u64 x, .param .u64 x_n, .param .u64 x_s,\n"
    "    .param .u64 y, .param .u64 y_n, .param .u64 y_s,\n"
    "    .param .u64 o, .param .u64 o_n, .param .u64 o_s)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<12>;\n    .reg .f32 %f<4>;\n"
    "    ld.param.u64 %rd1, [x];\n    ld.param.u64 %rd2, [y];\n"
    "    ld.param.u64 %rd3, [o];\n    ld.param.u64 %rd4, [o_n];\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mul.wide.u32 %rd5, %r1, %r2;\n    cvt.u64.u32 %rd6, %r3;\n    add.s64 %rd5, %rd5, %rd6;\n"
    "    setp.ge.s64 %p1, %rd5, %rd4;\n    @%p1 bra DONE;\n"
    "    shl.b64 %rd6, %rd5, 2;\n"
    "    add.s64 %rd7, %rd1, %rd6;\n    ld.global.f32 %f1, [%rd7];\n"
    "    add.s64 %rd8, %rd2, %rd6;\n    ld.global.f32 %f2, [%rd8];\n"
    "    add.f32 %f3, %f1, %f2;\n"
    "    add.s64 %rd9, %rd3, %rd6;\n    st.global.f32 [%rd9], %f3;\n"
    "DONE:\n    ret;\n}\n\n"
    "// pykc.kernel scale(a: array(float32, 1d, A), s: float32)\n"
    ".visible .entry scale(.param .u64 a, .param .u64 a_n, .param .u64 a_s, .param .f32 s)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<10>;\n    .reg .f32 %f<4>;\n"
    "    ld.param.u64 %rd1, [a];\n    ld.param.u64 %rd2, [a_n];\n    ld.param.u64 %rd3, [a_s];\n"
    "    ld.param.f32 %f1, [s];\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mul.wide.u32 %rd4, %r1, %r2;\n    cvt.u64.u32 %rd5, %r3;\n    add.s64 %rd4, %rd4, %rd5;\n"
    "    setp.ge.s64 %p1, %rd4, %rd2;\n    @%p1 bra DONE;\n"
    "    mul.lo.s64 %rd6, %rd4, %rd3;\n    shl.b64 %rd6, %rd6, 2;\n    add.s64 %rd7, %rd1, %rd6;\n"
    "    ld.global.f32 %f2, [%rd7];\n    mul.f32 %f3, %f2, %f1;\n    st.global.f32 [%rd7], %f3;\n"
    "DONE:\n    ret;\n}\n\n"
    "// pykc.kernel fill2d(a: array(float32, 2d, A))\n"
    ".visible .entry fill2d(.param .u64 a, .param .u64 n0, .param .u64 n1,\n"
    "    .param .u64 s0, .param .u64 s1)\n"
    "{\n"
    "    .reg .pred %p<3>;\n    .reg .b32 %r<7>;\n    .reg .b64 %rd<12>;\n    .reg .f32 %f<2>;\n"
    "    ld.param.u64 %rd1, [a];\n    ld.param.u64 %rd2, [n0];\n    ld.param.u64 %rd3, [n1];\n"
    "    ld.param.u64 %rd4, [s0];\n    ld.param.u64 %rd5, [s1];\n"
    "    mov.u32 %r1, %ctaid.y;\n    mov.u32 %r2, %ntid.y;\n    mov.u32 %r3, %tid.y;\n"
    "    mad.lo.s32 %r4, %r1, %r2, %r3;\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mad.lo.s32 %r5, %r1, %r2, %r3;\n"
    "    cvt.u64.u32 %rd6, %r4;\n    cvt.u64.u32 %rd7, %r5;\n"
    "    setp.ge.s64 %p1, %rd6, %rd2;\n    setp.ge.s64 %p2, %rd7, %rd3;\n"
    "    or.pred %p1, %p1, %p2;\n    @%p1 bra DONE;\n"
    "    mul.lo.s64 %rd8, %rd6, %rd4;\n    mad.lo.s64 %rd8, %rd7, %rd5, %rd8;\n"
    "    shl.b64 %rd8, %rd8, 2;\n    add.s64 %rd9, %rd1, %rd8;\n"
    "    mad.lo.s32 %r6, %r4, 1000, %r5;\n    cvt.rn.f32.s32 %f1, %r6;\n"
    "    st.global.f32 [%rd9], %f1;\n"
    "DONE:\n    ret;\n}\n";

/* scalars(out, a..h): thread 0 stores each scalar, converted to int64,
 * into out[0..7] (floats truncated toward zero): checks that every width
 * of scalar travels through the flattened parameters intact. */
static const char PTX_SCALARS[] =
    PTX_HEADER
    "// pykc.kernel scalars(out: array(int64, 1d, C), a: int8, b: int16, c: int32, d: int64, "
    "e: uint8, f: float32, g: float64, h: bool)\n"
    ".visible .entry scalars(.param .u64 o, .param .u64 o_n, .param .u64 o_s,\n"
    "    .param .s8 a, .param .s16 b, .param .s32 c, .param .s64 d, .param .u8 e,\n"
    "    .param .f32 f, .param .f64 g, .param .u8 h)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b16 %h<4>;\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<12>;\n"
    "    .reg .f32 %f<2>;\n    .reg .f64 %fd<2>;\n"
    "    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %ctaid.x;\n    or.b32 %r1, %r1, %r2;\n"
    "    setp.ne.u32 %p1, %r1, 0;\n    @%p1 bra DONE;\n"
    "    ld.param.u64 %rd1, [o];\n"
    "    ld.param.s8 %h1, [a];\n    cvt.s64.s16 %rd2, %h1;\n    st.global.u64 [%rd1], %rd2;\n"
    "    ld.param.s16 %h2, [b];\n    cvt.s64.s16 %rd3, %h2;\n    st.global.u64 [%rd1+8], %rd3;\n"
    "    ld.param.s32 %r3, [c];\n    cvt.s64.s32 %rd4, %r3;\n    st.global.u64 [%rd1+16], %rd4;\n"
    "    ld.param.s64 %rd5, [d];\n    st.global.u64 [%rd1+24], %rd5;\n"
    "    ld.param.u8 %h3, [e];\n    cvt.u64.u16 %rd6, %h3;\n    st.global.u64 [%rd1+32], %rd6;\n"
    "    ld.param.f32 %f1, [f];\n    cvt.rzi.s64.f32 %rd7, %f1;\n    st.global.u64 [%rd1+40], %rd7;\n"
    "    ld.param.f64 %fd1, [g];\n    cvt.rzi.s64.f64 %rd8, %fd1;\n    st.global.u64 [%rd1+48], %rd8;\n"
    "    ld.param.u8 %h3, [h];\n    cvt.u64.u16 %rd9, %h3;\n    st.global.u64 [%rd1+56], %rd9;\n"
    "DONE:\n    ret;\n}\n";

/* poke(a): a[0] += 1 by thread 0; given a bogus pointer it faults with an
 * illegal address. nofacts(a): the same with no facts line (unchecked). */
static const char PTX_POKE[] =
    PTX_HEADER
    "// pykc.kernel poke(a: array(int32, 1d, C))\n"
    ".visible .entry poke(.param .u64 a, .param .u64 a_n, .param .u64 a_s)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<2>;\n"
    "    mov.u32 %r1, %tid.x;\n    setp.ne.u32 %p1, %r1, 0;\n    @%p1 bra DONE;\n"
    "    ld.param.u64 %rd1, [a];\n    ld.volatile.global.u32 %r2, [%rd1];\n"
    "    add.s32 %r3, %r2, 1;\n    st.volatile.global.u32 [%rd1], %r3;\n"
    "DONE:\n    ret;\n}\n\n"
    ".visible .entry nofacts(.param .u64 a, .param .u64 a_n, .param .u64 a_s)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<2>;\n"
    "    mov.u32 %r1, %tid.x;\n    setp.ne.u32 %p1, %r1, 0;\n    @%p1 bra DONE;\n"
    "    ld.param.u64 %rd1, [a];\n    ld.global.u32 %r2, [%rd1];\n"
    "    add.s32 %r3, %r2, 7;\n    st.global.u32 [%rd1], %r3;\n"
    "DONE:\n    ret;\n}\n";

/* reverse(out): out[blockIdx.x * ntid + t] = ntid - 1 - t, staged through
 * dynamic shared memory (cuda.shared.array(0, int32)); the launch gives
 * the shared size. limited(out): out[t] = t with maxntid=128, both in its
 * facts line and as PTX's .maxntid. */
static const char PTX_SHARED[] =
    PTX_HEADER
    ".extern .shared .align 4 .b8 dynamic_smem[];\n\n"
    "// pykc.kernel reverse(out: array(int32, 1d, C))\n"
    ".visible .entry reverse(.param .u64 o, .param .u64 o_n, .param .u64 o_s)\n"
    "{\n"
    "    .reg .b32 %r<10>;\n    .reg .b64 %rd<8>;\n"
    "    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %ctaid.x;\n"
    "    mov.u32 %r4, dynamic_smem;\n    shl.b32 %r5, %r1, 2;\n    add.s32 %r6, %r4, %r5;\n"
    "    st.shared.u32 [%r6], %r1;\n    bar.sync 0;\n"
    "    sub.s32 %r7, %r2, 1;\n    sub.s32 %r7, %r7, %r1;\n    shl.b32 %r8, %r7, 2;\n"
    "    add.s32 %r8, %r4, %r8;\n    ld.shared.u32 %r9, [%r8];\n"
    "    mad.lo.s32 %r7, %r3, %r2, %r1;\n    cvt.u64.u32 %rd1, %r7;\n"
    "    ld.param.u64 %rd2, [o];\n    shl.b64 %rd3, %rd1, 2;\n    add.s64 %rd4, %rd2, %rd3;\n"
    "    st.global.u32 [%rd4], %r9;\n"
    "    ret;\n}\n\n"
    "// pykc.kernel limited(out: array(int32, 1d, C)) maxntid=128\n"
    ".visible .entry limited(.param .u64 o, .param .u64 o_n, .param .u64 o_s)\n"
    "    .maxntid 128, 1, 1\n"
    "{\n"
    "    .reg .b32 %r<2>;\n    .reg .b64 %rd<5>;\n"
    "    mov.u32 %r1, %tid.x;\n    cvt.u64.u32 %rd1, %r1;\n"
    "    ld.param.u64 %rd2, [o];\n    shl.b64 %rd3, %rd1, 2;\n    add.s64 %rd4, %rd2, %rd3;\n"
    "    st.global.u32 [%rd4], %r1;\n"
    "    ret;\n}\n";

/* Rejected by the JIT: line 7 names no instruction. */
static const char PTX_BAD[] =
    PTX_HEADER
    ".visible .entry broken()\n"
    "{\n"
    "    frobnicate.u32 %r1;\n"
    "    ret;\n}\n";

/* Valid PTX whose facts line is malformed (line 5: 'float33'). */
static const char PTX_BAD_FACTS[] =
    PTX_HEADER
    "// pykc.kernel empty(n: float33)\n"
    ".visible .entry empty(.param .f32 n)\n{\n    ret;\n}\n";

#endif
