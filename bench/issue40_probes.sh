#!/usr/bin/env bash
# Issue 40's reproducers, each as the issue wrote it, with the outcome it must have now: one line
# per probe, "ok" or "FAIL" with what happened. Usage: bench/issue40_probes.sh BUILD_DIR
# (toposcope-cli, and toposcope for the GUI probes when it was built). Exit 1 when a probe fails.
set -uo pipefail
bin="$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)/bin"
cli="$bin/toposcope-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data"
mkdir -p "$HOME"
failed=0
probe() {  # NAME CONDITION-TEXT: prints ok/FAIL from the previous command's verdict in $verdict
  if [ "$verdict" = ok ]; then echo "ok    $1"; else echo "FAIL  $1: $verdict"; failed=1; fi
}
expect() { [ "$1" = "$2" ] && verdict=ok || verdict="exit $1, want $2 ${3:-}"; }
sim="$cli --backend sim --profile h100"

# 1. closed stdout / stderr
$sim --only l1 --session e.tss 2>&- >/dev/null; expect $? 0
[ $verdict = ok ] && { "$cli" report --session e.tss --quiet >/dev/null 2>&1; expect $? 0 "(report of e.tss)"; }
probe "1 closed stderr: the session reads back"
$sim --only l1 --session o.tss --json - >&- 2>/dev/null; expect $? 0
[ $verdict = ok ] && { "$cli" report --session o.tss --quiet >/dev/null 2>&1; expect $? 0 "(report of o.tss)"; }
probe "1 closed stdout with --json -: the session reads back"

# 2. one PID twice (the test hook stands in for a PID namespace)
for g in l1 shared; do TOPOSCOPE_TEST_PID=1 $sim --only $g --quiet; done
n=$(find "$XDG_DATA_HOME" -name '*.tss' | wc -l); expect "$n" 2 "(sessions)"; probe "2 two runs with one PID keep two sessions"

# 3. an output naming an input
cp e.tss s.tss; ln -f s.tss hard.tss; before=$(md5sum < s.tss)
for out in s.tss ./s.tss hard.tss; do
  "$cli" report --session s.tss --json "$out" --quiet 2>/dev/null; expect $? 2
  [ "$(md5sum < s.tss)" = "$before" ] || verdict="s.tss changed"; probe "3 report --session s.tss --json $out refused"
done
"$cli" report --session s.tss --mt4g-json s.tss --quiet 2>/dev/null; expect $? 2; probe "3 --mt4g-json naming the session refused"
for f in a b c; do $sim --only shared --quiet --no-session --json $f.json; done
"$cli" compare a.json b.json c.json --json b.json --quiet 2>/dev/null; expect $? 2; probe "3 compare a b c --json b refused"

# 4. SIGPIPE and SIGHUP
$sim --only l1 --session p.tss --mt4g-json m.json 2>&1 | head -c 10 >/dev/null; expect "${PIPESTATUS[0]}" 0
python3 -c 'import json,sys; json.load(open("m.json"))' 2>/dev/null || verdict="m.json not whole"
probe "4 a broken pipe on progress: exit 0, m.json whole"
$sim --only l1 --session q.tss --mt4g-json n.json --json - 2>/dev/null | head -c 10 >/dev/null; expect "${PIPESTATUS[0]}" 1
python3 -c 'import json,sys; json.load(open("n.json"))' 2>/dev/null || verdict="n.json not whole"
probe "4 a broken pipe on --json -: exit 1, every other output written"
$sim --session h.tss --json hup.json --quiet & pid=$!; sleep 1; kill -HUP $pid; wait $pid; status=$?
$sim --session t.tss --json term.json --quiet & pid=$!; sleep 1; kill -TERM $pid; wait $pid; expect $status $?
probe "4 SIGHUP ends the run as SIGTERM does"

# 5. out of memory (a whole session read back under address-space limits)
$sim --quiet --session full.tss
verdict=ok
for mb in 14 16 20 24 30 40 50 60 80 120 200; do
  (ulimit -v $((mb * 1024)); "$cli" report --session full.tss --json r.json --quiet) 2>oom.txt; s=$?
  [ $s = 0 ] || { [ $s = 1 ] && grep -q "out of memory" oom.txt; } || verdict="$mb MB: exit $s $(head -c 80 oom.txt)"
done
probe "5 out of memory at 14-200 MB: exit 1 'out of memory' or 0"

