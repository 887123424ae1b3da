/* Hand-written PTX for tests/runtime/gpu/launch_limits_check.c: kernels whose
 * facts lines carry the constraints pykc derives (blockmax, covers; format:
 * docs/abi.md, "Launch facts"), written as pykc writes them, and a kernel
 * using static plus more than 48 KiB of dynamic shared memory. Parameters
 * follow the ABI: an array is data, shape[d], strides[d] (elements).
 * launch_limits_ptx.test assembles both texts with ptxas and parses their
 * facts lines, so a typo shows up without a GPU. */
#ifndef PYKRT_GPU_LAUNCH_LIMITS_KERNELS_H
#define PYKRT_GPU_LAUNCH_LIMITS_KERNELS_H

#include "kernels.h" /* PTX_HEADER */

/* block_sum(x, total): total[0] += sum(x), each block reducing through the
 * static shared array `partial` of 256 int32 (so blockmax.x=256, and no
 * .maxntid: pykc writes none for a limit it derives); blockDim.x must be a
 * power of two.
 * add(x, out): out[i] = 2 * x[i] + 1 for i < out.shape[0], one element per
 * thread (covers.x=out.shape[0]).
 * add_n(out, n): out[i] = i for i < n (covers.x=n).
 * fill_rows(c, rows): c[y, x] = 1000 * y + x for y < rows, x < c.shape[1]
 * (covers along y by a scalar and along x by a shape). */
static const char PTX_LIMITS[] =
    PTX_HEADER
    ".shared .align 4 .b8 partial[1024];\n\n"
    "// pykc.kernel block_sum(x: array(int32, 1d, C), total: array(int32, 1d, C)) "
    "blockmax.x=256,partial,14\n"
    ".visible .entry block_sum(.param .u64 x, .param .u64 x_n, .param .u64 x_s,\n"
    "    .param .u64 t, .param .u64 t_n, .param .u64 t_s)\n"
    "{\n"
    "    .reg .pred %p<4>;\n    .reg .b32 %r<16>;\n    .reg .b64 %rd<8>;\n"
    "    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %ctaid.x;\n"
    "    mad.lo.s32 %r4, %r3, %r2, %r1;\n    cvt.u64.u32 %rd1, %r4;\n"
    "    ld.param.u64 %rd2, [x_n];\n    mov.u32 %r5, 0;\n"
    "    setp.ge.s64 %p1, %rd1, %rd2;\n    @%p1 bra STORE;\n"
    "    ld.param.u64 %rd3, [x];\n    shl.b64 %rd4, %rd1, 2;\n    add.s64 %rd3, %rd3, %rd4;\n"
    "    ld.global.u32 %r5, [%rd3];\n"
    "STORE:\n"
    "    mov.u32 %r6, partial;\n    shl.b32 %r7, %r1, 2;\n    add.s32 %r8, %r6, %r7;\n"
    "    st.shared.u32 [%r8], %r5;\n    bar.sync 0;\n"
    "    shr.u32 %r9, %r2, 1;\n"
    "LOOP:\n"
    "    setp.eq.u32 %p2, %r9, 0;\n    @%p2 bra REDUCED;\n"
    "    setp.ge.u32 %p3, %r1, %r9;\n    @%p3 bra SKIP;\n"
    "    shl.b32 %r10, %r9, 2;\n    add.s32 %r11, %r8, %r10;\n"
    "    ld.shared.u32 %r12, [%r11];\n    ld.shared.u32 %r13, [%r8];\n"
    "    add.s32 %r13, %r13, %r12;\n    st.shared.u32 [%r8], %r13;\n"
    "SKIP:\n"
    "    bar.sync 0;\n    shr.u32 %r9, %r9, 1;\n    bra LOOP;\n"
    "REDUCED:\n"
    "    setp.ne.u32 %p1, %r1, 0;\n    @%p1 bra DONE;\n"
    "    ld.shared.u32 %r14, [%r6];\n    ld.param.u64 %rd5, [t];\n"
    "    atom.global.add.u32 %r15, [%rd5], %r14;\n"
    "DONE:\n    ret;\n}\n\n"
    "// pykc.kernel add(x: array(int32, 1d, C), out: array(int32, 1d, C)) "
    "covers.x=out.shape[0],out,7\n"
    ".visible .entry add(.param .u64 x, .param .u64 x_n, .param .u64 x_s,\n"
    "    .param .u64 o, .param .u64 o_n, .param .u64 o_s)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<8>;\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mul.wide.u32 %rd1, %r1, %r2;\n    cvt.u64.u32 %rd2, %r3;\n    add.s64 %rd1, %rd1, %rd2;\n"
    "    ld.param.u64 %rd3, [o_n];\n    setp.ge.s64 %p1, %rd1, %rd3;\n    @%p1 bra DONE;\n"
    "    shl.b64 %rd2, %rd1, 2;\n"
    "    ld.param.u64 %rd4, [x];\n    add.s64 %rd4, %rd4, %rd2;\n    ld.global.u32 %r4, [%rd4];\n"
    "    mad.lo.s32 %r5, %r4, 2, 1;\n"
    "    ld.param.u64 %rd5, [o];\n    add.s64 %rd5, %rd5, %rd2;\n    st.global.u32 [%rd5], %r5;\n"
    "DONE:\n    ret;\n}\n\n"
    "// pykc.kernel add_n(out: array(int32, 1d, C), n: int64) covers.x=n,out,7\n"
    ".visible .entry add_n(.param .u64 o, .param .u64 o_n, .param .u64 o_s, .param .s64 n)\n"
    "{\n"
    "    .reg .pred %p<2>;\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<8>;\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mul.wide.u32 %rd1, %r1, %r2;\n    cvt.u64.u32 %rd2, %r3;\n    add.s64 %rd1, %rd1, %rd2;\n"
    "    ld.param.s64 %rd3, [n];\n    setp.ge.s64 %p1, %rd1, %rd3;\n    @%p1 bra DONE;\n"
    "    cvt.u32.u64 %r4, %rd1;\n    shl.b64 %rd2, %rd1, 2;\n"
    "    ld.param.u64 %rd5, [o];\n    add.s64 %rd5, %rd5, %rd2;\n    st.global.u32 [%rd5], %r4;\n"
    "DONE:\n    ret;\n}\n\n"
    "// pykc.kernel fill_rows(c: array(int32, 2d, C), rows: int32) covers.y=rows,c,12 "
    "covers.x=c.shape[1],c,12\n"
    ".visible .entry fill_rows(.param .u64 c, .param .u64 n0, .param .u64 n1,\n"
    "    .param .u64 s0, .param .u64 s1, .param .s32 rows)\n"
    "{\n"
    "    .reg .pred %p<3>;\n    .reg .b32 %r<10>;\n    .reg .b64 %rd<12>;\n"
    "    mov.u32 %r1, %ctaid.y;\n    mov.u32 %r2, %ntid.y;\n    mov.u32 %r3, %tid.y;\n"
    "    mad.lo.s32 %r4, %r1, %r2, %r3;\n"
    "    mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n"
    "    mad.lo.s32 %r5, %r1, %r2, %r3;\n"
    "    cvt.u64.u32 %rd1, %r4;\n    cvt.u64.u32 %rd2, %r5;\n"
    "    ld.param.s32 %r6, [rows];\n    cvt.s64.s32 %rd3, %r6;\n    ld.param.u64 %rd4, [n1];\n"
    "    setp.ge.s64 %p1, %rd1, %rd3;\n    setp.ge.s64 %p2, %rd2, %rd4;\n"
    "    or.pred %p1, %p1, %p2;\n    @%p1 bra DONE;\n"
    "    ld.param.u64 %rd5, [s0];\n    ld.param.u64 %rd6, [s1];\n"
    "    mul.lo.s64 %rd7, %rd1, %rd5;\n    mad.lo.s64 %rd7, %rd2, %rd6, %rd7;\n"
    "    shl.b64 %rd7, %rd7, 2;\n    ld.param.u64 %rd8, [c];\n    add.s64 %rd8, %rd8, %rd7;\n"
    "    mad.lo.s32 %r7, %r4, 1000, %r5;\n    st.global.u32 [%rd8], %r7;\n"
    "DONE:\n    ret;\n}\n";

