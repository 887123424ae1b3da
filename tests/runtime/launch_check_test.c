/* Unit test of the pre-launch checks (runtime/src/launch_check.c) against
 * fake kernel facts, fake arrays and an H100-like device, without a GPU:
 * the configuration limits, the blockmax and covers facts pykc derives, a
 * cooperative kernel's grid against the blocks the device holds at once,
 * every argument mismatch, contiguity, and the ABI's flattening of
 * arguments into kernel parameters. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "launch_check.h"

static pyk_device_properties device(void)
{
    pyk_device_properties d = {0};
    d.max_threads_per_block = 1024;
    d.max_block_dim[0] = 1024, d.max_block_dim[1] = 1024, d.max_block_dim[2] = 64;
    d.max_grid_dim[0] = 2147483647, d.max_grid_dim[1] = 65535, d.max_grid_dim[2] = 65535;
    d.shared_mem_per_block = 49152;
    d.shared_mem_per_block_optin = 232448;
    d.warp_size = 32;
    return d;
}

static RtKernelFacts facts_of(const char *line)
{
    RtKernelFacts facts;
    char error[256];
    if (!rt_facts_parse_line(line, strlen(line), &facts, error, sizeof error)) {
        printf("bad test line: %s\n", error);
        exit(2);
    }
    return facts;
}

/* A fake array: only the fields the checks read. */
static pyk_array array_of(pyk_context *ctx, pyk_dtype dtype, int ndim, const int64_t *shape,
                          const int64_t *strides)
{
    pyk_array a;
    memset(&a, 0, sizeof a);
    a.ctx = ctx;
    a.dtype = dtype;
    a.ndim = ndim;
    a.pointer = 0x7f0000001000ULL;
    a.size = 1;
    for (int i = ndim - 1; i >= 0; i--) {
        a.shape[i] = shape[i];
        a.strides[i] = strides ? strides[i] : a.size;
        a.size *= shape[i];
    }
    return a;
}

static char report_buffer[2048];

static pyk_status config_status(const RtKernelLimits *k, pyk_dim3 grid, pyk_dim3 block, size_t smem)
{
    pyk_device_properties d = device();
    pyk_launch_config c = {grid, block, smem, NULL};
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    return rt_check_config(&d, k, NULL, &c, &report);
}

