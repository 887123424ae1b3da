#!/usr/bin/env bash
# Line information on a GPU: the PTX of oob_write.pyk compiled with
# --lineinfo (no --check) names the .pyk file (.file) and carries the
# planted write's line (.loc), and compute-sanitizer --tool memcheck,
# running oob_host over it, reports the out-of-bounds write at that file
# and line. The line is the one of the PLANTED-OOB-WRITE marker.
# Usage: tests/gpu/lineinfo/run.sh DIR   (DIR: oob_host and oob_write.ptx,
# from scripts/gpu-tests.sh --build, or BUILD/lineinfo-test)
# Ends with "N passed, M failed"; exit status 0 when all passed.
set -u
dir=${1:?usage: tests/gpu/lineinfo/run.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
line=$(grep -n 'PLANTED-OOB-WRITE' "$here/oob_write.pyk" | head -1 | cut -d: -f1)
ptx=$dir/oob_write.ptx
passed=0
failed=0

check() { # check NAME COMMAND...: PASS or FAIL by COMMAND's status
    local name=$1
    shift
    if "$@"; then
        echo "PASS: $name"
        passed=$((passed + 1))
    else
        echo "FAIL: $name"
        failed=$((failed + 1))
    fi
}

check "the planted line is known (line ${line:-?} of oob_write.pyk)" test -n "$line"
check "the PTX exists ($ptx)" test -f "$ptx"
check "the PTX's .file names oob_write.pyk" grep -Eq '^[[:space:]]*\.file[[:space:]]+[0-9]+[[:space:]]+"[^"]*oob_write\.pyk"' "$ptx"
check "the PTX has a .loc for line $line" grep -Eq "^[[:space:]]*\.loc[[:space:]]+[0-9]+[[:space:]]+$line[[:space:]]" "$ptx"

# compute-sanitizer: on PATH, else in the toolkit (CUDA_HOME, /usr/local/cuda).
sanitizer=$(command -v compute-sanitizer 2>/dev/null)
for candidate in ${CUDA_HOME:+"$CUDA_HOME/bin/compute-sanitizer"} /usr/local/cuda/bin/compute-sanitizer; do
    [ -n "$sanitizer" ] && break
    [ -x "$candidate" ] && sanitizer=$candidate
done
check "compute-sanitizer found (PATH, \$CUDA_HOME/bin, /usr/local/cuda/bin)" test -n "$sanitizer"
if [ -n "$sanitizer" ] && [ -f "$ptx" ]; then
    report=$(mktemp)
    timeout 300 "$sanitizer" --tool memcheck --print-limit 10 "$dir/oob_host" "$ptx" >"$report" 2>&1
    sed 's/^/    /' "$report"
    check "memcheck reports an invalid global write of 4 bytes" grep -q 'Invalid __global__ write of size 4 bytes' "$report"
    check "memcheck names oob_write.pyk:$line" grep -Eq "oob_write\.pyk:$line([^0-9]|\$)" "$report"
    check "memcheck names the kernel shift_right" grep -q 'shift_right' "$report"
    rm -f "$report"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
