#!/usr/bin/env bash
# Times TopoScope on a real NVIDIA GPU: builds the headless configuration with CUDA, runs the
# full suite three times (reports kept), then every benchmark group alone, the gpu-labelled
# tests (when GoogleTest is installed or its sources are in .gtest-src), the MIG view, and on a
# node with several GPUs --all-devices and compare; prints the figures.
# Usage: bench/gpu_suite.sh [OUTDIR]. Every file lands in OUTDIR/results.tgz
# (on the device tool OUTDIR defaults to $OUT). SUITE_GROUPS (a space list, default every group)
# and SUITE_TESTS=0 shorten a call; SUITE_CLI=path uses a toposcope-cli built elsewhere (no
# configure or build here). Ends with bench/suite_summary.py: each benchmark's time in run 1-3,
# every attribute of the three runs side by side with their spread, and the L2 size rows.
set -euo pipefail
final="${1:-${OUT:-gpu-out}}"
out="$(mktemp -d)"
trap 'tar czf "$final/results.tgz" -C "$out" . ; cp "$out/summary.txt" "$final/" 2>/dev/null || true' EXIT
mkdir -p "$final"
build=build-gpu
archs="${TOPOSCOPE_CUDA_ARCHS:-90}"

tests=(-DTOPOSCOPE_TESTS=OFF)
targets=(toposcope-cli)
if [ -n "${SUITE_CLI:-}" ]; then
  cli="$SUITE_CLI"
else
  if [ "${SUITE_TESTS:-1}" = 1 ] && { [ -d .gtest-src ] || [ -f /usr/include/gtest/gtest.h ]; }; then
    tests=(-DTOPOSCOPE_TESTS=ON -DTOPOSCOPE_FUZZ=OFF)
    [ -d .gtest-src ] && tests+=(-DTOPOSCOPE_GTEST_SOURCE_DIR="$PWD/.gtest-src")
    targets+=(toposcope_gpu_tests)
  fi
  cmake -S . -B "$build" -G Ninja -DTOPOSCOPE_GUI=OFF "${tests[@]}" -DTOPOSCOPE_HIP=OFF \
    -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS="$archs" > "$out/configure.log" 2>&1
  ninja -C "$build" "${targets[@]}" > "$out/build.log" 2>&1
  cli="$build/bin/toposcope-cli"
fi

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: ${TOPOSCOPE_COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,mig.mode.current \
    --format=csv 2>/dev/null || echo "nvidia-smi unavailable"
} > "$out/environment.txt"

milliseconds() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

exec > >(tee "$out/summary.txt") 2>&1
cat "$out/environment.txt"
echo "== full suite, three runs"
for run in 1 2 3; do
  start=$(date +%s%N)
  status=0
  timeout "${RUN_LIMIT:-150}" "$cli" --backend cuda --json "$out/run$run.json" --mt4g-json "$out/run$run-mt4g.json" \
    > "$out/run$run.txt" 2> "$out/run$run.log" || status=$?
  echo "run $run: $(milliseconds "$start") ms, exit $status, L1 size known at: $(grep -m1 '= \[.*\] L1 size' "$out/run$run.log" | sed 's/.*\[ *\([0-9.]*\)s\].*/\1 s/')"
done

echo "== each group alone (three times each; process wall time)"
for group in ${SUITE_GROUPS-l1 texture readonly constant l2 shared memory sharing bandwidth}; do
  times=""
  for run in 1 2 3; do
    start=$(date +%s%N)
    status=0
    timeout "${RUN_LIMIT:-150}" "$cli" --backend cuda --only "$group" --json "$out/group-$group-$run.json" > /dev/null 2> "$out/group-$group-$run.log" || status=$?
    times="$times $(milliseconds "$start") ms (exit $status)"
  done
  echo "group $group:$times"
done
echo "== L2 size when the l2 group runs alone"
grep -h "= \[.*\] L2 size" "$out"/group-l2-*.log 2>/dev/null || true

if [[ " ${targets[*]} " == *" toposcope_gpu_tests "* ]]; then
  echo "== gpu tests"
  (cd "$build" && timeout 200 ctest -L gpu --output-on-failure) > "$out/gpu-tests.txt" 2>&1 || true
  grep -E "tests passed|Passed|Failed|Skipped" "$out/gpu-tests.txt" | tail -10
fi

echo "== MIG view"
timeout 60 "$cli" mig --backend cuda > "$out/mig.txt" 2>&1 || echo "mig: exit $?"
head -30 "$out/mig.txt"

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "${gpus:-0}" -gt 1 ]; then
  echo "== --all-devices on $gpus GPUs"
  start=$(date +%s%N)
  status=0
  timeout "${RUN_LIMIT:-150}" "$cli" --backend cuda --all-devices --json "$out/all-devices" \
    > "$out/all-devices.txt" 2> "$out/all-devices.log" || status=$?
  echo "all devices: $(milliseconds "$start") ms, exit $status"
  tail -25 "$out/all-devices.txt"
  status=0
  "$cli" compare "$out"/all-devices/gpu*.json > "$out/compare.txt" 2>&1 || status=$?
  echo "compare: exit $status"
  cat "$out/compare.txt"
fi

echo "== run 1 summary"
cat "$out/run1.txt"
echo "== summary of the three full runs"
python3 "$(dirname "$0")/suite_summary.py" "$out" || echo "suite_summary.py: exit $?"
