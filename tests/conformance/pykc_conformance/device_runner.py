"""Launches pykc's PTX through CuPy, in a process of its own that each test
process starts when it first needs it (python -m
pykc_conformance.device_runner). Apart because a pykc kernel that faults
leaves its CUDA context unusable, and one that never ends blocks its
process: either would break the numba-cuda tests that run next. Here the
runner reports the failure and exits, and the test process starts another.

Protocol (wire.py, on stdin and stdout): a request is a dict
  ptx, entry, cooperative, griddim, blockdim, sharedmem,
  params: [("array", values, byte strides) | ("scalar", numpy scalar)],
the parameters in ABI order with tuples already flattened; a 0-d array of
a record dtype is a record argument, passed as the address of its bytes;
the reply is
  {"status": "ok", "outputs": [array per "array" param], "seconds": t}
or {"status": "launch-error" | "harness-error" | "skipped", "detail": text},
and after a launch-error the runner exits."""
import os
import sys
import time
import traceback

import numpy as np

from pykc_conformance import wire

# Above this, a kernel must opt in to dynamic shared memory (CUDA's rule).
DEFAULT_DYNAMIC_SHARED = 48 * 1024


class LaunchError(Exception):
    """pykc's module did not load, its kernel did not launch or faulted."""


def strided_copy(cp, values, strides):
    """A device array holding `values` with the byte strides Numba's
    argument had (views, reversed or broadcast arrays included), so that
    pykc's kernel sees the shape and strides numba's saw."""
    itemsize = values.dtype.itemsize
    if values.size == 0:
        return cp.empty(values.shape, values.dtype)
    if any(s % itemsize for s in strides):
        raise ValueError("strides %s are not a multiple of the item size %d" % (strides, itemsize))
    low = sum(s * (n - 1) for s, n in zip(strides, values.shape) if s < 0)
    high = sum(s * (n - 1) for s, n in zip(strides, values.shape) if s > 0) + itemsize
    memory = cp.cuda.alloc(high - low)
    view = cp.ndarray(values.shape, values.dtype, memptr=memory + (-low), strides=strides)
    view[...] = cp.asarray(np.ascontiguousarray(values))
    return view


