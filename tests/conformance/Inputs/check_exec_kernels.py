"""For exec_kernels.test: makes kernels from strings in test_fake_exec.py
(stand-in modules for numba and numpy, exec_sources' wrappers installed),
prints each one's file label and preamble, and writes the records a run
would have written for their launches to argv[1]. Needs no numba."""
import os
import sys
import types

sys.dont_write_bytecode = True   # test_fake_exec.py is imported from the source tree

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pykc_conformance import exec_kernels, exec_sources, records  # noqa: E402


class Type:
    def __init__(self, name):
        self.name = name


def stand_in_modules():
    """numba, numba.cuda (with uint64), numba.cuda.types (with float64)
    and numpy, in sys.modules."""
    made = {name: types.ModuleType(name) for name in ("numba", "numba.cuda", "numba.cuda.types", "numpy")}
    made["numba"].cuda = made["numba.cuda"]
    made["numba.cuda"].types = made["numba.cuda.types"]
    made["numba.cuda"].uint64 = Type("uint64")
    made["numba.cuda"].jit = lambda sig: (lambda func: func)
    made["numba.cuda.types"].float64 = Type("float64")
    sys.modules.update(made)


def record(func, sig):
    field = exec_kernels.source_field(func)
    file = exec_kernels.label(func.__code__.co_filename, field)
    print("%s %s@%d from %s" % (file, func.__qualname__, func.__code__.co_firstlineno, field["module"]))
    print(field["preamble"], end="")
    return {"binds": [], "blockdim": [32, 1, 1], "compile": "ok", "compile_exit": 0, "compile_message": None,
            "cooperative": False, "file": file, "griddim": [1, 1, 1], "launches_skipped": 0,
            "line": func.__code__.co_firstlineno, "numba_seconds": 0.01, "pykc_seconds": 0.001,
            "qualname": func.__qualname__, "run": "match", "run_detail": None, "sharedmem": 0, "sig": sig,
            "source": field}


stand_in_modules()
exec_sources.install()
import test_fake_exec  # noqa: E402

atomic, shared = test_fake_exec.gen_atomic_extreme_funcs("cuda.atomic.max")
atomic_min = test_fake_exec.gen_atomic_extreme_funcs("cuda.atomic.min")[0]
out = [record(atomic, "void(float64[::1], float64[:, ::1])"),
       record(shared, "void(float64[:], float64[:])"),
       record(atomic_min, "void(float64[::1], float64[:, ::1])"),
       record(test_fake_exec.make_helper_user(), "void(int64[::1])")]
record(test_fake_exec.make_ufunc_usecase("sin"), "void(float64[::1], float64[::1])")
record(test_fake_exec.make_decorated(), "void(int32[:])")
# a record of a run before the source field: still no-source
out.append(dict(out[0], file="<string>", compile="no-source", compile_exit=None, run=None, source=None,
                compile_message="no source file in the checkout: <string>"))
records.write_records(sys.argv[1], out)
