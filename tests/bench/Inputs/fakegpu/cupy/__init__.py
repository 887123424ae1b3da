"""A stand-in for CuPy, enough to drive bench/kernels/run.py's GPU path
without a GPU: arrays are NumPy arrays, kernels do nothing but advance a
simulated GPU clock by a fixed cost per build (pykc 10 us, nvcc 9 us; the
fake numba's launches 12 us), stream capture records the launches and a
graph replays them, events read the clock. Tests only the runner's
plumbing (launch counts, K, ratios, fallbacks), never a kernel."""
import numpy as np

__version__ = "fake"
int64 = np.int64
CLOCK = [0.0]            # simulated GPU time, ms
COST_MS = {"pykc": 0.010, "nvcc": 0.009, "spin": 0.0}


class ndarray:
    def __init__(self, host):
        self.a = np.array(host)
        self.shape, self.strides, self.itemsize = self.a.shape, self.a.strides, self.a.itemsize

    def set(self, host, stream=None):
        self.a[...] = host


def asarray(host):
    return ndarray(host)


def asnumpy(d):
    return d.a.copy()


class _Pool:
    def free_all_blocks(self):
        pass


def get_default_memory_pool():
    return _Pool()


def run_op(stream, cost_ms):
    """A launch on `stream`: recorded while it captures, else run."""
    if stream is not None and stream.capturing is not None:
        stream.capturing.append(cost_ms)
    else:
        CLOCK[0] += cost_ms


class _Function:
    def __init__(self, build, name):
        self.build, self.name = build, name

    def __call__(self, grid, block, args, stream=None, shared_mem=0):
        assert isinstance(grid, tuple) and isinstance(block, tuple), (grid, block)
        run_op(stream, COST_MS[self.build])


class RawModule:
    def __init__(self, path=None, code=None):
        self.build = "spin" if code else ("pykc" if path.endswith(".ptx") else "nvcc")

    def get_function(self, name):
        return _Function(self.build, name)


class _Graph:
    def __init__(self, ops):
        self.ops = ops

    def launch(self, stream=None):
        CLOCK[0] += sum(self.ops)


class _Stream:
    _next = [100]

    def __init__(self, non_blocking=False):
        self.ptr = _Stream._next[0]
        _Stream._next[0] += 1
        self.capturing = None

    def begin_capture(self, mode=None):
        assert self.capturing is None
        self.capturing = []

    def end_capture(self):
        ops, self.capturing = self.capturing, None
        return _Graph(ops)

    def synchronize(self):
        assert self.capturing is None, "synchronize during capture"


class _Event:
    def record(self, stream=None):
        self.t = CLOCK[0]

    def synchronize(self):
        pass


class _Device:
    id = 0
    compute_capability = "90"


class _Runtime:
    streamCaptureModeRelaxed = 2

    @staticmethod
    def getDeviceProperties(i):
        return {"name": b"Fake GPU (tests/bench/Inputs/fakegpu)"}


class cuda:
    Stream = _Stream
    Event = _Event
    Device = _Device
    runtime = _Runtime

    @staticmethod
    def get_elapsed_time(start, end):
        return end.t - start.t
