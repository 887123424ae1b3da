/* Two compiles in one process must not see each other (the fuzz targets
 * compile in-process; cg_compile is a library entry point). A kernel with
 * launch_bounds=(128,) compiled to LLVM IR, then the same kernel without:
 * the second's ntid.x must keep CUDA's whole range(1, 1025), not inherit
 * the first's range(1, 129) from LLVM 19's NVPTX annotation cache, keyed by
 * addresses that glibc's malloc hands out again (codegen/codegen.c,
 * cg_forget_annotations). Then the same through PTX with a loop in each
 * kernel, where cg_lsr.c prints a copy of the module and disposes the
 * module the optimiser ran on: the unbounded kernel's branch on
 * blockDim.x > 500 must survive (it would fold away under the other
 * kernel's bounds). That order reuses an address rarely (once in about
 * 5000 compiles when the cache was not dropped), so this half is a
 * guard more than a sure catch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../codegen/codegen.h"
#include "../../parser/parser.h"
#include "../../sema/sema.h"

enum { ROUNDS = 200 };

static char *compile(const char *text, CgEmit emit)
{
    Arena arena;
    arena_init(&arena);
    Diag diag;
    diag_init(&diag, stderr);
    Source *src = source_from_text(&arena, "twice.pyk", text, (uint32_t)strlen(text));
    Node *module = parse_module(&arena, &diag, src);
    SemaOptions sema_options = {0};
    SemaModule checked;
    CgOptions options = {.arch = CG_DEFAULT_ARCH, .opt_level = 3, .emit = emit};
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
    static const char bounded_loop[] =
        "from numba import cuda\n"
        "@cuda.jit(\"void(int32[::1])\", launch_bounds=(128,))\n"
        "def k(x):\n"
        "    s = 0\n"
        "    for i in range(x[0]):\n"
        "        s += x[i * 3]\n"
        "    x[cuda.threadIdx.x] = cuda.blockDim.x + s\n";
    static const char unbounded_loop[] =
        "from numba import cuda\n"
        "@cuda.jit(\"void(int32[::1])\")\n"
        "def k(x):\n"
        "    s = 0\n"
        "    for i in range(x[0]):\n"
        "        s += x[i * 3]\n"
        "    x[cuda.threadIdx.x] = cuda.blockDim.x + s\n"
        "    if cuda.blockDim.x > 500:\n"
        "        x[1] = 12345\n";
    int failed = 0;
    for (int round = 0; round < ROUNDS; round++) {
        char *first = compile(bounded, CG_EMIT_LLVM);
        char *second = compile(unbounded, CG_EMIT_LLVM);
        char *third = compile(bounded_loop, CG_EMIT_PTX);
        char *fourth = compile(unbounded_loop, CG_EMIT_PTX);
        if (!first || !second || !third || !fourth) {
            puts("FAIL: a compile failed");
            return 1;
        }
        bool inherited = strstr(second, "range(i32 1, 129)") != NULL;
        bool whole = strstr(second, "range(i32 1, 1025)") != NULL;
        if (inherited || !whole) printf("%s: round %d: the unbounded kernel's ntid.x is %s\n", inherited || !whole ? "FAIL" : "ok",
               round, inherited ? "range(1, 129), the other module's" : whole ? "range(1, 1025)" : "unranged");
        bool kept = strstr(fourth, "12345") != NULL;
        if (!kept)
            printf("FAIL: round %d: the unbounded kernel's PTX lost its branch on blockDim.x > 500\n", round);
        failed += inherited || !whole || !kept;
        free(first);
        free(second);
        free(third);
        free(fourth);
    }
    printf("%d passed, %d failed\n", ROUNDS - failed, failed);
    return failed != 0;
}
