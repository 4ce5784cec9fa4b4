#!/usr/bin/env bash
# Builds the .deb from a configured and built build folder, unpacks it into a clean temporary
# tree and runs the programs from there (not from the build folder): toposcope-cli --version,
# and where the GUI is packaged, toposcope --help and (when the app has it) the offscreen
# --export-pdf of a simulated run. Usage: packaging/check-deb.sh [BUILD_DIR]   (default: build)
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
(cd "$build" && cpack -G DEB)
deb=$(ls -t "$build"/toposcope_*.deb | head -n 1)
echo "package: $deb"
dpkg-deb --info "$deb"
depends=$(dpkg-deb --field "$deb" Depends)
case "$depends" in
  *libc6*) ;;
  *) echo "check-deb: no library dependencies in Depends ('$depends'): dpkg-shlibdeps did not run" >&2; exit 1 ;;
esac

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dpkg-deb -x "$deb" "$tree"
dpkg-deb --contents "$deb"
# Nothing of the build folder may be needed: no LD_LIBRARY_PATH, no run path into it. Settings
# and recorded sessions go to the temporary tree, not the user's folders.
unset LD_LIBRARY_PATH
export HOME="$tree/home" XDG_CONFIG_HOME="$tree/config" XDG_DATA_HOME="$tree/data"
if readelf -d "$tree"/usr/bin/* 2>/dev/null | grep -E 'R(UN)?PATH' | grep -F "$build"; then
  echo "check-deb: a packaged binary has a run path into the build folder" >&2; exit 1
fi

"$tree/usr/bin/toposcope-cli" --version

if [ -x "$tree/usr/bin/toposcope" ]; then
  for f in applications/org.toposcope.TopoScope.desktop metainfo/org.toposcope.TopoScope.metainfo.xml \
           icons/hicolor/scalable/apps/org.toposcope.TopoScope.svg \
           icons/hicolor/256x256/apps/org.toposcope.TopoScope.png toposcope/translations/toposcope_de.qm; do
    test -s "$tree/usr/share/$f" || { echo "check-deb: /usr/share/$f is missing" >&2; exit 1; }
  done
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$tree/usr/share/applications/org.toposcope.TopoScope.desktop"
  fi
  if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$tree/usr/share/metainfo/org.toposcope.TopoScope.metainfo.xml"
  fi
  export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$tree/xdg"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  help=$("$tree/usr/bin/toposcope" --help)
  echo "$help"
  "$tree/usr/bin/toposcope" --lang de --help | grep -q "Sprache der Oberfläche" ||
    { echo "check-deb: toposcope --lang de --help is not German" >&2; exit 1; }
  if grep -q -- "--export-pdf" <<<"$help"; then
    "$tree/usr/bin/toposcope" --no-settings --backend sim --profile h100 --only l1 \
      --run --export-pdf "$tree/sheet.pdf"
    head -c 5 "$tree/sheet.pdf" | grep -q '%PDF-' || { echo "check-deb: --export-pdf wrote no PDF" >&2; exit 1; }
    echo "offscreen --export-pdf from the unpacked package: $(stat -c %s "$tree/sheet.pdf") bytes"
  else
    echo "toposcope has no --export-pdf: not checked"
  fi
fi
echo "package check passed"
