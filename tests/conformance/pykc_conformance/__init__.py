"""pykc's conformance harness: numba-cuda's own test suite run with a hook
that compiles every kernel it launches with pykc and compares the results.
harness.py (beside this package) is the command; README.md says how."""
