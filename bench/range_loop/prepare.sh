#!/usr/bin/env bash
# Compiles the range-loop benchmark's kernels with pykc, where pykc is built
# (no GPU needed), and checks the PTX with ptxas when it is installed:
#
#   bench/range_loop/prepare.sh OUTDIR [PYKC]
#
# PYKC defaults to build/pykc. ARCH (default sm_90, the H100/H200 the
# benchmark runs on) is pykc's --arch. Carry OUTDIR to the GPU machine and
# run bench/range_loop/run.sh OUTDIR there.
set -eu
[ $# -ge 1 ] || { echo "usage: bench/range_loop/prepare.sh OUTDIR [PYKC]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
outdir=$1
pykc=${2:-$here/../../build/pykc}
arch=${ARCH:-sm_90}
mkdir -p "$outdir"
"$pykc" compile "$here/range_loop.pyk" -O3 --arch="$arch" -o "$outdir/range_loop.ptx"
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
if [ -x "$ptxas" ]; then
    "$ptxas" -arch="$arch" "$outdir/range_loop.ptx" -o /dev/null
    echo "prepare: ptxas accepted $outdir/range_loop.ptx"
fi
echo "prepare: wrote $outdir/range_loop.ptx (pykc --arch=$arch); on the GPU machine run:"
echo "  bench/range_loop/run.sh $outdir"
