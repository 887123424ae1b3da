/* The keyword options of @cuda.jit(...), read into a function's JitOptions
 * as numba-cuda's decorator takes them (numba-cuda.md §1.13). Values must
 * be compile-time constants of the option's type (a literal or a module
 * constant): Numba evaluates the decorator in Python, pykc folds it.
 *
 * Accepted and lowered: device, fastmath, lineinfo, opt, inline (a string
 * or a bool), forceinline, max_registers, launch_bounds. Accepted without
 * effect: cache (pykc's PTX is already a persistent artefact), and debug,
 * boundscheck and lto, with a warning (-Wignored-option) when on, since
 * the kernel runs as without them. The "off" values of link and extensions
 * are accepted; their "on" values are rejected with a reason.
 * shared_memory_carveout is accepted with a warning (option_carveout.c). */
#include "sema_internal.h"

#include <string.h>

enum {
    MAX_THREADS_PER_BLOCK = 1024,   /* CUDA's limit on every compute capability */
    MAX_REGISTERS = 255,            /* PTX .maxnreg: registers per thread */
};

/* The constant value of an option, folded as a module constant is; the
 * kind is CONST_NONE if it is not a compile-time constant (reported by
 * the caller, which knows what it expected, unless *reported: the
 * expression itself had an error, such as an undefined name). */
static ConstValue constant_of(Sema *sema, Node *value, bool *reported)
{
    *reported = false;
    if (value->kind == NODE_STRING || value->kind == NODE_TUPLE || value->kind == NODE_NONE)
        return (ConstValue){.kind = CONST_NONE};
    int errors = sema->diag->errors;
    FuncCtx ctx = {.sema = sema, .final = true};
    Value v = sema_check_expr(&ctx, value);
    *reported = sema->diag->errors > errors;
    return v.kind == VAL_RUNTIME ? v.konst : (ConstValue){.kind = CONST_NONE};
}

static bool read_bool(Sema *sema, Node *keyword, bool *out)
{
    bool reported;
    ConstValue k = constant_of(sema, keyword->keyword.value, &reported);
    if (k.kind != CONST_BOOL) {
        if (!reported)
            diag_error(sema->diag, keyword->keyword.value->span, "'%.*s' must be True or False",
                   STR_ARG(keyword->keyword.name));
        return false;
    }
    *out = k.b;
    return true;
}

/* An int constant in [low, high]; `option` names it in the message. */
static bool read_int(Sema *sema, Node *value, const char *option, int64_t low, int64_t high, int *out)
{
    bool reported;
    ConstValue k = constant_of(sema, value, &reported);
    if (k.kind != CONST_INT || !type_is_int(value->type)) {
        if (!reported)
            diag_error(sema->diag, value->span, "%s must be an integer constant", option);
        return false;
    }
    if (k.i < low || k.i > high) {
        diag_error(sema->diag, value->span, "%s must be between %lld and %lld, not %lld", option,
                   (long long)low, (long long)high, (long long)k.i);
        return false;
    }
    *out = (int)k.i;
    return true;
}

/* launch_bounds=maxThreads or (maxThreads[, minBlocksPerSM[, maxBlocksPerCluster]]) */
static bool read_launch_bounds(Sema *sema, Node *value, JitOptions *out)
{
    if (value->kind != NODE_TUPLE)
        return read_int(sema, value, "launch_bounds' maximum threads per block", 1,
                        MAX_THREADS_PER_BLOCK, &out->launch_max_threads);
    NodeList *elts = &value->tuple.elts;
    if (elts->count < 1 || elts->count > 3) {
        diag_error(sema->diag, value->span, "launch_bounds takes an integer or a tuple of 1 to 3 "
                   "integers (maxThreadsPerBlock, minBlocksPerMultiprocessor, maxBlocksPerCluster)");
        return false;
    }
    bool ok = read_int(sema, elts->items[0], "launch_bounds' maximum threads per block", 1,
                       MAX_THREADS_PER_BLOCK, &out->launch_max_threads);
    if (elts->count > 1)
        ok &= read_int(sema, elts->items[1], "launch_bounds' minimum blocks per multiprocessor", 1,
                       INT32_MAX, &out->launch_min_blocks);
    if (elts->count > 2)
        ok &= read_int(sema, elts->items[2], "launch_bounds' maximum blocks per cluster", 1,
                       INT32_MAX, &out->launch_max_cluster);
    return ok;
}

/* inline="always" | "never" (Numba's default); a cost-model function is
 * Numba-IR inlining pykc does not have. */
static bool read_inline(Sema *sema, Node *value, JitOptions *out)
{
    if (value->kind == NODE_BOOL) {   /* numba-cuda 0.30.4 takes a bool too */
        out->always_inline = value->bool_lit.value;
        return true;
    }
    if (value->kind == NODE_STRING && str_eq_cstr(value->string.value, "always")) {
        out->always_inline = true;
        return true;
    }
    if (value->kind == NODE_STRING && str_eq_cstr(value->string.value, "never"))
        return true;
    diag_error(sema->diag, value->span, "'inline' must be \"always\", \"never\", True or False");
    return false;
}

/* Options numba-cuda accepts whose "on" value pykc gives no effect: the
 * kernel compiles as without them, with a warning that says what differs. */
