#!/usr/bin/env python3
# SIGTERM to `lab messages-api` while 20 clients hold unread big answers (250 messages of
# 4,000 x U+0001: 6 MB of JSON each). usage: sigterm-heavy.py LAB_BINARY [SECONDS_TO_WAIT]
import tempfile, json, os, signal, socket, subprocess, sys, time, urllib.request
from labproc import start_lab, post_message
p, port = start_lab(sys.argv[1], "messages-api", quiet=False)
text = "\u0001" * 4000
for i in range(250):
    post_message(port, "u", str(i), text)
socks = []
for _ in range(20):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(f"GET /proto/messages?limit=10000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    socks.append(s)
time.sleep(0.5)
t = time.time()
p.send_signal(signal.SIGTERM)
try:
    rc = p.wait(timeout=float(sys.argv[2]) if len(sys.argv) > 2 else 20)
    print("exited", rc, "after", round(time.time() - t, 2), "s")
except subprocess.TimeoutExpired:
    print("STILL RUNNING after", round(time.time() - t, 2), "s; pid", p.pid)
    os.system(f"gdb -p {p.pid} -batch -ex 'thread apply all bt 25' > gdb-sigterm.txt 2>&1")
    p.kill()
    print("killed")
