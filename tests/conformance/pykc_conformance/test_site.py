"""What the sitecustomize.py of a conformance run does in every Python
process it starts (test modules, their multiprocessing workers and
subprocesses): make numba-cuda importable with this NumPy, make
`numba.cuda.tests` the checkout's tests rather than the installed ones,
keep Numba's cffi support off where cffi is the harness's stub, and install
the launch hook, with the exec and compile wrappers that remember the
source of code built from strings (exec_sources.py)."""
import importlib.util
import os
import sys


def restore_row_stack():
    """numba-cuda 0.30.4 calls np.row_stack, which newer NumPy removed."""
    import numpy as np
    if np.__dict__.get("row_stack") is None:
        np.row_stack = np.vstack


def drop_redirector():
    """numba-cuda installs a meta-path finder that redirects every module
    named numba.cuda.* to the numba_cuda package; given a search path
    outside that package (the checkout's tests) it asks every finder again,
    itself included, without end. Once numba.cuda is imported its __path__
    is the real package's, so the finder is no longer needed."""
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if type(finder).__name__ != "NumbaCudaFinder"]


def use_checkout_tests(checkout):
    """Makes `numba.cuda.tests` the checkout's package: the test modules
    import their helpers absolutely (numba.cuda.tests.support,
    numba.cuda.tests.cudapy.complex_usecases), so they must resolve there
    and not in the installed numba-cuda, which may lack its tests."""
    import numba.cuda
    drop_redirector()
    tests = os.path.join(checkout, "numba_cuda", "numba", "cuda", "tests")
    stale = [name for name in sys.modules if name == "numba.cuda.tests" or name.startswith("numba.cuda.tests.")]
    for name in stale:
        del sys.modules[name]
    spec = importlib.util.spec_from_file_location("numba.cuda.tests", os.path.join(tests, "__init__.py"),
                                                  submodule_search_locations=[tests])
    module = importlib.util.module_from_spec(spec)
    sys.modules["numba.cuda.tests"] = module
    numba.cuda.tests = module
    spec.loader.exec_module(module)


CFFI_UTILS = ("numba.cuda.typing.cffi_utils", "numba.core.typing.cffi_utils")


def keep_cffi_unsupported():
    """Where cffi is the harness's stub (stubs/cffi: the test modules
    import it), Numba's cffi support stays as it is without cffi: both
    numba-cuda's cffi_utils and numba core's (whose typeof numba-cuda's
    falls back on) made an FFI() of the stub when imported, which would
    turn SUPPORTED on, so typeof would ask the stub about every value (the
    first GPU run with the stub failed nearly every test there) and
    skip_unless_cffi would not skip."""
    try:
        import cffi
    except ImportError:
        return
    if not getattr(cffi, "PYKC_STUB", False):
        return
    for name in CFFI_UTILS:
        try:
            cffi_utils = importlib.import_module(name)
        except ImportError:
            continue
        cffi_utils.ffi = None
        cffi_utils.SUPPORTED = False


def setup(config):
    """Runs the four steps; reports a failure on stderr and carries on,
    so that the process runs as it would without the harness."""
    try:
        restore_row_stack()
        use_checkout_tests(config["checkout"])
        keep_cffi_unsupported()
        if config["hook"]:
            from . import exec_sources, hook
            exec_sources.install()
            hook.install(config)
    except Exception as error:
        sys.stderr.write("pykc conformance: setup failed: %s: %s\n" % (type(error).__name__, error))
