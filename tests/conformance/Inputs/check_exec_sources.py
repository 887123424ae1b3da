"""Prints what exec and compile do with exec_sources' wrappers installed,
for exec_sources.test: the same globals, locals, return value, errors and
inherited future flags as Python's own, and the source text remembered for
each function (nested ones too) compiled from a string. command(), called
by a `python -c CODE` that defines `kernel`, prints what the process finds
for it.
Needs no numba."""
from __future__ import annotations

import builtins
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pykc_conformance import exec_sources  # noqa: E402

SOURCE = "def kernel(a):\n    def inner(x):\n        return x\n    a[0] = inner(scale)\n"


def show(label, value):
    print("%s: %r" % (label, value))


def remembered(function):
    found = exec_sources.source_of(function.__code__)
    return None if found is None else (found[0] == SOURCE, found[1])


def exec_in_a_function():
    """exec without globals or locals: the caller's, as Python's own."""
    x = 41
    result = exec("y = x + 1")
    return result, locals().get("y")


def scenarios():
    scope, names = {"scale": 2}, {}
    show("return", exec(SOURCE, scope, names))
    kernel = names["kernel"]
    show("defined in locals", sorted(names))
    show("globals are the given dict", kernel.__globals__ is scope)
    show("builtins added", "__builtins__" in scope)
    show("filename", kernel.__code__.co_filename)
    show("remembered", remembered(kernel))
    inner = next(c for c in kernel.__code__.co_consts if hasattr(c, "co_code"))
    show("nested remembered", exec_sources.source_of(inner) is not None)

    only_globals = {}
    exec("z = 3", only_globals)
    show("locals default to globals", only_globals["z"])
    show("no globals", exec_in_a_function())

    try:
        exec("def broken(:\n    pass\n", {})
    except SyntaxError as error:
        show("syntax error", (error.msg, error.filename, error.lineno))
    try:
        exec("pass", [])
    except TypeError as error:
        show("type error", str(error))

    # this file has `from __future__ import annotations`: exec and compile
    # inherit it (the annotation is never evaluated), unless dont_inherit
    exec("def annotated(x: undefined_name): pass", {})
    show("future inherited", "ok")
    try:
        exec(compile("def annotated(x: undefined_name): pass", "<string>", "exec", dont_inherit=True), {})
    except NameError as error:
        show("dont_inherit", str(error))

    fake = {}
    exec(compile(SOURCE, "<ipython-input-1>", "exec"), fake)
    show("compile remembered", (fake["kernel"].__code__.co_filename, remembered(fake["kernel"])))
    from_file = {}
    exec(compile(SOURCE, "kernels.py", "exec"), from_file)
    show("a real filename", remembered(from_file["kernel"]))


def command():
    """In `python -c CODE`: CODE is the source of the functions it defines."""
    kernel = sys.modules["__main__"].kernel
    found = exec_sources.source_of(kernel.__code__)
    show("command", None if found is None else (found[0].splitlines()[0], found[1]))


if __name__ == "__main__":
    for phase in ("python", "wrapped"):
        print("-- " + phase)
        if phase == "wrapped":
            exec_sources.install()
            show("installed", builtins.exec is exec_sources.wrapped_exec)
        scenarios()
