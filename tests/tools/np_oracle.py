#!/usr/bin/env python3
"""Checks pykc's compile-time NumPy (sema/np_*.c) against NumPy itself.

Each expression of EXPRESSIONS is bound to a module name that a kernel
reads; pykc's --dump-types prints the array it computed (type, shape,
strides in elements, elements in memory order), and NumPy computes the
same expression in a second interpreter. They must agree exactly, or both
must refuse (NumPy raises, pykc reports the name when a kernel uses it).

NumPy 2's rules are the reference (NEP 50 promotion); a NumPy 1.24+ runs
with NPY_PROMOTION_STATE=weak, which applies them. Usage:

    np_oracle.py PYKC [PYTHON_WITH_NUMPY]

Exit status 0 when every expression agrees; the disagreements are printed.
"""
import json
import os
import subprocess
import sys
import tempfile

EXPRESSIONS = [
    "np.array([])",
    "np.array([[], []])",
    "np.arange(10, dtype=np.float64) / 2.0",
    "np.asfortranarray(np.arange(100, dtype=np.int32).reshape(10, 10))",
    "np.arange(3, dtype=np.uint8)",
    "np.arange(10) / 2",
    "np.arange(10) // 3",
    "np.arange(-10, 10) % 3",
    "np.arange(-10, 10) // -3",
    "np.arange(10) * 2.5",
    "np.arange(10, dtype=np.int8) * 2",
    "np.arange(10, dtype=np.int8) * 100",
    "np.arange(10, dtype=np.uint8) - 1",
    "np.arange(10, dtype=np.uint8) + np.uint8(250)",
    "np.arange(10, dtype=np.float32) * 0.1",
    "np.arange(10, dtype=np.float32) / 3",
    "np.arange(10, dtype=np.float16) / 3",
    "np.arange(10, dtype=np.float16) * 1000",
    "np.arange(10, dtype=np.int16) / np.float16(3)",
    "np.arange(10, dtype=np.int32) + np.float32(0.5)",
    "np.arange(10, dtype=np.int64) + np.float32(0.5)",
    "np.arange(5, dtype=np.uint32) + np.int32(1)",
    "np.arange(5, dtype=np.uint64) + np.int64(1)",
    "np.arange(0.0, 1.0, 0.1)",
    "np.arange(0, 1, 0.1, dtype=np.float32)",
    "np.arange(0, 10, 3)",
    "np.arange(10, 0, -3)",
    "np.arange(1, 2, 0.3, dtype=np.float16)",
    "np.arange(2, dtype=bool)",
    "np.arange(3, dtype=bool)",
    "np.arange(300, dtype=np.int8)",
    "np.arange(0.5, 5, dtype=int)",
    "np.arange(np.float32(5))",
    "np.arange(np.int8(5))",
    "np.linspace(0, 1, 11)",
    "np.linspace(0, 1, 10, endpoint=False)",
    "np.linspace(-3.5, 7.25, 7, dtype=np.float32)",
    "np.linspace(np.float32(0), 1, 9)",
    "np.linspace(0, 10, 6, dtype=np.int32)",
    "np.linspace(2, 2, 4)",
    "np.linspace(0, 1, 1)",
    "np.linspace(0, 1, 0)",
    "np.linspace(1e-310, 2e-310, 5)",
    "np.zeros(5)",
    "np.zeros((2, 3), dtype=np.int16)",
    "np.zeros((2, 3), order='F')",
    "np.zeros((3, 0))",
    "np.ones((2, 2, 2), dtype='float32')",
    "np.ones(4, dtype=bool)",
    "np.full((2, 3), 7)",
    "np.full(3, 2.5, dtype=np.int32)",
    "np.full(3, 300, dtype=np.uint8)",
    "np.full((2, 2), np.float32(1.5))",
    "np.full((3, 2), True, order='F')",
    "np.empty(0)",
    "np.empty(3)",
    "np.array([1, 2, 3], dtype=np.float32)",
    "np.array([1, 2.5, True])",
    "np.array([[1, 2], [3, 4]], dtype='i1')",
    "np.array([[1, 2], [3, 4]], order='F')",
    "np.array([300], dtype=np.uint8)",
    "np.array([-1], dtype=np.uint32)",
    "np.array([1.9, -1.9], dtype=np.int64)",
    "np.array([np.float32(1), 2.0])",
    "np.array([np.int8(1), 1])",
    "np.array([2**63])",
    "np.array([0.1, 1e-8, 65504, 65520, 1e5], dtype=np.float16)",
    "np.array([[1, 2], [3]])",
    "np.array([1, 2], ndmin=3)",
    "np.array(5.0)",
    "np.array([[True, False], [False, True]])",
    "np.array([1, 2, 3], dtype=np.complex64)",
    "np.array([(1.0, 2)], dtype=[('x', float), ('y', int)])",
    "np.arange(24).reshape(2, 3, 4)",
    "np.arange(24).reshape((4, -1))",
    "np.arange(24).reshape(2, 3, 4).T",
    "np.arange(24).reshape(2, 3, 4).T.reshape(24)",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)).reshape(3, 4, 1)",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)).reshape(1, 3, 4)",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)).reshape(1, 3, 4) + 1",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)).reshape(1, 3, 4).astype(np.float32)",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)) * 2",
    "np.asfortranarray(np.arange(12.0).reshape(3, 4)) + np.arange(12.0).reshape(3, 4)",
    "np.arange(12.0).reshape(3, 4) + np.arange(4.0)",
    "np.arange(12.0).reshape(3, 4) + np.arange(3.0).reshape(3, 1)",
    "np.ascontiguousarray(np.asfortranarray(np.arange(6).reshape(2, 3)))",
    "np.asfortranarray(np.arange(6))",
    "np.arange(6).astype(np.float16)",
    "np.arange(6).astype('f4', order='F')",
    "np.arange(6.0).reshape(2, 3).copy(order='F')",
    "np.copy(np.asfortranarray(np.arange(6).reshape(2, 3)))",
    "np.array([1.5, -2.5, 1e20]).astype(np.int32)",
    "np.array([1.5, -2.5, 3.7]).astype(np.int32)",
    "np.array([1.5, -2.5, 3.7]).astype(np.uint8)",
    "np.arange(6) ** 2",
    "np.arange(6) ** 3",
    "np.arange(6.0) ** 0.5",
    "np.arange(1, 6.0) ** -1",
    "np.arange(6, dtype=np.float32) ** 1.5",
    "np.arange(-3, 3) ** -1",
    "np.array([True, False]) ** 2",
    "np.array([True, False]) + np.array([True, True])",
    "np.array([True, False]) * 3",
    "np.array([True, False]) - np.array([True, True])",
    "np.array([True, False]) / np.array([True, True])",
    "np.array([True, False]) // np.array([True, True])",
    "-np.arange(5, dtype=np.uint8)",
    "-np.array([True])",
    "~np.arange(5, dtype=np.int16)",
    "~np.array([True, False])",
    "-np.array([0.0, 1.5])",
    "np.array([-2**63]) // -1",
    "np.array([-2**63]) % -1",
    "np.arange(-5, 5) // 0",
    "np.arange(-5.0, 5.0) // 0",
    "np.arange(-5.0, 5.0) % 0",
    "np.array([-7.5, 7.5, -0.0]) % 2",
    "np.array([-7.5, 7.5, -0.0], dtype=np.float32) // -2",
    "np.array([1e308, -5.0]) % 2.5",
    "np.arange(4) * np.pi",
    "np.arange(4, dtype=np.float32) * np.float64(2)",
    "np.float32(2) * np.arange(3)",
    "2 ** np.arange(5)",
    "np.arange(1, 4) ** np.arange(3)",
    "1.0 / np.arange(1, 5, dtype=np.float16)",
    "np.arange(3) + 2**40",
    "np.arange(3, dtype=np.int32) + 2**40",
    "np.zeros(3, dtype=np.float32) + 1e40",
    "np.zeros(3, dtype=np.float16) + 1e5",
    "np.zeros(2, dtype=np.dtype('f4'))",
    "np.array([[[1], [2]], [[3], [4]]], dtype=np.uint16)",
    "np.array([np.arange(3), np.arange(3) * 2])",
    "np.array([[1, 2], []])",
    "np.array([2**64])",
    "np.array([2**63, -1])",
    "np.arange(3) * 2**62 * 2",
    "-(2**63) + np.arange(2)",
    "np.zeros(2, dtype=np.dtype(np.int8))",
    "np.zeros(2, dtype=float) + np.zeros(2, dtype=int)",
    "np.ones(2, dtype='<f8')",
    "np.ones(2, dtype='>f8')",
    "np.float32([1, 2, 3])",
    "np.arange(int(2.7) + 3)",
    "np.arange(10) * float(np.float32(0.1))",
    "np.arange(np.int16(3), 7)",
    "np.arange(3) * np.float16(0.1)",
]

