"""The launch hook, installed in every process of a conformance run by
test_site.setup(): it wraps numba-cuda's `_Kernel.launch`, and for the first
few launches of each kernel (file, line, qualified name, signature) it
copies the array arguments to the host, lets Numba launch, copies them
again, compiles the kernel with pykc, has a device runner launch pykc's PTX
on the first copies, and appends a record comparing the results.

Numba's test must not notice: nothing of pykc's side runs before Numba's
launch has returned, every failure on pykc's side becomes a record (or a
line in hook-errors.log), and Numba's own exceptions pass through untouched."""
import atexit
import collections
import ctypes
import json
import os
import subprocess
import sys
import threading
import time
import traceback

import numpy as np

from . import checkout, closure_values, compare, exec_kernels, kernel_types, pykc_compile, records, ufuncs, wire

LAUNCH_TIMEOUT_S = 60     # a pykc launch, its module's JIT included
STARTUP_TIMEOUT_S = 120   # the first request also waits for CuPy to start


class ArraySlot:
    """One array argument (a tuple's member too): the object Numba got,
    its label in the report, whether its result is compared (not for
    cuda.In, which Numba never copies back), and its copies."""

    def __init__(self, label, obj, compared):
        self.label, self.obj, self.compared = label, obj, compared
        self.before = self.strides = self.after = None
        self.alias = None   # an earlier slot whose memory this one is


def _memory(obj):
    """(address, shape, byte strides, dtype) of an array argument's
    elements, or None: two arguments with the same are one array."""
    try:
        interface = (obj.__cuda_array_interface__ if hasattr(obj, "__cuda_array_interface__")
                     else obj.__array_interface__)
        return (interface["data"][0], tuple(interface["shape"]), tuple(interface.get("strides") or ()),
                interface["typestr"])
    except Exception:
        return None


def mark_aliases(slots):
    """Arguments that are the same array (a ufunc's reduce and `out=` given
    an input pass one array twice): pykc's launch must get one copy for
    both, or what the kernel writes through one is not seen through the
    other."""
    seen = {}
    for slot in slots:
        memory = _memory(slot.obj)
        if memory is None or memory[0] == 0:
            continue
        if memory in seen:
            slot.alias = seen[memory]
        else:
            seen[memory] = slot


def _unwrap_hint(value):
    """cuda.In/Out/InOut(a) -> (a, whether Numba copies a back)."""
    kind = type(value).__name__
    if kind in ("In", "Out", "InOut") and hasattr(value, "value"):
        return value.value, kind != "In"
    return value, True


def _nbytes(obj):
    """The size of an array argument's elements without copying it."""
    if hasattr(obj, "nbytes"):
        return int(obj.nbytes)
    interface = obj.__cuda_array_interface__
    return int(np.prod(interface["shape"])) * np.dtype(interface["typestr"]).itemsize


def _to_host(obj):
    """(values as a compact host array, the byte strides obj has); a
    record (np.void) as a 0-d array of its dtype."""
    if isinstance(obj, np.void):
        return np.array(obj, copy=True), ()
    if isinstance(obj, np.ndarray):
        return np.array(obj, copy=True), obj.strides
    from numba import cuda
    device = obj if hasattr(obj, "copy_to_host") else cuda.as_cuda_array(obj)
    return np.ascontiguousarray(device.copy_to_host()), tuple(device.strides)


def _scalar_values(plan, value):
    """A scalar argument as the ABI passes it: numpy scalars of the exact
    width (docs/abi.md), as Numba's own argument marshalling converts it."""
    _, dtype, abi = plan
    if abi == "uint8":
        return [np.uint8(bool(value))]
    if abi == "bits16":
        return [np.float16(value).view(np.uint16)]
    if abi == "complex":
        number = np.dtype(dtype).type(value)
        return [number.real, number.imag]
    if abi == "datetime":
        return [np.asarray(value).view(np.int64)[()]]
    if np.dtype(dtype).kind in "iu":
        return [np.dtype(dtype).type(getattr(ctypes, "c_" + dtype)(value).value)]
    return [np.dtype(dtype).type(value)]


def is_cooperative(kernel):
    """Whether Numba launches the kernel cooperatively (it uses grid sync)."""
    return bool(getattr(kernel, "cooperative", False))


def problem(run, detail):
    """The run fields of a check that ends before pykc's kernel runs."""
    return {"run": run, "run_detail": detail}


