"""Prints how kernel_types spells Numba's argument types, for
kernel_types.test. The classes below stand in for Numba's: kernel_types
knows types by their class names, so these need no numba."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pykc_conformance import kernel_types  # noqa: E402


class Type:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


class Number(Type):
    pass


class Integer(Number):
    pass


class Float(Number):
    pass


class Complex(Number):
    pass


class Boolean(Type):
    pass


class Bfloat16(Number):   # numba-cuda's, named __nv_bfloat16
    pass


class NPTimedelta(Type):
    pass


class NPDatetime(Type):
    pass


class Record(Type):
    def __init__(self, name, size):
        super().__init__(name)
        self.size = size


class Array(Type):
    def __init__(self, dtype, ndim, layout, readonly=False):
        super().__init__("%sarray(%s, %dd, %s)" % ("readonly " if readonly else "", dtype, ndim, layout))
        self.dtype, self.ndim, self.layout = dtype, ndim, layout


class UniTuple(Type):
    def __init__(self, dtype, count):
        super().__init__("UniTuple(%s x %d)" % (dtype, count))
        self.dtype, self.count = dtype, count


class Tuple(Type):
    def __init__(self, types):
        super().__init__("Tuple(%s)" % ", ".join(map(str, types)))
        self.types = types


class EnumMember(Type):
    def __init__(self, cls, dtype, kind="Enum"):
        super().__init__("%s<%s>(%s)" % (kind, dtype, cls.__name__))
        self.instance_class, self.dtype = cls, dtype


class IntEnumMember(EnumMember):
    def __init__(self, cls, dtype):
        super().__init__(cls, dtype, "IntEnum")


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
