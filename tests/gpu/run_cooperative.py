#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/cooperative.pyk (grid syncs), as compiled
by pykc, and the same kernels compiled by numba-cuda from that source, on
the same inputs; every output must agree bit for bit, and with a CPU
reference. pykc's PTX is launched cooperatively through CuPy
(RawModule(path=..., enable_cooperative_groups=True), which calls
cuLaunchCooperativeKernel): its grid syncs count in the grid workspace the
driver gives such launches, and need no libcudadevrt. Numba launches its
kernels cooperatively by itself (and links libcudadevrt for them; without
it the Numba side is skipped and the CPU reference stays).

Each kernel runs several times on the same arrays (state carried over), at
the largest grid both compilers' kernels can have resident at once
(numba's max_cooperative_grid_blocks, capped by pykc's occupancy through
CuPy) and at one block per multiprocessor. A separate process also
launches pykc's sync kernel without a cooperative launch, which must fail
(its handle is 0: it traps) rather than hang.

Usage: run_cooperative.py PTX [PTX ...]   (pykc builds of cooperative.pyk)
Prints one PASS/FAIL line per check, "N passed, M failed" last; exits 1 on
any failure."""
import os
import subprocess
import sys

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "cooperative.pyk")
BLOCK = 256
P = 1000003
LAUNCHES = 5


def cpu_rounds(a, count):
    n = len(a)
    k = np.arange(n)
    for r in range(count):
        a = (a[(k + n - 1) % n] + 2 * a + a[(7 * k + 13) % n] + r) % P
    return a


def numba_kernels():
    """The .pyk's kernels compiled by numba-cuda, or None (with a note)."""
    try:
        return pyk_gpu.load_numba(SOURCE, "cooperative")
    except Exception as error:   # no numba-cuda, no libcudadevrt, ...
        print("NOTE: numba-cuda cannot compile cooperative.pyk (%s: %s): CPU reference only"
              % (type(error).__name__, error))
        return None


def pykc_blocks_per_sm(cp, path, name):
    """Blocks of BLOCK threads of pykc's kernel one multiprocessor holds."""
    kernel = cp.RawModule(path=path, enable_cooperative_groups=True).get_function(name)
    try:
        return cp.cuda.driver.occupancyMaxActiveBlocksPerMultiprocessor(kernel.kernel.ptr, BLOCK, 0)
    except Exception:   # an older CuPy: one block per multiprocessor fits these kernels
        return 1


def grids(cp, paths, kernels, name):
    """The grid sizes to try: one block per multiprocessor, and the most
    that every build (and Numba's) holds at once."""
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    most = min(pykc_blocks_per_sm(cp, path, name) for path in paths) * sms
    if kernels is not None:
        try:   # links Numba's kernel (and libcudadevrt) if not done yet
            overload = next(iter(kernels[name].overloads.values()))
            most = min(most, overload.max_cooperative_grid_blocks(BLOCK))
        except Exception as error:
            print("NOTE: numba-cuda's max_cooperative_grid_blocks failed (%s: %s)"
                  % (type(error).__name__, error))
    return sorted({sms, max(most, sms)})


class Runner:
    """The same LAUNCHES launches, on the same arrays, through pykc's PTX
    (cooperatively, via CuPy) and through Numba's kernel."""

    def __init__(self, cp, kernels):
        self.cp, self.kernels = cp, kernels

    def pykc(self, path, name, grid, host_arrays, scalars=()):
        cp = self.cp
        dev = [cp.asarray(a) for a in host_arrays]
        kernel = cp.RawModule(path=path, enable_cooperative_groups=True).get_function(name)
        for _ in range(LAUNCHES):
            kernel((grid,), (BLOCK,), tuple(pyk_gpu.array_args(dev)) + tuple(scalars))
        cp.cuda.runtime.deviceSynchronize()
        return [cp.asnumpy(d) for d in dev]

    def numba(self, name, grid, host_arrays, scalars=()):
        if self.kernels is None:
            return None
        from numba import cuda
        try:   # Numba links libcudadevrt at the first launch
            dev = [cuda.to_device(a) for a in host_arrays]
            for _ in range(LAUNCHES):
                self.kernels[name][grid, BLOCK](*dev, *scalars)
            cuda.synchronize()
            return [d.copy_to_host() for d in dev]
        except Exception as error:
            print("NOTE: numba-cuda cannot launch %s (%s: %s): CPU reference only from here"
                  % (name, type(error).__name__, error))
            self.kernels = None
            return None


def compare(tally, label, got, numba, want):
    """want: the CPU's arrays (None where not checked); numba: Numba's."""
    bad = []
    for j, g in enumerate(got):
        if want[j] is not None:
            bad += pyk_gpu.difference_lines(j, g, want[j], pyk_gpu.bitwise_differences(g, want[j], False),
                                            other="cpu")
        if numba is not None:
            bad += pyk_gpu.difference_lines(j, g, numba[j], pyk_gpu.bitwise_differences(g, numba[j], False))
    tally.check(label, bad)


