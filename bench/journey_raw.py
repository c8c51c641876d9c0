#!/usr/bin/env python3
"""The raw CDP floor for the UIAutomation benchmark: the same operations and the same
journey as UIAutomationBench, by the thinnest possible client (blocking pipe I/O, one
call at a time, no abstractions), on the same browser binary and flags, against the same
server. Semantic checks read the DOM with Runtime.evaluate; waits are load events.
Prints samples in milliseconds as JSON.

With RAW_READS_TREE=1 it measures only tap → idle and the journey, as the floor of a client that
finds elements in the accessibility tree (UIAutomation's design): the accessibility domain on,
and the tree and the DOM snapshot read (both asked at once, nothing done with them) once per new
state of the page before it is queried or tapped — after each load and after the favourite's tap.
Its journey is measured twice: with the context and page made inside it, as the plain floor and
Playwright make them, and ("journey, context made ahead") from a context and page made and set
up before the clock starts, as UIAutomation's spare pages are (made during the journey before,
so UIAutomation pays for them while it runs: its fair floor lies between the two).

Usage: [RAW_READS_TREE=1] journey_raw.py BROWSER BASE_URL [SCALE] [FLAGS_JSON]"""
import json, os, sys, time

from rawcdp import Raw

BROWSER = sys.argv[1]
BASE = sys.argv[2]
SCALE = int(sys.argv[3]) if len(sys.argv) > 3 else 1
# The browser command line DevTools uses (UIAutomationBench --print-arguments);
# "PROFILE" stands for the profile directory.
ARGUMENTS = json.loads(sys.argv[4]) if len(sys.argv) > 4 else ["--remote-debugging-pipe", "--user-data-dir=PROFILE", "about:blank"]
# The device UIAutomation emulates by default (Device.iPhone).
WIDTH, HEIGHT, SCALE_FACTOR = 393, 852, 2
CELL, TITLE = "cell-3", "Tiger"
READS_TREE = os.environ.get("RAW_READS_TREE") == "1"




class Page:
    """A fresh isolated context with one page, set up as the phone UIAutomation emulates."""

    def __init__(self, raw, url=None):
        """With no `url`, the page is made and set up but not navigated (``navigate`` does that)."""
        self.raw = raw
        self.context = raw.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
        target = raw.call("Target.createTarget", {"url": "about:blank", "browserContextId": self.context})["targetId"]
        self.session = raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": SCALE_FACTOR, "mobile": True})
        self.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if READS_TREE:
            self.call("Accessibility.enable")
        if url is not None:
            self.navigate(url)

    def call(self, method, params=None):
        return self.raw.call(method, params, self.session)

    def loaded(self):
        self.raw.wait_event("Page.loadEventFired", self.session)

    def forget_events(self):
        self.raw.events = [e for e in self.raw.events if e.get("sessionId") != self.session]

    def navigate(self, url):
        self.forget_events()
        self.call("Page.navigate", {"url": url})
        self.loaded()

    def read_tree(self):
        """What an accessibility-tree client reads once per new state (RAW_READS_TREE=1 only)."""
        if READS_TREE:
            self.raw.calls([("Accessibility.getFullAXTree", None), ("DOMSnapshot.captureSnapshot", {"computedStyles": []})],
                           self.session)

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})["result"].get("value")

    def tap(self, selector):
        """Press and release at the centre of the element `selector` finds."""
        x, y = self.evaluate("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                             " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def tap_and_load(self, selector):
        self.forget_events()
        self.tap(selector)
        self.loaded()

    def type(self, text):
        for character in text:
            self.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": character, "text": character})
            self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": character})

    def screenshot(self):
        return self.call("Page.captureScreenshot", {"format": "png"})["data"]

    def close(self):
        self.raw.call("Target.disposeBrowserContext", {"browserContextId": self.context})


def by_id(test_id):
    return '[data-testid="%s"]' % test_id


def journey(raw, ready=None):
    """The journey in a fresh context: made now, or `ready` (made and set up ahead, not navigated)."""
    if ready is None:
        page = Page(raw, BASE + "/")
    else:
        page = ready
        page.navigate(BASE + "/")
    page.read_tree()
    count = page.evaluate("document.querySelectorAll('[data-testid=grid] > li').length")
    assert count == 12, count
    page.tap_and_load(by_id(CELL) + " a")
    page.read_tree()
    title = page.evaluate("document.querySelector('[data-testid=title]').textContent")
    assert title == TITLE, title
    page.tap(by_id("favourite"))
    page.read_tree()
    page.tap_and_load(by_id("back"))
    page.read_tree()
    assert page.evaluate("!!document.querySelector('%s %s')" % (by_id(CELL), by_id("star"))), "no star"
    page.close()


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


def main():
    samples = {}

    def record(name, fn):
        samples.setdefault(name, []).append(timed(fn))

    raw = Raw(BROWSER, ARGUMENTS)
    raw.call("Browser.getVersion")
    journey(raw)  # warm-up

    if READS_TREE:
        # Only what reading the tree changes; the other rows are the plain floor's.
        page = Page(raw, BASE + "/")
        for round in range(60 * SCALE):
            selector = by_id(CELL) + " a" if round % 2 == 0 else by_id("back")
            record("tap → idle (navigation)", lambda: (page.read_tree(), page.tap_and_load(selector)))
        page.close()
        # The journey as the plain floor runs it (its context made inside it, as Playwright's
        # is), and from a context made before the clock starts, as UIAutomation's spare pages
        # are made during the journey before: a floor below UIAutomation's, which pays for the
        # spare while it runs.
        for _ in range(40 * SCALE):
            record("journey", lambda: journey(raw))
            ready = Page(raw)
            record("journey, context made ahead", lambda: journey(raw, ready))
        raw.close()
        print(json.dumps(samples))
        return

    for _ in range(40 * SCALE):
        made = []
        record("app launch", lambda: made.append(Page(raw, BASE + "/")))
        made[0].close()

    page = Page(raw, BASE + "/hundred")
    query = "!!document.querySelector('[data-testid=b17]')"
    for _ in range(20):
        page.evaluate(query)
    for _ in range(200 * SCALE):
        record("query (100 elements)", lambda: page.evaluate(query))
    # What UIAutomation reads for every resolution, with no processing: the floor of an
    # accessibility-tree query (reported as a row of its own; no other client has it).
    page.call("Accessibility.enable")

    def read_trees():
        page.call("Accessibility.getFullAXTree")
        page.call("DOMSnapshot.captureSnapshot", {"computedStyles": []})

    for _ in range(100 * SCALE):
        record("AX tree + DOM snapshot, read only (100 elements)", read_trees)
    page.close()

    page = Page(raw, BASE + "/")
    for round in range(60 * SCALE):
        selector = by_id(CELL) + " a" if round % 2 == 0 else by_id("back")
        record("tap → idle (navigation)", lambda: page.tap_and_load(selector))
    page.navigate(BASE + "/")
    for _ in range(40 * SCALE):
        record("screenshot", page.screenshot)
    page.close()

    page = Page(raw, BASE + "/form")
    page.evaluate("document.querySelector('[data-testid=name]').focus()")
    page.type("x")
    for _ in range(30 * SCALE):
        record("typeText (20 chars)", lambda: page.type("abcdefghij0123456789"))
    page.close()

    for _ in range(40 * SCALE):
        record("journey", lambda: journey(raw))
    raw.close()
    print(json.dumps(samples))  # in the order measured: the table follows it


main()
