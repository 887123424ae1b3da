# Sourced by tests/gpu/run_all.sh and scripts/gpu-tests.sh: running test
# scripts that end with "N passed, M failed", and adding up their counts.
# Sets passed, failed and summary (one line per part).
passed=0
failed=0
summary=""

# tally LABEL PASSED FAILED
tally() {
    passed=$((passed + $2))
    failed=$((failed + $3))
    summary="$summary
  $1: $2 passed, $3 failed"
}

# run_counted LABEL CMD...: runs CMD, shows its output, and tallies its
# closing "N passed, M failed"; a CMD that prints none (a crash) counts as
# one failure.
run_counted() {
    local label=$1 log counts p f
    shift
    echo "== $label"
    log=$(mktemp)
    "$@" 2>&1 | tee "$log"
    counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
    rm -f "$log"
    if [ -z "$counts" ]; then
        echo "FAIL: $label did not finish"
        tally "$label (did not finish)" 0 1
        return
    fi
    p=${counts%% passed*}
    f=${counts#*, }
    f=${f%% failed}
    tally "$label" "$p" "$f"
}
