/* NumPy ufuncs in kernels (sema/np_ufuncs.def): their table and the loop a
 * call runs, which sema types the call with and codegen computes in. */
#ifndef PYKC_SEMA_NP_UFUNCS_H
#define PYKC_SEMA_NP_UFUNCS_H

#include <stdbool.h>

#include "sema.h"
#include "types.h"

enum { NP_UFUNC_MAX_ARGS = 3 };   /* inputs and outputs together */

typedef struct NpUfunc {
    const char *name;
    int nin, nout;
    const char *loops;      /* "ff->f dd->d ...", NumPy's order */
    const char *instead;    /* NULL; or, for a ufunc numba-cuda cannot lower,
                               what to write instead */
} NpUfunc;

/* One loop: the types its inputs are converted to and its outputs are
 * computed in. */
typedef struct NpUfuncLoop {
    const Type *in[NP_UFUNC_MAX_ARGS];
    const Type *out[NP_UFUNC_MAX_ARGS];
} NpUfuncLoop;

bool np_ufunc_is_builtin(int id);
const NpUfunc *np_ufunc_of(int id);

/* The first loop of the ufunc that takes inputs of these (scalar) types
 * and computes something that converts to the explicit outputs' dtypes
 * (none for a call on numbers), as numba-cuda's
 * ufunc_find_matching_loop picks it; false if there is none. */
bool np_ufunc_find_loop(const NpUfunc *u, const Type *const *in, const Type *const *out, int nout,
                        NpUfuncLoop *loop);

#endif
