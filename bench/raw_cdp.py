#!/usr/bin/env python3
"""The raw CDP floor: the same operations as DevToolsBench, by the thinnest possible
client (blocking pipe I/O, no abstractions). Prints samples in milliseconds as JSON."""
import json, os, subprocess, sys, tempfile, shutil, time

BROWSER = sys.argv[1]
PAGE_URL = sys.argv[2]
SCALE = int(sys.argv[3]) if len(sys.argv) > 3 else 1
# The browser command line DevTools uses (DevToolsBench --print-arguments), so both
# clients measure the same browser; "PROFILE" stands for the profile directory.
ARGUMENTS = json.loads(sys.argv[4]) if len(sys.argv) > 4 else ["--remote-debugging-pipe", "--user-data-dir=PROFILE", "about:blank"]


class Raw:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="rawcdp-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def child():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        arguments = [argument.replace("PROFILE", self.profile) for argument in ARGUMENTS]
        self.proc = subprocess.Popen([BROWSER, *arguments],
                                     pass_fds=(3, 4), preexec_fn=child, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0

    def read_message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read_message()
            if reply.get("id") == self.next_id:
                return reply.get("result")

    def wait_event(self, method, session):
        while True:
            message = self.read_message()
            if message.get("method") == method and message.get("sessionId") == session:
                return message

    def close(self):
        try:
            self.call("Browser.close")
        except EOFError:
            pass
        self.proc.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


samples = {}
for _ in range(15 * SCALE):
    start = time.perf_counter()
    launched = Raw()
    launched.call("Browser.getVersion")
    samples.setdefault("launch", []).append((time.perf_counter() - start) * 1e3)
    launched.close()

raw = Raw()
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