def check_sequential_rows(runner, tally, path, grid):
    cols = grid * BLOCK
    rows = 64
    m = np.zeros((rows, cols), np.int32)
    want = np.tile(np.arange(rows, dtype=np.int32), (cols, 1)).T.copy()
    got = runner.pykc(path, "sequential_rows", grid, [m])
    compare(tally, "sequential_rows grid=%d (%s)" % (grid, os.path.basename(path)), got,
            runner.numba("sequential_rows", grid, [m]), [want])


def check_rounds(runner, tally, path, grid, rng):
    n, count = 100003, 6
    a = rng.integers(0, P, n, dtype=np.int64)
    b = np.zeros(n, np.int64)
    want = a
    for _ in range(LAUNCHES):
        want = cpu_rounds(want, count)
    got = runner.pykc(path, "rounds", grid, [a, b], (np.int64(count),))
    compare(tally, "rounds grid=%d (%s)" % (grid, os.path.basename(path)), got,
            runner.numba("rounds", grid, [a, b], (np.int64(count),)), [want, None])


def check_grid_sum(runner, tally, path, grid, rng):
    x = rng.integers(0, 10, 1000003).astype(np.float32)
    partial = pyk_gpu.poison(np.zeros(grid, np.float32))
    total = pyk_gpu.poison(np.zeros(1, np.float32))
    got = runner.pykc(path, "grid_sum", grid, [x, partial, total])
    want = np.array([x.astype(np.float64).sum()], np.float32)   # exact: integers below 2**24
    compare(tally, "grid_sum grid=%d (%s)" % (grid, os.path.basename(path)), got,
            runner.numba("grid_sum", grid, [x, partial, total]), [x, None, want])


def check_through_device(runner, tally, path, grid, rng):
    n = grid * BLOCK - 3
    src = rng.integers(-1000, 1000, n).astype(np.int32)
    dst = pyk_gpu.poison(np.zeros(n, np.int32))
    status = pyk_gpu.poison(np.zeros(n, np.int32))
    want = src.astype(np.int64)
    for _ in range(LAUNCHES):
        want = want * 4   # dst = 2 src reversed, then src = 2 dst reversed
    got = runner.pykc(path, "through_device", grid, [src, dst, status])
    want_dst = (want[::-1] // 2).astype(np.int32)
    compare(tally, "through_device grid=%d (%s)" % (grid, os.path.basename(path)), got,
            runner.numba("through_device", grid, [src, dst, status]),
            [want.astype(np.int32), want_dst, np.ones(n, np.int32)])


NOT_COOPERATIVE = r"""
import sys
import numpy as np
import cupy as cp
sys.path.insert(0, %r)
import pyk_gpu
kernel = cp.RawModule(path=%r).get_function("sequential_rows")
m = cp.zeros((4, 256), cp.int32)
try:
    kernel((1,), (256,), tuple(pyk_gpu.array_args([m])))
    cp.cuda.runtime.deviceSynchronize()
except Exception as error:
    print("refused: %%s" %% error)
    sys.exit(0)
print("ran without a cooperative launch")
sys.exit(1)
"""


def check_not_cooperative(tally, path):
    """pykc's grid sync in a launch that is not cooperative: its grid
    handle is 0 and it traps, which the launch reports as an error."""
    try:
        run = subprocess.run([sys.executable, "-c", NOT_COOPERATIVE % (HERE, path)],
                             capture_output=True, text=True, timeout=120)
        bad = [] if run.returncode == 0 else [(run.stdout + run.stderr).strip()[-400:]]
    except subprocess.TimeoutExpired:
        bad = ["hung (a non-cooperative launch must trap, not wait)"]
    tally.check("sync without a cooperative launch traps (%s)" % os.path.basename(path), bad)


def main():
    if not sys.argv[1:]:
        print(__doc__)
        return 2
    paths = sys.argv[1:]
    import cupy as cp
    kernels = numba_kernels()
    runner = Runner(cp, kernels)
    tally = pyk_gpu.Tally()
    rng = np.random.default_rng(2024)
    for path in paths:
        for grid in grids(cp, paths, runner.kernels, "sequential_rows"):
            check_sequential_rows(runner, tally, path, grid)
        for grid in grids(cp, paths, runner.kernels, "rounds"):
            check_rounds(runner, tally, path, grid, rng)
        for grid in grids(cp, paths, runner.kernels, "grid_sum"):
            check_grid_sum(runner, tally, path, grid, rng)
        for grid in grids(cp, paths, runner.kernels, "through_device"):
            check_through_device(runner, tally, path, grid, rng)
    for path in paths:
        check_not_cooperative(tally, path)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
