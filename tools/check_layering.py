#!/usr/bin/env python3
"""Fails when an #include breaks the layering of docs/architecture.md.

Every folder of engine/ and app/ sits on a level; a file may include headers of its own folder
and of folders on lower levels only. Inside a folder of engine/, app/ or widgets/ the units (a
header with its source file) include one another without a cycle. Usage: check_layering.py [REPOSITORY_ROOT]
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
# An include of a header of the same folder, as the folder's own files write it.
LOCAL_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)\.(?:hpp|h|cuh)"', re.MULTILINE)


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


def unit_graph(folder: pathlib.Path):
    """Each unit (file stem) of `folder` and the units of the same folder it includes."""
    stems = {p.stem for p in folder.iterdir() if p.suffix in SOURCE_SUFFIXES and p.is_file()}
    graph = {stem: set() for stem in stems}
    for path in folder.iterdir():
        if path.suffix in SOURCE_SUFFIXES and path.is_file():
            for match in LOCAL_INCLUDE.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if match.group(1) in stems and match.group(1) != path.stem:
                    graph[path.stem].add(match.group(1))
    return graph


def strongly_connected(graph):
    """Tarjan's components of more than one unit: each is an include cycle."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(unit):
        index[unit] = low[unit] = len(index)
        stack.append(unit)
        on_stack.add(unit)
        for target in sorted(graph[unit]):
            if target not in index:
                visit(target)
                low[unit] = min(low[unit], low[target])
            elif target in on_stack:
                low[unit] = min(low[unit], index[target])
        if low[unit] == index[unit]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == unit:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for unit in sorted(graph):
        if unit not in index:
            visit(unit)
    return found


def include_cycles(root: pathlib.Path):
    folders = {p.parent for top in ("engine", "app", "widgets") for p in (root / top).rglob("*")
               if p.suffix in SOURCE_SUFFIXES and p.is_file()}
    for folder in sorted(folders):
        for cycle in strongly_connected(unit_graph(folder)):
            yield (f"{folder.relative_to(root)}: {', '.join(cycle)} include one another (a cycle): "
                   f"move what they share into a unit of its own")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    missing = [f for f in LEVEL_OF if not (root / f).is_dir()]
    found = list(violations(root)) + list(include_cycles(root))
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
    print(f"layering: {len(LEVEL_OF)} folders, every include goes downward, no unit includes itself round a cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
