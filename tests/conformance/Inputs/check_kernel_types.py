"""Prints how kernel_types spells Numba's argument types, for
kernel_types.test, with fake_numba_types' stand-ins for Numba's types."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pykc_conformance import kernel_types  # noqa: E402


from fake_numba_types import (  # noqa: E402
    Array, Bfloat16, Boolean, Complex, EnumMember, Float, Integer, IntEnumMember, NPDatetime, NPTimedelta,
    Record, Tuple, UniTuple)


class Color:   # stands in for an enum.Enum class
    pass


class Shape:   # an enum.IntEnum class
    pass


f16, f32, f64 = Float("float16"), Float("float32"), Float("float64")
i32, i64, u8 = Integer("int32"), Integer("int64"), Integer("uint8")
c64, b = Complex("complex64"), Boolean("bool")
record = Record("Record(a[type=int32;offset=0];4;True)", 4)
bf16 = Bfloat16("__nv_bfloat16")

CASES = [
    [Array(f32, 1, "C"), Array(f32, 1, "A"), Array(f32, 1, "F")],
    [Array(f64, 2, "C"), Array(f64, 2, "F"), Array(f64, 3, "A"), Array(i32, 2, "C", readonly=True)],
    [i32, i64, u8, f16, f32, f64, b, c64, Array(b, 1, "C")],
    [UniTuple(i64, 2), Tuple([i32, f32]), Tuple([UniTuple(f32, 3), b]), Tuple([i32])],
    [NPTimedelta("timedelta64[ns]")],
    [Array(NPDatetime("datetime64[D]"), 1, "C"), NPDatetime("datetime64[D]"), Array(NPTimedelta("timedelta64[D]"), 2, "A")],
    [record, Array(record, 1, "C")],
    [Array(f32, 0, "C"), Array(i64, 0, "A", readonly=True), Array(record, 0, "C")],
    [Array(bf16, 1, "C"), i64],
    [bf16],
    [EnumMember(Color, i64), IntEnumMember(Shape, i64), Array(b, 1, "C")],
]

for case in CASES:
    sig, unsupported = kernel_types.signature(case)
    print("sig: " + sig)
    if unsupported:
        print("unsupported: " + "; ".join(unsupported))
    for ty in case:
        try:
            print("  %s -> facts %s, abi %s" % (ty, kernel_types.facts_spelling(ty), kernel_types.abi_plan(ty)))
        except kernel_types.UnsupportedType as error:
            print("  %s -> unsupported (%s)" % (ty, error))
