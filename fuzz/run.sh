#!/usr/bin/env bash
# fuzz/run.sh BIN_DIR TARGET SECONDS [--smoke] [libFuzzer flags...]
#
# Runs one libFuzzer target of a fuzz build (BIN_DIR: build-fuzz/fuzz) for
# SECONDS on a corpus made at run time: the tree's kernels (tests/**/*.pyk,
# examples/*.pyk), the crash reproducers of fuzz/corpus/, and kernels from
# the generator (pykc-kernel-gen), so every text target starts from inputs
# that reach sema and codegen. fuzz_gen's input is the generator's bytes,
# so it starts from fuzz/corpus/gen/ only.
#
# Without --smoke the corpus lives in BIN_DIR/corpus/TARGET and grows from
# run to run. Crashes are written to BIN_DIR/artifacts/. --smoke (CI) uses a
# fresh small corpus (the examples, fuzz/corpus, 20 generated kernels; for
# the lexer and parser all of the tree's kernels) and a fixed seed, and
# fails if the target finds a crash. Runs under nice -n 10, one process.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$1 target=$2 seconds=$3
shift 3
smoke=0
if [ "${1:-}" = "--smoke" ]; then smoke=1; shift; fi

exe=$bin/$target
# The generator is built beside the lit suite's tools (tests/CMakeLists.txt).
gen=${PYKC_KERNEL_GEN:-$bin/../tests/pykc-kernel-gen}
[ -x "$exe" ] || { echo "fuzz/run.sh: no $exe (build it: scripts/fuzz.sh builds build-fuzz)" >&2; exit 2; }

mkdir -p "$bin/artifacts"
if [ $smoke = 1 ]; then
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/pykc-fuzz-$target.XXXXXX")
  trap 'rm -rf "$corpus"' EXIT
  artifacts=$bin/artifacts/smoke-$target-   # kept: the input to reproduce with
else
  corpus=$bin/corpus/$target
  mkdir -p "$corpus"
  artifacts=$bin/artifacts/$target-
fi

# Seeds: copied under names made from their paths, so reruns do not add
# them twice. Files over 64 KiB are left out (libFuzzer's -max_len below).
seed() {   # files...
  for f in "$@"; do
    [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 65536 ] || continue
    cp "$f" "$corpus/seed-$(echo "${f#"$root"/}" | tr '/' '_')"
  done
}
case $target in
  fuzz_gen)
    [ -d "$root/fuzz/corpus/gen" ] && seed "$root"/fuzz/corpus/gen/* ;;
  *)
    seed "$root"/examples/*.pyk "$root"/fuzz/corpus/*.pyk
    if [ $smoke = 0 ] || [ "$target" = fuzz_lex ] || [ "$target" = fuzz_parse ]; then
      mapfile -t kernels < <(find "$root/tests" -name '*.pyk' | sort)
      seed "${kernels[@]}"
    fi
    "$gen" 1 "$([ $smoke = 1 ] && echo 20 || echo 200)" "$corpus" ;;
esac

flags=(-max_total_time="$seconds" -max_len=65536 -timeout=30 -rss_limit_mb=4096
       -dict="$root/fuzz/dict/pyk.dict" -artifact_prefix="$artifacts" -print_final_stats=1)
[ "$target" = fuzz_gen ] && flags=(-max_total_time="$seconds" -max_len=512 -timeout=30 -rss_limit_mb=4096
                                  -artifact_prefix="$artifacts" -print_final_stats=1)
[ $smoke = 1 ] && flags+=(-seed=1)
# Leak checks: LLVM's one-time registrations are not leaks, the compiler's
# own must be none (as the lit suite's ASan run requires).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
nice -n 10 "$exe" "${flags[@]}" "$@" "$corpus"
