#!/usr/bin/env python3
"""Where a `pykc compile` spends its time, told from outside: the same
kernel compiled with pykc stopping after ever later stages, each a whole
process, interleaved like bench/compile_time.py. The difference between two
consecutive rows is the cost of the stage the second one adds:

  /bin/true                   the harness's own cost of starting a process
  pykc --version              + loading the binary, LLVM's static initialisers
  --dump-types                + reading, lexing, parsing and checking the file
  --emit=llvm -O0             + target machine, IR generation, verifier, IR printing
  --emit=llvm -O3             + the default<O3> pass pipeline
  -O3 (PTX, the default)      + NVPTX code generation (instead of printing IR)

plus PTX at -O0, -O1 and -O2 for comparison, and the LLVM-C floor program
when built.
Stdlib only; the figures are medians of CPU time (user + system), the
steadier measure on a shared machine, with wall clock beside them."""
import argparse
import os
import sys
import tempfile

from timing import BenchError, Command, measure, print_table, summarise, tool_version

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def stage_argvs(pykc, pyk, out):
    """(stage name, argv, whether it is part of the ladder of deltas)."""
    compile_ = [pykc, "compile", pyk, "-o", out]
    return [
        ("/bin/true", ["/bin/true"], True),
        ("pykc --version", [pykc, "--version"], True),
        ("--dump-types", [pykc, "compile", pyk, "--dump-types"], True),
        ("--emit=llvm -O0", compile_ + ["--emit=llvm", "-O0"], True),
        ("--emit=llvm -O3", compile_ + ["--emit=llvm", "-O3"], True),
        ("-O3 (PTX)", compile_ + ["-O3"], True),
        ("-O0 (PTX)", compile_ + ["-O0"], False),
        ("-O1 (PTX)", compile_ + ["-O1"], False),
        ("-O2 (PTX)", compile_ + ["-O2"], False),
    ]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pykc", default=os.path.join(ROOT, "build", "pykc"))
    p.add_argument("--floor", default=os.path.join(ROOT, "build-bench", "llvm_floor"))
    p.add_argument("--kernels", default="vecadd,matmul")
    p.add_argument("--reps", type=int, default=30)
    p.add_argument("--warmup", type=int, default=2)
    args = p.parse_args()
    if not os.access(args.pykc, os.X_OK):
        p.error("no pykc at %s (build it, or pass --pykc PATH)" % args.pykc)
    kernels = [k.strip() for k in args.kernels.split(",") if k.strip()]
    print("pykc: %s; %d reps after %d warm-up run(s), interleaved" % (
        tool_version([args.pykc, "--version"]), args.reps, args.warmup))

    with tempfile.TemporaryDirectory(prefix="pykc-stages-") as tmp:
        cmds, ladder = [], {}
        for kernel in kernels:
            pyk = os.path.join(ROOT, "examples", kernel + ".pyk")
            for stage, argv, in_ladder in stage_argvs(args.pykc, pyk, os.path.join(tmp, kernel)):
                cmds.append(Command(stage, kernel, argv, args.reps))
                ladder[stage] = in_ladder
        if os.access(args.floor, os.X_OK):
            cmds.append(Command("llvm-c floor (vecadd)", kernels[0],
                                [args.floor, os.path.join(tmp, "floor.ptx")], args.reps))
            ladder["llvm-c floor (vecadd)"] = False
        try:
            measure(cmds, args.warmup)
        except BenchError as e:
            print("aborted: %s" % e, file=sys.stderr)
            return 1

    by_cell = {(c.row, c.tool): (summarise(c.cpu)["median"], summarise(c.wall)["median"])
               for c in cmds}
    header = ["stage"]
    for kernel in kernels:
        header += ["%s cpu" % kernel, "+stage", "wall"]
    rows, previous = [], {}
    for stage in ladder:
        row = [stage]
        for kernel in kernels:
            cpu, wall = by_cell.get((stage, kernel), (None, None))
            if cpu is None:
                row += ["", "", ""]
                continue
            delta = cpu - previous[kernel] if ladder[stage] and kernel in previous else None
            row += ["%.1f" % cpu, "%+.1f" % delta if delta is not None else "", "%.1f" % wall]
            if ladder[stage]:
                previous[kernel] = cpu
        rows.append(row)
    print("\nmedian ms per whole process; +stage: CPU time the row adds to the one above\n")
    print_table(header, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
