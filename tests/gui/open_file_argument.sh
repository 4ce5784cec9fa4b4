#!/usr/bin/env bash
# The .desktop's `Exec=toposcope %F`: a file given as argument opens like --open FILE.
#   open_file_argument.sh TOPOSCOPE TOPOSCOPE_CLI
set -euo pipefail
gui=$1 cli=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work/xdg" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
"$cli" --backend sim --profile mi300x --only scalar --quiet --session "$work/run.tss" --json "$work/run.json"
"$gui" --no-settings "$work/run.tss" --export-pdf "$work/opened.pdf"
head -c 5 "$work/opened.pdf" | grep -q '%PDF-' || { echo "the session given as argument was not opened" >&2; exit 1; }
if "$gui" --no-settings "$work/missing.tss" --export-pdf "$work/missing.pdf" 2>"$work/err"; then
  echo "a missing file given as argument exited 0" >&2; exit 1
fi
echo "run.tss as argument: $(stat -c %s "$work/opened.pdf") bytes of PDF; a missing file: $(tail -n 1 "$work/err")"
