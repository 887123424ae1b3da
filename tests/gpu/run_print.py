#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/print.pyk through numba-cuda and through
each pykc PTX given, and compares what they print.

vprintf's output reaches the process's stdout only when the device
synchronises, so each run happens in a child process of its own (this
script with --child) whose stdout is captured. The threads' order is
unspecified: the sorted lines must be equal, exactly.

Usage: run_print.py PTX...   (run_all.sh passes O3/print.ptx O0/print.ptx)
Prints one PASS/FAIL line per kernel and PTX, and "N passed, M failed";
exits 1 on any failure."""
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "print.pyk")
THREADS = 6


def inputs(name):
    """The kernel's input arrays, the same in every child: seeded random
    values plus the extremes of each type."""
    rng = np.random.default_rng(2024)

    def ints(dtype, extremes):
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, THREADS, dtype=dtype, endpoint=True)
        x[:len(extremes)] = extremes
        return x

    if name == "ints":
        return [ints(np.int8, [-128, 127, 0]), ints(np.int16, [-32768, 32767]),
                ints(np.int32, [-2**31, 2**31 - 1]), ints(np.int64, [-2**63, 2**63 - 1]),
                ints(np.uint8, [255, 0]), ints(np.uint16, [65535]), ints(np.uint32, [2**32 - 1]),
                ints(np.uint64, [2**64 - 1, 2**63, 0])]
    if name == "floats":
        special = [np.inf, -np.inf, np.nan, -0.0, 1e-30]
        x = rng.standard_normal(THREADS).astype(np.float32) * 1000
        y = rng.standard_normal(THREADS) * 1e6
        x[:5] = special
        y[:5] = special[::-1]
        return [x, y]
    if name == "bools":
        return [np.array([True, False, True, True, False, False]), ints(np.int32, [2, 3]) % 5]
    if name == "tuples":
        return [ints(np.int32, [-7, 0]), rng.standard_normal(THREADS).astype(np.float32)]
    if name == "device_prints":
        return [ints(np.int32, [-1]), rng.standard_normal(THREADS)]
    return [ints(np.int32, [0, 1, -1])]


KERNELS = ["ints", "floats", "bools", "strings", "tuples", "device_prints", "module_tuples", "many"]


def child(which, name):
    """Runs one kernel on 1 block of THREADS threads; its prints go to stdout."""
    ins = inputs(name)
    if which == "numba":
        from numba import cuda
        from pyk_gpu import load_numba
        kernels = load_numba(SOURCE, "print")
        kernels[name][1, THREADS](*[cuda.to_device(a) for a in ins])
        cuda.synchronize()
    else:
        import cupy as cp
        from pyk_gpu import array_args
        dev = [cp.asarray(a) for a in ins]
        cp.RawModule(path=which).get_function(name)((1,), (THREADS,), array_args(dev))
        cp.cuda.runtime.deviceSynchronize()
    sys.stdout.flush()


def run_child(which, name):
    """(sorted lines, error text or None) of one child run."""
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", which, name],
                          capture_output=True, text=True, cwd=HERE, timeout=300)
    if proc.returncode != 0:
        return None, "exit %d: %s" % (proc.returncode, proc.stderr.strip()[-800:])
    return sorted(proc.stdout.splitlines()), None


def main(paths):
    import pyk_gpu
    tally = pyk_gpu.Tally()
    for name in KERNELS:
        want, error = run_child("numba", name)
        for path in paths:
            bad = []
            if error:
                bad.append("numba-cuda: " + error)
            got, perror = run_child(os.path.abspath(path), name)
            if perror:
                bad.append("pykc: " + perror)
            if not bad:
                if len(got) != len(want):
                    bad.append("pykc printed %d lines, numba %d" % (len(got), len(want)))
                bad += ["pykc  %r\n    numba %r" % (g, w) for g, w in zip(got, want) if g != w][:6]
                if not want:
                    bad.append("numba printed nothing")
            tally.check("%s (%s)" % (name, os.path.basename(path)), bad, shown=8)
    return tally.finish()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        sys.path.insert(0, HERE)
        child(sys.argv[2], sys.argv[3])
    elif len(sys.argv) < 2:
        print(__doc__.strip().split("\n\n")[-2], file=sys.stderr)
        sys.exit(2)
    else:
        sys.exit(main(sys.argv[1:]))
