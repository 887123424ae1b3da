"""A test module that makes kernels from strings, as numba-cuda's
test_atomics (globals given as a dict) and test_ufuncs (the module's own
globals) do; exec_kernels.test imports it with stand-ins for numba and
numpy."""
from textwrap import dedent

import numpy as np  # noqa: F401 (the exec'd ufunc use case's `np`)
from numba import cuda
from numba.cuda import uint64
from numba.cuda.types import float64

helper = object()   # pykc is told to import it from here


def twice(x):   # the exec'd source defines its own: no import for it
    return 2 * x


def gen_atomic_extreme_funcs(func):
    fns = dedent("""
    def atomic(res, ary):
        tx = cuda.threadIdx.x
        bx = cuda.blockIdx.x
        {func}(res, 0, ary[tx, uint64(bx)])

    def atomic_double_shared(res, ary):
        tid = cuda.threadIdx.x
        smary = cuda.shared.array(32, float64)
        smary[tid] = ary[tid]
        cuda.syncthreads()
        {func}(res, 0, smary[tid])
    """).format(func=func)
    ld = {}
    exec(fns, {"cuda": cuda, "float64": float64, "uint64": uint64}, ld)
    return ld["atomic"], ld["atomic_double_shared"]


def make_ufunc_usecase(name):
    ldict = {}
    exec(f"def fn(a0, a1):\n    np.{name}(a0, a1)", globals(), ldict)
    return ldict["fn"]


def make_helper_user():
    source = "def twice(x):\n    return x + x\n\ndef uses_helper(a):\n    a[0] = helper\n    a[1] = twice(abs(-3))\n"
    exec(source, globals(), globals())
    return globals()["uses_helper"]


def make_decorated():
    """The decorator's `cuda` is read by the exec'd module code, not by the
    function (numba-cuda's test_debuginfo execs such a string)."""
    ld = {}
    exec("@cuda.jit('void(int32[:])')\ndef foo(x):\n    x[0] = 1\n", {"cuda": cuda}, ld)
    return ld["foo"]