/* far_end(out), one block: thread t writes 3t + 5 into the dynamic shared
 * word `last - t` (last: the final word of however much the launch gave,
 * read from %dynamic_smem_size), and t into the static array pad[t]; after
 * a barrier it stores out[t] = (the word of thread ntid - 1 - t) + pad[t] - t,
 * that is 3 * (ntid - 1 - t) + 5, so a wrong size or a missing opt-in
 * shows. pad makes 4096 static bytes, which count against the opt-in
 * maximum together with the dynamic ones. */
static const char PTX_FAR_END[] =
    PTX_HEADER
    ".extern .shared .align 4 .b8 far_smem[];\n"
    ".shared .align 4 .b8 pad[4096];\n\n"
    "// pykc.kernel far_end(out: array(int32, 1d, C))\n"
    ".visible .entry far_end(.param .u64 o, .param .u64 o_n, .param .u64 o_s)\n"
    "{\n"
    "    .reg .b32 %r<16>;\n    .reg .b64 %rd<4>;\n"
    "    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %ntid.x;\n"
    "    mov.u32 %r3, %dynamic_smem_size;\n    shr.u32 %r3, %r3, 2;\n    sub.s32 %r3, %r3, 1;\n"
    "    mov.u32 %r4, far_smem;\n"
    "    sub.s32 %r5, %r3, %r1;\n    shl.b32 %r5, %r5, 2;\n    add.s32 %r5, %r4, %r5;\n"
    "    mad.lo.s32 %r6, %r1, 3, 5;\n    st.shared.u32 [%r5], %r6;\n"
    "    mov.u32 %r7, pad;\n    shl.b32 %r8, %r1, 2;\n    add.s32 %r8, %r7, %r8;\n"
    "    st.shared.u32 [%r8], %r1;\n"
    "    bar.sync 0;\n"
    "    sub.s32 %r9, %r2, 1;\n    sub.s32 %r9, %r9, %r1;\n"
    "    sub.s32 %r10, %r3, %r9;\n    shl.b32 %r10, %r10, 2;\n    add.s32 %r10, %r4, %r10;\n"
    "    ld.shared.u32 %r11, [%r10];\n    ld.shared.u32 %r12, [%r8];\n"
    "    sub.s32 %r12, %r12, %r1;\n    add.s32 %r11, %r11, %r12;\n"
    "    cvt.u64.u32 %rd1, %r1;\n    shl.b64 %rd1, %rd1, 2;\n"
    "    ld.param.u64 %rd2, [o];\n    add.s64 %rd2, %rd2, %rd1;\n"
    "    st.global.u32 [%rd2], %r11;\n"
    "    ret;\n}\n";

#endif
