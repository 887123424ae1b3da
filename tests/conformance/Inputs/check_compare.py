"""Prints what the run mode's NumPy parts decide, for compare.test, without
a GPU: how launches compare (compare.py), how scalar arguments are passed
(hook.py) and how arguments are flattened and laid out on the device
(device_runner.py, here with NumPy standing in for CuPy)."""
import os
import sys
import types

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pykc_conformance import compare, device_runner, hook  # noqa: E402

f32 = np.float32


def nudged(a, index, value):
    b = a.copy()
    b[index] = value
    return b


def show_comparisons():
    a = np.array([1.0, np.nan, 0.0, 3.0], f32)
    payload = a.copy()
    payload.view(np.uint32)[1] |= 1
    cases = [
        ("same", a, a.copy()),
        ("nan payload", a, payload),
        ("1 ulp", a, nudged(a, 3, np.nextafter(f32(3), f32(4)))),
        ("far", a, nudged(a, 3, 3.5)),
        ("inf", a, nudged(a, 3, np.inf)),
        ("nan for 1", a, nudged(a, 0, np.nan)),
        ("ints", np.arange(5), np.array([0, 1, 2, 4, 4])),
        ("bools", np.array([True, False]), np.array([True, True])),
        ("empty", np.zeros((0, 3)), np.zeros((0, 3))),
        ("shapes", np.zeros(3), np.zeros(4)),
        ("float16", np.array([1, 2], np.float16), np.array([1, np.nextafter(np.float16(2), np.float16(3))], np.float16)),
        ("complex", np.array([1 + 2j, 3 + 4j], np.complex64), np.array([1 + 2j, 3.25 + 4j], np.complex64)),
        ("float64", np.array([5.0]), np.array([np.nextafter(5.0, 6.0)])),
        ("layouts", np.arange(6.0).reshape(2, 3), np.asfortranarray(np.arange(6.0).reshape(2, 3))),
    ]
    for label, want, got in cases:
        outcome, detail = compare.compare_array(label, want, got)
        print("%s: %s" % (outcome, detail or label))
    print("launch: %s: %s" % compare.compare_launch([(x, w, g) for x, w, g in cases[:4]]))


def show_scalars():
    for plan, value in [(("scalar", "bool", "uint8"), True), (("scalar", "float16", "bits16"), 1.5),
                        (("scalar", "complex64", "complex"), 1 - 2j), (("scalar", "int32", "same"), 2**31 + 5),
                        (("scalar", "uint8", "same"), -1), (("scalar", "float32", "same"), 0.1),
                        (("scalar", "int64", "datetime"), np.timedelta64(7, "ns"))]:
        values = hook._scalar_values(plan, value)
        print("%s %r -> %s" % (plan[1], value, ", ".join("%s %r" % (v.dtype, v.item()) for v in values)))


class Memory:
    """A device allocation, as cupy.cuda.alloc gives one (offsettable)."""

    def __init__(self, buffer, offset=0):
        self.buffer, self.offset = buffer, offset

    def __add__(self, n):
        return Memory(self.buffer, self.offset + n)


def numpy_as_cupy():
    cuda = types.SimpleNamespace(alloc=lambda n: Memory(np.zeros(n, np.uint8)))
    return types.SimpleNamespace(
        cuda=cuda, asarray=np.asarray, asnumpy=np.asarray, empty=np.empty,
        ndarray=lambda shape, dtype, memptr, strides: np.ndarray(
            shape, dtype, buffer=memptr.buffer, offset=memptr.offset, strides=strides))


def show_arguments():
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    views = [m, m[::-1, ::2], np.asfortranarray(m), np.broadcast_to(np.arange(3, dtype=np.int32), (2, 3))]
    params = [("array", np.ascontiguousarray(v), v.strides) for v in views] + [("scalar", np.int16(7))]
    args, arrays = device_runner.kernel_arguments(numpy_as_cupy(), params)
    for a in args:
        print("  %s" % (("array %s strides %s" % (a.shape, a.strides)) if isinstance(a, np.ndarray)
                        else "%s %r" % (a.dtype, a.item())))
    print("same values: %s" % all((d == v).all() for d, v in zip(arrays, views)))


def show_aliases():
    """One array passed twice (a ufunc's out= given an input): the hook
    marks the second slot, the runner passes one device array for both, so
    a write through one parameter is seen through the other."""
    a = np.arange(4, dtype=np.int32)
    b = np.arange(4, dtype=np.int32)
    slots = [hook.ArraySlot("a0", a, True), hook.ArraySlot("a1", b, True), hook.ArraySlot("out", a, True)]
    hook.mark_aliases(slots)
    print("aliases: %s" % [s.alias.label if s.alias else None for s in slots])
    params = [("array", a.copy(), a.strides), ("array", b.copy(), b.strides), ("alias", 0)]
    args, arrays = device_runner.kernel_arguments(numpy_as_cupy(), params)
    print("arguments: %d, device arrays: %d, first and last the same: %s"
          % (len(args), len(arrays), arrays[0] is arrays[2]))
    arrays[2][:] += 10
    print("through the first: %s" % arrays[0].tolist())


def show_datetimes():
    """A datetime64 array travels as its int64 counts (CuPy has no such
    dtype) and comes back as datetime64, NaT included."""
    days = np.array(["2005-02-01", "NaT", "1970-01-03"], "datetime64[D]")
    args, arrays = device_runner.kernel_arguments(numpy_as_cupy(), [("array", days.copy(), days.strides)])
    print("datetime: passed as %s %s, strides %s" % (args[0].dtype, args[0].tolist(), [int(s) for s in args[2:]]))
    back = arrays[0].to_host(numpy_as_cupy())
    print("back: %s %s" % (back.dtype, back.tolist() == days.tolist() and np.isnat(back[1])))


show_comparisons()
show_scalars()
show_arguments()
show_aliases()
show_datetimes()
