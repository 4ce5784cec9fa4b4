#!/usr/bin/env bash
# One device call: builds the headless CUDA configuration with the gpu tests, runs the focused
# experiments (toposcope-cuda-diag), the gpu-labelled tests and dumps the chase kernel's SASS.
# Usage: bench/gpu_diag.sh OUTDIR  (GoogleTest sources in .gtest-src when none is installed)
set -uo pipefail
out="${1:-${OUT:-gpu-out}}"
mkdir -p "$out"
build=build-gpu
gtest=()
[ -d .gtest-src ] && gtest=(-DTOPOSCOPE_GTEST_SOURCE_DIR="$PWD/.gtest-src")
cmake -S . -B "$build" -G Ninja -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_FUZZ=OFF -DTOPOSCOPE_CUDA=ON \
  -DTOPOSCOPE_CUDA_ARCHS="${TOPOSCOPE_CUDA_ARCHS:-90}" "${gtest[@]}" > "$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
ninja -C "$build" toposcope-cli toposcope-cuda-diag toposcope_gpu_tests > "$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,mig.mode.current --format=csv | tee "$out/environment.txt"
timeout 240 "$build/bin/toposcope-cuda-diag" 2>&1 | tee "$out/diag.txt"
(cd "$build" && timeout 120 ctest -L gpu --output-on-failure) > "$out/gpu-tests.txt" 2>&1; tail -15 "$out/gpu-tests.txt"
obj=$(find "$build" -name 'chase_kernel.cu.o' | head -1)
command -v cuobjdump > /dev/null && [ -n "$obj" ] && cuobjdump -sass "$obj" > "$out/chase.sass" 2>&1
ls -la "$out"
