#!/usr/bin/env bash
# Issue 39 on a real NVIDIA GPU: builds the headless CUDA toposcope-cli, runs the SM layout group
# (thread-block clusters) three times and prints whether the TPC and GPC groups are identical,
# then one full default run (process wall time) with its layout rows. Files land in $OUT.
# Usage (device machine): OUT=dir [BUILD=folder] [SKIP_FULL=1] bash bench/layout_gpu.sh
# (BUILD: an existing build folder to reuse, as compare_gpu.sh's build-compare-new.)
set -e
build=${BUILD:-build-gpu}
export PATH=/usr/local/cuda/bin:$PATH
cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS=90 -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_FUZZ=OFF -DTOPOSCOPE_MAN_PAGES=OFF > $OUT/configure.log 2>&1
ninja -C $build toposcope-cli > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,mig.mode.current --format=csv,noheader
for i in 1 2 3; do
  t0=$(date +%s%N); $build/bin/toposcope-cli --backend cuda --only layout --no-session --json $OUT/layout$i.json > $OUT/layout$i.txt 2>&1; echo "layout run $i rc $? $(( ($(date +%s%N)-t0)/1000000 )) ms"
done
grep -E "^Compute" $OUT/layout1.txt
python3 - $OUT <<'PY'
import json,sys
out=sys.argv[1]
runs=[json.load(open(f"{out}/layout{i}.json")) for i in (1,2,3)]
def attrs(r):
    for e in r["elements"]:
        if e["id"]=="compute":
            return {a["name"]:a for a in e["attributes"]}
    return {}
a=[attrs(r) for r in runs]
for name in ("tpcs","gpcs"):
    same = all(x.get(name,{}).get("groups")==a[0].get(name,{}).get("groups") for x in a)
    print(name, [x.get(name,{}).get("value") for x in a], "identical groups in 3 runs:", same)
    print("  reason:", a[0].get(name,{}).get("reason"))
    g=a[0].get(name,{}).get("groups",[])
    print("  sizes:", sorted(len(x) for x in g))
    for x in g[:10]: print("   ", x)
PY
[ -n "$SKIP_FULL" ] && exit 0
t0=$(date +%s%N); $build/bin/toposcope-cli --backend cuda --no-session --json $OUT/full.json > $OUT/full.txt 2>&1; echo "full run rc $? $(( ($(date +%s%N)-t0)/1000000 )) ms"
grep -E "^Compute" $OUT/full.txt
