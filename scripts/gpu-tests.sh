#!/usr/bin/env bash
# Every test that needs a GPU, in two halves that run on different machines:
#
#   scripts/gpu-tests.sh --build DIR [BUILD]   here, no GPU needed
#   scripts/gpu-tests.sh --run DIR             on the GPU machine, in a copy of the repo
#
# --build builds the CMake build folder BUILD (default: build; configured,
# Release, if it is not yet) and gathers into DIR only what the GPU machine
# runs: the runtime's GPU test programs (DIR/runtime-tests), the examples'
# C hosts (DIR/examples), the PTX of examples/*.pyk and tests/gpu/*.pyk at
# -O3 and -O0 (DIR/ptx, from tests/gpu/run_all.sh --compile-only), and the
# launch benchmark if bench/launch builds one (DIR/bench), the
# line-information test (DIR/lineinfo: tests/gpu/lineinfo/run.sh) and the
# checked-mode benchmark (DIR/bench-checked: bench/checked/run.sh) and the
# first-load benchmark (DIR/bench-first-load: bench/first_load/run.sh). The programs link
# libpykrt statically and libc dynamically, and load the driver with
# dlopen: DIR needs nothing from the build folder, and stays a few MiB.
# --run runs tests/runtime/run_gpu_tests.sh, each example host, and
# tests/gpu/run_all.sh --run (CuPy and numba-cuda needed there), printing
# their PASS/FAIL lines, then the launch benchmark (its figures are shown;
# only a failed launch counts), the line-information test under
# compute-sanitizer and the checked-mode benchmark (figures shown; failed
# launches count), then one summary and "N passed, M failed" over all.
# Exit status: 0 when everything passed.
set -u

usage() {
    sed -n '4,5p' "$0" | sed 's/^#   /usage: /' >&2
    exit 2
}