# 8. terminal escapes from a session
python3 - <<'PY'
import json
r = json.load(open("a.json")); r["device"]["name"] = "GPU\x1b]0;pwned\x07\x1b[2J"
json.dump(r, open("escape.json", "w"))
PY
"$cli" compare escape.json escape.json escape.json 2>&1 | grep -q $'\x1b' && verdict="an escape reached the terminal" || verdict=ok
probe "8 escapes in a device name are not printed raw"

# 9. links, FIFOs and junk in a raw folder
"$cli" --backend sim --profile h100 --only l1 --quiet --no-session --raw raw >/dev/null 2>&1
series=$(ls raw | head -1); ln -s /etc/shadow "raw/${series% - *} - L2 Size.txt"; mkfifo "raw/${series% - *} - L2 Latency.txt"
for i in $(seq 1 2000); do : > "raw/junk$i.txt"; done
timeout 20 "$cli" analyze --mt4g-raw raw --quiet > analyze.txt 2>&1; s=$?
lines=$(wc -l < analyze.txt)
if [ $s -ne 0 ]; then verdict="exit $s"; elif grep -q "root:" analyze.txt; then verdict="/etc/shadow was read";
elif [ "$lines" -gt 20 ]; then verdict="$lines lines of warnings"; else verdict=ok; fi
probe "9 a link, a FIFO and 2000 junk files: no follow, no hang, a few warnings ($lines lines)"

# 10. MPI: a failed rank (only where toposcope-mpi and mpirun exist)
if [ -x "$bin/toposcope-mpi" ] && command -v mpirun >/dev/null; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 60 mpirun --oversubscribe -np 2 "$bin/toposcope-mpi" \
    --backend sim --profile no-such-profile --only shared --out f.json >/dev/null 2>&1; expect $? 1; probe "10 a failed MPI rank: exit 1"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 60 mpirun --oversubscribe -np 1 "$bin/toposcope-mpi" \
    --backend sim --profile h100 --only shared --out f.json --compare-json f.json >/dev/null 2>&1; expect $? 2
  probe "10 --out and --compare-json naming one file refused"
fi

# 11. smaller ones
$sim --only shared --json - --mt4g-json - --quiet >/dev/null 2>&1; expect $? 2; probe "11 two '-' outputs refused"
$sim --only shared --device 7 --quiet >/dev/null 2>&1; expect $? 2; probe "11 --device 7 with the simulator refused"
mkdir ro; chmod 555 ro
if [ "$(id -u)" != 0 ]; then
  $sim --only shared --raw ro --quiet >/dev/null 2>&1; expect $? 2; probe "11 --raw into a read-only folder refused before the run"
fi
: > secret.json; chmod 600 secret.json; $sim --only shared --quiet --no-session --json secret.json
[ "$(stat -c %a secret.json)" = 600 ] && verdict=ok || verdict="mode $(stat -c %a secret.json)"; probe "11 a replaced 0600 output stays 0600"
printf '{"format":"toposcope-report/2"}\0garbage' > nul.json
"$cli" compare nul.json --quiet >/dev/null 2>&1; expect $? 2; probe "11 a NUL byte in JSON refused"

# 7. the GUI on crafted reports (where the GUI was built)
if [ -x "$bin/toposcope" ]; then
  python3 - <<'PY'
import json
r = json.load(open("a.json"))
r["series"] = [{"id": "l1.latency", "title": "L1 latency", "element": "l1", "kind": "latency",
                "rows": [{"x": i, "latencies": [38 + i % 3] * 8} for i in range(10000)]}]
json.dump(r, open("rows10000.json", "w"))
r["series"] = []; r["device"]["name"] = "G" * 5_000_000
json.dump(r, open("bigname.json", "w"))
PY
  start=$(date +%s); QT_QPA_PLATFORM=offscreen timeout 60 "$bin/toposcope" --no-settings --open rows10000.json --export-pdf o.pdf >/dev/null 2>&1
  s=$?; t=$(( $(date +%s) - start )); { [ $s = 0 ] && [ $t -le 10 ]; } && verdict=ok || verdict="exit $s after $t s"
  probe "7 10,000 latency rows exported to PDF in ${t} s"
  start=$(date +%s); QT_QPA_PLATFORM=offscreen timeout 60 "$bin/toposcope" --no-settings --open bigname.json --export-pdf b.pdf >/dev/null 2>&1
  s=$?; t=$(( $(date +%s) - start )); { [ $s = 2 ] && [ $t -le 10 ]; } && verdict=ok || verdict="exit $s after $t s"
  probe "7 a 5 MB device name refused (exit 2) in ${t} s"
fi
exit $failed
