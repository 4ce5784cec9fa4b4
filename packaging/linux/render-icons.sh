#!/usr/bin/env bash
# Renders the hicolor PNG sizes of the icon from the SVG (needs rsvg-convert: librsvg2-bin).
# The PNGs are kept in the repository so that building needs no SVG renderer.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" org.toposcope.TopoScope.svg -o "icons/${size}.png"
done
