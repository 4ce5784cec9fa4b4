#!/usr/bin/env bash
# Builds the .debs (toposcope-cli, toposcope, toposcope-mpi) from a configured and built build
# folder and checks them: lintian reports no error; toposcope-cli's package depends on neither Qt
# nor ROCm and no packaged binary needs the CUDA or HIP runtime; each package holds its man page,
# copyright and changelog; every .deb unpacks into a clean temporary tree and its programs run from
# there (not from the build folder): toposcope-cli --version and a simulated run, the GUI's --help
# and the offscreen --export-pdf of a simulated run, toposcope-mpi --help.
# Usage: packaging/check-deb.sh [BUILD_DIR]   (default: build)
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
fail() { echo "check-deb: $*" >&2; exit 1; }
rm -f "$build"/toposcope*_*.deb
(cd "$build" && cpack -G DEB)
mapfile -t debs < <(ls "$build"/toposcope*_*.deb)
echo "packages: ${debs[*]}"
cli_deb=$(ls "$build"/toposcope-cli_*.deb) || fail "no toposcope-cli package"

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
for deb in "${debs[@]}"; do
  package=$(dpkg-deb --field "$deb" Package)
  dpkg-deb --info "$deb"
  depends=$(dpkg-deb --field "$deb" Depends)
  case "$depends" in
    *libc6*) ;;
    *) fail "$package: no library dependencies in Depends ('$depends'): dpkg-shlibdeps did not run" ;;
  esac
  dpkg-deb --contents "$deb"
  # Each package unpacks on its own, then all together into the tree the programs run from.
  mkdir -p "$tree/$package"
  dpkg-deb -x "$deb" "$tree/$package"
  dpkg-deb -x "$deb" "$tree/all"
  for f in doc/$package/copyright doc/$package/changelog.gz; do
    test -s "$tree/$package/usr/share/$f" || fail "$package: /usr/share/$f is missing"
  done
  for program in "$tree/$package"/usr/bin/*; do
    test -s "$tree/$package/usr/share/man/man1/$(basename "$program").1.gz" ||
      fail "$package: no man page for $(basename "$program")"
  done
done

# A GPU server without Qt, ROCm or the CUDA toolkit installs toposcope-cli.
cli_depends=$(dpkg-deb --field "$cli_deb" Depends)
if grep -Eiq 'qt|amdhip|rocm|hip|cuda' <<<"$cli_depends"; then fail "toposcope-cli depends on '$cli_depends'"; fi
for f in bash-completion/completions/toposcope-cli toposcope/report-schema.json toposcope/profiles/h100.json; do
  test -s "$tree/toposcope-cli/usr/share/$f" || fail "toposcope-cli: /usr/share/$f is missing"
done
if readelf -d "$tree"/all/usr/bin/* | grep -E 'NEEDED.*\[(libcudart|libamdhip64)'; then
  fail "a packaged binary needs the CUDA or HIP runtime library"
fi
if readelf -d "$tree"/all/usr/bin/* 2>/dev/null | grep -E 'R(UN)?PATH'; then
  fail "a packaged binary has a run path"
fi

# lintian: no errors (warnings and the information tags left are listed in docs/packaging.md).
command -v lintian >/dev/null || fail "lintian is not installed (.ci/deps installs it)"
lintian_out=$(lintian --tag-display-limit 0 "${debs[@]}" 2>&1 | grep -v 'running with root privileges' || true)
echo "lintian: ${lintian_out:-no errors, no warnings}"
if grep -q '^E:' <<<"$lintian_out"; then fail "lintian reports errors"; fi

# Nothing of the build folder may be needed: no LD_LIBRARY_PATH. Settings and recorded
# sessions go to the temporary tree, not the user's folders.
unset LD_LIBRARY_PATH
export HOME="$tree/home" XDG_CONFIG_HOME="$tree/config" XDG_DATA_HOME="$tree/data"
"$tree/toposcope-cli/usr/bin/toposcope-cli" --version
"$tree/toposcope-cli/usr/bin/toposcope-cli" --backend sim --profile h100 --only l1 --quiet --no-session --json "$tree/r.json"
grep -q '"toposcope-report/3"' "$tree/r.json" || fail "toposcope-cli from its package wrote no report"

bin="$tree/all/usr/bin"
if [ -x "$bin/toposcope-mpi" ]; then "$bin/toposcope-mpi" --help >/dev/null; echo "toposcope-mpi --help runs"; fi
if [ -x "$bin/toposcope" ]; then
  share="$tree/all/usr/share"
  for f in applications/org.toposcope.TopoScope.desktop metainfo/org.toposcope.TopoScope.metainfo.xml \
           mime/packages/toposcope.xml icons/hicolor/scalable/apps/org.toposcope.TopoScope.svg \
           icons/hicolor/256x256/apps/org.toposcope.TopoScope.png toposcope/translations/toposcope_de.qm; do
    test -s "$share/$f" || fail "/usr/share/$f is missing"
  done
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$share/applications/org.toposcope.TopoScope.desktop"
  fi
  if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$share/metainfo/org.toposcope.TopoScope.metainfo.xml"
  fi
  export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$tree/xdg"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  help=$("$bin/toposcope" --help)
  echo "$help"
  "$bin/toposcope" --lang de --help | grep -q "Sprache der Oberfläche" || fail "toposcope --lang de --help is not German"
  "$bin/toposcope" --no-settings --backend sim --profile h100 --only l1 --run --export-pdf "$tree/sheet.pdf"
  head -c 5 "$tree/sheet.pdf" | grep -q '%PDF-' || fail "--export-pdf wrote no PDF"
  echo "offscreen --export-pdf from the unpacked package: $(stat -c %s "$tree/sheet.pdf") bytes"
fi
echo "package check passed"
