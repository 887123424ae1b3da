/* print(a, b, ...) as numba-cuda lowers it (printimpl.py), so the output
 * is the same text: one vprintf call whose format joins each argument's
 * piece with a space and ends with a newline. Each argument's piece:
 *   signed int -> %lld of the value sign-extended to 64 bits
 *   unsigned   -> %llu of the value zero-extended to 64 bits
 *   float      -> %f of the value converted to double (C varargs promote)
 *   bool       -> %s of the string "True" or "False"
 *   string     -> %s of a constant string
 *   tuple      -> "(a, b)" of its elements' pieces, "(a,)" for one element
 * The values are stored into a local struct laid out as C lays out its
 * fields (natural alignment), whose address is vprintf's second argument;
 * NVPTX lowers the call to the PTX extern function vprintf. Past 32
 * arguments Numba prints the raw format string (each '%' doubled) instead;
 * sema warned about it. */
#include "cg_internal.h"

#include <string.h>

enum { CG_AS_CONSTANT = 4, PRINT_MAX_ARGS = 32 };

/* The format string and the values it reads, built up one piece at a time. */
typedef struct PrintBuf {
    char *fmt;
    size_t len, cap;
    LLVMValueRef *values;
    unsigned count, value_cap;
} PrintBuf;

static void put(Cg *cg, PrintBuf *p, const char *s, size_t n)
{
    if (p->len + n + 1 > p->cap) {
        size_t cap = p->cap ? p->cap : 64;
        while (p->len + n + 1 > cap)
            cap *= 2;
        char *grown = arena_alloc(&cg->arena, cap);
        if (p->len)
            memcpy(grown, p->fmt, p->len);
        p->fmt = grown;
        p->cap = cap;
    }
    memcpy(p->fmt + p->len, s, n);
    p->len += n;
    p->fmt[p->len] = '\0';
}

static void put_cstr(Cg *cg, PrintBuf *p, const char *s) { put(cg, p, s, strlen(s)); }

static void add_value(Cg *cg, PrintBuf *p, LLVMValueRef v)
{
    if (p->count == p->value_cap) {
        unsigned cap = p->value_cap ? 2 * p->value_cap : 8;
        LLVMValueRef *grown = arena_alloc(&cg->arena, cap * sizeof *grown);
        if (p->count)
            memcpy(grown, p->values, p->count * sizeof *grown);
        p->values = grown;
        p->value_cap = cap;
    }
    p->values[p->count++] = v;
}

/* A NUL-terminated constant string in the constant address space, as a
 * generic pointer (what %s and vprintf's format read). A `shared` one
 * ("True") is made once and found by its name; LLVM numbers the others. */
static LLVMValueRef const_string(Cg *cg, const char *s, size_t n, const char *name, bool shared)
{
    LLVMValueRef global = shared ? LLVMGetNamedGlobal(cg->mod, name) : NULL;
    if (!global) {
        LLVMValueRef text = LLVMConstStringInContext(cg->ctx, s, (unsigned)n, false);
        global = LLVMAddGlobalInAddressSpace(cg->mod, LLVMTypeOf(text), name, CG_AS_CONSTANT);
        LLVMSetInitializer(global, text);
        LLVMSetGlobalConstant(global, true);
        LLVMSetLinkage(global, LLVMInternalLinkage);
        LLVMSetUnnamedAddr(global, true);
        LLVMSetAlignment(global, 1);
    }
    return LLVMBuildAddrSpaceCast(cg->b, global, LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC), "");
}

