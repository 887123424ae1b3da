#!/usr/bin/env bash
# Installs what building and testing pykc needs, on Debian 12 (bookworm).
#
# Idempotent: packages already present are not touched, and apt-get runs only
# when something is missing. The CUDA toolkit (ptxas, libdevice, cuda.h) is not
# installed here: it is optional, found under $CUDA_HOME or /usr/local/cuda.
set -euo pipefail

packages=(
  cmake ninja-build gcc re2c lemon python3 python3-numpy   # numpy: the conformance harness's tests
  llvm-19-dev llvm-19-tools        # LLVM C API, static NVPTX libraries, FileCheck, lit
  zlib1g-dev libzstd-dev           # static libraries that LLVM's own archives need
  libxml2-dev libedit-dev libffi-dev libtinfo-dev   # named by llvm-config --system-libs
  clang-19 libclang-rt-19-dev      # libFuzzer: the fuzz targets' smoke runs (fuzz/, docs/testing.md)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