# Where pykc is right and the NumPy running the oracle is not NumPy 2, or
# where NumPy's value is undefined: a mismatch here is expected.
KNOWN = {
    "np.linspace(np.float32(0), 1, 9)": "NumPy 2's linspace computes in float32 (NEP 50: num is weak)",
    "np.full(3, 300, dtype=np.uint8)": "NumPy 2 raises OverflowError (setitem of the Python int)",
    "np.empty(3)": "np.empty's elements are whatever the memory held",
    "np.array([1.5, -2.5, 1e20]).astype(np.int32)": "float to int out of range: undefined in C",
    "np.array([1.5, -2.5, 3.7]).astype(np.uint8)": "float to int out of range: undefined in C",
    "np.ones(2, dtype='>f8')": "Numba refuses arrays of non-native byte order",
    "np.arange(6, dtype=np.float32) ** 1.5": "NumPy's float power depends on the host's SIMD code",
}

# What the NumPy side prints for one expression: the array as a kernel sees
# it, in the shape of pykc's ConstArray line, or the exception's class.
NUMPY_SIDE = r"""
import json, sys
import numpy as np
out = []
for expr in json.loads(sys.stdin.read()):
    try:
        a = eval(expr, {"np": np})
    except Exception as e:
        out.append({"error": type(e).__name__})
        continue
    if not isinstance(a, np.ndarray) or a.ndim == 0 or a.dtype.kind not in "biuf":
        out.append({"error": "not-a-kernel-array"})
        continue
    layout = "C" if a.flags.c_contiguous else "F" if a.flags.f_contiguous else "A"
    if any(s < 0 for s in a.strides) or layout == "A":
        a = np.ascontiguousarray(a)
    name = {"b": "bool"}.get(a.dtype.kind, a.dtype.name)
    raw = np.frombuffer(a.tobytes(order="A"), dtype=a.dtype)
    if a.dtype == np.float16:
        values = ["0x%04x" % v for v in raw.view(np.uint16)]
    elif a.dtype.kind == "f":
        values = [repr(float(v)) for v in raw]
    elif a.dtype.kind == "b":
        values = ["True" if v else "False" for v in raw]
    else:
        values = [str(int(v)) for v in raw]
    out.append({"type": "readonly array(%s, %dd, %s)" % (name, a.ndim, layout),
                "shape": list(a.shape), "strides": [s // a.itemsize for s in a.strides],
                "values": values})
print(json.dumps(out))
"""


