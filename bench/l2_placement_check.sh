#!/usr/bin/env bash
# Issue 21: are the L2 partitions' far and shared capacities the same whatever ran before them?
# Runs toposcope-cli RUNS times in each configuration -- the l2 group alone, the l2 and memory
# groups (the memory group's TLB walks grow the chase memory to 16 GiB before the partitions run)
# and the full suite -- and prints the capacities with each placement's figure, and the TLB levels.
# Usage: CLI=build-gpu/bin/toposcope-cli [RUNS=3] [CONFIGS="l2 l2,memory full"] [ARGS="--tlb-walk-gib 128"]
#        bench/l2_placement_check.sh OUTDIR      (ARGS: more toposcope-cli options for every run; a
#        config "deep" is the full suite with ARGS, "full" without them)
set -euo pipefail
out=${1:?OUTDIR}
cli=${CLI:-build-gpu/bin/toposcope-cli}
runs=${RUNS:-3}
mkdir -p "$out"
read -r -a extra <<< "${ARGS:-}"
for config in ${CONFIGS:-l2 l2,memory full}; do
  for r in $(seq 1 "$runs"); do
    only=(--only "$config" "${extra[@]}")
    [ "$config" = full ] && only=()
    [ "$config" = deep ] && only=("${extra[@]}")
    "$cli" --backend cuda --no-session --quiet "${only[@]}" --json "$out/$config-$r.json"
  done
done
python3 - "$out" <<'PY'
import glob, json, os, re, sys
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    d = json.load(open(f))
    elements = d['elements'].values() if isinstance(d['elements'], dict) else d['elements']
    for e in elements:
        for a in e.get('attributes', []):
            if e['id'] == 'device_memory' and a['name'].startswith('tlb'):
                print(f"{os.path.basename(f):18} {a['name']:15} {a['value']:>10.0f} ({a['confidence']:.2f})  " + (a.get('reason', '') if a['name'] == 'tlbLevels' else ''))
            if a['name'] in ('size', 'farCapacity', 'sharedCapacity') and e['id'] == 'l2':
                places = re.findall(r'(\d+) B at \+(\d+) MiB', a.get('reason', ''))
                print(f"{os.path.basename(f):18} {a['name']:15} {int(a['value']):>10} ({a['confidence']:.2f})  " + ' '.join(p[0] for p in places))
PY
