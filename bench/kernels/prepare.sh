#!/usr/bin/env bash
# Compiles bench/kernels' Numba kernels with pykc where pykc is built (no GPU
# needed) and checks each PTX with ptxas when the toolkit is there:
#
#   bench/kernels/prepare.sh OUTDIR [PYKC]
#
# PYKC defaults to build/pykc, ARCH to sm_90 (the H100/H200). Carry OUTDIR to
# the GPU machine and pass it to run.py as --ptx-dir OUTDIR (or carry pykc
# itself and pass --pykc PATH).
set -eu
[ $# -ge 1 ] || { echo "usage: bench/kernels/prepare.sh OUTDIR [PYKC]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
outdir=$1
pykc=${2:-$here/../../build/pykc}
arch=${ARCH:-sm_90}
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
mkdir -p "$outdir"
for py in "$here"/*.py; do
    grep -q '^@cuda.jit' "$py" || continue
    stem=$(basename "$py" .py)
    "$pykc" compile "$py" -O3 --arch="$arch" -o "$outdir/$stem.ptx"
    if [ -x "$ptxas" ]; then
        "$ptxas" -arch="$arch" "$outdir/$stem.ptx" -o /dev/null
    fi
done
"$pykc" --version > "$outdir/pykc-version.txt"
git -C "$here" rev-parse HEAD >> "$outdir/pykc-version.txt" 2>/dev/null || true
echo "prepare: wrote $(ls "$outdir"/*.ptx | wc -l) PTX files to $outdir (pykc --arch=$arch)"
