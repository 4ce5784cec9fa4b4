#!/usr/bin/env python3
"""Summarises the runs of bench/gpu_suite.sh: what each benchmark took (from the progress log),
every attribute of every run side by side (discrete values must agree, sizes within 1 %), and the
rows of the L2 size search with their slow loads (the evidence behind the knee).

Usage: suite_summary.py OUTDIR   (reads OUTDIR/run*.json, OUTDIR/run*.log)
"""
import glob
import json
import os
import re
import sys

START = re.compile(r"^\[\d+/\d+\s+([0-9.]+)s, ETA[^\]]*\] (.+?): start$")
DONE = re.compile(r"^\s+= \[\s*([0-9.]+)s\]")


def benchmark_times(log_path):
    """(benchmark, seconds) in run order: from the previous benchmark's last result to its own
    (result stamps have 10 ms steps; 'start' lines only 100 ms)."""
    order, last_result, current = [], {}, None
    with open(log_path, errors="replace") as f:
        for line in f:
            m = START.match(line.rstrip("\n"))
            if m:
                current = m.group(2)
                if current not in last_result:
                    order.append(current)
                    last_result[current] = None
                continue
            m = DONE.match(line)
            if m and current is not None:
                last_result[current] = float(m.group(1))
    out, previous = [], 0.0
    for name in order:
        t = last_result[name]
        if t is None:
            out.append((name, 0.0))
            continue
        out.append((name, t - previous))
        previous = t
    return out


# Issue 20 times the benchmarks of 0791c73 together; those added since report their own time.
ADDED_SINCE_0791C73 = ("Associativity", "Replacement Policy", "TLB Levels", "L2 Partitions")


def added_since_0791c73(name):
    return any(name.endswith(suffix) for suffix in ADDED_SINCE_0791C73)


def process_times(summary_path):
    """{'1': seconds, ...} from gpu_suite.sh's 'run N: MS ms' lines."""
    out = {}
    try:
        with open(summary_path, errors="replace") as f:
            for line in f:
                m = re.match(r"^run (\d+): (\d+) ms", line)
                if m:
                    out[m.group(1)] = int(m.group(2)) / 1000
    except OSError:
        pass
    return out


def attributes(report):
    values = {}
    for element in report.get("elements", []):
        for a in element.get("attributes", []):
            if a.get("source") != "benchmark":
                continue
            values[(element.get("name", element.get("id")), a["name"])] = (a.get("value"), a.get("confidence", 0), a.get("reason", ""))
    return values


def is_size(name):
    return name.lower().endswith("size") or "bandwidth" in name.lower() or "latency" in name.lower() or name in ("missPenalty",)


def l2_rows(report):
    for s in report.get("series", []):
        if s.get("id") != "l2.size":
            continue
        rows = s.get("rows", [])
        if not rows:
            return
        hits = sorted(rows[0]["latencies"])
        hit = hits[len(hits) // 2]
        print(f"  l2.size: {len(rows)} rows, {len(rows[0]['latencies'])} timed loads a row; reference median {hit} cycles")
        print("  bytes        MiB      median  p99   loads > hit+50  loads > hit+150")
        for r in rows:
            lat = sorted(r["latencies"])
            n = len(lat)
            slow1 = sum(1 for v in lat if v > hit + 50)
            slow2 = sum(1 for v in lat if v > hit + 150)
            print(f"  {int(r['x']):>11} {r['x'] / 2**20:8.3f} {lat[n // 2]:>7} {lat[int(0.99 * (n - 1))]:>5} {slow1:>15} {slow2:>16}")


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "."
    runs = sorted(glob.glob(os.path.join(outdir, "run[0-9].json")))
    reports = []
    for path in runs:
        try:
            with open(path) as f:
                reports.append((os.path.basename(path), json.load(f)))
        except (OSError, ValueError) as e:
            print(f"{path}: unreadable ({e})")
    wall = process_times(os.path.join(outdir, "summary.txt"))
    for path in sorted(glob.glob(os.path.join(outdir, "run[0-9].log"))):
        print(f"== benchmark times, {os.path.basename(path)} (s)")
        times = benchmark_times(path)
        for name, seconds in times:
            print(f"  {seconds:7.3f}  {name}{'  (added after 0791c73)' if added_since_0791c73(name) else ''}")
        added = sum(t for n, t in times if added_since_0791c73(n))
        run = os.path.basename(path)[3:-4]
        if run in wall:
            print(f"  process {wall[run]:.2f} s; benchmarks added after 0791c73 {added:.2f} s; "
                  f"the rest (the suite of 0791c73, start-up included) {wall[run] - added:.2f} s")
    if not reports:
        return
    print("== attributes (value / confidence per run)")
    table = [attributes(r) for _, r in reports]
    keys = sorted(set().union(*[t.keys() for t in table]))
    problems = []
    for key in keys:
        cells = [t.get(key) for t in table]
        text = "  ".join("-" if c is None else f"{c[0]:.6g}/{c[1]:.2f}" for c in cells)
        print(f"  {key[0]:<14} {key[1]:<28} {text}")
        values = [c[0] for c in cells if c is not None]
        if len(values) != len(cells):
            problems.append(f"{key}: missing in a run")
        elif values and is_size(key[1]):
            lo, hi = min(values), max(values)
            if lo > 0 and (hi - lo) / lo > 0.01:
                problems.append(f"{key}: spread {100 * (hi - lo) / lo:.2f} %")
        elif len(set(values)) > 1:
            problems.append(f"{key}: differs {values}")
    print("== run-to-run differences (sizes, latencies, bandwidths over 1 %; any other value that differs)")
    for p in problems:
        print("  " + p)
    if not problems:
        print("  none")
    print("== L2 size per run")
    for (name, _), t in zip(reports, table):
        v = t.get(("L2", "size"))
        if v:
            print(f"  {name}: {int(v[0])} B ({v[0] / 2**20:.3f} MiB), confidence {v[1]:.3f}: {v[2]}")
    print("== L2 size rows, run 1")
    l2_rows(reports[0][1])


if __name__ == "__main__":
    main()
