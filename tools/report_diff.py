#!/usr/bin/env python3
"""Lists what differs between two TopoScope reports (toposcope-report JSON), attribute by attribute.

Usage: report_diff.py EXPECTED.json ACTUAL.json [--series]
Compares every element's attributes (value, confidence, unit, source, method, reason, bounds,
lists, latency statistics); with --series also every evidence series' rows. Exit 0 when they
agree, 1 when something differs (each difference on a line), 2 on unreadable input.
"""
import json
import sys

IGNORED_FIELDS = {"evidence"}


def attributes(report):
    out = {}
    for element in report.get("elements", []):
        for a in element.get("attributes", []):
            out[(element.get("id", element.get("name", "?")), a.get("name", "?"))] = a
    return out


def series(report):
    return {s.get("id", s.get("title", "?")): s for s in report.get("series", [])}


def differences(expected, actual, with_series):
    a, b = attributes(expected), attributes(actual)
    for key in sorted(set(a) | set(b)):
        label = f"{key[0]} {key[1]}"
        if key not in b:
            yield f"{label}: missing (expected {a[key].get('value')} at {a[key].get('confidence')})"
            continue
        if key not in a:
            yield f"{label}: extra ({b[key].get('value')} at {b[key].get('confidence')})"
            continue
        for field in sorted((set(a[key]) | set(b[key])) - IGNORED_FIELDS):
            if a[key].get(field) != b[key].get(field):
                yield f"{label} {field}: expected {a[key].get(field)!r}, got {b[key].get(field)!r}"
    if with_series:
        sa, sb = series(expected), series(actual)
        for sid in sorted(set(sa) | set(sb)):
            if sid not in sa or sid not in sb:
                yield f"series {sid}: {'missing' if sid not in sb else 'extra'}"
            elif sa[sid] != sb[sid]:
                yield f"series {sid}: rows differ"


def main(argv):
    paths = [p for p in argv[1:] if not p.startswith("--")]
    if len(paths) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        expected, actual = (json.load(open(p, encoding="utf-8")) for p in paths)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    found = list(differences(expected, actual, "--series" in argv))
    for line in found:
        print(line)
    total = len(attributes(expected))
    print(f"{total} attributes compared, {len(found)} difference(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
