#!/usr/bin/env python3
"""Prints the real-world benchmark's Markdown table from the two clients' JSON outputs
(RealWorldBench and realworld_playwright.py; several rounds each, merged): per case the
verdicts on each side, the median time on each side, the ratio ours / Playwright and what
the UIAutomation port could not check; then the overall median of the per-case ratios, the
ratio of the summed medians, and every failure message. With the load floor's JSON
(load_floor.py) as a third argument, four more columns: the case page's load floor and floor /
Playwright — the least ours / Playwright any client could reach on that case — then the load
and one read of the accessibility tree, and that over Playwright — the least a client that
finds elements in that tree (UIAutomation) could reach; and their medians, the least the
overall median could be.
Usage: realworld_table.py OURS.json[,MORE.json] PLAYWRIGHT.json[,MORE.json] [FLOOR.json[,MORE.json]]"""
import json, statistics, sys


def load(paths):
    merged = {}
    for path in paths.split(","):
        for name, entry in json.load(open(path)).items():
            into = merged.setdefault(name, {"ms": [], "treeMs": [], "verdicts": [], "errors": [], "portNotes": []})
            for key in ("ms", "treeMs", "verdicts", "errors"):
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
floors = load(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] else None
notes = []  # distinct port notes, numbered in order of first use
rows, ratios, floor_ratios, tree_ratios, sum_ours, sum_theirs = [], [], [], [], 0.0, 0.0
floor_heads = ((" load floor | floor / Playwright | load + tree read | that / Playwright |", "---|---|---|---|")
               if floors is not None else ("", ""))
print(f"| case | UIAutomation | Playwright | UIAutomation median | Playwright median | ours / Playwright |{floor_heads[0]} not checked by our port |")
print(f"|---|---|---|---|---|---|{floor_heads[1]}---|")
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
    floor_cells = ""
    if floors is not None:
        f = floors.get(name)
        for key, collected in (("ms", floor_ratios), ("treeMs", tree_ratios)):
            median_f = statistics.median(f[key]) if f and f[key] else None
            floor_ratio = median_f / median_b if median_f and median_b else None
            if floor_ratio:
                collected.append(floor_ratio)
            floor_cells += f" {fmt(median_f) if median_f else '—'} | {f'{floor_ratio:.2f}×' if floor_ratio else '—'} |"
    print(f"| {name} | {verdict(a)} | {verdict(b)} | {fmt(median_a) if a else '—'} | {fmt(median_b) if b else '—'} "
          f"| {f'{ratio:.2f}×' if ratio else '—'} |{floor_cells} {', '.join(refs) or '—'} |")
if ratios:
    floor_overall = ""
    if floors is not None:
        for collected in (floor_ratios, tree_ratios):
            floor_overall += f" | **{statistics.median(collected):.2f}×** (median) |" if collected else " | |"
    print(f"| **overall** (median of per-case ratios; sum of medians) | | | {fmt(sum_ours)} | {fmt(sum_theirs)} "
          f"| **{statistics.median(ratios):.2f}×** (sums: {sum_ours / sum_theirs:.2f}×) |{floor_overall} |")
print()
for index, note in enumerate(notes, 1):
    print(f"{index}. {note}")
failures = [(side, name, error) for side, data in (("UIAutomation", ours), ("Playwright", theirs))
            for name, entry in data.items() for error in entry["errors"]]
if failures:
    print("\nFailures:")
    for side, name, error in failures:
        print(f"- {side}, {name}: {error}")
