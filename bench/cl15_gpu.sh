#!/usr/bin/env bash
# Constant L1.5 size on a real GPU (issue 21): builds the CLI headless, runs the constant group
# three times and prints the Constant L1.5 size, its reason and the one-bank / bank-switch rows.
# Usage: bench/cl15_gpu.sh OUTDIR [BUILDDIR]
set -euo pipefail
out=${1:?output folder}
build=${2:-../build-g}
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
gen=(); command -v ninja > /dev/null && gen=(-G Ninja)
cmake -S . -B "$build" "${gen[@]}" -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_FUZZ=OFF -DTOPOSCOPE_CUDA_ARCHS=90 \
      -DCMAKE_BUILD_TYPE=Release > "$out/configure.log"
cmake --build "$build" --target toposcope-cli -j "$(nproc)" > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$out/gpu.txt"
{ cat COMMIT 2>/dev/null || git log --oneline -1 2>/dev/null || echo unknown; } | tee "$out/commit.txt"
for i in 1 2 3; do
    start=$(date +%s%N)
    "$build/bin/toposcope-cli" --backend cuda --only constant --no-session --quiet --json "$out/run$i.json"
    echo "run $i: $(( ($(date +%s%N) - start) / 1000000 )) ms"
done
python3 - "$out" <<'PY'
import json, sys, statistics
out = sys.argv[1]
for i in (1, 2, 3):
    d = json.load(open(f"{out}/run{i}.json"))
    for e in d["elements"]:
        if e["id"] != "constant_l15": continue
        for a in e["attributes"]:
            if a["name"] == "size":
                print(f"run {i}: size {a['value']:.0f} conf {a['confidence']:.3f} lower {a.get('lowerBound')} "
                      f"upper {a.get('upperBound')} method {a['method']}\n   reason: {a['reason']}")
    for s in d["series"]:
        if s["id"] in ("constant_l15.size_one_bank", "constant_l15.bank_switch", "constant_l15.size"):
            rows = s["rows"]
            def summ(r):
                l = sorted(r["latencies"]); n = len(l)
                q1 = l[n // 4]; slow = sum(1 for v in l if v > 1.5 * q1)
                return f"x={r['x']:.0f} p25={q1} p50={l[n//2]} max={l[-1]} slow={slow}/{n}"
            pick = rows if len(rows) <= 12 else rows[:3] + rows[len(rows)//2:len(rows)//2+2] + rows[-4:]
            print(f"   series {s['id']} ({len(rows)} rows):")
            for r in pick: print("     ", summ(r))
PY
