"""Stand-ins for Numba's type classes, for the harness's lit tests:
kernel_types and ufuncs know a type by the names of its classes (its
MRO), so these need no numba."""


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


class NoneType(Type):
    pass
