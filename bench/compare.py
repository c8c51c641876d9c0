#!/usr/bin/env python3
"""Prints a Markdown table of medians and p95s for two or more sample files measured in
one run, with the ratio of each to the last one (the floor), and optionally to other
references too (--vs NAME, repeatable: ratios of the clients listed before NAME).
An operation a client did not measure shows as "—".
Several files for one client (its rounds) are merged: NAME=round1.json,round2.json.
Usage: compare.py [--vs NAME ...] NAME=samples.json[,more.json] ... FLOOR_NAME=floor.json"""
import json, statistics, sys


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def fmt(ms):
    return f"{ms * 1000:.0f} µs" if ms < 1 else f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"


arguments = sys.argv[1:]
extra_references = []
while arguments and arguments[0] == "--vs":
    extra_references.append(arguments[1])
    arguments = arguments[2:]
named = [arg.split("=", 1) for arg in arguments]


def load(paths):
    """Samples from one or more files (`a.json,b.json`: rounds of one client), merged."""
    merged = {}
    for path in paths.split(","):
        for op, values in json.load(open(path)).items():
            merged.setdefault(op, []).extend(values)
    return merged


data = {name: load(paths) for name, paths in named}
names = [name for name, _ in named]
floor = names[-1]
for reference in extra_references:
    if reference not in names:
        sys.exit(f"compare.py: --vs {reference}: no samples named {reference}")
# (client, reference) pairs: every client against the floor, then the clients listed
# before each extra reference against it.
ratios = [(n, floor) for n in names[:-1]]
for reference in extra_references:
    ratios += [(n, reference) for n in names[:names.index(reference)]]
operations = list(data[floor].keys())
for n in names:
    operations += [op for op in data[n] if op not in operations]


def median(name, op):
    return statistics.median(data[name][op]) if data[name].get(op) else None


header = "| operation | runs | " + " | ".join([f"{n} median | {n} p95" for n in names] + [f"{n} / {r}" for n, r in ratios]) + " |"
print(header)
print("|" + "---|" * (2 + 2 * len(names) + len(ratios)))
for op in operations:
    counted = next(data[n][op] for n in [floor, *names] if data[n].get(op))
    cells = [op, str(len(counted))]
    for n in names:
        values = data[n].get(op)
        cells += [fmt(statistics.median(values)), fmt(percentile(values, 0.95))] if values else ["—", "—"]
    for n, r in ratios:
        a, b = median(n, op), median(r, op)
        cells.append(f"{a / b:.2f}×" if a is not None and b else "—")
    print("| " + " | ".join(cells) + " |")
