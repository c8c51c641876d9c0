#!/usr/bin/env python3
# CPU of `lab serve` with N idle update streams, and RSS with one unread stream under posts.
# usage: bench/live-updates.py LAB_BINARY
import tempfile, json, os, selectors, signal, socket, subprocess, sys, threading, time, urllib.request
from concurrent.futures import ThreadPoolExecutor
from labproc import start_lab, post_message
lab = sys.argv[1]
p, port = start_lab(lab, "serve")
def post(i, size=100):
    post_message(port, f"u{i % 20}", str(i), "x" * size)
def cpu():
    f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def rss():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1]) // 1024
with ThreadPoolExecutor(8) as ex: list(ex.map(post, range(1000)))
# N streams, drained by one thread.
N = 100
sel = selectors.DefaultSelector()
streams = []
for _ in range(N):
    s = socket.create_connection(("127.0.0.1", port)); s.setblocking(False)
    s.send(b"GET /messages/all/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    sel.register(s, selectors.EVENT_READ); streams.append(s)
stop = False
def drain():
    while not stop:
        for key, _ in sel.select(0.2):
            try: key.fileobj.recv(1 << 20)
            except BlockingIOError: pass
threading.Thread(target=drain, daemon=True).start()
time.sleep(3)
c0, t0 = cpu(), time.time(); time.sleep(10)
print(f"{N} idle streams, 1,000 messages: server CPU {100 * (cpu() - c0) / (time.time() - t0):.0f}% of one core over 10 s")
t = time.time(); urllib.request.urlopen(f"http://127.0.0.1:{port}/proto/messages/u1").read()
print(f"  a GET beside them: {1000 * (time.time() - t):.0f} ms")
stop = True; time.sleep(0.5)
for s in streams: s.close()
time.sleep(6)
# One unread stream while 3,000 messages of 500 bytes are posted.
u = socket.create_connection(("127.0.0.1", port))
u.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
u.send(b"GET /messages/all/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
time.sleep(1)
base = rss(); peak = base; done = False
def sample():
    global peak
    while not done: peak = max(peak, rss()); time.sleep(0.2)
threading.Thread(target=sample, daemon=True).start()
t = time.time()
with ThreadPoolExecutor(16) as ex: list(ex.map(lambda i: post(i, 500), range(3000)))
time.sleep(5); done = True; time.sleep(0.3)
print(f"one unread stream, 3,000 posts of 500 bytes in {time.time() - t - 5:.0f} s: RSS {base} MiB -> peak {peak} MiB (+{peak - base}), {rss()} MiB 5 s after")
p.send_signal(signal.SIGTERM); p.wait(30)
