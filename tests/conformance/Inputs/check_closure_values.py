"""Prints the --bind expressions closure_values writes for NumPy arrays a
kernel's closure captures, for closure_values.test."""
import os
import sys

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))

from pykc_conformance import closure_values  # noqa: E402

for value in (np.float64([1.0, -0.0, float("inf"), float("nan")]),
              np.arange(6, dtype=np.int32).reshape(2, 3),
              np.asfortranarray(np.arange(4, dtype=np.uint8).reshape(2, 2)),
              np.float64([[0.0, 1.5], [2.5, 0.0]])[::-1],
              np.array([True, False]),
              np.array([1 + 2j], dtype=np.complex64),
              np.array(3.5),
              np.zeros(5000),
              np.array([(1, 2.0)], dtype=[("x", int), ("y", float)])):
    print(closure_values.expression(value))


# A device function made from a module-level def with explicit signatures
# keeps them (they decide the overload a call takes); one without compiles
# for each call. A stand-in with the attributes numba-cuda's dispatcher has.
class FakeDispatcher:
    def __init__(self, py_func, sigs, device):
        self.py_func, self.targetoptions = py_func, {"device": device}
        self._can_compile = not sigs
        self.overloads = {tuple(FakeType(t) for t in sig): None for sig in sigs}


class FakeType:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


def add(x, y):
    return x + y


print(closure_values.expression(FakeDispatcher(add, [("int64", "int64"), ("float64", "float64")], True)))
print(closure_values.expression(FakeDispatcher(add, [], True)))
print(closure_values.expression(FakeDispatcher(add, [("array(float32, 1d, C)",)], False)))


# A device function of another module, which the kernel's module does not
# bind, is named by its module's full path; one the kernel's module binds,
# by its name.
import types  # noqa: E402

usecases = types.ModuleType("pkg.usecases")
exec("def fib(n):\n    return n\n", usecases.__dict__)
usecases.fib = FakeDispatcher(usecases.fib, [("int64",)], True)


def _twice(x):
    return 2 * x


_twice.__qualname__ = _twice.__name__ = "twice"
twice = FakeDispatcher(_twice, [], True)


def outer(cfunc, gfunc):
    def kernel(r):
        r[0] = cfunc(gfunc(r[0]))
    return kernel


print(closure_values.closure_binds(outer(usecases.fib, twice), "outer.kernel"))


# A function of numba-cuda's bfloat16 bindings (cuda.bf16.heq is
# numba.cuda._internal.cuda_bf16.__heq) is named by that module's path,
# which the kernel's module need not import. A stand-in module.
bindings = types.ModuleType("numba.cuda._internal.cuda_bf16")
exec("def __heq(a, b):\n    return a == b\n", bindings.__dict__)
bindings.__heq.__module__ = bindings.__name__
sys.modules[bindings.__name__] = bindings
print(closure_values.expression(bindings.__heq))


# A type of numba-cuda's fp8 bindings (a class made with type() in
# numba.cuda._internal.cuda_fp8, which kernels capture from a loop over
# the types) is named by that module's path. A stand-in module.
fp8 = types.ModuleType("numba.cuda._internal.cuda_fp8")
exec("fp8_e4m3 = type('fp8_e4m3', (), {})\n", fp8.__dict__)
fp8.fp8_e4m3.__module__ = fp8.__name__
sys.modules[fp8.__name__] = fp8
print(closure_values.expression(fp8.fp8_e4m3))