class Launch:
    """What the hook knows of one checked launch."""

    def __init__(self, kernel, args, griddim, blockdim, sharedmem):
        self.kernel, self.args = kernel, args
        self.griddim, self.blockdim, self.sharedmem = griddim, blockdim, sharedmem
        self.key = self.unsupported = self.source = self.ptx = self.ufunc = None
        self.exec_source = None   # the `source` field of a function compiled from a string
        self.slots, self.params = [], []
        self.problem = None  # the run fields when the check ends early
        self.numba_seconds = None

    def record(self):
        file, line, qualname, sig, binds = self.key[:5]
        extra = {"ufunc": self.ufunc} if self.ufunc else {}
        if self.exec_source:
            extra["source"] = self.exec_source
        return {**extra, "file": file, "line": line, "qualname": qualname, "sig": sig, "binds": list(binds),
                "griddim": list(self.griddim), "blockdim": list(self.blockdim),
                "sharedmem": self.sharedmem, "cooperative": is_cooperative(self.kernel),
                "numba_seconds": self.numba_seconds, "pykc_seconds": None,
                "run": None, "run_detail": None}


class DeviceRunner:
    """The client end of device_runner.py: started when first needed,
    restarted after it exits (it does after a launch error) and killed when
    a launch takes too long."""

    def __init__(self, config):
        self.config = config
        self.process = self.owner = None
        self.fresh = True
        self.log = os.path.join(config["state"], "runner-logs", "%d.log" % os.getpid())

    def _start(self):
        os.makedirs(os.path.dirname(self.log), exist_ok=True)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            p for p in [self.config["package_parent"], self.config["pythonpath"]] if p))
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "pykc_conformance.device_runner"],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=log, env=env)
        self.owner, self.fresh = os.getpid(), True

    def _stop(self):
        """Ends our runner and waits, so that no zombie is left; returns its
        exit status."""
        if self.process.poll() is None:
            self.process.kill()
        status = self.process.wait()
        self.process = None
        return status

    def _log_tail(self):
        try:
            with open(self.log, "rb") as f:
                return f.read()[-600:].decode(errors="replace").strip()
        except OSError:
            return ""

    def run(self, request):
        """The runner's reply to one request; a runner that dies or does not
        answer in time gives a launch-error reply."""
        if self.process is None or self.owner != os.getpid():  # none yet, or inherited by fork
            self._start()
        timeout = STARTUP_TIMEOUT_S if self.fresh else LAUNCH_TIMEOUT_S
        self.fresh = False
        try:
            wire.send(self.process.stdin.fileno(), request)
        except OSError:  # it died before reading all of it
            reply = None
        else:
            reply = wire.receive(self.process.stdout.fileno(), time.monotonic() + timeout)
        if reply is None:
            timed_out = self.process.poll() is None
            status = self._stop()
            if timed_out:
                return {"status": "launch-error", "detail": "pykc's kernel did not finish in %d s" % timeout}
            return {"status": "launch-error",
                    "detail": "the device runner exited (status %s): %s" % (status, self._log_tail())}
        if reply["status"] == "launch-error":
            self._stop()
        return reply


