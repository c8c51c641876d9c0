"""A browser page to load test HTML into, for the in-page engine's harness and timings
(bench/inpage_differential.py, bench/inpage_timing.py).

`Host` starts the headless shell over the CDP pipe (bench/rawcdp.py) and a local HTTP server
that serves pages held in memory (so same-origin iframes work), and opens one page at 1280×800.
`host.load(html)` navigates to a fresh URL holding `html` and waits for its load event;
`host.evaluate(expression)` returns a value by value.
"""
import http.server, itertools, json, threading

from rawcdp import Raw

BROWSER = "/usr/lib/chromium/chromium-headless-shell"
ARGUMENTS = ["--headless", "--no-sandbox", "--remote-debugging-pipe", "--user-data-dir=PROFILE",
             "--disable-gpu", "--hide-scrollbars", "--mute-audio", "about:blank"]


class _Pages(http.server.BaseHTTPRequestHandler):
    pages = {}

    def do_GET(self):
        body = self.pages.get(self.path.split("?")[0])
        if body is None:
            self.send_response(404); self.end_headers(); return
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class Host:
    def __init__(self, browser=BROWSER, width=1280, height=800, mobile=False):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.raw = Raw(browser, ARGUMENTS)
        self.counter = itertools.count()
        target = self.raw.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        # Device.desktop by default; `mobile` is Device.iPhone (393 × 852, scale 2, touch), UIAutomation's default.
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})
        if mobile:
            self.call("Emulation.setTouchEmulationEnabled", {"enabled": True})

    def call(self, method, params=None):
        return self.raw.call(method, params, self.session)

    def serve(self, path, html):
        _Pages.pages[path] = html

    def load(self, html=None, path=None, url=None):
        """Loads `html` (served at a fresh path), or a served `path`, or any `url`."""
        if url is None:
            if html is not None:
                path = f"/p{next(self.counter)}"
                self.serve(path, html)
            url = self.base + path
        self.raw.events = []
        reply = self.call("Page.navigate", {"url": url})
        if reply.get("errorText"):
            raise RuntimeError(f"{url}: {reply['errorText']}")
        self.raw.wait_event("Page.loadEventFired", self.session)
        # Settle: two frames, so layout and generated content are done.
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))", wait=True)
        return url

    def evaluate(self, expression, wait=False):
        reply = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                               "awaitPromise": wait})
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise RuntimeError(json.dumps(details.get("exception", {}).get("description") or details)[:2000])
        return reply["result"].get("value")

    def close(self):
        self.raw.close()
        self.server.shutdown()
