#!/usr/bin/env python3
"""Checks bench/axsnapshot.py (the Python port of SnapshotBuilder that the in-page engine's
differential test uses as its oracle) against UIAutomation itself: for each URL, the element tree
`lab inspect URL` prints (built by the Swift SnapshotBuilder) and the port's tree of the same page,
compared line by line on type, identifier and label.

Usage: check_axsnapshot_port.py [--lab PATH_TO_LAB] URL...   (default lab: /work/main/.build/debug/lab)
Prints per URL: elements on each side and the lines that differ. Exit status 1 on any difference.
"""
import argparse, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import axsnapshot
from pagehost import Host

LINE = re.compile(r"^(\s*)(\w+)(?:, \{\{[^}]*\}\})?(?:, identifier: '(.*?)')?(?:, label: '(.*?)')?(?:, value: .*?)?(?:, placeholderValue: '.*?')?(?:, Disabled)?(?:, Selected)?(?:, Focused)?  →  ")


def inspected(lab, url):
    out = subprocess.run([lab, "inspect", url], capture_output=True, text=True, timeout=120, cwd="/tmp").stdout
    rows = []
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            kind = match.group(2)
            rows.append((kind[0].lower() + kind[1:], match.group(3) or "", match.group(4) or ""))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lab", default="/work/main/.build/debug/lab")
    parser.add_argument("urls", nargs="+")
    args = parser.parse_args()
    host = Host(width=393, height=852, mobile=True)  # lab inspect's device: Device.iPhone
    status = 0
    try:
        for url in args.urls:
            swift = inspected(args.lab, url)
            host.load(url=url)
            port = [(e["type"], e["identifier"], e["label"]) for e in axsnapshot.read(host.raw, host.session)[0]]
            differ = [(i, a, b) for i, (a, b) in enumerate(zip(swift, port)) if a != b]
            same = len(swift) == len(port) and not differ
            print(f"{url}: lab inspect {len(swift)} elements, port {len(port)}: {'same' if same else 'DIFFERENT'}")
            for i, a, b in differ[:10]:
                print(f"  #{i}: swift {a} / port {b}")
            status |= 0 if same else 1
    finally:
        host.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
