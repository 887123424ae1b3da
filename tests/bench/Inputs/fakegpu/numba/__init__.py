"""A stand-in for numba-cuda (see ../cupy): `cuda.jit` records the kernel,
a configured kernel's launch costs 12 us of the fake GPU clock on the
stream it was configured with. With FAKE_NUMBA_MISBEHAVES set, saxpy's
launch on a capturing stream raises (as a launcher calling an API a
capture forbids would) and mandelbrot's runs at once instead of being
captured (as a launcher that used another stream would): the runner must
time both by its spin fallback."""
import os

import numpy as np

float32, float64 = np.float32, np.float64
int32, int64, uint32, uint64 = np.int32, np.int64, np.uint32, np.uint64


class _Configured:
    def __init__(self, name, stream):
        self.name, self.stream = name, stream

    def __call__(self, *args):
        import cupy
        s = self.stream.cupy_stream
        if s.capturing is not None and os.environ.get("FAKE_NUMBA_MISBEHAVES"):
            if self.name == "saxpy":
                raise RuntimeError("fake: operation not permitted when stream is capturing")
            if self.name == "mandelbrot":
                s = None
        cupy.run_op(s, 0.012)


class _Dispatcher:
    def __init__(self, fn):
        self.fn = fn

    def __getitem__(self, config):
        grid, block, stream = config
        return _Configured(self.fn.__name__, stream)


class _ExternalStream:
    def __init__(self, ptr):
        import gc
        import cupy
        # find the fake CuPy stream with this pointer
        self.cupy_stream = next(o for o in gc.get_objects() if isinstance(o, cupy.cuda.Stream) and o.ptr == ptr)


class cuda:
    @staticmethod
    def jit(sig=None, **options):
        return lambda fn: _Dispatcher(fn)

    @staticmethod
    def as_cuda_array(a):
        return a

    @staticmethod
    def external_stream(ptr):
        return _ExternalStream(ptr)
