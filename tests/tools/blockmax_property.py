#!/usr/bin/env python3
"""A property test of the block limits pykc derives (`blockmax` launch
facts, docs/abi.md): they must be proofs. Generates random kernels that
write shared arrays of random shapes at thread-index expressions (strides,
offsets, divisions, loops over constant ranges, guards on the thread
index), compiles each with pykc, and checks every `blockmax.AXIS=N` fact
against an oracle that runs the kernel's indexing for every thread of
every block size along that axis (the other axes 1, as pykc derives each
limit):

  - no block pykc refuses is safe: a block of N + 1 threads along the
    axis writes out of bounds (and so does every larger one, which holds
    that thread). A limit below the oracle's is a failure ("unsound").
  - A limit above the oracle's is counted ("partial"): blockmax says a
    block must be at most N, not that every such block is safe; an access
    the analysis does not follow (a loop variable in the index) leaves its
    limit to checked mode. An axis without a fact claims nothing: counted
    ("silent") where the oracle finds a limit.

A kernel that overruns even in a block of one thread is wrong for every
launch: pykc's error there is right (counted "caught", silence "missed").
Any other compile error is a failure: the kernel is correct for small
blocks. Stdlib only.

  blockmax_property.py --pykc PYKC [--cases N] [--seed S]

Prints one line per failure and a summary; exits 1 on any failure."""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

AXES = "xyz"
AXIS_LIMIT = {"x": 1024, "y": 1024, "z": 64}
THREAD = {"x": "cuda.threadIdx.x", "y": "cuda.threadIdx.y", "z": "cuda.threadIdx.z"}


class Access:
    """One shared-array write: its index expressions (pykc's spelling and a
    Python function of the thread's coordinates), an optional constant
    range loop variable `j` and an optional guard on the thread index."""

    def __init__(self, index_src, index_fn, loop=None, guard=None):
        self.index_src, self.index_fn = index_src, index_fn
        self.loop, self.guard = loop, guard

    def source(self, array):
        lines, indent = [], "    "
        if self.guard:
            axis, bound = self.guard
            lines.append("%sif %s < %d:" % (indent, THREAD[axis], bound))
            indent += "    "
        if self.loop:
            lines.append("%sfor j in range(%d, %d, %d):" % ((indent,) + self.loop))
            indent += "    "
        lines.append("%s%s[%s] = 1" % (indent, array, ", ".join(self.index_src)))
        return lines

    def overruns(self, shape, t):
        """Does thread t (a dict axis -> coordinate) write out of bounds?"""
        if self.guard and not t[self.guard[0]] < self.guard[1]:
            return False
        for j in (range(*self.loop) if self.loop else [0]):
            for fn, extent in zip(self.index_fn, shape):
                if not 0 <= fn(t, j) < extent:
                    return True
        return False


