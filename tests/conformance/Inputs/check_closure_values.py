"""Prints the --bind expressions closure_values writes for NumPy arrays a
kernel's closure captures, for closure_values.test."""
import os
import sys

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))

from pykc_conformance import closure_values  # noqa: E402

for value in (np.float64([1.0, -0.0, float("inf"), float("nan")]),
              np.arange(6, dtype=np.int32).reshape(2, 3),
              np.asfortranarray(np.arange(4, dtype=np.uint8).reshape(2, 2)),
              np.float64([[0.0, 1.5], [2.5, 0.0]])[::-1],
              np.array([True, False]),
              np.array([1 + 2j], dtype=np.complex64),
              np.array(3.5),
              np.zeros(5000),
              np.array([(1, 2.0)], dtype=[("x", int), ("y", float)])):
    print(closure_values.expression(value))
