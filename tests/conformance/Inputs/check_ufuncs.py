"""Prints what the harness makes of the kernels Numba generates for
ufuncs, for ufuncs.test: the user's def and the ufunc field found from a
generated kernel function (exec'd from a string, as numba-cuda does, with
a stand-in for the core dispatcher), the kernel keys of new and old
records, and pykc's command line. Needs no numba."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pykc_conformance import pykc_compile, records, ufuncs  # noqa: E402


from fake_numba_types import Array, Float, Integer, NoneType  # noqa: E402


class Signature:
    def __init__(self, return_type, args):
        self.return_type, self.args = return_type, args


class Compiled:
    def __init__(self, signature):
        self.signature = signature


class Dispatcher:
    """A device dispatcher compiled for one signature."""

    def __init__(self, py_func, return_type, args):
        self.py_func = py_func
        self.overloads = {tuple(args): Compiled(Signature(return_type, args))}


def user_defs():
    def vector_add(a, b):
        return a + b

    def sum_row(inp, out):
        out[0] = inp[0]

    return vector_add, sum_row


VECTORIZE_SOURCE = """
def __vectorized_vector_add(a0, a1, __out__):
    __tid__ = __cuda__.grid(1)
    if __tid__ < __out__.shape[0]:
        __out__[__tid__] = __core__(a0[__tid__], a1[__tid__])
"""

GUFUNC_SOURCE = """
def __gufunc_sum_row(arg0, arg1):
    __tid__ = __cuda__.grid(1)
    if __tid__ < min(arg0.shape[0], arg1.shape[0]):
        __core__(arg0[__tid__, :], arg1[__tid__])
"""


def generated(source, name, core, layout=None):
    glbls = {"__core__": core, "__cuda__": None}
    exec(compile(source, "<string>", "exec"), glbls)
    function = glbls[name]
    if layout:
        setattr(function, ufuncs.TAG, {"kind": "guvectorize", "layout": layout})
    return function


f64, i32 = Float("float64"), Integer("int32")
vector_add, sum_row = user_defs()
kernels = [
    generated(VECTORIZE_SOURCE, "__vectorized_vector_add", Dispatcher(vector_add, f64, [f64, f64])),
    generated(GUFUNC_SOURCE, "__gufunc_sum_row",
              Dispatcher(sum_row, NoneType("none"), [Array(i32, 1, "A"), Array(i32, 1, "A")]), "(n)->()"),
    # a gufunc built before the builders were wrapped has no layout
    generated(GUFUNC_SOURCE, "__gufunc_sum_row",
              Dispatcher(sum_row, NoneType("none"), [Array(i32, 1, "A"), Array(i32, 1, "A")])),
    vector_add,  # a plain function is no ufunc's kernel
]
# a core with no overload yet (the GPU run met one): no-source, not a crash
uncompiled = Dispatcher(vector_add, f64, [f64, f64])
uncompiled.overloads = {}
kernels.append(generated(VECTORIZE_SOURCE, "__vectorized_vector_add", uncompiled))
for kernel in kernels:
    found = ufuncs.origin(kernel)
    if found is None:
        print("origin: none")
        continue
    user, field = found
    print("origin: %s %s" % (records.strip_locals(user.__qualname__), sorted(field.items())))

for record in records.read_records(sys.argv[1]):
    key = records.kernel_key(record)
    print("key: %s" % (key,))
    if record["compile"] != "no-source":
        command = pykc_compile.compile_command("PYKC", key, "OUT.ptx", root=sys.argv[2])
        print(" ".join(command))
