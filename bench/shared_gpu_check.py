#!/usr/bin/env python3
"""Checks issue 15's rule on TopoScope reports (toposcope-report/1 to /3).

  bench/shared_gpu_check.py --quiet q1.json q2.json q3.json --beside NAME:r1.json[,r2.json] ...
      [--times NAME=SECONDS ...] [--quiet-times S1,S2,S3] [--table FILE.md]

An attribute beside a neighbour *differs* from the quiet runs when it lies outside every quiet
value's tolerance: discrete attributes (line sizes, granularities, counts, sharing lists) any
change; sizes (sizes, capacities, a cache's set count) more than 2 %; latencies and penalties (cycles) more than 5 %; bandwidths (GiB/s)
more than 10 %. It is *flagged* when it carries the mark "sharedGpu" (toposcope-report/3; older
reports said "shared GPU" in the reason instead).
Violations: a differing attribute at confidence above 0.5 without the mark; a quiet run with a
warning; fewer than 80 % of the attributes beside the on/off neighbour (NAME containing "onoff")
keeping their quiet value at confidence above 0.5 (counted over the attributes decided above 0.5
in every quiet run: one that no quiet run decides has no quiet value to keep); a run slower than max(5 x the quiet run, 60 s).
Prints the table and every violation; exit 1 when there is one."""
import argparse
import json
import sys

MARK = "sharedGpu"
LEGACY_MARK = "shared GPU"  # toposcope-report/1 and /2 said it in the reason


def flagged(a):
    return MARK in (a.get("marks") or []) or ("marks" not in a and LEGACY_MARK in (a.get("reason") or ""))


def attributes(path):
    with open(path) as f:
        report = json.load(f)
    out = {}
    for element in report.get("elements", []):
        for a in element.get("attributes", []):
            if a.get("source") != "benchmark":
                continue
            out[f"{element.get('id')}.{a['name']}"] = a
    return report, out


def kind(key, a):
    unit = a.get("unit", "")
    name = key.split(".", 1)[1]
    if unit == "GiB/s":
        return "bandwidth", 0.10
    if unit == "cycles":
        return "latency", 0.05
    # Capacities are sizes; a cache's set count is its size over ways x line (the L1's 250368 B
    # give 489 sets of 4 ways, 249856 B 488), so it moves with the size, within its tolerance.
    if (unit == "bytes" and name in ("size", "segmentSize", "nearCapacity", "farCapacity", "sharedCapacity")) or name == "sets":
        return "size", 0.02
    return "discrete", 0.0


def shown(a):
    if a is None:
        return "-"
    if a.get("failed"):
        return "failed"
    v = a.get("value")
    names = a.get("names")
    text = f"{v:g}" if isinstance(v, (int, float)) else str(v)
    if names:
        text += " [" + "/".join(names) + "]"
    return text


def same(a, b, tol):
    if a is None or b is None:
        return a is None and b is None
    if a.get("failed") or b.get("failed"):
        return bool(a.get("failed")) == bool(b.get("failed"))
    if tol == 0:
        return a.get("value") == b.get("value") and sorted(a.get("names") or []) == sorted(b.get("names") or []) \
            and (a.get("groups") or []) == (b.get("groups") or [])
    va, vb = a.get("value", 0), b.get("value", 0)
    return abs(va - vb) <= tol * max(abs(va), 1e-12)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quiet", nargs="+", required=True)
    p.add_argument("--beside", nargs="*", default=[], help="NAME:report[,report...]")
    p.add_argument("--times", nargs="*", default=[], help="NAME=seconds[,seconds...] wall time per run")
    p.add_argument("--quiet-times", default="", help="seconds of the quiet runs, comma list")
    p.add_argument("--table", help="write the markdown table here")
    args = p.parse_args()

    violations = []
    quiet = []
    for path in args.quiet:
        report, attrs = attributes(path)
        quiet.append(attrs)
        if report.get("warnings"):
            violations.append(f"quiet run {path} has warnings: {report['warnings'][:3]}")
    keys = sorted(set().union(*[q.keys() for q in quiet]))
    for key in keys:
        vals = [q.get(key) for q in quiet]
        _, tol = kind(key, next(v for v in vals if v))
        if not all(same(vals[0], v, tol) for v in vals[1:]):
            print(f"note: quiet runs disagree on {key}: {[shown(v) for v in vals]}")

    beside = {}
    for spec in args.beside:
        name, paths = spec.split(":", 1)
        beside[name] = [attributes(path) for path in paths.split(",") if path]

    quiet_times = [float(t) for t in args.quiet_times.split(",") if t]
    limit = max(5 * max(quiet_times), 60) if quiet_times else None
    for spec in args.times:
        name, secs = spec.split("=", 1)
        for s in secs.split(","):
            if limit is not None and float(s) > limit:
                violations.append(f"{name}: run took {float(s):.1f} s, over max(5 x quiet, 60 s) = {limit:.1f} s")

    header = "| attribute | quiet | " + " | ".join(
        f"{n} run {i + 1}" for n, runs in beside.items() for i in range(len(runs))) + " |"
    lines = [header, "|" + "---|" * (2 + sum(len(r) for r in beside.values()))]
    kept = {n: [0, 0] for n in beside}
    undecided_in_quiet = 0
    for key in keys:
        qvals = [q.get(key) for q in quiet]
        keepable = all(q is not None and q.get("confidence", 0) > 0.5 for q in qvals)
        undecided_in_quiet += 0 if keepable else 1
        ref = next(v for v in qvals if v)
        _, tol = kind(key, ref)
        qtext = " / ".join(sorted(set(shown(v) for v in qvals)))
        cells = []
        for name, runs in beside.items():
            for i, (_, attrs) in enumerate(runs):
                a = attrs.get(key)
                if a is None:
                    cells.append("absent")
                    continue
                differs = not any(same(q, a, tol) for q in qvals if q is not None)
                marked = flagged(a)
                conf = a.get("confidence", 0)
                if keepable:
                    kept[name][1] += 1
                    if not differs and conf > 0.5:
                        kept[name][0] += 1
                if differs and conf > 0.5 and not marked:
                    violations.append(f"{name} run {i + 1}: {key} = {shown(a)} (quiet {qtext}) at confidence {conf:.2f} without a mark")
                cells.append(f"{'**' if differs else ''}{shown(a)}{'**' if differs else ''} ({conf:.2f}{', flagged' if marked else ''})")
        lines.append(f"| {key} | {qtext} | " + " | ".join(cells) + " |")
    print(f"{undecided_in_quiet} attribute(s) not decided above 0.5 in every quiet run: not counted in the shares below")
    for name, (good, total) in kept.items():
        share = good / total if total else 1
        print(f"{name}: {good}/{total} attributes keep their quiet value at confidence > 0.5 ({100 * share:.0f} %)")
        if "onoff" in name and share < 0.8:
            violations.append(f"{name}: only {100 * share:.0f} % keep their quiet value at confidence > 0.5 (need 80 %)")
    table = "\n".join(lines)
    if args.table:
        with open(args.table, "w") as f:
            f.write(table + "\n")
    else:
        print(table)
    for v in violations:
        print("VIOLATION:", v)
    print(f"{len(violations)} violation(s)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
