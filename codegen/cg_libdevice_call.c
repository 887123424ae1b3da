/* cuda.libdevice.NAME(...) (sema/libdevice.c types it): a call of
 * libdevice's __nv_NAME with the declared parameter types of
 * sema/libdevice.def, linked in by cg_libdevice.c like math's functions.
 * A pointer parameter gets a fresh alloca that libdevice writes through;
 * the call's value is the return value followed by what those hold, packed
 * into the call's tuple type when there is more than one, as numba-cuda's
 * libdeviceimpl.py does. Arguments arrive converted to the declared types. */
#include <string.h>

#include "cg_internal.h"

static const char *const signatures[BUILTIN_COUNT] = {
#define LIBDEVICE(name, sig) [BUILTIN_LIBDEVICE_##name] = sig,
#include "../sema/libdevice.def"
#undef LIBDEVICE
};

bool cg_is_libdevice_call(int id)
{
    return id > 0 && id < BUILTIN_COUNT && signatures[id];
}

static LLVMTypeRef type_of_code(Cg *cg, char code)
{
    switch (code) {
    case 's': return LLVMInt16TypeInContext(cg->ctx);
    case 'i': return LLVMInt32TypeInContext(cg->ctx);
    case 'l': return LLVMInt64TypeInContext(cg->ctx);
    case 'f': return LLVMFloatTypeInContext(cg->ctx);
    case 'd': return LLVMDoubleTypeInContext(cg->ctx);
    default: return LLVMVoidTypeInContext(cg->ctx);
    }
}

enum { MAX_PARAMS = 4 };   /* the most libdevice.def has: 3 values, or 1 and 2 pointers */

LLVMValueRef cg_emit_libdevice_call(Cg *cg, const Node *node)
{
    Builtin id = (Builtin)node->call.builtin;
    const char *sig = signatures[id];
    const char *spelling = sema_builtin_spelling(id);
    const char *name = arena_printf(&cg->arena, "__nv_%s", spelling + strlen("cuda.libdevice."));
    LLVMTypeRef params[MAX_PARAMS], out_types[MAX_PARAMS];
    LLVMValueRef args[MAX_PARAMS], outs[MAX_PARAMS];
    unsigned n_params = 0, n_outs = 0;
    int next_arg = 0;
    for (const char *p = sig + 2; *p; p++) {
        if (*p == '*') {
            out_types[n_outs] = type_of_code(cg, *++p);
            outs[n_outs] = cg_alloca(cg, out_types[n_outs], "out");
            params[n_params] = LLVMPointerTypeInContext(cg->ctx, CG_AS_GENERIC);
            args[n_params++] = outs[n_outs++];
        } else {
            params[n_params] = type_of_code(cg, *p);
            args[n_params++] = cg_emit_expr(cg, node->call.args.items[next_arg++]);
        }
    }
    LLVMTypeRef ret = type_of_code(cg, sig[0]);
    LLVMTypeRef fn_type = LLVMFunctionType(ret, params, n_params, false);
    const char *what = arena_printf(&cg->arena, "'%s'", spelling);
    LLVMValueRef fn = cg_libdevice_function(cg, node, what, name, fn_type);
    if (!fn)
        return node->type->kind == TYPE_NONE ? NULL : LLVMGetPoison(cg_type(cg, node->type));
    LLVMValueRef result = LLVMBuildCall2(cg->b, fn_type, fn, args, n_params, "");
    if (n_outs == 0)
        return result;
    LLVMValueRef values[MAX_PARAMS + 1];
    unsigned n_values = 0;
    if (sig[0] != 'v')
        values[n_values++] = result;
    for (unsigned i = 0; i < n_outs; i++)
        values[n_values++] = LLVMBuildLoad2(cg->b, out_types[i], outs[i], "");
    if (n_values == 1)
        return values[0];
    LLVMValueRef tuple = LLVMGetUndef(cg_type(cg, node->type));
    for (unsigned i = 0; i < n_values; i++)
        tuple = LLVMBuildInsertValue(cg->b, tuple, values[i], i, "");
    return tuple;
}
