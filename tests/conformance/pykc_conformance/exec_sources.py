"""The source text of code built from strings: numba-cuda's tests make
kernels with exec (test_atomics, test_ufuncs, test_libdevice), compile with
a filename such as "<ipython-input-...>" (test_debuginfo) or `python -c
CODE` (test_print). Such functions have no file pykc could read, so
install() (test_site.setup, in every process of a run) wraps builtins.exec
and builtins.compile to remember, for every function code object nested in
the code they compile, the text it came from and the module that asked;
source_of(code) answers for the hook (exec_kernels.py).

exec and compile behave as before: the wrappers compile with the filename,
mode and future flags Python would use (those of the caller's code, unless
dont_inherit), exec gets the caller's globals and locals when given none,
and anything the wrapper's own compile raises is left to the original
exec, which raises what it always did. Standard library only."""
import __future__
import builtins
import functools
import importlib.util
import os
import sys
import types
import weakref

# the module that `python -c CODE` processes of a test belong to (worker.py sets it)
TEST_MODULE_ENV = "PYKC_TEST_MODULE"

FUTURE_FLAGS = functools.reduce(lambda a, b: a | b, (getattr(__future__, name).compiler_flag
                                                     for name in __future__.all_feature_names))

original_exec, original_compile = builtins.exec, builtins.compile
_remembered = {}            # id(code) -> (weak reference to code, text, module)
_command = {"text": None, "codes": None}   # the CODE of `python -c CODE`, compiled when first asked


def nested_code(code):
    """code and every code object in its constants, recursively."""
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from nested_code(const)


def as_text(source):
    """The source of exec or compile as text: bytes decoded as Python
    decodes a source file (its coding cookie, else UTF-8); None for what is
    not text (an AST, a buffer)."""
    if isinstance(source, str):
        return source
    if isinstance(source, bytes):
        try:
            return importlib.util.decode_source(source)
        except (SyntaxError, UnicodeDecodeError, LookupError):
            return None
    return None


def remember(code, text, module):
    """Notes that every function in `code` came from `text`, compiled at
    the request of `module` (a module name, or None). An entry goes when
    its code object does: ids are reused."""
    for inner in nested_code(code):
        key = id(inner)

        def forget(ref, key=key):
            if _remembered.get(key, (None,))[0] is ref:
                del _remembered[key]

        _remembered[key] = (weakref.ref(inner, forget), text, module)


def source_of(code):
    """(text, module) of a code object compiled from a string, or None."""
    entry = _remembered.get(id(code))
    if entry is not None and entry[0]() is code:
        return entry[1], entry[2]
    if code.co_filename == "<string>" and command_text() is not None:
        if _command["codes"] is None:
            _command["codes"] = list(nested_code(original_compile(command_text(), "<string>", "exec", dont_inherit=True)))
        if any(code == inner for inner in _command["codes"]):
            return command_text(), os.environ.get(TEST_MODULE_ENV)
    return None


def command_text():
    """CODE when this process is `python -c CODE`, else None."""
    if _command["text"] is None and sys.argv[:1] == ["-c"]:
        argv = getattr(sys, "orig_argv", None) or _proc_cmdline()
        if "-c" in argv[1:]:
            index = argv.index("-c", 1)
            _command["text"] = argv[index + 1] if index + 1 < len(argv) else None
    return _command["text"]


def _proc_cmdline():
    """This process's arguments from /proc (Pythons before 3.10 have no
    sys.orig_argv)."""
    try:
        with open("/proc/self/cmdline", "rb") as f:
            return [os.fsdecode(arg) for arg in f.read().split(b"\0")[:-1]]
    except OSError:
        return []


def is_pseudo_filename(filename):
    """"<string>", "<ipython-input-1>": a name that is not a file."""
    return isinstance(filename, str) and filename.startswith("<") and filename.endswith(">")


def _caller_module(frame):
    return frame.f_globals.get("__name__") if frame is not None else None


def _inherited_flags(frame):
    """The future flags that compile or exec take from the calling code."""
    return frame.f_code.co_flags & FUTURE_FLAGS if frame is not None else 0


def wrapped_exec(source, globals=None, locals=None, *, closure=None):
    """builtins.exec, remembering the source of a string it runs."""
    frame = sys._getframe(1)
    if globals is None:
        globals = frame.f_globals
        if locals is None:   # Python 3.13 gives a function's frame a proxy: locals() is a snapshot
            locals = frame.f_locals if isinstance(frame.f_locals, dict) else dict(frame.f_locals)
    options = {} if closure is None else {"closure": closure}
    text = as_text(source)
    if text is not None and isinstance(globals, dict):
        try:
            code = original_compile(source, "<string>", "exec", _inherited_flags(frame), True)
        except Exception:
            code = None   # the original exec raises what it always did
        if code is not None:
            remember(code, text, _caller_module(frame))
            source = code
    return original_exec(source, globals, locals, **options)


def wrapped_compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **options):
    """builtins.compile, remembering the source of code compiled from text
    under a name that is not a file."""
    frame = sys._getframe(1)
    if not dont_inherit and isinstance(flags, int):
        flags, dont_inherit = flags | _inherited_flags(frame), True
    code = original_compile(source, filename, mode, flags, dont_inherit, optimize, **options)
    text = as_text(source)
    if isinstance(code, types.CodeType) and text is not None and is_pseudo_filename(filename):
        remember(code, text, _caller_module(frame))
    return code


def install():
    """Puts the wrappers in builtins (once per process)."""
    if builtins.exec is not wrapped_exec:
        builtins.exec = wrapped_exec
    if builtins.compile is not wrapped_compile:
        builtins.compile = wrapped_compile
