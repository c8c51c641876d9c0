"""A minimal raw CDP client over --remote-debugging-pipe, shared by the benchmark floors
(raw_cdp.py, journey_raw.py): blocking pipe I/O, one call at a time, no abstractions."""
import json, os, shutil, subprocess, tempfile


class Raw:
    """Starts BROWSER with ARGUMENTS (\"PROFILE\" stands for a fresh profile directory)."""

    def __init__(self, browser, arguments):
        self.profile = tempfile.mkdtemp(prefix="rawcdp-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def child():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        arguments = [argument.replace("PROFILE", self.profile) for argument in arguments]
        self.proc = subprocess.Popen([browser, *arguments], pass_fds=(3, 4), preexec_fn=child,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []  # events read while waiting for a reply, in order

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
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result")
            if "method" in reply:
                self.events.append(reply)

    def calls(self, commands, session=None):
        """Sends every (method, params) of `commands` at once, then reads their replies: the
        browser runs them one after another, with no round trip in between. Returns the results
        in order."""
        first = self.next_id + 1
        for method, params in commands:
            self.next_id += 1
            message = {"id": self.next_id, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        results = {}
        while len(results) < len(commands):
            reply = self.read_message()
            if first <= reply.get("id", 0) <= self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{commands[reply['id'] - first][0]}: {reply['error']}")
                results[reply["id"]] = reply.get("result")
            elif "method" in reply:
                self.events.append(reply)
        return [results[i] for i in range(first, self.next_id + 1)]

    def wait_event(self, method, session):
        while True:
            while self.events:
                event = self.events.pop(0)
                if event.get("method") == method and event.get("sessionId") == session:
                    return event
            self.events.append(self.read_message())

    def close(self):
        try:
            self.call("Browser.close")
        except EOFError:
            pass
        self.proc.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
