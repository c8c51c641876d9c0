#!/usr/bin/env python3
# An ordinary GET beside two clients that loop on heavy GETs (250 messages of 4,000 x U+0001:
# 6 MB of JSON each) against `lab messages-api`. usage: bench/heavy-gets.py LAB_BINARY
import json, os, signal, socket, subprocess, sys, tempfile, threading, time, urllib.request
db = os.path.join(tempfile.mkdtemp(), "h.sqlite")
p = subprocess.Popen([sys.argv[1], "messages-api", "--port", "0", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = None
while port is None:
    line = p.stdout.readline()
    if line.startswith("listening on http://"): port = int(line.strip().rsplit(":", 1)[1])
text = "\u0001" * 4000
for i in range(250):
    body = json.dumps({"user": "u", "operation": "add_message", "subject": str(i), "message": text}).encode()
    urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/proto/messages", data=body, headers={"Content-Type": "application/json"})).read()
stop = False
def heavy():
    while not stop:
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/proto/messages?limit=10000", timeout=120).read()
        except Exception: pass  # cut by the shutdown at the end
for _ in range(2): threading.Thread(target=heavy, daemon=True).start()
time.sleep(2)
lat = []
for _ in range(20):
    t = time.time(); urllib.request.urlopen(f"http://127.0.0.1:{port}/proto/messages/nobody", timeout=60).read(); lat.append(1000 * (time.time() - t)); time.sleep(0.1)
lat.sort(); print(f"GET beside 2 heavy GETs: p50 {lat[10]:.0f} ms, max {lat[-1]:.0f} ms")
stop = True; p.send_signal(signal.SIGTERM); p.wait(60)
