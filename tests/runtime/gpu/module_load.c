/* Modules: PTX from memory and from a file, kernel lookup and the launch
 * facts read from the PTX, the driver's JIT log in the error message for
 * rejected PTX, malformed facts, unknown kernels and unreadable files. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <unistd.h>

#include "gpu_test.h"

static void test_facts(pyk_context *ctx)
{
    pyk_module *m = load_or_die(ctx, PTX_BASIC);
    pyk_kernel *vecadd, *again;
    EXPECT_OK(ctx, pyk_module_kernel(m, "vecadd", &vecadd));
    EXPECT_OK(ctx, pyk_module_kernel(m, "vecadd", &again));
    CHECK(vecadd == again);
    CHECK(strcmp(pyk_kernel_name(vecadd), "vecadd") == 0);
    CHECK(pyk_kernel_param_count(vecadd) == 3);
    pyk_param_info info;
    EXPECT_OK(ctx, pyk_kernel_param(vecadd, 2, &info));
    CHECK(strcmp(info.name, "out") == 0 && info.dtype == PYK_FLOAT32 && info.ndim == 1 &&
          info.layout == PYK_LAYOUT_C);
    EXPECT_STATUS(ctx, pyk_kernel_param(vecadd, 3, &info), PYK_ERROR_INVALID_ARGUMENT);
    CHECK(pyk_kernel_max_threads(vecadd) == 1024);
    CHECK(pyk_kernel_static_shared_bytes(vecadd) == 0);
    int block = 0;
    EXPECT_OK(ctx, pyk_kernel_suggest_block_size(vecadd, 0, &block));
    CHECK(block >= 32 && block <= 1024 && block % 32 == 0);

    pyk_kernel *missing = (pyk_kernel *)&missing;
    EXPECT_STATUS(ctx, pyk_module_kernel(m, "vec_add", &missing), PYK_ERROR_NOT_FOUND);
    CHECK(missing == NULL);
    CHECK_CONTAINS(pyk_last_error(ctx), "no kernel named 'vec_add' in the module; its kernels are "
                                        "'vecadd', 'scale', 'fill2d'");
    pyk_module_unload(m);

    pyk_module *shared = load_or_die(ctx, PTX_SHARED);
    pyk_kernel *limited;
    EXPECT_OK(ctx, pyk_module_kernel(shared, "limited", &limited));
    CHECK(pyk_kernel_max_threads(limited) == 128);
    pyk_module_unload(shared);

    pyk_module *poke = load_or_die(ctx, PTX_POKE);
    pyk_kernel *nofacts;
    EXPECT_OK(ctx, pyk_module_kernel(poke, "nofacts", &nofacts));
    CHECK(pyk_kernel_param_count(nofacts) == -1);
    EXPECT_STATUS(ctx, pyk_kernel_param(nofacts, 0, &info), PYK_ERROR_INVALID_ARGUMENT);
    pyk_module_unload(poke);
}

static void test_rejections(pyk_context *ctx)
{
    pyk_module *m = (pyk_module *)&m;
    EXPECT_STATUS(ctx, pyk_module_load_ptx(ctx, PTX_BAD, &m), PYK_ERROR_PTX_REJECTED);
    CHECK(m == NULL);
    printf("rejected PTX: %s\n", pyk_last_error(ctx));
    CHECK_CONTAINS(pyk_last_error(ctx), "the CUDA driver rejected the PTX given in memory: ");
    CHECK_CONTAINS(pyk_last_error(ctx), "CUDA_ERROR_INVALID_PTX");
    CHECK_CONTAINS(pyk_last_error(ctx), "line 7");            /* from the JIT log */
    CHECK_CONTAINS(pyk_last_error(ctx), "frobnicate");

    EXPECT_STATUS(ctx, pyk_module_load_ptx(ctx, PTX_BAD_FACTS, &m), PYK_ERROR_PTX_REJECTED);
    CHECK_CONTAINS(pyk_last_error(ctx), "malformed pykc launch facts at line 5, column 25: unknown type");

    EXPECT_STATUS(ctx, pyk_module_load_file(ctx, "/nonexistent/kernels.ptx", &m), PYK_ERROR_IO);
    CHECK_CONTAINS(pyk_last_error(ctx), "cannot read the module file '/nonexistent/kernels.ptx': No such file");
    EXPECT_STATUS(ctx, pyk_module_load_ptx(ctx, NULL, &m), PYK_ERROR_INVALID_ARGUMENT);
}

static void test_file(pyk_context *ctx)
{
    char path[] = "/tmp/pykrt_module_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    CHECK(write(fd, PTX_POKE, strlen(PTX_POKE)) == (ssize_t)strlen(PTX_POKE));
    close(fd);
    pyk_module *m;
    EXPECT_OK(ctx, pyk_module_load_file(ctx, path, &m));
    pyk_kernel *k;
    EXPECT_OK(ctx, pyk_module_kernel(m, "poke", &k));
    CHECK(pyk_kernel_param_count(k) == 1);
    pyk_module_unload(m);
    unlink(path);
}

int main(void)
{
    pyk_context *ctx = open_device0();
    test_facts(ctx);
    test_rejections(ctx);
    test_file(ctx);
    pyk_context_destroy(ctx);
    return check_summary();
}
