/* NumPy ufunc calls (sema/np_ufuncs.c). On numbers, sema has converted the
 * arguments to the loop's input types and the element is the call's value.
 * With arrays, the call runs the loop as numba-cuda's ufunc kernel does
 * (numba/cuda/np/npyimpl.py): nested loops over the first output's shape,
 * in C order unless more of the input arrays are F than C; an input with
 * fewer dimensions lines up with the output's last ones, and a dimension of
 * extent 1 is read at index 0 (broadcasting); scalars are converted once.
 * Each element is converted to the loop's input type, computed, and its
 * result converted to the output array's dtype (NumPy's unsafe cast). */
#include "cg_internal.h"

static LLVMValueRef load_element(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx)
{
    LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, t->dtype), cg_element_address(cg, t, arr, idx), "");
    LLVMSetAlignment(v, cg_align_of(cg, t->dtype));
    return cg_from_mem(cg, v, t->dtype);
}

static void store_element(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *idx, LLVMValueRef v)
{
    LLVMValueRef st = LLVMBuildStore(cg->b, cg_to_mem(cg, v, t->dtype), cg_element_address(cg, t, arr, idx));
    LLVMSetAlignment(st, cg_align_of(cg, t->dtype));
}

/* The input's index for each of its dimensions: the loop's index of the
 * dimension it lines up with, or 0 where its extent is 1. */
static void broadcast_index(Cg *cg, const Type *t, LLVMValueRef arr, LLVMValueRef *loop_index, int loop_ndim,
                            LLVMValueRef *idx)
{
    for (int k = 0; k < t->ndim; k++) {
        LLVMValueRef extent = cg_array_shape(cg, arr, k);
        LLVMValueRef spread = LLVMBuildICmp(cg->b, LLVMIntUGT, extent, cg_const_i64(cg, 1), "");
        idx[k] = LLVMBuildSelect(cg->b, spread, loop_index[loop_ndim - t->ndim + k], cg_const_i64(cg, 0), "");
    }
}

/* Numba walks in F order only where more input arrays are F than C. */
static bool fortran_order(Node *const *args, int nin)
{
    int c = 0, f = 0;
    for (int i = 0; i < nin; i++) {
        const Type *t = args[i]->type;
        if (t->kind == TYPE_ARRAY) {
            c += t->layout == LAYOUT_C;
            f += t->layout == LAYOUT_F;
        }
    }
    return f > c;
}

/* One element: the inputs read (arrays) or taken (scalars, converted
 * before the loop), computed, and written to every output. */
static void compute_element(Cg *cg, const Node *node, const NpUfunc *u, const NpUfuncLoop *loop,
                            const LLVMValueRef *values, const LLVMValueRef *scalars, LLVMValueRef *loop_index,
                            int loop_ndim)
{
    Node *const *args = node->call.args.items;
    LLVMValueRef in[NP_UFUNC_MAX_ARGS], out[NP_UFUNC_MAX_ARGS], idx[TYPE_MAX_NDIM];
    for (int i = 0; i < u->nin; i++) {
        const Type *t = args[i]->type;
        if (t->kind != TYPE_ARRAY) {
            in[i] = scalars[i];
            continue;
        }
        broadcast_index(cg, t, values[i], loop_index, loop_ndim, idx);
        in[i] = cg_convert(cg, load_element(cg, t, values[i], idx), t->dtype, loop->in[i]);
    }
    cg_np_ufunc_element(cg, node, node->call.builtin, loop, in, out);
    for (int k = 0; k < u->nout; k++) {   /* outputs have the loop's shape (sema checked it) */
        const Type *t = args[u->nin + k]->type;
        store_element(cg, t, values[u->nin + k], loop_index, cg_convert(cg, out[k], loop->out[k], t->dtype));
    }
}

static LLVMValueRef emit_array_form(Cg *cg, const Node *node, const NpUfunc *u)
{
    Node *const *args = node->call.args.items;
    LLVMValueRef values[NP_UFUNC_MAX_ARGS], scalars[NP_UFUNC_MAX_ARGS];
    const Type *in[NP_UFUNC_MAX_ARGS] = {0}, *out[NP_UFUNC_MAX_ARGS] = {0};
    for (int i = 0; i < u->nin + u->nout; i++) {
        values[i] = cg_emit_expr(cg, args[i]);
        const Type *t = args[i]->type->kind == TYPE_ARRAY ? args[i]->type->dtype : args[i]->type;
        if (i < u->nin)
            in[i] = t;
        else
            out[i - u->nin] = t;
    }
    NpUfuncLoop loop;
    if (!np_ufunc_find_loop(u, in, out, u->nout, &loop))
        return cg_unsupported(cg, node, "this ufunc call");
    for (int i = 0; i < u->nin; i++)
        if (args[i]->type->kind != TYPE_ARRAY)
            scalars[i] = cg_convert(cg, values[i], args[i]->type, loop.in[i]);
    const Type *shape = args[u->nin]->type;   /* the loop runs over the first output */
    LLVMValueRef loop_index[TYPE_MAX_NDIM];
    if (shape->ndim == 0) {
        compute_element(cg, node, u, &loop, values, scalars, loop_index, 0);
        return values[u->nin];
    }
    CgWalk walk;
    cg_walk_begin_order(cg, &walk, values[u->nin], shape, fortran_order(args, u->nin));
    for (int k = 0; k < shape->ndim; k++)
        loop_index[k] = LLVMBuildLoad2(cg->b, cg_i64(cg), walk.index[k], "");
    compute_element(cg, node, u, &loop, values, scalars, loop_index, shape->ndim);
    cg_walk_end(cg, &walk);
    return values[u->nin];
}

LLVMValueRef cg_emit_np_ufunc(Cg *cg, const Node *node)
{
    const NpUfunc *u = np_ufunc_of(node->call.builtin);
    if (node->type->kind == TYPE_ARRAY)
        return emit_array_form(cg, node, u);
    LLVMValueRef in[NP_UFUNC_MAX_ARGS], out[NP_UFUNC_MAX_ARGS];
    const Type *types[NP_UFUNC_MAX_ARGS];
    for (int i = 0; i < u->nin; i++) {
        in[i] = cg_emit_expr(cg, node->call.args.items[i]);
        types[i] = node->call.args.items[i]->type;   /* already the loop's */
    }
    NpUfuncLoop loop;
    if (!np_ufunc_find_loop(u, types, NULL, 0, &loop))
        return cg_unsupported(cg, node, "this ufunc call");
    cg_np_ufunc_element(cg, node, node->call.builtin, &loop, in, out);
    return out[0];
}
