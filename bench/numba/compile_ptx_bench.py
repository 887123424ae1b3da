"""Compiles the kernels of one .pyk file with Numba's cuda.compile_ptx.

bench/compile_time.py starts this script afresh for every measurement and
times the whole process from outside: interpreter start-up, `import
numba.cuda` and compilation together, which is what a Numba user pays for the
first kernel of a new process. The script also reports the import and the
compilation separately, from inside.

The .pyk files are compiled as they are (they are valid Numba), so Numba and
pykc see the same source: while the file executes, cuda.jit is swapped for a
recorder, so that no kernel is compiled at definition time; each is then
compiled exactly once, by compile_ptx, for the architecture pykc targets.

usage: compile_ptx_bench.py FILE.pyk [--arch sm_80]
           prints {"import_ms": ..., "compile_ms": ..., "kernels": [...]}
       compile_ptx_bench.py --check
           compiles a trivial kernel, prints the versions; exit 0 if it worked"""
import argparse
import inspect
import json
import re
import sys
import time

start = time.perf_counter()

import numpy as np

# numba-cuda 0.30 still refers to np.row_stack, which newer NumPy dropped.
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

from numba import cuda  # noqa: E402 (needs the shim above)

imported = time.perf_counter()


def cc_of(arch):
    """'sm_80' -> (8, 0), the form compile_ptx takes."""
    m = re.fullmatch(r"sm_(\d+)(\d)", arch)
    if not m:
        sys.exit("compile_ptx_bench.py: unsupported --arch %r" % arch)
    return int(m.group(1)), int(m.group(2))


def signature_of(func, sig):
    """A kernel's signature: the one given to cuda.jit, or else its
    annotations in parameter order (how examples/saxpy.pyk spells it)."""
    if sig is not None:
        return sig
    return tuple(p.annotation for p in inspect.signature(func).parameters.values())


def load_kernels(path):
    """Executes the .pyk file and returns [(function, signature)] for its
    kernels, in source order. Device functions keep the real cuda.jit so
    that the kernels calling them still compile."""
    kernels = []
    real_jit = cuda.jit

    def recording_jit(*args, **options):
        if args and callable(args[0]):             # @cuda.jit
            kernels.append((args[0], None))
            return args[0]
        if options.get("device"):
            return real_jit(*args, **options)

        def record(func):                          # @cuda.jit("void(...)")
            kernels.append((func, args[0] if args else None))
            return func
        return record

    with open(path) as f:
        code = compile(f.read(), path, "exec")
    cuda.jit = recording_jit
    try:
        exec(code, {"__name__": "pyk_kernels", "__file__": path})
    finally:
        cuda.jit = real_jit
    return [(func, signature_of(func, sig)) for func, sig in kernels]


def compile_file(path, cc):
    names = []
    for func, sig in load_kernels(path):
        ptx, _ = cuda.compile_ptx(func, sig, cc=cc)
        if ".entry" not in ptx:
            sys.exit("compile_ptx_bench.py: no .entry in the PTX of %s" % func.__name__)
        names.append(func.__name__)
    if not names:
        sys.exit("compile_ptx_bench.py: no kernel in %s" % path)
    return names


def check():
    def probe(x):
        x[0] = 1.0
    cuda.compile_ptx(probe, "void(float32[::1])", cc=(8, 0))
    import numba
    versions = {"numba": numba.__version__, "numpy": np.__version__}
    try:
        import numba_cuda
        versions["numba-cuda"] = numba_cuda.__version__
    except ImportError:
        pass
    print(" ".join("%s %s" % kv for kv in versions.items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a .pyk file of @cuda.jit kernels")
    parser.add_argument("--arch", default="sm_80")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.check:
        check()
        return
    if not args.file:
        parser.error("a .pyk file is needed (or --check)")
    names = compile_file(args.file, cc_of(args.arch))
    done = time.perf_counter()
    print(json.dumps({"import_ms": (imported - start) * 1e3,
                      "compile_ms": (done - imported) * 1e3, "kernels": names}))


if __name__ == "__main__":
    main()
