/* Reads a PTX file and prints what libpykrt's launch-facts parser makes of
 * it, one kernel per line and one parameter per indented line, so lit can
 * check that the lines pykc writes parse as docs/abi.md says (no GPU: the
 * parser is pure). Exit status 1 when the parser refuses the file. */
#include <stdio.h>
#include <stdlib.h>

#include "launch_facts.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t len = 0, cap = 1 << 16, n;
    char *text = malloc(cap);
    while (text && (n = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            char *grown = realloc(text, cap *= 2);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    fclose(f);
    if (text)
        text[len] = '\0';
    return text;
}

/* "  x: dtype=float32 ndim=1 layout=C"; a tuple "  t: tuple of 2 UniTuple(int64 x 2)"
 * and its members on deeper lines, named by their index. */
static void print_param(const RtParamFacts *p, const char *name, int depth)
{
    static const char layouts[] = "?CFA";
    printf("%*s%s: ", 2 * depth, "", name);
    if (p->member_count) {
        char type[256];
        printf("tuple of %d %s\n", p->member_count, rt_param_type_name(p, type, sizeof type));
        for (int i = 0; i < p->member_count; i++) {
            char index[16];
            snprintf(index, sizeof index, "[%d]", i);
            print_param(&p->members[i], index, depth + 1);
        }
        return;
    }
    printf("dtype=%s ndim=%d", pyk_dtype_name(p->dtype), p->ndim);
    if (p->ndim)
        printf(" layout=%c", layouts[p->layout]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: facts_dump FILE.ptx\n");
        return 2;
    }
    char *ptx = read_all(argv[1]);
    if (!ptx) {
        fprintf(stderr, "facts_dump: cannot read %s\n", argv[1]);
        return 2;
    }
    RtModuleFacts facts;
    char why[512];
    if (!rt_facts_parse_module(ptx, &facts, why, sizeof why)) {
        printf("malformed: %s\n", why);
        free(ptx);
        return 1;
    }
    for (int k = 0; k < facts.count; k++) {
        const RtKernelFacts *kernel = &facts.kernels[k];
        printf("kernel %s params=%d maxntid=%d\n", kernel->name, kernel->param_count,
               kernel->maxntid);
        for (int i = 0; i < kernel->param_count; i++)
            print_param(&kernel->params[i], kernel->params[i].name, 1);
        static const char axes[] = "xyz";
        for (int i = 0; i < kernel->blockmax_count; i++) {
            const RtBlockMax *b = &kernel->blockmax[i];
            printf("  blockmax %c <= %u (shared '%s', line %d)\n", axes[b->axis], b->max, b->array, b->line);
        }
        for (int i = 0; i < kernel->covers_count; i++) {
            const RtCovers *c = &kernel->covers[i];
            const char *param = kernel->params[c->param].name;
            if (c->dim >= 0)
                printf("  covers %c >= %s.shape[%d] (array '%s', line %d)\n", axes[c->axis], param, c->dim,
                       c->array, c->line);
            else
                printf("  covers %c >= %s (array '%s', line %d)\n", axes[c->axis], param, c->array, c->line);
        }
        if (kernel->cooperative)
            printf("  cooperative (launched with cuLaunchCooperativeKernel)\n");
    }
    rt_module_facts_free(&facts);
    free(ptx);
    return 0;
}
