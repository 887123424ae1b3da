"""Launching pykc's kernels from Python: the argument flattening of
docs/abi.md, driven by the metadata of `pykc compile --emit=json`
(docs/abi.md, "Metadata"; docs/python.md shows CuPy and cuda-python).

    meta = pykc_launch.load("kernels.json")
    k = pykc_launch.entry(meta, "vecadd")       # by PTX entry or Python name
    args = pykc_launch.flatten(k, (x, y, out))  # NumPy scalars, in PTX order
    cupy.RawModule(path="kernels.ptx").get_function(k["entry"])(grid, block, args)

Needs NumPy only. An array argument is anything with __cuda_array_interface__
(CuPy, numba-cuda) or __array_interface__ (NumPy: to test the flattening).
"""
import json

import numpy as np

SCHEMA_VERSION = 1


def load(path):
    """The metadata in `path`, refused if its schema is not this module's."""
    with open(path) as f:
        meta = json.load(f)
    if meta.get("schema_version") != SCHEMA_VERSION:
        raise ValueError("%s: schema_version %r, expected %d" % (path, meta.get("schema_version"), SCHEMA_VERSION))
    return meta


def entry(meta, name):
    """The entry whose PTX name is `name`, or the one entry of kernel `name`."""
    for kernel in meta["kernels"]:
        for overload in kernel["overloads"]:
            if overload["entry"] == name:
                return overload
    for kernel in meta["kernels"]:
        if name in (kernel["name"], kernel["qualname"]):
            if len(kernel["overloads"]) == 1:
                return kernel["overloads"][0]
            raise LookupError("kernel %r has overloads; name one: %s"
                              % (name, ", ".join(o["entry"] for o in kernel["overloads"])))
    raise LookupError("no kernel %r in %s" % (name, meta["source"]))


def _array(spec, a, where):
    face = getattr(a, "__cuda_array_interface__", None) or getattr(a, "__array_interface__", None)
    if face is None:
        raise TypeError("%s: expected an array (%s), got %r" % (where, spec["type"], type(a).__name__))
    shape, itemsize = tuple(face["shape"]), spec["itemsize"]
    dtype = np.dtype(face["descr"] if spec["dtype"] == "record" else face["typestr"])
    known = spec["dtype"] not in ("record", "bfloat16")
    if len(shape) != spec["ndim"] or dtype.itemsize != itemsize or (known and dtype != np.dtype(spec["dtype"])):
        raise TypeError("%s: expected %s, got %dd %s" % (where, spec["type"], len(shape), dtype))
    contiguous = [int(np.prod(shape[k + 1:])) for k in range(len(shape))]
    strides = face.get("strides")
    strides = [s * itemsize for s in contiguous] if strides is None else list(strides)
    if any(s % itemsize for s in strides):
        raise ValueError("%s: strides %s are not whole elements of %d bytes" % (where, strides, itemsize))
    strides = [s // itemsize for s in strides]
    want = {"C": contiguous, "F": [int(np.prod(shape[:k])) for k in range(len(shape))]}.get(spec["layout"])
    if want and any(n > 1 and s != w for n, s, w in zip(shape, strides, want)):
        raise ValueError("%s: %s needs a %s-contiguous array" % (where, spec["type"], spec["layout"]))
    return [np.uint64(face["data"][0])] + [np.int64(n) for n in shape] + [np.int64(s) for s in strides]


def _scalar(spec, v, where):
    dtype = np.dtype(spec["dtype"])
    if spec.get("enum") and hasattr(v, "value"):
        v = v.value                                # an enum member travels as its value
    if dtype.kind == "c":                          # two parameters: real, imaginary
        part = np.float32 if dtype.itemsize == 8 else np.float64
        return [part(complex(v).real), part(complex(v).imag)]
    if dtype.kind in "mM":                         # the int64 count of units
        return [np.asarray(v).astype(dtype).view(np.int64)[()]]
    if dtype.kind == "b":                          # one byte, 0 or 1
        return [np.uint8(bool(v))]
    try:
        return [dtype.type(v)]
    except (OverflowError, ValueError) as e:
        raise ValueError("%s: %r is no %s (%s)" % (where, v, spec["dtype"], e)) from None


def _value(spec, v, where):
    if spec["kind"] == "array":
        return _array(spec, v, where)
    if spec["kind"] == "tuple":
        members = spec["members"]
        if not isinstance(v, tuple) or len(v) != len(members):
            raise TypeError("%s: expected a tuple of %d (%s)" % (where, len(members), spec["type"]))
        return [p for i, (m, x) in enumerate(zip(members, v)) for p in _value(m, x, "%s[%d]" % (where, i))]
    if spec["kind"] == "record":                   # the device address of its bytes
        face = getattr(v, "__cuda_array_interface__", None)
        return [np.uint64(face["data"][0] if face else int(v))]
    return _scalar(spec, v, where)


def flatten(k, args):
    """The PTX parameters of entry `k` for the Python arguments `args`, each
    a NumPy scalar of the parameter's width, checked against the metadata."""
    params = k["params"]
    if len(args) != len(params):
        raise TypeError("%s takes %d arguments, got %d" % (k["entry"], len(params), len(args)))
    flat = [p for spec, a in zip(params, args) for p in _value(spec, a, "%s(%s)" % (k["entry"], spec["name"]))]
    assert len(flat) == len(k["ptx_params"]), "metadata and flattening disagree"
    return tuple(flat)


def kernel_params(flat):
    """cuda-python's kernelParams for cuLaunchKernel: the address of an
    array of pointers to the values, and what must stay alive until the
    launch call returns."""
    holders = [np.array([v]) for v in flat]
    pointers = np.array([h.ctypes.data for h in holders], dtype=np.uint64)
    return pointers.ctypes.data, (holders, pointers)
