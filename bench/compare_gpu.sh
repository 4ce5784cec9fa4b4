#!/usr/bin/env bash
# This tree beside an earlier commit on one NVIDIA GPU: builds the headless CUDA toposcope-cli of
# both, runs the full default suite three times each, interleaved (process wall time), then this
# tree once beside gpu_stress, and prints every attribute whose value or confidence differs
# between the two trees' first runs. The earlier commit's sources come as a folder (made here
# with `git archive COMMIT | tar x -C gpu-base`: the device machine gets no .git).
# Usage: bench/compare_gpu.sh BASE_SOURCE_DIR STRESS_SOURCE [OUTDIR] (default $OUT, else gpu-out).
# Everything lands in OUTDIR/compare.tgz (the device tool returns a few files only) and summary.txt;
# the new tree's first report (series and all) in OUTDIR/new-run1.json.gz.
set -euo pipefail
base_src="$1"
stress_source="$2"
final="${3:-${OUT:-gpu-out}}"
out="$(mktemp -d)"
mkdir -p "$final"
trap 'tar czf "$final/compare.tgz" --exclude="*.json" -C "$out" . ; cp "$out/summary.txt" "$final/" 2>/dev/null || true; gzip -c "$out/new-run1.json" > "$final/new-run1.json.gz" 2>/dev/null || true' EXIT
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
exec > >(tee "$out/summary.txt") 2>&1
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
build-compare-new/bin/toposcope-cli --backend cuda --only l2 --no-session --json "$out/new-l2.json" > /dev/null 2>&1 || true
echo "== times"
cat "$out/times.txt"
echo "== the L2's capacity and random-fill rows (new, --only l2)"
python3 - "$out/new-l2.json" <<'PY' || true
import json, sys
report = json.load(open(sys.argv[1]))
for element in report["elements"]:
    if element["name"] != "L2":
        continue
    for a in element["attributes"]:
        if a["name"] in ("size", "contiguousKnee", "ways", "sets", "replacementPolicy"):
            print(a["name"], a.get("value"), a.get("confidence"), a.get("method"), "|", a.get("reason", "")[:700])
for series in report["series"]:
    if series.get("id") == "l2.associativity":
        for row in series["rows"]:
            if row.get("label", "").startswith(("random", "reuse")):
                print(row.get("label"), row.get("x"), row.get("x2"), row.get("value"), sorted(row.get("latencies", []))[::32])
PY
echo "== issue 15's rule: this tree's quiet runs against the one beside gpu_stress"
python3 "$(dirname "$0")/shared_gpu_check.py" --quiet "$out"/new-run[123].json --beside "gpu_stress:$out/new-beside-stress.json" || true
echo "== attributes that differ (base run1 -> new run1)"
diff <(sed -n '/^element/,/^$/p' "$out/base-run1.txt") <(sed -n '/^element/,/^$/p' "$out/new-run1.txt") || true
echo "== new run1 -> new run2 -> new run3 (capacity rows)"
grep -hE "^(L1|L2|Texture|Read Only|Constant L1\.5|Constant L1) +(size|contiguousKnee|ways|sets) " "$out"/new-run[123].txt || true
echo "== beside gpu_stress (capacity rows)"
grep -hE "^(L1|L2|Texture|Read Only|Constant L1\.5|Constant L1) +(size|contiguousKnee|ways|sets) " "$out/new-beside-stress.txt" || true