static const struct { const char *name; const char *effect; } no_effect[] = {
    {"debug", "numba-cuda's debug=True raises Python exceptions from kernels and adds debug "
              "information; pykc compiles the kernel as without it: compile with "
              "'pykc compile --check' to check every index at run time, with --lineinfo for "
              "line tables"},
    {"boundscheck", "numba-cuda refuses it (bounds checking is not supported for CUDA); compile "
                    "with 'pykc compile --check' to check every index at run time"},
    {"lto", "pykc emits PTX that the driver links: there is no link-time optimisation step"},
};

/* Options whose "off" value (False, None, an empty list) is accepted and
 * whose "on" value pykc rejects, with the reason. */
static const struct { const char *name; const char *why; } rejected[] = {
    {"link", "pykc compiles one .pyk file to self-contained PTX and links no other code yet"},
    {"extensions", "Numba's typing extensions are Python objects that an ahead-of-time compiler "
                   "cannot load"},
};

static bool is_off(const Node *value)
{
    return value->kind == NODE_NONE || (value->kind == NODE_BOOL && !value->bool_lit.value) ||
           ((value->kind == NODE_TUPLE || value->kind == NODE_LIST) && value->tuple.elts.count == 0);
}

static bool read_ignored(Sema *sema, Node *keyword, int i)
{
    if (!is_off(keyword->keyword.value))
        diag_warning(sema->diag, keyword->span, "ignored-option", "@cuda.jit option '%s' has no "
                     "effect in pykc: %s", no_effect[i].name, no_effect[i].effect);
    return true;
}

static bool read_rejected(Sema *sema, Node *keyword, int i)
{
    Node *value = keyword->keyword.value;
    if (is_off(value))
        return true;
    diag_error(sema->diag, keyword->span, "@cuda.jit option '%s' is not supported by pykc: %s",
               rejected[i].name, rejected[i].why);
    return false;
}

static bool read_option(Sema *sema, Node *keyword, JitOptions *out, bool *device)
{
    Str name = keyword->keyword.name;
    Node *value = keyword->keyword.value;
    bool ignored;
    if (str_eq_cstr(name, "device"))
        return read_bool(sema, keyword, device);
    if (str_eq_cstr(name, "fastmath"))
        return read_bool(sema, keyword, &out->fastmath);
    if (str_eq_cstr(name, "lineinfo"))
        return read_bool(sema, keyword, &out->lineinfo);
    if (str_eq_cstr(name, "cache"))
        return read_bool(sema, keyword, &ignored);
    if (str_eq_cstr(name, "opt")) {
        if (sema_read_host_opt(sema, keyword))   /* opt=not debug, debug a host value */
            return true;
        bool opt = true;
        bool ok = value->kind == NODE_NONE || read_bool(sema, keyword, &opt);
        out->opt_off = !opt;
        return ok;
    }
    if (str_eq_cstr(name, "forceinline")) {
        bool force = false;
        bool ok = read_bool(sema, keyword, &force);
        out->always_inline |= force;
        return ok;
    }
    if (str_eq_cstr(name, "inline"))
        return read_inline(sema, value, out);
    if (str_eq_cstr(name, "max_registers"))
        return value->kind == NODE_NONE ||
               read_int(sema, value, "max_registers", 1, MAX_REGISTERS, &out->max_registers);
    if (str_eq_cstr(name, "shared_memory_carveout"))
        return sema_read_carveout(sema, keyword);
    if (str_eq_cstr(name, "launch_bounds"))
        return value->kind == NODE_NONE || read_launch_bounds(sema, value, out);
    for (size_t i = 0; i < sizeof no_effect / sizeof no_effect[0]; i++)
        if (str_eq_cstr(name, no_effect[i].name))
            return read_ignored(sema, keyword, (int)i);
    for (size_t i = 0; i < sizeof rejected / sizeof rejected[0]; i++)
        if (str_eq_cstr(name, rejected[i].name))
            return read_rejected(sema, keyword, (int)i);
    diag_error(sema->diag, keyword->span, "unknown @cuda.jit option '%.*s'", STR_ARG(name));
    return false;
}

/* Options about a kernel's launch make no sense on a device function,
 * which runs with the limits of the kernel that calls it. */
static bool check_kernel_only(Sema *sema, Node *call, const JitOptions *jit, bool device)
{
    bool ok = true;
    for (int i = 0; device && i < call->call.keywords.count; i++) {
        Node *keyword = call->call.keywords.items[i];
        bool launch = str_eq_cstr(keyword->keyword.name, "launch_bounds") && jit->launch_max_threads;
        bool regs = str_eq_cstr(keyword->keyword.name, "max_registers") && jit->max_registers;
        if (launch || regs) {
            diag_error(sema->diag, keyword->span, "'%.*s' applies to kernels: a device function runs "
                       "under the limits of the kernel that calls it", STR_ARG(keyword->keyword.name));
            ok = false;
        }
    }
    return ok;
}

bool sema_read_jit_options(Sema *sema, Node *call, JitOptions *out, bool *device)
{
    bool ok = true;
    for (int i = 0; i < call->call.keywords.count; i++)
        ok &= read_option(sema, call->call.keywords.items[i], out, device);
    return ok && check_kernel_only(sema, call, out, *device);
}
