"""Prints what pykc_compile decides without running pykc, for
compile_helpers.test: the command line per kernel (--sig only where the
decorator gives no signature), the first error line of pykc's output, the
entries of launch-facts lines and the one chosen, and kernel names."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))

from pykc_conformance import pykc_compile, records  # noqa: E402

SOURCE = "decorated.py"
# (line, qualname) as the hook finds them; the last names eager by its def
# line, where no function's code starts, so its decorator is not seen.
KERNELS = [(5, "lazy"), (10, "eager"), (15, "listed"), (20, "helper"), (25, "plain"),
           (31, "TestThing.test_it.nested"), (11, "eager")]
for line, name in KERNELS:
    command = pykc_compile.compile_command("PYKC", (SOURCE, line, name, "void(float32[:])"), "OUT.ptx", root=here)
    print(" ".join(command))

print(pykc_compile.first_error_line("warning: w\nf.py:3:1: error: first\nf.py:4:1: error: second\n"))
print(pykc_compile.first_error_line("pykc: something odd\n"))

PTX = """
// pykc.kernel listed__f32a1A(x: array(float32, 1d, A))
.visible .entry listed__f32a1A()
// pykc.kernel listed__f64a1A(x: array(float64, 1d, A)) maxntid=128
// pykc.kernel twice(a: array(int32, 2d, C), t: UniTuple(int64 x 2), n: int64)
"""
entries = pykc_compile.facts_entries(PTX)
print(entries)
print(pykc_compile.choose_entry(entries, ["array(float64, 1d, A)"]))
print(pykc_compile.choose_entry(entries[2:], ["anything"]))
try:
    pykc_compile.choose_entry(entries, ["array(int8, 1d, A)"])
except LookupError as error:
    print("LookupError: %s" % error)
# A kernel without a facts line (a 0-d array parameter) is found by its .entry.
print(pykc_compile.facts_entries(".visible .entry zero_d(\n\t.param .u64 zero_d_param_0\n)"))

print(records.strip_locals("TestFoo.test_bar.<locals>.kernel"))
print(records.strip_locals("outer.<locals>.inner.<locals>.<lambda>"))

# A temporary copy of a checkout file (the caching tests import copies of
# their use cases) is compiled as the original; another file is not.
import shutil  # noqa: E402
import tempfile  # noqa: E402

from pykc_conformance import checkout  # noqa: E402

originals = checkout.Originals(here)
with tempfile.TemporaryDirectory() as scratch:
    copy = os.path.join(scratch, "fodder.py")
    shutil.copy(os.path.join(here, SOURCE), copy)
    print("copy of:", originals.original(copy))
    with open(copy, "a") as f:
        f.write("# changed\n")
    print("changed copy of:", originals.original(copy))
