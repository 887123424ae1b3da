"""A stand-in for `cffi`, which three of numba-cuda's test modules import
at their top (test_cooperative_groups, test_device_func, test_inspect; the
first also makes an FFI() there) and which the GPU machine may lack: with
it these modules import, and their tests that do not use cffi run. A test
that does use it fails on the stub's error, or skips where it is marked
skip_unless_cffi: test_site.py keeps Numba's own cffi support off, as it
is without cffi, so Numba types and lowers everything as it would without
this stub. Installed only where the real package is missing."""

PYKC_STUB = True
__version__ = "0+pykc.stub"


class FFI:
    """cffi.FFI with none of its functions: each one raises."""

    def __getattr__(self, name):
        raise NotImplementedError("cffi is not installed (pykc's conformance harness gave a stub): "
                                  "FFI.%s is not available" % name)
