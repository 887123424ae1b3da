#!/usr/bin/env bash
# README command 2, and all that CI runs: installs what is missing, builds
# pykc twice (optimised, and with AddressSanitizer + UndefinedBehaviorSanitizer)
# with warnings as errors, and runs the whole lit suite against each build.
# The last line is "N passed, M failed" over both runs.
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

python3 - build/lit-results.json build-asan/lit-results.json <<'PY'
import json, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
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
