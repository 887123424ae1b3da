#!/bin/sh
# Profiles N whole-process compiles of one example with perf and prints the
# CPU time per phase (bench/perf_phases.py). Needs perf with permission to
# record (root, or kernel.perf_event_paranoid <= 1) and a Release pykc.
# usage: bench/profile.sh [KERNEL [RUNS [PYKC]]]     default: vecadd 20 build/pykc
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
kernel=${1:-vecadd}
runs=${2:-20}
pykc=$(realpath "${3:-$root/build/pykc}")
data=$(mktemp /tmp/pykc-perf.XXXXXX)
trap 'rm -f "$data" "$data.old" "$data.ptx"' EXIT

# DWARF call stacks: LLVM is built without frame pointers.
perf record -q -e cpu-clock -F 10000 --call-graph dwarf,16384 -o "$data" -- \
    sh -c "for i in \$(seq $runs); do '$pykc' compile '$root/examples/$kernel.pyk' -o '$data.ptx'; done"
perf script -i "$data" --comm pykc --no-inline 2>/dev/null | python3 "$root/bench/perf_phases.py"
