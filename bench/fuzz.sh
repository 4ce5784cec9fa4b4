#!/usr/bin/env bash
# Long fuzzing of every loader (docs/fuzzing.md): builds the libFuzzer targets with clang into
# build-fuzz/ and runs each for RUNS executions (default 1000000), JOBS targets at a time
# (default 1), inputs up to MAX_LEN bytes (default 65536), with the structure-aware mutator and
# the loaders' dictionary. Prints per target
# the executions, exec/s, coverage, peak RSS and crashes; crashing inputs land in
# build-fuzz/tests/fuzz/crash-<target>/, each run's full log in build-fuzz/tests/fuzz/long/<target>.log.
# A run over 2048 MiB of memory (libFuzzer's -rss_limit_mb) counts as a crash.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
max_len=${MAX_LEN:-65536}
jobs=${JOBS:-1}
build=build-fuzz
targets=(${TARGETS:-profile report session mt4g_raw mt4g_json fleet kfd})
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTOPOSCOPE_FUZZ=ON \
  -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_CUDA=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_TESTS=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"

fuzz_one() {
  local t=$1 work="$build/tests/fuzz/long/$1" crashes="$build/tests/fuzz/crash-$1" log="$build/tests/fuzz/long/$1.log"
  mkdir -p "$work" "$crashes"
  local start=$SECONDS
  "$build/bin/fuzz_$t" -runs="$runs" -max_len="$max_len" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict=tests/fuzz/loaders.dict -artifact_prefix="$crashes/" "$work" "tests/fuzz/corpus/$t" >"$log" 2>&1 || true
  local execs rss cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  echo "fuzz_$t: executions ${execs:-?} in $((SECONDS - start)) s, coverage ${cov:-?} edges, peak RSS ${rss:-?} MiB," \
       "corpus $(ls "$work" | wc -l), crashes $(ls "$crashes" | wc -l)$(grep -qE '^==[0-9]+==ERROR|SUMMARY: ' "$log" && echo ' (see the log)')"
}

running=0
for t in "${targets[@]}"; do
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait
