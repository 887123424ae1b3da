#!/usr/bin/env python3
"""Splits a perf profile of many `pykc compile` processes into the phases of
a compile, so the doc can say where a process's CPU time goes.

Input (stdin): `perf script` output of a recording made with call stacks
(bench/profile.sh records one and runs this script). Each sample is charged to the first phase in
PHASES that one of its stack frames names; percentages are of the samples
of the command named by --comm, and ms per process divides by the number of
distinct process ids seen. Stdlib only."""
import argparse
import re
import sys
from collections import Counter

# (phase, frame-name pattern), first match wins: the loader and start-up
# before main, then the LLVM-C entry points pykc calls, then pykc's own code.
PHASES = [
    ("exec (kernel: mapping the binary)", r"^(load_elf_binary|bprm_execve|begin_new_exec)$"),
    ("dynamic loader: relocations", r"^_dl_relocate_object$"),
    ("dynamic loader: the rest", r"^(_dl_start|_dl_sysdep_start|dl_main|_dl_map_object)$"),
    ("static constructors (LLVM globals, cl::opt)", r"^(call_init|_GLOBAL__sub_I_.*)$"),
    ("exit: static destructors", r"^(__run_exit_handlers|__cxa_finalize)$"),
    ("exit: kernel tears the process down", r"^(do_exit|exit_mmap|do_group_exit)$"),
    ("LLVM: target machine", r"^LLVMCreateTargetMachine"),
    ("LLVM: default<On> pipeline (LLVMRunPasses)", r"^LLVMRunPasses$"),
    ("LLVM: NVPTX code generation", r"^LLVMTargetMachineEmitToMemoryBuffer$"),
    ("LLVM: verifier", r"^LLVMVerifyModule$"),
    ("LLVM: disposal", r"^LLVM(Dispose|ContextDispose)"),
    ("pykc front end (read, lex, parse, sema)",
     r"^(source_from_file|parse_module|sema_check_module|lex_.*)$"),
    ("pykc IR generation", r"^cg_"),
    ("pykc driver (options, output)", r"^(options_parse|output_write|main)$"),
]
COMPILED = [(name, re.compile(p)) for name, p in PHASES]
FRAME = re.compile(r"^\s+[0-9a-f]+ (.*?)(\+0x[0-9a-f]+)? \(")
HEADER = re.compile(r"^(\S.*?)\s+(\d+)\s+[\d.]+:\s+(\d+) ")


def phase_of(frames):
    for name, pattern in COMPILED:
        if any(pattern.search(f) for f in frames):
            return name
    return "other (page faults, libc, unattributed)"


def read_samples(lines, comm):
    """Yields (pid, period, frames) for each sample of `comm`."""
    header, frames = None, []
    for line in list(lines) + ["\n"]:
        m = HEADER.match(line)
        if m:
            header, frames = m, []
        elif line.strip():
            f = FRAME.match(line)
            if f:
                frames.append(f.group(1))
        elif header:
            if header.group(1) == comm:
                yield header.group(2), int(header.group(3)), frames
            header = None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--comm", default="pykc")
    args = p.parse_args()
    time_ns, pids = Counter(), set()
    for pid, period, frames in read_samples(sys.stdin, args.comm):
        time_ns[phase_of(frames)] += period
        pids.add(pid)
    total = sum(time_ns.values())
    if not total:
        sys.exit("perf_phases.py: no samples of %r" % args.comm)
    print("%d processes, %.2f ms of CPU per process sampled\n" % (
        len(pids), total / 1e6 / len(pids)))
    print("%-46s %8s %6s" % ("phase", "ms/proc", "share"))
    for name, ns in time_ns.most_common():
        print("%-46s %8.2f %5.1f%%" % (name, ns / 1e6 / len(pids), 100.0 * ns / total))


if __name__ == "__main__":
    main()
