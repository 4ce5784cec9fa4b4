#!/usr/bin/env bash
# Runs toposcope under Xvfb on the simulated H100 and saves screenshots for the README into
# docs/screenshots/ (the window, light and dark, one plot of each evidence kind, the topology
# diagram, the CU-sharing maps of the simulated MI210 and MI300X, and the MIG view: what-if
# over the H100 profile table, and the enabled configuration of the h100-mig profile), the window
# half-way through a replay of the H100 recording, and every
# page of the topology sheet of the H100 and H200 recordings and a simulated MI300X.
# Usage: tools/screenshot.sh [BUILD_DIR] [OUT_DIR]     (defaults: build, docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-docs/screenshots}
app="$build/bin/toposcope"
[ -x "$app" ] || { echo "no $app: configure with -DTOPOSCOPE_GUI=ON and build first" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run missing (apt-get install xvfb xauth)" >&2; exit 1; }
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
shoot() {  # DIR PALETTE [PROFILE [ARGS...]]
    local dir=$1 palette=$2 profile=${3:-h100}
    shift $(( $# < 3 ? $# : 3 ))
    xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --backend sim --profile "$profile" --run --no-settings \
        --palette "$palette" --screenshot "$dir" --quit-after-run "$@" 2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
}
shoot "$out" light
rm -f "$out/mig.png"  # the MIG shots below run only the l2 group they need
dark=$(mktemp -d)
shoot "$dark" dark
cp "$dark/main-window.png" "$out/main-window-dark.png"
rm -rf "$dark"
amd=$(mktemp -d)  # the sL1d CU-sharing map and the diagram of an AMD GPU (XCDs, sL1d)
shoot "$amd" light mi300x --only l1,l2,scalar,sharing,shared  # its L3 and memory sweeps take a minute
cp "$amd/cu-map.png" "$out/cu-map-mi300x.png"
cp "$amd/topology.png" "$out/topology-mi300x.png"
shoot "$amd" light mi210
cp "$amd/cu-map.png" "$out/cu-map-mi210.png"
rm -rf "$amd"
# The fleet view: six simulated H100s (noise seeds differ), one with a 40 MiB L2 instead of
# 50 MiB, one with 2000 GiB/s DRAM reads instead of 2600; the outlier and one of its peers side by side.
cli="$build/bin/toposcope-cli"
if [ -x "$cli" ]; then
    fleet=$(mktemp -d)
    profile=resources/profiles/h100.json
    reports=()
    for i in 0 1 2 3 4 5; do
        node=$(( i / 2 + 1 )); gpu=$(( i % 2 ))
        sed "s/\"seed\": 7/\"seed\": $(( 7 + i ))/" "$profile" > "$fleet/p$i.json"
        [ $i = 3 ] && sed -i 's/"size": 52428800/"size": 41943040/' "$fleet/p$i.json"
        [ $i = 4 ] && sed -i 's/"read_gibs": 2600/"read_gibs": 2000/' "$fleet/p$i.json"
        "$cli" --backend sim --profile "$fleet/p$i.json" --quiet --no-session --json "$fleet/node$node-gpu$gpu.json"
        reports+=("$fleet/node$node-gpu$gpu.json")
    done
    xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --no-settings --palette light --screenshot "$fleet/shots" \
        --quit-after-run --fleet "${reports[@]}" 2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
    cp "$fleet/shots/fleet-view.png" "$out/fleet-view.png"
    rm -rf "$fleet"
else
    echo "no $cli: the fleet screenshot is left out" >&2
fi
# The evidence view of the real recordings (docs/results) and of a simulated MI300X, the
# CU-sharing maps and the real 2 x H200 fleet, in a 1024x700 and a 1920x1080 window.
sized=$(mktemp -d)
for geometry in 1024x700 1920x1080; do
    for recording in h100 h200; do
        xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --open "docs/results/$recording.json" --no-settings --palette light \
            --screenshot "$sized/$recording" --quit-after-run -qwindowgeometry "$geometry" 2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
        cp "$sized/$recording/main-window.png" "$out/evidence-$recording-$geometry.png"
    done
    shoot "$sized/mi300x" light mi300x --only l1,l2,scalar,sharing,shared -qwindowgeometry "$geometry"
    cp "$sized/mi300x/main-window.png" "$out/evidence-mi300x-$geometry.png"
    cp "$sized/mi300x/cu-map.png" "$out/cu-map-mi300x-$geometry.png"
    shoot "$sized/mi210" light mi210 --only l1,scalar,sharing -qwindowgeometry "$geometry"
    cp "$sized/mi210/cu-map.png" "$out/cu-map-mi210-$geometry.png"
    # The real 2 x H200 fleet (docs/results/h200-x2: both GPUs' reports).
    xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --no-settings --palette light --screenshot "$sized/fleet" \
        --quit-after-run -qwindowgeometry "$geometry" --fleet docs/results/h200-x2/gpu0.json docs/results/h200-x2/gpu1.json \
        2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
    cp "$sized/fleet/fleet-view.png" "$out/fleet-h200-x2-$geometry.png"
done
rm -rf "$sized"
mig=$(mktemp -d)
shoot "$mig" light h100 --only l2
cp "$mig/mig.png" "$out/mig-whatif-h100.png"
shoot "$mig" light h100-mig --only l2
cp "$mig/mig.png" "$out/mig-enabled-h100.png"
rm -rf "$mig"
# A little past half-way through a replay of the real H100 report (no time stamps: one row every 25 ms,
# about 18 s): the window while the recording plays as if it were running (gui.md, "Replay").
replay=$(mktemp -d)
xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --open docs/results/h100.json --replay --no-settings --palette light \
    --screenshot "$replay" --quit-after-run -qwindowgeometry 1920x1080 2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
cp "$replay/replay-midway.png" "$out/replay-h100.png"
rm -rf "$replay"
# The topology sheet (PDF) of the real H100 and H200 recordings and a simulated MI300X: every
# page as a PNG preview (sheet-GPU-N.png), written offscreen as --export-pdf does headless.
if command -v pdftoppm >/dev/null; then
    sheets=$(mktemp -d)
    for recording in h100 h200; do
        QT_QPA_PLATFORM=offscreen "$app" --open "docs/results/$recording.json" --no-settings --export-pdf "$sheets/$recording.pdf" 2>&1 \
            | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
    done
    QT_QPA_PLATFORM=offscreen "$app" --backend sim --profile mi300x --run --only l1,l2,scalar,sharing,shared --no-settings \
        --export-pdf "$sheets/mi300x.pdf" 2>&1 | grep -v -e propagateSizeHints -e XDG_RUNTIME_DIR || true
    rm -f "$out"/sheet-*.png
    for gpu in h100 h200 mi300x; do
        [ -f "$sheets/$gpu.pdf" ] && pdftoppm -r 60 -png "$sheets/$gpu.pdf" "$out/sheet-$gpu"
    done
    rm -rf "$sheets"
else
    echo "pdftoppm (poppler-utils) missing: the sheet previews are left out" >&2
fi
ls -l "$out"
