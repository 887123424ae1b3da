"""Negative and arithmetic checks of bench/kernels' runner parts (NumPy
only): each check prints one line that the lit test matches, so a check
that stops detecting what it should makes the test fail."""
import os
import sys

import numpy as np

sys.stderr = sys.stdout   # argparse's errors in order with the other lines

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench", "kernels"))
import cases  # noqa: E402
import compare  # noqa: E402
import launchargs  # noqa: E402
import report  # noqa: E402
import run  # noqa: E402

# comparisons: integers bit for bit, floats by tolerance, frac of elements
a = np.arange(10, dtype=np.int32)
b = a.copy()
b[3] += 1
print("int off by one:", compare.agreement(b, a, cases.EXACT, "x"))
f = np.linspace(1, 2, 100).astype(np.float32)
g = f * np.float32(1 + 5e-7)
print("float within rtol:", compare.agreement(g, f, cases.ELEMENT_F32, "y")[0])
print("float beyond rtol:", compare.agreement(f * np.float32(1.001), f, cases.ELEMENT_F32, "y")[0])
nan = np.full(4, np.nan, np.float64)
print("nan vs nan:", compare.agreement(nan, nan.copy(), cases.ELEMENT_F64, "z")[0])
print("nan vs 1:", compare.agreement(nan, np.ones(4), cases.ELEMENT_F64, "z")[0])
img = np.zeros(2000, np.int32)
two = img.copy()
two[:2] = 1
print("2 of 2000 with frac 1e-3:", compare.agreement(two, img, cases.Tol(frac=1e-3), "m")[0])
three = img.copy()
three[:3] = 1
print("3 of 2000 with frac 1e-3:", compare.agreement(three, img, cases.Tol(frac=1e-3), "m")[0])
try:
    compare.agreement(np.zeros(3, np.float32), np.zeros(3, np.float64), cases.EXACT, "w")
except ValueError as e:
    print("dtype mismatch:", e)

# parameter lists against PTX entries
ptx = """
.visible .entry k(
    .param .u64 k_param_0,
    .param .u64 k_param_1,
    .param .u64 k_param_2,
    .param .f32 k_param_3
)
"""
args = [cases.Arr(np.zeros(4, np.float32)), np.float32(1)]
entries = launchargs.ptx_entries(ptx)
print("pykc fits:", launchargs.param_problems("k", launchargs.expected_params(args, "pykc"), entries["k"]))
print("nvcc count:", launchargs.param_problems("k", launchargs.expected_params(args, "nvcc"), entries["k"]))
print("f64 scalar:", launchargs.param_problems(
    "k", launchargs.expected_params([args[0], np.float64(1)], "pykc"), entries["k"]))
print("missing:", launchargs.param_problems("q", [], entries.get("q")))

# signatures against the case's arguments
print("sig ok:", launchargs.signature_problems("k", "void(float32[::1], float32)", args))
print("sig ndim:", launchargs.signature_problems("k", "void(float32[:, ::1], float32)", args))
print("sig scalar:", launchargs.signature_problems("k", "void(float32[::1], int64)", args))
print("sig count:", launchargs.signature_problems("k", "void(float32[::1])", args))

# statistics and geometric means
print("quartiles:", report.quartiles([1, 2, 3, 4, 5]))
print("geomean:", "%.6f" % report.geomean([2.0, 0.5, 4.0, 0.25]), "%.6f" % report.geomean([None, 8.0, 2.0]))
row = {"kernel": "k", "stats": {"pykc": report.summarise([10.0, 10.0, 12.0]),
                               "numba": report.summarise([20.0, 21.0, 19.0]),
                               "nvcc": report.summarise([9.0])}}
print("ratios:", report.ratios(row))
text = report.table([row, dict(row, kernel="slow", stats=dict(row["stats"], numba=report.summarise([5.0])))])
print(text.splitlines()[-3])
print(text.splitlines()[-2])
print(text.splitlines()[-1])

# arguments
for argv in (["--rounds", "0"], ["--pykc", "a", "--ptx-dir", "b"]):
    try:
        run.parse_args(argv)
    except SystemExit as e:
        print("rejected %s: exit %s" % (" ".join(argv), e.code))
print("defaults:", vars(run.parse_args([]))["rounds"], vars(run.parse_args([]))["graph_ms"])
