#!/usr/bin/env python3
"""A stand-in for pykc that breaks one invariant of fuzz/check_invariants.py,
chosen by $FAKE_PYKC, so invariants_catch.test can show each is caught.
Called as: fake_pykc.py compile SOURCE -o OUTPUT -O3|-O0 [--emit=llvm]."""
import os
import sys

mode = os.environ.get("FAKE_PYKC", "")
source, output = sys.argv[2], sys.argv[4]
level = sys.argv[5]


def ok():
    with open(output, "w") as f:
        f.write("// PTX\n")
    sys.exit(0)


def error(message, line=1):
    sys.stderr.write("%s:%d:1: error: %s\n" % (source, line, message))
    sys.exit(1)


if mode == "signal":
    os.kill(os.getpid(), 11)
if mode == "exit2":
    sys.exit(2)
if mode == "no-output":
    sys.exit(0)
if mode == "output-on-error":
    with open(output, "w") as f:
        f.write("partial")
    error("an error")
if mode == "silent-error":
    sys.exit(1)
if mode == "location":
    error("somewhere else", line=100000)
if mode == "nondeterministic":
    with open(output, "w") as f:
        f.write(str(os.getpid()))
    sys.exit(0)
if mode == "levels":
    if level == "-O0":
        error("only at -O0")
    ok()
if mode == "reject":
    error("a valid kernel refused")
ok()
