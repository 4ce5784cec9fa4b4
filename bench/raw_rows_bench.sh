#!/usr/bin/env bash
# How long `toposcope-cli analyze --mt4g-raw` takes on an MT4G raw size series of many rows (one
# sample a row, a step half way), and with --json: the time must grow linearly with the rows
# (issue 40: 2 million rows, 25 MB, in under 10 s). Usage: bench/raw_rows_bench.sh [CLI] (default
# build/bin/toposcope-cli). Prints rows, seconds, seconds per million rows, peak memory.
set -euo pipefail
cli="${1:-build/bin/toposcope-cli}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf "%10s %10s %12s %14s %12s\n" rows seconds "s/M rows" "with --json s" "peak MiB"
for rows in 250000 500000 1000000 2000000; do
  mkdir -p "$work/$rows"
  awk -v n="$rows" 'BEGIN { srand(1); for (i = 0; i < n; i++) printf "%d,%d\n", 1024 + 64 * i, (i < n / 2 ? 40 : 200) + int(rand() * 4) }' \
    > "$work/$rows/GPU - L1 Size.txt"
  /usr/bin/time -o "$work/plain.time" -f "%e %M" "$cli" analyze --mt4g-raw "$work/$rows" --quiet >/dev/null 2>&1
  /usr/bin/time -o "$work/json.time" -f "%e" "$cli" analyze --mt4g-raw "$work/$rows" --quiet --json "$work/$rows.json" >/dev/null 2>&1
  read -r seconds kib < "$work/plain.time"
  json=$(cat "$work/json.time")
  awk -v r="$rows" -v s="$seconds" -v j="$json" -v k="$kib" 'BEGIN { printf "%10d %10.2f %12.2f %14.2f %12.0f\n", r, s, s / (r / 1e6), j, k / 1024 }'
done
