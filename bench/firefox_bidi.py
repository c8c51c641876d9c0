"""What firefox-esr's WebDriver BiDi costs, measured with a raw client (the floor, as raw_cdp.py
is for Chromium) beside raw CDP on chromium-headless-shell for the same operations:
cold start, memory, script.evaluate / script.callFunction on a node against Runtime.evaluate /
Runtime.callFunctionOn, and a screenshot. Stdlib only: a minimal WebSocket client below.

    flock /tmp/lab-cpu.lock python3 bench/firefox_bidi.py [ROUNDS]

The Firefox gets the profile preferences of Sources/WebDriverBiDi (read from
FirefoxProfile.swift), so this measures the browser FirefoxBrowser launches."""
import base64, json, os, re, shutil, signal, socket, statistics, struct, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from rawcdp import Raw  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 300
FIREFOX = os.environ.get("LAB_FIREFOX") or shutil.which("firefox-esr") or "/usr/lib/firefox-esr/firefox-esr"
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
PAGE = "<title>t</title>" + "".join(f"<button id='b{i}'>Button {i}</button>" for i in range(20))


def preferences():
    source = open(os.path.join(HERE, "../Sources/WebDriverBiDi/Browser/FirefoxProfile.swift")).read()
    lines = []
    for name, kind, value in re.findall(r'\("([^"]+)", \.(bool|int|string)\((.*?)\)\)', source):
        lines.append(f"user_pref({json.dumps(name)}, {value});")
    return "\n".join(lines) + "\n"


