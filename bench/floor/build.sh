#!/bin/sh
# Builds bench/floor/llvm_floor.c into build-bench/llvm_floor (or into the
# folder given as $1), linked the way CMakeLists.txt and cmake/LLVM.cmake
# link pykc: LLVM's static NVPTX and pass-manager archives, static zlib and
# zstd, static libstdc++ and libgcc, -O2 like a Release build. Any difference
# in link would make the floor faster or slower for reasons unrelated to pykc.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build-bench}
llvm_config=${LLVM_CONFIG:-llvm-config-19}

find_static() {
    for dir in $(gcc -print-search-dirs | sed -n 's/^libraries: =//p' | tr ':' ' '); do
        [ -f "$dir/$1" ] && { echo "$dir/$1"; return; }
    done
    echo "build.sh: $1 not found" >&2
    exit 1
}

mkdir -p "$out"
cc -std=c17 -O2 -DNDEBUG -Wall -Wextra -isystem "$($llvm_config --includedir)" \
    -c "$root/bench/floor/llvm_floor.c" -o "$out/llvm_floor.o"
# shellcheck disable=SC2046 # the library list is meant to split into words
g++ -o "$out/llvm_floor" "$out/llvm_floor.o" \
    $($llvm_config --link-static --libfiles nvptx passes bitreader linker) \
    "$(find_static libzstd.a)" "$(find_static libz.a)" -lpthread -ldl -lm -lrt \
    -static-libstdc++ -static-libgcc -Wl,--as-needed
echo "$out/llvm_floor"
