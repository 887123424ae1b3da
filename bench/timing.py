"""Whole-process timing shared by the benchmarks in bench/: runs commands
interleaved, checks that every run succeeded, and summarises the samples.

Each run is timed twice: wall clock (time.perf_counter around the child) and
CPU time (user + system of the child and everything it waited for, from
RUSAGE_CHILDREN). Wall clock is what a user waits; CPU time barely moves when
other jobs compete for the cores, so it is the steadier of the two on a
shared machine. Stdlib only."""
import os
import platform
import resource
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone


class BenchError(Exception):
    """A command failed: its time must not be recorded as a fast compile.
    `stderr` is the command's own error output."""

    def __init__(self, message, stderr=""):
        super().__init__(message)
        self.stderr = stderr


@dataclass
class Command:
    """One thing to time: `row` and `tool` name the table cell it fills."""
    row: str
    tool: str
    argv: list
    reps: int
    output: str = None          # a file the command must leave behind, non-empty
    wall: list = field(default_factory=list)
    cpu: list = field(default_factory=list)
    stdouts: list = field(default_factory=list)


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(cmd):
    """Runs cmd once; returns (wall seconds, CPU seconds, stdout) or raises
    BenchError with the command's stderr."""
    if cmd.output and os.path.exists(cmd.output):
        os.unlink(cmd.output)
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True)
    wall = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    if proc.returncode != 0:
        raise BenchError("%s failed (exit %d):\n  %s\n%s" % (
            cmd.tool, proc.returncode, " ".join(cmd.argv), proc.stderr.rstrip()), proc.stderr)
    if cmd.output and not (os.path.exists(cmd.output) and os.path.getsize(cmd.output) > 0):
        raise BenchError("%s exited 0 but wrote no %s:\n  %s" % (
            cmd.tool, cmd.output, " ".join(cmd.argv)))
    return wall, cpu, proc.stdout


def measure(commands, warmup, progress=None):
    """Times every command cmd.reps times after `warmup` discarded runs.

    Runs are interleaved: each round visits every command that is due, so a
    burst of load elsewhere hits all tools alike. A command with fewer reps
    than the longest is spread evenly over the rounds rather than bunched at
    the start, and the visiting order rotates from round to round so that no
    command always runs right after the same neighbour."""
    for _ in range(warmup):
        for cmd in commands:
            run_once(cmd)
    rounds = max(cmd.reps for cmd in commands)
    for r in range(rounds):
        shift = r % len(commands)
        for cmd in commands[shift:] + commands[:shift]:
            while len(cmd.wall) < (r + 1) * cmd.reps // rounds:
                wall, cpu, out = run_once(cmd)
                cmd.wall.append(wall)
                cmd.cpu.append(cpu)
                cmd.stdouts.append(out)
        if progress:
            progress(r + 1, rounds)


def summarise(samples):
    """Median, 10th and 90th percentiles, min and max, in milliseconds."""
    ms = sorted(s * 1e3 for s in samples)
    if len(ms) >= 2:
        deciles = statistics.quantiles(ms, n=10, method="inclusive")
        p10, p90 = deciles[0], deciles[-1]
    else:
        p10 = p90 = ms[0]
    return {"n": len(ms), "median": statistics.median(ms), "p10": p10, "p90": p90,
            "min": ms[0], "max": ms[-1]}


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def host_description():
    """What a reader needs to judge the numbers: CPU, cores, load, when."""
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "loadavg": os.getloadavg(),
    }


def tool_version(argv, containing=""):
    """The first line of a tool's version output that contains `containing`
    (by default the last line), or None when the tool does not run."""
    try:
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = [l.strip() for l in proc.stdout.splitlines() if containing in l and l.strip()]
    if proc.returncode != 0 or not lines:
        return None
    return lines[0] if containing else lines[-1]


def cell(summary):
    """'12.3 (11.8-13.9)': the median and the p10-p90 range, in ms."""
    if summary["median"] >= 100:
        return "%.0f (%.0f-%.0f)" % (summary["median"], summary["p10"], summary["p90"])
    return "%.1f (%.1f-%.1f)" % (summary["median"], summary["p10"], summary["p90"])


def print_table(header, rows):
    """Left-aligned first column, the others right-aligned, like a terminal
    table that reads the same pasted into Markdown's code block."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    def line(r):
        return "  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                         for i, (v, w) in enumerate(zip(r, widths)))
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
