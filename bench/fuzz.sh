#!/usr/bin/env bash
# Long fuzzing of every loader (docs/fuzzing.md): builds the libFuzzer targets with clang into
# build-fuzz/ and runs each for SECONDS (default 300), printing executions and findings.
# Crashing inputs land in build-fuzz/tests/fuzz/crash-<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
build=build-fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTOPOSCOPE_FUZZ=ON \
  -DTOPOSCOPE_GUI=OFF -DTOPOSCOPE_CUDA=OFF -DTOPOSCOPE_HIP=OFF -DTOPOSCOPE_TESTS=OFF >/dev/null
targets=(profile report session mt4g_raw mt4g_json)
cmake --build "$build" --target "${targets[@]/#/fuzz_}"
for t in "${targets[@]}"; do
  work="$build/tests/fuzz/long/$t"
  crashes="$build/tests/fuzz/crash-$t"
  mkdir -p "$work" "$crashes"
  echo "== fuzz_$t: ${seconds} s"
  "$build/bin/fuzz_$t" -max_total_time="$seconds" -max_len=65536 -timeout=30 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$work" "tests/fuzz/corpus/$t" 2>&1 |
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)|ERROR|SUMMARY" || true
  echo "   corpus: $(ls "$work" | wc -l) inputs; crashes: $(ls "$crashes" | wc -l)"
done
