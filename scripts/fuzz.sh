#!/usr/bin/env bash
# scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#
# Builds the libFuzzer targets (build-fuzz, clang-19, PYKC_FUZZ=ON) and runs
# TARGET for SECONDS on its growing corpus (build-fuzz/fuzz/corpus/TARGET);
# crashes go to build-fuzz/fuzz/artifacts/. Targets: fuzz_lex, fuzz_parse,
# fuzz_sema, fuzz_ir, fuzz_ptx, fuzz_gen (docs/testing.md says what each
# covers and checks). Example: scripts/fuzz.sh fuzz_ir 600
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
if ! command -v clang-19 >/dev/null || ! ls /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "scripts/fuzz.sh: clang-19's libFuzzer is missing (scripts/install-deps.sh installs clang-19 and libclang-rt-19-dev)" >&2
  exit 2
fi
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPYKC_FUZZ=ON \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
nice -n 10 ninja -C build-fuzz -j"${PYKC_FUZZ_JOBS:-2}" "$target" pykc-kernel-gen >/dev/null
exec fuzz/run.sh build-fuzz/fuzz "$target" "$seconds" "$@"
