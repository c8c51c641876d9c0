#!/usr/bin/env python3
"""The raw CDP floor: the same operations as DevToolsBench, by the thinnest possible
client (blocking pipe I/O, no abstractions). Prints samples in milliseconds as JSON."""
import json, sys, time

from rawcdp import Raw

BROWSER = sys.argv[1]
PAGE_URL = sys.argv[2]
SCALE = int(sys.argv[3]) if len(sys.argv) > 3 else 1
# The browser command line DevTools uses (DevToolsBench --print-arguments), so both
# clients measure the same browser; "PROFILE" stands for the profile directory.
ARGUMENTS = json.loads(sys.argv[4]) if len(sys.argv) > 4 else ["--remote-debugging-pipe", "--user-data-dir=PROFILE", "about:blank"]




def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


samples = {}
for _ in range(15 * SCALE):
    start = time.perf_counter()
    launched = Raw(BROWSER, ARGUMENTS)
    launched.call("Browser.getVersion")
    samples.setdefault("launch", []).append((time.perf_counter() - start) * 1e3)
    launched.close()

raw = Raw(BROWSER, ARGUMENTS)
for _ in range(200):
    raw.call("Browser.getVersion")
for _ in range(2000 * SCALE):
    samples.setdefault("round trip", []).append(timed(lambda: raw.call("Browser.getVersion")))


def new_context_and_page():
    context = raw.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    target = raw.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
    raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})
    return context


for _ in range(40 * SCALE):
    start = time.perf_counter()
    made = new_context_and_page()
    samples.setdefault("new context + page", []).append((time.perf_counter() - start) * 1e3)
    raw.call("Target.disposeBrowserContext", {"browserContextId": made})

context = raw.call("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
target = raw.call("Target.createTarget", {"url": "about:blank", "browserContextId": context})["targetId"]
session = raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
raw.call("Page.enable", session=session)


def navigate():
    raw.call("Page.navigate", {"url": PAGE_URL}, session=session)
    raw.wait_event("Page.loadEventFired", session)


navigate()
for _ in range(60 * SCALE):
    samples.setdefault("navigate to load", []).append(timed(navigate))
raw.close()
print(json.dumps(samples, sort_keys=True))
