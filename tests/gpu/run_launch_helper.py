#!/usr/bin/env python3
"""Launches the kernels of tests/gpu/launch_helper.pyk, as compiled by pykc,
through python/pykc_launch.py (its arguments flattened from the --emit=json
metadata beside each PTX: NAME.json, which run_all.sh --compile-only writes
with --metadata), once with CuPy's RawModule and once with cuda-python's
driver API, and compares every output bit for bit with numba-cuda's for
the same source. Without cuda-python (cuda.bindings, or the older
cuda.cuda) its half is skipped with a message. The examples of
docs/python.md run too, as written, on the first PTX (copied to
kernels.ptx and kernels.json in a temporary directory), and their `out`
must be (x + 2.5) * 2 to the bit.

Usage: run_launch_helper.py PTX [PTX ...]
Prints one PASS/FAIL line per kernel, build and launcher, "N passed, M
failed" last; exits 1 on any failure."""
import os
import re
import shutil
import sys
import tempfile

import numpy as np

import pyk_gpu

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "launch_helper.pyk")
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
import pykc_launch  # noqa: E402

N, BLOCK = 1000, 128
GRID = (N + BLOCK - 1) // BLOCK


class Out:
    """An output array: poisoned before every launch."""
    def __init__(self, host):
        self.host = host


class View:
    """An input passed as a view of its device copy (the same for Numba and CuPy)."""
    def __init__(self, host, view):
        self.host, self.view = host, view


