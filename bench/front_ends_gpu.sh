#!/usr/bin/env bash
# Issue 35 on a real NVIDIA GPU: every way to run gives the plain run's answers. Builds the
# headless CUDA configuration (and toposcope-mpi where an MPI compiler is found), then runs the
# groups that hold the set structure and the TLB levels (l1, l2, memory) as a plain run,
# through --all-devices and through toposcope-mpi (one rank), quiet and beside a neighbour
# (gpu_stress, started here), and compares: the quiet runs' associativity and TLB attributes
# side by side, and bench/shared_gpu_check.py's rule on the runs beside the neighbour.
# Usage: bench/front_ends_gpu.sh STRESS_SOURCE [OUTDIR] (default $OUT, else gpu-out).
set -euo pipefail
stress_source="$1"
out="${2:-${OUT:-gpu-out}}"
mkdir -p "$out"
build="build-front-ends-gpu"
export PATH=/usr/local/cuda/bin:$PATH
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF \
  -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS=90 -DTOPOSCOPE_TESTS=OFF > "$out/configure.log" 2>&1 \
  || { tail -20 "$out/configure.log"; exit 1; }
targets="toposcope-cli"
ninja -C "$build" -t targets all 2>/dev/null | grep -q '^toposcope-mpi:' && targets="$targets toposcope-mpi"
ninja -C "$build" $targets > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
nvcc -O2 -arch=sm_90 -o "$build/gpu_stress" "$stress_source"
cli="$build/bin/toposcope-cli"
mpi="$build/bin/toposcope-mpi"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: ${TOPOSCOPE_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  nvidia-smi --query-gpu=name,driver_version,mig.mode.current --format=csv,noheader 2>/dev/null || echo "nvidia-smi unavailable"
  [ -x "$mpi" ] && echo "toposcope-mpi: built" || echo "toposcope-mpi: not built (no MPI on this machine)"
} | tee "$out/environment.txt"

groups="l1,l2,memory"
runs() {  # $1: tag
  local t0
  t0=$(date +%s%N); "$cli" --backend cuda --only $groups --no-session --quiet --json "$out/$1-plain.json" || true
  echo "$1 plain: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  t0=$(date +%s%N); rm -rf "$out/$1-all"; "$cli" --backend cuda --all-devices --only $groups --quiet --json "$out/$1-all" || true
  cp "$out/$1-all/gpu0.json" "$out/$1-all.json" 2>/dev/null || true
  echo "$1 --all-devices: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  if [ -x "$mpi" ]; then
    t0=$(date +%s%N)
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun -np 1 "$mpi" --backend cuda --only $groups --quiet \
      --out "$out/$1-mpi-fleet.json" || true
    python3 -c 'import json,sys; f=json.load(open(sys.argv[1])); json.dump(f["members"][0]["report"], open(sys.argv[2],"w"))' \
      "$out/$1-mpi-fleet.json" "$out/$1-mpi.json" || true
    echo "$1 toposcope-mpi: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  fi
}
runs quiet1 | tee "$out/times.txt"
runs quiet2 | tee -a "$out/times.txt"
"$build/gpu_stress" 120 > "$out/stress.log" 2>&1 &
stress=$!
sleep 3
runs beside | tee -a "$out/times.txt"
kill $stress 2>/dev/null || true
wait $stress 2>/dev/null || true

python3 - "$out" <<'PY' | tee "$out/summary.txt"
import json, os, sys
out = sys.argv[1]
wanted = ("ways", "sets", "indexFunction", "replacementPolicy", "entries", "pageSize", "reach", "missCost", "scope", "levels")
def attrs(path):
    if not os.path.exists(path): return None
    r = json.load(open(path))
    return {(e["id"], a["name"]): a for e in r.get("elements", []) for a in e.get("attributes", [])}
runs = [n for n in ("quiet1-plain", "quiet1-all", "quiet1-mpi", "quiet2-plain", "quiet2-all", "quiet2-mpi") if os.path.exists(f"{out}/{n}.json")]
table = {n: attrs(f"{out}/{n}.json") for n in runs}
keys = sorted({k for t in table.values() for k in t if any(w.lower() in k[1].lower() for w in wanted)})
print("attribute | " + " | ".join(runs))
for k in keys:
    cells = []
    for n in runs:
        a = table[n].get(k)
        cells.append("-" if a is None else f"{a['value']:g} ({a['confidence']:.2f})")
    print(f"{k[0]} {k[1]} | " + " | ".join(cells))
PY
quiet=$(ls "$out"/quiet*-{plain,all,mpi}.json 2>/dev/null | tr '\n' ' ')
beside=""
for f in "$out"/beside-plain.json "$out"/beside-all.json "$out"/beside-mpi.json; do [ -f "$f" ] && beside="$beside --beside $(basename "$f" .json):$f"; done
# shellcheck disable=SC2086
python3 bench/shared_gpu_check.py --quiet $quiet $beside --table "$out/shared.md" | tail -40 | tee "$out/shared-check.txt" || true
