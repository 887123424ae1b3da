#!/usr/bin/env python3
"""Runs the kernels of tests/gpu/records.pyk, as compiled by pykc, and
checks their results against NumPy on the host, byte for byte (every
value they compute is exact). Records travel as docs/abi.md says: an
array of records as its data pointer, shape and strides in records; a
record parameter as the address of its bytes, written in place. CuPy has
no structured dtypes, so the bytes live in uint8 device arrays.

Usage: run_records.py PTX [PTX ...]   (pykc builds of records.pyk)
Prints one PASS/FAIL line per kernel and build and "N passed, M failed"
last; exits 1 on any failure."""
import sys

import cupy as cp
import numpy as np

rec = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", (np.uint8, 5))], align=True)
packed = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])
N, BLOCK = 256, 64


def device_bytes(host):
    return cp.asarray(np.ascontiguousarray(host).view(np.uint8))


def to_records(device, dtype):
    return cp.asnumpy(device).view(dtype)


def array_args(device, n):
    return [device, np.int64(n), np.int64(1)]


def sample():
    a = np.zeros(N, rec)
    a["a"] = np.arange(N) / 4
    a["b"] = np.arange(N) * 3 - 100
    a["c"] = np.arange(N) * 1j + 0.5
    a["d"] = (np.arange(N * 5) % 251).reshape(N, 5)
    return a


def check_fields(module):
    a = sample()
    want_out = a["a"] + a["b"] + a["c"].imag + a["d"][:, 4]
    want = a.copy()
    want["a"] = a["b"] * 2
    want["b"] = np.arange(N)
    want["c"] = np.arange(N) - 1j * np.arange(N)
    d_a, d_out = device_bytes(a), cp.zeros(N, np.float64)
    module.get_function("fields")((N // BLOCK,), (BLOCK,), tuple(array_args(d_a, N) + array_args(d_out, N)))
    return np.array_equal(cp.asnumpy(d_out), want_out) and to_records(d_a, rec).tobytes() == want.tobytes()


def check_record_param(module):
    r = np.zeros(1, packed)
    want = r.copy()
    want["i"] = 3
    want["j"][0] = np.array([[0, 1], [10, 11], [20, 21]])
    d_r = device_bytes(r)
    module.get_function("record_param")((1,), (1,), (np.uint64(d_r.data.ptr),))
    return to_records(d_r, packed).tobytes() == want.tobytes()


def check_reverse_shared(module):
    a = sample()
    want = a.reshape(-1, BLOCK)[:, ::-1].reshape(-1)
    d_src, d_dst = device_bytes(a), device_bytes(np.zeros(N, rec))
    module.get_function("reverse_shared")((N // BLOCK,), (BLOCK,),
                                          tuple(array_args(d_src, N) + array_args(d_dst, N)))
    return to_records(d_dst, rec).tobytes() == want.tobytes()


def main(paths):
    passed = failed = 0
    for path in paths:
        module = cp.RawModule(path=path)
        for check in (check_fields, check_record_param, check_reverse_shared):
            name = check.__name__[len("check_"):]
            try:
                ok = check(module)
            except Exception as error:   # a launch that fails is a failure, not a crash
                ok = False
                print("  %s: %s" % (type(error).__name__, error))
            print("%s: records %s (%s)" % ("PASS" if ok else "FAIL", name, path))
            passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
