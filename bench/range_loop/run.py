"""The range-loop benchmark on a GPU: pykc's PTX, the same .pyk source run by
numba-cuda, and the CUDA C twin compiled here with nvcc, timed interleaved
with CUDA events. See bench/range_loop/README.md; run it through run.sh.

Each sample enqueues one untimed launch (so the GPU is busy while the host
prepares the next ones: launch overhead, which differs between the three,
is not measured), then BATCH timed launches between two events; the sample
is the mean time per launch. Versions alternate within every round, rounds
repeat ROUNDS times, and the medians are reported. CuPy's null stream and
Numba's default stream are both the legacy default stream, so one pair of
CuPy events times all versions."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "gpu"))
import pyk_gpu  # noqa: E402  (array_args: the ABI's flattening; load_numba)


def build_cuda_c(nvcc, arch):
    out = os.path.join(tempfile.mkdtemp(prefix="range_loop_"), "range_loop.cubin")
    cmd = [nvcc, "-O3", "-cubin", "-arch=" + arch, os.path.join(HERE, "range_loop.cu"), "-o", out]
    subprocess.run(cmd, check=True)
    return out, " ".join(cmd)


def time_version(cp, launch, batch):
    launch()                      # untimed: keeps the GPU busy from here on
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(batch):
        launch()
    end.record()
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end) / batch


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ptx", required=True, help="pykc's range_loop.ptx (prepare.sh)")
    p.add_argument("--n", type=int, default=1 << 26, help="elements (default 2**26)")
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--batch", type=int, default=5)
    p.add_argument("--block", type=int, default=256)
    p.add_argument("--nvcc", default=os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "nvcc"))
    args = p.parse_args()

    import cupy as cp
    from numba import cuda

    cc = cp.cuda.Device().compute_capability          # "90"
    arch = "sm_" + cc
    cubin, nvcc_cmd = build_cuda_c(args.nvcc, arch)
    n, block = args.n, args.block
    grid = (n + block - 1) // block
    rng = np.random.default_rng(1)
    x = cp.asarray(rng.uniform(-1, 1, n).astype(np.float32))
    a, b = np.float32(0.999), np.float32(0.0007)
    outs = {}

    def output(name):
        outs[name] = cp.full(n, np.nan, dtype=np.float32)
        return outs[name]

    c_fn = cp.RawModule(path=cubin).get_function("range_loop")
    c_out = output("CUDA C")
    pykc_fn = cp.RawModule(path=args.ptx).get_function("range_loop")
    pykc_out = output("pykc")
    pykc_args = tuple(pyk_gpu.array_args([x, pykc_out])) + (a, b)
    kernels = pyk_gpu.load_numba(os.path.join(HERE, "range_loop.pyk"), "range_loop")
    nx = cuda.as_cuda_array(x)
    n_range, n_while = cuda.as_cuda_array(output("numba range")), cuda.as_cuda_array(output("numba while"))

    versions = {
        "CUDA C": lambda: c_fn((grid,), (block,), (x, c_out, np.int64(n), a, b)),
        "pykc": lambda: pykc_fn((grid,), (block,), pykc_args),
        "numba range": lambda: kernels["range_loop"][grid, block](nx, n_range, a, b),
        "numba while": lambda: kernels["while_loop"][grid, block](nx, n_while, a, b),
    }
    for launch in versions.values():          # compile, load, warm up
        launch()
    cp.cuda.runtime.deviceSynchronize()

    want = cp.asnumpy(outs["CUDA C"])
    agree = True
    for name in versions:
        got = cp.asnumpy(outs[name])
        bad = np.nonzero(got.view(np.uint32) != want.view(np.uint32))[0]
        if len(bad):
            agree = False
            i = bad[0]
            print("MISMATCH %s: %d elements differ from CUDA C, first [%d]: %r vs %r"
                  % (name, len(bad), i, got[i], want[i]))

    samples = {name: [] for name in versions}
    for _ in range(args.rounds):
        for name, launch in versions.items():
            samples[name].append(time_version(cp, launch, args.batch))

    print("range-loop benchmark: n = %d, block %d, 256 FMA steps per element, %d rounds x %d launches"
          % (n, block, args.rounds, args.batch))
    print("device: %s (%s); CUDA C: %s" % (cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), arch, nvcc_cmd))
    print("pykc PTX: %s" % args.ptx)
    base = statistics.median(samples["CUDA C"])
    print("%-12s %12s %12s %12s %10s" % ("version", "median ms", "min ms", "max ms", "/ CUDA C"))
    for name, s in samples.items():
        med = statistics.median(s)
        print("%-12s %12.4f %12.4f %12.4f %9.3fx" % (name, med, min(s), max(s), med / base))
    ratio = statistics.median(samples["pykc"]) / base
    print("results bit-identical across versions: %s" % ("yes" if agree else "NO"))
    print("pykc within 5%% of CUDA C: %s (%.3fx)" % ("yes" if ratio <= 1.05 else "NO", ratio))
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
