"""Prints what the cffi stand-in (stubs/cffi) gives a test module, and what
test_site.keep_cffi_unsupported leaves of Numba's cffi support, for
cffi_stub.test. Numba is not needed: a stand-in for the one module of it
that the step touches is enough."""
import os
import sys
import types

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(here), "pykc_conformance", "stubs"))
sys.path.insert(0, os.path.dirname(here))

import cffi  # noqa: E402

ffi = cffi.FFI()   # what test_cooperative_groups does at import
print("FFI() made:", type(ffi).__name__)
try:
    ffi.from_buffer(b"")
except NotImplementedError as error:
    print("from_buffer:", error)

# numba.cuda.typing.cffi_utils as it is when imported with the stub present
for name in ("numba", "numba.cuda", "numba.cuda.typing"):
    sys.modules[name] = types.ModuleType(name)
cffi_utils = types.ModuleType("numba.cuda.typing.cffi_utils")
cffi_utils.ffi = cffi.FFI()
cffi_utils.SUPPORTED = True
sys.modules["numba.cuda.typing.cffi_utils"] = cffi_utils
sys.modules["numba.cuda.typing"].cffi_utils = cffi_utils

from pykc_conformance import test_site  # noqa: E402

test_site.keep_cffi_unsupported()
print("SUPPORTED:", cffi_utils.SUPPORTED, "ffi:", cffi_utils.ffi)
