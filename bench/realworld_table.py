#!/usr/bin/env python3
"""Prints the real-world benchmark's Markdown table from the two clients' JSON outputs
(RealWorldBench and realworld_playwright.py; several rounds each, merged): per case the
verdicts on each side, the median time on each side, the ratio ours / Playwright and what
the UIAutomation port could not check; then the overall median of the per-case ratios, the
ratio of the summed medians, and every failure message.
Usage: realworld_table.py OURS.json[,MORE.json] PLAYWRIGHT.json[,MORE.json]"""
import json, statistics, sys


def load(paths):
    merged = {}
    for path in paths.split(","):
        for name, entry in json.load(open(path)).items():
            into = merged.setdefault(name, {"ms": [], "verdicts": [], "errors": [], "portNotes": []})
            for key in ("ms", "verdicts", "errors"):
                into[key].extend(entry.get(key, []))
            into["portNotes"] = entry.get("portNotes", into["portNotes"])
    return merged


def verdict(entry):
    if not entry:
        return "—"
    passed = entry["verdicts"].count("pass")
    total = len(entry["verdicts"])
    return f"pass {passed}/{total}" if passed == total else f"**fail** {total - passed}/{total}"


def fmt(ms):
    return f"{ms:.0f} ms"


ours, theirs = load(sys.argv[1]), load(sys.argv[2])
notes = []  # distinct port notes, numbered in order of first use
rows, ratios, sum_ours, sum_theirs = [], [], 0.0, 0.0
print("| case | UIAutomation | Playwright | UIAutomation median | Playwright median | ours / Playwright | not checked by our port |")
print("|---|---|---|---|---|---|---|")
names = list(theirs.keys()) + [n for n in ours if n not in theirs]
for name in names:
    a, b = ours.get(name), theirs.get(name)
    median_a = statistics.median(a["ms"]) if a else None
    median_b = statistics.median(b["ms"]) if b else None
    ratio = median_a / median_b if median_a and median_b else None
    if ratio:
        ratios.append(ratio)
        sum_ours += median_a
        sum_theirs += median_b
    refs = []
    for note in (a or {}).get("portNotes", []):
        if note not in notes:
            notes.append(note)
        refs.append(str(notes.index(note) + 1))
    print(f"| {name} | {verdict(a)} | {verdict(b)} | {fmt(median_a) if a else '—'} | {fmt(median_b) if b else '—'} "
          f"| {f'{ratio:.2f}×' if ratio else '—'} | {', '.join(refs) or '—'} |")
if ratios:
    print(f"| **overall** (median of per-case ratios; sum of medians) | | | {fmt(sum_ours)} | {fmt(sum_theirs)} "
          f"| **{statistics.median(ratios):.2f}×** (sums: {sum_ours / sum_theirs:.2f}×) | |")
print()
for index, note in enumerate(notes, 1):
    print(f"{index}. {note}")
failures = [(side, name, error) for side, data in (("UIAutomation", ours), ("Playwright", theirs))
            for name, entry in data.items() for error in entry["errors"]]
if failures:
    print("\nFailures:")
    for side, name, error in failures:
        print(f"- {side}, {name}: {error}")
