#!/bin/sh
# First-load time of the examples' modules, PTX against an sm_90 cubin and
# a fatbin (README.md), on the GPU machine:
#   bench/first_load/run.sh [FOLDER] [ROUNDS]   (FOLDER: BUILD/bench-first-load, default build/bench-first-load)
# Each (module, kind) runs ROUNDS times (default 5) as a fresh process,
# alternating kinds, twice over: with the driver's JIT cache off
# (CUDA_CACHE_DISABLE=1: a first run on a machine, the figure the cubin
# saves) and on (a later run, the PTX's SASS cached in ~/.nv/ComputeCache).
# Prints one line per run and then the median load_ms and total_ms per
# module and kind. Exit status 1 when a run fails.
folder=${1:-build/bench-first-load}
rounds=${2:-5}
program=$folder/first_load
[ -x "$program" ] || { echo "FAIL: no $program (build pykc with libpykrt and the toolkit first)"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'
# median FIELD LINES: the middle value of FIELD=V over the lines
median() {
    echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | sort -n |
        awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
# One thread launches each kernel: the derived coverage facts (an array of
# 64 elements wants 64 threads) would refuse it, and only the load is timed.
export PYKRT_NO_DERIVED_CHECKS=1
log=$(mktemp)
status=0
for cache in off on; do
    for ptx in "$folder"/modules/*.ptx; do
        name=$(basename "$ptx" .ptx)
        kernels=$(sed -n 's|^// pykc.kernel \([A-Za-z_0-9]*\)(.*|\1|p' "$ptx")
        round=0
        while [ "$round" -lt "$rounds" ]; do
            for kind in ptx sm_90.cubin fatbin; do
                if [ "$cache" = off ]; then
                    line=$(CUDA_CACHE_DISABLE=1 "$program" "$folder/modules/$name.$kind" $kernels) || status=1
                else
                    line=$("$program" "$folder/modules/$name.$kind" $kernels) || status=1
                fi
                echo "cache=$cache $line" | tee -a "$log"
            done
            round=$((round + 1))
        done
    done
done
echo
echo "median over $rounds fresh processes (ms)"
printf '%-10s %-7s %-13s %9s %9s\n' module cache kind load_ms total_ms
for cache in off on; do
    for ptx in "$folder"/modules/*.ptx; do
        name=$(basename "$ptx" .ptx)
        for kind in ptx sm_90.cubin fatbin; do
            lines=$(grep "^cache=$cache .*/$name\.$kind " "$log")
            [ -n "$lines" ] || continue
            printf '%-10s %-7s %-13s %9s %9s\n' "$name" "$cache" "$kind" \
                "$(median load_ms "$lines")" "$(median total_ms "$lines")"
        done
    done
done
rm -f "$log"
exit $status
