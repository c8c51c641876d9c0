#!/usr/bin/env python3
"""The load floor of a real-world benchmark's cases: for each case, the time the browser takes
to load the case's page in a fresh isolated context — `Page.navigate` to the `load` event, by
the thinnest client (bench/rawcdp.py: blocking pipe, one call at a time), on the same browser
binary and flags, at the same viewport. Every case of both specs starts by opening its page and
waiting for its load (`goto`, `cy.visit`), so no client can run a case in less; the context and
page are made before the clock starts, as a client that prepares them ahead could (UIAutomation's
spare pages). Extra loads inside a case (reload, back, visit) are not counted: the floor is a
lower bound, not a port.

Each case is also measured with one read of the accessibility tree and the DOM snapshot after the
load (the accessibility domain on, both asked at once): the floor of a client that finds elements
in the accessibility tree, as UIAutomation does, and must read it at least once per case
("treeMs").

Usage: load_floor.py SIDE.py BROWSER BASE_URL [ROUNDS] [FLAGS_JSON] [CASE_FILTER]
SIDE.py is the benchmark's Playwright side; only its CASES list (name, path, body) is read.
Prints JSON in the sides' shape with one more list per case: {case: {"ms": [load...], "treeMs":
[load + tree read...], "verdicts": ["pass"...], "errors": []}}. A CASE_FILTER that selects no
case is an error (exit status 2), not an empty table."""
import importlib.util, json, os, sys, time

from rawcdp import Raw

# Device.desktop, as both sides use: 1280 × 800, scale 1, no touch.
WIDTH, HEIGHT, SCALE_FACTOR = 1280, 800, 1


def cases_of(side_path):
    spec = importlib.util.spec_from_file_location("side", side_path)
    side = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(side_path)))
    spec.loader.exec_module(side)  # defines CASES; runs nothing (its main is guarded)
    return side.CASES


def load_time(raw, url, reads_tree=False):
    """Milliseconds from Page.navigate to the load event (and, with `reads_tree`, to the end of one
    read of the accessibility tree and the DOM snapshot), in a fresh context (made untimed)."""
    context = raw.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    target = raw.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
    session = raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    raw.call("Page.enable", None, session)
    raw.call("Emulation.setDeviceMetricsOverride",
             {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": SCALE_FACTOR, "mobile": False}, session)
    if reads_tree:
        raw.call("Accessibility.enable", None, session)
    raw.events = []
    start = time.perf_counter()
    reply = raw.call("Page.navigate", {"url": url}, session)
    if reply.get("errorText"):
        raise RuntimeError(f"{url}: {reply['errorText']}")
    raw.wait_event("Page.loadEventFired", session)
    if reads_tree:
        raw.calls([("Accessibility.getFullAXTree", None), ("DOMSnapshot.captureSnapshot", {"computedStyles": []})], session)
    elapsed = (time.perf_counter() - start) * 1e3
    raw.call("Target.disposeBrowserContext", {"browserContextId": context})
    return elapsed


def main():
    side, browser, base = sys.argv[1], sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    flags = json.loads(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[5] else ["--remote-debugging-pipe", "--user-data-dir=PROFILE"]
    selected_filter = sys.argv[6] if len(sys.argv) > 6 else ""
    selected = [(name, path) for name, path, _ in cases_of(side) if selected_filter in name]
    if not selected:
        print(f"error: no case of {side} has {selected_filter!r} in its name", file=sys.stderr)
        sys.exit(2)
    raw = Raw(browser, flags)
    try:
        raw.call("Browser.getVersion")
        load_time(raw, base + selected[0][1])  # warm-up, not recorded
        results = {}
        for _ in range(rounds):
            for name, path in selected:
                entry = results.setdefault(name, {"ms": [], "treeMs": [], "verdicts": [], "errors": []})
                entry["ms"].append(load_time(raw, base + path))
                entry["treeMs"].append(load_time(raw, base + path, reads_tree=True))
                entry["verdicts"].append("pass")
    finally:
        raw.close()
    print(json.dumps(results))


main()