def numpy_results(python, expressions):
    env = dict(os.environ, NPY_PROMOTION_STATE="weak")
    run = subprocess.run([python, "-W", "ignore", "-c", NUMPY_SIDE], input=json.dumps(expressions),
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(run.stdout)


def pykc_result(pykc, expr, tmp):
    src = os.path.join(tmp, "expr.pyk")
    with open(src, "w") as f:
        f.write("import numpy as np\nfrom numba import cuda\n\nA = %s\n\n\n"
                "@cuda.jit('void(int64[::1])')\ndef k(out):\n    out[0] = len(A)\n" % expr)
    run = subprocess.run([pykc, "compile", src, "--dump-types"], capture_output=True, text=True)
    if run.returncode != 0:
        return {"error": run.stderr.strip().splitlines()[0] if run.stderr else "error"}
    for line in run.stdout.splitlines():
        if line.startswith("ConstArray A : "):
            head, values = line[len("ConstArray A : "):].split(" = [")
            type_name, rest = head.split(" shape (")
            shape, strides = rest.split(") strides (")

            def numbers(text):
                return [int(x) for x in text.strip(",)").split(",") if x.strip()]

            values = [v for v in values.rstrip("]").split(", ") if v]
            return {"type": type_name, "shape": numbers(shape), "strides": numbers(strides), "values": values}
    return {"error": "no array"}


def same(expected, got):
    if "error" in expected or "error" in got:
        return "error" in expected and "error" in got
    if expected["type"] != got["type"] or expected["shape"] != got["shape"]:
        return False
    if expected["strides"] != got["strides"] or len(expected["values"]) != len(got["values"]):
        return False
    for e, g in zip(expected["values"], got["values"]):
        if e == g:
            continue
        try:
            ef, gf = float(e), float(g)
        except ValueError:
            return False
        if not (ef == gf or (ef != ef and gf != gf)):
            return False
    return True


def main():
    pykc = sys.argv[1]
    python = sys.argv[2] if len(sys.argv) > 2 else sys.executable
    expected = numpy_results(python, EXPRESSIONS)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for expr, want in zip(EXPRESSIONS, expected):
            got = pykc_result(pykc, expr, tmp)
            if same(want, got):
                continue
            if expr in KNOWN:
                print("known   %s: %s" % (expr, KNOWN[expr]))
                continue
            failures += 1
            print("MISMATCH %s\n  numpy: %s\n  pykc:  %s" % (expr, want, got))
    print("%d passed, %d failed" % (len(EXPRESSIONS) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