def random_term(rng, axis, use_loop):
    """An index over one thread axis: pykc's text and a Python function."""
    tid = THREAD[axis]
    kind = rng.choice(["scaled", "offset", "divided", "loop"] if use_loop else ["scaled", "offset", "divided"])
    if kind == "scaled":
        a, b = rng.randint(1, 3), rng.randint(0, 20)
        return "%s * %d + %d" % (tid, a, b), (lambda t, j, a=a, b=b: t[axis] * a + b)
    if kind == "offset":
        b = rng.randint(0, 40)
        return "%s + %d" % (tid, b), (lambda t, j, b=b: t[axis] + b)
    if kind == "divided":
        d, b = rng.randint(2, 4), rng.randint(0, 10)
        return "%s // %d + %d" % (tid, d, b), (lambda t, j, d=d, b=b: t[axis] // d + b)
    return "%s + j" % tid, (lambda t, j: t[axis] + j)


def random_kernel(rng):
    """(source, shape, accesses) of one kernel writing one shared array."""
    ndim = rng.choice([1, 1, 2])
    # at most 48 KiB of float32, the static shared memory of a block
    shape = [rng.randint(8, 300)] if ndim == 1 else [rng.randint(8, 100) for _ in range(ndim)]
    axes = rng.sample(AXES, ndim) if ndim > 1 else [rng.choice("xxxyz")]
    accesses = []
    for _ in range(rng.randint(1, 2)):
        loop = None
        if rng.random() < 0.3:
            start, step = rng.randint(0, 4), rng.randint(1, 9)
            loop = (start, start + rng.randint(1, 40), step)
        guard = (rng.choice(axes), rng.randint(1, 400)) if rng.random() < 0.25 else None
        terms = [random_term(rng, axis, loop is not None) for axis in axes]
        accesses.append(Access([s for s, _ in terms], [f for _, f in terms], loop, guard))
    shape_src = str(shape[0]) if ndim == 1 else "(%s)" % ", ".join(map(str, shape))
    lines = ["from numba import cuda, float32", "", "",
             '@cuda.jit("void(float32[::1])")', "def k(out):",
             "    s = cuda.shared.array(%s, float32)" % shape_src]
    for access in accesses:
        lines += access.source("s")
    lines += ["    cuda.syncthreads()", "    out[0] = s[%s]" % ", ".join(["0"] * ndim), ""]
    return "\n".join(lines), shape, accesses


def oracle_cap(shape, accesses, axis):
    """The largest block along `axis` (the others 1) whose threads all
    write in bounds: threads are added one by one, so the first that
    overruns ends it."""
    for n in range(AXIS_LIMIT[axis]):
        t = {"x": 0, "y": 0, "z": 0}
        t[axis] = n
        if any(a.overruns(shape, t) for a in accesses):
            return n
    return AXIS_LIMIT[axis]


def derived_limits(ptx):
    """blockmax per axis from the kernel's launch facts (the smallest when
    two arrays limit one axis)."""
    limits = {}
    for axis, n in re.findall(r"blockmax\.([xyz])=(\d+),", ptx):
        limits[axis] = min(int(n), limits.get(axis, 1 << 30))
    return limits


def check(pykc, rng, workdir, index):
    """(outcome, message): message only for a failure."""
    source, shape, accesses = random_kernel(rng)
    path = os.path.join(workdir, "k%d.py" % index)
    with open(path, "w") as f:
        f.write(source)
    out = path + ".ptx"
    run = subprocess.run([pykc, "compile", path, "-o", out], capture_output=True, text=True)
    one_thread = {"x": 0, "y": 0, "z": 0}
    if any(a.overruns(shape, one_thread) for a in accesses):
        # wrong for every launch: an error is right, silence a miss
        return ("caught" if run.returncode != 0 else "missed"), None
    if run.returncode != 0:
        return "error", "pykc rejected a kernel correct for small blocks:\n%s\n%s" % (source, run.stderr)
    with open(out) as f:
        limits = derived_limits(f.read())
    outcome = "exact"
    for axis in AXES:
        cap = oracle_cap(shape, accesses, axis)
        if axis not in limits:
            if cap < AXIS_LIMIT[axis]:
                outcome = "silent"
            continue
        if limits[axis] < cap:
            return "unsound", ("blockmax.%s=%d refuses blocks of %d to %d threads along %s, which write "
                               "in bounds:\n%s" % (axis, limits[axis], limits[axis] + 1, cap, axis, source))
        if limits[axis] > cap:
            outcome = "partial"
    return outcome, None


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pykc", required=True)
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counts = dict.fromkeys(["exact", "partial", "silent", "caught", "missed", "unsound", "error"], 0)
    with tempfile.TemporaryDirectory() as workdir:
        for i in range(args.cases):
            outcome, message = check(args.pykc, rng, workdir, i)
            counts[outcome] += 1
            if message:
                print("FAIL case %d (seed %d): %s" % (i, args.seed, message))
    print("%d kernels: %d with every limit exact, %d with a limit looser than the oracle's (an access "
          "pykc did not follow), %d with no limit where the oracle finds one (pykc says nothing when "
          "unsure); %d wrong for every launch, %d of them reported; %d unsound limits, %d correct "
          "kernels rejected"
          % (args.cases, counts["exact"], counts["partial"], counts["silent"], counts["caught"] + counts["missed"],
             counts["caught"], counts["unsound"], counts["error"]))
    return 1 if counts["unsound"] or counts["error"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
