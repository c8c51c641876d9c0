"""Summarises a scripts/soak folder: per test, how many runs it passed and failed (from the
xUnit files `swift test --xunit-output` wrote), tests that did both marked flaky."""
import glob, os, sys
import xml.etree.ElementTree as ET

directory, runs = sys.argv[1], int(sys.argv[2])
results = {}  # test name -> [passed, failed]
unreadable = 0
for path in sorted(glob.glob(os.path.join(directory, "run*.xml"))):
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        unreadable += 1
        continue
    for case in root.iter("testcase"):
        name = f"{case.get('classname', '')}.{case.get('name', '')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        if case.find("skipped") is not None:
            continue
        counts = results.setdefault(name, [0, 0])
        counts[1 if failed else 0] += 1

flaky = sorted(name for name, (ok, bad) in results.items() if ok and bad)
broken = sorted(name for name, (ok, bad) in results.items() if bad and not ok)
for title, names in (("flaky (passed and failed)", flaky), ("failed every time", broken)):
    if names:
        print(f"{title}:")
        for name in names:
            ok, bad = results[name]
            print(f"  {name}: passed {ok}, failed {bad}")
steady = len(results) - len(flaky) - len(broken)
print(f"tests: {len(results)} — passed every run: {steady}, flaky: {len(flaky)}, failed every run: {len(broken)}"
      + (f"; {unreadable} result file(s) missing or unreadable (a crashed run)" if unreadable else ""))