class Checker:
    """The hook's state in one process: which kernels were seen, the
    compile cache and the device runner."""

    def __init__(self, config):
        self.config = config
        self.cache = pykc_compile.CompileCache(os.path.join(config["state"], "ptx"), config["pykc"],
                                               config["checkout"], config["pykc_args"])
        self.runner = DeviceRunner(config)
        self.lock = threading.Lock()
        self.exhausted = set()
        self.skipped = collections.Counter()
        self.package_dir = None
        self.originals = checkout.Originals(config["checkout"])
        atexit.register(self.write_skip_counts)

    # -- the wrapper -------------------------------------------------------

    def launch(self, original, kernel, args, griddim, blockdim, stream, sharedmem):
        """Numba's launch, with the check around it."""
        check = self.begin(kernel, args, griddim, blockdim, sharedmem)
        start = time.perf_counter()
        result = original(kernel, args, griddim, blockdim, stream, sharedmem)
        if check is not None:
            self.finish(check, start)
        return result

    def begin(self, kernel, args, griddim, blockdim, sharedmem):
        """Before Numba's launch: a Launch to check, with its inputs copied,
        or None when this launch is not checked."""
        try:
            check = Launch(kernel, args, griddim, blockdim, sharedmem)
            self.identify(check)
            if not self.claim(check.key):
                return None
            if not check.unsupported and check.source:
                self.copy_inputs(check)
            return check
        except Exception:
            self.log_error("before the launch of %r" % (getattr(kernel, "py_func", kernel),))
            return None

    def finish(self, check, start):
        """After Numba's launch: wait for it, copy its results, compile and
        run pykc's kernel, compare, append the record."""
        try:
            self.wait_for_numba(check, start)
            record = check.record()
            record.update(self.compile(check))
            if record["compile"] == "ok":
                with self.lock:
                    record.update(check.problem or self.run_pykc(check))
            records.append_record(self.config["out"], record)
        except Exception:
            self.log_error("after the launch of %s" % (check.key,))

    # -- before the launch -------------------------------------------------

    def identify(self, check):
        """Fills check.key (file, line, qualname, sig, binds), check.source (the
        file is in the checkout, or the text it was compiled from is known:
        check.exec_source) and check.unsupported."""
        func = getattr(check.kernel, "py_func", None)
        code = getattr(func, "__code__", None)
        if code is None:   # a kernel rebuilt from numba's on-disk cache has no Python function
            check.key = ("<cache>", 0, type(check.kernel).__name__, "?", ())
            check.source = False
            check.unsupported = None
            return
        sig, check.unsupported = kernel_types.signature(check.kernel.argument_types)
        try:
            generated = ufuncs.origin(func)
        except kernel_types.UnsupportedType as error:
            generated = None
            check.unsupported = check.unsupported or ["the ufunc's core: %s" % error]
        if generated:   # @cuda.vectorize's kernel: recorded under the user's def
            func, check.ufunc = generated
            code = func.__code__
        file, check.source = self.source_file(code.co_filename)
        if not check.source and not generated and not ufuncs.is_generated_name(func.__name__):
            check.exec_source = exec_kernels.source_field(func)
            if check.exec_source:   # compiled from a string: pykc gets the text (exec_kernels.py)
                file, check.source = exec_kernels.label(code.co_filename, check.exec_source), True
        qualname = records.strip_locals(func.__qualname__)
        binds = tuple(closure_values.closure_binds(func, qualname))
        check.key = (file, code.co_firstlineno, qualname, sig, binds)
        if check.ufunc:
            check.key += (ufuncs.key_part(check.ufunc),)

    def source_file(self, filename):
        """(path relative to the checkout, True) for the checkout's files,
        the installed numba-cuda's own (the same version, so the checkout
        has them too) and copies of a checkout file (the caching tests
        copy their use cases to a temporary directory and import them);
        else (filename, False): generated code."""
        path = os.path.realpath(filename)
        roots = [(os.path.realpath(self.config["checkout"]), ""),
                 (self.installed_package(), os.path.join("numba_cuda", "numba", "cuda"))]
        for root, prefix in roots:
            if path.startswith(root + os.sep):
                relative = os.path.join(prefix, os.path.relpath(path, root))
                return relative, os.path.exists(os.path.join(self.config["checkout"], relative))
        original = self.originals.original(path)
        return (original, True) if original else (filename, False)

    def installed_package(self):
        """The directory of the numba.cuda this process imported."""
        if self.package_dir is None:
            import numba.cuda
            self.package_dir = os.path.realpath(os.path.dirname(numba.cuda.__file__))
        return self.package_dir

    def claim(self, key):
        """Whether this launch is one of the first max_launches of its
        kernel in the whole run: slot files created with O_EXCL count them
        across processes."""
        digest = records.key_digest(key)
        if digest not in self.exhausted:
            for n in range(self.config["max_launches"]):
                path = os.path.join(self.config["state"], "slots", "%s.%d" % (digest, n))
                try:
                    os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                    return True
                except FileExistsError:
                    continue
            self.exhausted.add(digest)
        self.skipped[key] += 1
        return False

    def copy_inputs(self, check):
        """Copies the array arguments to the host and converts the scalars
        (check.params, in the ABI's order), unless the arrays are too big."""
        try:
            plans = [kernel_types.abi_plan(t) for t in check.kernel.argument_types]
            code = check.kernel.py_func.__code__
            names = code.co_varnames[:code.co_argcount]
            for i, (plan, value) in enumerate(zip(plans, check.args)):
                label = "arg %d (%s)" % (i, names[i]) if i < len(names) else "arg %d" % i
                self.flatten(plan, value, label, check)
            total = sum(_nbytes(slot.obj) for slot in check.slots)
            if total > self.config["max_bytes"]:
                check.problem = problem("skipped", "skipped: the arrays hold %d bytes, over %d"
                                        % (total, self.config["max_bytes"]))
                return
            if any(not isinstance(slot.obj, np.ndarray) for slot in check.slots):
                from numba import cuda
                cuda.synchronize()  # earlier work on other streams must be done
            for slot in check.slots:
                slot.before, slot.strides = _to_host(slot.obj)
            mark_aliases(check.slots)
        except Exception as error:
            check.problem = problem("harness-error", "copying the inputs: %s: %s" % (type(error).__name__, error))

    def flatten(self, plan, value, label, check):
        """Appends a value's ABI parameters to check.params: an ArraySlot per
        array, numpy scalars per scalar, tuples member by member."""
        if plan[0] in ("array", "record"):   # a record: a 0-d array of its bytes
            obj, compared = _unwrap_hint(value)
            slot = ArraySlot(label, obj, compared)
            check.slots.append(slot)
            check.params.append(slot)
        elif plan[0] == "enum":   # an enum member: its value (docs/abi.md)
            self.flatten(plan[1], value.value, label, check)
        elif plan[0] == "tuple":
            for i, (member, item) in enumerate(zip(plan[1], value)):
                self.flatten(member, item, "%s[%d]" % (label, i), check)
        else:
            check.params.extend(_scalar_values(plan, value))

    # -- after the launch --------------------------------------------------

    def wait_for_numba(self, check, start):
        """Synchronises, times Numba's launch and copies its results."""
        from numba import cuda
        try:
            cuda.synchronize()
        except Exception as error:
            check.problem = check.problem or problem("skipped", "skipped: numba's kernel failed: %s" % error)
            return
        check.numba_seconds = time.perf_counter() - start
        if check.problem is None and check.slots and check.slots[0].before is not None:
            try:
                for slot in check.slots:
                    slot.after = _to_host(slot.obj)[0]
            except Exception as error:
                check.problem = problem("harness-error", "copying numba's results: %s: %s"
                                        % (type(error).__name__, error))

    def compile(self, check):
        """The record's compile fields; 'unsupported-type' and 'no-source'
        without running pykc."""
        if check.unsupported:
            return {"compile": "unsupported-type", "compile_exit": None,
                    "compile_message": "unsupported argument type: " + ", ".join(check.unsupported)}
        if not check.source:
            return {"compile": "no-source", "compile_exit": None,
                    "compile_message": "no source file in the checkout: " + check.key[0]}
        with self.lock:
            result = self.cache.compile(check.key, check.exec_source)
        check.ptx = result.get("ptx")
        return {k: result[k] for k in ("compile", "compile_exit", "compile_message")}

    def run_pykc(self, check):
        """Launches pykc's kernel on the copies of the inputs and compares;
        returns the record's run fields."""
        facts = [kernel_types.facts_spelling(t) for t in check.kernel.argument_types]
        with open(check.ptx, encoding="utf-8", errors="replace") as f:
            entries = pykc_compile.facts_entries(f.read())
        try:
            entry = pykc_compile.choose_entry(entries, facts)
        except LookupError as error:
            return problem("harness-error", "no entry to launch: %s" % error)
        reply = self.runner.run(self.request(check, entry))
        if reply["status"] != "ok":
            return problem(reply["status"], reply["detail"])
        compared = [(slot.label, slot.after, got)
                    for slot, got in zip(check.slots, reply["outputs"]) if slot.compared]
        run, detail = compare.compare_launch(compared)
        return {"run": run, "run_detail": detail, "pykc_seconds": reply["seconds"]}

    def request(self, check, entry):
        def param(p):
            if not isinstance(p, ArraySlot):
                return ("scalar", p)
            if p.alias is not None:
                return ("alias", check.params.index(p.alias))
            return ("array", p.before, p.strides)
        params = [param(p) for p in check.params]
        return {"ptx": check.ptx, "entry": entry, "cooperative": is_cooperative(check.kernel),
                "griddim": tuple(check.griddim), "blockdim": tuple(check.blockdim),
                "sharedmem": int(check.sharedmem), "params": params}

    # -- bookkeeping -------------------------------------------------------

    def log_error(self, where):
        """A failure of the hook itself: logged, never raised into the test."""
        try:
            with open(os.path.join(self.config["state"], "hook-errors.log"), "a", encoding="utf-8") as f:
                f.write("pid %d, %s:\n%s\n" % (os.getpid(), where, traceback.format_exc()))
        except OSError:
            pass

    def write_skip_counts(self):
        """At exit: how many launches of each kernel this process left
        unchecked; the harness adds them to the records."""
        if not self.skipped:
            return
        path = os.path.join(self.config["state"], "skips", "%d.json" % os.getpid())
        try:
            with open(path, "w", encoding="utf-8") as f:
                json.dump([[list(key), n] for key, n in self.skipped.items()], f)
        except OSError:
            pass


def install(config):
    """Wraps numba-cuda's _Kernel.launch (once per process)."""
    from numba.cuda import dispatcher
    try:
        ufuncs.install_tags()
    except Exception:   # an older or newer numba-cuda: layouts stay unknown
        pass
    original = dispatcher._Kernel.launch
    if getattr(original, "pykc_checked", False):
        return
    checker = Checker(config)

    def launch(self, args, griddim, blockdim, stream=0, sharedmem=0):
        return checker.launch(original, self, args, griddim, blockdim, stream, sharedmem)

    launch.pykc_checked = True
    launch.__wrapped__ = original
    dispatcher._Kernel.launch = launch
