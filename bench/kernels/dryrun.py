"""run.py --dry-run: everything the benchmark can check without a GPU.

1. The case table against the kernels: every case names a kernel of its .py
   (with a signature whose parameters match the case's arguments) and an
   extern "C" entry of its .cu; every kernel of the .py files has a case.
2. Where pykc is found (--pykc, build/pykc) or --ptx-dir is given: pykc's
   PTX entries take the parameters the runner would pass (ABI v1); where
   nvcc is found: the same for nvcc's PTX of the .cu files.
3. The comparison (compare.py) on NumPy stand-ins: each output against
   itself (must agree) and against a copy disturbed beyond its tolerance
   (must not).
4. The table, JSON and chart from made-up times (labelled "dry run"), into
   --out."""
import os
import re
import tempfile

import numpy as np

import builds
import cases as casetable
import launchargs
import report
from compare import agreement


def table_problems(cases, complete):
    """`complete`: the whole table (not a --kernels selection), so every
    kernel must have a case."""
    bad = []
    sigs, entries = {}, {}
    for stem in builds.kernel_modules():
        with open(os.path.join(builds.HERE, stem + ".py")) as f:
            for name, sig in launchargs.kernel_signatures(f.read()).items():
                sigs[name] = (stem, sig)
    for cu in builds.cu_files():
        stem = os.path.splitext(os.path.basename(cu))[0]
        with open(cu) as f:
            for name in re.findall(r'extern "C" __global__ void (\w+)\(', f.read()):
                entries[name] = stem
    for c in cases:
        if c.name not in sigs or sigs[c.name][0] != c.module:
            bad.append("%s: no such kernel in %s.py" % (c.name, c.module))
            continue
        bad += launchargs.signature_problems(c.name, sigs[c.name][1], c.args)
        if entries.get(c.name) != c.cu:
            bad.append("%s: no extern \"C\" entry in cuda/%s.cu" % (c.name, c.cu))
        if not c.outputs:
            bad.append("%s: the case has no output to compare" % c.name)
    covered = {c.name for c in cases}
    if complete:
        bad += ["%s (%s.py): no case" % (n, m) for n, (m, _) in sorted(sigs.items()) if n not in covered]
    return bad


def ptx_problems(cases, paths, by, convention):
    bad = []
    texts = {stem: open(p).read() for stem, p in paths.items()}
    for c in cases:
        entries = launchargs.ptx_entries(texts[getattr(c, by)])
        bad += launchargs.param_problems(c.name, launchargs.expected_params(c.args, convention),
                                         entries.get(c.name))
    return bad


def disturbed(a, tol):
    """A copy of `a` that must fail the comparison: more elements than
    `tol.frac` allows changed by more than the tolerance."""
    b = a.copy().reshape(-1)
    k = max(1, int(tol.frac * b.size) + 1)
    if b.dtype.kind == "f":
        b[:k] = b[:k] * (1 + 10 * tol.rtol + 1e-3) + 10 * tol.atol + 1.0
    else:
        b[:k] = b[:k] ^ 1 if b.dtype.kind == "u" else b[:k] + 1
    return b.reshape(a.shape)


def comparison_problems(cases):
    bad = []
    for c in cases:
        for j, a in enumerate(c.outputs):
            host = a.host if not (a.host.dtype.kind == "f" and np.isnan(a.host).all()) else \
                np.linspace(-3, 3, a.host.size).astype(a.host.dtype).reshape(a.host.shape)
            ok, line = agreement(host, host.copy(), c.tol, "%s output %d" % (c.name, j))
            if not ok:
                bad.append("self-comparison failed: " + line)
            ok, line = agreement(disturbed(host, c.tol), host, c.tol, "%s output %d" % (c.name, j))
            if ok:
                bad.append("a disturbed output passed: " + line)
    return bad


def made_up_rows(cases):
    """Rows shaped as the GPU run's, with deterministic fake times."""
    rows = []
    for i, c in enumerate(cases):
        base = 10.0 + 7.0 * i
        stats = {}
        for j, v in enumerate(report.VERSIONS):
            samples = [base * (1 + 0.05 * j) * (1 + 0.01 * ((r * 7 + i) % 5)) for r in range(5)]
            stats[v] = report.summarise(samples)
        rows.append({"kernel": c.name, "module": c.module, "what": c.what, "launches": 20,
                     "method": "dry-run", "agree": True, "stats": stats, "checks": []})
    return rows


def main(args, finish):
    cases = casetable.build_cases(small=True, seed=args.seed)
    cases = __import__("run").selected(cases, args.kernels)
    print("dry run: %d cases (small sizes), %d kernel files" % (len(cases), len(builds.kernel_modules())))
    problems = table_problems(cases, complete=not args.kernels)
    print("case table vs kernels: %s" % ("ok" if not problems else "%d problems" % len(problems)))
    arch = args.arch or "sm_90"
    work = tempfile.mkdtemp(prefix="kbench_dry_")
    pykc = args.pykc or os.path.join(builds.HERE, "..", "..", "build", "pykc")
    if args.ptx_dir or os.path.exists(pykc):
        paths, _ = (builds.ptx_from_dir(args.ptx_dir) if args.ptx_dir
                    else builds.compile_pykc(pykc, os.path.join(work, "pykc"), arch))
        p = ptx_problems(cases, paths, "module", "pykc")
        print("pykc PTX entries vs the runner's arguments: %s" % ("ok" if not p else "%d problems" % len(p)))
        problems += p
    else:
        print("pykc PTX entries: skipped (no pykc)")
    nvcc = args.nvcc or builds.default_nvcc()
    if nvcc:
        paths, _ = builds.compile_nvcc(nvcc, os.path.join(work, "nvcc"), arch, emit="ptx")
        p = ptx_problems(cases, paths, "cu", "nvcc")
        print("nvcc PTX entries vs the runner's arguments: %s" % ("ok" if not p else "%d problems" % len(p)))
        problems += p
    else:
        print("nvcc PTX entries: skipped (no nvcc)")
    p = comparison_problems(cases)
    print("comparisons on NumPy stand-ins: %s" % ("ok" if not p else "%d problems" % len(p)))
    problems += p
    for line in problems:
        print("PROBLEM " + line)
    header = ["DRY RUN: made-up times, no GPU; %d kernels" % len(cases), "not a measurement"]
    status = finish(args, {"dry_run": True}, made_up_rows(cases), header)
    return 1 if problems else status
