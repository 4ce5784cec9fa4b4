#!/usr/bin/env bash
# How the programs find their libraries (issue 16, item 2; issue 19, item 5).
#   run_paths.sh entries BIN_DIR      every ELF in BIN_DIR: no empty or relative RUNPATH/RPATH
#                                     entry (either means "the current directory"), and no
#                                     NEEDED CUDA runtime or HIP runtime (a driver-only server runs them)
#   run_paths.sh planted BIN_DIR CXX  the programs run from / and from a folder holding planted
#                                     libraries (libstdc++, HIP, NVML, HSA, CUDA runtime) whose
#                                     constructor leaves a mark: none may be loaded
set -euo pipefail
mode=$1 bin=$(cd "$2" && pwd)

elf_files() {
  for f in "$bin"/*; do
    [ -f "$f" ] && [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && echo "$f"
  done
}

check_entries() {
  local bad=0 count=0
  while read -r f; do
    count=$((count + 1))
    paths=$(readelf -d "$f" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]$/\2/p')
    # An empty run path string is an empty entry as well; IFS=: keeps empty fields.
    while IFS= read -r value; do
      IFS=: read -r -a entries <<<"$value:"
      for e in "${entries[@]}"; do
        case "$e" in
          /* | '$ORIGIN'* | '${ORIGIN}'*) ;;
          *) echo "run_paths: $f: run path '$value' has the entry '$e' (empty or relative)" >&2; bad=1 ;;
        esac
      done
    done < <([ -n "$paths" ] && printf '%s\n' "$paths")
    if needs=$(readelf -d "$f" | grep -E 'NEEDED.*\[(libcudart|libamdhip64)'); then
      echo "run_paths: $f needs a toolkit runtime: $needs" >&2; bad=1
    fi
  done < <(elf_files)
  [ "$count" -gt 0 ] || { echo "run_paths: no binary in $bin" >&2; exit 1; }
  [ "$bad" = 0 ] && echo "run_paths: $count binaries, every run path entry absolute, no toolkit runtime needed"
  return "$bad"
}

run_everywhere() {
  local cxx=$1
  plant=$(mktemp -d)
  trap 'rm -rf "$plant"' EXIT
  printf '%s\n' '#include <cstdio>' '#include <cstdlib>' \
    '__attribute__((constructor)) static void mark() {' \
    '  if (const char* p = std::getenv("PLANT_MARK")) { FILE* f = std::fopen(p, "a"); if (f) { std::fputs("loaded\n", f); std::fclose(f); } }' \
    '}' >"$plant/evil.cpp"
  "$cxx" -shared -fPIC -o "$plant/evil.so" "$plant/evil.cpp"
  for name in libstdc++.so.6 libgcc_s.so.1 libamdhip64.so.5 libhsa-runtime64.so.1 libnvidia-ml.so.1 \
              libcudart.so.13 libcudart.so.12 libcuda.so.1 libQt6Core.so.6; do
    cp "$plant/evil.so" "$plant/$name"
  done
  export PLANT_MARK="$plant/mark" QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$plant/xdg"
  export XDG_DATA_HOME="$plant/data" XDG_CONFIG_HOME="$plant/config"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  unset LD_LIBRARY_PATH
  for dir in / "$plant"; do
    (cd "$dir" && "$bin/toposcope-cli" --version >/dev/null)
    # Asking for each backend makes the program load the HIP runtime, HSA and NVML where it can.
    # They may fail (no GPU here), never crash.
    for backend in hip cuda auto; do
      rc=0
      (cd "$dir" && "$bin/toposcope-cli" --backend "$backend" --only l1 --quiet --no-session --json "$plant/report-$backend.json" 2>/dev/null) || rc=$?
      [ "$rc" -lt 128 ] || { echo "run_paths: toposcope-cli --backend $backend died (status $rc) in $dir" >&2; exit 1; }
    done
    if [ -x "$bin/toposcope" ]; then (cd "$dir" && "$bin/toposcope" --version >/dev/null 2>&1); fi
    # Under LeakSanitizer (.ci/sanitizers) Open MPI's allocations at exit fail any MPI program: that
    # check is off for this one call, as for the MPI tests; every other check stays on.
    if [ -x "$bin/toposcope-mpi" ]; then
      (cd "$dir" && ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$bin/toposcope-mpi" --help >/dev/null)
    fi
    echo "run_paths: the programs start from $dir"
  done
  if [ -e "$PLANT_MARK" ]; then
    echo "run_paths: a library planted in the current directory was loaded" >&2; exit 1
  fi
  echo "run_paths: no planted library was loaded"
}

case "$mode" in
  entries) check_entries ;;
  planted) run_everywhere "$3" ;;
  *) echo "usage: run_paths.sh entries|planted BIN_DIR [CXX]" >&2; exit 2 ;;
esac
