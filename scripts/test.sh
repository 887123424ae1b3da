#!/usr/bin/env bash
# README command 2, and all that CI runs: installs what is missing, builds
# pykc twice (optimised, and with AddressSanitizer + UndefinedBehaviorSanitizer)
# with warnings as errors, and runs the whole lit suite against each build;
# then builds the libFuzzer targets (build-fuzz, clang-19) and runs each for a
# few seconds (fuzz/tests, about 25 s in all; docs/testing.md).
# The last line is "N passed, M failed, K skipped" over all three runs.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
lit=$(ls /usr/lib/llvm-19/build/utils/lit/lit.py)

run_suite() {   # build-dir, extra cmake flags...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DPYKC_WERROR=ON "$@" >/dev/null
  ninja -C "$dir"
  echo "== lit ($dir)"
  python3 "$lit" -sv --order=lexical --output "$dir/lit-results.json" "$dir/tests" || true
}

run_suite build -DCMAKE_BUILD_TYPE=Release
run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DPYKC_SANITIZE=ON

# The fuzz smoke: skipped, each target counted as a skipped test, where
# clang-19's libFuzzer is missing (install-deps installs it).
results=(build/lit-results.json build-asan/lit-results.json)
fuzz_skipped=0
if command -v clang-19 >/dev/null && [ -f /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.fuzzer-x86_64.a ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPYKC_FUZZ=ON \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
  ninja -C build-fuzz fuzz_all
  echo "== lit (build-fuzz/fuzz)"
  python3 "$lit" -sv --order=lexical --output build-fuzz/lit-results.json build-fuzz/fuzz || true
  results+=(build-fuzz/lit-results.json)
else
  fuzz_skipped=$(ls fuzz/tests/*.test | wc -l)
  echo "== fuzz smoke skipped: clang-19 or its libFuzzer (libclang-rt-19-dev) is missing"
fi

python3 - "$fuzz_skipped" "${results[@]}" <<'PY'
import json, sys
passed = failed = 0
skipped = int(sys.argv[1])
for path in sys.argv[2:]:
    for test in json.load(open(path))["tests"]:
        code = test["code"]
        if code in ("PASS", "XFAIL"):
            passed += 1
        elif code == "UNSUPPORTED":
            skipped += 1
        else:
            failed += 1
            print("FAILED:", test["name"], "(" + path + ")")
print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
sys.exit(1 if failed or passed == 0 else 0)
PY