class RecordBuffer:
    """Records on the device: CuPy has no structured dtypes, so the bytes
    travel as uint8 with the record's bytes as a last dimension."""

    def __init__(self, cp, values, strides):
        self.dtype, self.shape = values.dtype, values.shape
        size = values.dtype.itemsize
        compact = np.ascontiguousarray(values).view(np.uint8).reshape(values.shape + (size,))
        self.bytes = strided_copy(cp, compact, tuple(strides) + (1,))
        self.item_strides = [s // size for s in strides]

    def to_host(self, cp):
        host = np.ascontiguousarray(cp.asnumpy(self.bytes))
        return host.view(self.dtype).reshape(self.shape)


class DatetimeBuffer:
    """datetime64 and timedelta64 arrays on the device: CuPy has no such
    dtypes, so their int64 counts travel (docs/abi.md: a datetime is its
    int64 count) and come back viewed as the dtype again."""

    def __init__(self, cp, values, strides):
        self.dtype = values.dtype
        self.counts = strided_copy(cp, values.view(np.int64), strides)

    def to_host(self, cp):
        return cp.asnumpy(self.counts).view(self.dtype)


def record_arguments(cp, values, strides):
    """A record (0-d) is its address; an array of records is an array whose
    elements are the records' bytes (docs/abi.md)."""
    buffer = RecordBuffer(cp, values, strides)
    if values.ndim == 0:
        return [np.uint64(buffer.bytes.data.ptr)], buffer
    args = [np.uint64(buffer.bytes.data.ptr)]
    args.extend(np.int64(n) for n in values.shape)
    args.extend(np.int64(s) for s in buffer.item_strides)
    return args, buffer


def kernel_arguments(cp, params):
    """The ABI's flat argument list (docs/abi.md: per array its data
    pointer, its shape, its strides in elements) and the device arrays,
    one per array parameter; ("alias", k) is parameter k's array again
    (the same array passed twice: one copy on the device)."""
    args, arrays = [], []
    passed = {}   # parameter index -> (its arguments, its device array)
    for i, param in enumerate(params):
        if param[0] == "alias":
            more, device = passed[param[1]]
        elif param[0] == "array" and param[1].dtype.fields is not None:
            more, device = record_arguments(cp, param[1], param[2])
        elif param[0] == "array" and param[1].dtype.kind in "mM":
            device = DatetimeBuffer(cp, param[1], param[2])
            counts = device.counts
            more = [counts]
            more.extend(np.int64(n) for n in counts.shape)
            more.extend(np.int64(s // counts.itemsize) for s in counts.strides)
        elif param[0] == "array":
            device = strided_copy(cp, param[1], param[2])
            more = [device]
            more.extend(np.int64(n) for n in device.shape)
            more.extend(np.int64(s // device.itemsize) for s in device.strides)
        else:
            args.append(param[1])
            continue
        passed[i] = (more, device)
        args.extend(more)
        arrays.append(device)
    return args, arrays


class Runner:
    """Loads each PTX once and launches its kernels as asked."""

    def __init__(self, cp):
        self.cp = cp
        self.modules = {}

    def function(self, ptx, entry, cooperative):
        key = (ptx, cooperative)
        if key not in self.modules:
            self.modules[key] = self.cp.RawModule(path=ptx, enable_cooperative_groups=cooperative)
        return self.modules[key].get_function(entry)

    def launch(self, request, args):
        """Launches and waits; returns the seconds it took."""
        try:
            kernel = self.function(request["ptx"], request["entry"], request["cooperative"])
            if request["sharedmem"] > DEFAULT_DYNAMIC_SHARED:
                kernel.max_dynamic_shared_size_bytes = request["sharedmem"]
            start = time.perf_counter()
            kernel(tuple(request["griddim"]), tuple(request["blockdim"]), tuple(args),
                   shared_mem=request["sharedmem"])
            self.cp.cuda.runtime.deviceSynchronize()
            return time.perf_counter() - start
        except Exception as error:
            raise LaunchError("%s: %s" % (type(error).__name__, error)) from error

    def handle(self, request):
        if request["cooperative"] and not hasattr(self.cp.cuda.driver, "launchCooperativeKernel"):
            return {"status": "skipped", "detail": "skipped: cooperative (this CuPy cannot launch one)"}
        try:
            args, arrays = kernel_arguments(self.cp, request["params"])
        except Exception as error:
            return {"status": "harness-error", "detail": "preparing arguments: %s: %s" % (type(error).__name__, error)}
        try:
            seconds = self.launch(request, args)
        except LaunchError as error:
            return {"status": "launch-error", "detail": str(error)}
        outputs = [a.to_host(self.cp) if isinstance(a, (RecordBuffer, DatetimeBuffer)) else self.cp.asnumpy(a)
                   for a in arrays]
        return {"status": "ok", "seconds": seconds, "outputs": outputs}


def protocol_fds():
    """The pipe's ends, with fd 1 then pointed at stderr: whatever a library
    prints must not land in the middle of a reply."""
    reply_fd = os.dup(1)
    os.dup2(2, 1)
    return 0, reply_fd


def main():
    request_fd, reply_fd = protocol_fds()
    try:
        import cupy
        runner = Runner(cupy)
    except Exception as error:
        runner, failure = None, "cannot use CuPy: %s: %s" % (type(error).__name__, error)
    while True:
        request = wire.receive(request_fd)
        if request is None:
            return 0
        if runner is None:
            wire.send(reply_fd, {"status": "harness-error", "detail": failure})
            continue
        try:
            reply = runner.handle(request)
        except Exception:
            reply = {"status": "harness-error", "detail": traceback.format_exc(limit=4)}
        wire.send(reply_fd, reply)
        if reply["status"] == "launch-error":
            return 0


if __name__ == "__main__":
    sys.exit(main())
