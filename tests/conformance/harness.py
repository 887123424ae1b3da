#!/usr/bin/env python3
"""pykc's conformance harness: numba-cuda's own test suite is the
conformance suite. Every kernel its tests launch is also compiled with pykc
and run on the same inputs, and the results are compared with Numba's.

  harness.py run     --checkout DIR --pykc PYKC --out RESULTS.jsonl [--jobs N] [--filter SUBSTR]
  harness.py compile --checkout DIR|GITDIR --records RESULTS.jsonl --pykc PYKC --out COMPILED.jsonl
  harness.py report  RESULTS.jsonl [--expected expected.txt] [--markdown OUT.md]

`run` needs a GPU, numba-cuda, CuPy and NumPy; `compile` and `report` only
Python's standard library (and git for a bare checkout). README.md beside
this file says what each record means."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pykc_conformance import recompile, report  # noqa: E402  (after the path)


def add_pykc_options(parser):
    parser.add_argument("--pykc", required=True, help="the pykc program to test")
    parser.add_argument("--pykc-arg", action="append", metavar="ARG",
                        help="an extra option for every pykc compile (repeatable): --pykc-arg=--arch=sm_90")


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)

    run = modes.add_parser("run", help="run numba-cuda's tests with the launch hook (GPU machine)")
    run.add_argument("--checkout", required=True, help="numba-cuda checkout (a directory tree)")
    add_pykc_options(run)
    run.add_argument("--out", required=True, help="RESULTS.jsonl to write (modules.jsonl goes beside it)")
    run.add_argument("--jobs", type=int, default=4, help="test modules run at once (default 4)")
    run.add_argument("--filter", help="only test modules whose path contains this")
    run.add_argument("--runner", choices=("pytest", "unittest"), help="default: pytest if installed")
    run.add_argument("--no-hook", action="store_true",
                     help="run the tests as the harness sets them up, without checking launches "
                          "(to tell the hook's effect on them)")
    run.add_argument("--keep-state", action="store_true", help="keep the run's PTX and logs")

    comp = modes.add_parser("compile", help="recompile the kernels of earlier records (no GPU)")
    comp.add_argument("--checkout", required=True, help="numba-cuda checkout: a directory tree or a git directory")
    comp.add_argument("--rev", default="HEAD", help="revision of a git directory (default HEAD)")
    comp.add_argument("--records", required=True, help="records of an earlier run")
    add_pykc_options(comp)
    comp.add_argument("--out", required=True, help="the records with fresh compile fields")
    comp.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="compiles at once")

    rep = modes.add_parser("report", help="summarise records")
    rep.add_argument("records", help="RESULTS.jsonl or COMPILED.jsonl")
    rep.add_argument("--expected", help="expected outcomes (tests/conformance/expected.txt)")
    rep.add_argument("--markdown", help="also write the report to this file")
    return parser.parse_args(argv)


def main(argv):
    args = parse(argv)
    if args.mode == "run":
        from pykc_conformance import suite  # imports nothing of numba here; the tests' processes do
        return suite.run_suite(args)
    if args.mode == "compile":
        return recompile.run_recompile(args)
    return report.run_report(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
