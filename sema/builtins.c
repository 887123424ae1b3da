/* The spellings of builtins, for diagnostics (from builtins.def). */
#include "sema.h"

const char *sema_builtin_spelling(Builtin builtin)
{
    static const char *const spellings[] = {
#define BUILTIN(id, spelling) spelling,
#include "builtins.def"
#undef BUILTIN
    };
    return builtin >= 0 && builtin < BUILTIN_COUNT ? spellings[builtin] : "";
}
