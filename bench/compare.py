#!/usr/bin/env python3
"""Prints a Markdown table of medians and p95s for two or more sample files measured in
one run, with the ratio of each to the last one (the floor).
Usage: compare.py NAME=samples.json ... FLOOR_NAME=floor.json"""
import json, statistics, sys


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def fmt(ms):
    return f"{ms * 1000:.0f} µs" if ms < 1 else f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"


named = [arg.split("=", 1) for arg in sys.argv[1:]]
data = {name: json.load(open(path)) for name, path in named}
names = [name for name, _ in named]
floor = names[-1]
operations = list(data[floor].keys())
header = "| operation | runs | " + " | ".join(f"{n} median | {n} p95" for n in names) + " | " + \
         " | ".join(f"{n} / {floor}" for n in names[:-1]) + " |"
print(header)
print("|" + "---|" * (2 + 2 * len(names) + len(names) - 1))
for op in operations:
    cells = [op, str(len(data[floor][op]))]
    for n in names:
        cells += [fmt(statistics.median(data[n][op])), fmt(percentile(data[n][op], 0.95))]
    for n in names[:-1]:
        cells.append(f"{statistics.median(data[n][op]) / statistics.median(data[floor][op]):.2f}×")
    print("| " + " | ".join(cells) + " |")
