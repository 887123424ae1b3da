"""What every GPU runner of tests/gpu shares: launching pykc's PTX through
CuPy with ABI v1's parameters (docs/abi.md), poisoning outputs before a
launch, loading the same .pyk source into numba-cuda, and the common
pykc-versus-Numba loop of the differential suites."""
import os
import warnings

import numpy as np


def array_args(arrays):
    """The ABI's flattening: per array its data pointer, its shape, then its
    strides in elements (NumPy and CuPy count bytes)."""
    args = []
    for a in arrays:
        args.append(a)
        args.extend(np.int64(n) for n in a.shape)
        args.extend(np.int64(s // a.itemsize) for s in a.strides)
    return args


def poison(a):
    """A copy of `a` whose every byte is 0xA5, so an element a kernel fails
    to write cannot look right (it is no number a test expects, and a NaN
    pattern for floats)."""
    out = a.copy()
    out.view(np.uint8)[:] = 0xA5
    return out


def load_numba(source, name):
    """The .pyk file run as Python with numba-cuda: its kernels by name.
    numba-cuda 0.30.4 calls np.row_stack, which newer NumPy removed."""
    if np.__dict__.get("row_stack") is None:
        np.row_stack = np.vstack
    warnings.simplefilter("ignore")
    namespace = {"__name__": name}
    with open(source) as f:
        exec(compile(f.read(), source, "exec"), namespace)
    return namespace


def bitwise_differences(got, want, nan_equal):
    """Indices where two arrays differ bit for bit; with nan_equal, a NaN
    matches any NaN (where the operation leaves NaN payloads unspecified)."""
    # flat indices, over arrays of any shape and strides
    got, want = np.ascontiguousarray(got).reshape(-1), np.ascontiguousarray(want).reshape(-1)
    differs = (got.view(np.uint8).reshape(len(got), -1) != want.view(np.uint8).reshape(len(want), -1)).any(axis=1)
    if nan_equal and got.dtype.kind == "f":
        differs &= ~(np.isnan(got) & np.isnan(want))
    return np.nonzero(differs)[0]


def reference_lines(label, got, want, nan_equal, other="reference"):
    """The report's lines for the first four elements where `got` differs
    bit for bit from a reference (converted to got's dtype)."""
    want = np.asarray(want, dtype=got.dtype)
    return ["%s [%d]: pykc %r, %s %r" % (label, e, got.reshape(-1)[e], other, want.reshape(-1)[e])
            for e in bitwise_differences(got, want, nan_equal)[:4]]


def difference_lines(j, got, want, diff, other="numba"):
    """The report's lines for output j's differing flat indices `diff`: the
    first four, then how many there are in all."""
    lines = ["output %d [%d]: pykc %r, %s %r" % (j, e, got.reshape(-1)[e], other, want.reshape(-1)[e])
             for e in diff[:4]]
    if len(diff) > 4:
        lines.append("output %d: %d differing elements" % (j, len(diff)))
    return lines


class In:
    """An input of an array-case runner: a host array, and how to make the
    kernel's argument from its device copy (a view, or F order), alike for
    NumPy, numba-cuda and CuPy arrays."""
    def __init__(self, host, view=lambda x: x, fortran=False):
        self.host, self.view, self.fortran = host, view, fortran


class Out:
    """An output: its initial contents, poisoned unless `zeroed`."""
    def __init__(self, shape, dtype, zeroed=False):
        z = np.zeros(shape, dtype)
        self.initial = z if zeroed else poison(z)


def starting(outs):
    """The outputs' initial contents, for a reference to fill."""
    return [o.initial.copy() for o in outs]


def host_inputs(c):
    """A case's inputs as the host sees them (views and F order applied)."""
    return [i.view(np.asfortranarray(i.host) if i.fortran else i.host) for i in c["ins"]]


def output_differences(what, got, want):
    """Lines for the elements of each output that differ bit for bit from
    `want` (Numba's or a reference's, named `what`), a few per output."""
    bad = []
    for j, (g, w) in enumerate(zip(got, want)):
        g, w = np.ascontiguousarray(g).ravel(), np.ascontiguousarray(w).ravel()
        diff = bitwise_differences(g, np.asarray(w).astype(g.dtype), False)
        bad += ["output %d [%d]: pykc %r, %s %r" % (j, e, g[e], what, w[e]) for e in diff[:4]]
        if len(diff) > 4:
            bad.append("output %d: %d elements differ from %s" % (j, len(diff), what))
    return bad


class Tally:
    """What every runner prints: "PASS label", or "FAIL label" and up to
    `shown` lines saying why, per check; then "N passed, M failed", the line
    run_all.sh reads."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, label, bad, shown=12):
        print("%s %s" % ("PASS" if not bad else "FAIL", label))
        for line in bad[:shown]:
            print("    " + line)
        self.passed += not bad
        self.failed += bool(bad)

    def finish(self):
        """Prints the summary line; returns the exit status."""
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def differential_main(paths, source, cases, references, grid, block, nan_equal=False,
                      tally=None, adjust_numba=None):
    """Runs every kernel of `source` through numba-cuda and through each pykc
    PTX in `paths` on the same inputs (cases: name -> (inputs, outputs)),
    compares the outputs bit for bit (see bitwise_differences), and adds `references(name, ins, got)`'s
    mismatches with Python's own values. Prints a PASS/FAIL line per kernel
    and build and "N passed, M failed"; returns the exit status. `tally`
    carries the counts of a runner's own checks made before;
    `adjust_numba(kernels)` may wrap Numba's kernels where Numba is known
    to be wrong (docs/language.md section 9)."""
    import cupy as cp
    from numba import cuda
    kernels = load_numba(source, os.path.splitext(os.path.basename(source))[0])
    if adjust_numba:
        kernels = adjust_numba(kernels)
    tally = tally or Tally()
    for name, (ins, outs) in cases.items():
        dev = [cuda.to_device(a) for a in ins] + [cuda.to_device(poison(o)) for o in outs]
        kernels[name][grid, block](*dev)
        cuda.synchronize()
        want = [d.copy_to_host() for d in dev[len(ins):]]
        for path in paths:
            dev = [cp.asarray(a) for a in ins] + [cp.asarray(poison(o)) for o in outs]
            cp.RawModule(path=path).get_function(name)((grid,), (block,), array_args(dev))
            cp.cuda.runtime.deviceSynchronize()
            got = [cp.asnumpy(d) for d in dev[len(ins):]]
            bad = references(name, ins, got)
            for j, (g, w) in enumerate(zip(got, want)):
                bad += difference_lines(j, g, w, bitwise_differences(g, w, nan_equal))
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad)
    return tally.finish()
