#!/usr/bin/env python3
"""Fails when an #include breaks the layering of docs/architecture.md.

Every folder of engine/ and app/ sits on a level; a file may include headers of its own folder
and of folders on lower levels only. Usage: check_layering.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

# Lowest first. Keep in step with the picture in docs/architecture.md.
LEVELS = [
    ["engine/model"],
    ["engine/events", "engine/analysis", "engine/backend"],
    ["engine/io"],
    ["engine/amd"],
    ["engine/cuda", "engine/hip", "engine/sim"],
    ["engine/benchmarks"],
    ["engine/run"],
    ["engine/fleet"],
    ["app/program_support"],
    ["app/cli", "app/gui", "app/mpi"],
]
LEVEL_OF = {folder: level for level, folders in enumerate(LEVELS) for folder in folders}
# How an include names each folder: engine/ and app/ are include roots ("io/json_file.hpp",
# "program_support/backend_factory.hpp").
INCLUDE_PREFIX = {folder.split("/", 1)[1]: folder for folder in LEVEL_OF}
SOURCE_SUFFIXES = {".cpp", ".hpp", ".h", ".cu", ".cuh"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)/[^"]+"', re.MULTILINE)


def folder_of(path: pathlib.Path, root: pathlib.Path):
    parts = path.relative_to(root).parts
    if len(parts) < 3:
        return None
    return f"{parts[0]}/{parts[1]}" if f"{parts[0]}/{parts[1]}" in LEVEL_OF else None


def violations(root: pathlib.Path):
    for top in ("engine", "app"):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            source = folder_of(path, root)
            if source is None:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in INCLUDE.finditer(text):
                target = INCLUDE_PREFIX.get(match.group(1))
                if target is None or target == source:
                    continue
                if LEVEL_OF[target] >= LEVEL_OF[source]:
                    line = text.count("\n", 0, match.start()) + 1
                    yield (f"{path.relative_to(root)}:{line}: {source} (level {LEVEL_OF[source]}) includes "
                           f"{match.group(0).strip()} from {target} (level {LEVEL_OF[target]}): "
                           f"a folder may include only folders below it")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    missing = [f for f in LEVEL_OF if not (root / f).is_dir()]
    found = list(violations(root))
    for message in found:
        print(message)
    for folder in missing:
        print(f"{folder}: listed in tools/check_layering.py but not in the tree")
    unlisted = [f"{top}/{p.name}" for top in ("engine", "app") for p in sorted((root / top).iterdir())
                if p.is_dir() and f"{top}/{p.name}" not in LEVEL_OF and top == "engine"]
    for folder in unlisted:
        print(f"{folder}: a folder of engine/ without a level in tools/check_layering.py")
    if found or missing or unlisted:
        return 1
    print(f"layering: {len(LEVEL_OF)} folders, every include goes downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
