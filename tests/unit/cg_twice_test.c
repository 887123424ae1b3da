/* Two compiles in one process must not see each other (the fuzz targets
 * compile in-process; cg_compile is a library entry point). A kernel with
 * launch_bounds=(128,) compiled to LLVM IR, then the same kernel without:
 * the second's ntid.x must keep CUDA's whole range(1, 1025), not inherit
 * the first's range(1, 129) from LLVM 19's NVPTX annotation cache, keyed by
 * addresses that glibc's malloc hands out again (codegen/codegen.c,
 * drop_annotation_cache). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../codegen/codegen.h"
#include "../../parser/parser.h"
#include "../../sema/sema.h"

enum { ROUNDS = 200 };

static char *compile_ir(const char *text)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    diag_init(&diag, stderr);
    Source *src = source_from_text(&arena, "twice.pyk", text, (uint32_t)strlen(text));
    Node *module = parse_module(&arena, &diag, src);
    SemaOptions sema_options = {0};
    SemaModule checked;
    CgOptions options = {.arch = CG_DEFAULT_ARCH, .opt_level = 3, .emit = CG_EMIT_LLVM};
    char *ir = NULL;
    size_t len = 0;
    if (diag.errors || !sema_check_module(&arena, &diag, module, &sema_options, &checked) ||
        !cg_compile(&checked, &options, &diag, &ir, &len))
        ir = NULL;
    arena_free(&arena);
    return ir;
}

int main(void)
{
    static const char bounded[] =
        "from numba import cuda\n"
        "@cuda.jit(\"void(int32[::1])\", launch_bounds=(128,))\n"
        "def k(x):\n"
        "    x[cuda.threadIdx.x] = cuda.blockDim.x\n";
    static const char unbounded[] =
        "from numba import cuda\n"
        "@cuda.jit(\"void(int32[::1])\")\n"
        "def k(x):\n"
        "    x[cuda.threadIdx.x] = cuda.blockDim.x\n";
    int failed = 0;
    for (int round = 0; round < ROUNDS; round++) {
        char *first = compile_ir(bounded);
        char *second = compile_ir(unbounded);
        if (!first || !second) {
            puts("FAIL: a compile failed");
            return 1;
        }
        bool inherited = strstr(second, "range(i32 1, 129)") != NULL;
        bool whole = strstr(second, "range(i32 1, 1025)") != NULL;
        if (inherited || !whole) printf("%s: round %d: the unbounded kernel's ntid.x is %s\n", inherited || !whole ? "FAIL" : "ok",
               round, inherited ? "range(1, 129), the other module's" : whole ? "range(1, 1025)" : "unranged");
        failed += inherited || !whole;
        free(first);
        free(second);
    }
    printf("%d passed, %d failed\n", ROUNDS - failed, failed);
    return failed != 0;
}
