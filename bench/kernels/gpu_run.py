"""One case on the GPU: the three builds' launchers on shared inputs (each
build its own outputs), the equality check of one launch from the initial
outputs, then the alternating timed rounds (timing.py). Needs CuPy and
numba-cuda."""
import os

import numpy as np
import cupy as cp

import launchargs
import report
from cases import Arr
from compare import agreement
from timing import Timer

_modules = {}
_timer = None


def versions():
    from importlib import metadata
    out = {"cupy": cp.__version__, "numpy": np.__version__}
    for dist in ("numba-cuda", "numba", "cuda-core", "cuda-python"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            pass
    return out


def load_numba_modules(stems, folder):
    """{kernel name: numba-cuda dispatcher} of every kernels file, each run
    as Python (its signatures make numba-cuda compile at import). numba-cuda
    0.30.4 calls np.row_stack, which NumPy 2 removed."""
    if np.__dict__.get("row_stack") is None:
        np.row_stack = np.vstack
    kernels = {}
    for stem in stems:
        path = os.path.join(folder, stem + ".py")
        with open(path) as f:
            source = f.read()
        namespace = {"__name__": "bench_kernels_" + stem, "__file__": path}
        exec(compile(source, path, "exec"), namespace)
        for name in launchargs.kernel_signatures(source):
            kernels[name] = namespace[name]
    return kernels


def function(path, name):
    if path not in _modules:
        _modules[path] = cp.RawModule(path=path)
    return _modules[path].get_function(name)


def launchers(c, ptx, cubins, numba_kernels, device_of):
    """{build: launch(stream)} for case c; device_of(build, arr) gives the
    CuPy array an argument is for that build."""
    from numba import cuda

    def raw(f, argv):
        grid, block = c.grid, c.block
        return lambda s: f(grid, block, argv, stream=s)

    pykc_argv = tuple(launchargs.pykc_args(c.args, lambda a: device_of("pykc", a)))
    nvcc_argv = tuple(launchargs.nvcc_args(c.args, lambda a: device_of("nvcc", a)))
    # numba-cuda views of the CuPy arrays, made once (outside any capture:
    # making one may synchronise on the array's stream)
    numba_argv = [cuda.as_cuda_array(device_of("numba", a)) if isinstance(a, Arr) else a for a in c.args]
    kernel, configured = numba_kernels[c.name], {}

    def numba_launch(s):
        cfg = configured.get(s.ptr)
        if cfg is None:
            cfg = configured[s.ptr] = kernel[c.grid, c.block, cuda.external_stream(s.ptr)]
        cfg(*numba_argv)

    return {"pykc": raw(function(ptx[c.module], c.name), pykc_argv),
            "numba": numba_launch,
            "nvcc": raw(function(cubins[c.cu], c.name), nvcc_argv)}


def check(c, launch, outs, stream):
    """Each build's outputs after one launch from the initial contents;
    (agree, lines): pykc and nvcc against numba-cuda."""
    got = {}
    for v in report.VERSIONS:
        for a in c.outputs:
            outs[v][id(a)].set(a.host, stream=stream)
        launch[v](stream)
        stream.synchronize()
        got[v] = [cp.asnumpy(outs[v][id(a)]) for a in c.outputs]
    ok, lines = True, []
    for v in ("pykc", "nvcc"):
        for j, (g, w) in enumerate(zip(got[v], got["numba"])):
            good, line = agreement(g, w, c.tol, "%s vs numba, output %d" % (v, j))
            ok &= good
            lines.append(line)
    return ok, lines


def run_case(c, ptx, cubins, numba_kernels, args):
    global _timer
    _timer = _timer or Timer()
    inputs = {id(a): cp.asarray(a.host) for a in c.args if isinstance(a, Arr) and not a.out}
    outs = {v: {id(a): cp.asarray(a.host) for a in c.outputs} for v in report.VERSIONS}

    def device_of(v, a):
        return outs[v][id(a)] if a.out else inputs[id(a)]

    launch = launchers(c, ptx, cubins, numba_kernels, device_of)
    streams = {v: cp.cuda.Stream(non_blocking=True) for v in report.VERSIONS}
    agree, lines = check(c, launch, outs, streams["pykc"])

    # K from a quick event timing of the CUDA C build (warmed up first)
    s = streams["nvcc"]
    for _ in range(3):
        launch["nvcc"](s)
    est_ms = max(_timer.events_once(s, launch["nvcc"], 3), 1e-3)
    k = int(min(max(round(args.graph_ms / est_ms), args.min_launches), args.max_launches))

    graphs, methods, errors = {}, {}, {}
    for v in report.VERSIONS:
        graphs[v], err = _timer.capture(streams[v], launch[v], k)
        methods[v] = "graph" if graphs[v] is not None else "spin"
        if err:
            errors[v] = err
            streams[v] = cp.cuda.Stream(non_blocking=True)   # the failed capture's stream may be unusable
            launch[v](streams[v])
            streams[v].synchronize()

    # A graph that lost its launches (a launcher that went to another stream
    # while this one captured) would time as nearly free: each graph's
    # figure must come near the spin method's, else that build is timed by
    # the spin method.
    spin_check = {}
    for v in report.VERSIONS:
        if graphs[v] is not None:
            g = min(_timer.graph_sample(streams[v], graphs[v], k) for _ in range(2))
            spin_check[v] = {"graph_us": g, "spin_us": _timer.spin_sample(streams[v], launch[v], k, est_ms)}
            if g < 0.7 * spin_check[v]["spin_us"]:
                errors[v] = "graph time %.2f us < 0.7 x spin time %.2f us: launches missing from the graph" % (
                    g, spin_check[v]["spin_us"])
                graphs[v], methods[v] = None, "spin"

    samples = {v: [] for v in report.VERSIONS}
    for r in range(args.rounds):
        order = report.VERSIONS[r % 3:] + report.VERSIONS[:r % 3]
        for v in order:
            if graphs[v] is not None:
                samples[v].append(_timer.graph_sample(streams[v], graphs[v], k))
            else:
                samples[v].append(_timer.spin_sample(streams[v], launch[v], k, est_ms))

    method = methods["pykc"] if len(set(methods.values())) == 1 else "/".join(methods[v][0] for v in report.VERSIONS)
    row = {"kernel": c.name, "module": c.module, "cu": c.cu, "what": c.what, "grid": list(c.grid),
           "block": list(c.block), "launches": k, "method": method, "methods": methods,
           "capture_errors": errors, "graph_vs_spin": spin_check, "agree": bool(agree), "checks": lines, "tolerance": c.tol.why,
           "stats": {v: report.summarise(samples[v]) for v in report.VERSIONS},
           "samples_us": samples}
    del graphs, launch, inputs, outs
    cp.get_default_memory_pool().free_all_blocks()
    return row