def make_cases(rng):
    """case -> (Numba's kernel name, pykc's entry, grid, block, arguments)."""
    x = rng.standard_normal(N).astype(np.float32)
    xc = (rng.standard_normal(N) + 1j * rng.standard_normal(N)).astype(np.complex64)
    a2 = rng.standard_normal((37, 53))
    b2 = rng.standard_normal((53, 74))          # b2.T[::2]: (37, 53), neither C nor F
    m = rng.integers(-1000, 1000, 2 * N).astype(np.int32)
    f = rng.standard_normal(N).astype(np.float32)
    grid2, block2 = ((37 + 15) // 16, (53 + 15) // 16), (16, 16)
    return {
        "axpy": ("axpy", "axpy", GRID, BLOCK,
                 [Out(np.zeros(N, np.float32)), x, np.float32(2.5), np.int64(N - 3), True]),
        "axpy negated": ("axpy", "axpy", GRID, BLOCK,
                         [Out(np.zeros(N, np.float32)), x, np.float32(-0.75), np.int64(N), False]),
        "cscale": ("cscale", "cscale", GRID, BLOCK,
                   [Out(np.zeros(N, np.complex64)), xc, np.complex64(1.5 - 2j)]),
        "add2d": ("add2d", "add2d", grid2, block2,
                  [Out(np.zeros((37, 53))), a2, View(b2, lambda d: d.T[::2])]),
        "copy_c": ("copy_c", "copy_c", GRID, BLOCK, [Out(np.zeros(N, np.int32)), m[:N].copy()]),
        "copy_any strided": ("copy_any", "copy_any", GRID, BLOCK,
                             [Out(np.zeros(N, np.int32)), View(m, lambda d: d[::2])]),
        "tuple_arg": ("tuple_arg", "tuple_arg", GRID, BLOCK,
                      [Out(np.zeros(N, np.int64)), (np.int64(-7), f)]),
        "fill float32": ("fill", "fill__f32a1C_f32", GRID, BLOCK,
                         [Out(np.zeros(N, np.float32)), np.float32(0.375)]),
        "fill float64": ("fill", "fill__f64a1C_f64", GRID, BLOCK,
                         [Out(np.zeros(N, np.float64)), np.float64(-1.25)]),
    }


def to_device(value, device_array, outs):
    """A case's argument for one framework; outputs are appended to `outs`."""
    if isinstance(value, tuple):
        return tuple(to_device(v, device_array, outs) for v in value)
    if isinstance(value, Out):
        d = device_array(pyk_gpu.poison(value.host))
        outs.append(d)
        return d
    if isinstance(value, View):
        return value.view(device_array(value.host))
    if isinstance(value, np.ndarray):
        return device_array(value)
    return value


def cuda_python_driver():
    """cuda-python's driver module, or None."""
    try:
        from cuda.bindings import driver
        return driver
    except ImportError:
        pass
    try:
        from cuda import cuda as driver
        return driver
    except ImportError:
        return None


def checked(driver, result):
    err, rest = result[0], result[1:]
    if err != driver.CUresult.CUDA_SUCCESS:
        raise RuntimeError("cuda-python: %s" % err)
    return rest[0] if len(rest) == 1 else rest


def launch_cuda_python(driver, modules, ptx, entry, grid, block, flat):
    """Loads the PTX once (into CuPy's current context) and launches `entry`."""
    if ptx not in modules:
        image = np.frombuffer(open(ptx, "rb").read() + b"\0", dtype=np.uint8)
        modules[ptx] = checked(driver, driver.cuModuleLoadData(image.ctypes.data))
    function = checked(driver, driver.cuModuleGetFunction(modules[ptx], entry.encode()))
    grid, block = tuple(grid) + (1,) * (3 - len(grid)), tuple(block) + (1,) * (3 - len(block))
    params, keep = pykc_launch.kernel_params(flat)
    checked(driver, driver.cuLaunchKernel(function, *grid, *block, 0, driver.CUstream(0), params, 0))
    checked(driver, driver.cuCtxSynchronize())
    del keep


def docs_examples(tally, ptx, driver):
    """Runs docs/python.md's CuPy example, then its cuda-python one in the
    same namespace (it reuses out, x and n), each checked to the bit."""
    import cupy as cp
    with open(os.path.join(HERE, "..", "..", "docs", "python.md")) as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(ptx, os.path.join(tmp, "kernels.ptx"))
        shutil.copy(os.path.splitext(ptx)[0] + ".json", os.path.join(tmp, "kernels.json"))
        os.chdir(tmp)
        namespace = {"__name__": "docs_example"}
        try:
            # the example imports cuda.bindings, the current cuda-python's name
            modern = driver is not None and driver.__name__.startswith("cuda.bindings")
            if not modern:
                print("SKIP docs/python.md cuda-python example: no cuda.bindings")
            for label, block in zip(["CuPy", "cuda-python"], blocks[:2 if modern else 1]):
                if "out" in namespace:
                    namespace["out"].fill(-1)
                try:
                    exec(compile(block, "docs/python.md (%s)" % label, "exec"), namespace)
                    cp.cuda.runtime.deviceSynchronize()
                except Exception as e:
                    tally.check("docs/python.md %s example" % label, [repr(e)])
                    continue
                x, out = cp.asnumpy(namespace["x"]), cp.asnumpy(namespace["out"])
                want = (x + np.float32(2.5)) * np.float32(2)
                diff = pyk_gpu.bitwise_differences(out, want, False)
                tally.check("docs/python.md %s example" % label, pyk_gpu.difference_lines(0, out, want, diff, "numpy"))
        finally:
            os.chdir(here)


def main(paths):
    import cupy as cp
    from numba import cuda
    kernels = pyk_gpu.load_numba(SOURCE, "launch_helper")
    driver = cuda_python_driver()
    if driver is None:
        print("SKIP cuda-python launches: neither cuda.bindings nor cuda.cuda imports")
    cases = make_cases(np.random.default_rng(14))
    tally = pyk_gpu.Tally()
    modules = {}
    for case, (numba_name, entry, grid, block, args) in cases.items():
        outs = []
        dev = [to_device(a, cuda.to_device, outs) for a in args]
        kernels[numba_name][grid, block](*dev)
        cuda.synchronize()
        want = [o.copy_to_host() for o in outs]
        for path in paths:
            meta = pykc_launch.load(os.path.splitext(path)[0] + ".json")
            k = pykc_launch.entry(meta, entry)
            launchers = ["cupy"] + (["cuda-python"] if driver else [])
            for launcher in launchers:
                outs = []
                dev = [to_device(a, cp.asarray, outs) for a in args]
                flat = pykc_launch.flatten(k, dev)
                grid3 = grid if isinstance(grid, tuple) else (grid,)
                block3 = block if isinstance(block, tuple) else (block,)
                try:
                    if launcher == "cupy":
                        cp.RawModule(path=path).get_function(entry)(grid3, block3, flat)
                        cp.cuda.runtime.deviceSynchronize()
                    else:
                        launch_cuda_python(driver, modules, path, entry, grid3, block3, flat)
                except Exception as e:  # a failed launch is this check's failure, not the run's
                    tally.check("%s (%s, %s)" % (case, os.path.basename(path), launcher), [repr(e)])
                    continue
                got = [cp.asnumpy(o) for o in outs]
                bad = []
                for j, (g, w) in enumerate(zip(got, want)):
                    bad += pyk_gpu.difference_lines(j, g, w, pyk_gpu.bitwise_differences(g, w, False))
                tally.check("%s (%s, %s)" % (case, os.path.basename(path), launcher), bad)
    docs_examples(tally, paths[0], driver)
    return tally.finish()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
