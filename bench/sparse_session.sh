#!/usr/bin/env bash
# Time and peak memory of `toposcope-cli report --session` on 1 GiB sparse sessions
# (docs/recording.md): a whole session followed by zeros, a header claiming a 256 MiB record
# followed by zeros, and zeros only. Usage: bench/sparse_session.sh [build dir, default build]
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build}/bin/toposcope-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" --backend sim --profile h100 --quiet --session "$work/whole.tss" >/dev/null
cp "$work/whole.tss" "$work/zero-tail.tss"
printf 'TSSESSION/1\n\000\000\000\020\064\022\000\000' >"$work/huge-record.tss"
: >"$work/all-zeros.tss"
for f in zero-tail huge-record all-zeros; do
  truncate -s 1G "$work/$f.tss"
  # GNU time's %M is the peak resident set in KiB.
  /usr/bin/time -f "$f.tss (1 GiB sparse): %e s, peak RSS %M KiB, exit %x" \
    "$cli" report --session "$work/$f.tss" --quiet >/dev/null 2>"$work/err" || true
  tail -1 "$work/err"
done
