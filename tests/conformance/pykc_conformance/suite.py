"""`harness.py run`: runs numba-cuda's test modules (tests/cudapy and
tests/doc_examples of a checkout) with numba-cuda, each module in a process
of its own, N at a time, with the launch hook in every process, and writes
what the hook found (RESULTS.jsonl) and how each module ended
(modules.jsonl beside it).

The hook reaches every process through a sitecustomize.py in a directory
of this run put first on PYTHONPATH; the run's other state (launch slots,
the PTX cache, skip counts, logs) lives in the same temporary directory."""
import collections
import concurrent.futures
import glob
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import checkout, pykc_compile, records

MODULE_TIMEOUT_S = 300
MAX_LAUNCHES = 3
MAX_BYTES = 256 << 20
TAIL_CHARS = 3000
SUITES = ("cudapy", "doc_examples")

SITECUSTOMIZE = '''"""Written by pykc's conformance harness (tests/conformance/harness.py
run) for one run, and put first on PYTHONPATH: sets up every Python process
of the run (pykc_conformance/test_site.py says what it does)."""
import sys

sys.path.append(%(package_parent)r)
from pykc_conformance import test_site

test_site.setup(%(config)r)
'''

# pytest's configuration in the directory of the proxy modules (worker.py):
# those modules are its only test files.
PYTEST_INI = "[pytest]\npython_files = test_*.py\n"


def discover(checkout, substring):
    """[(module name, path relative to the checkout)] of the test modules,
    those whose path contains `substring` if one is given."""
    tests = os.path.join("numba_cuda", "numba", "cuda", "tests")
    found = []
    for suite in SUITES:
        for path in sorted(glob.glob(os.path.join(checkout, tests, suite, "test_*.py"))):
            relative = os.path.relpath(path, checkout)
            if substring and substring not in relative:
                continue
            name = "numba.cuda.tests.%s.%s" % (suite, os.path.basename(path)[:-3])
            found.append((name, relative))
    return found


def choose_runner(requested):
    """pytest when this Python has it (numba-cuda's tests import it and are
    written for it), else unittest; --runner overrides."""
    if requested:
        return requested
    return "pytest" if importlib.util.find_spec("pytest") else "unittest"


class Run:
    """One `harness.py run`: its paths and settings."""

    def __init__(self, args):
        self.checkout = os.path.realpath(args.checkout)
        self.pykc = pykc_compile.program(args.pykc)
        self.out = os.path.abspath(args.out)
        self.modules_out = os.path.join(os.path.dirname(self.out), "modules.jsonl")
        self.hook_errors = os.path.join(os.path.dirname(self.out), "hook-errors.log")
        self.jobs, self.runner = args.jobs, choose_runner(args.runner)
        self.state = tempfile.mkdtemp(prefix="pykc-conformance-")
        self.package_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.config = {
            "checkout": self.checkout, "pykc": self.pykc, "pykc_args": list(args.pykc_arg or []),
            "state": self.state, "out": self.out, "hook": not args.no_hook,
            "max_launches": MAX_LAUNCHES, "max_bytes": MAX_BYTES,
            "package_parent": self.package_parent, "pythonpath": os.environ.get("PYTHONPATH", ""),
        }

    def prepare(self):
        """Empties the outputs and lays out the run's directory."""
        os.makedirs(os.path.dirname(self.out), exist_ok=True)
        for path in (self.out, self.modules_out):
            open(path, "w").close()
        if os.path.exists(self.hook_errors):
            os.unlink(self.hook_errors)
        for sub in ("site", "slots", "skips", "ptx", "logs", "proxies"):
            os.makedirs(os.path.join(self.state, sub))
        with open(os.path.join(self.state, "site", "sitecustomize.py"), "w") as f:
            f.write(SITECUSTOMIZE % {"package_parent": self.package_parent, "config": self.config})
        self.add_missing_stubs(os.path.join(self.state, "site"))
        with open(os.path.join(self.state, "proxies", "pytest.ini"), "w") as f:
            f.write(PYTEST_INI)

    def add_missing_stubs(self, site):
        """Stand-ins for packages the test helpers import but the machine
        lacks (stubs/): copied beside sitecustomize.py, which is on
        PYTHONPATH, only when the real one cannot be imported."""
        stubs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stubs")
        for name in sorted(os.listdir(stubs)):
            if importlib.util.find_spec(name) is None:
                shutil.copytree(os.path.join(stubs, name), os.path.join(site, name))

    def environment(self):
        site = os.path.join(self.state, "site")
        return dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [site, self.config["pythonpath"]] if p))

    def command(self, module):
        return [sys.executable, "-m", "pykc_conformance.worker", self.runner, self.checkout, self.state, module]


