#!/usr/bin/env bash
# Issue 38 on a real NVIDIA GPU: builds the headless CUDA toposcope-cli, runs the roofline group
# (--with roofline: the default run and the roofline: reads, writes, broadcasts) three times and once beside gpu_stress, prints each level's figures and how
# far the three runs spread, then times three default runs (the roofline is opt-in: the default
# suite must not grow). Files land in $OUT.
# Usage (device machine): OUT=dir [BUILD=folder] bash bench/roofline_gpu.sh STRESS_SOURCE
set -e
build=${BUILD:-build-gpu}
stress_source="$1"
export PATH=/usr/local/cuda/bin:$PATH
cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS=90 -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_FUZZ=OFF -DTOPOSCOPE_MAN_PAGES=OFF > $OUT/configure.log 2>&1
ninja -C $build toposcope-cli > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
nvcc -O2 -arch=sm_90 -o $build/gpu_stress "$stress_source"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
cli=$build/bin/toposcope-cli
for i in 1 2 3; do
  # The first run's session is a real GPU's roofline recording for the GUI (docs/gui.md).
  session=--no-session; [ $i = 1 ] && session="--session $OUT/roofline1.tss"
  t0=$(date +%s%N); $cli --backend cuda --with roofline $session --json $OUT/roofline$i.json > $OUT/roofline$i.txt 2>&1; echo "roofline run $i rc $? $(( ($(date +%s%N)-t0)/1000000 )) ms"
done
$build/gpu_stress 100 > $OUT/stress.log 2>&1 &
stress=$!
sleep 3
t0=$(date +%s%N); $cli --backend cuda --with roofline --no-session --json $OUT/roofline-stress.json > $OUT/roofline-stress.txt 2>&1; echo "roofline beside gpu_stress rc $? $(( ($(date +%s%N)-t0)/1000000 )) ms"
kill $stress 2>/dev/null || true; wait $stress 2>/dev/null || true
python3 - $OUT <<'PY'
import json, sys
out = sys.argv[1]
names = ("readBandwidth", "readBytesPerCycle", "warpsAt90", "loadsInFlightAt90", "writeBandwidth", "writeBytesPerCycle",
         "writeWarpsAt90", "broadcastBandwidth", "broadcastBytesPerCycle", "broadcastWarpsAt90", "writePolicy", "writeAllocate")
def figures(path):
    r = json.load(open(path))
    return {(e["id"], a["name"]): a for e in r["elements"] for a in e["attributes"] if a["name"] in names}
runs = [figures(f"{out}/roofline{i}.json") for i in (1, 2, 3)]
stress = figures(f"{out}/roofline-stress.json")
for key in sorted(runs[0]):
    values = [r.get(key, {}).get("value", 0) for r in runs]
    spread = (max(values) - min(values)) / max(values) * 100 if max(values) else 0
    s = stress.get(key, {})
    print(f"{key[0]:14} {key[1]:18} " + " ".join(f"{v:10.1f}" for v in values) + f"  spread {spread:4.1f} %"
          f"  | beside stress {s.get('value', 0):10.1f} conf {s.get('confidence', 0):.2f} marks {s.get('marks', [])}")
for key in sorted(runs[0]):
    if key[1] in ("warpsAt90", "readBandwidth", "writeBytesPerCycle", "broadcastBytesPerCycle", "writePolicy", "writeAllocate"):
        print(key[0], key[1], "|", runs[0][key].get("reason", ""))
PY
for i in 1 2 3; do
  t0=$(date +%s%N); $cli --backend cuda --no-session --json $OUT/default$i.json > $OUT/default$i.txt 2>&1; echo "default run $i rc $? $(( ($(date +%s%N)-t0)/1000000 )) ms"
done
grep -hE "^(L2|Main Memory) +(read|write|copy)Bandwidth" $OUT/default1.txt
