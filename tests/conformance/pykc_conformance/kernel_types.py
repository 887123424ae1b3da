"""Numba's types of a launched kernel's arguments (`_Kernel.argument_types`),
spelt three ways: as a pykc `--sig` signature, as the parameter types of
pykc's launch-facts lines (docs/abi.md), and as a plain ABI plan that the
device runner flattens values by.

Types are recognised by the names of their classes (Array, Integer, ...),
not with isinstance, so that this module imports neither numba nor numpy:
compile mode and the lit test use it on machines without either, and
numba-cuda's types may come from numba.core.types or numba.cuda.types."""


class UnsupportedType(Exception):
    """A type the harness cannot spell for pykc (pointers, ...); its
    str() is the type as Numba prints it."""


def _classes(ty):
    return {cls.__name__ for cls in type(ty).__mro__}


def _scalar_name(ty, element=False):
    """int32, float16, complex64, boolean ...: Numba's names, with Numba's
    'bool' spelt 'boolean' as pykc's signatures write it; a record as
    Numba prints it, Record(a[type=float64;offset=0],...;16;True), which
    pykc's signatures read. An array's element may be a bfloat16
    (numba-cuda's Bfloat16, Numba's name __nv_bfloat16), spelt bfloat16;
    pykc takes no bfloat16 scalar parameter yet. A datetime64/timedelta64
    is spelt as Numba prints it, datetime64[D], also as an array's element
    (datetime64[D][::1])."""
    classes = _classes(ty)
    if "Record" in classes:
        return str(ty)
    if classes & {"NPDatetime", "NPTimedelta"}:
        return str(ty)
    if "Bfloat16" in classes and element:
        return "bfloat16"
    if "Boolean" in classes:
        return "boolean"
    if classes & {"Integer", "Float", "Complex"}:
        return ty.name
    raise UnsupportedType(str(ty))


def array_layout(ty):
    """C, F or A; a 1-D array laid out F is also C, and Numba's other layouts
    make no promise, so they are A."""
    if ty.layout == "F" and ty.ndim == 1:
        return "C"
    return ty.layout if ty.layout in ("C", "F") else "A"


def _zero_d_array_spelling(ty):
    """Array(int64, 0, 'C'): a 0-d array (np.array(5)) has no slice
    spelling, so it is written with Numba's Array constructor, which pykc's
    signatures read too. Its ABI is the data pointer alone (docs/abi.md).
    pykc's Array(...) takes no record dtype yet: a 0-d array of records
    stays unsupported."""
    if "Record" in _classes(ty.dtype):
        raise UnsupportedType(str(ty))
    return "Array(%s, 0, '%s')" % (_scalar_name(ty.dtype), array_layout(ty))


def _array_spelling(ty):
    """float32[::1], float64[:, :], int32[::1, :]: the dimension whose
    elements are adjacent gets ::1 (the last for C, the first for F)."""
    if ty.ndim == 0:
        return _zero_d_array_spelling(ty)
    if ty.ndim < 1:
        raise UnsupportedType(str(ty))
    dims = [":"] * ty.ndim
    layout = array_layout(ty)
    if layout == "C":
        dims[-1] = "::1"
    elif layout == "F":
        dims[0] = "::1"
    return "%s[%s]" % (_scalar_name(ty.dtype, element=True), ", ".join(dims))


def spell(ty):
    """One parameter type as pykc's --sig reads it; raises UnsupportedType.
    An enum member (Numba's EnumMember, IntEnumMember) is spelt by its class's
    name, which the kernel's module binds (docs/abi.md)."""
    classes = _classes(ty)
    if "EnumMember" in classes:
        return ty.instance_class.__name__
    if "Array" in classes:
        return _array_spelling(ty)
    if classes & {"NPDatetime", "NPTimedelta"}:
        return str(ty)  # datetime64[D], timedelta64[ns]: Numba's own spelling
    if "UniTuple" in classes:
        return "UniTuple(%s, %d)" % (spell(ty.dtype), ty.count)
    if "Tuple" in classes:
        members = [spell(member) for member in ty.types]
        inner = ", ".join(members) + ("," if len(members) == 1 else "")
        return "Tuple((%s))" % inner
    return _scalar_name(ty)


def signature(argument_types):
    """("void(float32[::1], int64)", []) for a kernel's argument types; the
    second item lists the types the harness cannot spell, which then appear
    in the signature as Numba prints them."""
    parts, unsupported = [], []
    for ty in argument_types:
        try:
            parts.append(spell(ty))
        except UnsupportedType:
            parts.append(str(ty))
            unsupported.append(str(ty))
    return "void(%s)" % ", ".join(parts), unsupported


def facts_spelling(ty):
    """A parameter's type as a launch-facts line writes it: array(float32,
    1d, C), int64, bool. Only used to pick one entry among several (a
    kernel with a list of signatures), so tuples are spelt as Numba does.
    An enum member travels as its value, and its facts spell the value's type."""
    classes = _classes(ty)
    if "EnumMember" in classes:
        return facts_spelling(ty.dtype)
    if "Array" in classes:
        return "array(%s, %dd, %s)" % (facts_spelling(ty.dtype), ty.ndim, array_layout(ty))
    if "Boolean" in classes:
        return "bool"
    if classes & {"Integer", "Float", "Complex", "Bfloat16"}:
        return ty.name
    return str(ty)


def abi_plan(ty):
    """How the ABI (docs/abi.md) passes a value of this type, as plain
    tuples the device runner understands without numba:
    ("array", ndim) | ("scalar", numpy dtype name, abi) | ("tuple", [plans])
    | ("record", itemsize) | ("enum", plan of its value): a record travels as the address of a copy of
    its bytes, which Numba copies back as it does an array.
    `abi` is how the scalar travels: as itself, float16 as its uint16 bits,
    boolean as uint8, complex as two floats (real, imag), datetime64 and
    timedelta64 as their int64 count. An enum member travels as its value."""
    classes = _classes(ty)
    if "EnumMember" in classes:
        return ("enum", abi_plan(ty.dtype))
    if "Array" in classes:
        _array_spelling(ty)  # raises for what cannot be passed
        return ("array", ty.ndim)
    if "Record" in classes:
        return ("record", ty.size)
    if "Boolean" in classes:
        return ("scalar", "bool", "uint8")
    if "Float" in classes and ty.name == "float16":
        return ("scalar", "float16", "bits16")
    if classes & {"Integer", "Float"}:
        return ("scalar", ty.name, "same")
    if "Complex" in classes:
        return ("scalar", ty.name, "complex")
    if classes & {"NPDatetime", "NPTimedelta"}:
        return ("scalar", "int64", "datetime")
    if "UniTuple" in classes:
        return ("tuple", [abi_plan(ty.dtype)] * ty.count)
    if "Tuple" in classes:
        return ("tuple", [abi_plan(member) for member in ty.types])
    raise UnsupportedType(str(ty))
