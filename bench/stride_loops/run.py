#!/usr/bin/env python3
"""Times two grid-stride reduction kernels (tests/gpu/stride_loops.pyk:
sum_squares, a float64 while loop; max_f32, a float32 range loop and a
shared-memory tree) as pykc's PTX launched through CuPy and as numba-cuda's
kernel, on the same inputs, on the GPU machine:

    build/pykc compile tests/gpu/stride_loops.pyk -o /tmp/sl.ptx      # where pykc is
    python3 bench/stride_loops/run.py /tmp/sl.ptx [--n N] [--rounds R] [--reps K]

Each round times K launches of one side with CUDA events, the sides
alternating; prints the median and spread per launch and numba/pykc (above
1: pykc is faster). Launch CPU overhead is included on both sides alike
(64 blocks of 128 threads, 1M elements, as the issue measured)."""
import argparse
import os
import statistics
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "..", "tests", "gpu", "stride_loops.pyk")
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "gpu"))
import pyk_gpu  # noqa: E402


def time_rounds(launch_a, launch_b, rounds, reps):
    import cupy as cp
    times = ([], [])
    for _ in range(rounds):
        for side, launch in enumerate((launch_a, launch_b)):
            start, stop = cp.cuda.Event(), cp.cuda.Event()
            start.record()
            for _ in range(reps):
                launch()
            stop.record()
            stop.synchronize()
            times[side].append(cp.cuda.get_elapsed_time(start, stop) * 1000.0 / reps)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ptx")
    ap.add_argument("--n", type=int, default=1 << 20)
    ap.add_argument("--blocks", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=21)
    ap.add_argument("--reps", type=int, default=200)
    a = ap.parse_args()
    import cupy as cp
    from numba import cuda
    kernels = pyk_gpu.load_numba(SOURCE, "stride_loops")
    module = cp.RawModule(path=a.ptx)
    block, grid = 128, a.blocks
    rng = np.random.default_rng(12)
    cases = {
        "sum_squares": ([rng.standard_normal(a.n)], [np.zeros(grid * block)]),
        "max_f32": ([rng.standard_normal(a.n).astype(np.float32)], [np.zeros(grid, np.float32)]),
    }
    print("device: %s" % cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
    print("%-12s %12s %12s %10s" % ("kernel", "pykc us", "numba us", "numba/pykc"))
    for name, (ins, outs) in cases.items():
        nb = [cuda.to_device(x) for x in ins + outs]
        cpa = [cp.asarray(x) for x in ins + outs]
        fn = module.get_function(name)
        args = pyk_gpu.array_args(cpa)
        kernel = kernels[name]

        def pykc():
            fn((grid,), (block,), args)

        def numba():
            kernel[grid, block](*nb)

        pykc(), numba()
        cp.cuda.runtime.deviceSynchronize()
        same = all(np.array_equal(cp.asnumpy(c), d.copy_to_host())
                   for c, d in zip(cpa[len(ins):], nb[len(ins):]))
        tp, tn = time_rounds(pykc, numba, a.rounds, a.reps)
        mp, mn = statistics.median(tp), statistics.median(tn)
        print("%-12s %8.2f±%-4.2f %7.2f±%-4.2f %9.2fx %s" % (
            name, mp, statistics.pstdev(tp), mn, statistics.pstdev(tn), mn / mp,
            "" if same else "(outputs differ!)"))


if __name__ == "__main__":
    sys.exit(main())
