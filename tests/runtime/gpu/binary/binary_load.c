/* Cubins and fatbins pykc writes (--emit=cubin, --emit=fatbin, a header
 * with --embed=fatbin), loaded by libpykrt: from memory and from a file,
 * each kernel's launch facts read from the binary's __pykc_facts global
 * (its parameters, launch_bounds' 128 threads, an argument of the wrong
 * dtype refused) and one launch checked against the host's answer. The
 * cubin matching this GPU is used (sm_80 or sm_90; another GPU must refuse
 * both, naming its compute capability); the fatbins load anywhere (SASS
 * for sm_80 and sm_90, PTX of sm_80 for newer GPUs). Built where the
 * toolkit has ptxas and fatbinary (tests/runtime/CMakeLists.txt). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gpu_test.h"

#include "binary_kernels.h"        /* --emit=header --embed=fatbin --arch sm_80,sm_90 */
#include "binary_sm_80_cubin.h"    /* --emit=cubin --arch sm_80 */
#include "binary_sm_90_cubin.h"    /* --emit=cubin --arch sm_90 */
#include "binary_sm_80_sm_90_fatbin.h"

enum { N = 1000 };

/* saxpy_bounded: out = a * x + y over N elements; its facts and its limit. */
static void check_module(pyk_context *ctx, pyk_module *m, const char *what)
{
    printf("%s:\n", what);
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "saxpy_bounded", &k));
    if (!k)
        return;
    CHECK(pyk_kernel_param_count(k) == 5);  /* -1 if the facts were not read */
    pyk_param_info info;
    EXPECT_OK(ctx, pyk_kernel_param(k, 4, &info));
    CHECK(strcmp(info.name, "out") == 0 && info.dtype == PYK_FLOAT32 && info.ndim == 1 &&
          info.layout == PYK_LAYOUT_C);
    CHECK(pyk_kernel_max_threads(k) == 128);

    float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = (float)(3 * i);
        out[i] = -1.0f;
    }
    int64_t n = N;
    pyk_array *dx, *dy, *dout, *dwrong;
    EXPECT_OK(ctx, pyk_to_device(ctx, x, PYK_FLOAT32, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device(ctx, y, PYK_FLOAT32, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device(ctx, out, PYK_FLOAT32, 1, &n, &dout));
    EXPECT_OK(ctx, pyk_device_array(ctx, PYK_INT32, 1, &n, &dwrong));
    pyk_launch_config config = pyk_config_1d(N, 128);
    pyk_arg args[] = {pyk_arg_f32(2.0f), pyk_arg_array(dx), pyk_arg_array(dy), pyk_arg_i64(N),
                      pyk_arg_array(dout)};
    EXPECT_OK(ctx, pyk_launch(k, &config, args, 5));
    EXPECT_OK(ctx, pyk_copy_to_host(dout, out, sizeof out));
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += out[i] != 2.0f * (float)i + (float)(3 * i);
    CHECK(wrong == 0);

    /* The facts say out is float32: an int32 array is refused before launch. */
    args[4] = pyk_arg_array(dwrong);
    EXPECT_STATUS(ctx, pyk_launch(k, &config, args, 5), PYK_ERROR_ARGUMENT_MISMATCH);
    CHECK_CONTAINS(pyk_last_error(ctx), "float32");
    /* And launch_bounds' 128 threads per block hold. */
    args[4] = pyk_arg_array(dout);
    pyk_launch_config big = pyk_config_1d(N, 256);
    EXPECT_STATUS(ctx, pyk_launch(k, &big, args, 5), PYK_ERROR_LAUNCH_CONFIG);
    pyk_array_free(dx);
    pyk_array_free(dy);
    pyk_array_free(dout);
    pyk_array_free(dwrong);
}

static void test_cubins(pyk_context *ctx)
{
    const pyk_device_properties *p = pyk_context_properties(ctx);
    int cc = p->compute_major * 10 + p->compute_minor;
    const char *cubins[2] = {(const char *)binary_sm_80_cubin, (const char *)binary_sm_90_cubin};
    for (int i = 0; i < 2; i++) {
        int arch = i ? 90 : 80;
        pyk_module *m = NULL;
        /* sm_80 SASS runs on 8.x GPUs of at least 8.0; sm_90 SASS only on 9.0. */
        bool runs = arch == 80 ? (cc >= 80 && cc < 90) : cc == 90;
        pyk_status status = pyk_module_load_ptx(ctx, cubins[i], &m);
        if (runs) {
            EXPECT_OK(ctx, status);
            if (m)
                check_module(ctx, m, arch == 80 ? "cubin sm_80" : "cubin sm_90");
        } else {
            EXPECT_STATUS(ctx, status, PYK_ERROR_PTX_REJECTED);
            printf("cubin sm_%d refused on compute capability %d.%d: %s\n", arch, p->compute_major,
                   p->compute_minor, pyk_last_error(ctx));
            CHECK_CONTAINS(pyk_last_error(ctx), "cubin");
        }
        pyk_module_unload(m);
    }
}

static void test_fatbin(pyk_context *ctx)
{
    pyk_module *m = NULL;
    EXPECT_OK(ctx, pyk_module_load_ptx(ctx, (const char *)binary_sm_80_sm_90_fatbin, &m));
    if (m)
        check_module(ctx, m, "fatbin from memory");
    pyk_module_unload(m);

    /* The same bytes from a file. */
    char path[] = "/tmp/pykrt_binary_load_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    CHECK(write(fd, binary_sm_80_sm_90_fatbin, binary_sm_80_sm_90_fatbin_size) ==
          (ssize_t)binary_sm_80_sm_90_fatbin_size);
    close(fd);
    m = NULL;
    EXPECT_OK(ctx, pyk_module_load_file(ctx, path, &m));
    if (m)
        check_module(ctx, m, "fatbin from a file");
    pyk_module_unload(m);
    unlink(path);
}

/* The generated header: its fatbin, through the typed launcher. */
static void test_header(pyk_context *ctx)
{
    printf("header with a fatbin:\n");
    float x[N], y[N], out[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    int64_t n = N;
    pyk_array_f32 *dx, *dy, *dout;
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, x, 1, &n, &dx));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dy));
    EXPECT_OK(ctx, pyk_to_device_f32(ctx, y, 1, &n, &dout));
    EXPECT_OK(ctx, saxpy_bounded_launch_1d(ctx, N, NULL, 3.0f, dx, dy, N, dout));
    EXPECT_OK(ctx, pyk_copy_to_host_f32(dout, out, N));
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += out[i] != 3.0f * (float)i + 1.0f;
    CHECK(wrong == 0);
    pyk_module *module;
    EXPECT_OK(ctx, pyk_context_module(ctx, pykc_image_binary_kernels, &module));
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(module, "saxpy_bounded", &k));
    CHECK(pyk_kernel_param_count(k) == 5);
    pyk_array_free_f32(dx);
    pyk_array_free_f32(dy);
    pyk_array_free_f32(dout);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_cubins(ctx);
    test_fatbin(ctx);
    test_header(ctx);
    pyk_context_destroy(ctx);
    return check_summary();
}
