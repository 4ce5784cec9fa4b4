#!/usr/bin/env bash
# Bounded resources on hostile input (docs/cli.md, "Input limits"; issue 16 item 8): every loader
# of toposcope-cli given a 1 GiB sparse file, a sparse file starting like valid JSON, a FIFO
# without a writer and /dev/zero. Prints exit status, wall time and peak RSS per case; the bar is
# exit 2 within 5 s at <= 256 MiB, and never a hang (each case is killed after 60 s).
# Usage: bench/hostile_inputs.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build}/bin/toposcope-cli"
[ -x "$cli" ] || { echo "no $cli: build toposcope-cli first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
truncate -s 1G "$work/sparse.json"
{ printf '{"format": "toposcope-report/1", "device": '; } > "$work/sparse-json.json"
truncate -s 1G "$work/sparse-json.json"
mkfifo "$work/fifo.json"
mkdir -p "$work/raw"
truncate -s 1G "$work/raw/GPU - L1 Size.txt"
truncate -s 300M "$work/raw/GPU - L1 Latency.txt"

echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores"
printf '%-14s %-26s %6s %9s %10s\n' loader input exit "wall s" "peak MiB"
measure() {  # loader-name input-name args...
    local name=$1 input=$2 status=0
    shift 2
    /usr/bin/time -f '%e %M' -o "$work/time" timeout 60 "$cli" "$@" >/dev/null 2>&1 || status=$?
    local wall rss
    read -r wall rss < <(tail -1 "$work/time")
    printf '%-14s %-26s %6s %9s %10s\n' "$name" "$input" "$status" "$wall" "$((rss / 1024))"
}
for input in sparse.json sparse-json.json fifo.json /dev/zero; do
    path=$input
    [ "${input#/}" = "$input" ] && path="$work/$input"
    measure profile "$input" --backend sim --profile "$path" --only l1 --no-session --quiet
    measure "MT4G report" "$input" report --mt4g-report "$path" --quiet
    measure "report/fleet" "$input" compare "$path" --quiet
done
measure "MT4G raw" "1 GiB + 300 MiB sparse" analyze --mt4g-raw "$work/raw" --quiet
