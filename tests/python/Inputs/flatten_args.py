"""Feeds NumPy arrays and scalars to python/pykc_launch.py's flatten for the
kernels of tests/gpu/launch_helper.pyk (metadata from pykc --emit=json) and
prints each flattened argument as ROLE=VALUE (dtype), data pointers as
whether they are the array's own address: what launch_flatten.test checks.

Usage: flatten_args.py REPO JSON"""
import enum
import sys

import numpy as np

sys.path.insert(0, sys.argv[1] + "/python")
import pykc_launch  # noqa: E402

meta = pykc_launch.load(sys.argv[2])


def show(name, args, arrays=()):
    k = pykc_launch.entry(meta, name)
    flat = pykc_launch.flatten(k, args)
    pointers = {a.__array_interface__["data"][0]: "&%s" % n for n, a in arrays}
    words = []
    for spec, v in zip(k["ptx_params"], flat):
        text = pointers.get(int(v), repr(v)) if spec["role"] == "data" else repr(v.item())
        words.append("%s=%s:%s" % (spec["name"], text, v.dtype))
    print(k["entry"], " ".join(words))


def fails(name, args):
    try:
        pykc_launch.flatten(pykc_launch.entry(meta, name), args)
        print("no error")
    except (TypeError, ValueError, LookupError) as e:
        print("error:", e)


x = np.arange(10, dtype=np.float32)
out = np.zeros(10, np.float32)
show("axpy", (out, x, 2.5, 10, True), [("out", out), ("x", x)])

z = np.ones(4, np.complex64)
show("cscale", (z, z, 1.5 - 2j), [("z", z)])

a = np.zeros((3, 4), np.float64)
b = np.zeros((4, 6), np.float64)[::1, ::2].T        # (3, 4), strides (8, 48): any layout
show("add2d", (a, a, b), [("a", a)])

m = np.arange(20, dtype=np.int32)
show("copy_any", (m, m[::2]), [("m", m)])
fails("copy_c", (m, m[::2]))
show("tuple_arg", (np.zeros(5, np.int64), (7, np.ones(5, np.float32))))
show("fill__f64a1C_f64", (np.zeros(3), 0.5))
fails("fill", (np.zeros(3), 0.5))
fails("axpy", (out, x.astype(np.float64), 2.5, 10, True))
fails("axpy", (out, x, 2.5, 10))
fails("add2d", (a, a, np.zeros(3)))
fails("nothing", ())


class Color(enum.IntEnum):
    RED = 3


for spec, value in [({"kind": "scalar", "dtype": "int64", "enum": True}, Color.RED),
                    ({"kind": "scalar", "dtype": "datetime64[D]"}, np.datetime64("1970-01-11")),
                    ({"kind": "scalar", "dtype": "float16"}, 1.5),
                    ({"kind": "record", "itemsize": 16}, 4096)]:
    print(spec["dtype"] if "dtype" in spec else "record",
          ["%r:%s" % (v.item(), v.dtype) for v in pykc_launch._value(spec, value, "v")])
