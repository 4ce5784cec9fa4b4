#!/usr/bin/env bash
# Issue 15's proof on a real NVIDIA GPU: builds toposcope-cli and the neighbours, then runs the
# full suite QUIET times alone and RUNS times beside each neighbour of NEIGHBOURS:
#   a  gpu_stress (streams 4 GiB through every SM; ../shared/tools/gpu_stress.cu, copied into
#      bench/neighbours/ for the run), b  l2_chase_neighbour (pointer chases over 40 MiB),
#   c  onoff_neighbour (streams for 100 ms, idle for 100 ms).
# The neighbour starts 2 s before the suite. Every second run beside a neighbour passes
# --inject-fault blind: the driver's process list is unavailable, as for processes in other
# containers. Reports, logs and times land in OUTDIR/results.tgz, the figures in summary.txt.
# With BASE=DIR (a source tree of the commit to compare with), that tree is built too and its
# suite runs BASE_RUNS times (default 1) between the quiet runs, for the quiet-run time.
# FIRST_RUN=N starts the runs beside each neighbour at run N (FIRST_RUN=2 RUNS=2: the blind run only).
# Usage: QUIET=3 RUNS=2 NEIGHBOURS="a b c" LIMIT=150 [BASE=DIR] bench/shared_gpu_validate.sh [OUTDIR]
set -uo pipefail
final="${1:-${OUT:-gpu-out}}"
mkdir -p "$final"
out="$(mktemp -d)"
trap 'tar czf "$final/results.tgz" -C "$out" . ; cp "$out/summary.txt" "$final/" 2>/dev/null || true' EXIT
build="${BUILD_DIR:-../build-s15}"
exec > >(tee "$out/summary.txt") 2>&1

configure_and_build() {  # SOURCE BUILD LOG
  cmake -S "$1" -B "$2" -G Ninja -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_CUDA=ON -DTOPOSCOPE_CUDA_ARCHS=90 \
    -DTOPOSCOPE_TESTS=OFF -DTOPOSCOPE_FUZZ=OFF > "$3" 2>&1 && ninja -C "$2" toposcope-cli >> "$3" 2>&1
}
# Wait for the base build by its pid: a bare `wait` also waits for the tee above, for ever.
basepid=""
if [ -n "${BASE:-}" ]; then configure_and_build "$BASE" "$build-base" "$out/build-base.log" & basepid=$!; fi
configure_and_build . "$build" "$out/build.log" || { tail -60 "$out/build.log"; exit 1; }
if [ -n "$basepid" ]; then wait "$basepid" || { tail -60 "$out/build-base.log"; exit 1; }; fi
for n in gpu_stress l2_chase_neighbour onoff_neighbour; do
  [ -x "$build/$n" ] || nvcc -O2 -arch=sm_90 -o "$build/$n" "bench/neighbours/$n.cu" || exit 1
done
cli="$build/bin/toposcope-cli"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "commit: ${TOPOSCOPE_COMMIT:-unknown}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,mig.mode.current --format=csv,noheader

declare -A program=([a]=gpu_stress [b]=l2_chase_neighbour [c]=onoff_neighbour)
limit="${LIMIT:-150}"
suite() {  # NAME [flags...]; CLI overrides the program
  local name="$1"; shift
  local cli="${CLI:-$cli}"
  local start=$(date +%s%N) status=0
  timeout "$limit" "$cli" --backend cuda --no-session --json "$out/$name.json" "$@" > "$out/$name.txt" 2> "$out/$name.log" || status=$?
  local ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "$name: $ms ms, exit $status, warnings $(grep -c '^warning:' "$out/$name.log")"
  echo "$name $ms $status" >> "$out/times.txt"
}
for i in $(seq 1 "${QUIET:-3}"); do
  suite "quiet$i"
  if [ -n "${BASE:-}" ] && [ "$i" -le "${BASE_RUNS:-1}" ]; then CLI="$build-base/bin/toposcope-cli" suite "base$i"; fi
done
for nb in ${NEIGHBOURS:-a b c}; do
  for i in $(seq "${FIRST_RUN:-1}" "${RUNS:-2}"); do
    "$build/${program[$nb]}" $((limit + 5)) > "$out/neighbour-$nb$i.txt" 2>&1 &
    pid=$!
    sleep 2
    if [ "$i" = 2 ]; then suite "$nb$i" --inject-fault blind; else suite "$nb$i"; fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  done
done
