"""Kernels numba-cuda generates for @cuda.vectorize and @cuda.guvectorize.

Numba writes their source as a string and execs it (numba/cuda/vectorizers.py):
the kernel's Python function comes from `<string>`, and its globals hold
`__core__`, the device dispatcher compiled from the user's def for one
signature. The harness records such a launch under the user's def (its
file, line and qualified name) with a `ufunc` field saying what pykc needs
to build the same kernel: {"kind": "vectorize" | "guvectorize", "sig": the
core's signature, "layout": guvectorize's layout string}. pykc is then
given `--vectorize NAME@LINE=SIG` or `--guvectorize NAME@LINE=LAYOUT:SIG`
and `--kernel __vectorized_NAME@LINE` (or `__gufunc_NAME@LINE`): one entry.

Records of earlier runs have no `ufunc` field: their kernels stay
`no-source` (the user's def cannot be known without numba's objects).

Standard library only, as kernel_types.py: compile mode imports it."""
from . import kernel_types

KINDS = {"vectorize": "__vectorized_", "guvectorize": "__gufunc_"}

# set on the generated function by the wrapped builders (install_tags)
TAG = "_pykc_ufunc"


def _return_spelling(ty):
    """A core's return type: void for none (guvectorize's cores)."""
    if ty is None or "NoneType" in {cls.__name__ for cls in type(ty).__mro__}:
        return "void"
    return kernel_types.spell(ty)


def core_signature(core, kernel_dtypes=None):
    """The core dispatcher's signature as pykc reads it: "float64(float64,
    float64)". Numba compiles one core per signature, so it has one
    overload; among several, the one whose argument dtypes are the
    kernel's; None when it has none (the GPU run met a core with no
    overload by then: its kernel stays no-source). Raises UnsupportedType
    for types pykc cannot be given."""
    results = list(getattr(core, "overloads", {}).values())
    if not results:
        return None
    if len(results) > 1 and kernel_dtypes is not None:
        matching = [r for r in results if [str(getattr(a, "dtype", a)) for a in r.signature.args] == kernel_dtypes]
        results = matching or results
    sig = results[0].signature
    return "%s(%s)" % (_return_spelling(sig.return_type),
                       ", ".join(kernel_types.spell(a) for a in sig.args))


def origin(py_func):
    """(the user's def, the ufunc field) for a kernel Numba generated for a
    ufunc; None for any other kernel. Raises UnsupportedType when the
    core's types cannot be spelt."""
    name = getattr(py_func, "__name__", "")
    kind = next((k for k, prefix in KINDS.items() if name.startswith(prefix)), None)
    core = getattr(py_func, "__globals__", {}).get("__core__")
    user = getattr(core, "py_func", None)
    if kind is None or user is None or getattr(py_func.__code__, "co_filename", "") != "<string>":
        return None
    sig = core_signature(core)
    if sig is None:
        return None
    field = {"kind": kind, "sig": sig}
    tag = getattr(py_func, TAG, None)
    if kind == "guvectorize":
        field["layout"] = tag.get("layout") if isinstance(tag, dict) else None
        if not field["layout"]:
            return None   # built before the builders were wrapped: stays no-source
    return user, field


def is_generated_name(name):
    """Whether a function's name is that of a ufunc's generated kernel: one
    whose def is unknown stays no-source rather than compiled from Numba's
    text (its `__core__` is no name pykc could import)."""
    return any(name.startswith(prefix) for prefix in KINDS.values())


def key_part(field):
    """The ufunc field as a part of a kernel key (hashable, JSON-stable)."""
    return (field.get("kind"), field.get("sig"), field.get("layout") or "")


def kernel_name(qualname, line, part):
    """--kernel's NAME@LINE for the generated kernel of the def `qualname`."""
    return "%s%s@%d" % (KINDS[part[0]], qualname.split(".")[-1], line)


def pykc_options(qualname, line, part):
    """The options that make pykc build the kernel: --kernel, and
    --vectorize or --guvectorize with the core's signature."""
    kind, sig, layout = part
    name = "%s@%d" % (qualname, line)
    if kind == "vectorize":
        ufunc = ["--vectorize", "%s=%s" % (name, sig)]
    else:
        ufunc = ["--guvectorize", "%s=%s:%s" % (name, layout, sig)]
    return ["--kernel", kernel_name(qualname, line, part)] + ufunc


def install_tags():
    """Wraps numba-cuda's builders so that each generated kernel function
    carries its layout (guvectorize's is not in the generated code's
    globals). Needs numba; called by hook.install."""
    from numba.cuda import vectorizers

    for cls, kind in ((vectorizers.CUDAVectorize, "vectorize"), (vectorizers.CUDAGUFuncVectorize, "guvectorize")):
        original = cls._compile_kernel
        if getattr(original, "pykc_tagged", False):
            continue

        def compile_kernel(self, fnobj, sig, _original=original, _kind=kind):
            try:
                setattr(fnobj, TAG, {"kind": _kind, "layout": getattr(self, "signature", None)
                                     if _kind == "guvectorize" else None})
            except (AttributeError, TypeError):
                pass
            return _original(self, fnobj, sig)

        compile_kernel.pykc_tagged = True
        cls._compile_kernel = compile_kernel
