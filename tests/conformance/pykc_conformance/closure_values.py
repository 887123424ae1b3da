"""The values a kernel's closure captured, as pykc --bind options.

A kernel defined inside a function (a test method, a kernel factory) reads
names that function binds: a loop variable (`for op in ops:`), a parameter
(`def make(op):`), a device function made from one (`f = cuda.jit(device=
True)(pyfunc)`). Numba freezes their values when it compiles the kernel;
an ahead-of-time compiler cannot know them, and pykc takes them from
`--bind NAME=VALUE`, as a user specialising a kernel factory would. Here
each captured value is written as the Python expression that names it,
when there is one pykc reads (numbers, bools, None, tuples of them, Numba
and NumPy types, math/cmath/operator functions, numba.cuda's functions,
module-level functions and the device functions made from them); a value
with no such expression is left out, and pykc then says what it could not
compute."""
import math
import re

MODULES = ("math", "cmath", "operator")


def closure_binds(func, qualname):
    """['Outer.inner.NAME=VALUE', ...] for the kernel `func`, whose name in
    the records is `qualname` (the enclosing function's qualified name is
    where the captured names are bound)."""
    if "." not in qualname or not func.__closure__:
        return []
    scope = qualname.rsplit(".", 1)[0]
    binds = []
    global _home
    _home = getattr(func, "__globals__", None)
    try:
        for name, cell in zip(func.__code__.co_freevars, func.__closure__):
            try:
                value = cell.cell_contents
            except ValueError:   # a cell not yet filled
                continue
            text = expression(value)
            if text is not None:
                binds.append("%s.%s=%s" % (scope, name, text))
    finally:
        _home = None
    return sorted(binds)


# The globals of the kernel whose captures closure_binds is writing: a
# function its module does not bind by its name is named by its own
# module's full path (numba.cuda.tests.cudapy.recursion_usecases.fib1),
# which pykc looks up as an import would.
_home = None


def _module_path(bound, module, name):
    """`name` when the kernel's module binds it to `bound` (or when there
    is no kernel to ask), else `module.name`."""
    if _home is None or _home.get(name) is bound or not module:
        return name
    return "%s.%s" % (module, name)


def expression(value, depth=0):
    """The Python expression pykc reads for `value`, or None."""
    if depth > 4:
        return None
    for convert in (_literal, _sequence, _numba_type, _numpy_type, _ndarray, _module_function,
                    _cuda_function, _bf16_function, _fp8_class, _dispatcher, _plain_function):
        try:
            text = convert(value, depth)
        except Exception:
            text = None
        if text is not None:
            return text
    return None


def _literal(value, depth):
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "math.nan"
        if math.isinf(value):
            return "math.inf" if value > 0 else "-math.inf"
        return repr(value)
    if isinstance(value, complex) and all(math.isfinite(p) for p in (value.real, value.imag)):
        return "complex(%r, %r)" % (value.real, value.imag)
    return None


def _sequence(value, depth):
    if type(value) is not tuple:
        return None
    items = [expression(item, depth + 1) for item in value]
    if any(item is None for item in items):
        return None
    return "(%s%s)" % (", ".join(items), "," if len(items) == 1 else "")


def _numba_type(value, depth):
    from numba.cuda import types
    if isinstance(value, types.Type) and re.fullmatch(r"[a-z][a-z0-9_]*", str(value)):
        return "numba.types." + str(value)
    if isinstance(value, types.Record):   # from_dtype(dt): pykc's np.dtype(...) is the record
        from numba.cuda.np import numpy_support
        return _structured_dtype(numpy_support.as_dtype(value))
    return None


def _field_format(dtype):
    """A structured dtype's field type as np.dtype's dict form takes it:
    np.float32, (np.uint8, (5,)), or a nested record's np.dtype(...)."""
    if dtype.subdtype is not None:
        base, shape = dtype.subdtype
        inner = _field_format(base)
        return None if inner is None else "(%s, %r)" % (inner, tuple(shape))
    if dtype.fields is not None:
        return _structured_dtype(dtype)
    if re.fullmatch(r"[a-z][a-z0-9]*", dtype.name) and dtype.isnative:
        return "np." + dtype.name
    return None


def _structured_dtype(dtype):
    """np.dtype({'names': ..., 'formats': ..., 'offsets': ..., 'itemsize':
    ..., 'aligned': ...}): every byte placed as in `dtype`; None when that
    does not give back an equal dtype."""
    import numpy as np
    formats = [_field_format(dtype.fields[name][0]) for name in dtype.names]
    if any(f is None for f in formats):
        return None
    text = "np.dtype({'names': %r, 'formats': [%s], 'offsets': %r, 'itemsize': %d, 'aligned': %r})" % (
        list(dtype.names), ", ".join(formats), [dtype.fields[name][1] for name in dtype.names],
        dtype.itemsize, bool(dtype.isalignedstruct))
    try:
        same = eval(text, {"np": np}) == dtype
    except Exception:
        same = False
    return text if same else None


def _numpy_type(value, depth):
    import numpy as np
    if isinstance(value, np.dtype) and value.fields is not None:
        return _structured_dtype(value)
    if isinstance(value, type) and issubclass(value, np.generic):
        return "np." + value.__name__
    if isinstance(value, np.dtype) and re.fullmatch(r"[a-z][a-z0-9_]*", value.name):
        return "np." + value.name
    if isinstance(value, np.generic):   # np.float32(2.5): a typed constant
        literal = _literal(value.item(), depth)
        return "np.%s(%s)" % (type(value).__name__, literal) if literal is not None else None
    return None


