#!/bin/sh
# A host built without CMake, as a Makefile would: the installed pykc makes
# the header, and the C compiler gets only what `pkg-config --cflags --libs
# pykrt` prints (PKG_CONFIG_PATH at the installed prefix). The rpath is the
# user's business; the test sets LD_LIBRARY_PATH instead. PYKC_TEST_CFLAGS:
# the sanitizers, when the libpykrt installed is the sanitized build's.
# Usage: build.sh PREFIX OUTDIR SOURCEDIR
set -eu
prefix=$1 out=$2 src=$3
PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig"
export PKG_CONFIG_PATH
"$prefix/bin/pykc" compile "$src/vecadd.pyk" --emit=header --embed=ptx -o "$out/vecadd.pyk.h"
flags=$(pkg-config --cflags --libs pykrt)
echo "pkg-config: $flags"
# shellcheck disable=SC2086
${CC:-cc} -std=c99 -Wall -Werror ${PYKC_TEST_CFLAGS:-} -I"$out" "$src/main.c" $flags -o "$out/user_vecadd"
echo "built $out/user_vecadd"
