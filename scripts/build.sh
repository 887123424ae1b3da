#!/usr/bin/env bash
# README command 1: installs what is missing, builds pykc, compiles every
# example kernel to PTX (build/examples/*.ptx), checks the PTX with ptxas when
# the CUDA toolkit is present, and runs the examples on the GPU when there is
# one (through CuPy, against NumPy references).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build pykc

mkdir -p build/examples
for kernel in examples/*.pyk; do
  name=$(basename "$kernel" .pyk)
  build/pykc compile "$kernel" -o "build/examples/$name.ptx"
  echo "compiled $kernel -> build/examples/$name.ptx"
done

ptxas="${CUDA_HOME:-/usr/local/cuda}/bin/ptxas"
if [ -x "$ptxas" ]; then
  for ptx in build/examples/*.ptx; do
    python3 tests/tools/ptxas_check.py "$ptxas" "$ptx"
  done
  echo "ptxas accepted every example for sm_80 and sm_90"
else
  echo "ptxas not found under ${CUDA_HOME:-/usr/local/cuda}: PTX not assembled"
fi

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 \
   && python3 -c "import cupy" 2>/dev/null; then
  python3 tests/gpu/run_examples.py build/examples
else
  echo "no GPU (or no CuPy): the examples were compiled but not run"
fi
