#!/usr/bin/env bash
# Issue 22 validation on a real GPU: three runs of the set-structure and TLB benchmarks, their
# attributes side by side, and the run time of each. Usage: bench/assoc_tlb_gpu.sh [build dir] [out dir]
# Build first: cmake --build build --target toposcope-cli (CUDA kernels for sm_90 are in the default
# TOPOSCOPE_CUDA_ARCHS). The L1/L2 size and line benchmarks run too: associativity needs them.
set -euo pipefail
build=${1:-build}
out=${2:-/tmp/assoc-tlb-$(date -u +%Y%m%dT%H%M%SZ)}
cli="$build/bin/toposcope-cli"
[ -x "$cli" ] || { echo "no $cli: build toposcope-cli first" >&2; exit 1; }
mkdir -p "$out"
for run in 1 2 3; do
    start=$(date +%s%N)
    "$cli" --backend cuda --only l1,l2,memory --json "$out/run$run.json" > "$out/run$run.txt" 2>&1 || true
    end=$(date +%s%N)
    echo "run $run: $(( (end - start) / 1000000 )) ms" | tee -a "$out/times.txt"
    grep -E "Associativity: start|Replacement Policy: start|TLB Levels: start|Segments: start" "$out/run$run.txt" \
        >> "$out/times.txt" || true
done
python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
names = ("ways", "sets", "indexFunction", "replacementPolicy", "tlbLevels")
rows = {}
for run in (1, 2, 3):
    path = os.path.join(out, f"run{run}.json")
    if not os.path.exists(path):
        continue
    for el in json.load(open(path)).get("elements", []):
        for a in el.get("attributes", []):
            if a["name"] in names or a["name"].startswith("tlb"):
                shown = (a.get("names") or [a["value"]])[0]
                rows.setdefault((el["id"], a["name"]), []).append(f'{shown} ({a["confidence"]:.2f})')
for (el, name), values in sorted(rows.items()):
    same = "same" if len(set(v.split(" (")[0] for v in values)) == 1 and len(values) == 3 else "DIFFER"
    print(f"{el:14} {name:20} {' | '.join(values):60} {same}")
PY
