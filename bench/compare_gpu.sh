#!/usr/bin/env bash
# This tree beside an earlier commit on one NVIDIA GPU: builds the headless CUDA toposcope-cli of
# both, runs the full default suite three times each, interleaved (process wall time), then this
# tree once beside gpu_stress, and prints every attribute whose value or confidence differs
# between the two trees' first runs. The earlier commit's sources come as a folder (made here
# with `git archive COMMIT | tar x -C gpu-base`: the device machine gets no .git).
# Usage: bench/compare_gpu.sh BASE_SOURCE_DIR STRESS_SOURCE [OUTDIR] (default $OUT, else gpu-out).
set -euo pipefail
base_src="$1"
stress_source="$2"
out="${3:-${OUT:-gpu-out}}"
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
configure() {  # $1: source, $2: build folder
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_CUDA=ON \
    -DTOPOSCOPE_CUDA_ARCHS=90 -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_FUZZ=OFF -DTOPOSCOPE_MAN_PAGES=OFF > "$out/configure-$(basename "$2").log" 2>&1
}
configure . build-compare-new
configure "$base_src" build-compare-base
ninja -C build-compare-new toposcope-cli > "$out/build-new.log" 2>&1 || { tail -30 "$out/build-new.log"; exit 1; }
ninja -C build-compare-base toposcope-cli > "$out/build-base.log" 2>&1 || { tail -30 "$out/build-base.log"; exit 1; }
nvcc -O2 -arch=sm_90 -o build-compare-new/gpu_stress "$stress_source"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "this tree: ${TOPOSCOPE_COMMIT:-unknown}; base: ${TOPOSCOPE_BASE_COMMIT:-unknown}"
  nvidia-smi --query-gpu=name,driver_version,mig.mode.current --format=csv,noheader 2>/dev/null || echo "nvidia-smi unavailable"
} | tee "$out/environment.txt"
run() {  # $1: tree (new|base), $2: tag
  local t0 rc=0
  t0=$(date +%s%N)
  "build-compare-$1/bin/toposcope-cli" --backend cuda --no-session --json "$out/$1-$2.json" > "$out/$1-$2.txt" 2> "$out/$1-$2.log" || rc=$?
  echo "$1 $2: rc $rc $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$out/times.txt"
}
for i in 1 2 3; do run base "run$i"; run new "run$i"; done
build-compare-new/gpu_stress 60 > "$out/stress.log" 2>&1 &
stress=$!
sleep 3
run new beside-stress
kill $stress 2>/dev/null || true
wait $stress 2>/dev/null || true
echo "== attributes that differ (base run1 -> new run1)"
diff <(sed -n '/^element/,/^$/p' "$out/base-run1.txt") <(sed -n '/^element/,/^$/p' "$out/new-run1.txt") || true
echo "== new run1 -> new run2 -> new run3 (capacity rows)"
grep -hE "^(L1|L2|Texture|Read Only|Constant L1\.5|Constant L1) +(size|contiguousKnee|ways|sets) " "$out"/new-run[123].txt || true
echo "== beside gpu_stress (capacity rows)"
grep -hE "^(L1|L2|Texture|Read Only|Constant L1\.5|Constant L1) +(size|contiguousKnee|ways|sets) " "$out/new-beside-stress.txt" || true