MAX_ARRAY_ELEMENTS = 4096   # a constant array; larger ones make unreadable command lines


def _element(value):
    """One element of an array, as np.array's nested lists take it."""
    if isinstance(value, complex):
        return "complex(%s, %s)" % (_element(value.real), _element(value.imag))
    if isinstance(value, float):
        if math.isnan(value):
            return "np.nan"
        if math.isinf(value):
            return "np.inf" if value > 0 else "-np.inf"
    return repr(value)


def _ndarray(value, depth):
    """A NumPy array of numbers or bools: np.array(nested lists, dtype),
    Fortran-ordered when it is (a view of another layout is copied: the
    values are the same, Numba's layout 'A' becomes 'C')."""
    import numpy as np
    if type(value) is not np.ndarray or value.dtype.fields or value.size > MAX_ARRAY_ELEMENTS:
        return None
    if value.dtype.kind not in "biufc" or not re.fullmatch(r"[a-z][a-z0-9_]*", value.dtype.name):
        return None

    dtype = "bool_" if value.dtype.name == "bool" else value.dtype.name   # np.bool is NumPy 2's only

    def nested(a):
        return "[%s]" % ", ".join(nested(x) if a.ndim > 1 else _element(x.item()) for x in a)
    if value.ndim == 0:
        return "np.array(%s, dtype=np.%s)" % (_element(value.item()), dtype)
    text = "np.array(%s, dtype=np.%s)" % (nested(value), dtype)
    fortran = value.ndim > 1 and value.flags.f_contiguous and not value.flags.c_contiguous
    return "np.asfortranarray(%s)" % text if fortran else text


def _module_function(value, depth):
    import importlib
    for module in MODULES:
        name = getattr(value, "__name__", None)
        if name and getattr(importlib.import_module(module), name, None) is value:
            return "%s.%s" % (module, name)
    return None


def _cuda_function(value, depth):
    """cuda.ldca, cuda.atomic.add, cuda.fp16.hadd, ...: found by identity in
    numba.cuda's namespaces."""
    import numba.cuda
    name = getattr(value, "__name__", None) or getattr(value, "_name", None)
    if not name:
        return None
    for prefix, namespace in (("cuda", numba.cuda), ("cuda.atomic", numba.cuda.atomic),
                              ("cuda.fp16", getattr(numba.cuda, "fp16", None)),
                              ("cuda.libdevice", getattr(numba.cuda, "libdevice", None))):
        if namespace is not None and getattr(namespace, name, None) is value:
            return "%s.%s" % (prefix, name)
    return None


def _bf16_function(value, depth):
    """A function of numba-cuda's bfloat16 bindings (cuda.bf16.heq is
    numba.cuda._internal.cuda_bf16.__heq): its name in that module, which
    the kernel's own module need not import under that name."""
    module = "numba.cuda._internal.cuda_bf16"
    name = getattr(value, "__name__", None)
    if not name or getattr(value, "__module__", None) != module:
        return None
    import importlib
    return "%s.%s" % (module, name) if getattr(importlib.import_module(module), name, None) is value else None


def _fp8_class(value, depth):
    """A type of numba-cuda's fp8 bindings (fp8_e4m3, a class made with
    type() in numba.cuda._internal.cuda_fp8): its name in that module."""
    module = "numba.cuda._internal.cuda_fp8"
    name = getattr(value, "__name__", None)
    if not isinstance(value, type) or not name or getattr(value, "__module__", None) != module:
        return None
    import importlib
    return "%s.%s" % (module, name) if getattr(importlib.import_module(module), name, None) is value else None


def _top_level_name(func):
    qualname = getattr(func, "__qualname__", "")
    return qualname if qualname and "." not in qualname else None


def _dispatcher(value, depth):
    """A @cuda.jit function: its name when the module binds it to the
    dispatcher itself; `cuda.jit(device=True)(name)` when the module's name
    is the plain function it was made from, with the signatures it was
    given (`cuda.jit(["(int64, int64)"], device=True)(name)`), which decide
    the overload a call takes."""
    py_func = getattr(value, "py_func", None)
    if py_func is None or not hasattr(value, "targetoptions"):
        return None
    name = _top_level_name(py_func)
    if name is None:
        return None
    bound = py_func.__globals__.get(name)
    if bound is value:
        return _module_path(value, py_func.__module__, name)
    if bound is not py_func:
        return None
    sigs = _explicit_signatures(value)
    if sigs is False:
        return None
    args = ([repr(sigs)] if sigs else []) + (["device=True"] if value.targetoptions.get("device", False) else [])
    return "cuda.jit(%s)(%s)" % (", ".join(args), _module_path(py_func, py_func.__module__, name))


def _explicit_signatures(dispatcher):
    """The signature strings a dispatcher was made with (it compiles
    nothing else), None when it compiles for each call, False when a
    parameter type has no spelling pykc reads back."""
    if getattr(dispatcher, "_can_compile", True):
        return None
    sigs = []
    for argtypes in dispatcher.overloads:
        names = [str(t) for t in argtypes]
        if not all(re.fullmatch(r"[a-z][a-z0-9_]*", n) for n in names):
            return False
        sigs.append("(%s)" % ", ".join(names))
    return sigs


def _plain_function(value, depth):
    """A module-level Python function (numba-cuda compiles what a kernel
    calls if it can): its name."""
    if not callable(value) or not hasattr(value, "__code__"):
        return None
    name = _top_level_name(value)
    return _module_path(value, value.__module__, name) if name and value.__globals__.get(name) is value else None
