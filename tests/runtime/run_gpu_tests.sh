#!/bin/sh
# Runs every GPU test program of the runtime (tests/runtime/gpu/*.c, built
# into BUILD/runtime-tests/gpu) and prints one PASS/FAIL line per program,
# the output of the failing ones, and "N passed, M failed" last.
# Usage: tests/runtime/run_gpu_tests.sh [FOLDER]   (default build-rt/runtime-tests/gpu)
# Exit status: 0 when every program passed.
folder=${1:-build-rt/runtime-tests/gpu}
passed=0
failed=0
if [ ! -d "$folder" ]; then
    echo "FAIL: no GPU test folder $folder (build the runtime first)"
    echo "0 passed, 1 failed"
    exit 1
fi
log=$(mktemp)
for test in "$folder"/*; do
    [ -f "$test" ] && [ -x "$test" ] || continue
    name=$(basename "$test")
    if timeout 300 "$test" >"$log" 2>&1; then
        echo "PASS: $name ($(tail -n 1 "$log"))"
        passed=$((passed + 1))
    else
        echo "FAIL: $name"
        sed 's/^/    /' "$log"
        failed=$((failed + 1))
    fi
done
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
