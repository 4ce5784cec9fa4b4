#!/usr/bin/env bash
# GUI figures for docs/performance.md ("GUI"): longest event-loop gap while a whole simulated
# H100 run streams into the window (unpaced, and paced like a GPU), resident memory after the
# run, and the size plot's costs at 10^6 loads.
# Usage: bench/gui_bench.sh [BUILD_DIR] [REPORT.json]   (default: build); PLATFORM=xvfb to draw
# through X. REPORT: a real GPU's full run (toposcope-cli --json), opened as a recording.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
bench="$build/bin/toposcope_gui_bench"
# Not part of the default build (CI does not need it): built here.
cmake --build "$build" --target toposcope_gui_bench > /dev/null ||
    { echo "could not build $bench: configure $build with -DTOPOSCOPE_GUI=ON first" >&2; exit 1; }
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
run() {
    if [ "${PLATFORM:-offscreen}" = xvfb ]; then
        xvfb-run -a -s "-screen 0 1600x1000x24" "$bench" "$@"
    else
        QT_QPA_PLATFORM=offscreen "$bench" "$@"
    fi 2>/dev/null
}
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
     "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), platform ${PLATFORM:-offscreen}"
echo "## stream, unpaced (the simulator floods the GUI), five runs one after the other"
run --mode stream --delay-us 0 --runs 5
echo "## stream, paced (2 ms per device call)"
run --mode stream --delay-us 2000
echo "## stream, paced as the window paces the simulator (16 ms per device call): first point drawn after its arrival"
run --mode stream --delay-us 16000
echo "## 10^6 loads in the size plot (latency noise sd 4 cycles, then sd 200: nearly every load distinct)"
run --mode points --points 1048576 --noise 4
run --mode points --points 1048576 --noise 200
if [ -n "${2:-}" ]; then
    echo "## a real GPU's full run ($2) opened as a recording"
    run --mode recording --open "$2"
fi
