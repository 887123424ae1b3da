#!/usr/bin/env python3
"""The compile-time benchmark: how long `pykc compile` takes, as a whole
process, next to `nvcc -ptx` of the same kernels written in CUDA C
(bench/cuda/) and, where Numba is installed, Numba's cuda.compile_ptx in a
fresh Python process (bench/numba/). All tools run interleaved in one run, so
the ratios compare like with like; see bench/README.md.

Prints the host, the tool versions and two tables (wall clock, then CPU
time) of medians with their 10th-90th percentile range, and the ratios.
A compile that fails aborts the benchmark with its error output. Stdlib only."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from timing import (BenchError, Command, cell, host_description, measure,
                    print_table, run_once, summarise, tool_version)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
KERNELS = ["vecadd", "saxpy", "reduce", "matmul", "histogram", "stencil", "transpose"]
FLOOR = "floor"
FLOOR_ROW = "llvm-c floor (vecadd)"
SMALL_KERNEL, SMALL_TARGET_MS, NVCC_TARGET, NUMBA_TARGET = "vecadd", 15.0, 30.0, 70.0


def default_nvcc():
    home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    path = os.path.join(home, "bin", "nvcc")
    return path if os.path.exists(path) else shutil.which("nvcc") or path


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pykc", default=os.path.join(ROOT, "build", "pykc"))
    p.add_argument("--nvcc", default=default_nvcc())
    p.add_argument("--floor", default=os.path.join(ROOT, "build-bench", "llvm_floor"),
                   help="the program bench/floor/build.sh builds (row skipped if absent)")
    p.add_argument("--numba-python", default=sys.executable,
                   help="the Python that has numba-cuda (default: this one)")
    p.add_argument("--no-numba", action="store_true", help="skip Numba even if installed")
    p.add_argument("--kernels", default=",".join(KERNELS + [FLOOR]),
                   help="comma-separated subset of: %s" % ", ".join(KERNELS + [FLOOR]))
    p.add_argument("--arch", default="sm_80")
    p.add_argument("--pykc-arg", action="append", default=[], metavar="ARG",
                   help="an extra argument for pykc, e.g. --pykc-arg=-O0 (repeatable)")
    p.add_argument("--reps-pykc", type=int, default=30)
    p.add_argument("--reps-nvcc", type=int, default=10)
    p.add_argument("--reps-numba", type=int, default=5)
    p.add_argument("--warmup", type=int, default=2, help="discarded runs of each command")
    p.add_argument("--quick", action="store_true",
                   help="10 pykc, 3 nvcc, 2 Numba repetitions, 1 warm-up run")
    p.add_argument("--json", metavar="OUT", help="also write every sample to OUT")
    args = p.parse_args()
    if args.quick:
        args.reps_pykc, args.reps_nvcc, args.reps_numba, args.warmup = 10, 3, 2, 1
    args.kernels = [k.strip() for k in args.kernels.split(",") if k.strip()]
    unknown = sorted(set(args.kernels) - set(KERNELS + [FLOOR]))
    if unknown:
        p.error("unknown kernel(s): %s" % ", ".join(unknown))
    if not os.access(args.pykc, os.X_OK):
        p.error("no pykc at %s (build it, or pass --pykc PATH)" % args.pykc)
    return args


def numba_status(args):
    """(True, versions) when the Numba driver can compile, else (False, why)."""
    if args.no_numba:
        return False, "skipped (--no-numba)"
    driver = os.path.join(BENCH, "numba", "compile_ptx_bench.py")
    proc = subprocess.run([args.numba_python, driver, "--check"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]
        return False, "skipped (%s cannot compile with numba.cuda: %s)" % (
            args.numba_python, last)
    return True, proc.stdout.strip()


def kernel_commands(args, kernel, tmp, tools):
    pyk = os.path.join(ROOT, "examples", kernel + ".pyk")
    out = os.path.join(tmp, kernel)
    cmds = [Command(kernel, "pykc", [args.pykc, "compile", pyk, "-o", out + ".pykc.ptx",
                                     "--arch=" + args.arch] + args.pykc_arg,
                    args.reps_pykc, out + ".pykc.ptx")]
    if "nvcc" in tools:
        cu = os.path.join(BENCH, "cuda", kernel + ".cu")
        cmds.append(Command(kernel, "nvcc", [args.nvcc, "-ptx", "-arch=" + args.arch, cu,
                                             "-o", out + ".nvcc.ptx"],
                            args.reps_nvcc, out + ".nvcc.ptx"))
    if "numba" in tools:
        driver = os.path.join(BENCH, "numba", "compile_ptx_bench.py")
        cmds.append(Command(kernel, "numba", [args.numba_python, driver, pyk,
                                              "--arch", args.arch], args.reps_numba))
    return cmds


def numba_error(stderr):
    """The gist of a Numba traceback: the exception line, colours removed,
    and the signature line a TypingError shows under it."""
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", l).strip() for l in stderr.splitlines()]
    for i in range(len(lines) - 1, -1, -1):
        m = re.match(r"^(?:[\w.]*\.)?(\w+(?:Error|Exception):.*)", lines[i])
        if m:
            gist = [m.group(1)]
            gist += [l for l in lines[i + 1:] if l.startswith(">>>")][:1]
            return " ".join(gist)
    return lines[-1] if lines else "no error output"


def drop_kernels_numba_rejects(cmds, notes):
    """Runs Numba once on each file first (a warm-up run as well). A file
    Numba refuses is a finding about the source, not a broken benchmark:
    its Numba cell is left empty and the reason noted; pykc and nvcc
    failures still abort the run."""
    kept = []
    for cmd in cmds:
        if cmd.tool == "numba":
            try:
                run_once(cmd)
            except BenchError as e:
                notes.append("numba:   %s not measured, Numba rejects examples/%s.pyk: %s" % (
                    cmd.row, cmd.row, numba_error(e.stderr)))
                continue
        kept.append(cmd)
    return kept


def build_commands(args, tmp, tools):
    cmds = []
    for kernel in args.kernels:
        if kernel == FLOOR:            # a row of its own, in the pykc column
            out = os.path.join(tmp, "floor.ptx")
            cmds.append(Command(FLOOR_ROW, "pykc", [args.floor, out], args.reps_pykc, out))
        else:
            cmds.extend(kernel_commands(args, kernel, tmp, tools))
    return cmds


def ratio(results, row, tool, metric):
    base, other = results.get((row, "pykc")), results.get((row, tool))
    if not base or not other:
        return None
    return other[metric]["median"] / base[metric]["median"]


def table(results, rows, tools, metric):
    header = ["kernel", "pykc ms (p10-p90)"]
    for tool in tools:
        header += ["%s ms (p10-p90)" % tool, "%s/pykc" % tool]
    lines = []
    for row in rows:
        line = [row, cell(results[(row, "pykc")][metric])]
        for tool in tools:
            r = ratio(results, row, tool, metric)
            line += [cell(results[(row, tool)][metric]) if r else "-",
                     "%.1fx" % r if r else "-"]
        lines.append(line)
    print_table(header, lines)


def numba_breakdown(cmds):
    """Median import and compile_ptx times the Numba driver reported."""
    out = {}
    for cmd in cmds:
        if cmd.tool == "numba":
            runs = [json.loads(s.strip().splitlines()[-1]) for s in cmd.stdouts]
            out[cmd.row] = {k: summarise([r[k] / 1e3 for r in runs])
                            for k in ("import_ms", "compile_ms")}
    return out


def print_targets(results, tools):
    """The goals the issue set, each with the figure of this run."""
    print("\ntargets (wall clock, medians):")
    small = results.get((SMALL_KERNEL, "pykc"))
    if small:
        ms = small["wall"]["median"]
        print("  %s in under %.0f ms: %.1f ms, %s" % (
            SMALL_KERNEL, SMALL_TARGET_MS, ms, "met" if ms < SMALL_TARGET_MS else "NOT met"))
    for tool, goal in (("nvcc", NVCC_TARGET), ("numba", NUMBA_TARGET)):
        ratios = [ratio(results, row, tool, "wall") for row, t in results if t == tool]
        if tool in tools and ratios:
            print("  >= %.0fx faster than %s: %.1fx (worst kernel) to %.1fx (best), %s" % (
                goal, tool, min(ratios), max(ratios),
                "met" if min(ratios) >= goal else "NOT met on every kernel"))
    floor, vecadd = results.get((FLOOR_ROW, "pykc")), results.get(("vecadd", "pykc"))
    if floor and vecadd:
        print("  pykc vecadd / llvm-c floor: %.2fx wall, %.2fx CPU" % (
            vecadd["wall"]["median"] / floor["wall"]["median"],
            vecadd["cpu"]["median"] / floor["cpu"]["median"]))


def print_header(args, versions, notes):
    host = host_description()
    print("host:    %s, %d cores (%d usable), Linux %s" % (
        host["cpu"], host["cores"], host["cores_usable"], host["kernel"]))
    print("date:    %s, load average %.2f %.2f %.2f at start" % ((host["date"],) + host["loadavg"]))
    for name, version in versions.items():
        print("%-8s %s" % (name + ":", version))
    for note in notes:
        print(note)
    print("reps:    pykc %d, nvcc %d, numba %d, after %d warm-up run(s) of each; interleaved" % (
        args.reps_pykc, args.reps_nvcc, args.reps_numba, args.warmup))
    return host


def write_json(path, header, cmds, results):
    """Everything a later analysis needs: the run's context, each command,
    its summaries and its raw samples in seconds."""
    header["results"] = [{"row": c.row, "tool": c.tool, "argv": c.argv,
                          "wall_ms": results[(c.row, c.tool)]["wall"],
                          "cpu_ms": results[(c.row, c.tool)]["cpu"],
                          "wall_samples_s": c.wall, "cpu_samples_s": c.cpu} for c in cmds]
    with open(path, "w") as f:
        json.dump(header, f, indent=1)


def progress(done, total):
    if sys.stderr.isatty():
        print("\rround %d/%d" % (done, total), end="\n" if done == total else "",
              file=sys.stderr, flush=True)


def main():
    args = parse_args()
    versions = {"pykc": tool_version([args.pykc, "--version"]),
                "nvcc": tool_version([args.nvcc, "--version"], "release")}
    tools, notes = [], []
    if versions["nvcc"]:
        tools.append("nvcc")
    else:
        notes.append("nvcc:    skipped (no nvcc at %s; pass --nvcc PATH)" % args.nvcc)
    numba_ok, numba_note = numba_status(args)
    if numba_ok:
        tools.append("numba")
        versions["numba"] = numba_note
    else:
        notes.append("numba:   " + numba_note)
    if FLOOR in args.kernels and not os.access(args.floor, os.X_OK):
        notes.append("floor:   skipped (no %s; run bench/floor/build.sh)" % args.floor)
        args.kernels.remove(FLOOR)
    with tempfile.TemporaryDirectory(prefix="pykc-bench-") as tmp:
        cmds = drop_kernels_numba_rejects(build_commands(args, tmp, tools), notes)
        host = print_header(args, versions, notes)
        try:
            measure(cmds, args.warmup, progress)
        except BenchError as e:
            print("\nbenchmark aborted: %s" % e, file=sys.stderr)
            return 1

    results = {(c.row, c.tool): {"wall": summarise(c.wall), "cpu": summarise(c.cpu)}
               for c in cmds}
    rows = list(dict.fromkeys(c.row for c in cmds))
    print("\nwall clock per whole-process compile, ms: median (p10-p90)")
    table(results, rows, tools, "wall")
    print("\nCPU time (user + system) per compile, ms: median (p10-p90)")
    table(results, rows, tools, "cpu")
    breakdown = numba_breakdown(cmds)
    if breakdown:
        print("\nNumba, from inside the process, ms: median (p10-p90)")
        print_table(["kernel", "import numba.cuda", "compile_ptx"],
                    [[row, cell(b["import_ms"]), cell(b["compile_ms"])]
                     for row, b in breakdown.items()])
    print_targets(results, tools)
    print("load average at end: %.2f %.2f %.2f" % os.getloadavg())

    if args.json:
        write_json(args.json, {"host": host, "versions": versions, "notes": notes,
                               "config": vars(args), "numba_breakdown": breakdown},
                   cmds, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
