#!/usr/bin/env python3
"""The three-way kernel benchmark: every kernel of
bench/kernels/*.py compiled by pykc, the same source run by numba-cuda, and
its CUDA C twin (cuda/*.cu) compiled by nvcc -O3, launched on the same
inputs, checked equal, and timed as GPU time per launch. See README.md.

On the GPU machine (CuPy, numba-cuda, nvcc; matplotlib for the chart):

    python3 bench/kernels/run.py --ptx-dir DIR --out OUTDIR    # DIR from prepare.sh
    python3 bench/kernels/run.py --pykc build/pykc --out OUTDIR

Anywhere (NumPy only): `--dry-run` checks the case table against the
kernels' signatures and, where pykc/nvcc are found, the PTX entries'
parameters against what the runner would pass; then it exercises the
comparison, the table, the JSON and the chart on NumPy stand-ins (made-up
times, labelled so)."""
import argparse
import datetime
import os
import platform
import sys
import tempfile
import textwrap
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402

import builds  # noqa: E402
import cases as casetable  # noqa: E402
import report  # noqa: E402
from compare import agreement  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    src = p.add_mutually_exclusive_group()
    src.add_argument("--pykc", help="a pykc binary: compile the kernels here (default: build/pykc)")
    src.add_argument("--ptx-dir", help="pykc's PTX, compiled beforehand by prepare.sh")
    p.add_argument("--nvcc", default=None, help="default: $CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc, PATH")
    p.add_argument("--out", default=None, help="output folder (default bench/results/kernels-DATE)")
    p.add_argument("--rounds", type=int, default=15, help="alternating rounds per kernel (default 15)")
    p.add_argument("--graph-ms", type=float, default=2.0,
                   help="GPU time one graph replay aims at; K launches per graph follow from it (default 2)")
    p.add_argument("--min-launches", type=int, default=5)
    p.add_argument("--max-launches", type=int, default=200)
    p.add_argument("--kernels", default=None, help="comma-separated kernel names (default: all)")
    p.add_argument("--arch", default=None, help="default: the GPU's (sm_90 in the dry run)")
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--small", action="store_true", help="tiny sizes (the dry run's; not for timing)")
    p.add_argument("--dry-run", action="store_true", help="no GPU: checks and NumPy stand-ins (see above)")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    return args


def selected(cases, names):
    if not names:
        return cases
    want = [n.strip() for n in names.split(",") if n.strip()]
    known = {c.name for c in cases}
    unknown = [n for n in want if n not in known]
    if unknown:
        raise SystemExit("unknown kernels: %s (known: %s)" % (", ".join(unknown), ", ".join(sorted(known))))
    return [c for c in cases if c.name in want]


def out_dir(args):
    d = args.out or os.path.join(HERE, "..", "results", "kernels-" + datetime.date.today().isoformat())
    os.makedirs(d, exist_ok=True)
    return d


def pykc_ptx(args, arch, workdir):
    if args.ptx_dir:
        return builds.ptx_from_dir(args.ptx_dir)
    pykc = args.pykc or os.path.join(HERE, "..", "..", "build", "pykc")
    return builds.compile_pykc(pykc, os.path.join(workdir, "pykc"), arch)


def finish(args, meta, rows, header):
    d = out_dir(args)
    text = report.table(rows, header)
    sys.stdout.write(text)
    with open(os.path.join(d, "table.txt"), "w") as f:
        f.write(text)
    report.write_json(os.path.join(d, "results.json"), meta, rows)
    drawn = report.chart(os.path.join(d, "ratios.png"), rows, textwrap.fill(header[0], 100))
    print("wrote %s/table.txt, results.json%s" % (d, ", ratios.png" if drawn else " (no matplotlib: no chart)"))
    return 0 if all(r.get("agree", True) for r in rows) else 1


def gpu_main(args):
    import cupy as cp
    import gpu_run
    warnings.simplefilter("ignore")
    dev = cp.cuda.Device()
    props = cp.cuda.runtime.getDeviceProperties(dev.id)
    gpu_name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    arch = args.arch or "sm_" + dev.compute_capability
    nvcc = args.nvcc or builds.default_nvcc()
    workdir = tempfile.mkdtemp(prefix="kbench_")
    t0 = time.time()
    ptx, pykc_cmds = pykc_ptx(args, arch, workdir)
    cubins, nvcc_cmds = builds.compile_nvcc(nvcc, os.path.join(workdir, "nvcc"), arch)
    print("built: pykc PTX %d files, nvcc %d cubins (%.1f s)" % (len(ptx), len(cubins), time.time() - t0))
    numba_kernels = gpu_run.load_numba_modules(builds.kernel_modules(), HERE)
    print("numba-cuda compiled its kernels (%.1f s since start)" % (time.time() - t0))
    cases = selected(casetable.build_cases(small=args.small, seed=args.seed), args.kernels)
    rows = []
    for c in cases:
        row = gpu_run.run_case(c, ptx, cubins, numba_kernels, args)
        rows.append(row)
        nb, nv = report.ratios(row)
        print("%-24s pykc %9.2f us  numba/pykc %s  nvcc/pykc %s  %s  %s" % (
            c.name, row["stats"]["pykc"]["median_us"], "%.3f" % nb if nb else "-", "%.3f" % nv if nv else "-",
            row["method"], "ok" if row["agree"] else "MISMATCH"), flush=True)
    versions = gpu_run.versions()
    meta = {"gpu": gpu_name, "arch": arch, "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "host": platform.node(), "rounds": args.rounds, "graph_ms": args.graph_ms, "seed": args.seed,
            "small": args.small, "pykc": pykc_cmds, "nvcc": nvcc_cmds,
            "nvcc_version": builds.tool_version([nvcc, "--version"]), "versions": versions,
            "wall_s": round(time.time() - t0, 1)}
    header = ["GPU: %s (%s); %d kernels; GPU time per launch, median of %d alternating rounds"
              % (gpu_name, arch, len(rows), args.rounds),
              "numba-cuda %s, CuPy %s, nvcc %s" % (versions.get("numba-cuda", "?"), versions.get("cupy", "?"),
                                                meta["nvcc_version"]),
              "timing: graph = CUDA graph of K launches replayed; spin = K launches queued behind a spin kernel",
              "ratios: other build's median / pykc's (above 1: pykc faster); spread: IQR / median"]
    return finish(args, meta, rows, header)


def main(argv=None):
    args = parse_args(argv)
    if args.dry_run:
        import dryrun
        return dryrun.main(args, finish)
    return gpu_main(args)


if __name__ == "__main__":
    sys.exit(main())