class WebSocket:
    def __init__(self, url):
        hostport, _, path = url[len("ws://"):].partition("/")
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert b" 101 " in head.split(b"\r\n")[0], head

    def send(self, text):
        data, mask = text.encode(), os.urandom(4)
        n = len(data)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536
                                  else bytes([0x80 | 127]) + struct.pack(">Q", n))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(header + mask + masked)

    def take(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive(self):
        message = b""
        while True:
            b0, b1 = self.take(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self.take(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self.take(8))[0]
            message += self.take(n)
            if b0 & 0x80:
                return json.loads(message)


class BiDi:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="lab-firefox-bench-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            f.write(preferences())
        started = time.perf_counter()
        self.proc = subprocess.Popen([FIREFOX, "--headless", "--remote-debugging-port=0", "--profile", self.profile, "--no-remote"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     start_new_session=True, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        url = None
        for line in self.proc.stderr:
            match = re.search(rb"WebDriver BiDi listening on (ws://\S+)", line)
            if match:
                url = match.group(1).decode()
                break
        self.announced = time.perf_counter() - started
        self.ws = WebSocket(url + "/session")
        self.next_id = 0
        self.call("session.new", {"capabilities": {}})
        self.started = time.perf_counter() - started

    def call(self, method, params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = self.ws.receive()
            if reply.get("id") == self.next_id:
                if reply.get("type") == "error":
                    raise RuntimeError(f"{method}: {reply['error']}: {reply.get('message')}")
                return reply["result"]

    def pss_mb(self):
        total = 0
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                if int(open(f"/proc/{name}/stat").read().rsplit(")", 1)[1].split()[2]) != self.proc.pid:
                    continue
                total += int(re.search(r"Pss:\s+(\d+)", open(f"/proc/{name}/smaps_rollup").read()).group(1))
            except (OSError, ValueError, AttributeError, IndexError):
                pass
        return total / 1024

    def group_size(self):
        return sum(1 for name in os.listdir("/proc") if name.isdigit() and os.path.exists(f"/proc/{name}/stat")
                   and open(f"/proc/{name}/stat").read().rsplit(")", 1)[1].split()[2] == str(self.proc.pid))

    def close(self):
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def timed(function, rounds=ROUNDS):
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        function()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return f"median {statistics.median(samples):.2f} ms, p90 {samples[int(len(samples) * 0.9)]:.2f} ms"


def firefox():
    starts = []
    for _ in range(3):
        browser = BiDi()
        starts.append((browser.announced, browser.started))
        browser.close()
    print("firefox-esr cold start (endpoint announced / session.new answered):",
          ", ".join(f"{a * 1000:.0f}/{s * 1000:.0f} ms" for a, s in starts))
    browser = BiDi()
    try:
        context = browser.call("browsingContext.create", {"type": "tab"})["context"]
        started = time.perf_counter()
        browser.call("browsingContext.navigate", {"context": context, "url": "data:text/html," + PAGE, "wait": "complete"})
        print(f"navigate (data: page, wait complete): {(time.perf_counter() - started) * 1000:.1f} ms")
        target = {"context": context}
        node = browser.call("browsingContext.locateNodes", {"context": context, "locator": {"type": "css", "value": "#b7"}})["nodes"][0]
        reference = {"sharedId": node["sharedId"]}
        print("script.evaluate 1+1:", timed(lambda: browser.call("script.evaluate", {"expression": "1+1", "target": target, "awaitPromise": False})))
        print("script.callFunction on a node (sharedId):", timed(lambda: browser.call("script.callFunction", {
            "functionDeclaration": "(e) => e.getBoundingClientRect().width", "target": target, "awaitPromise": False, "arguments": [reference]})))
        print("browsingContext.locateNodes css:", timed(lambda: browser.call("browsingContext.locateNodes", {
            "context": context, "locator": {"type": "css", "value": "button"}})))
        print("browsingContext.locateNodes accessibility role+name:", timed(lambda: browser.call("browsingContext.locateNodes", {
            "context": context, "locator": {"type": "accessibility", "value": {"role": "button", "name": "Button 7"}}}), rounds=50))
        print("input.performActions click:", timed(lambda: browser.call("input.performActions", {"context": context, "actions": [
            {"type": "pointer", "id": "m", "actions": [{"type": "pointerMove", "x": 20, "y": 10}, {"type": "pointerDown", "button": 0},
                                                        {"type": "pointerUp", "button": 0}]}]}), rounds=50))
        print("captureScreenshot (viewport):", timed(lambda: browser.call("browsingContext.captureScreenshot", {"context": context}), rounds=20))
        def fresh_context():
            user_context = browser.call("browser.createUserContext", {})["userContext"]
            tab = browser.call("browsingContext.create", {"type": "tab", "userContext": user_context})["context"]
            browser.call("browsingContext.navigate", {"context": tab, "url": "data:text/html," + PAGE, "wait": "complete"})
            browser.call("browser.removeUserContext", {"userContext": user_context})
        print("fresh user context + tab + navigate + remove (per-test isolation):", timed(fresh_context, rounds=20))
        time.sleep(1)
        print(f"memory: {browser.group_size()} processes, PSS {browser.pss_mb():.0f} MB (one tab, a small page)")
    finally:
        browser.close()


def chromium():
    raw = Raw(CHROMIUM, ["--headless", "--no-sandbox", "--remote-debugging-pipe", "--user-data-dir=PROFILE", "about:blank"])
    try:
        target = raw.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = raw.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        raw.call("Page.enable", {}, session)
        raw.call("Page.navigate", {"url": "data:text/html," + PAGE}, session)
        raw.wait_event("Page.loadEventFired", session)
        node = raw.call("Runtime.evaluate", {"expression": "document.querySelector('#b7')"}, session)["result"]["objectId"]
        print("CDP Runtime.evaluate 1+1:", timed(lambda: raw.call("Runtime.evaluate", {"expression": "1+1"}, session)))
        print("CDP Runtime.callFunctionOn on a node (objectId):", timed(lambda: raw.call("Runtime.callFunctionOn", {
            "functionDeclaration": "function () { return this.getBoundingClientRect().width }", "objectId": node, "returnByValue": True}, session)))
    finally:
        raw.close()


if __name__ == "__main__":
    print(f"load before: {os.getloadavg()[0]:.2f}")
    firefox()
    if os.path.exists(CHROMIUM):
        chromium()
    print(f"load after: {os.getloadavg()[0]:.2f}")
