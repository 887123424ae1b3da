#!/usr/bin/env bash
# Compiles examples/*.pyk and the GPU test kernels (tests/gpu/*.pyk) with pykc
# at -O3 and -O0, then runs them on a GPU: run_examples.py on each -O level's
# examples, and each differential runner (run_NAME.py for NAME.pyk)
# on both builds of its kernels at once (Numba compiles its side
# only once). Compiling needs pykc and no GPU; running needs a GPU,
# CuPy (and numba-cuda for the comparison with Numba) and no pykc, so the
# two halves can run on different machines:
#
#   tests/gpu/run_all.sh --compile-only OUTDIR [PYKC]   here: OUTDIR/O3, OUTDIR/O0
#   tests/gpu/run_all.sh --run OUTDIR [-- ARGS]         on the GPU machine
#   tests/gpu/run_all.sh OUTDIR [PYKC] [-- ARGS]        both, where pykc and a GPU meet
#
# PYKC defaults to build/pykc; ARGS go to run_semantics.py (--seed N, ...).
# Prints each script's output, then a summary and "N passed, M failed";
# exits 1 if anything failed or did not compile.
set -u
LEVELS="O3 O0"

# Paths given on the command line are the caller's; the scripts run from the
# repository root.
absolute() {
    case $1 in
    /*) echo "$1" ;;
    *) echo "$PWD/$1" ;;
    esac
}

usage() {
    sed -n '9,11p' "$0" | sed 's/^#   /usage: /' >&2
    exit 2
}

# compile OUTDIR PYKC: every .pyk at every level; 1 if any failed
compile_all() {
    local outdir=$1 pykc=$2 status=0 level src flags
    if [ ! -x "$pykc" ]; then
        echo "run_all: no pykc at $pykc (build it, or pass its path)" >&2
        return 1
    fi
    for level in $LEVELS; do
        mkdir -p "$outdir/$level"
        for src in examples/*.pyk tests/gpu/*.pyk; do
            # A first line "# pykc-flags: --weak-scalars ..." adds those flags.
            flags=$(sed -n '1s/^# pykc-flags://p' "$src")
            # shellcheck disable=SC2086
            # NAME.json beside NAME.ptx: the metadata run_launch_helper.py launches from
            if ! "$pykc" compile "$src" "-$level" $flags -o "$outdir/$level/$(basename "${src%.pyk}").ptx" \
                --metadata "$outdir/$level/$(basename "${src%.pyk}").json"; then
                echo "run_all: pykc -$level failed on $src" >&2
                status=1
            fi
        done
    done
    [ $status -eq 0 ] && echo "run_all: compiled examples and tests/gpu/*.pyk at -O3 and -O0 into $outdir"
    return $status
}

has_gpu() {
    python3 -c 'import cupy; assert cupy.cuda.runtime.getDeviceCount() > 0' >/dev/null 2>&1
}

# run_counted and tally (counted.sh)
. "$(dirname "$0")/counted.sh"

run_all() {
    local outdir=$1 level ptxs=""
    shift
    for level in $LEVELS; do
        if [ ! -f "$outdir/$level/vecadd.ptx" ] || [ ! -f "$outdir/$level/semantics.ptx" ]; then
            echo "run_all: $outdir/$level lacks the PTX (run --compile-only first)" >&2
            return 1
        fi
    done
    for level in $LEVELS; do
        run_counted "examples -$level" python3 tests/gpu/run_examples.py "$outdir/$level"
        ptxs="$ptxs $outdir/$level/semantics.ptx"
    done
    # shellcheck disable=SC2086
    run_counted "semantics -O3 -O0" python3 tests/gpu/run_semantics.py "$@" $ptxs
    # Every other differential suite: tests/gpu/run_NAME.py checks NAME.pyk.
    local runner suite
    for runner in tests/gpu/run_*.py; do
        suite=$(basename "${runner%.py}")
        suite=${suite#run_}
        case $suite in examples | semantics) continue ;; esac
        run_counted "$suite -O3 -O0" python3 "$runner" \
            "$outdir/O3/$suite.ptx" "$outdir/O0/$suite.ptx"
    done
    echo "run_all summary:$summary"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

[ $# -ge 1 ] || usage
mode=both
case $1 in
--compile-only | --run)
    mode=${1#--}
    shift
    ;;
-*)
    usage
    ;;
esac
[ $# -ge 1 ] || usage
outdir=$(absolute "$1")
shift
pykc=$(absolute "$(dirname "$0")/../../build/pykc")
if [ "$mode" != run ] && [ $# -ge 1 ] && [ "$1" != "--" ]; then
    pykc=$(absolute "$1")
    shift
fi
[ "${1:-}" = "--" ] && shift
cd "$(dirname "$0")/../.." || exit 1

case $mode in
compile-only)
    compile_all "$outdir" "$pykc"
    ;;
run)
    run_all "$outdir" "$@"
    ;;
both)
    compile_all "$outdir" "$pykc" || exit 1
    if has_gpu; then
        run_all "$outdir" "$@"
    else
        echo "run_all: no GPU here; carry $outdir to a GPU machine and run there:"
        echo "  tests/gpu/run_all.sh --run OUTDIR"
    fi
    ;;
esac
