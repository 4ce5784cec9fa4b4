#!/usr/bin/env python3
"""Fails when a Backend call could be lost by a wrapper (docs/architecture.md, "Backend wrappers").

Every virtual call of class Backend (engine/backend/backend.hpp) must be pure, and
ForwardingBackend (engine/backend/forwarding_backend.hpp) must pass each one on; only
DeviceBackend and ForwardingBackend derive from Backend directly, so a device backend takes the
usual answers and a wrapper passes everything on. Usage: check_backend_forwarding.py [ROOT]
"""
import pathlib
import re
import sys

VIRTUAL = re.compile(r"virtual\s+[^;{]*?\b(\w+)\s*\(([^;{]*?)\)\s*(const\s*)?(=\s*0)?\s*[;{]", re.S)
OVERRIDE = re.compile(r"\b(\w+)\s*\([^;{]*?\)\s*(const\s*)?override\b", re.S)
DIRECT = re.compile(r"class\s+(\w+)(?:\s+final)?\s*:\s*public\s+(?:ts::)?Backend\s*\{")
ALLOWED_DIRECT = {"DeviceBackend", "ForwardingBackend"}


def class_body(text: str, name: str) -> str:
    start = re.search(r"class\s+" + name + r"\b[^;{]*\{", text)
    if not start:
        return ""
    depth, i = 1, start.end()
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[start.end():i - 1]


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    backend = class_body((root / "engine/backend/backend.hpp").read_text(), "Backend")
    forwarding = class_body((root / "engine/backend/forwarding_backend.hpp").read_text(), "ForwardingBackend")
    problems = []
    calls = []
    for m in VIRTUAL.finditer(backend):
        name = m.group(1)
        if name.startswith("~") or name == "Backend":
            continue
        calls.append(name)
        if not m.group(4):
            problems.append(f"Backend::{name} is not pure: give it '= 0' and put its usual answer in DeviceBackend")
    passed = {m.group(1) for m in OVERRIDE.finditer(forwarding)}
    for name in calls:
        if name not in passed:
            problems.append(f"ForwardingBackend does not pass Backend::{name} on")
    for top in ("engine", "app", "tests", "widgets"):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in {".cpp", ".hpp", ".cu"} or not path.is_file():
                continue
            for m in DIRECT.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if m.group(1) not in ALLOWED_DIRECT:
                    problems.append(f"{path.relative_to(root)}: {m.group(1)} derives from Backend directly: "
                                    "derive a device backend from DeviceBackend, a wrapper from ForwardingBackend")
    for p in problems:
        print(p)
    if not calls:
        print("engine/backend/backend.hpp: no virtual call of class Backend found")
        return 1
    if problems:
        return 1
    print(f"backend forwarding: {len(calls)} calls, all pure and all passed on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
