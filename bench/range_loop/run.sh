#!/usr/bin/env bash
# Runs the range-loop benchmark on a GPU machine (CuPy, numba-cuda, nvcc):
#
#   bench/range_loop/run.sh PTXDIR [-- run.py options]
#
# PTXDIR holds range_loop.ptx from prepare.sh. Prints the medians, the
# ratios pykc/CUDA C and numba/CUDA C, and whether all versions agree bit for
# bit; exits 1 if they do not.
set -eu
[ $# -ge 1 ] || { echo "usage: bench/range_loop/run.sh PTXDIR [-- run.py options]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
ptxdir=$1
shift
[ "${1:-}" = "--" ] && shift
exec python3 "$here/run.py" --ptx "$ptxdir/range_loop.ptx" "$@"
