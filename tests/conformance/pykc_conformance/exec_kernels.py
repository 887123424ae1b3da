"""Kernels whose Python function was compiled from a string (exec_sources.py
remembers the text): the file pykc is given for them, and how the records
and the report name them.

pykc reads a file and binds its module-level names statically, but exec'd
code often uses the globals it was given instead of importing them
(`exec(src, {"cuda": cuda, "float64": float64})`, test_ufuncs' `np`). The
record's `source` field is {"text": the string, "preamble": import lines
for those globals, "module": the module that compiled it}; the file given
to pykc is the text followed by the preamble, at the end so that the
kernel's line numbers stay those Numba saw. A kernel's `file` is the code's
filename with a digest of that file, `<string:0123456789>`, so that two
sources are two kernels.

preamble() needs the live function (run mode); the rest is standard
library only: compile mode rebuilds the file from the record."""
import builtins
import dis
import hashlib
import importlib
import os
import sys
import tempfile
import types
import warnings

from . import exec_sources

# where an object a global name is bound to can be imported from, in order
IMPORTABLE_FROM = ("numba.cuda.types", "numba.cuda", "numba", "numpy")

LOADS = ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS")
STORES = ("STORE_NAME", "STORE_GLOBAL")
_MISSING = object()


def names_used(code, opnames):
    """The names code and its nested code objects use with one of opnames."""
    return {instruction.argval for inner in exec_sources.nested_code(code)
            for instruction in dis.get_instructions(inner) if instruction.opname in opnames}


def names_defined(text):
    """The global names the source text binds itself (defs, imports,
    assignments at module level, `global` stores); none when it does not
    compile."""
    try:
        return names_used(exec_sources.original_compile(text, "<string>", "exec", dont_inherit=True), STORES)
    except (SyntaxError, ValueError):
        return set()


def _module(name):
    try:
        return sys.modules.get(name) or importlib.import_module(name)
    except Exception:   # a candidate this machine lacks
        return None


def import_line(name, value, own_module=None):
    """The import that binds `name` to `value`: the module's own import for
    a module, else a from-import of a module whose attribute of that name
    is the very object (IMPORTABLE_FROM, then the module whose globals the
    function has); None when none is. Runs during a test's launch: a
    deprecated name's warning would reach the test's own warning checks."""
    if isinstance(value, types.ModuleType):
        return "import %s as %s" % (value.__name__, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for module_name in IMPORTABLE_FROM + ((own_module,) if own_module else ()):
            module = _module(module_name)
            if module is not None and getattr(module, name, _MISSING) is value:
                return "from %s import %s as %s" % (module_name, name, name)
    return None


def names_loaded(text):
    """The global names the source text's module-level code itself reads (a
    decorator's `cuda` among them; not its functions' bodies); none when it
    does not compile."""
    try:
        module = exec_sources.original_compile(text, "<string>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return set()
    return {instruction.argval for instruction in dis.get_instructions(module) if instruction.opname in LOADS}


def preamble(func, text):
    """Import lines for the global names func, or the text's module-level
    code (its decorators), uses that func's globals bind and the text does
    not define (builtins left out), one a line."""
    scope = func.__globals__
    own_module = scope.get("__name__") if isinstance(scope.get("__name__"), str) else None
    lines = []
    for name in sorted((names_used(func.__code__, LOADS) | names_loaded(text)) - names_defined(text)):
        value = scope.get(name, _MISSING)
        if value is _MISSING or value is getattr(builtins, name, _MISSING):
            continue
        line = import_line(name, value, own_module)
        if line:
            lines.append(line + "\n")
    return "".join(lines)


def source_field(func):
    """The record's `source` field for a function compiled from a string,
    or None for any other."""
    found = exec_sources.source_of(func.__code__)
    if found is None:
        return None
    text, module = found
    return {"text": text, "preamble": preamble(func, text), "module": module}


def composed(field):
    """The file pykc is given: the text, then the preamble."""
    text = field["text"]
    return text + ("" if text.endswith("\n") or not text else "\n") + (field.get("preamble") or "")


def digest(field):
    return hashlib.sha1(composed(field).encode("utf-8", "surrogatepass")).hexdigest()[:10]


def label(filename, field):
    """A kernel's `file`: "<string>" -> "<string:0123456789>"."""
    return "%s:%s>" % (filename[:-1], digest(field))


def write(field, directory):
    """Writes the composed file into directory (once: its name is its
    digest; through a rename, as processes of a run share it); its path."""
    path = os.path.join(directory, "exec-%s.py" % digest(field))
    if not os.path.exists(path):
        fd, scratch = tempfile.mkstemp(suffix=".py", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(composed(field))
        os.replace(scratch, path)
    return path


def report_group(file, field):
    """The report's row for a kernel: "<string> (test_ufuncs.py)" for one
    compiled from a string by a test module, the file for any other."""
    if not field:
        return file
    base = file.split(":", 1)[0] + ">" if file.startswith("<") else file
    module = field.get("module")
    return "%s (%s.py)" % (base, module.rsplit(".", 1)[-1]) if module else base