static void test_config(void)
{
    RtKernelLimits plain = {"vecadd", 1024, 0, 0};
    pyk_dim3 one = {1, 1, 1};
    CHECK(config_status(&plain, (pyk_dim3){4, 0, 0}, (pyk_dim3){256, 0, 0}, 0) == PYK_OK);
    CHECK(config_status(&plain, one, (pyk_dim3){32, 32, 1}, 0) == PYK_OK);

    CHECK(config_status(&plain, one, (pyk_dim3){1025, 1, 1}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "kernel 'vecadd': block.x = 1025 exceeds the device's maximum of 1024");
    CHECK_CONTAINS(report_buffer, "a block of 1025 threads (1025 x 1 x 1) is too large: the "
                                  "device allows at most 1024 threads per block");

    CHECK(config_status(&plain, one, (pyk_dim3){64, 32, 1}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "a block of 2048 threads (64 x 32 x 1) is too large");
    CHECK(config_status(&plain, one, (pyk_dim3){1, 1, 65}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "block.z = 65 exceeds the device's maximum of 64");

    CHECK(config_status(&plain, one, (pyk_dim3){0, 1, 1}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "kernel 'vecadd': block.x is 0: every launch needs at least one thread");
    CHECK(config_status(&plain, (pyk_dim3){0, 1, 1}, one, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "grid.x is 0: every launch needs at least one block");
    CHECK(config_status(&plain, (pyk_dim3){1, 65536, 1}, one, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "grid.y = 65536 exceeds the device's maximum of 65535");

    /* The kernel's own limits: pykc's maxntid, then the registers. */
    RtKernelLimits capped = {"reduce", 1024, 256, 1024};
    CHECK(config_status(&capped, one, (pyk_dim3){256, 1, 1}, 0) == PYK_OK);
    CHECK(config_status(&capped, one, (pyk_dim3){512, 1, 1}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "kernel 'reduce': a block of 512 threads (512 x 1 x 1) is too "
                                  "large: pykc limited this kernel to 256 threads per block");
    RtKernelLimits registers = {"heavy", 640, 0, 0};
    CHECK(config_status(&registers, one, (pyk_dim3){768, 1, 1}, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "the kernel's register use allows at most 640 threads per block");
    pyk_device_properties d = device();
    CHECK(rt_kernel_thread_limit(&d, &plain) == 1024);
    CHECK(rt_kernel_thread_limit(&d, &capped) == 256);
    CHECK(rt_kernel_thread_limit(&d, &registers) == 640);

    /* Shared memory: dynamic above 48 KiB is fine up to the opt-in maximum. */
    CHECK(config_status(&plain, one, one, 100000) == PYK_OK);
    CHECK(config_status(&plain, one, one, 232448) == PYK_OK);
    CHECK(config_status(&plain, one, one, 232449) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "kernel 'vecadd': 232449 bytes of dynamic shared memory plus "
                                  "the kernel's 0 static bytes exceed the device's maximum of "
                                  "232448 bytes per block");
    CHECK(config_status(&capped, one, one, 232000) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "232000 bytes of dynamic shared memory plus the kernel's 1024 static bytes");

    /* Several violations are all listed, one line each. */
    CHECK(config_status(&plain, (pyk_dim3){1, 70000, 1}, (pyk_dim3){2000, 1, 1}, 300000) ==
          PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "block.x = 2000 exceeds");
    CHECK_CONTAINS(report_buffer, "\nkernel 'vecadd': grid.y = 70000 exceeds");
    CHECK_CONTAINS(report_buffer, "\nkernel 'vecadd': 300000 bytes of dynamic shared memory");
}

static void test_contiguity(void)
{
    int64_t shape[] = {3, 4}, c[] = {4, 1}, f[] = {1, 3}, gap[] = {8, 1};
    CHECK(rt_is_contiguous(2, shape, c, PYK_LAYOUT_C));
    CHECK(!rt_is_contiguous(2, shape, c, PYK_LAYOUT_F));
    CHECK(rt_is_contiguous(2, shape, f, PYK_LAYOUT_F));
    CHECK(!rt_is_contiguous(2, shape, f, PYK_LAYOUT_C));
    CHECK(!rt_is_contiguous(2, shape, gap, PYK_LAYOUT_C));
    CHECK(rt_is_contiguous(2, shape, gap, PYK_LAYOUT_A));
    int64_t row[] = {1, 4}, any_stride[] = {99, 1};
    CHECK(rt_is_contiguous(2, row, any_stride, PYK_LAYOUT_C)); /* extent 1: stride irrelevant */
    int64_t empty[] = {0, 5}, junk[] = {7, 7};
    CHECK(rt_is_contiguous(2, empty, junk, PYK_LAYOUT_C));
    int64_t n[] = {10}, every_other[] = {2};
    CHECK(!rt_is_contiguous(1, n, every_other, PYK_LAYOUT_C));

    /* Five and eight dimensions: C counts from the last, F from the first. */
    int64_t s5[] = {2, 3, 4, 5, 6}, c5[] = {360, 120, 30, 6, 1}, f5[] = {1, 2, 6, 24, 120};
    CHECK(rt_is_contiguous(5, s5, c5, PYK_LAYOUT_C) && !rt_is_contiguous(5, s5, c5, PYK_LAYOUT_F));
    CHECK(rt_is_contiguous(5, s5, f5, PYK_LAYOUT_F) && !rt_is_contiguous(5, s5, f5, PYK_LAYOUT_C));
    int64_t c5_gap[] = {720, 240, 60, 12, 2};
    CHECK(!rt_is_contiguous(5, s5, c5_gap, PYK_LAYOUT_C));
    int64_t s8[] = {2, 1, 2, 1, 2, 1, 2, 3}, c8[] = {24, 99, 12, 99, 6, 99, 3, 1};
    CHECK(rt_is_contiguous(8, s8, c8, PYK_LAYOUT_C));
}

static pyk_status args_status(const RtKernelFacts *k, const pyk_context *ctx, const pyk_arg *args, int n)
{
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    return rt_check_args(k, ctx, args, n, &report);
}

static void test_arguments(void)
{
    pyk_context *ctx = (pyk_context *)0x1000, *other = (pyk_context *)0x2000;
    RtKernelFacts vecadd = facts_of("// pykc.kernel vecadd(x: array(float32, 1d, C), "
                                    "y: array(float32, 1d, C), out: array(float32, 1d, C))");
    int64_t n[] = {1000}, two_d[] = {10, 100}, every_other[] = {2};
    pyk_array x = array_of(ctx, PYK_FLOAT32, 1, n, NULL);
    pyk_array y64 = array_of(ctx, PYK_FLOAT64, 1, n, NULL);
    pyk_array m = array_of(ctx, PYK_FLOAT32, 2, two_d, NULL);
    pyk_array strided = array_of(ctx, PYK_FLOAT32, 1, n, every_other);
    pyk_array foreign = array_of(other, PYK_FLOAT32, 1, n, NULL);

    pyk_arg good[] = {pyk_arg_array(&x), pyk_arg_array(&x), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, good, 3) == PYK_OK);
    CHECK(args_status(&vecadd, ctx, good, 2) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "kernel 'vecadd' takes 3 arguments (x, y, out) but 2 were given");
    CHECK(args_status(&vecadd, ctx, good, 0) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "but 0 were given");

    pyk_arg wrong_dtype[] = {pyk_arg_array(&x), pyk_arg_array(&y64), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, wrong_dtype, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "kernel 'vecadd': parameter 'y' (argument 2) expects "
                                  "array(float32, 1d, C) but got an array of another dtype "
                                  "array(float64, 1d, C)");

    pyk_arg wrong_ndim[] = {pyk_arg_array(&m), pyk_arg_array(&x), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, wrong_ndim, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'x' (argument 1) expects array(float32, 1d, C) but "
                                  "got an array of another ndim array(float32, 2d, C)");

    pyk_arg non_contiguous[] = {pyk_arg_array(&x), pyk_arg_array(&x), pyk_arg_array(&strided)};
    CHECK(args_status(&vecadd, ctx, non_contiguous, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'out' (argument 3) expects array(float32, 1d, C) but "
                                  "got a non-C-contiguous array array(float32, 1d, A): copy it "
                                  "into a contiguous array");

    pyk_arg scalar_for_array[] = {pyk_arg_array(&x), pyk_arg_f32(1.0f), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, scalar_for_array, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'y' (argument 2) expects array(float32, 1d, C) but "
                                  "got a scalar float32");

    pyk_arg foreign_args[] = {pyk_arg_array(&foreign), pyk_arg_array(&x), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, foreign_args, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'x' (argument 1) expects array(float32, 1d, C) but "
                                  "got an array of another context");

    pyk_arg null_array[] = {pyk_arg_array(NULL), pyk_arg_array(&x), pyk_arg_array(&x)};
    CHECK(args_status(&vecadd, ctx, null_array, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'x' (argument 1) expects array(float32, 1d, C) but "
                                  "got no array (NULL)");

    RtKernelFacts scale = facts_of("// pykc.kernel scale(a: array(complex64, 1d, C), z: complex64)");
    int64_t four[] = {4};
    pyk_array cz = array_of(ctx, PYK_COMPLEX64, 1, four, NULL);
    pyk_arg complex_ok[] = {pyk_arg_array(&cz), pyk_arg_c64(pyk_c64(1.0f, 0.0f))};
    CHECK(args_status(&scale, ctx, complex_ok, 2) == PYK_OK);
    pyk_arg complex_wide[] = {pyk_arg_array(&cz), pyk_arg_c128(pyk_c128(1.0, 0.0))};
    CHECK(args_status(&scale, ctx, complex_wide, 2) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'z' (argument 2) expects complex64 but got a scalar of "
                                  "another type complex128");
    pyk_arg real_array[] = {pyk_arg_array(&x), pyk_arg_c64(pyk_c64(1.0f, 0.0f))};
    CHECK(args_status(&scale, ctx, real_array, 2) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'a' (argument 1) expects array(complex64, 1d, C) but got "
                                  "an array of another dtype array(float32, 1d, C)");
    rt_kernel_facts_free(&scale);

    /* Every mismatching parameter is reported, one line each. */
    pyk_arg all_wrong[] = {pyk_arg_array(&y64), pyk_arg_array(&m), pyk_arg_array(&strided)};
    CHECK(args_status(&vecadd, ctx, all_wrong, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'x' (argument 1)");
    CHECK_CONTAINS(report_buffer, "\nkernel 'vecadd': parameter 'y' (argument 2)");
    CHECK_CONTAINS(report_buffer, "\nkernel 'vecadd': parameter 'out' (argument 3)");
    rt_kernel_facts_free(&vecadd);

    RtKernelFacts scaled = facts_of("// pykc.kernel scaled(a: array(float32, 1d, A), n: int64, "
                                    "s: float32)");
    pyk_arg ok[] = {pyk_arg_array(&strided), pyk_arg_i64(1000), pyk_arg_f32(2.0f)};
    CHECK(args_status(&scaled, ctx, ok, 3) == PYK_OK); /* layout A takes any strides */
    pyk_arg narrow[] = {pyk_arg_array(&x), pyk_arg_i32(1000), pyk_arg_f64(2.0)};
    CHECK(args_status(&scaled, ctx, narrow, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "kernel 'scaled': parameter 'n' (argument 2) expects int64 but "
                                  "got a scalar of another type int32");
    CHECK_CONTAINS(report_buffer, "parameter 's' (argument 3) expects float32 but got a scalar "
                                  "of another type float64");
    pyk_arg array_for_scalar[] = {pyk_arg_array(&x), pyk_arg_array(&x), pyk_arg_f32(2.0f)};
    CHECK(args_status(&scaled, ctx, array_for_scalar, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'n' (argument 2) expects int64 but got an array "
                                  "array(float32, 1d, C)");
    pyk_arg one_arg[] = {pyk_arg_array(&x)};
    CHECK(args_status(&scaled, ctx, one_arg, 1) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "kernel 'scaled' takes 3 arguments (a, n, s) but 1 was given");
    rt_kernel_facts_free(&scaled);

    RtKernelFacts fortran = facts_of("// pykc.kernel f(a: array(int32, 2d, F))");
    int64_t f_strides[] = {1, 10};
    pyk_array fa = array_of(ctx, PYK_INT32, 2, two_d, f_strides);
    pyk_array ca = array_of(ctx, PYK_INT32, 2, two_d, NULL);
    pyk_arg f_ok[] = {pyk_arg_array(&fa)}, f_bad[] = {pyk_arg_array(&ca)};
    CHECK(args_status(&fortran, ctx, f_ok, 1) == PYK_OK);
    CHECK(args_status(&fortran, ctx, f_bad, 1) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "expects array(int32, 2d, F) but got a non-F-contiguous array "
                                  "array(int32, 2d, C)");
    rt_kernel_facts_free(&fortran);

    /* Eight dimensions: ndim and layout checked as for two. */
    RtKernelFacts eight = facts_of("// pykc.kernel e(a: array(float32, 8d, C), b: array(int8, 5d, F))");
    int64_t s8[] = {2, 2, 2, 2, 2, 2, 2, 2}, s5[] = {2, 3, 4, 5, 6}, f5[] = {1, 2, 6, 24, 120};
    pyk_array a8 = array_of(ctx, PYK_FLOAT32, 8, s8, NULL);
    pyk_array b5f = array_of(ctx, PYK_INT8, 5, s5, f5), b5c = array_of(ctx, PYK_INT8, 5, s5, NULL);
    pyk_arg e_ok[] = {pyk_arg_array(&a8), pyk_arg_array(&b5f)};
    CHECK(args_status(&eight, ctx, e_ok, 2) == PYK_OK);
    pyk_arg e_bad[] = {pyk_arg_array(&b5f), pyk_arg_array(&b5c)};
    CHECK(args_status(&eight, ctx, e_bad, 2) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'a' (argument 1) expects array(float32, 8d, C) but got an "
                                  "array of another dtype array(int8, 5d, F)");
    CHECK_CONTAINS(report_buffer, "parameter 'b' (argument 2) expects array(int8, 5d, F) but got a "
                                  "non-F-contiguous array array(int8, 5d, C)");
    rt_kernel_facts_free(&eight);
}

/* Tuple parameters take pyk_arg_tuple arguments, checked member by
 * member; the report names the member at fault by its path. */
static void test_tuple_arguments(void)
{
    pyk_context *ctx = (pyk_context *)0x1000, *other = (pyk_context *)0x2000;
    RtKernelFacts k = facts_of("// pykc.kernel k(p: UniTuple(int64 x 2), "
                               "n: Tuple(Tuple(int32, float32), array(float32, 2d, C)), s: int64)");
    int64_t two_d[] = {4, 5}, f_strides[] = {1, 4};
    pyk_array m = array_of(ctx, PYK_FLOAT32, 2, two_d, NULL);
    pyk_array mf = array_of(ctx, PYK_FLOAT32, 2, two_d, f_strides);
    pyk_array foreign = array_of(other, PYK_FLOAT32, 2, two_d, NULL);
    pyk_arg pair[] = {pyk_arg_i64(1), pyk_arg_i64(2)};
    pyk_arg inner[] = {pyk_arg_i32(3), pyk_arg_f32(4.0f)};
    pyk_arg nest[] = {pyk_arg_tuple(inner, 2), pyk_arg_array(&m)};
    pyk_arg good[] = {pyk_arg_tuple(pair, 2), pyk_arg_tuple(nest, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, good, 3) == PYK_OK);

    pyk_arg wrong_member[] = {pyk_arg_i64(1), pyk_arg_i32(2)};
    pyk_arg a1[] = {pyk_arg_tuple(wrong_member, 2), pyk_arg_tuple(nest, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, a1, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "kernel 'k': parameter 'p' (argument 1) expects UniTuple(int64 x 2) but "
                                  "its member [1] (int64) is a scalar of another type int32");

    pyk_arg a2[] = {pyk_arg_tuple(pair, 1), pyk_arg_array(&m), pyk_arg_tuple(pair, 2)};
    CHECK(args_status(&k, ctx, a2, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'p' (argument 1) expects UniTuple(int64 x 2) but got a "
                                  "tuple of another length (1 member)");
    CHECK_CONTAINS(report_buffer, "\nkernel 'k': parameter 'n' (argument 2) expects "
                                  "Tuple(Tuple(int32, float32), array(float32, 2d, C)) but got an array "
                                  "array(float32, 2d, C)");
    CHECK_CONTAINS(report_buffer, "\nkernel 'k': parameter 's' (argument 3) expects int64 but got a tuple "
                                  "(2 members)");

    pyk_arg bad_inner[] = {pyk_arg_i32(3), pyk_arg_f64(4.0)};
    pyk_arg nest_bad[] = {pyk_arg_tuple(bad_inner, 2), pyk_arg_array(&m)};
    pyk_arg a3[] = {pyk_arg_tuple(pair, 2), pyk_arg_tuple(nest_bad, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, a3, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "but its member [0][1] (float32) is a scalar of another type float64");

    pyk_arg nest_f[] = {pyk_arg_tuple(inner, 2), pyk_arg_array(&mf)};
    pyk_arg a4[] = {pyk_arg_tuple(pair, 2), pyk_arg_tuple(nest_f, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, a4, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "its member [1] (array(float32, 2d, C)) is a non-C-contiguous array "
                                  "array(float32, 2d, F): copy it into a contiguous array");

    pyk_arg nest_foreign[] = {pyk_arg_tuple(inner, 2), pyk_arg_array(&foreign)};
    pyk_arg nest_null[] = {pyk_arg_array(NULL), pyk_arg_array(NULL)};
    pyk_arg a5[] = {pyk_arg_tuple(NULL, 2), pyk_arg_tuple(nest_foreign, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, a5, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "parameter 'p' (argument 1) expects UniTuple(int64 x 2) but got no tuple "
                                  "(NULL members)");
    CHECK_CONTAINS(report_buffer, "its member [1] (array(float32, 2d, C)) is an array of another context");
    pyk_arg a6[] = {pyk_arg_tuple(pair, 2), pyk_arg_tuple(nest_null, 2), pyk_arg_i64(5)};
    CHECK(args_status(&k, ctx, a6, 3) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "its member [0] (Tuple(int32, float32)) is no tuple (NULL members)");
    rt_kernel_facts_free(&k);

    /* A tuple whose member is the tuple itself: the parameter's structure
     * bounds the walk. */
    RtKernelFacts deep = facts_of("// pykc.kernel d(t: Tuple(Tuple(Tuple(int8))))");
    pyk_arg loop[1];
    loop[0] = pyk_arg_tuple(loop, 1);
    CHECK(args_status(&deep, ctx, loop, 1) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "its member [0][0][0] (int8) is a tuple (1 member)");
    rt_kernel_facts_free(&deep);

    /* A complex member is checked as a complex parameter is: its exact
     * width. */
    RtKernelFacts w = facts_of("// pykc.kernel w(t: Tuple(complex64, array(complex128, 3d, C)))");
    int64_t three_d[] = {2, 3, 4};
    pyk_array cube = array_of(ctx, PYK_COMPLEX128, 3, three_d, NULL);
    pyk_arg cmembers[] = {pyk_arg_c64(pyk_c64(1.0f, 2.0f)), pyk_arg_array(&cube)};
    pyk_arg cgood[] = {pyk_arg_tuple(cmembers, 2)};
    CHECK(args_status(&w, ctx, cgood, 1) == PYK_OK);
    pyk_arg cwide[] = {pyk_arg_c128(pyk_c128(1.0, 2.0)), pyk_arg_array(&cube)};
    pyk_arg cbad[] = {pyk_arg_tuple(cwide, 2)};
    CHECK(args_status(&w, ctx, cbad, 1) == PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(report_buffer, "its member [0] (complex64) is a scalar of another type complex128");
    rt_kernel_facts_free(&w);
}

/* The whole report, compared exactly. */
static void check_text(const char *got, const char *want, const char *file, int line)
{
    if (strcmp(got, want) == 0) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: expected the report\n  %s\nbut got\n  %s\n", file, line, want, got);
}

#define CHECK_TEXT(got, want) check_text((got), (want), __FILE__, __LINE__)

static pyk_status derived_status(const RtKernelLimits *k, const RtKernelFacts *facts, pyk_dim3 block)
{
    pyk_device_properties d = device();
    pyk_launch_config c = {{1, 1, 1}, block, 0, NULL};
    report_buffer[0] = '\0';
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    return rt_check_config(&d, k, facts, &c, &report);
}

/* blockmax: the block's extent along an axis against a shared array's size. */
static void test_blockmax(void)
{
    RtKernelFacts sum = facts_of("// pykc.kernel block_sum(x: array(float32, 1d, C), "
                                 "total: array(float32, 1d, C)) blockmax.x=256,partial,14");
    RtKernelLimits open = {"block_sum", 1024, 0, 0};
    CHECK(derived_status(&open, &sum, (pyk_dim3){256, 1, 1}) == PYK_OK);
    CHECK(derived_status(&open, &sum, (pyk_dim3){1, 4, 4}) == PYK_OK);
    CHECK(derived_status(&open, &sum, (pyk_dim3){257, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum' launched with blocks of 257 threads along x, "
                              "but its shared array 'partial' (line 14) only has room for 256: "
                              "launch with blockDim.x <= 256, or enlarge the array");
    CHECK(derived_status(&open, &sum, (pyk_dim3){512, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum' launched with blocks of 512 threads along x, "
                              "but its shared array 'partial' (line 14) only has room for 256: "
                              "launch with blockDim.x <= 256, or enlarge the array");
    /* pyk_launch_raw passes no facts: only the driver's limits apply. */
    CHECK(derived_status(&open, NULL, (pyk_dim3){512, 1, 1}) == PYK_OK);

    /* pykc writes no .maxntid of its own (derived limits stay facts), but
     * the registers may allow only 256 threads: the blockmax line is the
     * whole fix when cutting blockDim.x to 256 fits... */
    RtKernelLimits narrowed = {"block_sum", 256, 0, 0};
    CHECK(derived_status(&narrowed, &sum, (pyk_dim3){512, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum' launched with blocks of 512 threads along x, "
                              "but its shared array 'partial' (line 14) only has room for 256: "
                              "launch with blockDim.x <= 256, or enlarge the array");
    /* ...unless the block is too large even once blockDim.x is cut to 256. */
    CHECK(derived_status(&narrowed, &sum, (pyk_dim3){512, 2, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum' launched with blocks of 512 threads along x, "
                              "but its shared array 'partial' (line 14) only has room for 256: "
                              "launch with blockDim.x <= 256, or enlarge the array\n"
                              "kernel 'block_sum': a block of 1024 threads (512 x 2 x 1) is too "
                              "large: the kernel's register use allows at most 256 threads per "
                              "block on this device");
    /* Within blockmax along x, but over the registers' thread count: the
     * limit is the registers', never one pykc derived. */
    CHECK(derived_status(&narrowed, &sum, (pyk_dim3){128, 4, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum': a block of 512 threads (128 x 4 x 1) is too large: "
                              "the kernel's register use allows at most 256 threads per block on "
                              "this device");
    /* Blocks larger than the device allows: both lines (the device's first). */
    CHECK(derived_status(&open, &sum, (pyk_dim3){2048, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'block_sum': block.x = 2048 exceeds the device's maximum of "
                              "1024\nkernel 'block_sum' launched with blocks of 2048 threads along "
                              "x, but its shared array 'partial' (line 14) only has room for 256: "
                              "launch with blockDim.x <= 256, or enlarge the array");
    rt_kernel_facts_free(&sum);

    /* Several axes, and y/z of 0 counting as 1. */
    RtKernelFacts tiled = facts_of("// pykc.kernel tiled(a: array(float32, 2d, C)) "
                                   "blockmax.y=16,tile,9 blockmax.x=32,tile,9 blockmax.z=1,tile,9");
    RtKernelLimits tiled_limits = {"tiled", 1024, 0, 0};
    CHECK(derived_status(&tiled_limits, &tiled, (pyk_dim3){32, 16, 1}) == PYK_OK);
    CHECK(derived_status(&tiled_limits, &tiled, (pyk_dim3){32, 0, 0}) == PYK_OK);
    CHECK(derived_status(&tiled_limits, &tiled, (pyk_dim3){32, 17, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'tiled' launched with blocks of 17 threads along y, but its "
                              "shared array 'tile' (line 9) only has room for 16: launch with "
                              "blockDim.y <= 16, or enlarge the array");
    CHECK(derived_status(&tiled_limits, &tiled, (pyk_dim3){33, 32, 2}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'tiled' launched with blocks of 32 threads along y, but its "
                              "shared array 'tile' (line 9) only has room for 16: launch with "
                              "blockDim.y <= 16, or enlarge the array\n"
                              "kernel 'tiled' launched with blocks of 33 threads along x, but its "
                              "shared array 'tile' (line 9) only has room for 32: launch with "
                              "blockDim.x <= 32, or enlarge the array\n"
                              "kernel 'tiled' launched with blocks of 2 threads along z, but its "
                              "shared array 'tile' (line 9) only has room for 1: launch with "
                              "blockDim.z <= 1, or enlarge the array");
    rt_kernel_facts_free(&tiled);

    /* Two arrays limiting one axis: each violated one is named. */
    RtKernelFacts two = facts_of("// pykc.kernel two() blockmax.x=128,big,3 blockmax.x=64,small,4");
    RtKernelLimits two_limits = {"two", 1024, 0, 0};
    CHECK(derived_status(&two_limits, &two, (pyk_dim3){64, 1, 1}) == PYK_OK);
    CHECK(derived_status(&two_limits, &two, (pyk_dim3){100, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'two' launched with blocks of 100 threads along x, but its "
                              "shared array 'small' (line 4) only has room for 64: launch with "
                              "blockDim.x <= 64, or enlarge the array");
    CHECK(derived_status(&two_limits, &two, (pyk_dim3){200, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "blocks of 200 threads along x, but its shared array 'big' (line 3)");
    CHECK_CONTAINS(report_buffer, "\nkernel 'two' launched with blocks of 200 threads along x, but "
                                  "its shared array 'small' (line 4) only has room for 64");
    /* Registers allowing 64 threads: cut to the smaller room fits them. */
    RtKernelLimits two_narrowed = {"two", 64, 0, 0};
    CHECK(derived_status(&two_narrowed, &two, (pyk_dim3){200, 1, 1}) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK(strstr(report_buffer, "register") == NULL);
    rt_kernel_facts_free(&two);
}

static pyk_status coverage_status(const RtKernelFacts *facts, pyk_dim3 grid, pyk_dim3 block,
                                  const pyk_arg *args, int nargs)
{
    pyk_launch_config c = {grid, block, 0, NULL};
    report_buffer[0] = '\0';
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    return rt_check_coverage(facts, &c, args, nargs, &report);
}

/* covers: gridDim * blockDim along an axis against an extent from the
 * arguments. */
static void test_coverage(void)
{
    pyk_context *ctx = (pyk_context *)0x1000;
    pyk_dim3 b256 = {256, 1, 1};
    int64_t n1000[] = {1000}, n0[] = {0};
    pyk_array x = array_of(ctx, PYK_FLOAT32, 1, n1000, NULL);
    pyk_array empty = array_of(ctx, PYK_FLOAT32, 1, n0, NULL);

    RtKernelFacts add = facts_of("// pykc.kernel add(x: array(float32, 1d, C), "
                                 "out: array(float32, 1d, C)) covers.x=out.shape[0],out,7");
    pyk_arg arrays[] = {pyk_arg_array(&x), pyk_arg_array(&x)};
    CHECK(coverage_status(&add, (pyk_dim3){4, 1, 1}, b256, arrays, 2) == PYK_OK);
    CHECK(coverage_status(&add, (pyk_dim3){1, 1, 1}, (pyk_dim3){1000, 1, 1}, arrays, 2) == PYK_OK);
    CHECK(coverage_status(&add, (pyk_dim3){1, 1, 1}, b256, arrays, 2) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'add' launched with 256 threads along x (1 block of 256), "
                              "but array 'out' has 1000 elements along axis 0 and each thread "
                              "handles one (line 7): 744 would never be processed; launch at "
                              "least 4 blocks of 256");
    CHECK(coverage_status(&add, (pyk_dim3){1, 1, 1}, (pyk_dim3){999, 1, 1}, arrays, 2) ==
          PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'add' launched with 999 threads along x (1 block of 999), "
                              "but array 'out' has 1000 elements along axis 0 and each thread "
                              "handles one (line 7): 1 would never be processed; launch at least "
                              "2 blocks of 999");
    CHECK(coverage_status(&add, (pyk_dim3){3, 1, 1}, b256, arrays, 2) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "launched with 768 threads along x (3 blocks of 256), but");
    CHECK_CONTAINS(report_buffer, ": 232 would never be processed; launch at least 4 blocks of 256");
    /* Only the named parameter counts; an empty array needs no thread. */
    pyk_arg small_out[] = {pyk_arg_array(&x), pyk_arg_array(&empty)};
    CHECK(coverage_status(&add, (pyk_dim3){1, 1, 1}, (pyk_dim3){1, 1, 1}, small_out, 2) == PYK_OK);
    rt_kernel_facts_free(&add);

    /* A scalar extent, read per its type; negative values are not checked. */
    RtKernelFacts scalar = facts_of("// pykc.kernel add(out: array(float32, 1d, C), n: int64) "
                                    "covers.x=n,out,7");
    pyk_arg n_args[] = {pyk_arg_array(&x), pyk_arg_i64(1000)};
    CHECK(coverage_status(&scalar, (pyk_dim3){1, 1, 1}, b256, n_args, 2) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'add' launched with 256 threads along x (1 block of 256), "
                              "but it processes n = 1000 elements along x, one per thread (array "
                              "'out', line 7): 744 would never be processed; launch at least 4 "
                              "blocks of 256");
    CHECK(coverage_status(&scalar, (pyk_dim3){4, 1, 1}, b256, n_args, 2) == PYK_OK);
    n_args[1] = pyk_arg_i64(1024);
    CHECK(coverage_status(&scalar, (pyk_dim3){4, 1, 1}, b256, n_args, 2) == PYK_OK);
    n_args[1] = pyk_arg_i64(1025);
    CHECK(coverage_status(&scalar, (pyk_dim3){4, 1, 1}, b256, n_args, 2) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "1024 threads along x (4 blocks of 256), but it processes n = "
                                  "1025 elements along x");
    CHECK_CONTAINS(report_buffer, ": 1 would never be processed; launch at least 5 blocks of 256");
    n_args[1] = pyk_arg_i64(-5);
    CHECK(coverage_status(&scalar, (pyk_dim3){1, 1, 1}, b256, n_args, 2) == PYK_OK);
    n_args[1] = pyk_arg_i64(0);
    CHECK(coverage_status(&scalar, (pyk_dim3){1, 1, 1}, b256, n_args, 2) == PYK_OK);
    /* A non-integer value (the argument check reports it): skipped. */
    n_args[1] = pyk_arg_f64(1e9);
    CHECK(coverage_status(&scalar, (pyk_dim3){1, 1, 1}, b256, n_args, 2) == PYK_OK);
    rt_kernel_facts_free(&scalar);

    RtKernelFacts widths = facts_of("// pykc.kernel w(a: int8, b: uint8, c: int32, d: uint64, "
                                    "e: int16, f: uint32, g: uint16) covers.x=a,o,1 covers.y=b,o,2 "
                                    "covers.z=c,o,3 covers.x=d,o,4 covers.y=e,o,5 covers.z=f,o,6 "
                                    "covers.x=g,o,7");
    pyk_arg fits[] = {pyk_arg_i8(-1), pyk_arg_u8(200), pyk_arg_i32(-7), pyk_arg_u64(64),
                      pyk_arg_i16(-300), pyk_arg_u32(8), pyk_arg_u16(64)};
    pyk_dim3 grid = {2, 4, 2}, block = {32, 50, 4}; /* 64 x 200 x 8 threads */
    CHECK(coverage_status(&widths, grid, block, fits, 7) == PYK_OK);
    pyk_arg over[] = {pyk_arg_i8(65), pyk_arg_u8(201), pyk_arg_i32(9), pyk_arg_u64(65),
                      pyk_arg_i16(201), pyk_arg_u32(9), pyk_arg_u16(65)};
    CHECK(coverage_status(&widths, grid, block, over, 7) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "kernel 'w' launched with 64 threads along x (2 blocks of 32), "
                                  "but it processes a = 65 elements along x");
    CHECK_CONTAINS(report_buffer, "\nkernel 'w' launched with 200 threads along y (4 blocks of "
                                  "50), but it processes b = 201 elements along y");
    CHECK_CONTAINS(report_buffer, "it processes c = 9 elements along z, one per thread (array 'o', "
                                  "line 3): 1 would never be processed; launch at least 3 blocks of 4");
    CHECK_CONTAINS(report_buffer, "it processes d = 65 elements along x");
    CHECK_CONTAINS(report_buffer, "it processes e = 201 elements along y");
    CHECK_CONTAINS(report_buffer, "it processes f = 9 elements along z");
    CHECK_CONTAINS(report_buffer, "it processes g = 65 elements along x, one per thread (array "
                                  "'o', line 7)");
    /* Values beyond any grid: uint64's top bit is not a negative number. */
    pyk_arg huge[] = {pyk_arg_i8(1), pyk_arg_u8(1), pyk_arg_i32(1), pyk_arg_u64(UINT64_MAX),
                      pyk_arg_i16(1), pyk_arg_u32(1), pyk_arg_u16(1)};
    CHECK(coverage_status(&widths, grid, block, huge, 7) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'w' launched with 64 threads along x (2 blocks of 32), but "
                              "it processes d = 18446744073709551615 elements along x, one per "
                              "thread (array 'o', line 4): 18446744073709551551 would never be "
                              "processed; launch at least 576460752303423488 blocks of 32");
    rt_kernel_facts_free(&widths);

    /* Several axes from a 2-d launch; an extent from another array than the
     * one indexed; y and z of 0 count as 1. */
    RtKernelFacts mm = facts_of("// pykc.kernel mm(a: array(float32, 2d, C), c: array(float32, 2d, "
                                "C), n: int32) covers.y=n,c,12 covers.x=a.shape[1],c,12");
    int64_t shape[] = {500, 300};
    pyk_array a = array_of(ctx, PYK_FLOAT32, 2, shape, NULL);
    pyk_arg mm_args[] = {pyk_arg_array(&a), pyk_arg_array(&a), pyk_arg_i32(500)};
    pyk_dim3 tile = {16, 16, 1};
    CHECK(coverage_status(&mm, (pyk_dim3){19, 32, 1}, tile, mm_args, 3) == PYK_OK);
    CHECK(coverage_status(&mm, (pyk_dim3){18, 32, 1}, tile, mm_args, 3) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'mm' launched with 288 threads along x (18 blocks of 16), "
                              "but array 'a' has 300 elements along axis 1 and each thread "
                              "handles one (array 'c', line 12): 12 would never be processed; "
                              "launch at least 19 blocks of 16");
    CHECK(coverage_status(&mm, (pyk_dim3){18, 31, 1}, tile, mm_args, 3) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'mm' launched with 496 threads along y (31 blocks of 16), "
                              "but it processes n = 500 elements along y, one per thread (array "
                              "'c', line 12): 4 would never be processed; launch at least 32 "
                              "blocks of 16\n"
                              "kernel 'mm' launched with 288 threads along x (18 blocks of 16), "
                              "but array 'a' has 300 elements along axis 1 and each thread "
                              "handles one (array 'c', line 12): 12 would never be processed; "
                              "launch at least 19 blocks of 16");
    mm_args[2] = pyk_arg_i32(1);
    CHECK(coverage_status(&mm, (pyk_dim3){19, 0, 0}, (pyk_dim3){16, 0, 0}, mm_args, 3) == PYK_OK);
    mm_args[2] = pyk_arg_i32(2);
    CHECK(coverage_status(&mm, (pyk_dim3){19, 0, 0}, (pyk_dim3){16, 0, 0}, mm_args, 3) ==
          PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer, "kernel 'mm' launched with 1 thread along y (1 block of 1), but it "
                              "processes n = 2 elements along y, one per thread (array 'c', line "
                              "12): 1 would never be processed; launch at least 2 blocks of 1");
    rt_kernel_facts_free(&mm);
}

static void test_flatten(void)
{
    pyk_context *ctx = (pyk_context *)0x1000;
    int64_t shape[] = {3, 5}, strides[] = {10, 2};
    pyk_array a = array_of(ctx, PYK_FLOAT64, 2, shape, strides);
    pyk_arg args[] = {pyk_arg_array(&a), pyk_arg_i32(-5), pyk_arg_f32(1.5f), pyk_arg_u8(200),
                      pyk_arg_i64(-1)};
    uint64_t slots[RT_MAX_PARAM_SLOTS];
    void *params[RT_MAX_PARAM_SLOTS];
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    int n = rt_flatten_args(args, 5, slots, params, "k", &report);
    CHECK(n == 9); /* 1 + 2*2 for the array, then four scalars */
    CHECK(slots[0] == 0x7f0000001000ULL);
    CHECK(slots[1] == 3 && slots[2] == 5);  /* shape */
    CHECK(slots[3] == 10 && slots[4] == 2); /* strides, in elements */
    int32_t i32;
    memcpy(&i32, params[5], sizeof i32);
    CHECK(i32 == -5);
    float f32;
    memcpy(&f32, params[6], sizeof f32);
    CHECK(f32 == 1.5f);
    CHECK(*(uint8_t *)params[7] == 200);
    CHECK(*(int64_t *)params[8] == -1);
    for (int i = 0; i < n; i++)
        CHECK(params[i] == &slots[i]);

    /* An 8-d array: data, 8 extents, 8 strides. */
    int64_t s8[] = {1, 2, 3, 4, 5, 6, 7, 8};
    pyk_array a8 = array_of(ctx, PYK_INT16, 8, s8, NULL);
    pyk_arg eight[] = {pyk_arg_array(&a8), pyk_arg_i32(7)};
    CHECK(rt_flatten_args(eight, 2, slots, params, "k", &report) == 18);
    CHECK(slots[1] == 1 && slots[8] == 8);                 /* shape */
    CHECK(slots[9] == 40320 && slots[16] == 1);            /* strides: 8!/1, ..., 1 */
    CHECK(*(int32_t *)params[17] == 7);

    /* Tuples give their members in order, nested ones too, arrays whole. */
    int64_t s2[] = {2, 3};
    pyk_array m = array_of(ctx, PYK_FLOAT32, 2, s2, NULL);
    pyk_arg inner[] = {pyk_arg_u8(9), pyk_arg_array(&m)};
    pyk_arg members[] = {pyk_arg_i32(-7), pyk_arg_tuple(inner, 2), pyk_arg_f64(0.5)};
    pyk_arg tuples[] = {pyk_arg_i64(1), pyk_arg_tuple(members, 3)};
    CHECK(rt_flatten_args(tuples, 2, slots, params, "k", &report) == 9);
    CHECK(*(int64_t *)params[0] == 1 && *(int32_t *)params[1] == -7 && *(uint8_t *)params[2] == 9);
    CHECK(slots[3] == 0x7f0000001000ULL && slots[4] == 2 && slots[5] == 3 && slots[6] == 3 && slots[7] == 1);
    double f64;
    memcpy(&f64, params[8], sizeof f64);
    CHECK(f64 == 0.5);
    pyk_arg empty[] = {pyk_arg_tuple(members, 0), pyk_arg_i8(1)};
    CHECK(rt_flatten_args(empty, 2, slots, params, "k", &report) == 1);

    report = rt_text_over(report_buffer, sizeof report_buffer);
    pyk_arg loop[1];
    loop[0] = pyk_arg_tuple(loop, 1);
    CHECK(rt_flatten_args(loop, 1, slots, params, "k", &report) == -1);
    CHECK_CONTAINS(report_buffer, "kernel 'k': argument 1 nests tuples more than 16 deep");
    report = rt_text_over(report_buffer, sizeof report_buffer);
    pyk_arg negative[] = {pyk_arg_tuple(members, -1)};
    CHECK(rt_flatten_args(negative, 1, slots, params, "k", &report) == -1);
    CHECK_CONTAINS(report_buffer, "kernel 'k': argument 1 is a tuple of a negative member count");
    report = rt_text_over(report_buffer, sizeof report_buffer);
    pyk_arg holds_null[] = {pyk_arg_i8(1), pyk_arg_array(NULL)};
    pyk_arg bad_tuple[] = {pyk_arg_i8(1), pyk_arg_tuple(holds_null, 2)};
    CHECK(rt_flatten_args(bad_tuple, 2, slots, params, "k", &report) == -1);
    CHECK_CONTAINS(report_buffer, "kernel 'k': argument 2 holds a member that is neither an array, a tuple "
                                  "nor a scalar");

    report = rt_text_over(report_buffer, sizeof report_buffer);
    pyk_arg null_array[] = {pyk_arg_array(NULL)};
    CHECK(rt_flatten_args(null_array, 1, slots, params, "k", &report) == -1);
    CHECK_CONTAINS(report_buffer, "kernel 'k': argument 1 is neither an array, a tuple nor a scalar");

    /* More parameters than PTX allows: 100 3-d arrays need 700 slots. */
    int64_t s3[] = {1, 1, 1};
    pyk_array cube = array_of(ctx, PYK_INT8, 3, s3, NULL);
    pyk_arg many[100];
    for (int i = 0; i < 100; i++)
        many[i] = pyk_arg_array(&cube);
    report = rt_text_over(report_buffer, sizeof report_buffer);
    CHECK(rt_flatten_args(many, 100, slots, params, "big", &report) == -1);
    CHECK_CONTAINS(report_buffer, "kernel 'big': the arguments need more than 512 parameters");

    /* A complex is two parameters: its real part, then its imaginary part. */
    pyk_arg complexes[] = {pyk_arg_c64(pyk_c64(1.5f, -2.5f)), pyk_arg_c128(pyk_c128(3.25, -0.0)),
                           pyk_arg_i32(7)};
    report = rt_text_over(report_buffer, sizeof report_buffer);
    CHECK(rt_flatten_args(complexes, 3, slots, params, "c", &report) == 5);
    float re32, im32;
    memcpy(&re32, params[0], sizeof re32);
    memcpy(&im32, params[1], sizeof im32);
    CHECK(re32 == 1.5f && im32 == -2.5f);
    double re64, im64;
    memcpy(&re64, params[2], sizeof re64);
    memcpy(&im64, params[3], sizeof im64);
    CHECK(re64 == 3.25 && im64 == 0.0 && signbit(im64));
    CHECK(*(int32_t *)params[4] == 7);

    /* A complex member of a tuple, too: its two parts in its place. */
    pyk_arg cpair[] = {pyk_arg_c128(pyk_c128(-1.0, 8.5)), pyk_arg_f32(3.0f)};
    pyk_arg ctuple[] = {pyk_arg_i8(1), pyk_arg_tuple(cpair, 2), pyk_arg_c64(pyk_c64(0.25f, 4.0f))};
    report = rt_text_over(report_buffer, sizeof report_buffer);
    CHECK(rt_flatten_args(ctuple, 3, slots, params, "ct", &report) == 6);
    memcpy(&re64, params[1], sizeof re64);
    memcpy(&im64, params[2], sizeof im64);
    CHECK(re64 == -1.0 && im64 == 8.5);
    float f;
    memcpy(&f, params[3], sizeof f);
    CHECK(f == 3.0f);
    memcpy(&re32, params[4], sizeof re32);
    memcpy(&im32, params[5], sizeof im32);
    CHECK(re32 == 0.25f && im32 == 4.0f);
}

static pyk_status cooperative_status(int supported, int per_sm, pyk_dim3 grid, pyk_dim3 block,
                                     size_t smem)
{
    pyk_device_properties d = device();
    d.ordinal = 1;
    snprintf(d.name, sizeof d.name, "NVIDIA H100 80GB HBM3");
    d.sm_count = 132;
    d.cooperative_launch = supported;
    pyk_launch_config c = {grid, block, smem, NULL};
    report_buffer[0] = '\0';
    RtText report = rt_text_over(report_buffer, sizeof report_buffer);
    return rt_check_cooperative(&d, "rows", &c, per_sm, &report);
}

/* A cooperative kernel's grid against what the device holds at once: the
 * blocks of every axis count, and the report says the largest grid. */
static void test_cooperative(void)
{
    pyk_dim3 b256 = {256, 1, 1};
    CHECK(cooperative_status(1, 8, (pyk_dim3){1056, 1, 1}, b256, 0) == PYK_OK);
    CHECK(report_buffer[0] == '\0');
    CHECK(cooperative_status(1, 8, (pyk_dim3){33, 32, 1}, b256, 0) == PYK_OK);
    CHECK(cooperative_status(1, 8, (pyk_dim3){1, 0, 0}, b256, 0) == PYK_OK);
    CHECK(cooperative_status(1, 8, (pyk_dim3){1057, 1, 1}, b256, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer,
               "kernel 'rows' synchronises its whole grid (cuda.cg.this_grid().sync()), so all its "
               "blocks must be resident on the device at once, but the launch has 1057 blocks "
               "(1057 x 1 x 1) and at most 1056 blocks of 256 threads with 0 bytes of dynamic shared "
               "memory fit (8 per multiprocessor x 132 multiprocessors): launch at most 1056 blocks "
               "(pyk_kernel_max_cooperative_blocks)");
    CHECK(cooperative_status(1, 2, (pyk_dim3){20, 14, 1}, (pyk_dim3){32, 32, 1}, 65536) ==
          PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "the launch has 280 blocks (20 x 14 x 1) and at most 264 blocks of "
                                  "1024 threads with 65536 bytes of dynamic shared memory fit (2 per "
                                  "multiprocessor x 132 multiprocessors): launch at most 264 blocks");
    CHECK(cooperative_status(1, 0, (pyk_dim3){1, 1, 1}, (pyk_dim3){1024, 1, 1}, 200000) ==
          PYK_ERROR_LAUNCH_CONFIG);
    CHECK_CONTAINS(report_buffer, "but not one block of 1024 threads with 200000 bytes of dynamic "
                                  "shared memory fits on a multiprocessor of this device");
    CHECK(cooperative_status(0, 8, (pyk_dim3){1, 1, 1}, b256, 0) == PYK_ERROR_LAUNCH_CONFIG);
    CHECK_TEXT(report_buffer,
               "kernel 'rows' synchronises its whole grid (cuda.cg.this_grid().sync()), which needs a "
               "cooperative launch, and device 1 (NVIDIA H100 80GB HBM3) does not support one "
               "(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH is 0)");
}

int main(void)
{
    test_config();
    test_cooperative();
    test_blockmax();
    test_coverage();
    test_contiguity();
    test_arguments();
    test_tuple_arguments();
    test_flatten();
    return check_summary();
}