absolute() {
    case $1 in
    /*) echo "$1" ;;
    *) echo "$PWD/$1" ;;
    esac
}

die() {
    echo "gpu-tests: $*" >&2
    exit 1
}

# copy_programs FROM TO: the executable files directly in FROM (no objects)
copy_programs() {
    local from=$1 to=$2 file copied=0
    mkdir -p "$to"
    for file in "$from"/*; do
        if [ -f "$file" ] && [ -x "$file" ]; then
            cp "$file" "$to/"
            copied=$((copied + 1))
        fi
    done
    echo "$copied"
}

build() {
    local dir=$1 build=$2 count
    if [ ! -f "$build/CMakeCache.txt" ]; then
        cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null ||
            die "configuring $build failed"
    fi
    # Sanitized programs need the sanitizer runtimes, which the GPU machine
    # may not have, and a sanitized runtime is no fair test anyway.
    if grep -q '^PYKC_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
        die "$build is a sanitized build; use a Release one"
    fi
    cmake --build "$build" || die "building $build failed"
    [ -d "$build/runtime-tests/gpu" ] ||
        die "$build has no libpykrt (cuda.h was not found: configure it with -DCUDA_HOME=...)"

    rm -rf "$dir"
    mkdir -p "$dir"
    count=$(copy_programs "$build/runtime-tests/gpu" "$dir/runtime-tests")
    echo "gpu-tests: $count runtime GPU test programs"
    count=$(copy_programs "$build/example-hosts" "$dir/examples")
    echo "gpu-tests: $count example hosts"
    tests/gpu/run_all.sh --compile-only "$dir/ptx" "$build/pykc" || die "compiling the GPU kernels failed"
    # bench/launch builds its program alone into BUILD/bench-launch.
    if [ -d "$build/bench-launch" ]; then
        count=$(copy_programs "$build/bench-launch" "$dir/bench")
        echo "gpu-tests: $count launch benchmark program(s)"
    fi
    # The line-information test: its host and --lineinfo PTX (BUILD/lineinfo-test).
    if [ -d "$build/lineinfo-test" ]; then
        copy_programs "$build/lineinfo-test" "$dir/lineinfo" >/dev/null
        cp "$build/lineinfo-test/"*.ptx "$dir/lineinfo/"
        echo "gpu-tests: the line-information test (compute-sanitizer)"
    fi
    # bench/checked: its program and the examples' PTX, plain and --check.
    if [ -d "$build/bench-checked/ptx" ]; then
        copy_programs "$build/bench-checked" "$dir/bench-checked" >/dev/null
        cp -r "$build/bench-checked/ptx" "$dir/bench-checked/"
        echo "gpu-tests: the checked-mode benchmark"
    fi
    # bench/first_load: its program and the examples' PTX, cubins and fatbins.
    if [ -d "$build/bench-first-load/modules" ]; then
        copy_programs "$build/bench-first-load" "$dir/bench-first-load" >/dev/null
        cp -r "$build/bench-first-load/modules" "$dir/bench-first-load/"
        echo "gpu-tests: the first-load benchmark (PTX against cubin)"
    fi
    {
        echo "built $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname) from $build"
        echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
            "($(git status --porcelain 2>/dev/null | wc -l) files changed or new)"
    } >"$dir/BUILD-INFO"
    echo "gpu-tests: $dir holds $(du -sh "$dir" | cut -f1); on the GPU machine run:"
    echo "  scripts/gpu-tests.sh --run $dir"
}

# The totals over all parts, and one summary line per part: run_counted
# and tally (tests/gpu/counted.sh).
. "$(dirname "$0")/../tests/gpu/counted.sh"

# run_programs LABEL FOLDER: each program prints PASS/FAIL lines; one that
# exits non-zero without a FAIL line (a crash, a timeout) counts as a failure.
run_programs() {
    local label=$1 folder=$2 program name log status p=0 f=0 pl fl
    echo "== $label"
    if [ ! -d "$folder" ]; then
        echo "FAIL: no folder $folder (run --build first)"
        tally "$label" 0 1
        return
    fi
    log=$(mktemp)
    for program in "$folder"/*; do
        if [ ! -f "$program" ] || [ ! -x "$program" ]; then continue; fi
        name=$(basename "$program")
        timeout 300 "$program" >"$log" 2>&1
        status=$?
        cat "$log"
        pl=$(grep -c '^PASS' "$log")
        fl=$(grep -c '^FAIL' "$log")
        if [ "$status" -ne 0 ] && [ "$fl" -eq 0 ]; then
            echo "FAIL $name: exited with status $status$([ "$status" -eq 124 ] && echo ' (timed out)')"
            fl=1
        fi
        p=$((p + pl))
        f=$((f + fl))
    done
    rm -f "$log"
    tally "$label" "$p" "$f"
}

run() {
    local dir=$1
    [ -d "$dir" ] || die "no folder $dir (run --build DIR on a machine with pykc first)"
    [ -f "$dir/BUILD-INFO" ] && sed 's/^/gpu-tests: /' "$dir/BUILD-INFO"
    if [ -d "$dir/runtime-tests" ]; then
        run_counted "runtime" tests/runtime/run_gpu_tests.sh "$dir/runtime-tests"
    else
        echo "FAIL: no $dir/runtime-tests"
        tally "runtime" 0 1
    fi
    run_programs "example hosts" "$dir/examples"
    run_counted "pykc vs numba-cuda (tests/gpu)" tests/gpu/run_all.sh --run "$dir/ptx"
    [ -d "$dir/bench" ] && run_programs "launch benchmark" "$dir/bench"
    [ -d "$dir/lineinfo" ] &&
        run_counted "line information under compute-sanitizer" tests/gpu/lineinfo/run.sh "$dir/lineinfo"
    [ -d "$dir/bench-checked" ] &&
        run_counted "checked-mode benchmark" bench/checked/run.sh "$dir/bench-checked"
    if [ -d "$dir/bench-first-load" ]; then
        echo "== first-load benchmark (PTX against cubin and fatbin)"
        if bench/first_load/run.sh "$dir/bench-first-load" 5; then
            tally "first-load benchmark" 1 0
        else
            tally "first-load benchmark" 0 1
        fi
    fi
    echo "gpu-tests summary:$summary"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

[ $# -ge 2 ] || usage
mode=$1
dir=$(absolute "$2")
build_dir=$(absolute "${3:-build}")
cd "$(dirname "$0")/.." || exit 1
case $mode in
--build) build "$dir" "$build_dir" ;;
--run) run "$dir" ;;
*) usage ;;
esac
