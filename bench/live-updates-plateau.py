#!/usr/bin/env python3
# One unread update stream on a store of 2,000 messages of 1 KB, then a POST every 300 ms for
# 40 s: `lab serve`'s RSS every 5 s. usage: bench/live-updates-plateau.py LAB_BINARY
import tempfile, json, os, signal, socket, subprocess, sys, time, urllib.request
from concurrent.futures import ThreadPoolExecutor
from labproc import start_lab, post_message
lab = sys.argv[1]
p, port = start_lab(lab, "serve")
def post(i):
    post_message(port, f"u{i % 20}", str(i), "x" * 1000)
def rss():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1]) // 1024
with ThreadPoolExecutor(8) as ex: list(ex.map(post, range(2000)))
u = socket.create_connection(("127.0.0.1", port))
u.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
u.send(b"GET /messages/all/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
time.sleep(2)
samples = [rss()]; start = time.time(); i = 2000
while time.time() - start < 40:
    post(i); i += 1; time.sleep(0.3)
    if time.time() - start >= 5 * len(samples): samples.append(rss())
print("RSS MiB every 5 s:", samples, f"({i - 2000} posts)")
p.send_signal(signal.SIGTERM); p.wait(30)
