/* The PTX names of the functions a file compiles (docs/abi.md): each its
 * Python name, an overload's NAME__codes, a specialisation's
 * NAME__types; a function defined inside a class or another function whose
 * name a module-level function (or an earlier nested one) has takes its
 * qualified name, each '.' written "__" (TestMath__test_sin__kernel), then
 * if needed its line too (TestMath__test_sin__kernel__L42). Two
 * module-level functions of one PTX name are an error, as two functions
 * of one name in one scope are: C hosts find kernels by these names, which
 * must not depend on what else the file compiles. */
#include "sema_internal.h"

#include <string.h>

static bool is_nested(const FuncInfo *func)
{
    return memchr(func->qualname.ptr, '.', (size_t)func->qualname.len) != NULL;
}

/* The function declared in the source that `func` was made from. */
static const FuncInfo *source_function(const FuncInfo *func)
{
    return func->generic ? func->generic : func->overload_of ? func->overload_of : func;
}

static const FuncInfo *holder_of(FuncInfo **named, int count, Str name)
{
    for (int i = 0; i < count; i++)
        if (str_eq(named[i]->name, name))
            return named[i];
    return NULL;
}

/* Outer.inner as Outer__inner, with the overload's or specialisation's
 * suffix of the name kept. */
static Str qualified_name(Sema *sema, const FuncInfo *func, int line)
{
    const FuncInfo *base = source_function(func);
    Str suffix = {func->name.ptr + base->name.len, func->name.len - base->name.len};
    if (base == func)
        suffix = (Str){"", 0};
    char *name = arena_printf(sema->arena, "%.*s", STR_ARG(func->qualname));
    const char *joined = "";
    for (char *part = strtok(name, "."); part; part = strtok(NULL, "."))
        joined = arena_printf(sema->arena, "%s%s%s", joined, *joined ? "__" : "", part);
    const char *full = line ? arena_printf(sema->arena, "%s__L%d%.*s", joined, line, STR_ARG(suffix))
                            : arena_printf(sema->arena, "%s%.*s", joined, STR_ARG(suffix));
    return str_from_cstr(full);
}

static void set_name(FuncInfo *func, Str name)
{
    func->name = name;
    func->def->funcdef.name = name;
}

static void report_clash(Sema *sema, const FuncInfo *func, const FuncInfo *holder)
{
    const FuncInfo *a = source_function(holder), *b = source_function(func);
    if (str_eq(a->qualname, b->qualname))
        diag_error(sema->diag, func->def->span, "'%.*s' is defined twice", STR_ARG(b->qualname));
    else
        diag_error(sema->diag, func->def->span, "two functions would have the PTX name '%.*s': rename "
                   "one", STR_ARG(func->name));
    diag_note(sema->diag, holder->def->span, a == b || str_eq(a->qualname, b->qualname)
                                                 ? "the first definition is here" : "the other is here");
}

/* PTX's predefined identifiers that a Python name can spell (the others
 * begin with '%': %tid, %laneid, ...): a function of that name would be
 * read as the identifier, so it takes a '_' after its name (docs/abi.md). */
static const char *const ptx_predefined[] = {"WARP_SZ"};

static void avoid_predefined(Sema *sema, FuncInfo *func)
{
    for (size_t i = 0; i < sizeof ptx_predefined / sizeof ptx_predefined[0]; i++)
        if (str_eq_cstr(func->name, ptx_predefined[i]))
            set_name(func, str_from_cstr(arena_printf(sema->arena, "%s_", ptx_predefined[i])));
}

/* Names funcs[index], given that funcs[0..index) are named. */
static void name_one(Sema *sema, FuncInfo **named, int count, FuncInfo *func)
{
    avoid_predefined(sema, func);
    const FuncInfo *holder = holder_of(named, count, func->name);
    if (!holder)
        return;
    if (!is_nested(func) || str_eq(source_function(holder)->qualname, source_function(func)->qualname)) {
        report_clash(sema, func, holder);
        return;
    }
    Str qualified = qualified_name(sema, func, 0);
    if (holder_of(named, count, qualified))
        qualified = qualified_name(sema, func, func->line);
    if ((holder = holder_of(named, count, qualified)) != NULL)
        report_clash(sema, func, holder);
    else
        set_name(func, qualified);
}

void sema_name_functions(Sema *sema, FuncInfo **funcs, int count)
{
    /* module-level functions keep their names first: nested ones yield */
    FuncInfo **named = ARENA_ARRAY(sema->arena, FuncInfo *, count + 1);
    int done = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++)
            if (is_nested(funcs[i]) == (pass == 1)) {
                name_one(sema, named, done, funcs[i]);
                named[done++] = funcs[i];
            }
}
