/* Imports (modules.c): the modules kernels use from Numba's world (numba,
 * numba.cuda, numba.types, numpy, math, operator, ...) are namespaces
 * (namespaces.c); any other module is looked for as a Python file of the
 * project, next to the file that imports it and in the -I directories, as
 * Python finds a script's own modules. A project module is parsed and gets
 * scopes of its own, whose device functions and constants kernels may use;
 * anything else (scipy, matplotlib, ...) is a host module, an error only
 * if a kernel uses it. */
#ifndef PYKC_SEMA_MODULES_H
#define PYKC_SEMA_MODULES_H

#include "sema_internal.h"

/* `import dotted` seen from a module of scope `from` (level: the leading
 * dots of a relative import). False if it is neither a namespace pykc knows
 * nor a file of the project. */
bool sema_import_module(Sema *sema, Scope *from, Str dotted, int level, Value *out);

/* Why a module cannot be imported into kernels, for the host binding. */
const char *sema_module_refusal(Sema *sema, Str dotted);

#endif
