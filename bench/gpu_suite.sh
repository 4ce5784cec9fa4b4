#!/usr/bin/env bash
# Times TopoScope on a real NVIDIA GPU: builds the headless configuration with CUDA, runs the
# full suite three times (reports kept), then every benchmark group alone, and prints the
# figures. Usage: bench/gpu_suite.sh [OUTDIR]. Every file lands in OUTDIR/results.tgz
# (on the device tool OUTDIR defaults to $OUT).
set -euo pipefail
final="${1:-${OUT:-gpu-out}}"
out="$(mktemp -d)"
trap 'tar czf "$final/results.tgz" -C "$out" . ; cp "$out/summary.txt" "$final/" 2>/dev/null || true' EXIT
mkdir -p "$final"
build=build-gpu
archs="${TOPOSCOPE_CUDA_ARCHS:-90}"

cmake -S . -B "$build" -G Ninja -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_HIP=OFF \
  -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS="$archs" > "$out/configure.log" 2>&1
ninja -C "$build" toposcope-cli > "$out/build.log" 2>&1
cli="$build/bin/toposcope-cli"

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

echo "== each group alone"
for group in l1 texture readonly constant l2 shared memory sharing bandwidth; do
  start=$(date +%s%N)
  status=0
  timeout "${RUN_LIMIT:-150}" "$cli" --backend cuda --only "$group" --quiet --json "$out/group-$group.json" > /dev/null 2> "$out/group-$group.log" || status=$?
  echo "group $group: $(milliseconds "$start") ms, exit $status"
done
