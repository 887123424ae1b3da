#!/usr/bin/env bash
# Checked mode's cost on the example kernels, in one run (README.md):
#   1. kernel time per launch, plain vs --check, CUDA events, interleaved
#      rounds, medians and ratio (checked_overhead's table);
#   2. whole-program wall time of a fixed number of launches of each
#      kernel: the plain build, the --check build, and the plain build under
#      compute-sanitizer --tool memcheck, interleaved repetitions, medians
#      and ratios to the plain build.
# Usage: bench/checked/run.sh DIR [ROUNDS LAUNCHES]
#   DIR holds checked_overhead and ptx/ (BUILD/bench-checked, or
#   DIR/bench-checked of scripts/gpu-tests.sh). Environment:
#   CHECKED_WALL_REPS (default 3), CHECKED_WALL_LAUNCHES (default 10).
# Ends with "N passed, M failed": a kernel whose launches failed, or that
# memcheck found an error in, fails; the figures themselves never do.
set -u
dir=${1:?usage: bench/checked/run.sh DIR [ROUNDS LAUNCHES]}
rounds=${2:-15}
launches=${3:-20}
reps=${CHECKED_WALL_REPS:-3}
wall_launches=${CHECKED_WALL_LAUNCHES:-10}
program=$dir/checked_overhead
ptx=$dir/ptx
kernels="vecadd saxpy matmul_naive matmul_tiled block_sum histogram jacobi_step transpose"
passed=0
failed=0

if [ ! -x "$program" ] || [ ! -d "$ptx" ]; then
    echo "FAIL: $dir has no checked_overhead and ptx/ (build the bench first)"
    echo "0 passed, 1 failed"
    exit 1
fi

echo "== kernel time per launch, CUDA events"
log=$(mktemp)
"$program" "$ptx" "$rounds" "$launches" | tee "$log"
counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
if [ -n "$counts" ]; then
    passed=$((passed + ${counts%% passed*}))
    f=${counts#*, }
    failed=$((failed + ${f%% failed}))
else
    echo "FAIL: checked_overhead did not finish"
    failed=$((failed + 1))
fi

# compute-sanitizer: on PATH, else in the toolkit (CUDA_HOME, /usr/local/cuda).
sanitizer=$(command -v compute-sanitizer 2>/dev/null)
for candidate in ${CUDA_HOME:+"$CUDA_HOME/bin/compute-sanitizer"} /usr/local/cuda/bin/compute-sanitizer; do
    [ -n "$sanitizer" ] && break
    [ -x "$candidate" ] && sanitizer=$candidate
done

# The same event-timed table with the plain kernels run under memcheck:
# the kernel time compute-sanitizer costs, next to what --check costs (the
# whole-program times below are dominated by start-up).
if [ -n "$sanitizer" ]; then
    echo "== kernel time per launch under compute-sanitizer memcheck, CUDA events (3 rounds of 3 launches)"
    mlog=$(mktemp)
    "$sanitizer" --tool memcheck --print-limit 5 "$program" "$ptx" 3 3 >"$mlog" 2>&1
    printf '%-14s %10s %10s %10s %9s %9s\n' kernel plain check memcheck check/pl memchk/pl
    awk 'NR == FNR { if ($4 ~ /x$/) { plain[$1] = $2; check[$1] = $3 } next }
         $4 ~ /x$/ && ($1 in plain) {
             printf "%-14s %10.4f %10.4f %10.4f %8.2fx %8.2fx\n", $1, plain[$1], check[$1], $2,
                    check[$1] / plain[$1], $2 / plain[$1] }' "$log" "$mlog"
    rm -f "$mlog"
fi
rm -f "$log"

now_ns() { date +%s%N; }

# wall VARIANT KERNEL: seconds for one whole run, or "fail".
wall() {
    local variant=$1 kernel=$2 start end status out
    out=$(mktemp)
    start=$(now_ns)
    if [ "$variant" = memcheck ]; then
        "$sanitizer" --tool memcheck --error-exitcode 99 --print-limit 5 \
            "$program" "$ptx" --wall "$kernel" plain "$wall_launches" >"$out" 2>&1
    else
        "$program" "$ptx" --wall "$kernel" "$variant" "$wall_launches" >"$out" 2>&1
    fi
    status=$?
    end=$(now_ns)
    if [ "$status" -ne 0 ]; then
        sed 's/^/    /' "$out" >&2
        echo fail
    else
        awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'
    fi
    rm -f "$out"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == 0) print "-"; else printf "%.2fx", b / a }'; }

variants="plain check"
if [ -n "$sanitizer" ]; then
    variants="plain check memcheck"
    echo "== whole-program wall time, $wall_launches launches, median of $reps runs (s); memcheck: $sanitizer"
else
    echo "== whole-program wall time, $wall_launches launches, median of $reps runs (s); no compute-sanitizer found (PATH, \$CUDA_HOME/bin, /usr/local/cuda/bin): memcheck skipped"
fi
printf '%-14s %9s %9s %9s %9s %9s\n' kernel plain check memcheck check/pl memchk/pl
for kernel in $kernels; do
    declare -A times=([plain]="" [check]="" [memcheck]="")
    ok=1
    for rep in $(seq 1 "$reps"); do
        # rotate the order each repetition
        order=$variants
        [ $((rep % 2)) -eq 0 ] && order=$(echo "$variants" | tr ' ' '\n' | tac | tr '\n' ' ')
        for variant in $order; do
            t=$(wall "$variant" "$kernel")
            if [ "$t" = fail ]; then
                ok=0
                echo "FAIL: $kernel ($variant) failed" >&2
            else
                times[$variant]="${times[$variant]} $t"
            fi
        done
    done
    p=$(echo "${times[plain]}" | median)
    c=$(echo "${times[check]}" | median)
    m=$(echo "${times[memcheck]}" | median)
    printf '%-14s %9s %9s %9s %9s %9s\n' "$kernel" "$p" "$c" "$m" "$(ratio "$p" "$c")" "$(ratio "$p" "$m")"
    if [ "$ok" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    unset times
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
