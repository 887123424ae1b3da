#!/bin/sh
# Builds bench/floor/llvm_floor.c into build-bench/llvm_floor (or into the
# folder given as $1), linked the way CMakeLists.txt and cmake/LLVM.cmake
# link pykc: LLVM's static NVPTX and pass-manager archives, static zlib and
# zstd, static libstdc++ and libgcc, -O3 like a Release build. Any difference
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

# Assignments, so that set -e stops here when a library is missing.
zstd=$(find_static libzstd.a)
zlib=$(find_static libz.a)
mkdir -p "$out"
cc -std=c17 -O3 -DNDEBUG -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
    -isystem "$($llvm_config --includedir)" \
    -c "$root/bench/floor/llvm_floor.c" -o "$out/llvm_floor.o"
# shellcheck disable=SC2046 # the library list is meant to split into words
g++ -o "$out/llvm_floor" "$out/llvm_floor.o" \
    $($llvm_config --link-static --libfiles nvptx passes bitreader linker) \
    "$zstd" "$zlib" -lpthread -ldl -lm -lrt \
    -static-libstdc++ -static-libgcc -Wl,--as-needed
echo "$out/llvm_floor"