def run_module(run, module, relative, env):
    """Runs one module to its end or its timeout (then its whole process
    group goes: the device runner and any workers it started too); returns
    its modules.jsonl record."""
    log_path = os.path.join(run.state, "logs", module + ".log")
    start = time.monotonic()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(run.command(module), stdout=log, stderr=subprocess.STDOUT, env=env,
                                   cwd=run.state, start_new_session=True)
        try:
            status, timed_out = process.wait(MODULE_TIMEOUT_S), False
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:  # it ended meanwhile
                pass
            status, timed_out = process.wait(), True
    record = {"module": module, "file": relative, "exit": status,
              "seconds": round(time.monotonic() - start, 1),
              "status": module_status(run.runner, status, timed_out)}
    if record["status"] != "ok":
        with open(log_path, "rb") as log:
            record["tail"] = log.read()[-TAIL_CHARS:].decode(errors="replace")
    records.append_record(run.modules_out, record)
    print("%-12s %s (%.0f s)" % (record["status"], module, record["seconds"]), flush=True)
    return record


def module_status(runner, status, timed_out):
    """ok, tests-failed, no-tests, timeout or crash (killed by a signal, or
    an exit status the runner gives only when it could not run the tests)."""
    if timed_out:
        return "timeout"
    known = {0: "ok", 1: "tests-failed"}
    if runner == "pytest":
        known[5] = "no-tests"
    return known.get(status, "crash")


def merge_skip_counts(run):
    """Adds launches_skipped (launches beyond the first MAX_LAUNCHES of a
    kernel, summed over the processes) to every record of the kernel."""
    skipped = collections.Counter()
    for path in glob.glob(os.path.join(run.state, "skips", "*.json")):
        with open(path, encoding="utf-8") as f:
            try:
                counts = json.load(f)
            except ValueError:
                # a test process that died while writing it (test_caching
                # kills its own): its skipped launches go uncounted
                print("skip counts unreadable, ignored: %s" % path, file=sys.stderr)
                continue
            for key, n in counts:
                skipped[records.key_from_json(key)] += n
    merged = records.read_records(run.out)
    for record in merged:
        record["launches_skipped"] = skipped.get(records.kernel_key(record), 0)
    records.write_records(run.out, merged)


def keep_hook_errors(run):
    """Copies the hook's own failures next to the results, if any."""
    source = os.path.join(run.state, "hook-errors.log")
    if not os.path.exists(source):
        return None
    shutil.copyfile(source, run.hook_errors)
    return run.hook_errors


def summary(run, modules, hook_errors):
    """The lines printed at the end of a run."""
    results = records.read_records(run.out)
    kernels = {records.kernel_key(r) for r in results}
    compiled = collections.Counter(r["compile"] for r in results)
    outcomes = collections.Counter(r["run"] for r in results if r["run"])
    lines = ["%d launch records, %d kernels" % (len(results), len(kernels)),
             "launch records by compile: " + ", ".join("%s %d" % kv for kv in sorted(compiled.items())),
             "launch records by run: " + ", ".join("%s %d" % kv for kv in sorted(outcomes.items()))]
    statuses = collections.Counter(m["status"] for m in modules)
    lines.append("modules: " + ", ".join("%s %d" % kv for kv in sorted(statuses.items())))
    for m in modules:
        if m["status"] in ("timeout", "crash", "tests-failed"):
            lines.append("  %s: %s (exit %s)" % (m["module"], m["status"], m["exit"]))
    if hook_errors:
        lines.append("the hook failed on its own side; see " + hook_errors)
    return lines


def run_suite(args):
    """The run mode; returns the exit status (0 once the tests ran, however
    they did: the records say how pykc did)."""
    if not checkout.is_tree(args.checkout):
        sys.stderr.write("%s is no numba-cuda checkout: it has no %s\n" % (args.checkout, checkout.TESTS))
        return 2
    if not os.access(pykc_compile.program(args.pykc), os.X_OK):
        sys.stderr.write("%s is not a program\n" % args.pykc)
        return 2
    modules = discover(os.path.realpath(args.checkout), args.filter)
    if not modules:
        sys.stderr.write("no test modules under %s match %r\n" % (args.checkout, args.filter))
        return 2
    run = Run(args)
    run.prepare()
    env = run.environment()
    print("running %d test modules with %s, %d at a time (state in %s)" % (len(modules), run.runner, run.jobs, run.state))
    with concurrent.futures.ThreadPoolExecutor(max_workers=run.jobs) as pool:
        done = list(pool.map(lambda m: run_module(run, m[0], m[1], env), modules))
    merge_skip_counts(run)
    hook_errors = keep_hook_errors(run)
    print("\n".join(summary(run, done, hook_errors)))
    if args.keep_state:
        print("kept the run's state (PTX, logs) in " + run.state)
    else:
        shutil.rmtree(run.state, ignore_errors=True)
    return 0