/* Appends the piece of one value `v` of type `t` (already emitted). */
static void print_item(Cg *cg, PrintBuf *p, LLVMValueRef v, const Type *t)
{
    switch (t->kind) {
    case TYPE_INT:
        put_cstr(cg, p, t->is_signed ? "%lld" : "%llu");
        add_value(cg, p, cg_convert(cg, v, t, t->is_signed ? &type_int64_t : &type_uint64_t));
        return;
    case TYPE_FLOAT:
        put_cstr(cg, p, "%f");
        add_value(cg, p, cg_convert(cg, v, t, &type_float64_t));
        return;
    case TYPE_BFLOAT16:   /* exactly, as a float64 (numba-cuda's bfloat16_print_impl) */
        put_cstr(cg, p, "%f");
        add_value(cg, p, cg_convert(cg, cg_bf16_convert(cg, v, t, &type_float32_t), &type_float32_t,
                                    &type_float64_t));
        return;
    case TYPE_BOOL: {
        LLVMValueRef yes = const_string(cg, "True", 4, "printf_True", true);
        LLVMValueRef no = const_string(cg, "False", 5, "printf_False", true);
        put_cstr(cg, p, "%s");
        add_value(cg, p, LLVMBuildSelect(cg->b, cg_truth(cg, v, t), yes, no, ""));
        return;
    }
    case TYPE_TUPLE:
        put_cstr(cg, p, "(");
        for (int i = 0; i < t->count; i++) {
            if (i > 0)
                put_cstr(cg, p, ", ");
            print_item(cg, p, LLVMBuildExtractValue(cg->b, v, (unsigned)i, ""), t->elts[i]);
        }
        put_cstr(cg, p, t->count == 1 ? ",)" : ")");
        return;
    default:
        diag_error_plain(cg->diag, "internal compiler error: print of a '%s'", t->name);  /* sema refuses it */
        return;
    }
}

static void print_arg(Cg *cg, PrintBuf *p, const Node *arg)
{
    if (arg->kind == NODE_STRING) {
        Str s = arg->string.value;
        put_cstr(cg, p, "%s");
        add_value(cg, p, const_string(cg, s.ptr, (size_t)s.len, "printf_string", false));
        return;
    }
    print_item(cg, p, cg_emit_expr(cg, arg), arg->type);
}

/* '%' -> "%%", so vprintf prints the format itself. */
static char *double_percents(Cg *cg, const char *fmt, size_t *len)
{
    size_t n = 0;
    for (const char *c = fmt; *c; c++)
        n += *c == '%' ? 2 : 1;
    char *out = arena_alloc(&cg->arena, n + 1), *o = out;
    for (const char *c = fmt; *c; c++) {
        *o++ = *c;
        if (*c == '%')
            *o++ = '%';
    }
    *o = '\0';
    *len = n;
    return out;
}

static LLVMValueRef vprintf_function(Cg *cg, LLVMTypeRef *fn_type)
{
    LLVMTypeRef ptr = LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC);
    LLVMTypeRef params[2] = {ptr, ptr};
    *fn_type = LLVMFunctionType(LLVMInt32TypeInContext(cg->ctx), params, 2, false);
    LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, "vprintf");
    return fn ? fn : LLVMAddFunction(cg->mod, "vprintf", *fn_type);
}

LLVMValueRef cg_emit_print(Cg *cg, const Node *node)
{
    const NodeList *args = &node->call.args;
    PrintBuf p = {0};
    put_cstr(cg, &p, "");
    for (int i = 0; i < args->count; i++) {
        if (i > 0)
            put_cstr(cg, &p, " ");
        print_arg(cg, &p, args->items[i]);
    }
    put_cstr(cg, &p, "\n");
    const char *fmt = p.fmt;
    size_t len = p.len;
    if (args->count > PRINT_MAX_ARGS)
        fmt = double_percents(cg, p.fmt, &len);
    LLVMValueRef format = const_string(cg, fmt, len, "printf_format", false);

    LLVMTypeRef ptr = LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC);
    LLVMValueRef buffer = LLVMConstNull(ptr);
    if (p.count > 0) {
        LLVMTypeRef *fields = arena_alloc(&cg->arena, p.count * sizeof *fields);
        for (unsigned i = 0; i < p.count; i++)
            fields[i] = LLVMTypeOf(p.values[i]);
        LLVMTypeRef struct_type = LLVMStructTypeInContext(cg->ctx, fields, p.count, false);
        LLVMValueRef slot = cg_alloca(cg, struct_type, "printf_args");
        for (unsigned i = 0; i < p.count; i++)
            LLVMBuildStore(cg->b, p.values[i], LLVMBuildStructGEP2(cg->b, struct_type, slot, i, ""));
        buffer = LLVMBuildPointerCast(cg->b, slot, ptr, "");
    }
    LLVMTypeRef fn_type;
    LLVMValueRef fn = vprintf_function(cg, &fn_type);
    LLVMValueRef call_args[2] = {format, buffer};
    LLVMBuildCall2(cg->b, fn_type, fn, call_args, 2, "");
    return NULL;
}
