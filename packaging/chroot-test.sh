#!/usr/bin/env bash
# A new user's first install, in a clean Debian 12 (bookworm) root made by debootstrap: apt
# installs the built .debs with their dependencies, a fresh user runs both programs, and a
# recorded session (.tss) is opened by its file type (xdg-mime: our MIME type, our .desktop,
# whose Exec line is run with the file). Needs root, debootstrap and the network (Debian's
# package mirror; debootstrap's default, or DEBOOTSTRAP_MIRROR). Slow (minutes): not run by CI.
# Usage: packaging/chroot-test.sh [BUILD_DIR] [ROOT_DIR]
#   BUILD_DIR  a built build folder (default: build); the .debs are made with cpack
#   ROOT_DIR   where the chroot goes (default: a new folder under /tmp); one that already holds
#              a debootstrapped bookworm is reused as it is
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
root=${2:-$(mktemp -d /tmp/toposcope-chroot.XXXXXX)}
fail() { echo "chroot-test: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || fail "needs debootstrap (apt-get install debootstrap)"

rm -f "$build"/toposcope*_*.deb
(cd "$build" && cpack -G DEB >/dev/null 2>&1)
if [ ! -x "$root/usr/bin/apt-get" ]; then
  debootstrap --variant=minbase bookworm "$root" ${DEBOOTSTRAP_MIRROR:+"$DEBOOTSTRAP_MIRROR"} >/dev/null
fi
# /dev keeps debootstrap's own device nodes (the host's /dev is not needed).
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }

rm -rf "$root/tmp/debs" && mkdir -p "$root/tmp/debs"
cp "$build"/toposcope*_*.deb "$root/tmp/debs/"
in_root apt-get update -qq
# xdg-utils and shared-mime-info: what a desktop has to map files to types and applications.
in_root sh -c 'apt-get install --reinstall -y -qq /tmp/debs/*.deb xdg-utils shared-mime-info desktop-file-utils >/dev/null'
echo "installed: $(in_root dpkg-query -W -f '${Package} ${Version}, ' toposcope toposcope-cli toposcope-mpi)"
closure=$(in_root apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances toposcope-cli | grep '^[a-z]' | sort -u)
echo "toposcope-cli needs $(wc -l <<<"$closure") packages: $(tr '\n' ' ' <<<"$closure")"
if grep -Eiq 'qt|amdhip|rocm|cuda' <<<"$closure"; then fail "toposcope-cli pulls in Qt, ROCm or CUDA"; fi

in_root id tester >/dev/null 2>&1 || in_root useradd -m tester
as_user() {
  chroot --userspec=tester:tester "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home/tester \
    QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp/xdg-tester "$@"
}
install -d -m 700 -o "$(stat -c %u "$root/home/tester")" "$root/tmp/xdg-tester"
cd /

as_user toposcope-cli --version | head -1
# No ROCm here: the HIP backend says so (exit 1), the rest runs.
hip_rc=0
hip_message=$(as_user toposcope-cli --backend hip --quiet --no-session 2>&1) || hip_rc=$?
echo "toposcope-cli --backend hip without ROCm: exit $hip_rc, $hip_message"
[ "$hip_rc" = 1 ] && grep -q 'libamdhip64.so.5' <<<"$hip_message" || fail "the missing HIP runtime is not named"
as_user sh -c 'cd /home/tester && toposcope-cli --backend sim --profile h100 --quiet --json - >report.json'
echo "toposcope-cli --backend sim --profile h100 --quiet --json -: $(stat -c %s "$root/home/tester/report.json") bytes, format $(grep -o '"toposcope-report/[0-9]*"' "$root/home/tester/report.json" | head -1)"
as_user sh -c 'cd /home/tester && toposcope --backend sim --run --export-pdf sheet.pdf' 2>/dev/null
head -c 5 "$root/home/tester/sheet.pdf" | grep -q '%PDF-' || fail "the GUI wrote no PDF"
echo "toposcope --backend sim --run --export-pdf sheet.pdf: $(stat -c %s "$root/home/tester/sheet.pdf") bytes of PDF"

# A session, found by its file type, opened by the application its .desktop names.
as_user sh -c 'cd /home/tester && toposcope-cli --backend sim --profile mi300x --only scalar --quiet --session run.tss --json run.json'
type=$(as_user xdg-mime query filetype /home/tester/run.tss)
desktop=$(as_user xdg-mime query default "$type")
echo "xdg-mime query filetype run.tss: $type"
echo "xdg-mime query default $type: $desktop"
[ "$type" = application/x-toposcope-session ] || fail "run.tss has the type '$type'"
[ "$desktop" = org.toposcope.TopoScope.desktop ] || fail "the default for $type is '$desktop'"
exec_line=$(sed -n 's/^Exec=//p' "$root/usr/share/applications/$desktop")
command=${exec_line/\%F//home/tester/run.tss}
echo "Exec of $desktop with the file: $command"
as_user sh -c "cd /home/tester && $command --export-pdf opened.pdf" 2>/dev/null
head -c 5 "$root/home/tester/opened.pdf" | grep -q '%PDF-' || fail "the opened session gave no PDF"
echo "the session opened by its file type: opened.pdf, $(stat -c %s "$root/home/tester/opened.pdf") bytes"
echo "chroot test passed ($root)"
