#!/usr/bin/env bash
# Issue 22 on a real NVIDIA GPU: builds the headless CUDA configuration, runs the groups that
# hold the set-structure and TLB benchmarks (l1, l2, memory: associativity needs the sizes and
# lines) three times with their reports, and prints a compact summary: each issue-22 attribute
# of the three runs side by side (value, confidence, same or DIFFER), the evidence that explains
# an undecided one (eviction-set rows, TLB walks), and the seconds each benchmark took.
# Usage: bench/assoc_tlb_gpu.sh [OUTDIR] (default $OUT, else gpu-out). ASSOC_CLI=path skips the
# build and uses that toposcope-cli; ASSOC_RUNS=n changes the run count (default 3);
# ASSOC_BACKEND="sim --profile h100" tries the script without a GPU.
set -euo pipefail
out="${1:-${OUT:-gpu-out}}"
mkdir -p "$out"
build="build-assoc-gpu"
export PATH=/usr/local/cuda/bin:$PATH

if [ -n "${ASSOC_CLI:-}" ]; then
  cli="$ASSOC_CLI"
else
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF \
    -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS=90 -DTOPOSCOPE_TESTS=OFF > "$out/configure.log" 2>&1 \
    || { tail -20 "$out/configure.log"; exit 1; }
  ninja -C "$build" toposcope-cli > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
  cli="$build/bin/toposcope-cli"
fi

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: ${TOPOSCOPE_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.used,memory.total,mig.mode.current \
    --format=csv,noheader 2>/dev/null || echo "nvidia-smi unavailable"
} | tee "$out/environment.txt"

# Progress lines (stderr) get a time stamp of their own: the CLI's show only tenths of a second.
stamp='import sys, time
t0 = time.monotonic()
for line in sys.stdin:
    print(f"{time.monotonic() - t0:9.3f} {line}", end="", flush=True)
print(f"{time.monotonic() - t0:9.3f} [end]", flush=True)'

for run in $(seq 1 "${ASSOC_RUNS:-3}"); do
  start=$(date +%s%N)
  status=0
  # shellcheck disable=SC2086 # the backend may carry a --profile
  "$cli" --backend ${ASSOC_BACKEND:-cuda} --only l1,l2,memory --no-session --json "$out/run$run.json" \
    2>&1 > "$out/run$run.txt" | python3 -c "$stamp" > "$out/run$run.progress" || status=$?
  echo "run $run: $(( ($(date +%s%N) - start) / 1000000 )) ms, exit $status"
done | tee "$out/times.txt"

python3 - "$out" "${ASSOC_RUNS:-3}" <<'PY' | tee "$out/summary.txt"
import json, os, re, sys
out, runs = sys.argv[1], int(sys.argv[2])
wanted = ("ways", "sets", "indexFunction", "replacementPolicy")
benchmarks = ("L1 Associativity", "L1 Replacement Policy", "L2 Associativity", "L2 Replacement Policy", "TLB Levels")

def seconds(path):
    """Seconds from each benchmark's start line to the next benchmark's."""
    starts = []
    for line in open(path):
        m = re.match(r"\s*([\d.]+) (?:\[[^\]]*\] )?(.*?): start$", line.rstrip())
        if m:
            starts.append((m.group(2), float(m.group(1))))
        elif line.strip().endswith("[end]"):
            starts.append(("[end]", float(line.split()[0])))
    return {name: starts[i + 1][1] - t for i, (name, t) in enumerate(starts[:-1])}

attrs, times, evidence = {}, {}, {}
for run in range(1, runs + 1):
    path = os.path.join(out, f"run{run}.json")
    if not os.path.exists(path):
        print(f"run {run}: no report"); continue
    report = json.load(open(path))
    for el in report.get("elements", []):
        for a in el.get("attributes", []):
            if a["name"] in wanted or a["name"].startswith("tlb"):
                shown = (a.get("names") or [a["value"]])[0]
                if isinstance(shown, float) and shown.is_integer(): shown = int(shown)
                attrs.setdefault((el["id"], a["name"]), []).append((str(shown), a["confidence"], a.get("reason", "")))
    for s in report.get("series", []):
        if s["id"] in ("l1.associativity", "l2.associativity", "device_memory.tlb"):
            rows = s["rows"]
            labels = {}
            for r in rows: labels[r.get("label", "")] = labels.get(r.get("label", ""), 0) + 1
            evidence.setdefault(s["id"], []).append(labels)
            if s["id"] == "device_memory.tlb" and run == 1:
                # first-vs-again medians of the sweep, the numbers a level is decided from
                med = lambda v: sorted(v)[len(v) // 2] if v else 0
                firsts = [r for r in rows if not r.get("label", "").endswith("-again")]
                agains = {(r["x"], r["x2"], r["label"][:-6]): r for r in rows if r.get("label", "").endswith("-again")}
                print("TLB walks of run 1 (span, stride, label, median first, median again, median of differences):")
                for r in firsts:
                    a = agains.get((r["x"], r["x2"], r["label"]))
                    d = [f - g for f, g in zip(r["latencies"], a["latencies"])] if a else []
                    print(f"  {r['x'] / 2**20:12.0f} MiB {r['x2'] / 2**20:8.2f} MiB {r['label']:16} "
                          f"{med(r['latencies']):6} {med(a['latencies']) if a else '-':>6} {med(d) if d else '-':>6}")
            if s["id"].endswith("associativity") and run == 1:
                for r in rows:
                    if r.get("label", "").startswith(("eviction", "set-")):
                        print(f"  {s['id']} {r['label']}: x={r['x']:.0f} x2={r.get('x2', 0):.0f} "
                              f"median={sorted(r['latencies'])[len(r['latencies']) // 2] if r.get('latencies') else '-'}")
    times[run] = seconds(os.path.join(out, f"run{run}.progress"))

print("\nattribute                             " + " | ".join(f"run {r}" for r in range(1, runs + 1)))
for (el, name), values in sorted(attrs.items()):
    same = "same" if len({v for v, _, _ in values}) == 1 and len(values) == runs else "DIFFER"
    print(f"{el:14} {name:22} " + " | ".join(f"{v} ({c:.2f})" for v, c, _ in values) + f"  {same}")
    if values[0][1] == 0 and values[0][2]:
        print(f"{'':37} reason (run 1): {values[0][2]}")
print("\nseconds per benchmark               " + " | ".join(f"run {r}" for r in range(1, runs + 1)))
for b in benchmarks:
    print(f"{b:36} " + " | ".join(f"{times.get(r, {}).get(b, float('nan')):6.3f}" for r in range(1, runs + 1)))
whole = [sum(t.values()) for t in times.values()]
print(f"{'whole l1,l2,memory run':36} " + " | ".join(f"{w:6.3f}" for w in whole))
print("\nevidence rows per label (run 1):")
for sid, per_run in evidence.items():
    print(f"  {sid}: {per_run[0]}")
PY
